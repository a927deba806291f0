/* cmprec.h - building compare records (docs/records.md, Comparison
 * records; schemas/compare.schema.json), shared by the A/B, calibration
 * and timeline analyses.  Keys go in the documented order, so callers
 * add them in that order: kind, analysis, metric, stat, unit, scope,
 * quantile_method, a, b, value, n, delta, change_pct, tolerance_pct,
 * noise, judgement, why, note, columns, points, source. */
#ifndef S2R_CMPREC_H
#define S2R_CMPREC_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

/* {kind: compare, analysis, metric, stat, unit, scope}: stat and unit may
 * be NULL (left out); workload and cls NULL leave the scope key out. */
json_t	*cmprec_new(const char *analysis, const char *metric,
	    const char *stat, const char *unit, const char *workload,
	    const char *cls);
/* A side: {arm, value, n, files}; value NAN is null, n < 0 left out. */
json_t	*cmprec_side(const char *arm, double value, int64_t n);
void	 cmprec_side_file(json_t *side, const char *file);
/* A side that only names its arm and files (scores over both sides). */
json_t	*cmprec_side_named(const char *arm, const char *file);
/* A side's replicas: per_replica values and their CV (k > 1 only). */
void	 cmprec_side_replicas(json_t *side, const double *per, size_t k,
	    double cv);
/* delta = b - a and change_pct = 100 (b - a) / |a| (null when a is 0 or
 * either is NAN). */
void	 cmprec_delta(json_t *rec, double a, double b);
/* source {field, how} (no file: the sides name theirs). */
void	 cmprec_source(json_t *rec, const char *field, const char *how);

#endif
