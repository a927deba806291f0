/* sha256.h - SHA-256 (FIPS 180-4), for hashing proof snippets.
 *
 * Small and dependency-free: none of the project's libraries ships one,
 * and a snippet hash only needs the plain streaming interface. */
#ifndef S2R_SHA256_H
#define S2R_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_LEN 32
#define SHA256_HEX_LEN 64

struct sha256 {
	uint32_t	h[8];
	uint64_t	nbytes;		/* message length so far */
	unsigned char	buf[64];	/* the partial block */
	size_t		nbuf;
};

void	sha256_init(struct sha256 *c);
void	sha256_update(struct sha256 *c, const void *data, size_t len);
void	sha256_final(struct sha256 *c, unsigned char out[SHA256_LEN]);
/* One-shot: the lower-case hex digest of [data, data+len) into hex
 * (SHA256_HEX_LEN characters plus a NUL). */
void	sha256_hex(const void *data, size_t len, char hex[SHA256_HEX_LEN + 1]);

#endif
