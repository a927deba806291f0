/* kmatch.c - see kmatch.h. */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "kcause.h"
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

/* An optional count >= 0 of a slot (batch, tokens); -1 when absent. */
static int64_t
slot_count(json_t *rec, const char *key, struct ndjson_reader *r)
{
	int64_t v;

	if (json_object_get(rec, key) == NULL)
		return -1;
	if (!rec_get_i64(rec, key, &v) || v < 0)
		s2r_die_at(r->path, r->line, 1, "slot: expected an integer "
		    "\"%s\" >= 0", key);
	return v;
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
	s->kernel = slot_word(rec, "kernel", r, false);
	if (s->kernel != NULL && *s->kernel == '\0')
		s2r_die_at(r->path, r->line, 1, "slot: expected \"kernel\" to "
		    "be a fragment of a kernel name, got an empty string");
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
	s->batch = slot_count(rec, "batch", r);
	s->tokens = slot_count(rec, "tokens", r);
	s->crit_ns = unit * count;
	s->pred_ns = unit * count;
	s->count = count;
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
		free(ss->s[i].kernel);
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

/* The row's part for kernel name id name. */
static void
akern_add(struct aop *a, uint32_t name, int64_t ns, int64_t calls)
{
	for (size_t i = 0; i < a->nkern; i++) {	/* a few names a row */
		if (a->kern[i].name == name) {
			a->kern[i].ns += ns;
			a->kern[i].calls += calls;
			return;
		}
	}
	a->kern = xroom(a->kern, a->nkern, sizeof(*a->kern));
	a->kern[a->nkern++] = (struct akern){ name, ns, calls };
}

static bool
slot_applies(const struct kslot *s, const struct kiter *it)
{
	if (s->iter != K_NONE)
		return s->iter == it->id;
	return s->stage < 0 || s->stage == it->stage;
}

/* Whether slot s states a batch (requests, tokens) other than the one
 * the iteration's marker ran (vLLM's execute_context_N(T)_generation_M(U):
 * N + M requests, T + U tokens); unknown counts never differ. */
static bool
batch_differs(const struct kslot *s, const struct kiter *it)
{
	int64_t reqs = it->ctx_reqs < 0 || it->gen_reqs < 0 ? -1 :
	    it->ctx_reqs + it->gen_reqs;
	int64_t toks = it->ctx_toks < 0 || it->gen_toks < 0 ? -1 :
	    it->ctx_toks + it->gen_toks;

	return (s->batch >= 0 && reqs >= 0 && s->batch != reqs) ||
	    (s->tokens >= 0 && toks >= 0 && s->tokens != toks);
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
		if (ln->xfam[op->name])
			a->xfam_ns += op->dur;
		akern_add(a, op->name, op->dur, 1);
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
		/* A slot for this iteration id made for another stage: the
		 * slots' numbering does not follow the trace's markers. */
		if (s->iter != K_NONE && s->stage > ST_UNKNOWN &&
		    it->stage != ST_UNKNOWN && s->stage != it->stage)
			ai->slot_stage = s->stage;
		if (s->batch >= 0 || s->tokens >= 0) {
			ai->batch_stated = true;
			if (ai->batch_slot == NULL && batch_differs(s, it))
				ai->batch_slot = s;
		}
		a = aop_get(&ai->ops, &ai->nops, s->op);
		a->sim += s->crit_ns;
		a->pred += s->pred_ns;
		a->units += s->count;
		a->slots++;
		if (a->slot_line == 0)
			a->slot_line = s->line;
		if (a->kernel == NULL && s->kernel != NULL) {
			a->kernel = s->kernel;
			a->kernel_line = s->line;
		}
		if (a->category == NULL && s->category)
			a->category = s->category;
		ai->sim += s->crit_ns;
		ai->has_slots = true;
	}
}

/* The kernels of row r labeled through a qualifier fragment, by name. */
static void
fold_xfam(struct amatch *m, const struct aop *r)
{
	for (size_t k = 0; k < r->nkern; k++) {
		uint32_t name = r->kern[k].name;

		if (!m->ln.xfam[name])
			continue;
		m->xfam_ns[name] += r->kern[k].ns;
		m->xfam_calls[name] += r->kern[k].calls;
		m->xfam_op[name] = r->op;
	}
}

/* Row r (of aggregate a) against the scale of its slots: kernels that
 * ran where the slots predict 0 ns, or a number of times no multiple of
 * the units the slots charge. */
static void
fold_scale(struct amatch *m, struct aop *a, struct aop *r, int64_t iter,
    bool paired)
{
	/* Kernels ran where the slots predict nothing at all (not a
	 * slot off the critical path: its unit_ns x count is 0). */
	if (r->meas > 0 && r->slots > 0 && r->pred == 0) {
		if (a->zero_rows++ == 0) {
			a->zero_iter = iter;
			a->zero_line = r->slot_line;
		}
		a->zero_ns += r->meas;
		m->zero_ns += r->meas;
		r->zero_rows = 1;
	}
	/* A slot charging count units of an operation whose kernels
	 * ran a number of times no multiple of it: the slots are for
	 * another depth or structure (layers, experts). */
	if (paired && r->units > 1 && r->calls % r->units != 0) {
		if (a->units_off_rows++ == 0) {
			a->units_calls = r->calls;
			a->units_count = r->units;
			a->units_iter = iter;
		}
		a->units_off_ns += r->meas;
		m->units_off_ns += r->meas;
	}
}

/* A paired row whose slots name the kernel their cost assumes (a
 * fragment): the time of its kernels whose names lack it.  The timing
 * may agree and still come from another backend (FlashInfer where the
 * cost profiled FlashAttention), which holds at these shapes only. */
static void
fold_foreign(struct amatch *m, struct aop *a, const struct aop *r,
    int64_t iter)
{
	const struct ktrace *t = m->rank->t;
	int64_t ns = 0, best = 0;
	uint32_t name = 0;

	if (r->kernel == NULL || r->meas <= 0 || r->sim <= 0)
		return;
	for (size_t k = 0; k < r->nkern; k++) {
		if (strstr(t->names.s[r->kern[k].name], r->kernel) != NULL)
			continue;
		ns += r->kern[k].ns;
		if (r->kern[k].ns > best)
			best = r->kern[k].ns, name = r->kern[k].name;
	}
	if (ns == 0)
		return;
	if (a->foreign_rows++ == 0) {
		a->foreign_iter = iter;
		a->foreign_name = name;
	}
	a->foreign_ns += ns;
	m->foreign_ns += ns;
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
		fold_scale(m, a, r, ai->id, paired);
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
		a->xfam_ns += r->xfam_ns;
		a->n_iter++;
		a->n_paired += paired;
		if (a->slot_line == 0)
			a->slot_line = r->slot_line;
		if (a->kernel == NULL && r->kernel != NULL) {
			a->kernel = r->kernel;
			a->kernel_line = r->kernel_line;
		}
		fold_xfam(m, r);
		fold_foreign(m, a, r, ai->id);
		for (size_t k = 0; k < r->nnames; k++)
			aop_name(a, r->names[k]);
	}
	m->meas += ai->meas;
	m->sim += ai->sim;
	m->mapped_meas += ai->mapped_meas;
	m->mapped_sim += ai->mapped_sim;
}

/* Iteration s of the rank, measured and simulated, folded into the
 * totals when both sides have it. */
static void
match_iter(const struct lrules *rs, const struct kslots *ss,
    const struct kbyiter *g, size_t s, size_t *idx, struct amatch *m)
{
	const struct krank *rk = m->rank;
	const struct ktrace *t = rk->t;
	struct aiter *ai = &m->it[s];
	size_t n = 0;

	ai->src = &t->iters[s];
	ai->id = t->iters[s].id;
	ai->stage = t->iters[s].stage;
	ai->marker = t->names.s[t->iters[s].name];
	ai->line = t->iters[s].line;
	ai->column = t->iters[s].column;
	ai->slot_stage = -1;
	for (size_t k = g->off[s]; k < g->off[s + 1]; k++)
		if (t->ops[g->idx[k]].dev == rk->dev)
			idx[n++] = g->idx[k];
	measure_iter(rs, &m->ln, rk, s, idx, n, ai);
	simulate_iter(ss, &t->iters[s], ai);
	ai->lost = t->iters[s].lost;
	if (ai->has_ops && ai->has_slots && ai->lost > 0) {
		/* part of its kernels never reached the trace: its measured
		 * time is no measurement of the iteration */
		if (m->incomplete++ == 0)
			m->first_incomplete = ai;
		m->lost += ai->lost;
		m->lost_graph += t->iters[s].lost_graph;
	} else if (ai->has_ops && ai->has_slots) {
		m->compared++;
		if (ai->slot_stage >= 0 && m->stage_mismatch++ == 0)
			m->first_mismatch = ai;
		m->batch_stated += ai->batch_stated;
		if (ai->batch_slot != NULL && m->batch_mismatch++ == 0)
			m->first_batch = ai;
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
	struct kbyiter g;
	size_t *idx = xcalloc(t->nops + 1, sizeof(*idx));
	size_t nn = t->names.n + 1;

	memset(m, 0, sizeof(*m));
	m->rank = rk;
	m->rs = rs;
	ktrace_by_iter(t, &g);
	lnames_build(rs, t, &m->ln);
	m->xfam_ns = xcalloc(nn, sizeof(*m->xfam_ns));
	m->xfam_calls = xcalloc(nn, sizeof(*m->xfam_calls));
	m->xfam_op = xcalloc(nn, sizeof(*m->xfam_op));
	m->it = xcalloc(t->niters + 1, sizeof(*m->it));
	m->nit = t->niters;
	for (size_t s = 0; s < t->niters; s++)
		match_iter(rs, ss, &g, s, idx, m);
	for (size_t i = 0; i < m->nops; i++) {
		m->paired_meas += m->ops[i].paired_meas;
		m->paired_sim += m->ops[i].paired_sim;
		m->abs_err += m->ops[i].abs_err;
	}
	kcause(m, op_tol);
	kbyiter_free(&g);
	free(idx);
}

static void
aops_free(struct aop *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].op);
		free(v[i].kern);
	}
	free(v);
}

void
kmatch_free(struct amatch *m)
{
	for (size_t i = 0; i < m->nit; i++)
		aops_free(m->it[i].ops, m->it[i].nops);
	free(m->it);
	aops_free(m->ops, m->nops);
	lnames_free(&m->ln);
	free(m->xfam_ns);
	free(m->xfam_calls);
	free(m->xfam_op);
	memset(m, 0, sizeof(*m));
}
