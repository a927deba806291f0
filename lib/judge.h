/* judge.h - the verdict framework: record store, cells, joining, rules.
 *
 * s2r-verdict reads every record into a judge, derives the cells (distinct
 * phase/workload/iteration of the measure records), then runs each rule
 * once per cell (or once per bundle).  A rule looks up the expect and
 * measure records it needs with judge_expect()/judge_measure() and writes
 * verdicts with judge_emit() or the judge_compare()/judge_emit_cmp() pair;
 * judge_missing() covers the data that is not there.  Verdicts are sorted
 * (check, cell, sub-scope, emission order) before they are written.
 *
 * The rules come from the tables of checklist.h: adding a check is a row
 *	{ "2e", "Title", true, fn },
 * in its area's table and the function fn; adding an area is a file
 * lib/rules_<area>.c with its table, listed in rule_areas[]
 * (lib/checklist.c). */
#ifndef S2R_JUDGE_H
#define S2R_JUDGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

#include "jindex.h"
#include "str.h"
#include "tolerance.h"
#include "verdict.h"

struct judge;
struct rule;
typedef void judge_fn(struct judge *j, const struct rule *r,
    const struct jcell *c);

struct rule {
	const char	*check;
	const char	*title;
	bool		 per_cell;	/* false: called once with c == NULL */
	judge_fn	*fn;
};

struct jout;
struct jrmemo;
struct jstore;
struct spill;

struct judge {
	const struct tolerances	*tol;
	struct jstore	 *store;	/* every non-verdict record, input order */
	size_t		  nrecs;
	struct jindex	 *index;	/* every record by kind, cell, metric */
	struct jcell	 *cells;	/* sorted */
	size_t		  ncells;
	struct jout	 *out;
	size_t		  nout, capout;
	struct spill	 *text;		/* the verdicts' lines */
	struct jrmemo	 *rmemo;	/* jreplica.c's values of one group */
};

void	 judge_init(struct judge *j, const struct tolerances *t);
void	 judge_free(struct judge *j);
/* Takes rec.  Checks the shape of expect/measure records; dies with
 * file:line:column on a malformed one. */
void	 judge_add(struct judge *j, json_t *rec, const char *file, long line);
/* Every record of an NDJSON file ("-": stdin). */
void	 judge_read(struct judge *j, const char *path);
/* Validates a --checks list ("1a,1c", "1" for a whole area, "all").
 * False with *bad set to the offending item. */
bool	 judge_checks_valid(const char *list, char *bad, size_t badlen);
/* Runs the rules selected by list (NULL: all). */
void	 judge_run(struct judge *j, const char *list);
/* Writes the sorted verdicts; returns how many FAIL. */
size_t	 judge_write(struct judge *j, FILE *out);
/* The sorted verdict records (borrowed), for tests and the fuzzer: each
 * is parsed back from its output line (verdicts are kept as text). */
size_t	 judge_verdicts(struct judge *j, json_t ***out);
json_t	*judge_verdict_rec(struct judge *j, size_t i);
/* Verdict i of j->nout (emission order until judge_run() sorts them):
 * its enum jverdict_value and its check, without parsing it. */
int	 judge_verdict_value(const struct judge *j, size_t i);
const char *judge_verdict_check(const struct judge *j, size_t i);

/* --- for rules ------------------------------------------------------ */

/* The records matching s (jindex.h), in input order: the rules' one way
 * to look records up (never a scan of recs, which is quadratic in the
 * cells).  Caller frees *out. */
size_t	 judge_select(const struct judge *j, const struct jsel *s,
	    const json_t ***out);

/* The expect record for metric in cell c whose non-cell scope equals sub
 * (NULL: none).  An expect without phase/iteration applies to every
 * phase/iteration of its workload; the most specific one wins. */
const json_t *judge_expect(const struct judge *j, const struct jcell *c,
	    const char *metric, const json_t *sub);
/* The measure record for metric in exactly cell c with sub-scope sub. */
const json_t *judge_measure(const struct judge *j, const struct jcell *c,
	    const char *metric, const json_t *sub);
/* The numeric value of that measure record: NAN when there is none or
 * its value is not a number (parses nothing). */
double	 judge_measure_num(const struct judge *j, const struct jcell *c,
	    const char *metric, const json_t *sub);
/* Whether any expect/measure for metric applies to c, whatever sub-scope. */
bool	 judge_any(const struct judge *j, const struct jcell *c,
	    const char *kind, const char *metric);
/* The distinct sub-scopes (non-cell scope keys) carrying key, over the
 * expect records of expect_metric and the measure records of
 * measure_metric (NULL: the same) that apply to c, sorted by
 * rec_scope_key(); caller decrefs the array. */
json_t	*judge_subscopes(const struct judge *j, const struct jcell *c,
	    const char *expect_metric, const char *measure_metric,
	    const char *key);

/* One verdict as a rule states it. */
struct jverdict {
	const char	*metric;
	const json_t	*sub;		/* extra scope keys, or NULL */
	const json_t	*expect;	/* expect record, or NULL */
	const json_t	*measure;	/* measure record, or NULL */
	bool		 has_diff;
	double		 diff;
	const char	*diff_unit;	/* "%", "pp", a metric unit */
	const char	*tolerance;	/* NULL: none */
	bool		 has_tol;	/* tol holds tolerance as a number */
	double		 tol;		/* in diff_unit (the replicas' band) */
	enum jverdict_value verdict;
	const char	*why;
	const char	*action;	/* NULL: none */
	const json_t	*evidence;	/* [{label, source, snippet}], or NULL */
};
void	 judge_emit(struct judge *j, const struct rule *r,
	    const struct jcell *c, const struct jverdict *v);

/* What to look up, and where each side should have come from (for
 * MISSING verdicts): e.g. "s2r-expect, from the workload YAML's
 * aggregate_rate". */
struct jquery {
	const char	*expect_metric;
	const char	*measure_metric;
	const json_t	*sub;
	const char	*expect_from;
	const char	*measure_from;
};

/* MISSING naming what is absent and where it should come from. */
void	 judge_missing(struct judge *j, const struct rule *r,
	    const struct jcell *c, const struct jquery *q,
	    const json_t *expect, const json_t *measure);

enum jdiff { DIFF_PCT, DIFF_PP, DIFF_ABS };

struct jcmp {
	const json_t	*expect, *measure;
	double		 e, a;
	double		 diff;		/* in diff_unit */
	const char	*diff_unit;
	bool		 within;	/* |diff| <= tolerance */
	double		 tol;		/* the tolerance, in diff_unit */
	char		 tolerance[80];
};

/* Finds both sides of q and compares them.  Returns false after emitting
 * the MISSING/INAPPLICABLE verdict when a side is absent, not comparable
 * (comparable:false, value null) or not a number. */
bool	 judge_compare(struct judge *j, const struct rule *r,
	    const struct jcell *c, const struct jquery *q, enum jdiff kind,
	    double tolerance, struct jcmp *out);
/* A verdict for a judge_compare() result: why is the plain-English
 * "Expected …, measured …. Difference: …" sentence plus note. */
void	 judge_emit_cmp(struct judge *j, const struct rule *r,
	    const struct jcell *c, const struct jquery *q,
	    const struct jcmp *cmp, enum jverdict_value v, const char *note,
	    const char *action);
/* PASS when within, else FAIL with action. */
void	 judge_band(struct judge *j, const struct rule *r,
	    const struct jcell *c, const struct jquery *q, enum jdiff kind,
	    double tolerance, const char *action);

#endif
