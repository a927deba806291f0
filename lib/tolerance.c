/* tolerance.c - defaults (DESIGN.md §4) and YAML overrides. */
#include <errno.h>
#include <stdarg.h>
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
	    "1b: class.fraction within ± this many percentage points" },
	{ TOL_TOKENS_MEAN_PCT, "workload.tokens_mean_pct", 5,
	    "1c/1d: token mean within ± this percent of the sampler's mean" },
	{ TOL_TOKENS_STDEV_PCT, "workload.tokens_stdev_pct", 10,
	    "1c/1d: token stdev within ± this percent of the sampler's stdev" },
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
	{ TOL_AL_ELIGIBLE_MIN, "alignment.eligible_min", 0.95,
	    "A0: eligible requests (matched by id, successful on both sides) / real requests at least this" },
	{ TOL_AL_OUTPUT_MISMATCH, "alignment.output_mismatch_max", 0.01,
	    "A0: eligible requests whose output tokens differ, as a fraction, above this is a WARN" },
	{ TOL_AL_UNMAPPED_SHARE, "alignment.unmapped_share_max", 0.05,
	    "A1: one unmapped measured family (not a helper) or unmapped slot at or above this share of its side's time is a FAIL" },
	{ TOL_AL_KERNEL_ERROR, "alignment.kernel_error_max", 0.10,
	    "A1: duration-weighted kernel error sum|sim - meas| / sum meas at most this" },
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
	{ TOL_RT_SPREAD_WARN_PCT, "runtime.spread_warn_pct", 20,
	    "5b: an even router's instance share off 1/N by more → WARN" },
	{ TOL_RT_SPREAD_FAIL_PCT, "runtime.spread_fail_pct", 40,
	    "5b: an even router's instance share off 1/N by more → FAIL" },
	{ TOL_RT_KV_PASS_PCT, "runtime.kv_pass_pct", 1,
	    "5f: KV capacity across instances and arms within → PASS" },
	{ TOL_RT_KV_WARN_PCT, "runtime.kv_warn_pct", 5,
	    "5f: KV capacity within → WARN, beyond → FAIL" },
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

struct tol_error {
	long	line, column;
	char	msg[256];
};

static bool
fail(struct tol_error *e, const struct ynode *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool
fail(struct tol_error *e, const struct ynode *at, const char *fmt, ...)
{
	va_list ap;

	e->line = at->line;
	e->column = at->column;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	return false;
}

static bool
load_section(struct tolerances *t, const char *section,
    const struct ynode *map, struct tol_error *e)
{
	if (map->type != Y_MAP)
		return fail(e, map, "%s: expected a map of tolerances, got a %s",
		    section, map->type == Y_SEQ ? "sequence" : "scalar");
	for (size_t i = 0; i < map->n; i++) {
		const struct ynode *key = map->keys[i], *val = map->items[i];
		const struct tol_def *d;
		char name[256];
		double v;

		snprintf(name, sizeof(name), "%s.%.100s", section, key->value);
		d = tol_lookup(name);
		if (d == NULL)
			return fail(e, key, "expected a known tolerance key in "
			    "%s, got \"%.80s\"", section, key->value);
		if (!yscalar_f64(val, &v) || v < 0)
			return fail(e, val, "%s: expected a non-negative "
			    "number, got %s%.80s%s", name,
			    yscalar(val) ? "\"" : "",
			    yscalar(val) ? yscalar(val) : "a collection",
			    yscalar(val) ? "\"" : "");
		t->v[d->id] = v;
	}
	return true;
}

static bool
load_root(struct tolerances *t, const struct ynode *root,
    struct tol_error *e)
{
	if (root == NULL || yscalar_is_null(root))
		return true;	/* an empty file keeps every default */
	if (root->type != Y_MAP)
		return fail(e, root, "expected a map of tolerance sections "
		    "(workload: ...)");
	for (size_t i = 0; i < root->n; i++) {
		const struct ynode *key = root->keys[i];

		if (!known_section(key->value))
			return fail(e, key, "expected a tolerance section "
			    "(workload, alignment), got \"%.80s\"", key->value);
		if (!load_section(t, key->value, root->items[i], e))
			return false;
	}
	return true;
}

static void
check_ranges(const struct tolerances *t, const char *label)
{
	if (t->v[TOL_POISSON_CV_MIN] > t->v[TOL_POISSON_CV_MAX])
		s2r_die_at(label, 0, 0, "workload.poisson_cv_min %g is above "
		    "workload.poisson_cv_max %g", t->v[TOL_POISSON_CV_MIN],
		    t->v[TOL_POISSON_CV_MAX]);
	if (t->v[TOL_AL_MULT_WARN] > t->v[TOL_AL_MULT_MAX])
		s2r_die_at(label, 0, 0, "alignment.multiplier_warn %g is above "
		    "alignment.multiplier_max %g", t->v[TOL_AL_MULT_WARN],
		    t->v[TOL_AL_MULT_MAX]);
}

void
tol_load_buf(struct tolerances *t, const char *label, const char *buf,
    size_t len)
{
	struct yerror yerr;
	struct ydoc *doc = ydoc_load_buf(label, buf, len, 0, &yerr);
	struct tol_error e;
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
