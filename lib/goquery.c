/* goquery.c - see goquery.h: a query's setup (kinds, regexes, the literal
 * pre-filter), its file filters, hit lists, and goq_file, which hands a
 * lexed file to the answerer of the query's kind (goqkinds.h). */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "gomask.h"
#include "goqkinds.h"
#include "goquery.h"
#include "rec.h"
#include "str.h"

const char *const gtier_names[NTIERS] = { "critical", "standard", "batch",
	"sheddable" };

static const char *const kind_names[] = {
	"func", "type", "field", "const", "var", "assign", "call", "keyval",
	"string", "regex", "yaml", "registration", "scale", "dispatch",
	"readers", NULL
};

/* The index of s in the NULL-terminated list names, or -1. */
static int
name_index(const char *const *names, const char *s)
{
	for (int i = 0; names[i] != NULL; i++)
		if (strcmp(s, names[i]) == 0)
			return i;
	return -1;
}

const char *
gquery_kind_name(enum qkind k)
{
	return kind_names[k];
}

bool
gquery_kind_parse(const char *s, enum qkind *k)
{
	int i = name_index(kind_names, s);

	if (i < 0)
		return false;
	*k = (enum qkind)i;
	return true;
}

/* enum qtests order. */
static const char *const test_names[] = { "include", "exclude", "only",
	NULL };

bool
gquery_tests_parse(const char *s, enum qtests *t)
{
	int i = name_index(test_names, s);

	if (i < 0)
		return false;
	*t = (enum qtests)i;
	return true;
}

static const struct {
	const char	*name;
	unsigned	 bit;
} fact_names[] = {
	{ "empty_pool", GF_EMPTY_POOL }, { "signals", GF_SIGNALS },
	{ "returns", GF_RETURNS }, { "metrics", GF_METRICS },
	{ "calls", GF_CALLS }, { NULL, 0 }
};

bool
gquery_fact_parse(const char *s, unsigned *bit)
{
	for (int i = 0; fact_names[i].name != NULL; i++)
		if (strcmp(s, fact_names[i].name) == 0) {
			*bit = fact_names[i].bit;
			return true;
		}
	return false;
}

void
gquery_init(struct gquery *q)
{
	memset(q, 0, sizeof(*q));
	q->doc = true;
	q->tests = QT_INCLUDE;
	q->max_hits = 20;
	q->tiers[TIER_CRITICAL] = 100;
	q->tiers[TIER_STANDARD] = 0;
	q->tiers[TIER_BATCH] = -10;
	q->tiers[TIER_SHEDDABLE] = -50;
}

void
gquery_default_id(struct gquery *q)
{
	char id[300];

	if (q->id != NULL)
		return;
	snprintf(id, sizeof(id), "%s %s", gquery_kind_name(q->kind), q->name ?
	    q->name : q->signals.v[0]);
	q->id = xstrdup(id);
}

/* The longest run of plain characters every match of the ERE must
 * contain (outside groups, not made optional), or NULL. */
static char *
re_literal(const char *re)
{
	struct sbuf cur = {0}, best = {0};
	int depth = 0;

	if (strchr(re, '|') != NULL)
		return NULL;
	for (const char *p = re; *p; p++) {
		char c = *p;
		bool lit = false;

		if (c == '\\' && p[1] != '\0') {
			p++;
			if (strchr(".[]()*+?{}|^$\\/-\"", *p) != NULL) {
				c = *p;
				lit = true;
			}
		} else if (c == '[') {
			/* Skip the bracket expression: [^]…], [[:space:]] */
			p++;
			if (*p == '^')
				p++;
			if (*p == ']')
				p++;
			while (*p != '\0' && *p != ']') {
				if (p[0] == '[' && p[1] == ':') {
					const char *e = strstr(p + 2, ":]");

					p = e ? e + 1 : p + 1;
				}
				p++;
			}
			if (*p == '\0')
				break;
		} else if (c == '(') {
			depth++;
		} else if (c == ')') {
			depth--;
		} else if (strchr(".+^$*?{}", c) == NULL) {
			lit = true;
		}
		if (lit && depth == 0 && p[1] != '\0' &&
		    strchr("*?{", p[1]) != NULL) {
			sbuf_reset(&cur);	/* optional: the run ends */
			continue;
		}
		if (lit && depth == 0) {
			sbuf_addc(&cur, c);
			if (cur.len > best.len) {
				sbuf_reset(&best);
				sbuf_add(&best, cur.s, cur.len);
			}
			continue;
		}
		sbuf_reset(&cur);
	}
	sbuf_free(&cur);
	if (best.len < 3) {
		sbuf_free(&best);
		return NULL;
	}
	return best.s;
}

static bool
compile_re(regex_t *re, const char *pat, bool full, int flags, char *msg,
    size_t msglen)
{
	char *src = xmalloc(strlen(pat) + 5);
	int rc;

	sprintf(src, full ? "^(%s)$" : "%s", pat);
	rc = regcomp(re, src, REG_EXTENDED | flags);
	free(src);
	if (rc != 0) {
		char buf[128];

		regerror(rc, re, buf, sizeof(buf));
		snprintf(msg, msglen, "regular expression '%s': %s", pat, buf);
		return false;
	}
	return true;
}

bool
gquery_compile(struct gquery *q, char *msg, size_t msglen)
{
	const char *pat = q->pattern;

	for (size_t i = 0; i < q->nalts; i++)
		if (!gquery_compile(&q->alts[i], msg, msglen))
			return false;
	if (q->nalts > 0)
		return true;
	if (q->kind == Q_DISPATCH && q->signals.n == 0)
		strv_add(&q->signals, "priority");
	if (q->kind == Q_READERS && q->signals.n == 0)
		strv_add(&q->signals, "GetMetrics");
	if ((q->kind == Q_SCALE || (q->facts & GF_SIGNALS)) &&
	    q->signals.n == 0) {
		strv_add(&q->signals, "KVCacheUsagePercent");
		if (q->kind != Q_SCALE) {
			strv_add(&q->signals, "WaitingQueueSize");
			strv_add(&q->signals, "Priority");
		}
	}
	switch (q->kind) {
	case Q_ASSIGN: case Q_CALL: case Q_REGEX: case Q_KEYVAL:
		if (pat == NULL)
			pat = q->name;
		if (!compile_re(&q->re, pat, q->kind == Q_KEYVAL, 0, msg,
		    msglen))
			return false;
		q->has_re = true;
		q->literal = re_literal(pat);
		break;
	case Q_DISPATCH: {
		struct sbuf alt = {0};

		for (size_t i = 0; i < q->signals.n; i++)
			sbuf_printf(&alt, "%s%s", i ? "|" : "", q->signals.v[i]);
		if (!compile_re(&q->re, sbuf_str(&alt), false, REG_ICASE, msg,
		    msglen)) {
			sbuf_free(&alt);
			return false;
		}
		sbuf_free(&alt);
		q->has_re = true;
		break;
	}
	case Q_SCALE: case Q_READERS:
		if (q->signals.n == 1)
			q->literal = xstrdup(q->signals.v[0]);
		break;
	case Q_STRING:
		if (strpbrk(q->name, "\\\"`") == NULL)
			q->literal = xstrdup(q->name);
		break;
	case Q_YAML: case Q_REGISTRATION:
		break;
	default:
		q->literal = xstrdup(q->name);
		break;
	}
	if (q->value_pat != NULL) {
		if (!compile_re(&q->value_re, q->value_pat, false, 0, msg,
		    msglen))
			return false;
		q->has_value_re = true;
	}
	return true;
}

void
gquery_free(struct gquery *q)
{
	for (size_t i = 0; i < q->nalts; i++)
		gquery_free(&q->alts[i]);
	free(q->alts);
	if (q->has_re)
		regfree(&q->re);
	if (q->has_value_re)
		regfree(&q->value_re);
	free(q->name);
	free(q->pattern);
	free(q->value_pat);
	free(q->literal);
	free(q->recv);
	free(q->in_type);
	free(q->id);
	free(q->check);
	free(q->title);
	free(q->variant);
	strv_free(&q->signals);
	strv_free(&q->include);
	strv_free(&q->exclude);
	strv_free(&q->paths);
	strv_free(&q->roles);
	memset(q, 0, sizeof(*q));
}

static json_t *
strv_json(const struct strv *sv)
{
	json_t *a = json_array();

	for (size_t i = 0; i < sv->n; i++)
		json_array_append_new(a, json_string(sv->v[i]));
	return a;
}

json_t *
gquery_json(const struct gquery *q)
{
	json_t *o = json_object();

	rec_set_str(o, "kind", gquery_kind_name(q->kind));
	if (q->name != NULL)
		rec_set_str(o, q->kind == Q_REGISTRATION ? "type_string" :
		    "name", q->name);
	rec_set_str(o, "pattern", q->pattern);
	rec_set_str(o, "value", q->value_pat);
	rec_set_str(o, "recv", q->recv);
	rec_set_str(o, "in_type", q->in_type);
	if (q->paths.n > 0)
		rec_set(o, "path", strv_json(&q->paths));
	if (q->include.n > 0)
		rec_set(o, "include", strv_json(&q->include));
	if (q->exclude.n > 0)
		rec_set(o, "exclude", strv_json(&q->exclude));
	if (q->signals.n > 0 && (q->kind == Q_SCALE ||
	    q->kind == Q_DISPATCH || q->kind == Q_READERS))
		rec_set(o, "signals", strv_json(&q->signals));
	rec_set_str(o, "tests", test_names[q->tests]);
	rec_set(o, "generated", json_boolean(q->generated));
	if (q->whole_block)
		rec_set(o, "whole_block", json_true());
	if (q->enclosing)
		rec_set(o, "enclosing", json_true());
	if (q->code_only)
		rec_set(o, "code_only", json_true());
	if (q->unique)
		rec_set(o, "unique", json_true());
	if (q->expect_none)
		rec_set(o, "expect_none", json_true());
	rec_set_str(o, "variant", q->variant);
	return o;
}

void
ghits_add(struct ghits *h, size_t start, size_t end, size_t doc,
    const char *symbol, json_t *facts)
{
	struct ghit *g;

	if (h->n == h->cap) {
		h->cap = h->cap ? h->cap * 2 : 8;
		h->v = xreallocarray(h->v, h->cap, sizeof(*h->v));
	}
	g = &h->v[h->n++];
	g->start = start;
	g->end = end > start ? end : start;
	g->doc = doc < start ? doc : start;
	g->symbol = symbol ? xstrdup(symbol) : NULL;
	g->def = NULL;
	g->facts = facts ? facts : json_object();
}

void
ghits_free(struct ghits *h)
{
	for (size_t i = 0; i < h->n; i++) {
		free(h->v[i].symbol);
		free(h->v[i].def);
		json_decref(h->v[i].facts);
	}
	free(h->v);
	memset(h, 0, sizeof(*h));
}

static bool
glob_match(const char *glob, const char *path)
{
	const char *base = strrchr(path, '/');

	if (strchr(glob, '/') != NULL)
		return fnmatch(glob, path, 0) == 0;
	return fnmatch(glob, base ? base + 1 : path, 0) == 0;
}

bool
gquery_wants_path(const struct gquery *q, const char *path)
{
	bool test = str_has_suffix(path, "_test.go"), inc = false;

	if (q->nalts > 0) {
		for (size_t i = 0; i < q->nalts; i++)
			if (gquery_wants_path(&q->alts[i], path))
				return true;
		return false;
	}
	if (q->include.n == 0) {
		if (q->kind == Q_YAML)
			inc = str_has_suffix(path, ".yaml") ||
			    str_has_suffix(path, ".yml");
		else
			inc = str_has_suffix(path, ".go");
	}
	for (size_t i = 0; i < q->include.n && !inc; i++)
		inc = glob_match(q->include.v[i], path);
	if (!inc)
		return false;
	for (size_t i = 0; i < q->exclude.n; i++)
		if (glob_match(q->exclude.v[i], path))
			return false;
	if ((q->tests == QT_EXCLUDE && test) || (q->tests == QT_ONLY && !test))
		return false;
	if (q->paths.n > 0) {
		bool any = false;

		for (size_t i = 0; i < q->paths.n && !any; i++)
			any = strstr(path, q->paths.v[i]) != NULL;
		if (!any)
			return false;
	}
	return true;
}

bool
gquery_wants_file(const struct gquery *q, const char *path, bool generated)
{
	return gquery_wants_path(q, path) && (q->generated || !generated);
}

bool
gquery_may_match(const struct gquery *q, const char *src, size_t len)
{
	if (q->literal == NULL)
		return true;
	return go_find_bytes(src, len, q->literal) != NULL;
}

void
goq_file(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	switch (q->kind) {
	case Q_FUNC: goq_func(q, f, ix, out); break;
	case Q_TYPE: goq_type(q, f, ix, out); break;
	case Q_FIELD: goq_field(q, f, ix, out); break;
	case Q_CONST: case Q_VAR: goq_value(q, f, ix, out); break;
	case Q_ASSIGN: goq_assign(q, f, ix, out); break;
	case Q_CALL: goq_call(q, f, ix, out); break;
	case Q_KEYVAL: goq_keyval(q, f, ix, out); break;
	case Q_STRING: goq_string(q, f, ix, out); break;
	case Q_REGEX: goq_regex(q, f, ix, out); break;
	case Q_SCALE: goq_scale(q, f, ix, out); break;
	case Q_DISPATCH: goq_dispatch(q, f, ix, out); break;
	case Q_READERS: goq_readers(q, f, ix, out); break;
	case Q_YAML: case Q_REGISTRATION: break;
	}
}
