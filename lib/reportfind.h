/* reportfind.h - what the parity report says first: findings (one per
 * distinct problem, however many cells show it), the headline, the state
 * of a check in a cell, and the short forms of sides and sources.
 *
 * A finding is the FAIL, MISSING or WARN verdicts of one check and metric
 * whose difference is the same: the same values from the same place (the
 * same file, or the same file of each cell) with the same tolerance; the
 * two one-sided verdicts of a key that moved (only expected at one path,
 * only actual at another path with the same last name, in the same cells)
 * are one finding.  The renderers (mdreport.c, htmlreport.c) write these
 * with their own markup. */
#ifndef S2R_REPORTFIND_H
#define S2R_REPORTFIND_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "report.h"
#include "str.h"
#include "strtab.h"

struct finding {
	const struct report *rep;	/* the verdicts' report */
	size_t		  v;		/* its first verdict, in rep->all */
	bool		  paired;	/* a moved key: */
	size_t		  pair;		/* its other side's first verdict */
	size_t		 *cells;	/* one verdict per cell, report order */
	size_t		 *pair_cells;	/* the other side's, the same cells */
	size_t		  ncells;
	int		  verdict;	/* V_FAIL, V_MISSING or V_WARN */
	int		  cat;
	int		  sided;	/* 1: expected side only, 2: actual
					 * only, 0: both or neither */
	const char	 *leaf;		/* one-sided: its key's last name */
	double		  gap;		/* |actual - expected| / the larger, 0..1 */
	size_t		  nextra;	/* scope keys besides the cell's */
	size_t		  seq;		/* first seen, report order */
};

struct member;

struct findings {
	struct finding	*f;		/* FAIL, MISSING, WARN; see findings_build */
	size_t		 n;
	struct member	*members;	/* every verdict's finding, by number */
	size_t		 nmembers;
	int		 per_cat[CAT_COUNT];
	int		 per_verdict[V_COUNT];
	struct strtab	 names;		/* the leaves */
};

/* Groups rep's FAIL, MISSING and WARN verdicts (report_build done) into
 * findings and orders them: FAIL, MISSING, then WARN; within each by how
 * much the finding undermines the experiment: the procedure's category
 * order (a workload not run as simulated puts every later check in
 * doubt), then more cells, then cell-wide before per-client, -window or
 * -class, then the larger relative gap, then report order. */
void	 findings_build(struct findings *fs, const struct report *rep);
void	 findings_free(struct findings *fs);
/* The number (1…) of the finding verdict i (in rep->all) belongs to,
 * -1: none. */
long	 findings_number(const struct findings *fs, size_t i);

/* A check in a cell as its heading says it.  PART: passed, but some of
 * its rows could not be judged; NOT_JUDGED: none could be. */
enum check_state { CS_FAIL, CS_MISSING, CS_WARN, CS_PART, CS_PASS,
	CS_NOT_JUDGED, CS_COUNT };

enum check_state report_check_state(const struct rep_check *k);
/* Heading text: "FAIL", "PASS, 2 of 8 not judged", "not judged". */
void	 report_check_state_text(struct sbuf *out, const struct rep_check *k);
/* Checks per cell of a category by state. */
void	 report_check_counts(const struct rep_category *rc,
	    int counts[CS_COUNT]);

/* Whose a verdict side is: "sim" or "real" when its source file lies in
 * exactly one of the bundles the report names (meta), else the side the
 * category implies (workload: spec = sim, trace = real; alignment:
 * framework = real, simulator = sim), else "expected" or "actual". */
const char *report_side_label(const struct report_meta *meta, int cat,
	    const json_t *v, bool expected);
/* A side's source file, NULL without one; rel_cell: without the cell's
 * own folder when it lies in it ("baseline/w1/trace_data.csv" ->
 * "trace_data.csv"). */
const char *report_side_file(const json_t *v, bool expected, bool rel_cell);
/* A side's source in short, "file:line field" (no how); SRC_IN_CELL: the
 * file as report_side_file(rel_cell) gives it; SRC_NO_FILE: ":line", the
 * file said elsewhere.  These two give the key (field) only where there
 * is no line, or with SRC_KEY added.  "—" without anything. */
enum src_form { SRC_FULL, SRC_IN_CELL, SRC_NO_FILE, SRC_KEY = 4 };
void	 report_source_brief(struct sbuf *out, const json_t *v,
	    bool expected, enum src_form form, text_escape_fn *esc);
/* An id for the check of v's cell: "k-1a-baseline-w1", every character
 * outside [A-Za-z0-9_] written as .XX. */
void	 report_anchor(struct sbuf *out, const struct rep_verdict *v);
/* why without a leading "metric " that repeats the metric beside it. */
const char *report_why_text(const json_t *v);
/* What why adds to the values, sources and difference a table row or a
 * finding shows: the text after "Expected … Difference: D (tolerance
 * T)." of a compared verdict ("" when nothing), else all of why. */
const char *report_why_note(const json_t *v);

/* The finding's trees (report_verdict(): valid until report_release). */
const json_t *finding_verdict(const struct finding *f);
const json_t *finding_pair(const struct finding *f);	/* NULL: none */
/* The difference a finding names: the key or metric, both values with
 * their side, file:line and key, the gap and tolerance ("moved" for a
 * moved key); brief: the values and the gap only. */
void	 finding_text(struct sbuf *out, const struct finding *f,
	    const struct report_meta *meta, bool brief, text_escape_fn *esc);
/* "baseline/w1, treatment/w1" (the first 8, then "and N more"). */
void	 finding_cells_text(struct sbuf *out, const struct finding *f,
	    text_escape_fn *esc);
/* What to do: the verdict's action, else its why. */
const char *finding_action(const struct finding *f);

/* The headline, at most five lines into lines: whether the run supports
 * the simulated experiment, then which areas it shows as simulated and
 * which not, each with its first finding. */
void	 report_headline(struct strv *lines, const struct report *rep,
	    const struct findings *fs, const struct report_meta *meta,
	    text_escape_fn *esc);

#endif
