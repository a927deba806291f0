/* tolerance.h - the numbers s2r-verdict judges with, and YAML overrides.
 *
 * Every tolerance has a name "<section>.<key>" (the YAML path in
 * pipelines/tolerances.yaml), a default (docs/checks.md §2) and a short
 * description.  Rules read them by enum, so a misspelt tolerance is a
 * compile error; users override them by name, so a misspelt key in a
 * YAML file is a file:line:column error. */
#ifndef S2R_TOLERANCE_H
#define S2R_TOLERANCE_H

#include <stddef.h>

/* Adding a tolerance: one enum entry here, one row in tol_table
 * (tolerance.c), one documented line in pipelines/tolerances.yaml and
 * its key under TOLERANCES in docs/man/s2r-verdict.1.  Rules read it with
 * tol(j->tol, TOL_...). */
enum tol_id {
	TOL_RATE_PCT,		/* 1a: qps vs aggregate_rate, ± percent */
	TOL_CEILING_PCT,	/* 1a: actual below intended → WARN */
	TOL_CLASS_PP,		/* 1b: class fraction, ± percentage points */
	TOL_TOKENS_MEAN_PCT,	/* 1c/1d: mean, ± percent */
	TOL_TOKENS_STDEV_PCT,	/* 1c/1d: stdev, ± percent */
	TOL_CLIENT_MEAN_PCT,	/* 1c/1d: one client's mean, ± percent */
	TOL_TEMPLATE_TOKENS,	/* 1c: a chat template's fixed tokens, most */
	TOL_STOP_WARN_PCT,	/* 1d: answers ended at EOS, % → WARN */
	TOL_STOP_FAIL_PCT,	/* 1d: ... → FAIL */
	TOL_PREFIX_PP,		/* 1e: prefix fraction, ± pp */
	TOL_PREFIX_LEN_ABS,	/* 1e: prefix length mean, ± tokens */
	TOL_STREAMING_PP,	/* 1f: streaming fraction, ± pp */
	TOL_POISSON_CV_MIN,	/* 1g: poisson accepted CV range */
	TOL_POISSON_CV_MAX,
	TOL_CONSTANT_CV_MAX,	/* 1g: constant arrivals */
	TOL_SHAPED_CV_PCT,	/* 1g: gamma/weibull, ± percent of cv */
	TOL_IAT_MIN_SAMPLES,	/* 1g: fewer inter-arrivals → WARN */
	TOL_SHAPE_P_MIN,	/* 1c/1d: a client's lengths' chance under its law */
	TOL_SHAPE_KS_MAX,	/* 1c/1d: a KS distance beyond chance above → FAIL */
	TOL_LATE_SENDS_WARN_PCT, /* 1h: first rounds sent late, % → WARN */
	TOL_LATE_SENDS_FAIL_PCT, /* ... → FAIL */
	TOL_AL_ELIGIBLE_MIN,	/* A0: eligible / real requests */
	TOL_AL_OUTPUT_MISMATCH,	/* A0: eligible with other output → WARN */
	TOL_AL_LATE_SENDS_MAX,	/* A0: requests sent late, share → WARN */
	TOL_AL_UNMAPPED_SHARE,	/* A1: one unmapped family's share → FAIL */
	TOL_AL_KERNEL_ERROR,	/* A1: duration-weighted |sim - meas| / meas */
	TOL_AL_SHIFT_MAX,	/* A1: a shared factor beyond → not a clock shift */
	TOL_AL_MULT_WARN,	/* A2: multiplier above → WARN */
	TOL_AL_MULT_MAX,	/* A2: multiplier above → FAIL */
	TOL_AL_CYCLE_PCT,	/* A2: sim cycle vs measured cycle, ± % */
	TOL_AL_TTFT_SLOWER_PCT,	/* A3: sim TTFT slower by more → FAIL */
	TOL_AL_TTFT_FASTER_PCT,	/* A3: sim TTFT faster by more → FAIL */
	TOL_AL_TPOT_PCT,	/* A3: TPOT median gap, ± % */
	TOL_AL_E2E_PCT,		/* A3: E2E median gap, ± % */
	TOL_AL_THROUGHPUT_PCT,	/* A3: throughput median gap, ± % */
	TOL_AL_KS_MAX,		/* A3: KS D above → the shapes differ */
	TOL_AL_PAIRED_SHARE,	/* A3: requests off the median ratio */
	TOL_AL_MIN_SAMPLES,	/* A3: fewer requests/windows → too few */
	TOL_RT_SPREAD_WARN_PCT,	/* 5b: instance share off the even share */
	TOL_RT_SPREAD_FAIL_PCT,
	TOL_RT_KV_PASS_PCT,	/* 5f: KV capacity across instances/arms */
	TOL_RT_KV_WARN_PCT,
	TOL_RT_KV_USAGE_WARN_PCT, /* 5f: peak KV-cache usage (metrics/) */
	TOL_RT_PREFIX_UNSHARED_PCT, /* 5c: hit rate with no shared prefixes */
	TOL_RT_FAILED_WARN_PCT,	/* 5d: errors, timeouts, cut streams / rows */
	TOL_RT_FAILED_FAIL_PCT,	/* and 5e: completions a server refused */
	TOL_RT_FLOOR_WARN_PCT,	/* 5b: an instance this far below 1/N (any router) */
	TOL_RT_FLOOR_FAIL_PCT,
	TOL_RT_OBJ_EMPTY_PCT,	/* 5g: key-less 'Request handled' lines, % */
	TOL_RT_OBJ_PREWARM_RPS,	/* 5g, 5b: requests per prewarm second, at most */
	TOL_RT_SERVED_EXCESS_PCT, /* 5b: served beyond sent, no protocol */
	TOL_RT_GPU_MIN_SAMPLES,	/* 5h: full-load samples needed to judge */
	TOL_RT_GPU_P95_WARN_C,	/* 5h: temperature p95 bands */
	TOL_RT_GPU_P95_FAIL_C,
	TOL_RT_GPU_MAX_WARN_C,	/* 5h: temperature max bands */
	TOL_RT_GPU_MAX_FAIL_C,
	TOL_RT_GPU_CAP_PCT,	/* 5h: power cap below design TDP → FAIL */
	TOL_RT_GPU_THROTTLE_PCT, /* 5h: throttled samples above → FAIL */
	TOL_RT_GPU_PEER_POWER_PCT, /* 5h: busy power below the peers' median */
	TOL_COUNT
};

struct tol_def {
	enum tol_id	 id;
	const char	*name;		/* "workload.rate_pct" */
	double		 def;
	const char	*what;		/* one line, for --help and docs */
};

struct tolerances {
	double	v[TOL_COUNT];
};

extern const struct tol_def tol_table[];

void	tol_defaults(struct tolerances *t);
/* Reads overrides from a YAML buffer/file; dies (exit 2) with
 * label:line:column on anything but a map of known sections holding known
 * keys with finite non-negative numbers. */
void	tol_load_buf(struct tolerances *t, const char *label, const char *buf,
	    size_t len);
void	tol_load_file(struct tolerances *t, const char *path);
/* The definition named "section.key", or NULL. */
const struct tol_def *tol_lookup(const char *name);

static inline double
tol(const struct tolerances *t, enum tol_id id)
{
	return t->v[id];
}

#endif
