/* jstore.c - see jstore.h. */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "jstore.h"

/* Chunks of record text; a longer record gets a chunk of its own. */
#define CHUNK	((size_t)1 << 20)

struct jslot {
	const char	*text;
	size_t		 len;
	json_t		*rec;		/* NULL: not parsed now */
};

void
jstore_init(struct jstore *s)
{
	memset(s, 0, sizeof(*s));
}

void
jstore_free(struct jstore *s)
{
	jstore_release(s);
	for (size_t i = 0; i < s->nchunk; i++)
		free(s->chunk[i]);
	free(s->chunk);
	free(s->slot);
	free(s->keys);
	free(s->live);
	strtab_free(&s->names);
	memset(s, 0, sizeof(*s));
}

const char *
jstore_intern(struct jstore *s, const char *str)
{
	uint32_t k;

	if (str == NULL)
		return NULL;
	/* Interned first: it may move the array. */
	k = strtab_intern(&s->names, str);
	return s->names.s[k];
}

static void
make_live(struct jstore *s, size_t i)
{
	if (s->nlive == s->caplive) {
		s->caplive = s->caplive ? s->caplive * 2 : 256;
		s->live = xreallocarray(s->live, s->caplive, sizeof(*s->live));
	}
	s->live[s->nlive++] = (uint32_t)i;
}

size_t
jstore_push(struct jstore *s, json_t *rec)
{
	if (s->n >= UINT32_MAX)
		s2r_die("too many records (%zu)", s->n);
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 256;
		s->slot = xreallocarray(s->slot, s->cap, sizeof(*s->slot));
		s->keys = xreallocarray(s->keys, s->cap, sizeof(*s->keys));
	}
	s->slot[s->n] = (struct jslot){ .rec = rec };
	memset(&s->keys[s->n], 0, sizeof(s->keys[s->n]));
	make_live(s, s->n);
	return s->n++;
}

/* Room for len bytes of text. */
static char *
text_room(struct jstore *s, size_t len)
{
	size_t cap = len > CHUNK ? len : CHUNK;

	if (s->nchunk == 0 || s->chunk_cap - s->chunk_used < len) {
		s->chunk = xreallocarray(s->chunk, s->nchunk + 1,
		    sizeof(*s->chunk));
		s->chunk[s->nchunk++] = xmalloc(cap);
		s->chunk_used = 0;
		s->chunk_cap = cap;
	}
	s->chunk_used += len;
	return s->chunk[s->nchunk - 1] + s->chunk_used - len;
}

void
jstore_seal(struct jstore *s, size_t i, const char *text, size_t len)
{
	struct jslot *e = &s->slot[i];
	struct jkeys k;
	char *dump = NULL, *room;

	if (text == NULL) {
		/* Compact and exact: reals are written with 17 digits. */
		if ((dump = json_dumps(e->rec, JSON_COMPACT)) == NULL)
			s2r_die("out of memory");
		text = dump;
		len = strlen(dump);
	}
	room = text_room(s, len);
	memcpy(room, text, len);
	free(dump);
	e->text = room;
	e->len = len;
	jkeys_of(&k, e->rec);
	for (int f = 0; f < JK_NFIELDS; f++)
		s->keys[i].f[f] = jstore_intern(s, k.f[f]);
}

const json_t *
jstore_get(struct jstore *s, size_t i)
{
	struct jslot *e = &s->slot[i];
	json_error_t err;

	if (e->rec != NULL)
		return e->rec;
	/* The text was a JSON object when it was read. */
	e->rec = json_loadb(e->text, e->len, 0, &err);
	if (e->rec == NULL)
		s2r_die("record %zu: its stored text no longer parses: %s",
		    i + 1, err.text);
	s->parses++;
	make_live(s, i);
	return e->rec;
}

void
jstore_release(struct jstore *s)
{
	for (size_t k = 0; k < s->nlive; k++) {
		struct jslot *e = &s->slot[s->live[k]];

		json_decref(e->rec);
		e->rec = NULL;
	}
	s->nlive = 0;
}
