/* cmparm.h - the inputs of s2r-compare's A/B and timeline analyses: trace
 * rows read by column name, and the plan of what to compare (workloads,
 * each with its arms, each arm with its cells: one trace per replica).
 *
 * Definitions as upstream's analysis (docs/formats.md §2.3, §2.4):
 * a request is successful when its status is ok and it is neither a cut
 * stream (ok with no output tokens and no finish_reason, docs/records.md)
 * nor aborted or failed by the server (finish_reason abort or error);
 * TTFT = first chunk - send, E2E = last chunk - send, TPOT = (last - first
 * chunk) / (output tokens - 1), in ms, over the successful rows that have
 * those times (TPOT: output tokens > 1). */
#ifndef S2R_CMPARM_H
#define S2R_CMPARM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "csvr.h"
#include "stats.h"
#include "strtab.h"
#include "tracefile.h"

/* --- rows ------------------------------------------------------------ */

struct cmp_cols {
	long	id, cls, output, send, first, last, status, msg, finish;
};

struct cmp_row {
	int64_t		 id;		/* -1: no request_id column */
	const char	*cls;		/* slo_class ("" when absent) */
	const char	*status;
	const char	*msg;		/* error_message */
	size_t		 msg_len;
	int64_t		 output;
	int64_t		 send, first, last;	/* µs; first, last 0: none */
	enum trace_ok_end end;	/* of an ok row: served, cut, aborted */
	bool		 ok;		/* successful */
};

/* Finds the columns (header read); a required one absent is fatal. */
void	cmp_cols_find(struct cmp_cols *c, struct csvr *r);
/* The current row; a bad field is fatal (file:line:column). */
void	cmp_row_read(const struct cmp_cols *c, struct csvr *r,
	    struct cmp_row *row);
/* The latencies of a successful row in ms (NAN: none). */
double	cmp_row_ttft(const struct cmp_row *row);
double	cmp_row_tpot(const struct cmp_row *row);
double	cmp_row_e2e(const struct cmp_row *row);

/* --- the plan -------------------------------------------------------- */

/* A cell: one trace of one arm (a replica when the arm has several). */
struct cmp_cell {
	char		*path;		/* as given */
	char		*file;		/* source.file */
	char		*header;	/* the trace header beside it; NULL */
	char		*header_file;	/* its source.file */
	char		*iteration;	/* NULL: none */
	struct trace_header h;		/* its keys; h.present: read */
	void		*ab;		/* cmpab.c's statistics of the cell */
};

struct cmp_arm {
	char		*name;		/* the phase */
	struct cmp_cell	*cells;
	size_t		 ncells;
	void		*ab;		/* cmpab.c's statistics of the arm */
};

struct cmp_workload {
	char		*name;		/* NULL: not named (--arm) */
	struct cmp_arm	*arms;		/* the reference arm first */
	size_t		 narms;
};

struct cmp_plan {
	struct cmp_workload *w;		/* in natural order */
	size_t		 nw;
	char		*root;		/* --root: source.file relative to it */
	bool		 no_header;
	bool		 stdin_used;	/* "-" was given */
};

/* Adds a trace of (phase, workload, iteration); workload and iteration
 * may be NULL.  The same cell twice is fatal. */
void	cmp_plan_add(struct cmp_plan *p, const char *path, const char *phase,
	    const char *workload, const char *iteration);
/* The cell spec "phase/workload[/iteration]" (parity.mk's cell path,
 * results/ dropped); false when it is not of that shape. */
bool	cmp_plan_add_cell(struct cmp_plan *p, const char *path,
	    const char *cell);
/* The cell from path itself: under p->root at [results/]<phase>/
 * <workload>[/<iteration>]/<file>; false when it is not. */
bool	cmp_plan_add_by_path(struct cmp_plan *p, const char *path);
/* Orders workloads, arms (ref first: the arm named ref, else "baseline",
 * else the first in natural order) and cells, finds and reads every
 * cell's trace header. */
void	cmp_plan_finish(struct cmp_plan *p, const char *ref);
void	cmp_plan_free(struct cmp_plan *p);
/* "w1", or "(no workload)". */
const char *cmp_workload_label(const struct cmp_workload *w);

#endif
