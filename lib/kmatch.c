/* kmatch.c - see kmatch.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "kmatch.h"
#include "krec.h"
#include "rec.h"
#include "str.h"

/* ---- simulated slots ------------------------------------------------- */

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
	if (json_object_get(rec, "iter") && !rec_get_i64(rec, "iter", &s->iter))
		s2r_die_at(r->path, r->line, 1, "slot: expected an integer "
		    "\"iter\"");
	if (!rec_get_i64(rec, "unit_ns", &unit) || unit < 0)
		s2r_die_at(r->path, r->line, 1, "slot: expected an integer "
		    "\"unit_ns\" >= 0");
	if (json_object_get(rec, "count") &&
	    (!rec_get_i64(rec, "count", &count) || count < 0))
		s2r_die_at(r->path, r->line, 1, "slot: expected an integer "
		    "\"count\" >= 0");
	if (count != 0 && unit > INT64_MAX / count)
		s2r_die_at(r->path, r->line, 1, "slot: unit_ns * count "
		    "overflows");
	s->crit_ns = unit * count;
	if (json_object_get(rec, "crit_ns")) {
		if (!rec_get_i64(rec, "crit_ns", &v) || v < 0)
			s2r_die_at(r->path, r->line, 1, "slot: expected an "
			    "integer \"crit_ns\" >= 0");
		s->crit_ns = v;
	}
	if (stage != NULL) {
		s->stage = kstage_parse(stage);
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
 * matched operations weighted by measured time (docs/checks.md
 * §4): m = weighted median of meas/sim, spread = weighted median of
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

/* Iteration s of the rank, measured and simulated, folded into the
 * totals when both sides have it. */
static void
match_iter(const struct lrules *rs, const struct lnames *ln,
    const struct kslots *ss, const struct kbyiter *g, size_t s,
    size_t *idx, struct amatch *m)
{
	const struct krank *rk = m->rank;
	const struct ktrace *t = rk->t;
	struct aiter *ai = &m->it[s];
	size_t n = 0;

	ai->id = t->iters[s].id;
	ai->stage = t->iters[s].stage;
	ai->marker = t->names.s[t->iters[s].name];
	ai->line = t->iters[s].line;
	ai->column = t->iters[s].column;
	for (size_t k = g->off[s]; k < g->off[s + 1]; k++)
		if (t->ops[g->idx[k]].dev == rk->dev)
			idx[n++] = g->idx[k];
	measure_iter(rs, ln, rk, s, idx, n, ai);
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

void
kmatch(const struct lrules *rs, const struct kslots *ss,
    const struct krank *rk, double op_tol, struct amatch *m)
{
	const struct ktrace *t = rk->t;
	struct lnames ln;
	struct kbyiter g;
	size_t *idx = xcalloc(t->nops + 1, sizeof(*idx));

	memset(m, 0, sizeof(*m));
	m->rank = rk;
	ktrace_by_iter(t, &g);
	lnames_build(rs, t, &ln);
	m->it = xcalloc(t->niters + 1, sizeof(*m->it));
	m->nit = t->niters;
	for (size_t s = 0; s < t->niters; s++)
		match_iter(rs, &ln, ss, &g, s, idx, m);
	for (size_t i = 0; i < m->nops; i++) {
		m->paired_meas += m->ops[i].paired_meas;
		m->paired_sim += m->ops[i].paired_sim;
		m->abs_err += m->ops[i].abs_err;
	}
	cause(m, op_tol);
	lnames_free(&ln);
	kbyiter_free(&g);
	free(idx);
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
