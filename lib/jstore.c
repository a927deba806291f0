/* jstore.c - see jstore.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "jparse.h"
#include "jstore.h"
#include "recscan.h"

static bool
text_is_cell_key(struct rs_text t)
{
	return rs_text_is(t, "phase") || rs_text_is(t, "workload") ||
	    rs_text_is(t, "iteration");
}

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
	free(s->sub);
	free(s->num);
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

/* A new slot, its keys unset. */
static size_t
slot_new(struct jstore *s)
{
	if (s->n >= UINT32_MAX)
		s2r_die("too many records (%zu)", s->n);
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 256;
		s->slot = xreallocarray(s->slot, s->cap, sizeof(*s->slot));
		s->keys = xreallocarray(s->keys, s->cap, sizeof(*s->keys));
		s->sub = xreallocarray(s->sub, s->cap, sizeof(*s->sub));
		s->num = xreallocarray(s->num, s->cap, sizeof(*s->num));
	}
	s->slot[s->n] = (struct jslot){ 0 };
	memset(&s->keys[s->n], 0, sizeof(s->keys[s->n]));
	s->sub[s->n] = NULL;
	s->num[s->n] = NAN;
	return s->n++;
}

size_t
jstore_push(struct jstore *s, json_t *rec)
{
	size_t i = slot_new(s);

	s->slot[i].rec = rec;
	make_live(s, i);
	return i;
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

static void
keep_text(struct jstore *s, size_t i, const char *text, size_t len)
{
	char *room = text_room(s, len);

	memcpy(room, text, len);
	s->slot[i].text = room;
	s->slot[i].len = len;
}

void
jstore_seal(struct jstore *s, size_t i, const char *text, size_t len)
{
	struct jslot *e = &s->slot[i];
	struct jkeys k;
	struct sbuf sub = {0};
	char *dump = NULL;
	json_t *v;

	if (text == NULL) {
		/* Compact and exact: reals are written with 17 digits. */
		if ((dump = json_dumps(e->rec, JSON_COMPACT)) == NULL)
			s2r_die("out of memory");
		text = dump;
		len = strlen(dump);
	}
	keep_text(s, i, text, len);
	free(dump);
	jkeys_of(&k, e->rec);
	for (int f = 0; f < JK_NFIELDS; f++)
		s->keys[i].f[f] = jstore_intern(s, k.f[f]);
	/* What the rules join on, so that finding a record parses none. */
	if (jstore_subtext(&sub, json_object_get(e->rec, "scope"), false))
		s->sub[i] = jstore_intern(s, sbuf_str(&sub));
	sbuf_free(&sub);
	v = json_object_get(e->rec, "value");
	s->num[i] = json_is_number(v) ? json_number_value(v) : NAN;
}

static const char *
intern_text(struct jstore *s, struct rs_text t)
{
	uint32_t k;

	if (t.s == NULL)
		return NULL;
	/* Interned first: it may move the array. */
	k = strtab_intern_n(&s->names, t.s, t.len, NULL);
	return s->names.s[k];
}

static int
text_cmp(struct rs_text a, struct rs_text b)
{
	int c = memcmp(a.s, b.s, a.len < b.len ? a.len : b.len);

	return c != 0 ? c : (a.len > b.len) - (a.len < b.len);
}

/* jstore_subtext() of a scanned scope: its members but the cell keys,
 * sorted by key (strcmp's order: the bytes hold no NUL). */
static void
scanned_subtext(struct sbuf *b, const struct recscan *rs)
{
	size_t order[RS_MAXSCOPE], n = 0;

	for (size_t i = 0; i < rs->nscope; i++) {
		size_t at = n;

		if (text_is_cell_key(rs->key[i]))
			continue;
		while (at > 0 && text_cmp(rs->key[order[at - 1]],
		    rs->key[i]) > 0) {
			order[at] = order[at - 1];
			at--;
		}
		order[at] = i;
		n++;
	}
	sbuf_reset(b);
	for (size_t k = 0; k < n; k++) {
		struct rs_text key = rs->key[order[k]], val = rs->val[order[k]];

		sbuf_printf(b, "%zu:%.*s%zu:%.*s", key.len, (int)key.len,
		    key.s, val.len, (int)val.len, val.s);
	}
}

size_t
jstore_add(struct jstore *s, const char *text, size_t len,
    const struct recscan *rs)
{
	static const char *const cell[] = { "workload", "phase", "iteration" };
	static const int cell_field[] = { JK_WL, JK_PH, JK_IT };
	struct sbuf sub = {0};
	size_t i = slot_new(s);

	keep_text(s, i, text, len);
	s->keys[i].f[JK_KIND] = intern_text(s, rs->kind);
	s->keys[i].f[JK_METRIC] = intern_text(s, rs->metric);
	for (size_t c = 0; c < 3; c++)
		for (size_t m = 0; m < rs->nscope; m++)
			if (rs_text_is(rs->key[m], cell[c]))
				s->keys[i].f[cell_field[c]] =
				    intern_text(s, rs->val[m]);
	scanned_subtext(&sub, rs);
	s->sub[i] = jstore_intern(s, sbuf_str(&sub));
	sbuf_free(&sub);
	s->num[i] = rs->has_value ? rs->value : NAN;
	return i;
}

static int
str_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

bool
jstore_is_cell_key(const char *key)
{
	return strcmp(key, "phase") == 0 || strcmp(key, "workload") == 0 ||
	    strcmp(key, "iteration") == 0;
}

bool
jstore_subtext(struct sbuf *b, const json_t *obj, bool cell_keys)
{
	const char **key = xcalloc(json_object_size(obj) + 1, sizeof(*key));
	const char *k;
	size_t n = 0;
	json_t *v;
	bool ok = true;

	sbuf_reset(b);
	json_object_foreach((json_t *)obj, k, v) {
		if (!cell_keys && jstore_is_cell_key(k))
			continue;
		ok = ok && json_is_string(v);
		key[n++] = k;
	}
	if (n > 1)
		qsort(key, n, sizeof(*key), str_cmp);
	/* Lengths first: no key or value can pass for two. */
	for (size_t i = 0; i < n && ok; i++) {
		const char *val = json_string_value(json_object_get(obj, key[i]));

		sbuf_printf(b, "%zu:%s%zu:%s", strlen(key[i]), key[i],
		    strlen(val), val);
	}
	free(key);
	return ok;
}

const json_t *
jstore_get(struct jstore *s, size_t i)
{
	struct jslot *e = &s->slot[i];
	json_error_t err;

	if (e->rec != NULL)
		return e->rec;
	/* The text was a JSON object when it was read. */
	if ((e->rec = jparse_checked(e->text, e->len, &err)) == NULL)
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
