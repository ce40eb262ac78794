/*
 * registry.c: THE table of algorithms.  Adding an algorithm means adding
 * one row here; nothing else switches on the algorithm.  A row on a
 * construction the library has (Merkle-Damgard, the Keccak sponge) names
 * its shape, a kernel family and its vectors; the code is shared.
 *
 * The self-test vectors are FreeBSD md5(1)'s -x strings plus one million
 * 'a'; their digests are the published values of each algorithm.
 */
#include <errno.h>
#include <stddef.h>

#include "mds_int.h"

#define ALNUM	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
#define DIGITS80 "1234567890123456789012345678901234567890" \
		"1234567890123456789012345678901234567890"
#define BROKEN	"MD5 has not yet (2001-09-03) been broken, but sufficient " \
		"attacks have been made that its security is in some doubt"

static const struct mds_vector md5_vectors[] = {
	{ "", 1,
	    "d41d8cd98f00b204e9800998ecf8427e" },
	{ "a", 1,
	    "0cc175b9c0f1b6a831c399e269772661" },
	{ "abc", 1,
	    "900150983cd24fb0d6963f7d28e17f72" },
	{ "message digest", 1,
	    "f96b697d7cb7938d525a2f31aaf161d0" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "c3fcd3d76192e4007dfb496cca67e13b" },
	{ ALNUM, 1,
	    "d174ab98d277d9f5a5611c2c9f419d9f" },
	{ DIGITS80, 1,
	    "57edf4a22be3c955ac49da2e2107b67a" },
	{ BROKEN, 1,
	    "b50663f41d44d92171cb9976bc118538" },
	{ "a", 1000000,
	    "7707d6ae4e027c70eea2a935c2296f21" },
	{ NULL, 0, NULL }
};

static const struct mds_vector sha1_vectors[] = {
	{ "", 1,
	    "da39a3ee5e6b4b0d3255bfef95601890afd80709" },
	{ "a", 1,
	    "86f7e437faa5a7fce15d1ddcb9eaeaea377667b8" },
	{ "abc", 1,
	    "a9993e364706816aba3e25717850c26c9cd0d89d" },
	{ "message digest", 1,
	    "c12252ceda8be8994d5fa0290a47231c1d16aae3" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "32d10c7b8cf96570ca04ce37f2a19d84240d3a89" },
	{ ALNUM, 1,
	    "761c457bf73b14d27e9e9265c46f4b4dda11f940" },
	{ DIGITS80, 1,
	    "50abf5706a150990a08b2c5ea40fa0e585554732" },
	{ BROKEN, 1,
	    "18eca4333979c4181199b7b4fab8786d16cf2846" },
	{ "a", 1000000,
	    "34aa973cd4c4daa4f61eeb2bdbad27316534016f" },
	{ NULL, 0, NULL }
};

static const struct mds_vector sha256_vectors[] = {
	{ "", 1,
	    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
	{ "a", 1,
	    "ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb" },
	{ "abc", 1,
	    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
	{ "message digest", 1,
	    "f7846f55cf23e14eebeab5b4e1550cad5b509e3348fbc4efa3a1413d393cb650" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "71c480df93d6ae2f1efad1447c66c9525e316218cf51fc8d9ed832f2daf18b73" },
	{ ALNUM, 1,
	    "db4bfcbd4da0cd85a60c3c37d3fbd8805c77f15fc6b1fdfe614ee0a7c8fdb4c0" },
	{ DIGITS80, 1,
	    "f371bc4a311f2b009eef952dd83ca80e2b60026c8e935592d0f9c308453c813e" },
	{ BROKEN, 1,
	    "e6eae09f10ad4122a0e2a4075761d185a272ebd9f5aa489e998ff2f09cbfdd9f" },
	{ "a", 1000000,
	    "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0" },
	{ NULL, 0, NULL }
};

static const struct mds_vector sha512_vectors[] = {
	{ "", 1,
	    "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
	    "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e" },
	{ "a", 1,
	    "1f40fc92da241694750979ee6cf582f2d5d7d28e18335de05abc54d0560e0f53"
	    "02860c652bf08d560252aa5e74210546f369fbbbce8c12cfc7957b2652fe9a75" },
	{ "abc", 1,
	    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
	    "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f" },
	{ "message digest", 1,
	    "107dbf389d9e9f71a3a95f6c055b9251bc5268c2be16d6c13492ea45b0199f33"
	    "09e16455ab1e96118e8a905d5597b72038ddb372a89826046de66687bb420e7c" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "4dbff86cc2ca1bae1e16468a05cb9881c97f1753bce3619034898faa1aabe429"
	    "955a1bf8ec483d7421fe3c1646613a59ed5441fb0f321389f77f48a879c7b1f1" },
	{ ALNUM, 1,
	    "1e07be23c26a86ea37ea810c8ec7809352515a970e9253c26f536cfc7a9996c4"
	    "5c8370583e0a78fa4a90041d71a4ceab7423f19c71b9d5a3e01249f0bebd5894" },
	{ DIGITS80, 1,
	    "72ec1ef1124a45b047e8b7c75a932195135bb61de24ec0d1914042246e0aec3a"
	    "2354e093d76f3048b456764346900cb130d2a4fd5dd16abb5e30bcb850dee843" },
	{ BROKEN, 1,
	    "e8a835195e039708b13d9131e025f4441dbdc521ce625f245a436dcd762f54bf"
	    "5cb298d96235e6c6a304e087ec8189b9512cbdf6427737ea82793460c367b9c3" },
	{ "a", 1000000,
	    "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
	    "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b" },
	{ NULL, 0, NULL }
};

static const struct mds_vector sha512h_vectors[] = {
	{ "", 1,
	    "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce" },
	{ "a", 1,
	    "1f40fc92da241694750979ee6cf582f2d5d7d28e18335de05abc54d0560e0f53" },
	{ "abc", 1,
	    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a" },
	{ "message digest", 1,
	    "107dbf389d9e9f71a3a95f6c055b9251bc5268c2be16d6c13492ea45b0199f33" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "4dbff86cc2ca1bae1e16468a05cb9881c97f1753bce3619034898faa1aabe429" },
	{ ALNUM, 1,
	    "1e07be23c26a86ea37ea810c8ec7809352515a970e9253c26f536cfc7a9996c4" },
	{ DIGITS80, 1,
	    "72ec1ef1124a45b047e8b7c75a932195135bb61de24ec0d1914042246e0aec3a" },
	{ BROKEN, 1,
	    "e8a835195e039708b13d9131e025f4441dbdc521ce625f245a436dcd762f54bf" },
	{ "a", 1000000,
	    "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb" },
	{ NULL, 0, NULL }
};

static const struct mds_vector sha3_256_vectors[] = {
	{ "", 1,
	    "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a" },
	{ "a", 1,
	    "80084bf2fba02475726feb2cab2d8215eab14bc6bdd8bfb2c8151257032ecd8b" },
	{ "abc", 1,
	    "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532" },
	{ "message digest", 1,
	    "edcdb2069366e75243860c18c3a11465eca34bce6143d30c8665cefcfd32bffd" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "7cab2dc765e21b241dbc1c255ce620b29f527c6d5e7f5f843e56288f0d707521" },
	{ ALNUM, 1,
	    "a79d6a9da47f04a3b9a9323ec9991f2105d4c78a7bc7beeb103855a7a11dfb9f" },
	{ DIGITS80, 1,
	    "293e5ce4ce54ee71990ab06e511b7ccd62722b1beb414f5ff65c8274e0f5be1d" },
	{ BROKEN, 1,
	    "dde69665739fb1faf226277d40c2ddc6f6efcc9b70deb88e47c3301814c28553" },
	{ "a", 1000000,
	    "5c8875ae474a3634ba4fd55ec85bffd661f32aca75c6d699d0cdcb6c115891c1" },
	{ NULL, 0, NULL }
};

static const struct mds_vector keccak256_vectors[] = {
	{ "", 1,
	    "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470" },
	{ "a", 1,
	    "3ac225168df54212a25c1c01fd35bebfea408fdac2e31ddd6f80a4bbf9a5f1cb" },
	{ "abc", 1,
	    "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45" },
	{ "message digest", 1,
	    "856ab8a3ad0f6168a4d0ba8d77487243f3655db6fc5b0e1669bc05b1287e0147" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "9230175b13981da14d2f3334f321eb78fa0473133f6da3de896feb22fb258936" },
	{ ALNUM, 1,
	    "6e61c013aef4c6765389ffcd406dd72e7e061991f4a3a8018190db86bd21ebb4" },
	{ DIGITS80, 1,
	    "1523a0cd0e7e1faaba17e1c12210fabc49fa99a7abc061e3d6c978eef4f748c4" },
	{ BROKEN, 1,
	    "d6261c0c8e915e0dfd60e8f5f33f59ce6fd3531561ffa16dc9e9184f0b32bc19" },
	{ "a", 1000000,
	    "fadae6b49f129bbb812be8407b7b2894f34aecf6dbd1f9b0f0c7e9853098fc96" },
	{ NULL, 0, NULL }
};
static const struct mds_vector sha224_vectors[] = {
	{ "", 1,
	    "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f" },
	{ "a", 1,
	    "abd37534c7d9a2efb9465de931cd7055ffdb8879563ae98078d6d6d5" },
	{ "abc", 1,
	    "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7" },
	{ "message digest", 1,
	    "2cb21c83ae2f004de7e81c3c7019cbcb65b71ab656b22d6d0c39b8eb" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "45a5f72c39c5cff2522eb3429799e49e5f44b356ef926bcf390dccc2" },
	{ ALNUM, 1,
	    "bff72b4fcb7d75e5632900ac5f90d219e05e97a7bde72e740db393d9" },
	{ DIGITS80, 1,
	    "b50aecbe4e9bb0b57bc5f3ae760a8e01db24f203fb3cdcd13148046e" },
	{ BROKEN, 1,
	    "5ae55f3779c8a1204210d7ed7689f661fbe140f96f272ab79e19d470" },
	{ "a", 1000000,
	    "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67" },
	{ NULL, 0, NULL }
};

static const struct mds_vector sha384_vectors[] = {
	{ "", 1,
	    "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da"
	    "274edebfe76f65fbd51ad2f14898b95b" },
	{ "a", 1,
	    "54a59b9f22b0b80880d8427e548b7c23abd873486e1f035dce9cd697e8517503"
	    "3caa88e6d57bc35efae0b5afd3145f31" },
	{ "abc", 1,
	    "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
	    "8086072ba1e7cc2358baeca134c825a7" },
	{ "message digest", 1,
	    "473ed35167ec1f5d8e550368a3db39be54639f828868e9454c239fc8b52e3c61"
	    "dbd0d8b4de1390c256dcbb5d5fd99cd5" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "feb67349df3db6f5924815d6c3dc133f091809213731fe5c7b5f4999e463479f"
	    "f2877f5f2936fa63bb43784b12f3ebb4" },
	{ ALNUM, 1,
	    "1761336e3f7cbfe51deb137f026f89e01a448e3b1fafa64039c1464ee8732f11"
	    "a5341a6f41e0c202294736ed64db1a84" },
	{ DIGITS80, 1,
	    "b12932b0627d1c060942f5447764155655bd4da0c9afa6dd9b9ef53129af1b8f"
	    "b0195996d2de9ca0df9d821ffee67026" },
	{ BROKEN, 1,
	    "99428d401bf4abcd4ee0695248c9858b7503853acfae21a9cffa7855f46d1395"
	    "ef38596fcd06d5a8c32d41a839cc5dfb" },
	{ "a", 1000000,
	    "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b"
	    "07b8b3dc38ecc4ebae97ddd87f3d8985" },
	{ NULL, 0, NULL }
};

static const struct mds_vector sha512_224_vectors[] = {
	{ "", 1,
	    "6ed0dd02806fa89e25de060c19d3ac86cabb87d6a0ddd05c333b84f4" },
	{ "a", 1,
	    "d5cdb9ccc769a5121d4175f2bfdd13d6310e0d3d361ea75d82108327" },
	{ "abc", 1,
	    "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa" },
	{ "message digest", 1,
	    "ad1a4db188fe57064f4f24609d2a83cd0afb9b398eb2fcaeaae2c564" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "ff83148aa07ec30655c1b40aff86141c0215fe2a54f767d3f38743d8" },
	{ ALNUM, 1,
	    "a8b4b9174b99ffc67d6f49be9981587b96441051e16e6dd036b140d3" },
	{ DIGITS80, 1,
	    "ae988faaa47e401a45f704d1272d99702458fea2ddc6582827556dd2" },
	{ BROKEN, 1,
	    "b3c3b945249b0c8c94aba76ea887bcaad5401665a1fbeb384af4d06b" },
	{ "a", 1000000,
	    "37ab331d76f0d36de422bd0edeb22a28accd487b7a8453ae965dd287" },
	{ NULL, 0, NULL }
};

static const struct mds_vector sha512_256_vectors[] = {
	{ "", 1,
	    "c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a" },
	{ "a", 1,
	    "455e518824bc0601f9fb858ff5c37d417d67c2f8e0df2babe4808858aea830f8" },
	{ "abc", 1,
	    "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23" },
	{ "message digest", 1,
	    "0cf471fd17ed69d990daf3433c89b16d63dec1bb9cb42a6094604ee5d7b4e9fb" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "fc3189443f9c268f626aea08a756abe7b726b05f701cb08222312ccfd6710a26" },
	{ ALNUM, 1,
	    "cdf1cc0effe26ecc0c13758f7b4a48e000615df241284185c39eb05d355bb9c8" },
	{ DIGITS80, 1,
	    "2c9fdbc0c90bdd87612ee8455474f9044850241dc105b1e8b94b8ddf5fac9148" },
	{ BROKEN, 1,
	    "dd095fc859b336c30a52548b3dc59fcc0d1be8616ebcf3368fad23107db2d736" },
	{ "a", 1000000,
	    "9a59a052930187a97038cae692f30708aa6491923ef5194394dc68d56c74fb21" },
	{ NULL, 0, NULL }
};

static const struct mds_vector sha3_224_vectors[] = {
	{ "", 1,
	    "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7" },
	{ "a", 1,
	    "9e86ff69557ca95f405f081269685b38e3a819b309ee942f482b6a8b" },
	{ "abc", 1,
	    "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf" },
	{ "message digest", 1,
	    "18768bb4c48eb7fc88e5ddb17efcf2964abd7798a39d86a4b4a1e4c8" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "5cdeca81e123f87cad96b9cba999f16f6d41549608d4e0f4681b8239" },
	{ ALNUM, 1,
	    "a67c289b8250a6f437a20137985d605589a8c163d45261b15419556e" },
	{ DIGITS80, 1,
	    "0526898e185869f91b3e2a76dd72a15dc6940a67c8164a044cd25cc8" },
	{ BROKEN, 1,
	    "5b6290aa6dac83ff16691103c10f0e9888e35b58f93c93a8547fcf38" },
	{ "a", 1000000,
	    "d69335b93325192e516a912e6d19a15cb51c6ed5c15243e7a7fd653c" },
	{ NULL, 0, NULL }
};

static const struct mds_vector sha3_384_vectors[] = {
	{ "", 1,
	    "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2a"
	    "c3713831264adb47fb6bd1e058d5f004" },
	{ "a", 1,
	    "1815f774f320491b48569efec794d249eeb59aae46d22bf77dafe25c5edc28d7"
	    "ea44f93ee1234aa88f61c91912a4ccd9" },
	{ "abc", 1,
	    "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b2"
	    "98d88cea927ac7f539f1edf228376d25" },
	{ "message digest", 1,
	    "d9519709f44af73e2c8e291109a979de3d61dc02bf69def7fbffdfffe6627515"
	    "13f19ad57e17d4b93ba1e484fc1980d5" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "fed399d2217aaf4c717ad0c5102c15589e1c990cc2b9a5029056a7f7485888d6"
	    "ab65db2370077a5cadb53fc9280d278f" },
	{ ALNUM, 1,
	    "d5b972302f5080d0830e0de7b6b2cf383665a008f4c4f386a61112652c742d20"
	    "cb45aa51bd4f542fc733e2719e999291" },
	{ DIGITS80, 1,
	    "3c213a17f514638acb3bf17f109f3e24c16f9f14f085b52a2f2b81adc0db83df"
	    "1a58db2ce013191b8ba72d8fae7e2a5e" },
	{ BROKEN, 1,
	    "6ad24ced95fe038fdb037023b0cfefb074885d44d95d33e7ed2c95e6fdaefcb4"
	    "42a7859b313de2ef5692a8dc986a76f8" },
	{ "a", 1000000,
	    "eee9e24d78c1855337983451df97c8ad9eedf256c6334f8e948d252d5e0e7684"
	    "7aa0774ddb90a842190d2c558b4b8340" },
	{ NULL, 0, NULL }
};

static const struct mds_vector sha3_512_vectors[] = {
	{ "", 1,
	    "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
	    "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26" },
	{ "a", 1,
	    "697f2d856172cb8309d6b8b97dac4de344b549d4dee61edfb4962d8698b7fa80"
	    "3f4f93ff24393586e28b5b957ac3d1d369420ce53332712f997bd336d09ab02a" },
	{ "abc", 1,
	    "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
	    "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0" },
	{ "message digest", 1,
	    "3444e155881fa15511f57726c7d7cfe80302a7433067b29d59a71415ca9dd141"
	    "ac892d310bc4d78128c98fda839d18d7f0556f2fe7acb3c0cda4bff3a25f5f59" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "af328d17fa28753a3c9f5cb72e376b90440b96f0289e5703b729324a975ab384"
	    "eda565fc92aaded143669900d761861687acdc0a5ffa358bd0571aaad80aca68" },
	{ ALNUM, 1,
	    "d1db17b4745b255e5eb159f66593cc9c143850979fc7a3951796aba80165aab5"
	    "36b46174ce19e3f707f0e5c6487f5f03084bc0ec9461691ef20113e42ad28163" },
	{ DIGITS80, 1,
	    "9524b9a5536b91069526b4f6196b7e9475b4da69e01f0c855797f224cd7335dd"
	    "b286fd99b9b32ffe33b59ad424cc1744f6eb59137f5fb8601932e8a8af0ae930" },
	{ BROKEN, 1,
	    "47c45332dd24bc37cbb79fb7e4fadc4b2943ebea936525ebef59f96933eae516"
	    "5177b94c2665b62062d1412800c31f5eb997b3be5589cf141f67c419ec86f6e0" },
	{ "a", 1000000,
	    "3c3a876da14034ab60627c077bb98f7e120a2a5370212dffb3385a18d4f38859"
	    "ed311d0a9d5141ce9cc5c66ee689b266a8aa18ace8282a0e0db596c90b0a7b87" },
	{ NULL, 0, NULL }
};

/* SM3: from coreutils cksum -a sm3; "abc" is GB/T 32905-2016 example 1. */
static const struct mds_vector sm3_vectors[] = {
	{ "", 1,
	    "1ab21d8355cfa17f8e61194831e81a8f22bec8c728fefb747ed035eb5082aa2b" },
	{ "a", 1,
	    "623476ac18f65a2909e43c7fec61b49c7e764a91a18ccb82f1917a29c86c5e88" },
	{ "abc", 1,
	    "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0" },
	{ "message digest", 1,
	    "c522a942e89bd80d97dd666e7a5531b36188c9817149e9b258dfe51ece98ed77" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "b80fe97a4da24afc277564f66a359ef440462ad28dcc6d63adb24d5c20a61595" },
	{ ALNUM, 1,
	    "2971d10c8842b70c979e55063480c50bacffd90e98e2e60d2512ab8abfdfcec5" },
	{ DIGITS80, 1,
	    "ad81805321f3e69d251235bf886a564844873b56dd7dde400f055b7dde39307a" },
	{ BROKEN, 1,
	    "693671f37fa3c477ce74afecd224fa788fe956798eee326be2f8ffe092cba40f" },
	{ "a", 1000000,
	    "c8aaf89429554029e231941a2acc0ad61ff2a5acd8fadd25847a3a732b3b02c3" },
	{ NULL, 0, NULL }
};

static const struct mds_vector blake2b_vectors[] = {
	{ "", 1,
	    "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419"
	    "d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce" },
	{ "a", 1,
	    "333fcb4ee1aa7c115355ec66ceac917c8bfd815bf7587d325aec1864edd24e34"
	    "d5abe2c6b1b5ee3face62fed78dbef802f2a85cb91d455a8f5249d330853cb3c" },
	{ "abc", 1,
	    "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
	    "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923" },
	{ "message digest", 1,
	    "3c26ce487b1c0f062363afa3c675ebdbf5f4ef9bdc022cfbef91e3111cdc2838"
	    "40d8331fc30a8a0906cff4bcdbcd230c61aaec60fdfad457ed96b709a382359a" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "c68ede143e416eb7b4aaae0d8e48e55dd529eafed10b1df1a61416953a2b0a56"
	    "66c761e7d412e6709e31ffe221b7a7a73908cb95a4d120b8b090a87d1fbedb4c" },
	{ ALNUM, 1,
	    "99964802e5c25e703722905d3fb80046b6bca698ca9e2cc7e49b4fe1fa087c2e"
	    "df0312dfbb275cf250a1e542fd5dc2edd313f9c491127c2e8c0c9b24168e2d50" },
	{ DIGITS80, 1,
	    "686f41ec5afff6e87e1f076f542aa466466ff5fbde162c48481ba48a748d8427"
	    "99f5b30f5b67fc684771b33b994206d05cc310f31914edd7b97e41860d77d282" },
	{ BROKEN, 1,
	    "f4a25ca8a63e2eddaa623b7538d356316819dfda2d34cbb9c694843df3628c60"
	    "92ebac0f9b073a4631ad3122cd2e62bf3f661fbc9e4e67cc86a595d1661beba4" },
	{ "a", 1000000,
	    "98fb3efb7206fd19ebf69b6f312cf7b64e3b94dbe1a17107913975a793f177e1"
	    "d077609d7fba363cbba00d05f7aa4e4fa8715d6428104c0a75643b0ff3fd3eaf" },
	{ NULL, 0, NULL }
};

/* BLAKE3: from b3sum 1.2 (the reference implementation's program). */
static const struct mds_vector blake3_vectors[] = {
	{ "", 1,
	    "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262" },
	{ "a", 1,
	    "17762fddd969a453925d65717ac3eea21320b66b54342fde15128d6caf21215f" },
	{ "abc", 1,
	    "6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85" },
	{ "message digest", 1,
	    "7bc2a2eeb95ddbf9b7ecf6adcb76b453091c58dc43955e1d9482b1942f08d19b" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "2468eec8894acfb4e4df3a51ea916ba115d48268287754290aae8e9e6228e85f" },
	{ ALNUM, 1,
	    "8bee3200baa9f3a1acd279f049f914f110e730555ff15109bd59cdd73895e239" },
	{ DIGITS80, 1,
	    "f263acf51621980b9c8de5da4a17d314984e05abe4a21cc83a07fe3e1e366dd1" },
	{ BROKEN, 1,
	    "8261349e333af006917d8a3b889cd13974dd8e018dc2a5de444d2b8d9a24033f" },
	{ "a", 1000000,
	    "616f575a1b58d4c9797d4217b9730ae5e6eb319d76edef6549b46f4efe31ff8b" },
	{ NULL, 0, NULL }
};

/* The shorter BLAKE2b rows have no vectors of their own here. */
static const struct mds_vector no_vectors[] = {
	{ NULL, 0, NULL }
};

/*
 * cksum(1) and sum(1): the checksum is the digest, as a big-endian number
 * (crc: cksum's value, length and complement included; crc32b: zlib's
 * crc32; sysv: sum -s; bsd: sum -r), from those programs and Python's
 * zlib.  "123456789" gives the published check values.
 */
static const struct mds_vector cksum_vectors[] = {
	{ "", 1, "ffffffff" },
	{ "a", 1, "48c279fe" },
	{ "abc", 1, "48aa78a2" },
	{ "message digest", 1, "d934b396" },
	{ "abcdefghijklmnopqrstuvwxyz", 1, "a1b937a8" },
	{ ALNUM, 1, "04e1f937" },
	{ DIGITS80, 1, "73a0b3a8" },
	{ BROKEN, 1, "2f724607" },
	{ "123456789", 1, "377a6011" },
	{ "a", 1000000, "cac55e1f" },
	{ NULL, 0, NULL }
};

static const struct mds_vector crc32b_vectors[] = {
	{ "", 1, "00000000" },
	{ "a", 1, "e8b7be43" },
	{ "abc", 1, "352441c2" },
	{ "message digest", 1, "20159d7f" },
	{ "abcdefghijklmnopqrstuvwxyz", 1, "4c2750bd" },
	{ ALNUM, 1, "1fc2e6d2" },
	{ DIGITS80, 1, "7ca94a72" },
	{ BROKEN, 1, "5611856d" },
	{ "123456789", 1, "cbf43926" },
	{ "a", 1000000, "dc25bfbc" },
	{ NULL, 0, NULL }
};

static const struct mds_vector sysv_vectors[] = {
	{ "", 1, "0000" },
	{ "a", 1, "0061" },
	{ "abc", 1, "0126" },
	{ "message digest", 1, "0585" },
	{ "abcdefghijklmnopqrstuvwxyz", 1, "0b1f" },
	{ ALNUM, 1, "150b" },
	{ DIGITS80, 1, "1068" },
	{ BROKEN, 1, "26bf" },
	{ "123456789", 1, "01dd" },
	{ "a", 1000000, "2008" },
	{ NULL, 0, NULL }
};

static const struct mds_vector bsd_vectors[] = {
	{ "", 1, "0000" },
	{ "a", 1, "0061" },
	{ "abc", 1, "40ac" },
	{ "message digest", 1, "6737" },
	{ "abcdefghijklmnopqrstuvwxyz", 1, "d131" },
	{ ALNUM, 1, "63f3" },
	{ DIGITS80, 1, "5555" },
	{ BROKEN, 1, "66f4" },
	{ "123456789", 1, "d16f" },
	{ "a", 1000000, "f531" },
	{ NULL, 0, NULL }
};
/*
 * prefer[]: backends in the order measured fastest on x86-64 by the time
 * trial and mdsum --bench (BENCHMARKS.md); the first one built and
 * implementing the algorithm is the default.  The native backend offers an
 * algorithm only where this CPU has a kernel for it.  OpenSSL 3.0 has no
 * KECCAK-256.
 */
#define ALIASES(...)	{ __VA_ARGS__ }
#define PREFER(...)	{ __VA_ARGS__ }
/* A row on the Merkle-Damgard code, or on the sponge: shape and vectors by name. */
#define MD_ROW(name, tag, aliases, dlen, blen, family, id, prefer)	\
	{ name, tag, aliases, dlen, blen, family, &mds_##id##_shape,	\
	    &mds_portable_md, &mds_native_md, prefer, id##_vectors }
#define SPONGE_ROW(name, tag, aliases, dlen, id, prefer)		\
	{ name, tag, aliases, dlen, 200 - 2 * (dlen), MDS_FAM_KECCAK,	\
	    &mds_##id##_shape, &mds_portable_sponge, &mds_native_sponge,	\
	    prefer, id##_vectors }

/* A BLAKE2b row of another digest length: the same code, told by the row. */
#define B2_ROW(bits)							\
	{ "blake2b-" #bits, "BLAKE2b-" #bits, { NULL }, (bits) / 8, 128,	\
	    MDS_FAM_BLAKE2B, &mds_blake2b_shape, &mds_portable_blake2b,	\
	    &mds_native_blake2b, PREFER("portable", "native"), no_vectors },
#define B2_LENGTHS(X)							\
	X(8) X(16) X(24) X(32) X(40) X(48) X(56) X(64)			\
	X(72) X(80) X(88) X(96) X(104) X(112) X(120) X(128)		\
	X(136) X(144) X(152) X(160) X(168) X(176) X(184) X(192)		\
	X(200) X(208) X(216) X(224) X(232) X(240) X(248) X(256)		\
	X(264) X(272) X(280) X(288) X(296) X(304) X(312) X(320)		\
	X(328) X(336) X(344) X(352) X(360) X(368) X(376) X(384)		\
	X(392) X(400) X(408) X(416) X(424) X(432) X(440) X(448)		\
	X(456) X(464) X(472) X(480) X(488) X(496) X(504)
#define B2_COUNT(bits)	+ 1
#define B2_NLENGTHS	(0 B2_LENGTHS(B2_COUNT))
/* BLAKE3's lengths: blake2b's, and 512 (its own row is 256). */
#define B3_ROW(bits)							\
	{ "blake3-" #bits, "BLAKE3-" #bits, { NULL }, (bits) / 8, 64,	\
	    MDS_FAM_BLAKE3, &mds_blake3_shape, &mds_portable_blake3,	\
	    &mds_native_blake3, PREFER("native", "portable"), no_vectors },
#define B3_LENGTHS(X)	B2_LENGTHS(X) X(512)
#define NLENGTHS	(B2_NLENGTHS + 0 B3_LENGTHS(B2_COUNT))

static const struct mds_alg registry[] = {
	MD_ROW("md5", "MD5", ALIASES(NULL), 16, 64, MDS_FAM_MD5, md5,
	    PREFER("native", "portable", "openssl", "libmd")),
	MD_ROW("sha1", "SHA1", ALIASES(NULL), 20, 64, MDS_FAM_SHA1, sha1,
	    PREFER("native", "openssl", "libmd", "portable")),
	MD_ROW("sha224", "SHA224", ALIASES("SHA2-224", NULL), 28, 64,
	    MDS_FAM_SHA256, sha224, PREFER("native", "openssl", "portable")),
	MD_ROW("sha256", "SHA256", ALIASES("SHA2-256", NULL), 32, 64,
	    MDS_FAM_SHA256, sha256,
	    PREFER("native", "openssl", "portable", "libmd")),
	MD_ROW("sha384", "SHA384", ALIASES("SHA2-384", NULL), 48, 128,
	    MDS_FAM_SHA512, sha384,
	    PREFER("native", "openssl", "portable", "libmd")),
	MD_ROW("sha512", "SHA512", ALIASES("SHA2-512", NULL), 64, 128,
	    MDS_FAM_SHA512, sha512,
	    PREFER("native", "openssl", "portable", "libmd")),
	/* FreeBSD's sha512t224 and sha512t256 write these tags. */
	MD_ROW("sha512-224", "SHA512t224",
	    ALIASES("SHA2-512/224", "SHA512/224", NULL), 28, 128,
	    MDS_FAM_SHA512, sha512_224,
	    PREFER("native", "openssl", "portable")),
	MD_ROW("sha512-256", "SHA512t256",
	    ALIASES("SHA2-512/256", "SHA512/256", NULL), 32, 128,
	    MDS_FAM_SHA512, sha512_256,
	    PREFER("native", "openssl", "portable")),
	{ "sha512h", "SHA512H", { NULL }, 32, 128, MDS_FAM_SHA512,
	    &mds_sha512_shape, &mds_portable_md, &mds_native_md,
	    PREFER("native", "openssl", "portable", "libmd"),
	    sha512h_vectors },
	SPONGE_ROW("sha3-224", "SHA3-224", ALIASES(NULL), 28, sha3_224,
	    PREFER("native", "openssl", "portable")),
	SPONGE_ROW("sha3-256", "SHA3-256", ALIASES(NULL), 32, sha3_256,
	    PREFER("native", "openssl", "portable")),
	SPONGE_ROW("sha3-384", "SHA3-384", ALIASES(NULL), 48, sha3_384,
	    PREFER("native", "openssl", "portable")),
	SPONGE_ROW("sha3-512", "SHA3-512", ALIASES(NULL), 64, sha3_512,
	    PREFER("native", "openssl", "portable")),
	SPONGE_ROW("keccak256", "KECCAK256", ALIASES("KECCAK-256", NULL), 32,
	    keccak256, PREFER("native", "portable")),
	/* sm3: portable as fast as OpenSSL 3.0's on 1 MiB, faster below 4 KiB. */
	MD_ROW("sm3", "SM3", ALIASES(NULL), 32, 64, MDS_FAM_SM3, sm3,
	    PREFER("portable", "openssl")),
	/*
	 * Its own code (blake2b.c), any digest length; its shape puts every
	 * length in the lanes.  The portable C runs 1.7x the AVX-512 kernel
	 * on Zen 5 (blake2b_x86.h), the AVX-512 lanes 3.9x it.
	 */
	{ "blake2b", "BLAKE2b", ALIASES("BLAKE2b-512", NULL), 64, 128,
	    MDS_FAM_BLAKE2B, &mds_blake2b_shape, &mds_portable_blake2b,
	    &mds_native_blake2b, PREFER("portable", "native", "openssl"),
	    blake2b_vectors },
	/*
	 * A tree (blake3.c): a hash of 32 bytes, the default of b3sum; its
	 * other lengths, keyed hash and key derivation are blake3.h's.
	 * Portable C only, no lanes (construction.h).
	 */
	{ "blake3", "BLAKE3", ALIASES(NULL), 32, 64, MDS_FAM_BLAKE3,
	    &mds_blake3_shape, &mds_portable_blake3, &mds_native_blake3,
	    PREFER("native", "portable"), blake3_vectors },
	/*
	 * No blocks: the CRCs fold any length, the sums take a byte at a
	 * time; 64 is what the PCLMULQDQ kernels take a round.  OpenSSL and
	 * libmd have none of them; zlib's crc32 runs at a tenth of the
	 * folding kernels' speed.
	 */
	{ "crc", "CRC", { NULL }, 4, 64, MDS_FAM_CRC, NULL,
	    &mds_portable_cksum, &mds_native_cksum,
	    PREFER("native", "portable"), cksum_vectors },
	{ "crc32b", "CRC32B", { NULL }, 4, 64, MDS_FAM_CRC32B, NULL,
	    &mds_portable_crc32b, &mds_native_crc32b,
	    PREFER("native", "portable"), crc32b_vectors },
	{ "sysv", "SYSV", { NULL }, 2, 64, MDS_FAM_SYSV, NULL,
	    &mds_portable_sysv, &mds_native_sysv,
	    PREFER("native", "portable"), sysv_vectors },
	{ "bsd", "BSD", { NULL }, 2, 64, MDS_FAM_NONE, NULL,
	    &mds_portable_bsd, NULL, PREFER("portable"), bsd_vectors },
	/*
	 * Past the listed rows (mds_alg_count, mds_alg_at): b2sum -l N and
	 * cksum -a blake2b -l N for N = 8 .. 504, which write BLAKE2b-N.
	 * mds_alg_find and mds_alg_length reach them.
	 */
	B2_LENGTHS(B2_ROW)
	B3_LENGTHS(B3_ROW)
};

#define NALL	(sizeof(registry) / sizeof(registry[0]))
#define NALGS	(NALL - NLENGTHS)

typedef char registry_fits[NALL <= MDS_MAX_ALGS ? 1 : -1];

/* Names are ASCII: compare them without the locale's idea of case. */
static int
name_eq(const char *a, const char *b)
{
	unsigned char ca, cb;

	do {
		ca = (unsigned char)*a++;
		cb = (unsigned char)*b++;
		if (ca >= 'A' && ca <= 'Z')
			ca = (unsigned char)(ca - 'A' + 'a');
		if (cb >= 'A' && cb <= 'Z')
			cb = (unsigned char)(cb - 'A' + 'a');
	} while (ca == cb && ca != '\0');
	return ca == cb;
}

size_t
mds_alg_count(void)
{
	return NALGS;
}

const struct mds_alg *
mds_alg_at(size_t i)
{
	return i < NALGS ? &registry[i] : NULL;
}

const struct mds_alg *
mds_alg_find(const char *name)
{
	size_t i, j;

	if (name == NULL)
		return NULL;
	for (i = 0; i < NALL; i++) {
		if (name_eq(name, registry[i].name) ||
		    name_eq(name, registry[i].tag))
			return &registry[i];
		for (j = 0; j < 3 && registry[i].aliases[j] != NULL; j++)
			if (name_eq(name, registry[i].aliases[j]))
				return &registry[i];
	}
	return NULL;
}

/*
 * A row generated for a length (past NALGS) is a length of the listed
 * row with its code, and the listed row one of its: same family, same
 * portable implementation.  Other rows have only their own length.
 */
const struct mds_alg *
mds_alg_length(const struct mds_alg *alg, size_t bits)
{
	const struct mds_alg *r;
	size_t i;

	if (alg != NULL && bits == 8 * alg->digest_len)
		return alg;
	for (i = 0; alg != NULL && bits % 8 == 0 && i < NALL; i++) {
		r = &registry[i];
		if (r->digest_len == bits / 8 && r->portable == alg->portable &&
		    r->family != MDS_FAM_NONE && r->family == alg->family &&
		    (i >= NALGS || mds_alg_index(alg) >= NALGS))
			return r;
	}
	errno = EINVAL;
	return NULL;
}

int
mds_alg_listed(const struct mds_alg *alg)
{
	uintptr_t a = (uintptr_t)alg, r = (uintptr_t)registry;

	return a >= r && a < (uintptr_t)(registry + NALL);
}

size_t
mds_alg_index(const struct mds_alg *alg)
{
	return (size_t)(mds_alg_origin(alg) - registry);
}

const char *
mds_alg_name(const struct mds_alg *alg)
{
	return alg != NULL ? alg->name : NULL;
}

const char *
mds_alg_tag(const struct mds_alg *alg)
{
	return alg != NULL ? alg->tag : NULL;
}

size_t
mds_alg_digest_len(const struct mds_alg *alg)
{
	return alg != NULL ? alg->digest_len : 0;
}

size_t
mds_alg_block_len(const struct mds_alg *alg)
{
	return alg != NULL ? alg->block_len : 0;
}

const char *
mds_alg_vector(const struct mds_alg *alg, size_t i, size_t *repeat,
    const char **hex)
{
	size_t n;

	if (alg == NULL)
		return NULL;
	for (n = 0; n < i; n++)
		if (alg->selftest[n].msg == NULL)
			return NULL;
	if (alg->selftest[i].msg == NULL)
		return NULL;
	if (repeat != NULL)
		*repeat = alg->selftest[i].repeat;
	if (hex != NULL)
		*hex = alg->selftest[i].hex;
	return alg->selftest[i].msg;
}
