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
static uint64_t
load_le(const uint8_t *p, size_t n)
{
	uint64_t w = 0;

	for (size_t i = 0; i < n; i++)
		w |= (uint64_t)p[i] << (8 * i);
	return w;
}

static void
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

static void
compress(uint64_t v[4], uint64_t m, int c)
{
	v[3] ^= m;
	rounds(v, c);
	v[0] ^= m;
}

uint64_t
siphash(const uint8_t key[16], int c, int d, const void *msg, size_t len)
{
	const uint8_t *p = msg;
	uint64_t k0 = load_le(key, 8), k1 = load_le(key + 8, 8);
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
	static uint8_t key[16];
	static bool drawn;

	if (!drawn) {
		draw_key(key);
		drawn = true;
	}
	return siphash(key, 1, 3, msg, len);
}
