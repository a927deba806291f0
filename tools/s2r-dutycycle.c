/* s2r-dutycycle - GPU duty cycle per iteration (check A2).
 *
 * Reads one profiler trace per rank, attributes GPU operations to
 * iterations by correlation, and writes per-iteration duty records (the
 * identities of reference/kernels.md §1.3, to the nanosecond) and
 * summary records: the multiplier sum(cycle)/sum(measured) after the
 * outlier screen, its busy-union variant and per-stage multipliers. */
#include <getopt.h>
#include <math.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "kduty.h"
#include "kload.h"
#include "rec.h"
#include "str.h"

#define DEFAULT_COLLECTIVE "nccl|rccl|AllReduce|all_reduce|allreduce|" \
	"AllGather|all_gather|ReduceScatter|reduce_scatter|all_to_all|" \
	"alltoall|cross_device_reduce|SendRecv|Broadcast"

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: s2r-dutycycle [-kw] [-c ERE] [--factor F] [--z Z] "
	    "[--stage-min N] TRACE...\n"
	    "  TRACE            Kineto JSON (.json, .json.gz), nsys stats "
	    "CSV, or s2r kernel NDJSON; one per rank; - is stdin\n"
	    "  -k, --kernels-only  count only kernels (default: kernels, "
	    "memcpy, memset)\n"
	    "  -w, --whole      one window over the whole trace instead of "
	    "iterations\n"
	    "  -c, --collective ERE  names of synchronizing kernels "
	    "(default: NCCL/custom all-reduce names)\n"
	    "      --factor F   outlier screen: cycle/measured above F "
	    "(default 2)\n"
	    "      --z Z        and modified z above Z within its stage "
	    "(default 3.5)\n"
	    "      --stage-min N  screen only stages with N iterations "
	    "(default 8)\n"
	    "  -h, --help       this text\n"
	    "  -V, --version    version\n");
}

static json_t *
i64_or_null(int64_t v)
{
	return v == K_NONE ? json_null() : rec_i64(v);
}

static json_t *
num_or_null(double v)
{
	return isnan(v) ? json_null() : rec_num(v);
}

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

static json_t *
rank_scope(const struct krank *r, const char *iter)
{
	json_t *sc = rec_scope_new();
	char buf[32];

	rec_scope_set(sc, "iteration", iter);
	snprintf(buf, sizeof(buf), "%d", r->dev);
	rec_scope_set(sc, "device", buf);
	snprintf(buf, sizeof(buf), "%lld", (long long)r->rank);
	rec_scope_set(sc, "rank", buf);
	return sc;
}

static void
emit_trace(const struct krank *r)
{
	json_t *rec = rec_new("duty");
	json_t *sk = json_object();
	struct kspan ks, gs;

	kspan_stats(r->t, r->dev, true, &ks);
	kspan_stats(r->t, r->dev, false, &gs);
	rec_set_str(rec, "check", "A2");
	rec_set(rec, "scope", rank_scope(r, NULL));
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
	rec_emit(stdout, rec);
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
emit_iter_rank(const struct kduty *d, const struct kduty_iter *it, size_t r,
    const struct kduty_opts *o)
{
	const struct kduty_rank *dr = &it->r[r];
	json_t *rec = rec_new("duty");
	char buf[32];

	rec_set_str(rec, "check", "A2");
	rec_set(rec, "scope", rank_scope(&d->ranks[r],
	    iter_label(it, buf, sizeof(buf))));
	rec_set_str(rec, "window", o->whole ? "whole_rank" : "iteration_rank");
	rec_set(rec, "iter", it->id < 0 ? json_null() : rec_i64(it->id));
	rec_set_i64(rec, "n_ops", (int64_t)dr->nops);
	rec_set(rec, "first_ns", i64_or_null(dr->first));
	rec_set(rec, "last_ns", i64_or_null(dr->last));
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
	rec_emit(stdout, rec);
}

static void
emit_iter(const struct kduty *d, const struct kduty_iter *it,
    const struct kduty_opts *o)
{
	const struct kterms *t = &it->terms;
	json_t *rec = rec_new("duty");
	json_t *sc = rec_scope_new();
	char buf[32];

	rec_set_str(rec, "check", "A2");
	rec_scope_set(sc, "iteration", iter_label(it, buf, sizeof(buf)));
	rec_set(rec, "scope", sc);
	rec_set_str(rec, "window", o->whole ? "whole" : "iteration");
	rec_set(rec, "iter", it->id < 0 ? json_null() : rec_i64(it->id));
	rec_set_str(rec, "stage", kstage_name(it->stage));
	rec_set_str(rec, "marker", it->marker);
	rec_set_i64(rec, "ranks", (int64_t)d->nranks);
	rec_set_i64(rec, "n_ops", (int64_t)t->nops);
	rec_set(rec, "cycle_ns", i64_or_null(it->cycle));
	rec_set(rec, "wall_ns", t->nops ? rec_i64(t->wall) : json_null());
	rec_set(rec, "gap_ns", it->cycle == K_NONE ? json_null() :
	    rec_i64(it->cycle - t->wall));
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
	rec_set(rec, "factor", num_or_null(it->factor));
	rec_set(rec, "modified_z", num_or_null(it->modz));
	rec_set(rec, "excluded", json_boolean(it->excluded));
	rec_set(rec, "exclude_reason", it->excluded ? json_string(
	    "factor above the limit and a modified-z outlier in its stage") :
	    json_null());
	rec_set(rec, "few_kernels", json_boolean(it->few));
	rec_set(rec, "source", rec_source(it->src ? it->src->path :
	    d->ranks[0].t->path, it->line, it->column, NULL,
	    "cycle = next iteration's first op start - this one's; wall = "
	    "last end - first start over ranks = measured + idle_internal + "
	    "idle_boundary; measured = critical_busy + collective "
	    "(barrier critical path: segments between collectives won by "
	    "the busiest rank); gap = cycle - wall"));
	rec_emit(stdout, rec);
}

static void
emit_summary(const struct kduty *d, const char *metric, json_t *value,
    const char *unit, size_t n, json_t *details, const char *how)
{
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
	rec_emit(stdout, rec);
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
		rec_set(o, "modified_z", num_or_null(it->modz));
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
emit_summaries(const struct kduty *d, const struct kduty_opts *o)
{
	char metric[64];
	json_t *det;

	det = mult_details(&d->all);
	rec_set(det, "excluded", excluded_list(d));
	emit_summary(d, "duty.multiplier", num_or_null(d->all.mult), NULL,
	    d->all.n, det, "sum(cycle_ns) / sum(measured_ns) over iterations "
	    "with a next iteration, after the outlier screen (factor > limit "
	    "and modified z > limit within the stage); null when no "
	    "iteration has a cycle");
	emit_summary(d, "duty.multiplier_busy_union",
	    num_or_null(d->all.mult_union), NULL, d->all.n,
	    mult_details(&d->all), "sum(cycle_ns) / sum(busy_union_ns) over "
	    "the same iterations (older definition; busy union keeps "
	    "collective arrival wait)");
	for (int s = 0; s < ST_NSTAGES; s++) {
		if (d->stage[s].n == 0)
			continue;
		snprintf(metric, sizeof(metric), "duty.multiplier.%s",
		    kstage_name(s));
		emit_summary(d, metric, num_or_null(d->stage[s].mult), NULL,
		    d->stage[s].n, mult_details(&d->stage[s]),
		    "sum(cycle_ns) / sum(measured_ns) over the stage's "
		    "screened iterations");
		snprintf(metric, sizeof(metric), "duty.gap_fraction.%s",
		    kstage_name(s));
		emit_summary(d, metric, d->cycle_sum[s] ? rec_num(
		    (double)d->gap_sum[s] / d->cycle_sum[s]) : json_null(),
		    "fraction", d->stage[s].n, NULL, "sum(cycle - wall) / "
		    "sum(cycle) over the stage's iterations with a cycle "
		    "(decode is expected above prefill)");
	}
	emit_summary(d, "duty.iterations", rec_i64((int64_t)d->nit), "count",
	    d->nit, NULL, o->whole ? "one window over the whole trace" :
	    "iterations found (union of iteration ids over ranks)");
	emit_summary(d, "duty.iterations.with_cycle",
	    rec_i64((int64_t)d->n_with_cycle), "count", d->nit, NULL,
	    "iterations followed by another with operations (the last has "
	    "no cycle)");
	emit_summary(d, "duty.iterations.excluded",
	    rec_i64((int64_t)d->n_excluded), "count", d->n_with_cycle,
	    excluded_list(d), "dropped by the outlier screen");
	emit_summary(d, "duty.iterations.few_kernels",
	    rec_i64((int64_t)d->n_few), "count", d->nit, few_list(d),
	    "iterations with no operation or under a quarter of their "
	    "stage's median count (graph under-recording?)");
	emit_summary(d, "duty.identity_residual_ns",
	    rec_i64(d->max_residual), "ns", d->nit, NULL,
	    "max |wall - (critical_busy + collective + idle_internal + "
	    "idle_boundary)| over iterations; 0 when the identities hold");
	emit_summary(d, "duty.ranks", rec_i64((int64_t)d->nranks), "count",
	    d->nranks, NULL, "ranks (one per trace and device)");
}

static double
num_arg(const char *s, const char *what)
{
	double v;

	if (!parse_f64(s, strlen(s), &v) || v < 0) {
		fprintf(stderr, "s2r-dutycycle: %s: expected a number >= 0, "
		    "got \"%s\"\n", what, s);
		exit(S2R_EXIT_BAD);
	}
	return v;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "kernels-only", no_argument, NULL, 'k' },
		{ "whole", no_argument, NULL, 'w' },
		{ "collective", required_argument, NULL, 'c' },
		{ "factor", required_argument, NULL, 'F' },
		{ "z", required_argument, NULL, 'Z' },
		{ "stage-min", required_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct kduty_opts o = { false, false, NULL, 2.0, 3.5, 8 };
	const char *coll = DEFAULT_COLLECTIVE;
	struct ktrace **traces;
	struct krank *ranks;
	struct kduty d;
	regex_t re;
	size_t nt, nr;
	int c;

	s2r_setprog(argv[0]);
	while ((c = getopt_long(argc, argv, "kwc:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'k': o.kernels_only = true; break;
		case 'w': o.whole = true; break;
		case 'c': coll = optarg; break;
		case 'F': o.factor_min = num_arg(optarg, "--factor"); break;
		case 'Z': o.z_min = num_arg(optarg, "--z"); break;
		case 'S': o.stage_min = (size_t)num_arg(optarg, "--stage-min");
			break;
		case 'h': usage(stdout); return 0;
		case 'V': printf("s2r-dutycycle " S2R_VERSION "\n"); return 0;
		default: usage(stderr); return S2R_EXIT_BAD;
		}
	}
	if (optind >= argc) {
		usage(stderr);
		return S2R_EXIT_BAD;
	}
	if (regcomp(&re, coll, REG_EXTENDED | REG_ICASE | REG_NOSUB) != 0)
		s2r_die("--collective: expected a POSIX extended regular "
		    "expression, got \"%s\"", coll);
	o.collective_re = &re;
	nt = ktrace_load_all(argv + optind, (size_t)(argc - optind), &traces);
	nr = kranks(traces, nt, &ranks);
	kduty_compute(ranks, nr, &o, &d);
	if (d.n_few > 0)
		s2r_warn("%zu iteration(s) with implausibly few GPU operations "
		    "(see duty.iterations.few_kernels)", d.n_few);
	for (size_t r = 0; r < nr; r++)
		emit_trace(&ranks[r]);
	for (size_t i = 0; i < d.nit; i++) {
		for (size_t r = 0; r < nr; r++)
			emit_iter_rank(&d, &d.it[i], r, &o);
		emit_iter(&d, &d.it[i], &o);
	}
	emit_summaries(&d, &o);
	rec_finish(stdout);
	kduty_free(&d);
	free(ranks);
	for (size_t i = 0; i < nt; i++)
		ktrace_free(traces[i]);
	free(traces);
	regfree(&re);
	return 0;
}
