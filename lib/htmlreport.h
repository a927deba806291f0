/* htmlreport.h - the parity report as one self-contained HTML page.
 *
 * Same model and layout as the Markdown report (report.h, mdreport.h):
 * header, Summary, a section per category with evidence tables, Action
 * Items; plus charts drawn from the evidence records with lib/svg.c
 * (latency CDFs, per-instance request spread, KV cache and queue depth,
 * token lengths, per-operation and duty-cycle alignment: htmlcharts.h).
 * No scripts, no external resources, a Content-Security-Policy that
 * forbids both, and every value from the records HTML-escaped. */
#ifndef S2R_HTMLREPORT_H
#define S2R_HTMLREPORT_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "report.h"
#include "str.h"

/* A record's points or bins array as numbers: row i is v[off[i]] up to
 * v[off[i + 1]] (NAN for an entry that is not a number).  A chart's
 * curve is a few bytes a point of text and ten times that as a tree. */
struct ev_array {
	size_t	 n;
	size_t	*off;
	double	*v;
};

enum { EV_POINTS, EV_BINS, EV_NARRAYS };

/* The non-verdict records the charts are drawn from, in input order. */
struct evidence {
	json_t		**r;
	struct ev_array	(*arr)[EV_NARRAYS];	/* per record */
	size_t		  n, cap;
};

/* Takes rec, whole. */
void	 evidence_add(struct evidence *ev, json_t *rec);
/* Takes rec; a non-empty points or bins array leaves its tree for
 * ev->arr (chart_array, htmlcharts.h reads it). */
void	 evidence_add_chart(struct evidence *ev, json_t *rec);
void	 evidence_free(struct evidence *ev);

/* Whether the page reads records of kind and metric (NULL: none): the
 * charts' and the Run section's; verdicts are read apart. */
bool	 html_wants(const char *kind, const char *metric);

/* Appends the whole page.  Returns the number of charts drawn. */
size_t	 report_html(struct sbuf *out, const struct report *rep,
	    const struct report_meta *meta, const struct evidence *ev);

#endif
