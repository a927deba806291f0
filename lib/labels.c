/* labels.c - see labels.h. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
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
	for (int s = ST_PREFILL; s < ST_NSTAGES; s++)
		if (strcmp(v, kstage_name(s)) == 0)
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
	err = regcomp(&r->re, re, REG_EXTENDED | REG_ICASE | REG_NOSUB);
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
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	struct sbuf b = {0};
	char buf[8192];
	size_t n;

	if (f == NULL)
		s2r_die("%s: cannot open: %s", path, strerror(errno));
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		sbuf_add(&b, buf, n);
	if (ferror(f))
		s2r_die("%s: read error", path);
	if (f != stdin)
		fclose(f);
	lrules_parse(rs, path, b.s ? b.s : "", b.len);
	sbuf_free(&b);
}

void
lnames_build(const struct lrules *rs, const struct ktrace *t,
    struct lnames *ln)
{
	ln->n = t->names.n;
	ln->first = xcalloc(ln->n + 1, sizeof(*ln->first));
	for (size_t i = 0; i < ln->n; i++) {
		ln->first[i] = -1;
		for (size_t k = 0; k < rs->n; k++) {
			if (regexec(&rs->r[k].re, t->names.s[i], 0, NULL,
			    0) == 0) {
				ln->first[i] = (int)k;
				break;
			}
		}
	}
}

void
lnames_free(struct lnames *ln)
{
	free(ln->first);
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

/* ---- simulated slots ------------------------------------------------- */

#include <math.h>

#include "rec.h"

static bool
slot_i64(json_t *rec, const char *key, int64_t *out)
{
	json_t *v = json_object_get(rec, key);

	if (v == NULL || json_is_null(v))
		return false;
	if (!json_is_integer(v))
		return false;
	*out = json_integer_value(v);
	return true;
}

static char *
slot_word(json_t *rec, const char *key, struct ndjson_reader *r,
    bool required)
{
	const char *v = rec_get_str(rec, key);

	if (v == NULL && json_object_get(rec, key) != NULL)
		s2r_die_at(r->path, r->line, 1, "slot: expected a string "
		    "\"%s\", got another JSON value", key);
	if (v == NULL && required)
		s2r_die_at(r->path, r->line, 1, "slot: expected a string "
		    "\"%s\", got none", key);
	return v ? xstrdup(v) : NULL;
}

static void
slot_read(struct kslot *s, json_t *rec, struct ndjson_reader *r)
{
	int64_t unit = 0, count = 1, v;
	const char *stage = rec_get_str(rec, "stage");

	memset(s, 0, sizeof(*s));
	s->line = r->line;
	s->iter = K_NONE;
	s->stage = -1;
	s->slot = slot_word(rec, "slot", r, true);
	s->op = slot_word(rec, "op", r, false);
	s->category = slot_word(rec, "category", r, false);
	if (s->op == NULL)
		s->op = xstrdup(s->slot);
	if (json_object_get(rec, "iter") && !slot_i64(rec, "iter", &s->iter))
		s2r_die_at(r->path, r->line, 1, "slot: expected an integer "
		    "\"iter\"");
	if (!slot_i64(rec, "unit_ns", &unit) || unit < 0)
		s2r_die_at(r->path, r->line, 1, "slot: expected an integer "
		    "\"unit_ns\" >= 0");
	if (json_object_get(rec, "count") &&
	    (!slot_i64(rec, "count", &count) || count < 0))
		s2r_die_at(r->path, r->line, 1, "slot: expected an integer "
		    "\"count\" >= 0");
	if (count != 0 && unit > INT64_MAX / count)
		s2r_die_at(r->path, r->line, 1, "slot: unit_ns * count "
		    "overflows");
	s->crit_ns = unit * count;
	if (json_object_get(rec, "crit_ns")) {
		if (!slot_i64(rec, "crit_ns", &v) || v < 0)
			s2r_die_at(r->path, r->line, 1, "slot: expected an "
			    "integer \"crit_ns\" >= 0");
		s->crit_ns = v;
	}
	if (stage != NULL) {
		for (int k = 0; k < ST_NSTAGES; k++)
			if (strcmp(stage, kstage_name(k)) == 0)
				s->stage = k;
		if (s->stage < 0 && strcmp(stage, "any") != 0)
			s2r_die_at(r->path, r->line, 1, "slot: expected "
			    "\"stage\" prefill|decode|mixed|any, got \"%s\"",
			    stage);
	}
}

void
kslots_load(struct kslots *ss, const char *path)
{
	struct ndjson_reader r;
	json_t *rec;
	size_t cap = 0;

	memset(ss, 0, sizeof(*ss));
	ss->path = xstrdup(path);
	ndjson_open(&r, path);
	while ((rec = ndjson_next(&r)) != NULL) {
		if (strcmp(rec_get_str(rec, "kind"), "slot") != 0) {
			json_decref(rec);
			continue;
		}
		if (ss->n == cap) {
			cap = cap ? cap * 2 : 64;
			ss->s = xreallocarray(ss->s, cap, sizeof(*ss->s));
		}
		slot_read(&ss->s[ss->n++], rec, &r);
		json_decref(rec);
	}
	ndjson_close(&r);
}

void
kslots_free(struct kslots *ss)
{
	for (size_t i = 0; i < ss->n; i++) {
		free(ss->s[i].slot);
		free(ss->s[i].op);
		free(ss->s[i].category);
	}
	free(ss->s);
	free(ss->path);
	memset(ss, 0, sizeof(*ss));
}

/* ---- A1 comparison -------------------------------------------------- */

static struct aop *
aop_get(struct aop **v, size_t *n, const char *op)
{
	for (size_t i = 0; i < *n; i++)	/* tens of operations */
		if (strcmp((*v)[i].op, op) == 0)
			return &(*v)[i];
	*v = xreallocarray(*v, *n + 1, sizeof(**v));
	memset(&(*v)[*n], 0, sizeof(**v));
	(*v)[*n].op = xstrdup(op);
	return &(*v)[(*n)++];
}

static void
aop_name(struct aop *a, const char *name)
{
	for (size_t i = 0; i < a->nnames; i++)
		if (a->names[i] == name)
			return;
	if (a->nnames < 3)
		a->names[a->nnames++] = name;
}

static bool
slot_applies(const struct kslot *s, const struct kiter *it)
{
	if (s->iter != K_NONE)
		return s->iter == it->id;
	return s->stage < 0 || s->stage == it->stage;
}

/* Measured rows of one iteration, keyed by operation. */
static void
measure_iter(const struct lrules *rs, const struct lnames *ln,
    const struct krank *rk, size_t slot, size_t *idx, size_t n,
    struct aiter *ai)
{
	const struct ktrace *t = rk->t;
	struct llabel *lab = xcalloc(n + 1, sizeof(*lab));
	struct sbuf key = {0};

	label_iteration(rs, ln, t, idx, n, t->iters[slot].stage, lab);
	for (size_t k = 0; k < n; k++) {
		const struct kop *op = &t->ops[idx[k]];
		const char *name = t->names.s[op->name];
		struct aop *a;

		sbuf_reset(&key);
		if (lab[k].op)
			sbuf_adds(&key, lab[k].op);
		else
			sbuf_printf(&key, "unmapped:%s", name);
		a = aop_get(&ai->ops, &ai->nops, key.s);
		a->unlabeled = lab[k].op == NULL;
		a->helper = lab[k].helper;
		a->category = lab[k].kind ? lab[k].kind : kcat_name(op->cat);
		a->meas += op->dur;
		a->calls++;
		aop_name(a, name);
		ai->meas += op->dur;
		ai->kernels++;
	}
	ai->has_ops = n > 0;
	sbuf_free(&key);
	free(lab);
}

static void
simulate_iter(const struct kslots *ss, const struct kiter *it,
    struct aiter *ai)
{
	for (size_t i = 0; i < ss->n; i++) {
		const struct kslot *s = &ss->s[i];
		struct aop *a;

		if (!slot_applies(s, it))
			continue;
		a = aop_get(&ai->ops, &ai->nops, s->op);
		a->sim += s->crit_ns;
		a->slots++;
		if (a->slot_line == 0)
			a->slot_line = s->line;
		if (a->category == NULL && s->category)
			a->category = s->category;
		ai->sim += s->crit_ns;
		ai->has_slots = true;
	}
}

static void
fold(struct amatch *m, struct aiter *ai)
{
	for (size_t i = 0; i < ai->nops; i++) {
		struct aop *r = &ai->ops[i];
		struct aop *a = aop_get(&m->ops, &m->nops, r->op);
		bool paired = r->meas > 0 && r->sim > 0;

		if (paired) {
			ai->mapped_meas += r->meas;
			ai->mapped_sim += r->sim;
			r->paired_meas = r->meas;
			r->paired_sim = r->sim;
			r->abs_err = llabs(r->sim - r->meas);
			r->n_paired = 1;
		}
		r->n_iter = 1;
		a->unlabeled |= r->unlabeled;
		a->helper |= r->helper;
		if (a->category == NULL)
			a->category = r->category;
		a->meas += r->meas;
		a->sim += r->sim;
		a->paired_meas += r->paired_meas;
		a->paired_sim += r->paired_sim;
		a->abs_err += r->abs_err;
		a->calls += r->calls;
		a->slots += r->slots;
		a->n_iter++;
		a->n_paired += paired;
		if (a->slot_line == 0)
			a->slot_line = r->slot_line;
		for (size_t k = 0; k < r->nnames; k++)
			aop_name(a, r->names[k]);
	}
	m->meas += ai->meas;
	m->sim += ai->sim;
	m->mapped_meas += ai->mapped_meas;
	m->mapped_sim += ai->mapped_sim;
}

struct wv {
	double	v, w;
};

static int
cmp_wv(const void *a, const void *b)
{
	double x = ((const struct wv *)a)->v, y = ((const struct wv *)b)->v;

	return x < y ? -1 : x > y;
}

static double
wmedian(struct wv *v, size_t n)
{
	double total = 0, acc = 0;

	qsort(v, n, sizeof(*v), cmp_wv);
	for (size_t i = 0; i < n; i++)
		total += v[i].w;
	for (size_t i = 0; i < n; i++) {
		acc += v[i].w;
		if (acc >= total / 2)
			return v[i].v;
	}
	return NAN;
}

/* Uniform shift (clock/thermal) vs concentrated (model gap), over the
 * matched operations weighted by measured time (reference/kernels.md
 * §5): m = weighted median of meas/sim, spread = weighted median of
 * |ln r - ln m|. */
static void
cause(struct amatch *m, double tol)
{
	struct wv *v = xcalloc(m->nops + 1, sizeof(*v));
	size_t n = 0;
	double lm, total = 0, near = 0;

	for (size_t i = 0; i < m->nops; i++) {
		struct aop *a = &m->ops[i];

		if (a->paired_meas > 0 && a->paired_sim > 0) {
			v[n].v = log((double)a->paired_meas / a->paired_sim);
			v[n++].w = (double)a->paired_meas;
		}
	}
	m->median_ratio = m->spread = m->within = NAN;
	if (n == 0) {
		m->cause = "no_matched_ops";
		free(v);
		return;
	}
	lm = wmedian(v, n);
	for (size_t i = 0; i < n; i++) {
		total += v[i].w;
		if (fabs(exp(v[i].v - lm) - 1) <= 0.05)
			near += v[i].w;
		if (fabs(exp(v[i].v) - 1) > tol)
			m->deviating++;
		v[i].v = fabs(v[i].v - lm);
	}
	m->median_ratio = exp(lm);
	m->spread = wmedian(v, n);
	m->within = near / total;
	if (fabs(lm) < 0.03 && m->deviating == 0)
		m->cause = "none";
	else if (fabs(lm) >= 0.03 && m->spread <= 0.03 && m->within >= 0.8)
		m->cause = "uniform_shift";
	else
		m->cause = "concentrated";
	free(v);
}

void
kmatch(const struct lrules *rs, const struct kslots *ss,
    const struct krank *rk, double op_tol, struct amatch *m)
{
	const struct ktrace *t = rk->t;
	struct lnames ln;
	size_t *idx = xcalloc(t->nops + 1, sizeof(*idx));
	size_t *off = xcalloc(t->niters + 2, sizeof(*off));
	size_t *all = xcalloc(t->nops + 1, sizeof(*all));

	/* this rank's operations grouped by iteration (counting sort) */
	for (size_t j = 0; j < t->nops; j++)
		if (t->ops[j].iter >= 0 && t->ops[j].dev == rk->dev)
			off[t->ops[j].iter + 1]++;
	for (size_t s = 0; s < t->niters; s++)
		off[s + 1] += off[s];
	size_t *fill = xcalloc(t->niters + 1, sizeof(*fill));

	for (size_t j = 0; j < t->nops; j++)
		if (t->ops[j].iter >= 0 && t->ops[j].dev == rk->dev)
			all[off[t->ops[j].iter] + fill[t->ops[j].iter]++] = j;
	free(fill);
	memset(m, 0, sizeof(*m));
	m->rank = rk;
	lnames_build(rs, t, &ln);
	m->it = xcalloc(t->niters + 1, sizeof(*m->it));
	m->nit = t->niters;
	for (size_t s = 0; s < t->niters; s++) {
		struct aiter *ai = &m->it[s];
		size_t n = 0;

		ai->id = t->iters[s].id;
		ai->stage = t->iters[s].stage;
		ai->marker = t->names.s[t->iters[s].name];
		ai->line = t->iters[s].line;
		ai->column = t->iters[s].column;
		for (size_t k = off[s]; k < off[s + 1]; k++)
			idx[n++] = all[k];
		measure_iter(rs, &ln, rk, s, idx, n, ai);
		simulate_iter(ss, &t->iters[s], ai);
		if (ai->has_ops && ai->has_slots) {
			m->compared++;
			fold(m, ai);
		} else if (ai->has_ops) {
			m->meas_only++;
		} else if (ai->has_slots) {
			m->sim_only++;
		}
	}
	for (size_t i = 0; i < m->nops; i++) {
		m->paired_meas += m->ops[i].paired_meas;
		m->paired_sim += m->ops[i].paired_sim;
		m->abs_err += m->ops[i].abs_err;
	}
	cause(m, op_tol);
	lnames_free(&ln);
	free(idx);
	free(off);
	free(all);
}

static void
aops_free(struct aop *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i].op);
	free(v);
}

void
kmatch_free(struct amatch *m)
{
	for (size_t i = 0; i < m->nit; i++)
		aops_free(m->it[i].ops, m->it[i].nops);
	free(m->it);
	aops_free(m->ops, m->nops);
	memset(m, 0, sizeof(*m));
}
