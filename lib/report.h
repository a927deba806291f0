/* report.h - the parity report's model: verdicts grouped for humans, and
 * the text forms every renderer writes them in.
 *
 * report_add() takes verdict records, report_build() groups them as the
 * original procedure lays the report out (category → workload → phase and
 * iteration → check) and counts them; the Markdown report (mdreport.h),
 * the HTML report (htmlreport.h), run diffs and batch indexes walk that
 * model and only write their own markup around the shared text forms. */
#ifndef S2R_REPORT_H
#define S2R_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "verdict.h"
#include "str.h"

/* A verdict as the report holds it: its line (in a spill, parsed again
 * only while a section is written) and what it is grouped, counted and
 * found by.  Strings are interned in the report (NULL: absent). */
struct rep_verdict {
	uint64_t	 off;		/* its line in the report's spill */
	size_t		 len;
	const char	*check, *title, *metric;
	const char	*workload, *phase, *iteration;
	int		 cat;		/* enum jcategory */
	int		 verdict;	/* enum jverdict_value */
	size_t		 seq;		/* input order */
};

/* The verdicts of one check in one cell: rep->all[first … first + n),
 * input order. */
struct rep_check {
	const char	*check;
	const char	*title;
	size_t		  first, n;
	int		  counts[V_COUNT];
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

struct rep_text;

/* Every verdict is held as its text and its keys (about its own size);
 * a renderer asks for a verdict's tree with report_verdict(), and lets
 * the trees go with report_release() after each section, so that what
 * it holds at once is what one section shows. */
struct report {
	struct rep_verdict *all;	/* report order after report_build */
	size_t		  n;
	struct rep_category cats[CAT_COUNT];
	int		  total[V_COUNT];
	size_t		 *actions;	/* FAIL, MISSING, then WARN, report
					 * order: numbers into all */
	size_t		  nactions;
	struct rep_text	 *text;		/* the lines, the parsed trees */
};

struct report_meta {
	const char	*title;
	const char	*real;		/* NULL: not given */
	const char	*sim;
	const char	*date;		/* YYYY-MM-DD */
	FILE		*stream;	/* NULL: the renderers write the whole
					 * report into their buffer; else
					 * they pass it on here as they go */
};

void	 report_init(struct report *rep);
/* The same, with up to held bytes of verdict text in memory (the rest in
 * a temporary file, spill.h; report_init: SPILL_LIMIT). */
void	 report_init_held(struct report *rep, size_t held);
/* Takes rec.  Verdict records are checked (file:line on a bad one) and
 * kept as the len bytes of JSON at text (NULL: rec's own text), which
 * must parse to rec; other kinds are passed over. */
void	 report_add_text(struct report *rep, json_t *rec, const char *text,
	    size_t len, const char *file, long line);
void	 report_add(struct report *rep, json_t *rec, const char *file,
	    long line);
/* Whether a renderer reads records of kind and metric (NULL: none). */
typedef bool	 report_want_fn(const char *kind, const char *metric);
/* The next record of r (counted into vs), NULL at the end.  A plain
 * verdict line (no escape in the keys the report groups by) is kept in
 * rep as it is read, without a tree, and not returned; a plain line that
 * want (NULL: every record) does not want is passed over unparsed.  The
 * caller passes the records returned to report_add_text() or keeps
 * them, and asks want of those with an escape in their kind or metric
 * itself. */
struct ndjson_reader;
struct vstream;
json_t	*report_next(struct report *rep, struct ndjson_reader *r,
	    struct vstream *vs, report_want_fn *want);
/* Reads a verdict file; NULL when it is whole (s2r-verdict's end record
 * after its verdicts, vstream.h), else why not. */
const char *report_read(struct report *rep, const char *path);
void	 report_build(struct report *rep);
void	 report_free(struct report *rep);
/* Verdict i of rep->all as a tree: parsed from its text unless it is
 * now; valid until report_release(). */
const json_t *report_verdict(const struct report *rep, size_t i);
/* The i-th verdict of check k. */
const json_t *report_check_verdict(const struct report *rep,
	    const struct rep_check *k, size_t i);
/* After a section: the text in o so far goes to meta->stream (when it
 * is one and o holds enough to be worth a write), so that a report
 * takes as much memory as its largest section.  A write error is left
 * in the stream (ferror) for the caller to check at the end. */
void	 report_flush(struct sbuf *o, const struct report_meta *meta);
/* Lets every tree report_verdict() gave go. */
void	 report_release(const struct report *rep);

/* Section headings: "Workload Parity", …; the number is cat + 1. */
const char *report_section_name(int cat);
/* The worst-first ranking used for headings (FAIL > WARN > MISSING >
 * PASS > INAPPLICABLE). */
int	 report_rank(int verdict);

/* --- text forms ------------------------------------------------------ */

/* How a renderer escapes text from the records for its markup:
 * md_escape_cell or md_escape_text (mdtext.h), html_escape (htmlpage.h),
 * or sbuf_adds for plain text.  The text forms below hand it the
 * records' strings and write their own punctuation as is, which every
 * escaper leaves alone. */
typedef void	 text_escape_fn(struct sbuf *out, const char *s);

/* How a verdict side's value reads.  The report leaves out the units that
 * say nothing beside a number (count, cv) and shows a compound value as
 * JSON; a run diff's change record names every unit and shows a compound
 * value as "—". */
enum value_form { VALUE_REPORT, VALUE_CHANGE };

/* A side's value ("40 req/s", "20%", "—"): side is a verdict's expected
 * or actual, or a change record's old or new. */
void	 report_value_text(struct sbuf *out, const json_t *side,
	    enum value_form form, text_escape_fn *esc);
/* A difference ("+0.5%", "-2 pp", "—"): a verdict's diff or a change
 * record's move. */
void	 report_diff_text(struct sbuf *out, const json_t *diff,
	    text_escape_fn *esc);
/* "class.fraction (class=critical)". */
void	 report_metric_text(struct sbuf *out, const json_t *rec,
	    text_escape_fn *esc);
/* A record's cell as "baseline/w1/i0", "bundle" when it has none. */
void	 report_where_text(struct sbuf *out, const json_t *rec,
	    text_escape_fn *esc);
/* The same, of a verdict's keys. */
void	 report_where_keys(struct sbuf *out, const struct rep_verdict *v,
	    text_escape_fn *esc);
/* A verdict side's source (judge_source_text), "none" without a side. */
void	 report_source_text(struct sbuf *out, const json_t *side,
	    text_escape_fn *esc);
/* A record's tolerance, "—" when it has none. */
void	 report_tolerance_text(struct sbuf *out, const json_t *rec,
	    text_escape_fn *esc);

#endif
