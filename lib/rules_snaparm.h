/* rules_snaparm.h - check 3d per arm: the router's metrics refresh each
 * arm's PipelineRun deployed (its scenario's chart flags, s2r-config
 * --deployed's epp.chart.deployed records) against the other arms' and
 * the sim's; and the Go durations and millisecond texts 3d speaks in.
 * Split from rules_saturation.c, which calls it. */
#ifndef S2R_RULES_SNAPARM_H
#define S2R_RULES_SNAPARM_H

#include <stdbool.h>

#include <jansson.h>

#include "judge.h"
#include "str.h"

/* "50ms", "2s", "100us", "1m" → microseconds; false when not one. */
bool	snap_duration_us(const char *s, double *us);
/* "50 ms", "1 s" (whole seconds). */
void	snap_ms_text(struct sbuf *b, double us);
/* Whether rec is a chart flag --refresh-metrics-interval (either
 * spelling) with a duration; *(double *)us. */
bool	snap_refresh_flag(const json_t *rec, void *us);
/* The refresh arm's PipelineRun deployed (*us), or NULL. */
const json_t *snap_arm_refresh(const struct judge *j, const char *arm,
	    double *us);

/* What the per-arm verdicts compare with: the sim's snapshot refresh
 * (sim NULL or !have_sim: not given) and the router's default refresh
 * an arm without a flag keeps (dfl NULL: unknown, unknown_why says
 * why). */
struct snap_base {
	const json_t	*sim, *dfl;
	bool		 have_sim;
	double		 sv, dfl_us;	/* us */
	const char	*unknown_why;
};

/* One snapshot.refresh_interval verdict (sub: the arm) per arm whose
 * PipelineRun deploys a refresh flag: WARN when another arm's refresh
 * (its own flag, else the default) differs, or the default is unknown,
 * or the sim's differs; MISSING when only the sim's is unknown; else
 * PASS. */
void	snap_refresh_arms(struct judge *j, const struct rule *r,
	    const struct snap_base *b);

#endif
