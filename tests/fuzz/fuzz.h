/*
 * fuzz.h: what the libFuzzer targets of tests/fuzz/ share.  Each target
 * is one file defining LLVMFuzzerTestOneInput; make fuzz builds them with
 * clang's sanitizers and runs them.  A broken invariant is reported on
 * stderr and abort()s, which libFuzzer records as a crash.
 */
#ifndef MDS_FUZZ_H
#define MDS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define FUZZ_ASSERT(cond) do {						\
	if (!(cond)) {							\
		fprintf(stderr, "%s:%d: %s: failed\n", __FILE__,	\
		    __LINE__, #cond);					\
		abort();						\
	}								\
} while (0)

#endif /* MDS_FUZZ_H */
