/* satjson.h - blis observe's saturation report (a cell's saturation.json,
 * docs/formats.md) in the three shapes upstream writes, into measure
 * records of the run's saturation level: was the real run saturated, so
 * that a latency gap is load rather than the cost model?
 *
 *   new:  {"final": {detector: level}, "trace": [{timestamp, detector,
 *         result: {level, ...}}]}; without "final" (no detector ran, or a
 *         file from before the final block) each detector's level is the
 *         plurality of its trace's trailing window, as upstream reduces it
 *   old:  one detector result {"level", "score", "confidence", "signals"}
 *   old:  a backlog-drift report {"classification", "slope", ...}
 *
 * Levels are STABLE, BACKLOGGED and OVERLOADED; a string upstream does not
 * know is kept as written and judged as no level.  Memory stays bounded
 * by the trailing window, whatever the length of the trace. */
#ifndef S2R_SATJSON_H
#define S2R_SATJSON_H

#include <stdbool.h>
#include <stddef.h>

#include "jsonscan.h"
#include "logkit.h"

/* In rising severity: a plurality tie goes to the later one. */
enum sat_level { SAT_UNKNOWN = -1, SAT_STABLE, SAT_BACKLOGGED,
    SAT_OVERLOADED, SAT_NLEVELS };
enum sat_shape { SAT_SHAPE_NEW, SAT_SHAPE_RESULT, SAT_SHAPE_DRIFT };

/* Upstream's default --saturation-final-window (µs). */
#define SAT_FINAL_WINDOW_US	30000000LL

/* One detector's level (the old shapes have one, named ""). */
struct sat_det {
	char		*name;
	char		*written;	/* the level as written; NULL: from trace */
	enum sat_level	 level;
	long		 line, column;	/* of the value (final, level, class.) */
	long		 nrecords;	/* its trace records */
	long		 nwindow;	/* of them in the trailing window */
	long long	 last_us;	/* its last trace timestamp */
	long		 counts[SAT_NLEVELS];	/* levels in the window */
	/* the trailing window of its trace (ring): timestamps and levels */
	long long	*win_us;
	signed char	*win_level;
	size_t		 win_head, win_n, win_cap;
};

struct satreport {
	char		*file;		/* as printed */
	enum sat_shape	 shape;
	bool		 has_final;
	long		 ntrace;	/* trace records */
	double		 score, confidence;	/* old result; NAN: absent */
	struct sat_det	*det;
	size_t		 ndet;
};

/* The level a string names: STABLE/BACKLOGGED/OVERLOADED, and the
 * backlog-drift classifications UNSATURATED/TRANSIENT_BACKLOG/
 * PERSISTENTLY_SATURATED; SAT_UNKNOWN otherwise. */
enum sat_level	 sat_level_of(const char *s);
const char	*sat_level_name(enum sat_level level);

/* Reads the report from js (file names it in records); dies (exit 2)
 * with file:line:column on anything that is not one of the shapes. */
void	satjson_read(struct satreport *r, struct jscan *js, const char *file);
/* saturation.level per detector (5b; key: the detector), or one record
 * with no value when no detector ran. */
void	satjson_emit(const struct satreport *r, const struct logctx *ctx);
void	satjson_free(struct satreport *r);

#endif
