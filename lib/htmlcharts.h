/* htmlcharts.h - the Charts section of the HTML report, and the kit its
 * chart families share: a small table of chart data collected from the
 * evidence records, the page being written, figures.
 *
 * One file per family, as the section lays them out: charts_latency.c
 * (latency CDFs, A3), charts_instances.c (request spread, KV cache,
 * queue depth: 5b, 5f), charts_tokens.c (token lengths: 1c, 1d),
 * charts_align.c (per-operation time and duty cycle: A1, A2),
 * charts_compare.c (traces over time: s2r-compare timeline). */
#ifndef S2R_HTMLCHARTS_H
#define S2R_HTMLCHARTS_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "htmlreport.h"
#include "keygroup.h"
#include "report.h"
#include "str.h"
#include "svg.h"

#define NSLOT		8
#define MAX_BARS	40	/* categories per bar chart before cutting */
#define MAX_FILES	4	/* source files named before "and N more" */
#define NPALETTE	8

/* Series colours: none of them is a verdict colour, so a coloured frame
 * or bar always means a verdict and a line never does. */
extern const char *const chart_palette[NPALETTE];

/* --- a small table of chart data ------------------------------------ */

/* One bar category or line of a chart, keyed by (group, series); the
 * group is the chart.  Slots hold the values the chart plots. */
struct trow {
	char		*group;
	char		*series;
	char		*phase, *workload, *iteration;
	double		 v[NSLOT];
	bool		 has[NSLOT];
	bool		 sim;
	size_t		 rec;		/* tab_rec's: the points/bins record,
					 * its number in the evidence */
	struct strv	 files;		/* source files, for the caption */
	uint32_t	 key;		/* in the tab's keys */
};

struct tab {
	struct trow	*rows;
	size_t		 n;
	struct strtab	 keys;		/* (group, series) of each row */
	size_t		*row_of;	/* key -> row */
	struct strtab	 groups;
	struct sbuf	 text;		/* a key looked up */
};

/* The row (group, series), added with r's cell when it is new. */
struct trow *tab_row(struct tab *t, const char *group, const char *series,
	    const json_t *r);
/* Slot slot of row (group, series) is v, from record r. */
void	 tab_put(struct tab *t, const char *group, const char *series,
	    int slot, double v, const json_t *r);
/* A row drawn from one record's points or bins array: record i of ev. */
struct trow *tab_rec(struct tab *t, const char *group, const char *series,
	    const struct evidence *ev, size_t i);
/* Groups in natural order, real before sim, series in natural order. */
void	 tab_sort(struct tab *t);
void	 tab_free(struct tab *t);
/* The end of the group (rows [i, end)) starting at row i. */
size_t	 tab_group_end(const struct tab *t, size_t i);
bool	 tab_has_group(const struct tab *t, const char *group);
/* The source files of rows [b, e), sorted, the first few named. */
void	 tab_files_text(struct sbuf *out, const struct tab *t, size_t b,
	    size_t e);
/* The first few of files (sorted here), "and N more"; none_text when
 * there are none. */
void	 chart_files_text(struct sbuf *out, struct strv *files,
	    const char *none_text);

/* --- the page -------------------------------------------------------- */

struct chart_page {
	struct sbuf	*o;
	const struct report_meta *meta;	/* where each figure goes */
	const struct report *rep;
	const struct evidence *ev;
	size_t		 charts;
	struct strv	 missing;	/* charts not drawn and why */
	unsigned	 seq;		/* chart ids */
	struct strtab	 simfiles;	/* traces that say they are a sim's */
	/* chart_worst's: rep's verdicts by check, (check, workload),
	 * (check, workload, phase) and (check, workload, phase, iteration),
	 * and the answers given so far. */
	struct keygroup	 by_check, by_workload, by_phase, by_cell;
	struct strtab	 asked;
	int		*answer;
};

bool	 chart_is_measure(const json_t *r);
/* A latency or token record is the simulator's when it says so or comes
 * from a file whose other records say so. */
bool	 chart_is_sim(const struct chart_page *pg, const json_t *r);
/* The points or bins array (EV_POINTS, EV_BINS) of record i of ev, with
 * at least one entry; NULL when it has none. */
const struct ev_array *chart_array(const struct evidence *ev, size_t i,
	    int which);
/* Entry k of row i of a points/bins array; NAN when absent or null. */
double	 chart_num(const struct ev_array *a, size_t i, size_t k);
/* The index of suffix in names[n], -1 when it is none of them. */
int	 chart_slot(const char *suffix, const char *const *names, size_t n);
/* The badge of the verdicts of check in (workload, phase, iteration)
 * whose metric starts with prefix (NULL arguments match anything; a
 * verdict without a phase or iteration is in every one): FAIL, MISSING,
 * WARN, PASS (every row judged), "PART JUDGED" (some INAPPLICABLE),
 * "NOT JUDGED" (all).  NULL: no such verdict. */
const char *chart_worst(struct chart_page *pg, const char *check,
	    const char *workload, const char *phase, const char *iteration,
	    const char *prefix);
/* Writes c (its id the page's next) as a figure with caption. */
void	 chart_figure(struct chart_page *pg, struct svg_chart *c,
	    const char *caption);
/* A bar chart over the rows of one group: a category per row (the first
 * MAX_BARS), a series per slot.  A single series with a status is
 * labelled and coloured by that verdict. */
struct bar_spec {
	const int	*slots;		/* the slots drawn, one series each */
	const char *const *labels;	/* their labels */
	size_t		 nslots;
	enum svg_kind	 kind;		/* SVG_BARS or SVG_STACKED */
	const char	*title;		/* " — <group>" is appended */
	const char	*xlabel, *ylabel;
	const char	*status;	/* worst verdict, NULL: none */
	const char	*what;		/* the records, for the source line */
	const char	*cut_noun;	/* "first N of M <noun>", NULL: none */
	const char	*caption;	/* NULL: none */
};
/* Draws the chart of rows [b, e) unless none of them has a value in any
 * of the slots; returns whether it drew it. */
bool	 chart_bars(struct chart_page *pg, const struct tab *t, size_t b,
	    size_t e, const struct bar_spec *bs);
/* Frees n curves' points and labels, then the arrays and ss. */
void	 chart_curves_free(size_t n, double **xs, double **ys,
	    struct sbuf *labels, struct svg_series *ss);

/* --- the families ---------------------------------------------------- */

void	 charts_latency(struct chart_page *pg);
void	 charts_instances(struct chart_page *pg);
void	 charts_tokens(struct chart_page *pg);
void	 charts_align(struct chart_page *pg);
void	 charts_compare(struct chart_page *pg);

/* Whether a chart reads records of kind and metric (NULL: none); the
 * report passes over the others unparsed, so a family that reads a new
 * kind or metric names it there. */
bool	 chart_wants(const char *kind, const char *metric);
/* The Charts section drawn from ev, colours from rep's verdicts; each
 * figure passed on to meta's stream (report_flush).  Returns the number
 * of charts drawn. */
size_t	 html_charts(struct sbuf *out, const struct report *rep,
	    const struct report_meta *meta, const struct evidence *ev);

#endif
