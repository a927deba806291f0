/* siphash.c - see siphash.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "siphash.h"

#define ROTL(x, b)	(((x) << (b)) | ((x) >> (64 - (b))))

/* Little-endian, whatever the machine. */
static inline uint64_t
load_le(const uint8_t *p, size_t n)
{
	uint64_t w = 0;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (n == 8) {
		memcpy(&w, p, 8);
		return w;
	}
#endif
	for (size_t i = 0; i < n; i++)
		w |= (uint64_t)p[i] << (8 * i);
	return w;
}

static inline void
rounds(uint64_t v[4], int n)
{
	for (int i = 0; i < n; i++) {
		v[0] += v[1]; v[1] = ROTL(v[1], 13); v[1] ^= v[0];
		v[0] = ROTL(v[0], 32);
		v[2] += v[3]; v[3] = ROTL(v[3], 16); v[3] ^= v[2];
		v[0] += v[3]; v[3] = ROTL(v[3], 21); v[3] ^= v[0];
		v[2] += v[1]; v[1] = ROTL(v[1], 17); v[1] ^= v[2];
		v[2] = ROTL(v[2], 32);
	}
}

static inline void
compress(uint64_t v[4], uint64_t m, int c)
{
	v[3] ^= m;
	rounds(v, c);
	v[0] ^= m;
}

/* Inlined where c and d are constants (hash_keyed), so that the rounds
 * unroll: the tables hash every name they look up. */
static inline __attribute__((always_inline)) uint64_t
sip(uint64_t k0, uint64_t k1, int c, int d, const void *msg, size_t len)
{
	const uint8_t *p = msg;
	uint64_t v[4] = { k0 ^ 0x736f6d6570736575ULL,
	    k1 ^ 0x646f72616e646f6dULL, k0 ^ 0x6c7967656e657261ULL,
	    k1 ^ 0x7465646279746573ULL };
	size_t i = 0;

	for (; i + 8 <= len; i += 8)
		compress(v, load_le(p + i, 8), c);
	/* The last word: the bytes left and the length's low byte on top. */
	compress(v, load_le(p + i, len - i) | (uint64_t)len << 56, c);
	v[2] ^= 0xff;
	rounds(v, d);
	return v[0] ^ v[1] ^ v[2] ^ v[3];
}

uint64_t
siphash(const uint8_t key[16], int c, int d, const void *msg, size_t len)
{
	return sip(load_le(key, 8), load_le(key + 8, 8), c, d, msg, len);
}

/* 16 random bytes; when the kernel gives none (no getrandom, no
 * /dev/urandom), the clock and the process id: weaker, but the output
 * never depends on the key. */
static void
draw_key(uint8_t key[16])
{
	struct timespec ts;
	uint64_t w[2];
	ssize_t n;
	int fd;

	do
		n = getrandom(key, 16, 0);
	while (n < 0 && errno == EINTR);
	if (n == 16)
		return;
	if ((fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)) >= 0) {
		n = read(fd, key, 16);
		close(fd);
		if (n == 16)
			return;
	}
	clock_gettime(CLOCK_REALTIME, &ts);
	w[0] = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	w[1] = (uint64_t)getpid() ^ (uint64_t)(uintptr_t)&ts;
	memcpy(key, w, 16);
}

uint64_t
hash_keyed(const void *msg, size_t len)
{
	static uint64_t k0, k1;
	static bool drawn;

	if (!drawn) {
		uint8_t key[16];

		draw_key(key);
		k0 = load_le(key, 8);
		k1 = load_le(key + 8, 8);
		drawn = true;
	}
	return sip(k0, k1, 1, 3, msg, len);
}
