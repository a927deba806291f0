/* s2r-kernel-match - measured kernels against simulated cost slots
 * (check A1).
 *
 * Labels every measured kernel with an operation (rules: regex -> kind,
 * then position in the layer -> operation), matches operations per
 * iteration with the simulated slots and writes op, iter and summary
 * records: coverage both ways, the largest unmapped kernels and slots,
 * per-operation deviation and a cause hint (uniform shift vs
 * concentrated).  --emit-kernels dumps the reader's kernel and iter
 * records; --check audits the rules against a trace. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "kload.h"
#include "kmatch.h"
#include "rec.h"
#include "str.h"

struct opts {
	const char	*rules, *slots;
	bool		 emit, check, rank_set;
	int64_t		 rank;
	double		 op_tol, large;
	size_t		 top;
};

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: s2r-kernel-match --rules FILE --slots FILE [--rank N] "
	    "[--op-tol F] [--large F] [--top N] TRACE...\n"
	    "       s2r-kernel-match --emit-kernels [--rules FILE] TRACE...\n"
	    "       s2r-kernel-match --check --rules FILE TRACE...\n"
	    "  TRACE          Kineto JSON (.json, .json.gz), nsys stats CSV "
	    "or s2r kernel NDJSON; - is stdin\n"
	    "  -r, --rules FILE   labeling rules (pipelines/rules/*.rules)\n"
	    "  -s, --slots FILE   simulated slot records (NDJSON, kind "
	    "slot)\n"
	    "  -e, --emit-kernels write kernel and iter records\n"
	    "  -c, --check        kernel names no rule matches, rules "
	    "shadowed by earlier ones\n"
	    "      --rank N       compare this rank (default: the lowest)\n"
	    "      --op-tol F     an operation deviates beyond F (default "
	    "0.10)\n"
	    "      --large F      unmapped share that counts as large "
	    "(default 0.01)\n"
	    "      --top N        list length in summaries (default 10)\n"
	    "  -h, --help         this text\n"
	    "  -V, --version      version\n");
}

static json_t *
scope_of(const char *iter, const struct krank *rk)
{
	json_t *sc = rec_scope_new();
	char buf[32];

	rec_scope_set(sc, "iteration", iter);
	if (rk != NULL) {
		snprintf(buf, sizeof(buf), "%d", rk->dev);
		rec_scope_set(sc, "device", buf);
		snprintf(buf, sizeof(buf), "%lld", (long long)rk->rank);
		rec_scope_set(sc, "rank", buf);
	}
	return sc;
}

static json_t *
i64_or_null(int64_t v)
{
	return v == K_NONE ? json_null() : rec_i64(v);
}

static json_t *
ratio(double num, double den)
{
	return den != 0 ? rec_num(num / den) : json_null();
}

static json_t *
num_or_null(double v)
{
	return isnan(v) ? json_null() : rec_num(v);
}

/* ---- --emit-kernels ------------------------------------------------- */

static void
emit_iters(const struct krank *rk)
{
	const struct ktrace *t = rk->t;
	char buf[32];

	for (size_t i = 0; i < t->niters; i++) {
		const struct kiter *it = &t->iters[i];
		json_t *rec = rec_new("iter");

		snprintf(buf, sizeof(buf), "%lld", (long long)it->id);
		rec_set(rec, "scope", scope_of(buf, rk));
		rec_set_str(rec, "side", "real");
		rec_set_i64(rec, "iter", it->id);
		rec_set_str(rec, "stage", kstage_name(it->stage));
		rec_set_str(rec, "marker", t->names.s[it->name]);
		rec_set(rec, "ctx_reqs", it->ctx_reqs < 0 ? json_null() :
		    rec_i64(it->ctx_reqs));
		rec_set(rec, "ctx_tokens", it->ctx_toks < 0 ? json_null() :
		    rec_i64(it->ctx_toks));
		rec_set(rec, "gen_reqs", it->gen_reqs < 0 ? json_null() :
		    rec_i64(it->gen_reqs));
		rec_set(rec, "gen_tokens", it->gen_toks < 0 ? json_null() :
		    rec_i64(it->gen_toks));
		rec_set(rec, "host_start_ns", strcmp(t->format, "ndjson") ?
		    rec_i64(it->start) : json_null());
		rec_set(rec, "host_end_ns", strcmp(t->format, "ndjson") ?
		    rec_i64(it->end) : json_null());
		rec_set_i64(rec, "n_ops", (int64_t)it->nops);
		rec_set(rec, "graph", json_boolean(it->graph));
		rec_set(rec, "source", rec_source(t->path, it->line,
		    it->column, "name", "iteration marker; stage from its "
		    "request/token counts"));
		rec_emit(stdout, rec);
	}
}

static void
emit_kernel(const struct krank *rk, const struct kop *op,
    const struct llabel *lab)
{
	const struct ktrace *t = rk->t;
	json_t *rec = rec_new("kernel");
	char buf[32];
	const char *iter = NULL;

	if (op->iter >= 0) {
		snprintf(buf, sizeof(buf), "%lld",
		    (long long)t->iters[op->iter].id);
		iter = buf;
	}
	rec_set(rec, "scope", scope_of(iter, rk));
	rec_set_str(rec, "name", t->names.s[op->name]);
	rec_set_str(rec, "cat", kcat_name(op->cat));
	rec_set_i64(rec, "start_ns", op->start);
	rec_set_i64(rec, "dur_ns", op->dur);
	rec_set_i64(rec, "dev", op->dev);
	rec_set_i64(rec, "rank", rk->rank);
	rec_set_i64(rec, "stream", op->stream);
	rec_set(rec, "corr", i64_or_null(op->corr));
	rec_set(rec, "iter", op->iter >= 0 ?
	    rec_i64(t->iters[op->iter].id) : json_null());
	rec_set(rec, "launch_ns", i64_or_null(op->launch));
	rec_set(rec, "graph", json_boolean(op->graph));
	if (lab != NULL) {
		rec_set(rec, "category", lab->kind ? json_string(lab->kind) :
		    json_null());
		rec_set(rec, "op", lab->op ? json_string(lab->op) :
		    json_null());
	}
	rec_set(rec, "source", rec_source(t->path, op->line, op->column,
	    NULL, "ts/dur decimal microseconds to integer ns; iteration by "
	    "correlation id -> launching call -> enclosing marker"));
	rec_emit(stdout, rec);
}

static int
cmp_op_time(const void *a, const void *b, void *ctx)
{
	const struct ktrace *t = ctx;
	const struct kop *x = &t->ops[*(const size_t *)a];
	const struct kop *y = &t->ops[*(const size_t *)b];

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static const struct ktrace *cmp_trace;

static int
cmp_op_time_q(const void *a, const void *b)
{
	return cmp_op_time(a, b, (void *)cmp_trace);
}

static void
emit_kernels(const struct krank *rk, const struct lrules *rs)
{
	const struct ktrace *t = rk->t;
	size_t *idx = xcalloc(t->nops + 1, sizeof(*idx));
	struct llabel *lab = xcalloc(t->nops + 1, sizeof(*lab));
	struct llabel **by_op = xcalloc(t->nops + 1, sizeof(*by_op));
	struct lnames ln = {0};
	size_t n = 0;

	emit_iters(rk);
	for (size_t j = 0; j < t->nops; j++)
		if (t->ops[j].dev == rk->dev)
			idx[n++] = j;
	if (rs != NULL) {
		/* label per iteration (position in the layer counts) */
		lnames_build(rs, t, &ln);
		for (int32_t s = -1; s < (int32_t)t->niters; s++) {
			size_t *sub = xcalloc(n + 1, sizeof(*sub));
			struct llabel *sl = xcalloc(n + 1, sizeof(*sl));
			size_t m = 0;

			for (size_t k = 0; k < n; k++)
				if (t->ops[idx[k]].iter == s)
					sub[m++] = idx[k];
			label_iteration(rs, &ln, t, sub, m, s >= 0 ?
			    t->iters[s].stage : ST_UNKNOWN, sl);
			for (size_t k = 0; k < m; k++) {
				lab[sub[k]] = sl[k];
				by_op[sub[k]] = &lab[sub[k]];
			}
			free(sub);
			free(sl);
		}
		lnames_free(&ln);
	}
	cmp_trace = t;
	qsort(idx, n, sizeof(*idx), cmp_op_time_q);
	for (size_t k = 0; k < n; k++)
		emit_kernel(rk, &t->ops[idx[k]], by_op[idx[k]]);
	free(idx);
	free(lab);
	free(by_op);
}

/* ---- --check --------------------------------------------------------- */

static void
emit_check_summary(const char *metric, int64_t value, json_t *details,
    const char *file, const char *how)
{
	json_t *rec = rec_new("summary");

	rec_set_str(rec, "check", "A1");
	rec_set_str(rec, "metric", metric);
	rec_set_i64(rec, "value", value);
	rec_set_str(rec, "unit", "count");
	rec_set(rec, "scope", rec_scope_new());
	rec_set(rec, "details", details);
	rec_set(rec, "source", rec_source(file, 0, 0, NULL, how));
	rec_emit(stdout, rec);
}

static void
check_rules(const struct lrules *rs, struct krank *ranks, size_t nr)
{
	json_t *unmatched = json_array(), *shadowed = json_array();
	json_t *unused = json_array();
	size_t *reach = xcalloc(rs->n + 1, sizeof(*reach));
	size_t *hits = xcalloc(rs->n + 1, sizeof(*hits));
	int *by = xcalloc(rs->n + 1, sizeof(*by));
	const char **example = xcalloc(rs->n + 1, sizeof(*example));
	struct strv seen = {0};
	int64_t nun = 0, nsh = 0, nunused = 0;

	for (size_t r = 0; r < nr; r++) {
		const struct ktrace *t = ranks[r].t;
		int64_t *ns = xcalloc(t->names.n + 1, sizeof(*ns));
		int64_t *calls = xcalloc(t->names.n + 1, sizeof(*calls));

		for (size_t j = 0; j < t->nops; j++) {
			ns[t->ops[j].name] += t->ops[j].dur;
			calls[t->ops[j].name]++;
		}
		for (size_t i = 0; i < t->names.n; i++) {
			int first = -1;

			if (calls[i] == 0)
				continue;	/* not a kernel name */
			for (size_t k = 0; k < rs->n; k++) {
				if (regexec(&rs->r[k].re, t->names.s[i], 0,
				    NULL, 0) != 0)
					continue;
				hits[k]++;
				if (first < 0)
					first = (int)k;
				if (strcmp(rs->r[k].kind,
				    rs->r[first].kind) == 0) {
					reach[k]++;	/* level 2 sees it */
				} else if (by[k] == 0) {
					by[k] = first + 1;
					example[k] = t->names.s[i];
				}
			}
			if (first >= 0 || strv_find(&seen, t->names.s[i]) >= 0)
				continue;
			strv_add(&seen, t->names.s[i]);
			json_t *o = json_object();

			rec_set_str(o, "name", t->names.s[i]);
			rec_set_i64(o, "calls", calls[i]);
			rec_set_i64(o, "total_ns", ns[i]);
			json_array_append_new(unmatched, o);
			nun++;
		}
		free(ns);
		free(calls);
	}
	for (size_t k = 0; k < rs->n; k++) {
		json_t *o = json_object();

		rec_set_str(o, "rule", rs->r[k].id);
		rec_set_i64(o, "line", rs->r[k].line);
		if (hits[k] == 0) {
			json_array_append_new(unused, o);
			nunused++;
			continue;
		}
		if (reach[k] > 0 || by[k] == 0) {
			json_decref(o);
			continue;
		}
		rec_set_str(o, "shadowed_by", rs->r[by[k] - 1].id);
		rec_set_i64(o, "shadowed_by_line", rs->r[by[k] - 1].line);
		rec_set_str(o, "example", example[k]);
		json_array_append_new(shadowed, o);
		nsh++;
	}
	emit_check_summary("labels.unmatched_names", nun, unmatched,
	    nr ? ranks[0].t->path : "-", "kernel names no rule matches, "
	    "with calls and total duration");
	emit_check_summary("labels.shadowed_rules", nsh, shadowed, rs->path,
	    "rules whose every matching name is taken by an earlier rule of "
	    "another kind");
	emit_check_summary("labels.unused_rules", nunused, unused, rs->path,
	    "rules that match no kernel name in the traces");
	strv_free(&seen);
	free(reach);
	free(hits);
	free(by);
	free(example);
}

/* ---- A1 -------------------------------------------------------------- */

static const char *
status_of(const struct aop *a)
{
	if (a->meas > 0 && a->sim > 0)
		return "matched";
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
op_source(const struct amatch *m, const struct kslots *ss,
    const struct aop *a, long line, long column, const char *how)
{
	json_t *src = rec_source(m->rank->t->path, line, column, NULL, how);
	json_t *sim = rec_source(ss->path, a->slot_line, 0, NULL, NULL);

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
emit_iteration(const struct amatch *m, const struct kslots *ss,
    struct aiter *ai)
{
	json_t *rec = rec_new("iter");
	char buf[32];

	snprintf(buf, sizeof(buf), "%lld", (long long)ai->id);
	rec_set_str(rec, "check", "A1");
	rec_set(rec, "scope", scope_of(buf, m->rank));
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
	rec_set(rec, "compared", json_boolean(ai->has_ops && ai->has_slots));
	rec_set(rec, "source", rec_source(m->rank->t->path, ai->line,
	    ai->column, NULL, "sums of measured kernel durations (per "
	    "occurrence, streams not deducted) and of slot crit_ns; "
	    "coverage = paired operations' share"));
	rec_emit(stdout, rec);
	if (ai->nops > 1)
		qsort(ai->ops, ai->nops, sizeof(*ai->ops), cmp_rows);
	for (size_t i = 0; i < ai->nops; i++) {
		rec = rec_new("op");
		rec_set_str(rec, "check", "A1");
		rec_set(rec, "scope", scope_of(buf, m->rank));
		rec_set_i64(rec, "iter", ai->id);
		rec_set_str(rec, "stage", kstage_name(ai->stage));
		op_body(rec, &ai->ops[i]);
		rec_set(rec, "source", op_source(m, ss, &ai->ops[i], ai->line,
		    ai->column, "measured: kernels labeled with this "
		    "operation in the iteration; simulated: its slots"));
		rec_emit(stdout, rec);
	}
}

static void
emit_aggregate_ops(struct amatch *m, const struct kslots *ss)
{
	if (m->nops > 1)
		qsort(m->ops, m->nops, sizeof(*m->ops), cmp_rows);
	for (size_t i = 0; i < m->nops; i++) {
		const struct aop *a = &m->ops[i];
		json_t *rec = rec_new("op");

		rec_set_str(rec, "check", "A1");
		rec_set(rec, "scope", scope_of(NULL, m->rank));
		rec_set_i64(rec, "iterations", (int64_t)a->n_iter);
		rec_set_i64(rec, "paired_iterations", (int64_t)a->n_paired);
		op_body(rec, a);
		rec_set_i64(rec, "rank_by_abs_err", (int64_t)i + 1);
		rec_set(rec, "share_of_abs_err", ratio((double)a->abs_err,
		    (double)m->abs_err));
		rec_set(rec, "critical_share", ratio((double)a->meas,
		    (double)m->meas));
		rec_set(rec, "source", op_source(m, ss, a, 0, 0,
		    "over compared iterations: abs_err = sum |sim - meas| "
		    "per iteration; critical_share = meas / all measured "
		    "kernel time of the rank"));
		rec_emit(stdout, rec);
	}
}

static void
emit_summary(const struct amatch *m, const struct kslots *ss,
    const char *metric, json_t *value, const char *unit, int64_t n,
    json_t *details, const char *how)
{
	json_t *rec = rec_new("summary");
	json_t *src = rec_source(m->rank->t->path, 0, 0, NULL, how);

	rec_set(src, "sim", rec_source(ss->path, 0, 0, NULL, NULL));
	rec_set_str(rec, "check", "A1");
	rec_set_str(rec, "metric", metric);
	rec_set(rec, "value", value);
	rec_set_str(rec, "unit", unit);
	rec_set_i64(rec, "n", n);
	rec_set(rec, "scope", scope_of(NULL, m->rank));
	if (details != NULL)
		rec_set(rec, "details", details);
	rec_set(rec, "source", src);
	rec_emit(stdout, rec);
}

/* Unmapped families, largest first (m->ops is sorted by abs error;
 * unmapped rows have none, so they sort by size among themselves). */
static json_t *
unmapped(const struct amatch *m, bool measured, const struct opts *o,
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
top_deviations(const struct amatch *m, const struct opts *o)
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
emit_summaries(const struct amatch *m, const struct kslots *ss,
    const struct opts *o)
{
	int64_t tot, large;
	json_t *d, *list;
	char *top = NULL;

	d = json_object();
	rec_set_i64(d, "mapped_ns", m->mapped_meas);
	rec_set_i64(d, "total_ns", m->meas);
	emit_summary(m, ss, "kernel.coverage.measured", ratio(
	    (double)m->mapped_meas, (double)m->meas), "fraction",
	    (int64_t)m->compared, d, "measured kernel time of operations "
	    "that have a slot / all measured kernel time (compared "
	    "iterations, per-occurrence sums)");
	d = json_object();
	rec_set_i64(d, "mapped_ns", m->mapped_sim);
	rec_set_i64(d, "total_ns", m->sim);
	emit_summary(m, ss, "kernel.coverage.simulated", ratio(
	    (double)m->mapped_sim, (double)m->sim), "fraction",
	    (int64_t)m->compared, d, "slot crit_ns of operations that have "
	    "kernels / all slot crit_ns");
	emit_summary(m, ss, "kernel.error.signed", ratio((double)(m->paired_sim
	    - m->paired_meas), (double)m->paired_meas), "fraction",
	    (int64_t)m->compared, NULL, "sum(sim - meas) / sum(meas) over "
	    "paired (iteration, operation) rows");
	emit_summary(m, ss, "kernel.error.abs", ratio((double)m->abs_err,
	    (double)m->paired_meas), "fraction", (int64_t)m->compared, NULL,
	    "sum |sim - meas| / sum(meas) over paired rows");
	d = json_object();
	rec_set(d, "median_ratio", num_or_null(m->median_ratio));
	rec_set(d, "spread", num_or_null(m->spread));
	rec_set(d, "within_5pct", num_or_null(m->within));
	rec_set_i64(d, "deviating_ops", (int64_t)m->deviating);
	rec_set_num(d, "op_tolerance", o->op_tol);
	list = top_deviations(m, o);
	if (json_array_size(list) > 0 && m->abs_err > 0)
		top = xstrdup(rec_get_str(json_array_get(list, 0), "op"));
	rec_set(d, "top", list);
	emit_summary(m, ss, "kernel.cause", json_string(m->cause), NULL,
	    (int64_t)m->compared, d, "ratios meas/sim of matched operations "
	    "weighted by measured time: uniform_shift when the weighted "
	    "median is >= 3% off, the weighted spread of log ratios <= 0.03 "
	    "and >= 80% of the weight within 5% of the median (clock/thermal: "
	    "do not retune); none when the median is within 3% and no "
	    "operation is off by more than the tolerance; else concentrated "
	    "(model gap; see top)");
	emit_summary(m, ss, "kernel.median_ratio", num_or_null(
	    m->median_ratio), NULL, (int64_t)m->compared, NULL,
	    "weighted median of meas/sim over matched operations");
	emit_summary(m, ss, "kernel.ops.deviating", rec_i64(
	    (int64_t)m->deviating), "count", (int64_t)m->compared, NULL,
	    "matched operations with |meas/sim - 1| above the tolerance");
	emit_summary(m, ss, "kernel.top_deviation", top ? json_string(top) :
	    json_null(), NULL, (int64_t)m->compared, top_deviations(m, o),
	    "operations ranked by sum |sim - meas| (their contribution to "
	    "the iteration's critical path error)");
	free(top);
	list = unmapped(m, true, o, &tot, &large);
	emit_summary(m, ss, "kernel.unmapped_measured", rec_i64(tot), "ns",
	    (int64_t)m->compared, list, "measured kernel time with no slot, "
	    "largest first; helpers (copies, fills, sampling, launch prep) "
	    "are expected noise");
	emit_summary(m, ss, "kernel.unmapped_measured.large", rec_i64(large),
	    "count", (int64_t)m->compared, NULL, "unmapped measured families "
	    "(not helpers) at or above the large share");
	list = unmapped(m, false, o, &tot, &large);
	emit_summary(m, ss, "kernel.unmapped_simulated", rec_i64(tot), "ns",
	    (int64_t)m->compared, list, "slot time with no measured kernel, "
	    "largest first");
	emit_summary(m, ss, "kernel.unmapped_simulated.large", rec_i64(large),
	    "count", (int64_t)m->compared, NULL, "unmapped slots at or above "
	    "the large share");
	emit_summary(m, ss, "kernel.iterations.compared", rec_i64(
	    (int64_t)m->compared), "count", (int64_t)m->nit, NULL,
	    "iterations with both measured kernels and slots");
	emit_summary(m, ss, "kernel.iterations.measured_only", rec_i64(
	    (int64_t)m->meas_only), "count", (int64_t)m->nit, NULL,
	    "measured iterations with no slot");
	emit_summary(m, ss, "kernel.iterations.simulated_only", rec_i64(
	    (int64_t)m->sim_only), "count", (int64_t)m->nit, NULL,
	    "iterations with slots but no measured kernel");
}

static const struct krank *
pick_rank(struct krank *ranks, size_t nr, const struct opts *o)
{
	if (nr == 0)
		s2r_die("no GPU operations in the traces");
	if (!o->rank_set)
		return &ranks[0];
	for (size_t r = 0; r < nr; r++)
		if (ranks[r].rank == o->rank)
			return &ranks[r];
	s2r_die("--rank %lld: no such rank in the traces", (long long)o->rank);
}

static double
num_arg(const char *s, const char *what)
{
	double v;

	if (!parse_f64(s, strlen(s), &v) || v < 0)
		s2r_die("%s: expected a number >= 0, got \"%s\"", what, s);
	return v;
}

static void
parse_opts(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "rules", required_argument, NULL, 'r' },
		{ "slots", required_argument, NULL, 's' },
		{ "emit-kernels", no_argument, NULL, 'e' },
		{ "check", no_argument, NULL, 'c' },
		{ "rank", required_argument, NULL, 'R' },
		{ "op-tol", required_argument, NULL, 'T' },
		{ "large", required_argument, NULL, 'L' },
		{ "top", required_argument, NULL, 'N' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "r:s:echV", longopts, NULL)) != -1) {
		switch (c) {
		case 'r': o->rules = optarg; break;
		case 's': o->slots = optarg; break;
		case 'e': o->emit = true; break;
		case 'c': o->check = true; break;
		case 'R':
			o->rank = (int64_t)num_arg(optarg, "--rank");
			o->rank_set = true;
			break;
		case 'T': o->op_tol = num_arg(optarg, "--op-tol"); break;
		case 'L': o->large = num_arg(optarg, "--large"); break;
		case 'N': o->top = (size_t)num_arg(optarg, "--top"); break;
		case 'h': usage(stdout); exit(0);
		case 'V': printf("s2r-kernel-match " S2R_VERSION "\n"); exit(0);
		default: usage(stderr); exit(S2R_EXIT_BAD);
		}
	}
	if (optind >= argc || (o->check && !o->rules) ||
	    (!o->emit && !o->check && (!o->rules || !o->slots))) {
		usage(stderr);
		exit(S2R_EXIT_BAD);
	}
}

int
main(int argc, char **argv)
{
	struct opts o = { NULL, NULL, false, false, false, 0, 0.10, 0.01, 10 };
	struct lrules rs = {0};
	struct kslots ss = {0};
	struct ktrace **traces;
	struct krank *ranks;
	size_t nt, nr;

	s2r_setprog(argv[0]);
	parse_opts(argc, argv, &o);
	if (o.rules)
		lrules_load(&rs, o.rules);
	if (o.slots && !o.emit && !o.check)
		kslots_load(&ss, o.slots);
	nt = ktrace_load_all(argv + optind, (size_t)(argc - optind), &traces);
	nr = kranks(traces, nt, &ranks);
	if (o.emit) {
		for (size_t r = 0; r < nr; r++)
			emit_kernels(&ranks[r], o.rules ? &rs : NULL);
	} else if (o.check) {
		check_rules(&rs, ranks, nr);
	} else {
		struct amatch m;

		kmatch(&rs, &ss, pick_rank(ranks, nr, &o), o.op_tol, &m);
		for (size_t i = 0; i < m.nit; i++)
			if (m.it[i].has_ops || m.it[i].has_slots)
				emit_iteration(&m, &ss, &m.it[i]);
		emit_aggregate_ops(&m, &ss);
		emit_summaries(&m, &ss, &o);
		kmatch_free(&m);
	}
	rec_finish(stdout);
	free(ranks);
	for (size_t i = 0; i < nt; i++)
		ktrace_free(traces[i]);
	free(traces);
	if (o.rules)
		lrules_free(&rs);
	kslots_free(&ss);
	return 0;
}
