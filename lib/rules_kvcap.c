/* rules_kvcap.c - check 5f: one KV-cache capacity across the instances
 * and arms of a cell, against the simulation's, and the KV pressure the
 * run was under (preemptions, usage), a part of the runtime checks
 * (rules_health.c).
 *
 * Measurements come from s2r-log-extract over the cell's server_logs and
 * metrics/ scrapes (schemas/metrics-runtime.json).  Thresholds:
 * runtime.kv_* in lib/tolerance (pipelines/tolerances.yaml): KV cache
 * size across instances and arms 1 % PASS / 5 % WARN. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "judge.h"
#include "rec.h"
#include "ruleutil.h"
#include "rules_kvcap.h"
#include "satrule.h"
#include "str.h"

#define MAX_ARMS	64

const char ACT_KV[] = "KV-cache capacity differs between "
    "instances or arms: check gpu_memory_utilization, max_model_len, "
    "the GPU type and what else runs on the GPUs.";

/* --- 5f ------------------------------------------------------------- */

/* One instance's KV size, for the reference below. */
struct kv_size {
	double		 v;
	const json_t	*m;
};

/* By size, then by where the line is (arms and instances in a fixed
 * order), so that the median is the same record on every run. */
static int
kv_size_cmp(const void *pa, const void *pb)
{
	const struct kv_size *a = pa, *b = pb;
	struct sbuf wa = {0}, wb = {0};
	int d;

	if (a->v != b->v)
		return a->v < b->v ? -1 : 1;
	ru_where(&wa, a->m);
	ru_where(&wb, b->m);
	d = strcmp(sbuf_str(&wa), sbuf_str(&wb));
	sbuf_free(&wa);
	sbuf_free(&wb);
	return d;
}

/* The reference KV size of a workload: ref, the median instance's over
 * every instance of every arm running it (rv its size, n the sizes),
 * agree how many sizes lie within the pass band of it, far the size
 * farthest from it. */
struct kvref {
	const json_t	*ref, *far;
	double		 rv, farv;
	size_t		 n, agree;
};

/* The median (the lower middle one: a real instance's line, never an
 * average): what each instance should match.  Not the first instance: a
 * pod that is odd itself (a GPU shared with a leftover process) would
 * then pass as the reference and its healthy peers fail.  False when no
 * instance states a size. */
static bool
kv_reference(const struct judge *j, const struct jcell *c, struct kvref *kr)
{
	const struct jcell *arms[MAX_ARMS + 1];
	size_t na = ru_other_arms(j, c, arms, MAX_ARMS);
	double pass = tol(j->tol, TOL_RT_KV_PASS_PCT);
	struct kv_size *all = NULL;

	memset(kr, 0, sizeof(*kr));
	arms[na++] = c;
	for (size_t a = 0; a < na; a++) {
		struct strv insts;

		ru_instances(j, arms[a], "kv_cache.tokens", &insts);
		for (size_t i = 0; i < insts.n; i++) {
			struct ru_list l;

			/* every engine's size (a data-parallel pod states one
			 * per rank when they differ) */
			ru_inst_records(j, arms[a], "kv_cache.tokens",
			    insts.v[i], &l);
			for (size_t k = 0; k < l.n; k++) {
				double v;

				if (!ru_num(l.v[k], &v) || v <= 0)
					continue;
				all = xroom(all, kr->n, sizeof(*all));
				all[kr->n++] = (struct kv_size){ v, l.v[k] };
			}
			ru_list_free(&l);
		}
		strv_free(&insts);
	}
	if (kr->n == 0)
		return false;
	qsort(all, kr->n, sizeof(*all), kv_size_cmp);
	kr->ref = all[(kr->n - 1) / 2].m;
	kr->rv = all[(kr->n - 1) / 2].v;
	for (size_t k = 0; k < kr->n; k++) {
		double d = fabs(all[k].v - kr->rv);

		kr->agree += d / kr->rv * 100 <= pass;
		if (kr->far == NULL || d > fabs(kr->farv - kr->rv)) {
			kr->far = all[k].m;
			kr->farv = all[k].v;
		}
	}
	free(all);
	return true;
}

/* The verdict of a size d % off the reference: a size that matches it
 * while no more than half the sizes do is no finding either way (the
 * instances split, say arm against arm, and the median is one side's:
 * which side holds the planned capacity the logs cannot tell), WARN. */
static enum jverdict_value
kv_size_verdict(const struct judge *j, const struct kvref *kr, double d,
    struct sbuf *why)
{
	double pass = tol(j->tol, TOL_RT_KV_PASS_PCT);
	double warn = tol(j->tol, TOL_RT_KV_WARN_PCT);

	if (fabs(d) > pass)
		return fabs(d) <= warn ? V_WARN : V_FAIL;
	if (kr->agree * 2 > kr->n)
		return V_PASS;
	sbuf_printf(why, " But only %zu of the %zu sizes are within \u00b1%.0f%% "
	    "of it: the others hold up to %.0f (", kr->agree, kr->n, pass,
	    kr->farv);
	ru_where(why, kr->far);
	sbuf_printf(why, ", %+.1f%%), so the instances split with no "
	    "majority and this one matches the reference only as one side "
	    "of the split.", (kr->farv - kr->rv) / kr->rv * 100);
	return V_WARN;
}

/* One KV-cache size m of an instance (one of its engines' when they
 * differ: scope rank) against the reference. */
static void
kv_instance(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *inst, const json_t *m, const struct kvref *kr)
{
	json_t *sub = ru_rank_sub(inst, m);
	const json_t *mc = judge_measure(j, c, "kv_cache.max_concurrency",
	    sub);
	const char *rank = rec_scope_str(m, "rank");
	double pass = tol(j->tol, TOL_RT_KV_PASS_PCT);
	double warn = tol(j->tol, TOL_RT_KV_WARN_PCT);
	enum jverdict_value verdict;
	struct sbuf why = {0};
	double v = 0, d, conc;
	char band[64];

	if (mc == NULL)
		mc = ru_inst_measure(j, c, "kv_cache.max_concurrency", inst);
	ru_num(m, &v);
	d = (v - kr->rv) / kr->rv * 100;
	sbuf_printf(&why, "Instance %s", inst);
	if (rank != NULL)
		sbuf_printf(&why, "'s data-parallel engine %s (its engines "
		    "state different sizes)", rank);
	sbuf_printf(&why, " holds %.0f KV-cache tokens (", v);
	ru_where(&why, m);
	sbuf_adds(&why, ")");
	if (ru_num(mc, &conc))
		sbuf_printf(&why, ", maximum concurrency %.2fx", conc);
	sbuf_printf(&why, "; the reference (the median of the %zu instances "
	    "of the arms running this workload) holds %.0f (", kr->n, kr->rv);
	ru_where(&why, kr->ref);
	sbuf_adds(&why, ").");
	verdict = kv_size_verdict(j, kr, d, &why);
	snprintf(band, sizeof(band), "\u00b1%.0f%% (WARN to \u00b1%.0f%%)",
	    pass, warn);
	judge_emit(j, r, c, &(struct jverdict){ .metric = "kv_cache.tokens",
	    .sub = sub, .expect = kr->ref, .measure = m, .has_diff = true,
	    .diff = d, .diff_unit = "%", .tolerance = band,
	    .verdict = verdict, .why = sbuf_str(&why), .action = ACT_KV });
	json_decref(sub);
	sbuf_free(&why);
}

/* BLIS's --block-size-in-tokens when the sim bundle does not set it
 * (docs/formats.md §4.2, BLIS cmd/root.go). */
#define BLIS_BLOCK_TOKENS	16

/* One instance's KV-cache size against the capacity the simulation
 * pinned (--total-kv-blocks x --block-size-in-tokens): the cross-instance
 * check above cannot see every pod of every arm off by the same amount
 * (another vLLM image, another GPU memory split), and the simulation then
 * queues and preempts at another load than the real run. */
static void
kv_sim_instance(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *inst, const json_t *m, const json_t *blocks)
{
	const json_t *bs = judge_expect(j, c, "sim.block_size_in_tokens",
	    NULL);
	double pass = tol(j->tol, TOL_RT_KV_PASS_PCT);
	double warn = tol(j->tol, TOL_RT_KV_WARN_PCT);
	double nb, size = BLIS_BLOCK_TOKENS, real, sim, d;
	struct sbuf why = {0};
	json_t *sub, *es;
	char band[64];

	if (!ru_num(blocks, &nb) || nb <= 0 || !ru_num(m, &real))
		return;
	if (bs != NULL && (!ru_num(bs, &size) || size <= 0))
		return;
	sim = nb * size;
	d = (real - sim) / sim * 100;
	sbuf_printf(&why, "The simulation models %.0f KV-cache tokens per "
	    "instance: %.0f blocks (", sim, nb);
	ru_where(&why, blocks);
	sbuf_printf(&why, ") of %.0f tokens (", size);
	if (bs != NULL)
		ru_where(&why, bs);
	else
		sbuf_printf(&why, "BLIS's default --block-size-in-tokens, the "
		    "sim bundle sets none");
	sbuf_printf(&why, "); instance %s holds %.0f (", inst, real);
	ru_where(&why, m);
	sbuf_adds(&why, ").");
	if (fabs(d) > pass)
		sbuf_printf(&why, " The simulation's KV cache is %s than the "
		    "real one: it runs out of blocks (queues, preempts) at "
		    "%s load.", d < 0 ? "larger" : "smaller", d < 0 ?
		    "a higher" : "a lower");
	snprintf(band, sizeof(band), "\u00b1%.0f%% (WARN to \u00b1%.0f%%)",
	    pass, warn);
	sub = ru_rank_sub(inst, m);
	es = ru_side(json_real(sim), "tokens", blocks, "--total-kv-blocks x "
	    "--block-size-in-tokens");
	judge_emit(j, r, c, &(struct jverdict){ .metric =
	    "kv_cache.sim_tokens", .sub = sub, .expect = es, .measure = m,
	    .has_diff = true, .diff = d, .diff_unit = "%", .tolerance = band,
	    .verdict = fabs(d) <= pass ? V_PASS : fabs(d) <= warn ? V_WARN :
	    V_FAIL, .why = sbuf_str(&why), .action = "Pin --total-kv-blocks "
	    "to the real pods' 'GPU KV cache size' / block size and rerun the "
	    "simulation, or find why the pods hold another KV cache than "
	    "planned (vLLM image, gpu_memory_utilization, GPU, other "
	    "processes on the GPU)." });
	json_decref(es);
	json_decref(sub);
	sbuf_free(&why);
}

/* An instance whose stats lines report preemptions (vLLM prints
 * "Preemptions: N" only when N > 0, and only in newer builds, so its
 * absence proves nothing and gets no verdict): it ran out of KV blocks
 * and evicted running requests to recompute them later. */
static void
kv_preemptions(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *inst, const json_t *m)
{
	json_t *sub = ru_rank_sub(inst, m);
	const json_t *usage = judge_measure(j, c,
	    "stats.kv_cache_usage_pct.max", sub);
	const char *rank = rec_scope_str(m, "rank");
	struct sbuf why = {0};
	double n, peak;

	if (!ru_num(m, &n) || n <= 0) {
		json_decref(sub);
		return;
	}
	sbuf_printf(&why, "Instance %s's stats lines", inst);
	if (rank != NULL)
		sbuf_printf(&why, " of its data-parallel engine %s", rank);
	sbuf_printf(&why, " report %.0f preemptions (", n);
	ru_where(&why, m);
	sbuf_printf(&why, ": %s)", rec_get_str(json_object_get(m, "source"),
	    "how"));
	if (ru_num(usage, &peak)) {
		sbuf_adds(&why, "; its KV cache usage peaked at ");
		ru_num_text(&why, peak);
		sbuf_adds(&why, "%");
	}
	sbuf_adds(&why, ". vLLM ran out of KV blocks and evicted running "
	    "requests to recompute them: this cell's latency includes KV "
	    "pressure the simulation must show too.");
	ru_emit(j, r, c, "stats.preemptions.total", sub, NULL, m, "0",
	    V_WARN, sbuf_str(&why), "Compare the simulation's KV blocks and "
	    "preemptions with this instance's (kv_cache.tokens); preemptions "
	    "only in the real run are a capacity or load mismatch.");
	sbuf_free(&why);
	json_decref(sub);
}

/* Each engine's peak KV usage from its stats lines, when the cell has no
 * Prometheus scrapes to judge it (sr_kv_usage_verdicts): the same bound,
 * WARN at or above it.  A full cache with no "Preemptions" part (a build
 * that does not print it, or requests held for blocks without eviction)
 * is KV pressure that no other line shows. */
static void
kv_usage_stats(struct judge *j, const struct rule *r, const struct jcell *c)
{
	static const char *const inst[2] = { "Instance", "instance" };
	struct ru_list l;

	if (judge_any(j, c, "measure", "metrics.kv_cache_usage_pct.max"))
		return;
	ru_collect(j, c, "measure", "stats.kv_cache_usage_pct.max",
	    RU_INSTANCE, false, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *name = rec_scope_str(l.v[i], "instance");
		json_t *sub;

		if (name == NULL)
			continue;
		sub = ru_rank_sub(name, l.v[i]);
		sr_kv_peak(j, r, c, "stats.kv_cache_usage_pct.max", sub,
		    l.v[i], inst, "queueing");
		json_decref(sub);
	}
	ru_list_free(&l);
}

/* Each pod's preemptions from its Prometheus scrapes: the increase of
 * vLLM's preemption counter over the run.  The stats lines print them
 * only in newer builds and only when nonzero, and a KV-usage gauge
 * scraped every few seconds misses the moments the cache was full
 * (a preemption frees blocks at once), but the counter keeps every one:
 * above 0 WARN, 0 PASS (the counter proves there were none). */
static void
kv_preempt_scrapes(struct judge *j, const struct rule *r,
    const struct jcell *c)
{
	struct ru_list l;

	ru_collect(j, c, "measure", "metrics.preemptions.increase",
	    RU_INSTANCE, false, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *pod = rec_scope_str(l.v[i], "instance");
		json_t *sub = ru_inst_sub(pod);
		const json_t *usage = judge_measure(j, c,
		    "metrics.kv_cache_usage_pct.max", sub);
		struct sbuf why = {0};
		double n, peak;

		if (pod == NULL || !ru_num(l.v[i], &n)) {
			json_decref(sub);
			continue;
		}
		sbuf_printf(&why, "Pod %s's preemption counter rose by %.0f "
		    "over the run (", pod, n);
		ru_where(&why, l.v[i]);
		sbuf_printf(&why, ": %s)", rec_get_str(json_object_get(l.v[i],
		    "source"), "how"));
		if (ru_num(usage, &peak)) {
			sbuf_adds(&why, "; its scraped KV cache usage peaked at ");
			ru_num_text(&why, peak);
			sbuf_adds(&why, "%");
		}
		sbuf_adds(&why, n > 0 ? ". vLLM ran out of KV blocks and "
		    "evicted running requests to recompute them: this cell's "
		    "latency includes KV pressure the simulation must show too "
		    "(a scrape interval misses the moments the cache was full; "
		    "the counter does not)." : ". No request was preempted.");
		ru_emit(j, r, c, "metrics.preemptions.increase", sub, NULL,
		    l.v[i], "0", n > 0 ? V_WARN : V_PASS, sbuf_str(&why),
		    "Compare the simulation's KV blocks and preemptions with "
		    "this pod's (kv_cache.tokens); preemptions only in the real "
		    "run are a capacity or load mismatch.");
		sbuf_free(&why);
		json_decref(sub);
	}
	ru_list_free(&l);
}

void
rule_kvcap(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct strv insts;
	struct kvref kr;

	sr_kv_usage_verdicts(j, r, c);	/* from the scrapes, if any */
	kv_preempt_scrapes(j, r, c);
	if (ru_arm_only(c) || !ru_need_logs(j, r, c, "server_logs", false,
	    "the KV-cache size"))
		return;
	ru_instances(j, c, "kv_cache.tokens", &insts);
	if (insts.n == 0 || !kv_reference(j, c, &kr))
		ru_emit(j, r, c, "kv_cache.tokens", NULL, NULL, NULL, NULL,
		    V_MISSING, "No 'GPU KV cache size: N tokens' line in the "
		    "cell's server logs.", "Collect the logs from the pods' "
		    "start (the line is printed once at startup).");
	else {
		const json_t *blocks = judge_expect(j, c,
		    "sim.total_kv_blocks", NULL);

		for (size_t i = 0; i < insts.n; i++) {
			struct ru_list l;

			/* each size the log states: a data-parallel engine
			 * or a restart may state another than the first */
			ru_inst_records(j, c, "kv_cache.tokens", insts.v[i],
			    &l);
			for (size_t k = 0; k < l.n; k++) {
				kv_instance(j, r, c, insts.v[i], l.v[k], &kr);
				kv_sim_instance(j, r, c, insts.v[i], l.v[k],
				    blocks);
			}
			ru_list_free(&l);
		}
		ru_missing_instances(j, r, c, &insts, "kv_cache.tokens",
		    "has no 'GPU KV cache size: N tokens' line, which vLLM "
		    "prints once at startup and the cell's other logs hold: "
		    "the log was collected without the pod's start (kubectl "
		    "logs --since), so this instance's KV capacity cannot be "
		    "checked.");
	}
	strv_free(&insts);
	/* Every engine's: with data parallelism each rank has its own. */
	ru_instances(j, c, "stats.preemptions.total", &insts);
	for (size_t i = 0; i < insts.n; i++) {
		struct ru_list l;

		ru_inst_records(j, c, "stats.preemptions.total", insts.v[i],
		    &l);
		for (size_t k = 0; k < l.n; k++)
			kv_preemptions(j, r, c, insts.v[i], l.v[k]);
		ru_list_free(&l);
	}
	strv_free(&insts);
	kv_usage_stats(j, r, c);
}

