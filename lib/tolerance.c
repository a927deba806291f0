/* tolerance.c - defaults (docs/checks.md §2) and YAML overrides. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "infile.h"
#include "str.h"
#include "tolerance.h"
#include "yamlr.h"

/* Sorted by name within each section; the order of pipelines/tolerances.yaml. */
const struct tol_def tol_table[] = {
	{ TOL_RATE_PCT, "workload.rate_pct", 5,
	    "1a: qps.intended and qps.actual within ± this percent of aggregate_rate" },
	{ TOL_CEILING_PCT, "workload.ceiling_pct", 5,
	    "1a: qps.actual this many percent below qps.intended is a client-side ceiling (WARN)" },
	{ TOL_CLASS_PP, "workload.class_pp", 2,
	    "1b: class.fraction and adapter.fraction (LoRA) within ± this many percentage points" },
	{ TOL_TOKENS_MEAN_PCT, "workload.tokens_mean_pct", 5,
	    "1c/1d: token mean within ± this percent of the sampler's mean" },
	{ TOL_TOKENS_STDEV_PCT, "workload.tokens_stdev_pct", 10,
	    "1c/1d: token stdev within ± this percent of the sampler's stdev" },
	{ TOL_CLIENT_MEAN_PCT, "workload.client_tokens_mean_pct", 25,
	    "1c/1d: one client's token mean within ± this percent of its sampler's mean" },
	{ TOL_TEMPLATE_TOKENS, "workload.template_max_tokens", 64,
	    "1c: server_input_tokens beyond the trace's prompt by a fixed 0 to this many tokens a request (slope within tokens_mean_pct) is a chat template's, PASS" },
	{ TOL_STOP_WARN_PCT, "workload.stop_warn_pct", 1,
	    "1d: more than this percent of the successful answers ending at the model's end of sequence (finish_reason stop) in exact-length mode is a WARN" },
	{ TOL_STOP_FAIL_PCT, "workload.stop_fail_pct", 10,
	    "1d: more than this percent ending at the end of sequence in exact-length mode is a FAIL" },
	{ TOL_PREFIX_PP, "workload.prefix_pp", 2,
	    "1e: prefix.fraction within ± this many percentage points" },
	{ TOL_PREFIX_LEN_ABS, "workload.prefix_length_tokens", 0,
	    "1e: per-group prefix_length mean within ± this many tokens of the configured length" },
	{ TOL_STREAMING_PP, "workload.streaming_pp", 2,
	    "1f: streaming.fraction within ± this many percentage points" },
	{ TOL_POISSON_CV_MIN, "workload.poisson_cv_min", 0.8,
	    "1g: lowest per-client inter-arrival CV accepted for poisson" },
	{ TOL_POISSON_CV_MAX, "workload.poisson_cv_max", 1.2,
	    "1g: highest per-client inter-arrival CV accepted for poisson" },
	{ TOL_CONSTANT_CV_MAX, "workload.constant_cv_max", 0.1,
	    "1g: per-client inter-arrival CV below this for constant arrivals" },
	{ TOL_SHAPED_CV_PCT, "workload.shaped_cv_pct", 20,
	    "1g: gamma/weibull per-client CV within ± this percent of the configured cv" },
	{ TOL_IAT_MIN_SAMPLES, "workload.iat_min_samples", 30,
	    "1g: fewer inter-arrivals than this make the CV too noisy to judge (WARN)" },
	{ TOL_SHAPE_P_MIN, "workload.shape_p_min", 1e-5,
	    "1c/1d: a client's lengths whose KS distance to its sampler's law, or whose cut tail, has a chance below this under that law do not follow it" },
	{ TOL_SHAPE_KS_MAX, "workload.shape_ks_max", 0.05,
	    "1c/1d: such a KS distance above this is a FAIL, at or below it a WARN (a small difference beyond chance)" },
	{ TOL_LATE_SENDS_WARN_PCT, "workload.late_sends_warn_pct", 1,
	    "1h: more than this percent of the first-round requests sent 50 ms or more after their planned arrival (the client held them back) is a WARN" },
	{ TOL_LATE_SENDS_FAIL_PCT, "workload.late_sends_fail_pct", 10,
	    "1h: more than this percent sent that late is a FAIL: the servers saw another load than the spec's" },
	{ TOL_AL_ELIGIBLE_MIN, "alignment.eligible_min", 0.95,
	    "A0: eligible requests (matched by id, successful on both sides) / real requests at least this" },
	{ TOL_AL_OUTPUT_MISMATCH, "alignment.output_mismatch_max", 0.01,
	    "A0: eligible requests whose output tokens differ, as a fraction, above this is a WARN" },
	{ TOL_AL_LATE_SENDS_MAX, "alignment.late_sends_max", 0.01,
	    "A0: first-round requests sent 50 ms or more after their planned arrival, as a fraction, above this is a client-side ceiling (WARN)" },
	{ TOL_AL_UNMAPPED_SHARE, "alignment.unmapped_share_max", 0.05,
	    "A1: one unmapped measured family (not a helper) or unmapped slot at or above this share of its side's time is a FAIL" },
	{ TOL_AL_KERNEL_ERROR, "alignment.kernel_error_max", 0.10,
	    "A1: duration-weighted kernel error sum|sim - meas| / sum meas at most this" },
	{ TOL_AL_SHIFT_MAX, "alignment.clock_shift_max", 1.5,
	    "A1: a shared factor measured/simulated above this (or below its inverse) is larger than a clock or thermal shift: a scale error, FAIL" },
	{ TOL_AL_MULT_WARN, "alignment.multiplier_warn", 1.25,
	    "A2: a duty-cycle multiplier above this needs an explanation (WARN)" },
	{ TOL_AL_MULT_MAX, "alignment.multiplier_max", 2,
	    "A2: a duty-cycle multiplier above this is a FAIL" },
	{ TOL_AL_CYCLE_PCT, "alignment.cycle_pct", 10,
	    "A2: simulated kernel time x multiplier within ± this percent of the measured GPU cycle" },
	{ TOL_AL_TTFT_SLOWER_PCT, "alignment.ttft_slower_pct", 5,
	    "A3: sim TTFT median more than this percent above the real one is a FAIL" },
	{ TOL_AL_TTFT_FASTER_PCT, "alignment.ttft_faster_pct", 30,
	    "A3: sim TTFT median more than this percent below the real one is a FAIL (far faster)" },
	{ TOL_AL_TPOT_PCT, "alignment.tpot_pct", 10,
	    "A3: TPOT medians within ± this percent" },
	{ TOL_AL_E2E_PCT, "alignment.e2e_pct", 15,
	    "A3: E2E medians within ± this percent" },
	{ TOL_AL_THROUGHPUT_PCT, "alignment.throughput_pct", 10,
	    "A3: windowed output-token throughput medians within ± this percent" },
	{ TOL_AL_KS_MAX, "alignment.ks_max", 0.2,
	    "A3: a KS distance above this (medians within tolerance) means the shapes differ: WARN" },
	{ TOL_AL_PAIRED_SHARE, "alignment.paired_outliers_share", 0.2,
	    "A3: matched requests whose own sim/real ratio lies more than 25 % off the median ratio, as a fraction of those matched, at or above this (two at least) turn a PASS into a WARN" },
	{ TOL_AL_MIN_SAMPLES, "alignment.min_samples", 6,
	    "A3: a side with fewer requests than this (throughput: whole windows, then the overall rate over fewer requests) cannot be judged as a distribution: a PASS becomes a WARN (below 6 a side, the 5 % KS test tells only fully separated samples apart)" },
	{ TOL_RT_SPREAD_WARN_PCT, "runtime.spread_warn_pct", 20,
	    "5b: an even router's instance share off 1/N by more → WARN" },
	{ TOL_RT_SPREAD_FAIL_PCT, "runtime.spread_fail_pct", 40,
	    "5b: an even router's instance share off 1/N by more → FAIL" },
	{ TOL_RT_KV_PASS_PCT, "runtime.kv_pass_pct", 1,
	    "5f: KV capacity across instances and arms within → PASS" },
	{ TOL_RT_KV_WARN_PCT, "runtime.kv_warn_pct", 5,
	    "5f: KV capacity within → WARN, beyond → FAIL" },
	{ TOL_RT_KV_USAGE_WARN_PCT, "runtime.kv_usage_warn_pct", 95,
	    "5f: a pod's peak KV-cache usage in its Prometheus scrapes (else its stats lines) at or above this percent → WARN (the cache was full)" },
	{ TOL_RT_PREFIX_UNSHARED_PCT, "runtime.prefix_hit_unshared_pct", 20,
	    "5c: a pod's prefix-cache hit rate above this percent with no shared prefixes in the workload → WARN (the prompts share text the trace does not say)" },
	{ TOL_RT_FAILED_WARN_PCT, "runtime.failed_warn_pct", 0.1,
	    "5d: errors, timeouts and cut streams above this percent of a cell's rows → WARN" },
	{ TOL_RT_FAILED_FAIL_PCT, "runtime.failed_fail_pct", 1,
	    "5d: errors, timeouts and cut streams above this percent of a cell's rows → FAIL" },
	{ TOL_RT_FLOOR_WARN_PCT, "runtime.floor_warn_pct", 50,
	    "5b: an instance's share this many percent below 1/N → WARN, under any router" },
	{ TOL_RT_FLOOR_FAIL_PCT, "runtime.floor_fail_pct", 80,
	    "5b: an instance's share this many percent below 1/N → FAIL, under any router" },
	{ TOL_RT_OBJ_EMPTY_PCT, "runtime.objective_empty_pct", 5,
	    "5g: 'Request handled' lines with an empty objectiveKey, at most this percent of them ..." },
	{ TOL_RT_OBJ_PREWARM_RPS, "runtime.objective_prewarm_rps", 60,
	    "5g: ... or at most the warm-up requests plus this many per second of prewarm; 5b: the most a prewarm second sends" },
	{ TOL_RT_SERVED_EXCESS_PCT, "runtime.served_excess_pct", 5,
	    "5b: with no prewarm stated, requests the instances served beyond those sent (less sheds and the warm-up) at most this percent of them, else WARN" },
	{ TOL_RT_GPU_MIN_SAMPLES, "runtime.gpu_min_samples", 30,
	    "5h: full-load samples in the workload window needed to judge a GPU's temperature" },
	{ TOL_RT_GPU_P95_WARN_C, "runtime.gpu_p95_warn_c", 70,
	    "5h: full-load temperature p95 at or above this (C) → WARN" },
	{ TOL_RT_GPU_P95_FAIL_C, "runtime.gpu_p95_fail_c", 80,
	    "5h: full-load temperature p95 at or above this (C) → FAIL" },
	{ TOL_RT_GPU_MAX_WARN_C, "runtime.gpu_max_warn_c", 75,
	    "5h: full-load temperature max at or above this (C) → WARN" },
	{ TOL_RT_GPU_MAX_FAIL_C, "runtime.gpu_max_fail_c", 85,
	    "5h: full-load temperature max at or above this (C) → FAIL" },
	{ TOL_RT_GPU_CAP_PCT, "runtime.gpu_cap_pct", 5,
	    "5h: a power cap more than this percent below the GPU's design TDP → FAIL" },
	{ TOL_RT_GPU_THROTTLE_PCT, "runtime.gpu_throttle_pct", 5,
	    "5h: throttled full-load samples above 0 → WARN, above this percent → FAIL" },
	{ TOL_RT_GPU_PEER_POWER_PCT, "runtime.gpu_peer_power_pct", 30,
	    "5h: a GPU's full-load mean power this percent or more below the median of the cell's other GPUs of its model (two at least) → WARN (clocks held down)" },
	{ TOL_COUNT, NULL, 0, NULL }
};

void
tol_defaults(struct tolerances *t)
{
	for (const struct tol_def *d = tol_table; d->name != NULL; d++)
		t->v[d->id] = d->def;
}

const struct tol_def *
tol_lookup(const char *name)
{
	for (const struct tol_def *d = tol_table; d->name != NULL; d++)
		if (strcmp(d->name, name) == 0)
			return d;
	return NULL;
}

static bool
known_section(const char *section)
{
	size_t n = strlen(section);

	for (const struct tol_def *d = tol_table; d->name != NULL; d++)
		if (strncmp(d->name, section, n) == 0 && d->name[n] == '.')
			return true;
	return false;
}

/* "workload, alignment, ...": the sections of tol_table, in its order. */
static const char *
section_names(char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (const struct tol_def *d = tol_table; d->name != NULL; d++) {
		int n = (int)strcspn(d->name, ".");
		const struct tol_def *e = tol_table;

		while (e < d && strncmp(e->name, d->name, (size_t)n + 1) != 0)
			e++;
		if (e < d)
			continue;	/* named already */
		used += (size_t)snprintf(buf + used, len - used, "%s%.*s",
		    used > 0 ? ", " : "", n, d->name);
		if (used >= len)
			break;
	}
	return buf;
}

static bool
load_section(struct tolerances *t, const char *section,
    const struct ynode *map, struct perr *e)
{
	if (map->type != Y_MAP)
		return perr_set(e, map->line, map->column, "%s: expected a "
		    "map of tolerances, got a %s", section,
		    map->type == Y_SEQ ? "sequence" : "scalar");
	for (size_t i = 0; i < map->n; i++) {
		const struct ynode *key = map->keys[i], *val = map->items[i];
		const struct tol_def *d;
		char name[256];
		double v;

		snprintf(name, sizeof(name), "%s.%.100s", section, key->value);
		d = tol_lookup(name);
		if (d == NULL)
			return perr_set(e, key->line, key->column, "expected a "
			    "known tolerance key in %s, got \"%.80s\"",
			    section, key->value);
		if (!yscalar_f64(val, &v) || v < 0)
			return perr_set(e, val->line, val->column, "%s: "
			    "expected a non-negative number, got %s%.80s%s",
			    name,
			    yscalar(val) ? "\"" : "",
			    yscalar(val) ? yscalar(val) : "a collection",
			    yscalar(val) ? "\"" : "");
		t->v[d->id] = v;
	}
	return true;
}

static bool
load_root(struct tolerances *t, const struct ynode *root,
    struct perr *e)
{
	char names[128];

	if (root == NULL || yscalar_is_null(root))
		return true;	/* an empty file keeps every default */
	if (root->type != Y_MAP)
		return perr_set(e, root->line, root->column, "expected a map "
		    "of tolerance sections (workload: ...)");
	for (size_t i = 0; i < root->n; i++) {
		const struct ynode *key = root->keys[i];

		if (!known_section(key->value))
			return perr_set(e, key->line, key->column, "expected a "
			    "tolerance section (%s), got \"%.80s\"",
			    section_names(names, sizeof(names)), key->value);
		if (!load_section(t, key->value, root->items[i], e))
			return false;
	}
	return true;
}

static const char *
tol_name(enum tol_id id)
{
	for (const struct tol_def *d = tol_table; d->name != NULL; d++)
		if (d->id == id)
			return d->name;
	return "?";
}

static void
check_ranges(const struct tolerances *t, const char *label)
{
	/* Pairs whose WARN bound must not exceed their FAIL bound. */
	static const enum tol_id ordered[][2] = {
		{ TOL_RT_FAILED_WARN_PCT, TOL_RT_FAILED_FAIL_PCT },
		{ TOL_RT_FLOOR_WARN_PCT, TOL_RT_FLOOR_FAIL_PCT },
		{ TOL_RT_GPU_P95_WARN_C, TOL_RT_GPU_P95_FAIL_C },
		{ TOL_RT_GPU_MAX_WARN_C, TOL_RT_GPU_MAX_FAIL_C },
	};

	if (t->v[TOL_POISSON_CV_MIN] > t->v[TOL_POISSON_CV_MAX])
		s2r_die_at(label, 0, 0, "workload.poisson_cv_min %g is above "
		    "workload.poisson_cv_max %g", t->v[TOL_POISSON_CV_MIN],
		    t->v[TOL_POISSON_CV_MAX]);
	for (size_t k = 0; k < sizeof(ordered) / sizeof(ordered[0]); k++)
		if (t->v[ordered[k][0]] > t->v[ordered[k][1]])
			s2r_die_at(label, 0, 0, "%s %g is above %s %g",
			    tol_name(ordered[k][0]), t->v[ordered[k][0]],
			    tol_name(ordered[k][1]), t->v[ordered[k][1]]);
	if (t->v[TOL_AL_MULT_WARN] > t->v[TOL_AL_MULT_MAX])
		s2r_die_at(label, 0, 0, "alignment.multiplier_warn %g is above "
		    "alignment.multiplier_max %g", t->v[TOL_AL_MULT_WARN],
		    t->v[TOL_AL_MULT_MAX]);
	if (t->v[TOL_AL_SHIFT_MAX] < 1)
		s2r_die_at(label, 0, 0, "alignment.clock_shift_max %g is below "
		    "1 (a factor and its inverse bound the shift)",
		    t->v[TOL_AL_SHIFT_MAX]);
}

void
tol_load_buf(struct tolerances *t, const char *label, const char *buf,
    size_t len)
{
	struct perr yerr;
	struct ydoc *doc = ydoc_load_buf(label, buf, len, 0, &yerr);
	struct perr e;
	bool ok;

	if (doc == NULL)
		s2r_die_at(label, yerr.line, yerr.column, "%s", yerr.msg);
	memset(&e, 0, sizeof(e));
	ok = load_root(t, ydoc_root(doc), &e);
	/* Free the tree before dying: the fuzzer comes back through the die
	 * hook and must not leak. */
	ydoc_free(doc);
	if (!ok)
		s2r_die_at(label, e.line, e.column, "%s", e.msg);
	check_ranges(t, label);
}

void
tol_load_file(struct tolerances *t, const char *path)
{
	FILE *f = infile_open(path, NULL);
	struct sbuf content = {0};
	char chunk[8192];
	size_t n;

	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		sbuf_add(&content, chunk, n);
	if (ferror(f))
		s2r_die("%s: read error", path);
	if (f != stdin)
		fclose(f);
	tol_load_buf(t, path, sbuf_str(&content), content.len);
	sbuf_free(&content);
}
