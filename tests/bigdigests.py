#!/usr/bin/python3
"""Expected digests for tests/big.c, computed independently of libmdsum.

The message is BIG_REPEAT copies of a 1 MiB buffer followed by its first
BIG_TAIL bytes.  The buffer holds little-endian outputs of xorshift64*
seeded with BIG_SEED, exactly as mdt_fill() in tests/util.c fills it.
Needs Debian's python3-pycryptodome (module Cryptodome) for Keccak-256.
Run with /usr/bin/python3; takes a few minutes.

"bigdigests.py cksum DIR": the checksums of big.c's sparse files, which
it makes in DIR (a hole between CK_EDGE bytes of xorshift64* output
seeded with CK_SEED at each end), from coreutils' cksum and zlib.crc32.
"""
import hashlib
import os
import struct
import subprocess
import sys
import zlib
from concurrent.futures import ProcessPoolExecutor

from Cryptodome.Hash import keccak

BIG_SEED = 0x6D64732D62696721   # "mds-big!"
BIG_CHUNK = 1 << 20
BIG_REPEAT = 4096               # 4096 MiB = 2^32 bytes
BIG_TAIL = 77
M64 = (1 << 64) - 1


CK_SEED = 0x6D64732D636B6C6E    # "mds-ckln"
CK_EDGE = 64
CK_LENGTHS = [(1 << 32) - 1, 1 << 32, (1 << 32) + 1]


def chunk(seed=BIG_SEED, size=BIG_CHUNK):
    x = seed
    words = []
    for _ in range(size // 8):
        x ^= x >> 12
        x ^= (x << 25) & M64
        x ^= x >> 27
        words.append((x * 0x2545F4914F6CDD1D) & M64)
    return struct.pack("<%dQ" % len(words), *words)


def digest_zeros(name):
    """big.c's one-update test: the same length of zero bytes."""
    h = keccak.new(digest_bits=256) if name == "keccak256" else \
        hashlib.new(name.replace("sha3-256", "sha3_256"))
    z = bytes(BIG_CHUNK)
    for _ in range(BIG_REPEAT):
        h.update(z)
    h.update(bytes(BIG_TAIL))
    return name + " (zeros)", h.hexdigest()


def digest(name):
    buf = chunk()
    if name == "keccak256":
        h = keccak.new(digest_bits=256)
    elif name == "sha512h":
        h = hashlib.sha512()
    else:
        h = hashlib.new(name.replace("sha3-256", "sha3_256"))
    for _ in range(BIG_REPEAT):
        h.update(buf)
    h.update(buf[:BIG_TAIL])
    d = h.hexdigest()
    return name, d[:64] if name == "sha512h" else d


def cksum_lengths(tmpdir):
    """cksum's length encoding past 4 GiB: the files of test_cksum_length."""
    edges = chunk(CK_SEED, 2 * CK_EDGE)
    for n in CK_LENGTHS:
        path = os.path.join(tmpdir, "mds-cklen")
        with open(path, "wb") as f:
            f.truncate(n)
            f.write(edges[:CK_EDGE])
            f.seek(n - CK_EDGE)
            f.write(edges[CK_EDGE:])
        out = subprocess.run(["cksum", path], stdout=subprocess.PIPE,
                             check=True).stdout.split()
        assert int(out[1]) == n
        crc = 0
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 24), b""):
                crc = zlib.crc32(block, crc)
        os.unlink(path)
        print('\t{ UINT64_C(%d), 0x%08x, 0x%08x },' % (n, int(out[0]), crc))


if __name__ == "__main__":
    if sys.argv[1:2] == ["cksum"]:
        cksum_lengths(sys.argv[2])
        sys.exit(0)
    names = sys.argv[1:] or ["md5", "sha1", "sha256", "sha512", "sha512h",
                             "sha3-256", "keccak256"]
    print("first 8 bytes of the buffer:", chunk()[:8].hex())
    with ProcessPoolExecutor(2) as ex:
        for name, d in ex.map(digest, names):
            print('\t{ "%s",\n\t    "%s" },' % (name, d))
        for name, d in ex.map(digest_zeros, ["md5"]):
            print('\t{ "%s",\n\t    "%s" },' % (name, d))
