/* rowdigest.c - a trace row's fingerprint (rowdigest.h). */
#include "rowdigest.h"

uint64_t
row_digest(const int64_t *v, size_t n)
{
	uint64_t h = 14695981039346656037ULL;

	for (size_t i = 0; i < n; i++)
		for (int b = 0; b < 64; b += 8) {
			h ^= (uint64_t)v[i] >> b & 0xff;
			h *= 1099511628211ULL;
		}
	return h;
}
