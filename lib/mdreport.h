/* mdreport.h - the parity report: a model grouped for humans, and its
 * Markdown rendering.
 *
 * report_add() takes verdict records, report_build() groups them as the
 * original procedure lays the report out (category → workload → phase and
 * iteration → check) and counts them; renderers walk that model, so the
 * HTML report reuses the grouping and only writes other markup. */
#ifndef S2R_MDREPORT_H
#define S2R_MDREPORT_H

#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

#include "verdict.h"
#include "str.h"

/* The verdicts of one check in one cell. */
struct rep_check {
	const char	*check;
	const char	*title;
	json_t		**v;		/* verdict records, input order */
	size_t		  n;
	int		  worst;	/* enum jverdict_value shown in the heading */
};

/* One cell (phase, iteration) of a workload. */
struct rep_cell {
	const char	*phase;		/* NULL: absent */
	const char	*iteration;
	struct rep_check *checks;
	size_t		  nchecks;
};

struct rep_workload {
	const char	*name;		/* NULL: not tied to a workload */
	struct rep_cell	 *cells;
	size_t		  ncells;
};

struct rep_category {
	int		  counts[V_COUNT];
	struct rep_workload *workloads;
	size_t		  nworkloads;
};

struct report {
	json_t		**all;		/* every verdict, sorted by report_build */
	size_t		  n, cap;
	struct rep_category cats[CAT_COUNT];
	int		  total[V_COUNT];
	json_t		**actions;	/* FAIL then WARN, report order */
	size_t		  nactions;
};

struct report_meta {
	const char	*title;
	const char	*real;		/* NULL: not given */
	const char	*sim;
	const char	*date;		/* YYYY-MM-DD */
};

void	 report_init(struct report *rep);
/* Takes rec.  Verdict records are checked (file:line on a bad one) and
 * kept; other kinds are passed over. */
void	 report_add(struct report *rep, json_t *rec, const char *file,
	    long line);
void	 report_read(struct report *rep, const char *path);
void	 report_build(struct report *rep);
void	 report_free(struct report *rep);

/* Section headings: "Workload Parity", …; the number is cat + 1. */
const char *report_section_name(int cat);
/* The worst-first ranking used for headings (FAIL > WARN > MISSING >
 * PASS > INAPPLICABLE). */
int	 report_rank(int verdict);

/* Appends s escaped for Markdown: table cells keep to one cell (| and
 * newlines), inline markup and HTML are neutralised. */
void	 md_escape(struct sbuf *b, const char *s, bool in_table);
/* A verdict's cell as "baseline/w1/i0" ("bundle" when it has none),
 * escaped for Markdown. */
void	 md_where(struct sbuf *o, const json_t *v, bool in_table);
/* A verdict side's value ("40 req/s", "20%", "—"). */
void	 report_value_text(struct sbuf *b, const json_t *side);
/* The diff ("+0.5%", "-2 pp", "—"). */
void	 report_diff_text(struct sbuf *b, const json_t *diff);
/* "class.fraction (class=critical)". */
void	 report_metric_text(struct sbuf *b, const json_t *verdict);

void	 report_md(struct sbuf *out, const struct report *rep,
	    const struct report_meta *meta);

#endif
