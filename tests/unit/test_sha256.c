/* Unit tests for lib/sha256.c: the FIPS 180-4 / NIST example vectors. */
#include <stdlib.h>
#include <string.h>

#include "sha256.h"
#include "unit.h"

static void
check(const char *msg, size_t len, const char *want)
{
	char hex[SHA256_HEX_LEN + 1];

	sha256_hex(msg, len, hex);
	CHECK_STR(hex, want);
}

static void
test_vectors(void)
{
	check("", 0,
	    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	check("abc", 3,
	    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	check("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56,
	    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
	check("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
	    "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu", 112,
	    "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}

static void
test_million_a(void)
{
	/* One million 'a', fed in uneven pieces to exercise buffering. */
	struct sha256 c;
	unsigned char md[SHA256_LEN];
	char *a = malloc(1000000);
	size_t off = 0, step = 1;
	static const unsigned char want[SHA256_LEN] = {
		0xcd, 0xc7, 0x6e, 0x5c, 0x99, 0x14, 0xfb, 0x92, 0x81, 0xa1, 0xc7,
		0xe2, 0x84, 0xd7, 0x3e, 0x67, 0xf1, 0x80, 0x9a, 0x48, 0xa4, 0x97,
		0x20, 0x0e, 0x04, 0x6d, 0x39, 0xcc, 0xc7, 0x11, 0x2c, 0xd0
	};

	memset(a, 'a', 1000000);
	sha256_init(&c);
	while (off < 1000000) {
		size_t n = step < 1000000 - off ? step : 1000000 - off;

		sha256_update(&c, a + off, n);
		off += n;
		step = step * 3 % 257 + 1;
	}
	sha256_final(&c, md);
	CHECK(memcmp(md, want, SHA256_LEN) == 0);
	free(a);
}

static void
test_padding_edges(void)
{
	/* 55, 56 and 64 bytes straddle the length field; compare with the
	 * one-shot digest of the same bytes fed byte by byte. */
	char buf[130], a[SHA256_HEX_LEN + 1], b[SHA256_HEX_LEN + 1];
	static const char digits[] = "0123456789abcdef";
	size_t lens[] = { 55, 56, 63, 64, 65, 119, 120, 128 };

	memset(buf, 'x', sizeof(buf));
	for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		struct sha256 c;
		unsigned char md[SHA256_LEN];

		sha256_hex(buf, lens[i], a);
		sha256_init(&c);
		for (size_t k = 0; k < lens[i]; k++)
			sha256_update(&c, buf + k, 1);
		sha256_final(&c, md);
		for (int k = 0; k < SHA256_LEN; k++) {
			b[2 * k] = digits[md[k] >> 4];
			b[2 * k + 1] = digits[md[k] & 15];
		}
		b[SHA256_HEX_LEN] = '\0';
		CHECK_STR(a, b);
	}
	/* 56 bytes of 'x' from python3 -c 'hashlib.sha256(b"x"*56)' */
	sha256_hex(buf, 56, a);
	CHECK_STR(a,
	    "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e");
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "fips vectors", test_vectors },
		{ "million a", test_million_a },
		{ "padding edges", test_padding_edges },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
