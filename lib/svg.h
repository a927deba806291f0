/* svg.h - small, self-contained SVG charts for the HTML report.
 *
 * One call draws one chart as an inline <svg> element: axes with "nice"
 * ticks, axis labels (which carry the unit), a legend, a title, and the
 * data's source on the last line, so a chart cut out of the page still
 * says what it shows and where it came from.  No scripts, no fonts, no
 * external references: the output renders the same without JavaScript.
 * Every string is XML-escaped, so a value from a log cannot inject markup.
 * Output depends only on the arguments (fixed number formatting). */
#ifndef S2R_SVG_H
#define S2R_SVG_H

#include <stdbool.h>
#include <stddef.h>

#include "str.h"

enum svg_kind {
	SVG_LINES,	/* x/y polylines with point markers */
	SVG_STEPS,	/* x/y as a right-continuous step function (CDFs) */
	SVG_BARS,	/* grouped bars: y[i] belongs to category i */
	SVG_STACKED,	/* stacked bars: series are the stacked parts */
	SVG_CURVE,	/* x/y polylines without point markers (dense data:
			 * CDF points, time series) */
	SVG_HIST,	/* histogram on a numeric x axis: x holds n + 1 bin
			 * edges, y the n bin heights */
	SVG_SCATTER	/* x/y points only, translucent (per-request data) */
};

/* A vertical line at x across the plot (an expected mean, a bound),
 * named in the legend. */
struct svg_marker {
	double		 x;
	const char	*label;
	const char	*color;
	bool		 dashed;
};

struct svg_series {
	const char	*label;		/* legend text */
	const double	*x;		/* NULL for bar charts */
	const double	*y;
	size_t		 n;		/* points, or categories for bars */
	const char	*color;		/* CSS colour, e.g. "#0969da" */
	bool		 dashed;
};

struct svg_chart {
	const char	*id;		/* element id (letters, digits, -) */
	const char	*title;
	const char	*xlabel;	/* with the unit: "TTFT (ms)" */
	const char	*ylabel;
	const char	*source;	/* "baseline/w1/trace_data.csv ..." */
	const char	*status;	/* "PASS", "WARN", … or NULL: none */
	enum svg_kind	 kind;
	const char *const *cats;	/* bar categories (ncats of them) */
	size_t		 ncats;
	const struct svg_series *series;
	size_t		 nseries;
	bool		 y_from_zero;	/* include 0 in the y range */
	double		 ymax_hint;	/* > 0: include it (e.g. 1 for CDFs) */
	bool		 x_log;		/* log10 x axis (latencies spanning
					 * decades): x <= 0 is not drawn */
	const struct svg_marker *markers;	/* x/y and histogram charts */
	size_t		 nmarkers;
};

/* Appends the chart; returns the number of data points drawn (0: the
 * chart says "no data"). */
size_t	 svg_chart(struct sbuf *out, const struct svg_chart *c);

/* XML/HTML text and attribute escaping: & < > " ' become entities and
 * control characters other than tab and newline become '?'. */
void	 svg_escape(struct sbuf *out, const char *s);

/* Tick positions for [lo, hi]: steps of 1, 2 or 5 times a power of ten,
 * at most max_ticks of them; returns how many were written to ticks. */
size_t	 svg_ticks(double lo, double hi, size_t max_ticks, double *ticks,
	    double *step);

/* A tick or value label: at most 4 significant digits, no exponent
 * between 1e-4 and 1e9, "k"/"M" never used (units stay honest). */
void	 svg_fmt(char *buf, size_t len, double v);

/* The colour used for a verdict value in tables and charts alike. */
const char *svg_verdict_color(const char *verdict);

#endif
