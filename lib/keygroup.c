/* keygroup.c - see keygroup.h. */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "keygroup.h"

void
keygroup_key(struct sbuf *out, const char *const *parts, size_t n)
{
	sbuf_reset(out);
	for (size_t i = 0; i < n; i++) {
		if (parts[i] == NULL) {
			sbuf_addc(out, '\1');
			continue;
		}
		sbuf_printf(out, "\2%zu:", strlen(parts[i]));
		sbuf_adds(out, parts[i]);
	}
}

void
keygroup_add(struct keygroup *g, const char *const *parts, size_t n,
    size_t val)
{
	bool added;
	uint32_t k;

	keygroup_key(&g->text, parts, n);
	k = strtab_intern_n(&g->keys, sbuf_str(&g->text), g->text.len,
	    &added);
	if (added) {
		g->head = xroom(g->head, k, sizeof(*g->head));
		g->tail = xroom(g->tail, k, sizeof(*g->tail));
		g->head[k] = 0;
	}
	g->next = xroom(g->next, g->n, sizeof(*g->next));
	g->val = xroom(g->val, g->n, sizeof(*g->val));
	g->next[g->n] = 0;
	g->val[g->n] = val;
	g->n++;
	if (g->head[k] == 0)
		g->head[k] = g->n;
	else
		g->next[g->tail[k] - 1] = g->n;
	g->tail[k] = g->n;
}

size_t
keygroup_first(struct keygroup *g, const char *const *parts, size_t n)
{
	long k;

	keygroup_key(&g->text, parts, n);
	k = strtab_find_n(&g->keys, sbuf_str(&g->text), g->text.len);
	return k < 0 ? 0 : g->head[k];
}

void
keygroup_free(struct keygroup *g)
{
	strtab_free(&g->keys);
	free(g->head);
	free(g->tail);
	free(g->next);
	free(g->val);
	sbuf_free(&g->text);
	memset(g, 0, sizeof(*g));
}
