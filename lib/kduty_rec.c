/* kduty_rec.c - see kduty_rec.h. */
#include <stdint.h>
#include <stdio.h>

#include "kduty_rec.h"
#include "krec.h"
#include "rec.h"
#include "str.h"

/* Where the A2 records go and what they are about. */
struct a2w {
	FILE			*out;
	const struct kduty	*d;
	const struct kduty_opts	*o;
};

static json_t *
span_obj(const struct kspan *s)
{
	json_t *o = json_object();

	rec_set_i64(o, "n", (int64_t)s->n);
	rec_set_i64(o, "distinct_names", (int64_t)s->distinct);
	rec_set_i64(o, "sum_ns", s->sum);
	rec_set(o, "first_ns", s->n ? rec_i64(s->first) : json_null());
	rec_set(o, "last_ns", s->n ? rec_i64(s->last) : json_null());
	rec_set_i64(o, "span_ns", s->span);
	rec_set_i64(o, "busy_union_ns", s->busy_union);
	rec_set(o, "duty", s->span > 0 ?
	    rec_num((double)s->busy_union / s->span) : json_null());
	return o;
}

static void
emit_trace(const struct a2w *w, const struct krank *r)
{
	json_t *rec = rec_new("duty");
	json_t *sk = json_object();
	struct kspan ks, gs;

	kspan_stats(r->t, r->dev, true, &ks);
	kspan_stats(r->t, r->dev, false, &gs);
	rec_set_str(rec, "check", "A2");
	rec_set(rec, "scope", krec_scope(r, NULL));
	rec_set_str(rec, "window", "trace");
	rec_set_str(rec, "format", r->t->format);
	rec_set_str(rec, "attribution", r->t->attribution);
	rec_set_i64(rec, "iterations", (int64_t)r->t->niters);
	rec_set(rec, "kernels", span_obj(&ks));
	rec_set(rec, "gpu_ops", span_obj(&gs));
	rec_set_i64(sk, "cuda_sync", r->t->n_sync);
	rec_set_i64(sk, "other_events", r->t->n_skipped);
	rec_set_i64(sk, "unattributed_ops", r->t->n_unattributed);
	rec_set_i64(sk, "after_envelope_ops", r->t->n_after_envelope);
	rec_set(rec, "counts", sk);
	rec_set(rec, "source", rec_source(r->t->path, 0, 0, NULL,
	    "kernels: cat kernel; gpu_ops: kernel+memcpy+memset (cuda_sync "
	    "excluded); span = last end - first start; duty = |union| / "
	    "span; exact integer ns"));
	rec_emit(w->out, rec);
}

static const char *
iter_label(const struct kduty_iter *it, char *buf, size_t n)
{
	if (it->id < 0)
		return NULL;
	snprintf(buf, n, "%lld", (long long)it->id);
	return buf;
}

static void
emit_iter_rank(const struct a2w *w, const struct kduty_iter *it, size_t r)
{
	const struct kduty *d = w->d;
	const struct kduty_rank *dr = &it->r[r];
	json_t *rec = rec_new("duty");
	char buf[32];

	rec_set_str(rec, "check", "A2");
	rec_set(rec, "scope", krec_scope(&d->ranks[r],
	    iter_label(it, buf, sizeof(buf))));
	rec_set_str(rec, "window", w->o->whole ? "whole_rank" :
	    "iteration_rank");
	rec_set(rec, "iter", it->id < 0 ? json_null() : rec_i64(it->id));
	rec_set_i64(rec, "n_ops", (int64_t)dr->nops);
	rec_set(rec, "first_ns", krec_i64_or_null(dr->first));
	rec_set(rec, "last_ns", krec_i64_or_null(dr->last));
	rec_set(rec, "wall_ns", dr->nops ? rec_i64(dr->last - dr->first) :
	    json_null());
	rec_set_i64(rec, "kernel_sum_ns", dr->kernel_sum);
	rec_set_i64(rec, "busy_union_ns", dr->busy_union);
	rec_set(rec, "graph", json_boolean(dr->graph));
	rec_set(rec, "source", rec_source(d->ranks[r].t->path,
	    it->src == d->ranks[r].t ? it->line : 0,
	    it->src == d->ranks[r].t ? it->column : 0, NULL,
	    "operations of this rank attributed to the iteration by "
	    "correlation id (launch inside the marker)"));
	rec_emit(w->out, rec);
}

/* The window's terms (docs/checks.md §3). */
static void
set_terms(json_t *rec, const struct kterms *t)
{
	rec_set_i64(rec, "measured_ns", t->measured);
	rec_set_i64(rec, "critical_busy_ns", t->critical_busy);
	rec_set_i64(rec, "collective_ns", t->collective);
	rec_set_i64(rec, "idle_internal_ns", t->idle_internal);
	rec_set_i64(rec, "idle_boundary_ns", t->idle_boundary);
	rec_set_i64(rec, "kernel_sum_ns", t->kernel_sum);
	rec_set_i64(rec, "busy_union_ns", t->busy_union);
	rec_set_i64(rec, "collective_skew_ns", t->skew);
	rec_set_i64(rec, "segments", t->segments);
	rec_set_i64(rec, "critical_rank_switches", t->switches);
	rec_set_i64(rec, "collectives", t->collectives);
	rec_set_i64(rec, "unmatched_collectives", t->unmatched_collectives);
	rec_set_i64(rec, "residual_ns", t->residual);
}

static void
emit_iter(const struct a2w *w, const struct kduty_iter *it)
{
	const struct kterms *t = &it->terms;
	json_t *rec = rec_new("duty");
	json_t *sc = rec_scope_new();
	char buf[32];

	rec_set_str(rec, "check", "A2");
	rec_scope_set(sc, "iteration", iter_label(it, buf, sizeof(buf)));
	rec_set(rec, "scope", sc);
	rec_set_str(rec, "window", w->o->whole ? "whole" : "iteration");
	rec_set(rec, "iter", it->id < 0 ? json_null() : rec_i64(it->id));
	rec_set_str(rec, "stage", kstage_name(it->stage));
	rec_set_str(rec, "marker", it->marker);
	rec_set_i64(rec, "ranks", (int64_t)w->d->nranks);
	rec_set_i64(rec, "n_ops", (int64_t)t->nops);
	rec_set(rec, "cycle_ns", krec_i64_or_null(it->cycle));
	rec_set(rec, "wall_ns", t->nops ? rec_i64(t->wall) : json_null());
	rec_set(rec, "gap_ns", it->cycle == K_NONE ? json_null() :
	    rec_i64(it->cycle - t->wall));
	set_terms(rec, t);
	rec_set(rec, "factor", rec_num(it->factor));
	rec_set(rec, "modified_z", rec_num(it->modz));
	rec_set(rec, "excluded", json_boolean(it->excluded));
	rec_set(rec, "exclude_reason", it->excluded ? json_string(
	    "factor above the limit and a modified-z outlier in its stage") :
	    json_null());
	rec_set(rec, "few_kernels", json_boolean(it->few));
	rec_set(rec, "source", rec_source(it->src ? it->src->path :
	    w->d->ranks[0].t->path, it->line, it->column, NULL,
	    "cycle = next iteration's first op start - this one's; wall = "
	    "last end - first start over ranks = measured + idle_internal + "
	    "idle_boundary; measured = critical_busy + collective "
	    "(barrier critical path: segments between collectives won by "
	    "the busiest rank); gap = cycle - wall"));
	rec_emit(w->out, rec);
}

static void
emit_summary(const struct a2w *w, const char *metric, json_t *value,
    const char *unit, size_t n, json_t *details, const char *how)
{
	const struct kduty *d = w->d;
	json_t *rec = rec_new("summary");

	rec_set_str(rec, "check", "A2");
	rec_set_str(rec, "metric", metric);
	rec_set(rec, "value", value);
	rec_set_str(rec, "unit", unit);
	rec_set_i64(rec, "n", (int64_t)n);
	rec_set(rec, "scope", rec_scope_new());
	if (details != NULL)
		rec_set(rec, "details", details);
	rec_set(rec, "source", rec_source(d->nranks ? d->ranks[0].t->path :
	    "-", 0, 0, NULL, how));
	rec_emit(w->out, rec);
}

/* The GPU time a trace spans: first operation start to last end (ns);
 * false when it has no operation. */
static bool
trace_span(const struct ktrace *t, int64_t *lo, int64_t *hi)
{
	if (t->nops == 0)
		return false;
	*lo = INT64_MAX;
	*hi = INT64_MIN;
	for (size_t i = 0; i < t->nops; i++) {
		if (t->ops[i].start < *lo)
			*lo = t->ops[i].start;
		if (t->ops[i].start + t->ops[i].dur > *hi)
			*hi = t->ops[i].start + t->ops[i].dur;
	}
	return true;
}

/* How a dropped trace's window relates to the kept one's: "same" (a
 * copy: the same GPU time), "disjoint" (another capture window of the
 * rank: a second profiling session), "overlapping" (part of one window:
 * traces merged or cut differently); the dropped start less the kept
 * one's into *offset. */
static const char *
window_relation(const struct kdup *u, int64_t *offset)
{
	int64_t klo, khi, dlo, dhi;

	*offset = 0;
	if (!trace_span(u->kept, &klo, &khi) ||
	    !trace_span(u->dropped, &dlo, &dhi))
		return NULL;
	*offset = dlo - klo;
	if (klo == dlo && khi == dhi)
		return "same";
	return dlo >= khi || klo >= dhi ? "disjoint" : "overlapping";
}

/* Traces left out because an earlier one (argument order) claimed
 * their rank: a copied file, or a second capture of one rank.  Written
 * only when there are some; details: {rank, kept, dropped, window (how
 * the two GPU windows relate), offset_ns}. */
static void
copied_ranks(const struct a2w *w)
{
	const struct kduty *d = w->d;
	json_t *det;
	struct sbuf how = {0};

	if (d->ndups == 0)
		return;
	det = json_array();
	sbuf_adds(&how, "traces left out because a trace given before them "
	    "claims the same rank (distributedInfo rank, else rankN in the "
	    "file name): a copy, or two captures of one rank;");
	for (size_t i = 0; i < d->ndups; i++) {
		json_t *e = json_object();
		int64_t off;
		const char *rel = window_relation(&d->dups[i], &off);

		if (rel != NULL) {
			rec_set_str(e, "window", rel);
			rec_set_i64(e, "offset_ns", off);
		}
		json_object_set_new(e, "rank", json_integer(d->dups[i].rank));
		json_object_set_new(e, "kept", json_string(
		    d->dups[i].kept->path));
		json_object_set_new(e, "dropped", json_string(
		    d->dups[i].dropped->path));
		json_array_append_new(det, e);
		sbuf_printf(&how, "%s %s (rank %lld, also claimed by %s, kept)",
		    i > 0 ? "," : "", d->dups[i].dropped->path,
		    (long long)d->dups[i].rank, d->dups[i].kept->path);
	}
	emit_summary(w, "duty.ranks.copied", rec_i64((int64_t)d->ndups),
	    "count", d->nranks + d->ndups, det, sbuf_str(&how));
	sbuf_free(&how);
}

/* The largest distributedInfo.world_size the traces state (the ranks
 * the captured job ran; null: none states one), the ranks given in
 * details: a world larger than the ranks given means traces are
 * missing, and the barrier model cannot see their busy time. */
static void
world_size(const struct a2w *w)
{
	const struct kduty *d = w->d;
	json_t *given = json_array();
	int64_t world = -1;

	for (size_t r = 0; r < d->nranks; r++) {
		if (d->ranks[r].t->world > world)
			world = d->ranks[r].t->world;
		json_array_append_new(given, json_integer(d->ranks[r].rank));
	}
	emit_summary(w, "duty.world_size", world > 0 ? rec_i64(world) :
	    json_null(), "count", d->nranks, given, "the largest "
	    "distributedInfo.world_size of the traces (processes of the "
	    "captured job); details: the ranks given; null when no trace "
	    "states a world size");
}

static json_t *
excluded_list(const struct kduty *d)
{
	json_t *a = json_array();

	for (size_t i = 0; i < d->nit; i++) {
		const struct kduty_iter *it = &d->it[i];
		json_t *o;

		if (!it->excluded)
			continue;
		o = json_object();
		rec_set_i64(o, "iter", it->id);
		rec_set_str(o, "stage", kstage_name(it->stage));
		rec_set_num(o, "factor", it->factor);
		rec_set(o, "modified_z", rec_num(it->modz));
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *
few_list(const struct kduty *d)
{
	json_t *a = json_array();

	for (size_t i = 0; i < d->nit; i++) {
		if (!d->it[i].few)
			continue;
		json_t *o = json_object();

		rec_set_i64(o, "iter", d->it[i].id);
		rec_set_str(o, "stage", kstage_name(d->it[i].stage));
		rec_set_i64(o, "n_ops", (int64_t)d->it[i].terms.nops);
		if (d->it[i].lost > 0)
			rec_set_i64(o, "lost_launches", (int64_t)d->it[i].lost);
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *
mult_details(const struct kduty_mult *m)
{
	json_t *o = json_object();

	rec_set_i64(o, "cycle_ns", m->cycle);
	rec_set_i64(o, "measured_ns", m->measured);
	rec_set_i64(o, "busy_union_ns", m->busy_union);
	return o;
}

static void
sum_multipliers(const struct a2w *w)
{
	const struct kduty *d = w->d;
	char metric[64];
	json_t *det;

	det = mult_details(&d->all);
	rec_set(det, "excluded", excluded_list(d));
	emit_summary(w, "duty.multiplier", rec_num(d->all.mult), NULL,
	    d->all.n, det, "sum(cycle_ns) / sum(measured_ns) over iterations "
	    "with a next iteration, after the outlier screen (factor > limit "
	    "and modified z > limit within the stage); null when no "
	    "iteration has a cycle");
	emit_summary(w, "duty.multiplier_busy_union",
	    rec_num(d->all.mult_union), NULL, d->all.n,
	    mult_details(&d->all), "sum(cycle_ns) / sum(busy_union_ns) over "
	    "the same iterations (older definition; busy union keeps "
	    "collective arrival wait)");
	for (int s = 0; s < ST_NSTAGES; s++) {
		if (d->stage[s].n == 0)
			continue;
		snprintf(metric, sizeof(metric), "duty.multiplier.%s",
		    kstage_name(s));
		emit_summary(w, metric, rec_num(d->stage[s].mult), NULL,
		    d->stage[s].n, mult_details(&d->stage[s]),
		    "sum(cycle_ns) / sum(measured_ns) over the stage's "
		    "screened iterations");
		snprintf(metric, sizeof(metric), "duty.gap_fraction.%s",
		    kstage_name(s));
		emit_summary(w, metric, d->cycle_sum[s] ? rec_num(
		    (double)d->gap_sum[s] / d->cycle_sum[s]) : json_null(),
		    "fraction", d->stage[s].n, NULL, "sum(cycle - wall) / "
		    "sum(cycle) over the stage's screened iterations with a "
		    "cycle, the multiplier's (decode is expected above "
		    "prefill)");
	}
}

/* Matched collectives where a rank ended before the last rank started
 * it: no synchronizing collective does, so the ranks' clocks disagree
 * (traces from hosts whose clocks are apart) and every cross-rank term
 * (critical path, collectives, skew) mixes two clocks. */
static void
early_exits(const struct a2w *w)
{
	const struct kduty *d = w->d;
	json_t *det = json_object();

	rec_set_i64(det, "collectives", (int64_t)d->n_collectives);
	rec_set_i64(det, "max_lead_ns", d->early_max);
	if (d->first_early != NULL) {
		rec_set_i64(det, "first_iteration", d->first_early->id);
		rec_set_str(det, "first_marker", d->first_early->marker);
	}
	emit_summary(w, "duty.collectives.early_exit",
	    rec_i64((int64_t)d->n_early), "count", d->n_collectives, det,
	    "matched collectives (by ordinal, two or more ranks) where a "
	    "rank's kernel ended more than 1 us before the last rank's "
	    "started, which no synchronizing collective does: the ranks' "
	    "clocks disagree (by at least max_lead_ns), or the kernels "
	    "matched are not one collective");
}

static void
sum_counts(const struct a2w *w)
{
	const struct kduty *d = w->d;

	emit_summary(w, "duty.iterations", rec_i64((int64_t)d->nit), "count",
	    d->nit, NULL, w->o->whole ? "one window over the whole trace" :
	    "iterations found (union of iteration ids over ranks)");
	emit_summary(w, "duty.iterations.with_cycle",
	    rec_i64((int64_t)d->n_with_cycle), "count", d->nit, NULL,
	    "iterations followed by another with operations (the last has "
	    "no cycle)");
	emit_summary(w, "duty.iterations.excluded",
	    rec_i64((int64_t)d->n_excluded), "count", d->n_with_cycle,
	    excluded_list(d), "dropped by the outlier screen");
	emit_summary(w, "duty.iterations.few_kernels",
	    rec_i64((int64_t)d->n_few), "count", d->nit, few_list(d),
	    "iterations with no operation, under a quarter of their "
	    "stage's median count (graph under-recording?), or with "
	    "launches of GPU work whose kernels the trace lacks "
	    "(lost_launches)");
	emit_summary(w, "duty.identity_residual_ns",
	    rec_i64(d->max_residual), "ns", d->nit, NULL,
	    "max |wall - (critical_busy + collective + idle_internal + "
	    "idle_boundary)| over iterations; 0 when the identities hold");
	emit_summary(w, "duty.ranks", rec_i64((int64_t)d->nranks), "count",
	    d->nranks, NULL, "ranks (one per trace and device)");
	copied_ranks(w);
	world_size(w);
	early_exits(w);
}


void
kduty_records(FILE *out, const struct kduty *d, const struct kduty_opts *o)
{
	struct a2w w = { out, d, o };

	for (size_t r = 0; r < d->nranks; r++)
		emit_trace(&w, &d->ranks[r]);
	for (size_t i = 0; i < d->nit; i++) {
		for (size_t r = 0; r < d->nranks; r++)
			emit_iter_rank(&w, &d->it[i], r);
		emit_iter(&w, &d->it[i]);
	}
	sum_multipliers(&w);
	sum_counts(&w);
}
