/* Unit tests for lib/siphash.c. */
#include <stdio.h>
#include <string.h>

#include "siphash.h"
#include "unit.h"

/* The paper's test vectors: key 00 01 .. 0f, message 00 01 .. (n - 1). */
static void
test_vectors(void)
{
	uint8_t key[16], msg[16];

	for (int i = 0; i < 16; i++)
		key[i] = msg[i] = (uint8_t)i;
	CHECK(siphash(key, 2, 4, msg, 0) == 0x726fdb47dd0e0e31ULL);
	CHECK(siphash(key, 2, 4, msg, 1) == 0x74f839c593dc67fdULL);
	CHECK(siphash(key, 2, 4, msg, 8) == 0x93f5f5799a932462ULL);
	CHECK(siphash(key, 2, 4, msg, 15) == 0xa129ca6149be45e5ULL);
}

/* Pairs of 16-byte names whose words differ by 2^63, then by 2^63 and
 * 2^31, collided in strtab's old hash (multiply and shift, no key)
 * whatever its start: 2^k such pairs are 2^k names in one slot.  Keyed,
 * they spread, and the key is the same for the whole process. */
static void
test_keyed(void)
{
	char a[16] = "name0000name0000", b[16];
	uint64_t ha = hash_keyed(a, sizeof(a));

	memcpy(b, a, sizeof(b));
	b[7] ^= (char)0x80;
	b[15] ^= (char)0x80;
	b[11] ^= (char)0x80;
	CHECK(hash_keyed(b, sizeof(b)) != ha);
	CHECK(hash_keyed(a, sizeof(a)) == ha);
	CHECK(hash_keyed("", 0) == hash_keyed("x", 0));
	CHECK(hash_keyed("ab", 2) != hash_keyed("ab\0", 3));
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "vectors", test_vectors },
		{ "keyed", test_keyed },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
