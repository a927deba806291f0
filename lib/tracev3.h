/* tracev3.h - the TraceV3 trace-header keys the comparisons read
 * (docs/formats.md §2.1): goodput_slo_targets, per SLO class
 * {ttft_ms, itl_ms, e2e_ms} in ms (0 or absent: not gated), and
 * observed_kv_metrics.hit_rate (blis observe --scrape-kv-metrics).
 *
 * The same targets can come from a file of their own (s2r-compare
 * --targets): the class map itself, or a YAML map with a
 * goodput_slo_targets key (a trace header or a workload spec). */
#ifndef S2R_TRACEV3_H
#define S2R_TRACEV3_H

#include <stdbool.h>
#include <stddef.h>

/* One class's targets; an unset SLO class is "default" (as BLIS). */
struct slo_target {
	char	*cls;
	double	 ttft_ms, itl_ms, e2e_ms;	/* 0: not gated */
	long	 line;
};

struct slo_targets {
	char			*file;	/* source.file; NULL: none read */
	long			 line;	/* of the goodput_slo_targets key */
	struct slo_target	*v;	/* sorted by class */
	size_t			 n;
};

struct kv_observed {
	bool	 present;
	double	 hit_rate;	/* fraction */
	char	*source;	/* tiered, gpu-prefix-cache-fallback, NULL */
	char	*file;
	long	 line;
};

struct tracev3 {
	struct slo_targets	targets;	/* n == 0: none */
	struct kv_observed	kv;
};

/* Reads the keys from a trace header (path; label for messages and
 * source.file).  A malformed value is fatal (label:line:column). */
void	tracev3_load(struct tracev3 *t, const char *path, const char *label);
void	tracev3_free(struct tracev3 *t);

/* A targets file: the class map, or a map holding goodput_slo_targets. */
void	slo_targets_load(struct slo_targets *t, const char *path,
	    const char *label);
void	slo_targets_free(struct slo_targets *t);
/* The targets of class cls ("" is "default"); NULL: not gated. */
const struct slo_target *slo_targets_find(const struct slo_targets *t,
	    const char *cls);
/* Same classes with the same numbers. */
bool	slo_targets_equal(const struct slo_targets *a,
	    const struct slo_targets *b);

#endif
