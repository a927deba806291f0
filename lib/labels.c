/* labels.c - see labels.h. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "infile.h"
#include "labels.h"
#include "str.h"

static void
rule_free(struct lrule *r)
{
	free(r->id);
	free(r->kind);
	free(r->op);
	free(r->prev_op);
	free(r->re_text);
	regfree(&r->re);
}

void
lrules_free(struct lrules *rs)
{
	for (size_t i = 0; i < rs->n; i++)
		rule_free(&rs->r[i]);
	free(rs->r);
	free(rs->period);
	free(rs->path);
	memset(rs, 0, sizeof(*rs));
}

static bool
is_word(const char *s)
{
	if (*s == '\0')
		return false;
	for (; *s; s++)
		if (!(isalnum((unsigned char)*s) || strchr("_.-:", *s)))
			return false;
	return true;
}

struct ctx {
	const char	*label;
	long		 line;
	const char	*text;	/* line start */
};

static _Noreturn void
bad(const struct ctx *c, const char *at, const char *what, const char *got)
{
	s2r_die_at(c->label, c->line, (long)(at - c->text) + 1,
	    "expected %s, got %s", what, got);
}

static int
stage_arg(const struct ctx *c, const char *at, const char *v)
{
	int s = kstage_parse(v);

	if (s > ST_UNKNOWN)
		return s;
	if (strcmp(v, "any") == 0)
		return -1;
	bad(c, at, "stage=prefill|decode|mixed|any", v);
}

static void
set_word(const struct ctx *c, const char *at, char **dst, const char *v,
    const char *key)
{
	char what[64];

	snprintf(what, sizeof(what), "a name after %s= (letters, digits, "
	    "_ . - :)", key);
	if (!is_word(v))
		bad(c, at, what, *v ? v : "nothing");
	free(*dst);
	*dst = xstrdup(v);
}

static void
set_key(const struct ctx *c, struct lrule *r, const char *at, char *tok)
{
	char *eq = strchr(tok, '=');
	const char *v = eq ? eq + 1 : NULL;
	int64_t n;

	if (eq)
		*eq = '\0';
	if (strcmp(tok, "inherit") == 0 && !v) {
		r->inherit = true;
	} else if (strcmp(tok, "helper") == 0 && !v) {
		r->helper = true;
	} else if (strcmp(tok, "kind") == 0 && v) {
		set_word(c, at, &r->kind, v, "kind");
	} else if (strcmp(tok, "op") == 0 && v) {
		set_word(c, at, &r->op, v, "op");
	} else if (strcmp(tok, "prev_op") == 0 && v) {
		set_word(c, at, &r->prev_op, v, "prev_op");
	} else if (strcmp(tok, "stage") == 0 && v) {
		r->stage = stage_arg(c, at, v);
	} else if (strcmp(tok, "nth") == 0 && v) {
		if (strcmp(v, "tail") == 0)
			r->nth = NTH_TAIL;
		else if (parse_i64(v, strlen(v), &n) && n >= 1 && n <= 64)
			r->nth = (int)n;
		else
			bad(c, at, "nth=1..64 or nth=tail", v);
	} else {
		bad(c, at, "kind= op= nth= stage= prev_op= inherit helper or "
		    "re=", tok);
	}
}

static void
parse_rule(const struct ctx *c, char *line, struct lrule *r)
{
	char *p = line + 4, *re;
	int err;

	memset(r, 0, sizeof(*r));
	r->stage = -1;
	r->line = c->line;
	re = strstr(p, " re=");
	if (re == NULL)
		bad(c, line + strlen(line), "re=ERE at the end of the rule",
		    "none");
	*re = '\0';
	re += 4;
	for (char *tok = strtok(p, " \t"); tok; tok = strtok(NULL, " \t")) {
		const char *at = c->text + (tok - line);

		if (r->id == NULL) {
			if (strchr(tok, '='))
				bad(c, at, "a rule id first", tok);
			set_word(c, at, &r->id, tok, "rule");
			continue;
		}
		set_key(c, r, at, tok);
	}
	if (r->id == NULL)
		bad(c, line + 4, "a rule id", "none");
	if (r->kind == NULL)
		bad(c, line + 4, "kind=KIND", "none");
	while (*re == ' ' || *re == '\t')
		re++;
	if (*re == '\0')
		bad(c, re, "a regular expression after re=", "nothing");
	r->re_text = xstrdup(re);
	/* no REG_NOSUB: lrule_via_qualifier() needs where it matched */
	err = regcomp(&r->re, re, REG_EXTENDED | REG_ICASE);
	if (err != 0) {
		char msg[128];

		regerror(err, &r->re, msg, sizeof(msg));
		bad(c, c->text + (re - line), "a POSIX extended regular "
		    "expression", msg);
	}
	if (r->op == NULL)
		r->op = xstrdup(r->kind);
}

static void
assign_kinds(struct lrules *rs)
{
	rs->period = xcalloc(rs->n + 1, sizeof(*rs->period));
	for (size_t i = 0; i < rs->n; i++) {
		size_t k;

		for (k = 0; k < i; k++)
			if (strcmp(rs->r[k].kind, rs->r[i].kind) == 0)
				break;
		rs->r[i].kid = k < i ? rs->r[k].kid : (int)rs->nkinds++;
	}
	for (size_t i = 0; i < rs->n; i++)
		if (rs->r[i].nth > rs->period[rs->r[i].kid])
			rs->period[rs->r[i].kid] = rs->r[i].nth;
}

void
lrules_parse(struct lrules *rs, const char *label, const char *text,
    size_t len)
{
	size_t cap = 0, off = 0;
	struct ctx c = { label, 0, NULL };

	memset(rs, 0, sizeof(*rs));
	rs->path = xstrdup(label);
	while (off < len) {
		const char *nl = memchr(text + off, '\n', len - off);
		size_t n = nl ? (size_t)(nl - (text + off)) : len - off;
		char *line = xstrndup(text + off, n);
		char *p = line;

		c.line++;
		c.text = line;
		off += n + (nl != NULL);
		if (n > 0 && line[n - 1] == '\r')
			line[n - 1] = '\0';
		if (strlen(line) != strlen(p) || memchr(text + off - n -
		    (nl != NULL), '\0', n) != NULL)
			bad(&c, line, "text", "a NUL byte");
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\0' || *p == '#') {
			free(line);
			continue;
		}
		if (strncmp(p, "rule", 4) != 0 || (p[4] != ' ' &&
		    p[4] != '\t')) {
			long col = (long)(p - c.text) + 1;

			free(line);
			s2r_die_at(label, c.line, col, "expected \"rule ID "
			    "kind=... re=ERE\" or a # comment, got another "
			    "line");
		}
		if (rs->n == cap) {
			cap = cap ? cap * 2 : 32;
			rs->r = xreallocarray(rs->r, cap, sizeof(*rs->r));
		}
		parse_rule(&c, p, &rs->r[rs->n]);
		for (size_t k = 0; k < rs->n; k++)
			if (strcmp(rs->r[k].id, rs->r[rs->n].id) == 0)
				s2r_die_at(label, c.line, 6, "expected a new "
				    "rule id, got \"%s\" again (line %ld)",
				    rs->r[k].id, rs->r[k].line);
		rs->n++;
		free(line);
	}
	if (rs->n == 0)
		s2r_die_at(label, c.line > 0 ? c.line : 1, 1,
		    "expected at least one rule, got none");
	assign_kinds(rs);
}

void
lrules_load(struct lrules *rs, const char *path)
{
	FILE *f = infile_open(path, NULL);
	struct sbuf b = {0};
	char buf[8192];
	size_t n;

	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		sbuf_add(&b, buf, n);
	if (ferror(f))
		s2r_die("%s: read error", path);
	if (f != stdin)
		fclose(f);
	lrules_parse(rs, path, b.s ? b.s : "", b.len);
	sbuf_free(&b);
}

static bool
is_ident(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static bool
word_cut(const char *name, size_t at)
{
	return at > 0 && isalnum((unsigned char)name[at - 1]) &&
	    isalnum((unsigned char)name[at]);
}

/* Whether [so, eo) lies inside one identifier followed by "::" and cuts
 * one of its words; *qs, *qe: that identifier. */
static bool
in_qualifier(const char *name, size_t so, size_t eo, size_t *qs, size_t *qe)
{
	size_t s = so, e = eo;

	if (eo <= so)
		return false;
	for (size_t k = so; k < eo; k++)
		if (!is_ident(name[k]))
			return false;
	while (s > 0 && is_ident(name[s - 1]))
		s--;
	while (is_ident(name[e]))
		e++;
	if (name[e] != ':' || name[e + 1] != ':')
		return false;
	if (!(so > s && word_cut(name, so)) && !(eo < e && word_cut(name, eo)))
		return false;
	*qs = s;
	*qe = e;
	return true;
}

/* Every match of the ERE is looked at (each start position once), so a
 * pattern that also matches the kernel's own name is never flagged.  A
 * name has few qualifiers: the loop ends at the first match outside one
 * or after MAX_MATCHES inside them. */
#define MAX_MATCHES	64

bool
lrule_via_qualifier(const struct lrule *r, const char *name, size_t *qual,
    size_t *qlen)
{
	size_t off = 0, len = strlen(name), qs, qe;
	regmatch_t m;
	int seen = 0;

	while (off <= len && regexec(&r->re, name + off, 1, &m,
	    off > 0 ? REG_NOTBOL : 0) == 0) {
		size_t so = off + (size_t)m.rm_so, eo = off + (size_t)m.rm_eo;

		if (!in_qualifier(name, so, eo, &qs, &qe) ||
		    ++seen > MAX_MATCHES)
			return false;
		if (seen == 1) {
			*qual = qs;
			*qlen = qe - qs;
		}
		off = so + 1;
	}
	return seen > 0;
}

void
lnames_build(const struct lrules *rs, const struct ktrace *t,
    struct lnames *ln)
{
	size_t q, ql;

	ln->n = t->names.n;
	ln->first = xcalloc(ln->n + 1, sizeof(*ln->first));
	ln->xfam = xcalloc(ln->n + 1, sizeof(*ln->xfam));
	for (size_t i = 0; i < ln->n; i++) {
		ln->first[i] = -1;
		for (size_t k = 0; k < rs->n; k++) {
			if (regexec(&rs->r[k].re, t->names.s[i], 0, NULL,
			    0) == 0) {
				ln->first[i] = (int)k;
				ln->xfam[i] = lrule_via_qualifier(&rs->r[k],
				    t->names.s[i], &q, &ql);
				break;
			}
		}
	}
}

void
lnames_free(struct lnames *ln)
{
	free(ln->first);
	free(ln->xfam);
	memset(ln, 0, sizeof(*ln));
}

static const struct ktrace *sort_trace;	/* qsort has no context */

static int
cmp_stream_start(const void *a, const void *b)
{
	const struct kop *x = &sort_trace->ops[*(const size_t *)a];
	const struct kop *y = &sort_trace->ops[*(const size_t *)b];

	if (x->stream != y->stream)
		return x->stream < y->stream ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static bool
rule_holds(const struct lrule *r, const char *name, int nth, int stage,
    const char *prev_op)
{
	if (regexec(&r->re, name, 0, NULL, 0) != 0)
		return false;
	if (r->stage >= 0 && r->stage != stage)
		return false;
	if (r->nth != NTH_ANY && r->nth != nth)
		return false;
	if (r->prev_op && (prev_op == NULL || strcmp(r->prev_op, prev_op)))
		return false;
	return true;
}

/* Labels one stream's kernels idx[a, b). */
static void
label_stream(const struct lrules *rs, const struct lnames *ln,
    const struct ktrace *t, const size_t *idx, size_t a, size_t b,
    int stage, struct llabel *out)
{
	int *total = xcalloc(rs->nkinds + 1, sizeof(*total));
	int *seen = xcalloc(rs->nkinds + 1, sizeof(*seen));
	const char *prev_op = NULL, *prev_any = NULL;

	for (size_t k = a; k < b; k++) {
		int f = ln->first[t->ops[idx[k]].name];

		if (f >= 0 && !rs->r[f].inherit)
			total[rs->r[f].kid]++;
	}
	for (size_t k = a; k < b; k++) {
		const char *name = t->names.s[t->ops[idx[k]].name];
		int f = ln->first[t->ops[idx[k]].name];
		struct llabel *l = &out[k];
		int kid, nth = NTH_ANY;

		l->rule = f;
		l->op = NULL;
		l->kind = NULL;
		l->helper = false;
		if (f < 0)
			continue;
		kid = rs->r[f].kid;
		l->kind = rs->r[f].kind;
		l->helper = rs->r[f].helper;
		if (rs->r[f].inherit) {
			l->op = prev_any ? prev_any : rs->r[f].op;
			prev_any = l->op;
			continue;
		}
		seen[kid]++;
		if (rs->period[kid] > 0) {
			int p = rs->period[kid];
			int layers = total[kid] / p;

			nth = seen[kid] <= p * layers ?
			    (seen[kid] - 1) % p + 1 : NTH_TAIL;
		}
		l->op = rs->r[f].kind;	/* when no rule's conditions hold */
		for (size_t j = (size_t)f; j < rs->n; j++) {
			if (rs->r[j].kid != kid || rs->r[j].inherit)
				continue;
			if (rule_holds(&rs->r[j], name, nth, stage, prev_op)) {
				l->rule = (int)j;
				l->op = rs->r[j].op;
				l->helper = rs->r[j].helper;
				break;
			}
		}
		prev_any = l->op;
		if (!l->helper)
			prev_op = l->op;
	}
	free(total);
	free(seen);
}

void
label_iteration(const struct lrules *rs, const struct lnames *ln,
    const struct ktrace *t, size_t *idx, size_t n, int stage,
    struct llabel *out)
{
	size_t a = 0;

	sort_trace = t;
	qsort(idx, n, sizeof(*idx), cmp_stream_start);
	while (a < n) {
		size_t b = a + 1;

		while (b < n && t->ops[idx[b]].stream == t->ops[idx[a]].stream)
			b++;
		label_stream(rs, ln, t, idx, a, b, stage, out);
		a = b;
	}
}

void
label_device(const struct lrules *rs, const struct ktrace *t, int32_t dev,
    struct llabel *out)
{
	size_t *sub = xcalloc(t->nops + 1, sizeof(*sub));
	struct llabel *sl = xcalloc(t->nops + 1, sizeof(*sl));
	struct lnames ln;
	struct kbyiter g;

	lnames_build(rs, t, &ln);
	ktrace_by_iter(t, &g);
	for (size_t s = 0; s <= t->niters; s++) {
		size_t m = 0;

		for (size_t k = g.off[s]; k < g.off[s + 1]; k++)
			if (t->ops[g.idx[k]].dev == dev)
				sub[m++] = g.idx[k];
		/* position in the layer counts: per iteration */
		label_iteration(rs, &ln, t, sub, m, s < t->niters ?
		    t->iters[s].stage : ST_UNKNOWN, sl);
		for (size_t k = 0; k < m; k++)
			out[sub[k]] = sl[k];
	}
	kbyiter_free(&g);
	lnames_free(&ln);
	free(sub);
	free(sl);
}

/* ---- audit ----------------------------------------------------------- */

void
laudit_init(struct laudit *a, const struct lrules *rs)
{
	a->hits = xcalloc(rs->n + 1, sizeof(*a->hits));
	a->reach = xcalloc(rs->n + 1, sizeof(*a->reach));
	a->shadow = xcalloc(rs->n + 1, sizeof(*a->shadow));
	a->example = xcalloc(rs->n + 1, sizeof(*a->example));
	for (size_t k = 0; k < rs->n; k++)
		a->shadow[k] = -1;
}

int
laudit_name(struct laudit *a, const struct lrules *rs, const char *name)
{
	int first = -1;

	for (size_t k = 0; k < rs->n; k++) {
		if (regexec(&rs->r[k].re, name, 0, NULL, 0) != 0)
			continue;
		a->hits[k]++;
		if (first < 0)
			first = (int)k;
		if (strcmp(rs->r[k].kind, rs->r[first].kind) == 0) {
			a->reach[k]++;	/* level 2 sees it */
		} else if (a->shadow[k] < 0) {
			a->shadow[k] = first;
			a->example[k] = name;
		}
	}
	return first;
}

void
laudit_free(struct laudit *a)
{
	free(a->hits);
	free(a->reach);
	free(a->shadow);
	free(a->example);
	memset(a, 0, sizeof(*a));
}
