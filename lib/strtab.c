/* strtab.c - see strtab.h. */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "siphash.h"
#include "str.h"
#include "strtab.h"

static void
rehash(struct strtab *t)
{
	size_t n = t->nslot ? t->nslot * 2 : 256;

	free(t->slot);
	t->slot = xcalloc(n, sizeof(*t->slot));
	t->nslot = n;
	for (size_t i = 0; i < t->n; i++) {
		size_t j = t->hash[i] & (n - 1);

		while (t->slot[j] != 0)
			j = (j + 1) & (n - 1);
		t->slot[j] = (uint32_t)i + 1;
	}
}

static uint32_t
hit(struct strtab *t, uint32_t k, size_t len, bool *added)
{
	t->last = (size_t)k + 1;
	t->last_len = len;
	if (added != NULL)
		*added = false;
	return k;
}

uint32_t
strtab_intern_n(struct strtab *t, const char *s, size_t len, bool *added)
{
	size_t j;
	uint64_t h;

	/* Traces repeat a name on consecutive rows more often than not. */
	if (t->last != 0 && t->last_len == len &&
	    memcmp(t->s[t->last - 1], s, len) == 0)
		return hit(t, (uint32_t)(t->last - 1), len, added);
	if (t->n * 2 >= t->nslot)
		rehash(t);
	h = hash_keyed(s, len);
	j = h & (t->nslot - 1);
	while (t->slot[j] != 0) {
		uint32_t k = t->slot[j] - 1;

		if (t->hash[k] == h && memcmp(t->s[k], s, len) == 0 &&
		    t->s[k][len] == '\0')
			return hit(t, k, len, added);
		j = (j + 1) & (t->nslot - 1);
	}
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 256;
		t->s = xreallocarray(t->s, t->cap, sizeof(*t->s));
		t->hash = xreallocarray(t->hash, t->cap, sizeof(*t->hash));
	}
	t->s[t->n] = xstrndup(s, len);
	t->hash[t->n] = h;
	t->slot[j] = (uint32_t)t->n + 1;
	hit(t, (uint32_t)t->n, len, added);
	if (added != NULL)
		*added = true;
	return (uint32_t)t->n++;
}

long
strtab_find_n(const struct strtab *t, const char *s, size_t len)
{
	uint64_t h;
	size_t j;

	if (t->nslot == 0)
		return -1;
	h = hash_keyed(s, len);
	for (j = h & (t->nslot - 1); t->slot[j] != 0;
	    j = (j + 1) & (t->nslot - 1)) {
		uint32_t k = t->slot[j] - 1;

		if (t->hash[k] == h && memcmp(t->s[k], s, len) == 0 &&
		    t->s[k][len] == '\0')
			return (long)k;
	}
	return -1;
}

uint32_t
strtab_intern(struct strtab *t, const char *s)
{
	return strtab_intern_n(t, s, strlen(s), NULL);
}

void
strtab_free(struct strtab *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->s[i]);
	free(t->s);
	free(t->hash);
	free(t->slot);
	memset(t, 0, sizeof(*t));
}
