/* kmatch_rec.c - see kmatch_rec.h. */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "kmatch_rec.h"
#include "krec.h"
#include "rec.h"
#include "str.h"
#include "strtab.h"

/* Where the A1 records go and what they are about. */
struct a1w {
	FILE			*out;
	struct amatch		*m;
	const struct kslots	*ss;
	const struct kmatch_opts *o;
};

static const char XFAM_HOW[] = "kernel names whose first matching rule "
    "reaches them only through part of a word of a namespace or class "
    "qualifier (\"gemm\" in \"fbgemm_gpu::\"): a kernel of another "
    "library's family labeled by accident";

static const char XFAM_HOW_A1[] = "kernel names of the compared iterations "
    "whose first matching rule reaches them only through part of a word of "
    "a namespace or class qualifier (\"gemm\" in \"fbgemm_gpu::\"), "
    "with the operation they were given; share = of all measured kernel "
    "time of the rank";

static json_t *
ratio(double num, double den)
{
	return den != 0 ? rec_num(num / den) : json_null();
}

/* ---- --check ------------------------------------------------------- */

static void
emit_check_summary(FILE *out, const char *metric, json_t *details,
    const char *file, const char *how)
{
	json_t *rec = rec_new("summary");

	rec_set_str(rec, "check", "A1");
	rec_set_str(rec, "metric", metric);
	rec_set_i64(rec, "value", (int64_t)json_array_size(details));
	rec_set_str(rec, "unit", "count");
	rec_set(rec, "scope", rec_scope_new());
	rec_set(rec, "details", details);
	rec_set(rec, "source", rec_source(file, 0, 0, NULL, how));
	rec_emit(out, rec);
}

/* A kernel name its first rule reaches only through a qualifier
 * fragment (labels.h): {rule, line, kind, op?, name, qualifier, calls,
 * total_ns}; NULL when the rule reaches it in its own name. */
static json_t *
xfam_entry(const struct lrules *rs, int rule, const char *name,
    const char *op, int64_t calls, int64_t ns)
{
	const struct lrule *r = &rs->r[rule];
	size_t q, qlen;
	json_t *o;

	if (!lrule_via_qualifier(r, name, &q, &qlen))
		return NULL;
	o = json_object();
	rec_set_str(o, "rule", r->id);
	rec_set_i64(o, "line", r->line);
	rec_set_str(o, "kind", r->kind);
	if (op != NULL)
		rec_set_str(o, "op", op);
	rec_set(o, "qualifier", json_stringn(name + q, qlen));
	rec_set_str(o, "name", name);
	rec_set_i64(o, "calls", calls);
	rec_set_i64(o, "total_ns", ns);
	return o;
}

/* The kernel names of trace t not seen before (seen): the unmatched
 * ones into v, those labeled through a qualifier fragment into xfam. */
static void
audit_trace(const struct lrules *rs, const struct ktrace *t,
    struct laudit *a, struct strtab *seen, json_t *v, json_t *xfam)
{
	int64_t *ns = xcalloc(t->names.n + 1, sizeof(*ns));
	int64_t *calls = xcalloc(t->names.n + 1, sizeof(*calls));

	for (size_t j = 0; j < t->nops; j++) {
		ns[t->ops[j].name] += t->ops[j].dur;
		calls[t->ops[j].name]++;
	}
	for (size_t i = 0; i < t->names.n; i++) {
		const char *name = t->names.s[i];
		bool added;
		json_t *o;
		int first;

		if (calls[i] == 0)
			continue;	/* not a kernel name */
		strtab_intern_n(seen, name, strlen(name), &added);
		if (!added)
			continue;	/* another rank's */
		if ((first = laudit_name(a, rs, name)) >= 0) {
			o = xfam_entry(rs, first, name, NULL, calls[i], ns[i]);
			if (o != NULL)
				json_array_append_new(xfam, o);
			continue;
		}
		o = json_object();
		rec_set_str(o, "name", name);
		rec_set_i64(o, "calls", calls[i]);
		rec_set_i64(o, "total_ns", ns[i]);
		json_array_append_new(v, o);
	}
	free(ns);
	free(calls);
}

/* Kernel names no rule matches (once each, with calls and total
 * duration in their trace); every kernel name goes through the audit,
 * and those labeled through a qualifier fragment go to xfam. */
static json_t *
unmatched_names(const struct lrules *rs, const struct krank *ranks,
    size_t nr, struct laudit *a, json_t *xfam)
{
	json_t *v = json_array();
	struct strtab seen = {0};

	for (size_t r = 0; r < nr; r++)
		audit_trace(rs, ranks[r].t, a, &seen, v, xfam);
	strtab_free(&seen);
	return v;
}

/* Rule k in the unused list (it matches no name) or the shadowed one
 * (every name it matches is taken by an earlier rule of another kind). */
static void
audit_rule(const struct lrules *rs, const struct laudit *a, size_t k,
    json_t *unused, json_t *shadowed)
{
	json_t *o = json_object();
	int by = a->shadow[k];

	rec_set_str(o, "rule", rs->r[k].id);
	rec_set_i64(o, "line", rs->r[k].line);
	if (a->hits[k] == 0) {
		json_array_append_new(unused, o);
		return;
	}
	if (a->reach[k] > 0 || by < 0) {
		json_decref(o);
		return;
	}
	rec_set_str(o, "shadowed_by", rs->r[by].id);
	rec_set_i64(o, "shadowed_by_line", rs->r[by].line);
	rec_set_str(o, "example", a->example[k]);
	json_array_append_new(shadowed, o);
}

void
kcheck_records(FILE *out, const struct lrules *rs, const struct krank *ranks,
    size_t nr)
{
	json_t *unmatched, *shadowed = json_array(), *unused = json_array();
	json_t *xfam = json_array();
	struct laudit a;

	laudit_init(&a, rs);
	unmatched = unmatched_names(rs, ranks, nr, &a, xfam);
	for (size_t k = 0; k < rs->n; k++)
		audit_rule(rs, &a, k, unused, shadowed);
	emit_check_summary(out, "labels.unmatched_names", unmatched,
	    nr ? ranks[0].t->path : "-", "kernel names no rule matches, "
	    "with calls and total duration");
	emit_check_summary(out, "labels.shadowed_rules", shadowed, rs->path,
	    "rules whose every matching name is taken by an earlier rule of "
	    "another kind");
	emit_check_summary(out, "labels.unused_rules", unused, rs->path,
	    "rules that match no kernel name in the traces");
	emit_check_summary(out, "labels.cross_family", xfam, rs->path,
	    XFAM_HOW);
	laudit_free(&a);
}

/* ---- A1 -------------------------------------------------------------- */

static const char *
status_of(const struct aop *a)
{
	if (a->meas > 0 && a->sim > 0)
		return "matched";
	if (a->zero_rows > 0 && a->sim == 0)	/* its slots predict 0 ns */
		return "predicted_zero";
	if (a->meas > 0 || a->sim == 0)
		return "unmapped_measured";
	return "unmapped_simulated";
}

static json_t *
names_arr(const struct aop *a)
{
	json_t *v = json_array();

	for (size_t i = 0; i < a->nnames; i++)
		json_array_append_new(v, json_string(a->names[i]));
	return v;
}

static void
op_body(json_t *rec, const struct aop *a)
{
	rec_set_str(rec, "op", a->op);
	rec_set_str(rec, "category", a->category);
	rec_set_str(rec, "status", status_of(a));
	rec_set(rec, "expected_noise", json_boolean(a->helper &&
	    a->sim == 0));
	rec_set_i64(rec, "meas_ns", a->meas);
	rec_set_i64(rec, "sim_ns", a->sim);
	rec_set(rec, "delta_ns", a->meas > 0 && a->sim > 0 ?
	    rec_i64(a->sim - a->meas) : json_null());
	rec_set(rec, "rel", a->meas > 0 && a->sim > 0 ?
	    rec_num((double)(a->sim - a->meas) / a->meas) : json_null());
	rec_set_i64(rec, "abs_err_ns", a->abs_err);
	rec_set_i64(rec, "n_kernels", a->calls);
	rec_set_i64(rec, "n_slots", a->slots);
	rec_set(rec, "kernel_names", names_arr(a));
}

static json_t *
op_source(const struct a1w *w, const struct aop *a, long line, long column,
    const char *how)
{
	json_t *src = rec_source(w->m->rank->t->path, line, column, NULL,
	    how);
	json_t *sim = rec_source(w->ss->path, a->slot_line, 0, NULL, NULL);

	rec_set(src, "sim", sim);
	return src;
}

static int
cmp_rows(const void *x, const void *y)
{
	const struct aop *a = x, *b = y;

	if (a->abs_err != b->abs_err)
		return a->abs_err > b->abs_err ? -1 : 1;
	if (a->meas + a->sim != b->meas + b->sim)
		return a->meas + a->sim > b->meas + b->sim ? -1 : 1;
	return strcmp(a->op, b->op);
}

static void
emit_iteration(const struct a1w *w, struct aiter *ai)
{
	const struct amatch *m = w->m;
	json_t *rec = rec_new("iter");
	char buf[32];

	snprintf(buf, sizeof(buf), "%lld", (long long)ai->id);
	rec_set_str(rec, "check", "A1");
	rec_set(rec, "scope", krec_scope(m->rank, buf));
	rec_set_str(rec, "side", "compare");
	rec_set_i64(rec, "iter", ai->id);
	rec_set_str(rec, "stage", kstage_name(ai->stage));
	rec_set_str(rec, "marker", ai->marker);
	rec_set_i64(rec, "meas_ns", ai->meas);
	rec_set_i64(rec, "sim_ns", ai->sim);
	rec_set(rec, "delta_ns", ai->has_ops && ai->has_slots ?
	    rec_i64(ai->sim - ai->meas) : json_null());
	rec_set(rec, "rel", ai->has_slots ? ratio((double)(ai->sim -
	    ai->meas), (double)ai->meas) : json_null());
	rec_set(rec, "cov_meas", ratio((double)ai->mapped_meas,
	    (double)ai->meas));
	rec_set(rec, "cov_sim", ratio((double)ai->mapped_sim,
	    (double)ai->sim));
	rec_set_i64(rec, "unmapped_meas_ns", ai->meas - ai->mapped_meas);
	rec_set_i64(rec, "unmapped_sim_ns", ai->sim - ai->mapped_sim);
	rec_set_i64(rec, "n_kernels", ai->kernels);
	rec_set(rec, "compared", json_boolean(ai->has_ops && ai->has_slots &&
	    ai->lost == 0));
	if (ai->lost > 0)
		rec_set_i64(rec, "lost_launches", (int64_t)ai->lost);
	rec_set(rec, "source", rec_source(m->rank->t->path, ai->line,
	    ai->column, NULL, "sums of measured kernel durations (per "
	    "occurrence, streams not deducted) and of slot crit_ns; "
	    "coverage = paired operations' share"));
	rec_emit(w->out, rec);
}

/* The iteration's op rows, largest absolute error first. */
static void
emit_iteration_ops(const struct a1w *w, struct aiter *ai)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%lld", (long long)ai->id);
	if (ai->nops > 1)
		qsort(ai->ops, ai->nops, sizeof(*ai->ops), cmp_rows);
	for (size_t i = 0; i < ai->nops; i++) {
		json_t *rec = rec_new("op");

		rec_set_str(rec, "check", "A1");
		rec_set(rec, "scope", krec_scope(w->m->rank, buf));
		rec_set_i64(rec, "iter", ai->id);
		rec_set_str(rec, "stage", kstage_name(ai->stage));
		op_body(rec, &ai->ops[i]);
		rec_set(rec, "source", op_source(w, &ai->ops[i], ai->line,
		    ai->column, "measured: kernels labeled with this "
		    "operation in the iteration; simulated: its slots"));
		rec_emit(w->out, rec);
	}
}

static void
emit_aggregate_ops(const struct a1w *w)
{
	struct amatch *m = w->m;

	if (m->nops > 1)
		qsort(m->ops, m->nops, sizeof(*m->ops), cmp_rows);
	for (size_t i = 0; i < m->nops; i++) {
		const struct aop *a = &m->ops[i];
		json_t *rec = rec_new("op");

		rec_set_str(rec, "check", "A1");
		rec_set(rec, "scope", krec_scope(m->rank, NULL));
		rec_set_i64(rec, "iterations", (int64_t)a->n_iter);
		rec_set_i64(rec, "paired_iterations", (int64_t)a->n_paired);
		op_body(rec, a);
		rec_set_i64(rec, "rank_by_abs_err", (int64_t)i + 1);
		rec_set(rec, "share_of_abs_err", ratio((double)a->abs_err,
		    (double)m->abs_err));
		rec_set(rec, "critical_share", ratio((double)a->meas,
		    (double)m->meas));
		rec_set(rec, "source", op_source(w, a, 0, 0,
		    "over compared iterations: abs_err = sum |sim - meas| "
		    "per iteration; critical_share = meas / all measured "
		    "kernel time of the rank"));
		rec_emit(w->out, rec);
	}
}

static void
emit_summary(const struct a1w *w, const char *metric, json_t *value,
    const char *unit, int64_t n, json_t *details, const char *how)
{
	json_t *rec = rec_new("summary");
	json_t *src = rec_source(w->m->rank->t->path, 0, 0, NULL, how);

	rec_set(src, "sim", rec_source(w->ss->path, 0, 0, NULL, NULL));
	rec_set_str(rec, "check", "A1");
	rec_set_str(rec, "metric", metric);
	rec_set(rec, "value", value);
	rec_set_str(rec, "unit", unit);
	rec_set_i64(rec, "n", n);
	rec_set(rec, "scope", krec_scope(w->m->rank, NULL));
	if (details != NULL)
		rec_set(rec, "details", details);
	rec_set(rec, "source", src);
	rec_emit(w->out, rec);
}

/* Unmapped families, largest first (m->ops is sorted by abs error;
 * unmapped rows have none, so they sort by size among themselves). */
static json_t *
unmapped(const struct amatch *m, bool measured, const struct kmatch_opts *o,
    int64_t *total, int64_t *large)
{
	json_t *v = json_array();
	size_t listed = 0;
	int64_t den = measured ? m->meas : m->sim;

	*total = *large = 0;
	for (size_t i = 0; i < m->nops; i++) {
		const struct aop *a = &m->ops[i];
		int64_t ns = measured ? a->meas : a->sim;
		bool is_large;
		json_t *e;

		if (strcmp(status_of(a), measured ? "unmapped_measured" :
		    "unmapped_simulated") != 0 || ns == 0)
			continue;
		*total += ns;
		is_large = den > 0 && (double)ns / den >= o->large &&
		    !(measured && a->helper);
		*large += is_large;
		if (listed++ >= o->top)
			continue;
		e = json_object();
		rec_set_str(e, "op", a->op);
		rec_set_str(e, "category", a->category);
		rec_set_i64(e, "total_ns", ns);
		rec_set(e, "share", ratio((double)ns, (double)den));
		rec_set_i64(e, measured ? "calls" : "slots", measured ?
		    a->calls : a->slots);
		if (measured)
			rec_set(e, "kernel_names", names_arr(a));
		else
			rec_set_i64(e, "slot_line", a->slot_line);
		rec_set(e, "expected_noise", json_boolean(measured &&
		    a->helper));
		rec_set(e, "large", json_boolean(is_large));
		json_array_append_new(v, e);
	}
	return v;
}

static json_t *
top_deviations(const struct amatch *m, const struct kmatch_opts *o)
{
	json_t *v = json_array();
	size_t listed = 0;

	for (size_t i = 0; i < m->nops && listed < o->top; i++) {
		const struct aop *a = &m->ops[i];
		json_t *e;

		if (a->paired_meas == 0)
			continue;
		listed++;
		e = json_object();
		rec_set_str(e, "op", a->op);
		rec_set_i64(e, "abs_err_ns", a->abs_err);
		rec_set(e, "share_of_abs_err", ratio((double)a->abs_err,
		    (double)m->abs_err));
		rec_set_num(e, "rel", (double)(a->paired_sim - a->paired_meas) /
		    a->paired_meas);
		rec_set(e, "critical_share", ratio((double)a->meas,
		    (double)m->meas));
		json_array_append_new(v, e);
	}
	return v;
}

static void
sum_coverage(const struct a1w *w)
{
	const struct amatch *m = w->m;
	json_t *d;

	d = json_object();
	rec_set_i64(d, "mapped_ns", m->mapped_meas);
	rec_set_i64(d, "total_ns", m->meas);
	emit_summary(w, "kernel.coverage.measured", ratio(
	    (double)m->mapped_meas, (double)m->meas), "fraction",
	    (int64_t)m->compared, d, "measured kernel time of operations "
	    "that have a slot / all measured kernel time (compared "
	    "iterations, per-occurrence sums)");
	d = json_object();
	rec_set_i64(d, "mapped_ns", m->mapped_sim);
	rec_set_i64(d, "total_ns", m->sim);
	emit_summary(w, "kernel.coverage.simulated", ratio(
	    (double)m->mapped_sim, (double)m->sim), "fraction",
	    (int64_t)m->compared, d, "slot crit_ns of operations that have "
	    "kernels / all slot crit_ns");
	emit_summary(w, "kernel.error.signed", ratio((double)(m->paired_sim
	    - m->paired_meas), (double)m->paired_meas), "fraction",
	    (int64_t)m->compared, NULL, "sum(sim - meas) / sum(meas) over "
	    "paired (iteration, operation) rows");
	emit_summary(w, "kernel.error.abs", ratio((double)m->abs_err,
	    (double)m->paired_meas), "fraction", (int64_t)m->compared, NULL,
	    "sum |sim - meas| / sum(meas) over paired rows");
}

static int
cmp_resid(const void *x, const void *y)
{
	const struct aop *a = *(const struct aop *const *)x;
	const struct aop *b = *(const struct aop *const *)y;

	if (a->resid_err != b->resid_err)
		return a->resid_err > b->resid_err ? -1 : 1;
	return strcmp(a->op, b->op);
}

/* Where outlier a deviates: its first deviating iteration. */
static json_t *
resid_iteration(const struct aop *a)
{
	json_t *o;

	if (a->ev_iter == NULL)
		return json_null();
	o = json_object();
	rec_set_i64(o, "iter", a->ev_iter->id);
	rec_set_str(o, "stage", kstage_name(a->ev_iter->stage));
	rec_set_str(o, "marker", a->ev_iter->marker);
	return o;
}

static json_t *
resid_entry(const struct amatch *m, const struct aop *a, double f)
{
	const struct ktrace *t = m->rank->t;
	json_t *o = json_object();

	rec_set_str(o, "op", a->op);
	rec_set_str(o, "likely", a->likely);
	rec_set_num(o, "rel", (double)(a->paired_sim - a->paired_meas) /
	    a->paired_meas);
	rec_set_num(o, "rel_after_factor", ((double)a->paired_sim * f -
	    (double)a->paired_meas) / a->paired_meas);
	rec_set_i64(o, "resid_abs_err_ns", a->resid_err);
	rec_set(o, "share_of_residual", ratio((double)a->resid_err,
	    (double)m->resid_err));
	rec_set_i64(o, "iterations_deviating", (int64_t)a->dev_iters);
	rec_set_i64(o, "iterations_tracking", (int64_t)a->track_iters);
	rec_set(o, "kernel", a->ev_name >= 0 ? json_string(
	    t->names.s[a->ev_name]) : json_null());
	rec_set(o, "kernel_share", rec_num(a->ev_share));
	rec_set(o, "slot_kernel", a->kernel ? json_string(a->kernel) :
	    json_null());
	if (a->kernel != NULL)
		rec_set_i64(o, "slot_kernel_line", a->kernel_line);
	rec_set_i64(o, "cross_family_ns", a->xfam_ns);
	rec_set(o, "iteration", resid_iteration(a));
	return o;
}

/* The operations still off after the shared factor, largest residual
 * error first, with what the evidence points at (kcause.h). */
static json_t *
residuals(const struct a1w *w)
{
	const struct amatch *m = w->m;
	const struct aop **v = xcalloc(m->nops + 1, sizeof(*v));
	double f = m->shift ? m->group_factor : 1;
	json_t *arr = json_array();
	size_t n = 0;

	for (size_t i = 0; i < m->nops; i++)
		if (m->ops[i].outlier)
			v[n++] = &m->ops[i];
	qsort(v, n, sizeof(*v), cmp_resid);
	for (size_t k = 0; k < n && k < w->o->top; k++)
		json_array_append_new(arr, resid_entry(m, v[k], f));
	free(v);
	return arr;
}

static const char CAUSE_HOW[] = "ratios meas/sim of the matched operations "
    "(sums over compared iterations): the shared factor is the largest "
    "group (>= 3 operations and >= half of them) whose ratios lie within "
    "+-5%; a shift when it is >= 3% off 1 (a clock or thermal artifact of "
    "the capture).  Outliers: operations still off by more than the "
    "tolerance after dividing the factor out.  uniform_shift: a shift, no "
    "outlier (do not retune); mixed: a shift and outliers (two causes: "
    "stop and ask); concentrated: outliers, no shift (model gap; see "
    "kernel.residual_top); ambiguous: one or two operations, all off the "
    "same way (shift or gap cannot be told apart); none: neither";

static void
sum_cause(const struct a1w *w)
{
	const struct amatch *m = w->m;
	json_t *d = json_object(), *list, *res;
	char *top = NULL;

	rec_set(d, "median_ratio", rec_num(m->median_ratio));
	rec_set(d, "spread", rec_num(m->spread));
	rec_set(d, "within_5pct", rec_num(m->within));
	rec_set_i64(d, "deviating_ops", (int64_t)m->deviating);
	rec_set_num(d, "op_tolerance", w->o->op_tol);
	rec_set_i64(d, "matched_ops", (int64_t)m->matched_ops);
	rec_set(d, "shared_factor", rec_num(m->group_factor));
	rec_set_i64(d, "shared_ops", (int64_t)m->group_ops);
	rec_set(d, "shared_weight", rec_num(m->group_weight));
	rec_set(d, "shift", json_boolean(m->shift));
	rec_set_i64(d, "outliers", (int64_t)m->outliers);
	list = top_deviations(m, w->o);
	if (json_array_size(list) > 0 && m->abs_err > 0)
		top = xstrdup(rec_get_str(json_array_get(list, 0), "op"));
	rec_set(d, "top", list);
	emit_summary(w, "kernel.cause", json_string(m->cause), NULL,
	    (int64_t)m->compared, d, CAUSE_HOW);
	emit_summary(w, "kernel.median_ratio", rec_num(
	    m->median_ratio), NULL, (int64_t)m->compared, NULL,
	    "weighted median of meas/sim over matched operations");
	emit_summary(w, "kernel.ops.deviating", rec_i64(
	    (int64_t)m->deviating), "count", (int64_t)m->compared, NULL,
	    "matched operations with |meas/sim - 1| above the tolerance");
	emit_summary(w, "kernel.top_deviation", top ? json_string(top) :
	    json_null(), NULL, (int64_t)m->compared, top_deviations(m, w->o),
	    "operations ranked by sum |sim - meas| (their contribution to "
	    "the iteration's critical path error)");
	res = residuals(w);
	emit_summary(w, "kernel.residual_top", json_array_size(res) > 0 ?
	    json_incref(json_object_get(json_array_get(res, 0), "op")) :
	    json_null(), NULL, (int64_t)m->compared, res, "operations still "
	    "off by more than the tolerance once the shared factor (a shift, "
	    "else 1) is divided out, ranked by sum |sim x factor - meas| over "
	    "compared iterations; likely: labeling (>= 5% of its time labeled "
	    "through a qualifier fragment), different_kernel (>= half its "
	    "time in kernels the slot's kernel fragment does not name, or "
	    "that it launches only where it deviates), shape_edge (the slot's "
	    "kernel ran, or the same kernels track at other shapes), "
	    "undetermined");
	free(top);
}

struct nsname {
	int64_t		 ns;
	uint32_t	 name;
	const char	*text;
};

static int
cmp_nsname(const void *x, const void *y)
{
	const struct nsname *a = x, *b = y;

	if (a->ns != b->ns)
		return a->ns > b->ns ? -1 : 1;
	return strcmp(a->text, b->text);
}

/* Kernels of the compared iterations that the rules labeled through a
 * qualifier fragment, largest first. */
static void
sum_labels(const struct a1w *w)
{
	const struct amatch *m = w->m;
	const struct ktrace *t = m->rank->t;
	struct nsname *v = xcalloc(t->names.n + 1, sizeof(*v));
	json_t *list = json_array(), *rec = rec_new("summary");
	size_t n = 0;

	for (size_t i = 0; i < t->names.n; i++)
		if (m->xfam_ns[i] > 0)
			v[n++] = (struct nsname){ m->xfam_ns[i], (uint32_t)i,
			    t->names.s[i] };
	qsort(v, n, sizeof(*v), cmp_nsname);
	for (size_t k = 0; k < n; k++) {
		json_t *e = xfam_entry(m->rs, m->ln.first[v[k].name], v[k].text,
		    m->xfam_op[v[k].name], m->xfam_calls[v[k].name], v[k].ns);

		rec_set(e, "share", ratio((double)v[k].ns, (double)m->meas));
		json_array_append_new(list, e);
	}
	rec_set_str(rec, "check", "A1");
	rec_set_str(rec, "metric", "labels.cross_family");
	rec_set_i64(rec, "value", (int64_t)n);
	rec_set_str(rec, "unit", "count");
	rec_set_i64(rec, "n", (int64_t)m->compared);
	rec_set(rec, "scope", krec_scope(m->rank, NULL));
	rec_set(rec, "details", list);
	rec_set(rec, "source", rec_source(m->rs->path, 0, 0, NULL,
	    XFAM_HOW_A1));
	rec_emit(w->out, rec);
	free(v);
}

static void
sum_unmapped(const struct a1w *w)
{
	const struct amatch *m = w->m;
	int64_t tot, large;
	json_t *list;

	list = unmapped(m, true, w->o, &tot, &large);
	emit_summary(w, "kernel.unmapped_measured", rec_i64(tot), "ns",
	    (int64_t)m->compared, list, "measured kernel time with no slot, "
	    "largest first; helpers (copies, fills, sampling, launch prep) "
	    "are expected noise");
	emit_summary(w, "kernel.unmapped_measured.large", rec_i64(large),
	    "count", (int64_t)m->compared, NULL, "unmapped measured families "
	    "(not helpers) at or above the large share");
	list = unmapped(m, false, w->o, &tot, &large);
	emit_summary(w, "kernel.unmapped_simulated", rec_i64(tot), "ns",
	    (int64_t)m->compared, list, "slot time with no measured kernel, "
	    "largest first");
	emit_summary(w, "kernel.unmapped_simulated.large", rec_i64(large),
	    "count", (int64_t)m->compared, NULL, "unmapped slots at or above "
	    "the large share");
}

/* Inserts e into list, kept largest meas_ns first (ties: in order). */
static void
insert_largest(json_t *list, json_t *e)
{
	json_int_t ns = json_integer_value(json_object_get(e, "meas_ns"));
	size_t at = 0;

	while (at < json_array_size(list) && json_integer_value(
	    json_object_get(json_array_get(list, at), "meas_ns")) >= ns)
		at++;
	json_array_insert_new(list, at, e);
}

/* One operation of a finding's list: its measured time of the rows
 * found (and its share of all measured time), how many, the first. */
static json_t *
op_entry(const struct amatch *m, const char *op, int64_t ns, size_t rows,
    int64_t first)
{
	json_t *e = json_object();

	rec_set_str(e, "op", op);
	rec_set_i64(e, "meas_ns", ns);
	rec_set(e, "share", ratio((double)ns, (double)m->meas));
	rec_set_i64(e, "iterations", (int64_t)rows);
	rec_set_i64(e, "first_iteration", first);
	return e;
}

/* Operations whose slots predict 0 ns (unit_ns x count) in compared
 * iterations where their kernels ran: no error counts them (nothing is
 * paired), so they are listed, largest first. */
static void
sum_zero(const struct a1w *w)
{
	const struct amatch *m = w->m;
	json_t *list = json_array();
	size_t rows = 0;

	for (size_t i = 0; i < m->nops; i++) {
		const struct aop *a = &m->ops[i];
		json_t *e;

		if (a->zero_rows == 0)
			continue;
		rows += a->zero_rows;
		e = op_entry(m, a->op, a->zero_ns, a->zero_rows, a->zero_iter);
		rec_set_i64(e, "slot_line", a->zero_line);
		insert_largest(list, e);
	}
	emit_summary(w, "kernel.slots.zero", ratio((double)m->zero_ns,
	    (double)m->meas), "fraction", (int64_t)rows, list, "measured "
	    "kernel time of (iteration, operation) rows whose slots predict "
	    "0 ns (unit_ns x count) / all measured kernel time (compared "
	    "iterations); n = such rows");
}

/* Operations whose kernels ran, in compared iterations, a number of
 * times no multiple of the units (count) their slots charge, largest
 * first. */
static void
sum_count(const struct a1w *w)
{
	const struct amatch *m = w->m;
	json_t *list = json_array();
	size_t rows = 0;

	for (size_t i = 0; i < m->nops; i++) {
		const struct aop *a = &m->ops[i];
		json_t *e;

		if (a->units_off_rows == 0)
			continue;
		rows += a->units_off_rows;
		e = op_entry(m, a->op, a->units_off_ns, a->units_off_rows,
		    a->units_iter);
		rec_set_i64(e, "calls", a->units_calls);
		rec_set_i64(e, "count", a->units_count);
		insert_largest(list, e);
	}
	emit_summary(w, "kernel.slots.count_mismatch", ratio((double)
	    m->units_off_ns, (double)m->meas), "fraction", (int64_t)rows, list,
	    "measured kernel time of matched (iteration, operation) rows "
	    "whose kernel calls are no multiple of their slots' count (the "
	    "units, layers or calls, the slots charge) / all measured kernel "
	    "time; n = such rows; details: the first row's calls and count");
}

/* Operations whose kernels, in paired rows, are not the kernel their
 * slots' cost assumes (the slot's "kernel" fragment), largest first. */
static void
sum_foreign(const struct a1w *w)
{
	const struct amatch *m = w->m;
	const struct ktrace *t = m->rank->t;
	json_t *list = json_array();
	size_t rows = 0;
	bool named = false;	/* any slot names its kernel */

	for (size_t i = 0; i < m->nops; i++) {
		const struct aop *a = &m->ops[i];
		json_t *e;

		named |= a->kernel != NULL;
		if (a->foreign_rows == 0)
			continue;
		rows += a->foreign_rows;
		e = op_entry(m, a->op, a->foreign_ns, a->foreign_rows,
		    a->foreign_iter);
		rec_set_str(e, "slot_kernel", a->kernel);
		rec_set_i64(e, "slot_kernel_line", a->kernel_line);
		rec_set_str(e, "kernel", t->names.s[a->foreign_name]);
		rec_set(e, "op_share", ratio((double)a->foreign_ns,
		    (double)a->meas));
		insert_largest(list, e);
	}
	emit_summary(w, "kernel.slots.kernel_mismatch", named ? ratio((double)
	    m->foreign_ns, (double)m->meas) : json_null(), "fraction",
	    (int64_t)rows, list,
	    "measured kernel time of paired (iteration, operation) rows in "
	    "kernels whose names lack the fragment their slots name as the "
	    "kernel the cost assumes / all measured kernel time (null: no "
	    "slot names a kernel); n = such rows; details: per operation, "
	    "the largest such kernel");
}

/* Compared iterations given slots of another stage (the slots' iteration
 * ids do not follow the trace's markers), with the first as the example. */
static void
stage_mismatch(const struct a1w *w)
{
	const struct amatch *m = w->m;
	const struct aiter *f = m->first_mismatch;
	struct sbuf how = {0};
	json_t *d = NULL;

	sbuf_adds(&how, "compared iterations whose slots (matched by iter) "
	    "carry another stage than the iteration's marker");
	if (f != NULL) {
		sbuf_printf(&how, "; the first: iteration %lld, %s in the trace "
		    "(%s, line %ld), %s in the slots", (long long)f->id,
		    kstage_name(f->stage), f->marker, f->line,
		    kstage_name(f->slot_stage));
		/* the stages, so a rule can tell a mixed step from a
		 * misnumbering */
		d = json_object();
		rec_set(d, "trace_stage", json_string(kstage_name(f->stage)));
		rec_set(d, "slot_stage",
		    json_string(kstage_name(f->slot_stage)));
	}
	emit_summary(w, "kernel.iterations.stage_mismatch", rec_i64(
	    (int64_t)m->stage_mismatch), "count", (int64_t)m->compared, d,
	    sbuf_str(&how));
	sbuf_free(&how);
}

/* The batch (requests, tokens) the marker of iteration it ran; -1 parts
 * unknown. */
static json_t *
marker_batch(const struct kiter *it, bool tokens)
{
	int64_t a = tokens ? it->ctx_toks : it->ctx_reqs;
	int64_t b = tokens ? it->gen_toks : it->gen_reqs;

	return a < 0 || b < 0 ? json_null() : rec_i64(a + b);
}

/* Compared iterations whose slots state a batch (slot fields batch,
 * tokens) other than the one the iteration's marker ran: the cost model
 * was evaluated at another batch size.  null when no compared
 * iteration's slots state one. */
static void
batch_mismatch(const struct a1w *w)
{
	const struct amatch *m = w->m;
	const struct aiter *f = m->first_batch;
	json_t *d = NULL;

	if (f != NULL) {
		const struct kslot *s = f->batch_slot;

		d = json_object();
		rec_set_i64(d, "first_iteration", f->id);
		rec_set_str(d, "marker", f->marker);
		rec_set_i64(d, "marker_line", f->line);
		rec_set(d, "batch", marker_batch(f->src, false));
		rec_set(d, "tokens", marker_batch(f->src, true));
		rec_set_str(d, "slot", s->slot);
		rec_set_i64(d, "slot_line", s->line);
		rec_set(d, "slot_batch", s->batch < 0 ? json_null() :
		    rec_i64(s->batch));
		rec_set(d, "slot_tokens", s->tokens < 0 ? json_null() :
		    rec_i64(s->tokens));
	}
	emit_summary(w, "kernel.slots.batch_mismatch", m->batch_stated == 0 ?
	    json_null() : rec_i64((int64_t)m->batch_mismatch), "count",
	    (int64_t)m->batch_stated, d, "compared iterations whose slots "
	    "state the batch their cost was computed for (slot fields batch: "
	    "requests, tokens: tokens of the step) other than the iteration "
	    "marker's (context + generation requests and tokens); n: compared "
	    "iterations whose slots state one");
}

/* Iterations with kernels and slots left out because launches inside
 * them have no kernel in the trace, with the first as the example. */
static void
incomplete(const struct a1w *w)
{
	const struct amatch *m = w->m;
	const struct aiter *f = m->first_incomplete;
	struct sbuf how = {0};
	json_t *d = NULL;

	sbuf_adds(&how, "iterations with kernels and slots left out of the "
	    "comparison: launches of GPU work inside them (kernel, graph, "
	    "copy, fill) have no operation with their correlation id in the "
	    "trace (the profiler dropped them or stopped before they ran)");
	if (f != NULL)
		sbuf_printf(&how, "; the first: iteration %lld (%s, line %ld), "
		    "%zu launch%s lost", (long long)f->id, f->marker, f->line,
		    f->lost, f->lost == 1 ? "" : "es");
	if (m->incomplete > 0) {
		/* graph launches lost whole: the replays were not recorded,
		 * a capture setting rather than a dropped buffer */
		d = json_object();
		rec_set_i64(d, "lost_launches", (int64_t)m->lost);
		rec_set_i64(d, "lost_graph_launches", (int64_t)m->lost_graph);
	}
	emit_summary(w, "kernel.iterations.incomplete", rec_i64(
	    (int64_t)m->incomplete), "count", (int64_t)m->nit, d,
	    sbuf_str(&how));
	sbuf_free(&how);
}

static void
sum_iterations(const struct a1w *w)
{
	const struct amatch *m = w->m;

	emit_summary(w, "kernel.iterations.compared", rec_i64(
	    (int64_t)m->compared), "count", (int64_t)m->nit, NULL,
	    "iterations with both measured kernels and slots");
	emit_summary(w, "kernel.iterations.measured_only", rec_i64(
	    (int64_t)m->meas_only), "count", (int64_t)m->nit, NULL,
	    "measured iterations with no slot");
	emit_summary(w, "kernel.iterations.simulated_only", rec_i64(
	    (int64_t)m->sim_only), "count", (int64_t)m->nit, NULL,
	    "iterations with slots but no measured kernel");
	stage_mismatch(w);
	incomplete(w);
	batch_mismatch(w);
}

void
kmatch_records(FILE *out, struct amatch *m, const struct kslots *ss,
    const struct kmatch_opts *o)
{
	struct a1w w = { out, m, ss, o };

	for (size_t i = 0; i < m->nit; i++) {
		if (!m->it[i].has_ops && !m->it[i].has_slots)
			continue;
		emit_iteration(&w, &m->it[i]);
		emit_iteration_ops(&w, &m->it[i]);
	}
	emit_aggregate_ops(&w);
	sum_coverage(&w);
	sum_cause(&w);
	sum_labels(&w);
	sum_unmapped(&w);
	sum_zero(&w);
	sum_count(&w);
	sum_foreign(&w);
	sum_iterations(&w);
}
