/* jline.c - see jline.h. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "jline.h"
#include "jreplica.h"
#include "jwrite.h"
#include "rec.h"

/* One side of the comparison ("expected", "actual"): the record's value,
 * unit, n and source, or null when there is no record. */
static void
side_text(struct sbuf *b, const char *key, const json_t *rec)
{
	json_t *v;

	jw_key(b, key);
	if (rec == NULL) {
		sbuf_adds(b, "null");
		return;
	}
	sbuf_addc(b, '{');
	jw_key(b, "value");
	if ((v = json_object_get(rec, "value")) != NULL)
		jw_value(b, v);
	else
		sbuf_adds(b, "null");
	jw_key_str(b, "unit", rec_get_str(rec, "unit"));
	if ((v = json_object_get(rec, "n")) != NULL) {
		jw_key(b, "n");
		jw_value(b, v);
	}
	jw_key(b, "source");
	if ((v = json_object_get(rec, "source")) != NULL)
		jw_value(b, v);
	else
		sbuf_adds(b, "null");
	sbuf_addc(b, '}');
}

static bool
is_scope_key(const char *key)
{
	for (size_t i = 0; rec_scope_keys[i] != NULL; i++)
		if (strcmp(key, rec_scope_keys[i]) == 0)
			return true;
	return false;
}

/* Scope members being gathered: a key set twice keeps its first place
 * and its last value; a NULL value sets nothing (rec_scope_set()). */
struct scope_members {
	const char	**key, **val;
	size_t		  n;
};

static void
scope_member(struct scope_members *m, const char *key, const char *val)
{
	size_t at = 0;

	if (val == NULL)
		return;
	while (at < m->n && strcmp(m->key[at], key) != 0)
		at++;
	m->key[at] = key;
	m->val[at] = val;
	m->n += at == m->n;
}

/* A verdict's scope: its cell's keys and sub; the scope keys in
 * rec_scope_keys order, then the others as they were set, as
 * rec_scope_set() orders them. */
static void
scope_text(struct sbuf *b, const struct jcell *c, const json_t *sub)
{
	size_t cap = 3 + json_object_size(sub);
	struct scope_members m = { xcalloc(cap, sizeof(*m.key)),
	    xcalloc(cap, sizeof(*m.val)), 0 };
	const char *k;
	json_t *v;

	if (c != NULL) {
		scope_member(&m, "phase", c->phase);
		scope_member(&m, "workload", c->workload);
		scope_member(&m, "iteration", c->iteration);
	}
	json_object_foreach((json_t *)sub, k, v)
		scope_member(&m, k, json_string_value(v));
	sbuf_addc(b, '{');
	for (size_t s = 0; rec_scope_keys[s] != NULL; s++)
		for (size_t i = 0; i < m.n; i++)
			if (strcmp(m.key[i], rec_scope_keys[s]) == 0)
				jw_key_str(b, m.key[i], m.val[i]);
	for (size_t i = 0; i < m.n; i++)
		if (!is_scope_key(m.key[i]))
			jw_key_str(b, m.key[i], m.val[i]);
	sbuf_addc(b, '}');
	free(m.key);
	free(m.val);
}

void
jline_verdict(struct sbuf *b, const struct judge *j, const struct rule *r,
    const struct jcell *c, const struct jverdict *v)
{
	struct sbuf why = {0};
	json_t *replicas;

	sbuf_adds(b, "{\"kind\":\"verdict\"");
	jw_key_str(b, "check", r->check);
	jw_key_str(b, "title", r->title);
	jw_key(b, "scope");
	scope_text(b, c, v->sub);
	jw_key_str(b, "metric", v->metric);
	side_text(b, "expected", v->expect);
	side_text(b, "actual", v->measure);
	jw_key(b, "diff");
	if (v->has_diff && isfinite(v->diff)) {
		sbuf_addc(b, '{');
		jw_key(b, "value");
		jw_num(b, v->diff);
		jw_key_str(b, "unit", v->diff_unit);
		sbuf_addc(b, '}');
	} else
		sbuf_adds(b, "null");
	jw_key(b, "tolerance");
	if (v->tolerance != NULL)
		jw_str(b, v->tolerance);
	else
		sbuf_adds(b, "null");
	jw_key_str(b, "verdict", judge_verdict_names[v->verdict]);
	jw_clean(&why, v->why != NULL ? v->why : "");
	replicas = judge_replicas(j, c, v, &why);
	jw_key_str(b, "why", sbuf_str(&why));
	jw_key_str(b, "action", v->action);
	if (json_array_size(v->evidence) > 0) {
		jw_key(b, "evidence");
		jw_value(b, v->evidence);
	}
	if (replicas != NULL) {
		jw_key(b, "replicas");
		jw_value(b, replicas);
		json_decref(replicas);
	}
	sbuf_addc(b, '}');
	sbuf_free(&why);
}

