/* cmptext.h - compare records for people: the rows of a comparison table
 * (s2r-compare --format text; the Markdown report's Comparison section,
 * mdreport.h).  A table holds the records of one analysis, workload and
 * pair of arms, in record order. */
#ifndef S2R_CMPTEXT_H
#define S2R_CMPTEXT_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "str.h"

enum { CT_METRIC, CT_STAT, CT_A, CT_B, CT_DELTA, CT_CHANGE, CT_RESULT,
	CT_N, CT_NCOLS };

/* Whether r is an ab or calibrate record (a table row). */
bool	 cmptext_is_row(const json_t *r);
/* Whether rows a and b belong to the same table. */
bool	 cmptext_same_table(const json_t *a, const json_t *b);
/* The end of the table that starts at row recs[i] of recs[0..n). */
size_t	 cmptext_table_end(json_t *const *recs, size_t n, size_t i);
/* "w1: baseline vs treatment" (A/B) or "calibration: real vs sim". */
void	 cmptext_heading(struct sbuf *out, const json_t *r);
/* The header cells: Metric, Stat, <arm a>, <arm b>, Δ, Change, Result,
 * n. */
void	 cmptext_header(struct sbuf cells[CT_NCOLS], const json_t *r);
/* A row's cells (each reset first). */
void	 cmptext_row(struct sbuf cells[CT_NCOLS], const json_t *r);
/* What a row says beside its cells (why, note, top errors), one entry
 * each, prefixed with the metric; nothing when it says nothing. */
void	 cmptext_notes(struct strv *notes, const json_t *r);
/* Every record as aligned plain-text tables (timeline records: their
 * series). */
void	 cmptext_write(struct sbuf *out, json_t *const *recs, size_t n);

#endif
