/* reqpop.h - request populations of a real and a simulated run, matched
 * request by request, and their latency distributions compared (checks
 * A0 and A3, docs/checks.md §1).
 *
 * A side is read from a BLIS TraceV2 trace_data.csv (real: blis observe;
 * sim: blis run --trace-output) or from a BLIS metrics JSON (blis run
 * --metrics-path, its requests[] array).  Both become the same per-request
 * rows: id, prompt and output tokens, success, and TTFT/E2E in integer µs
 * (TPOT in µs per token).  Requests are matched by their generation index:
 * request_id in a trace, the <i> of "request_<i>" in the JSON.
 *
 * Memory holds one small row per request: matching and exact quantiles
 * and KS distances need every value, nothing else is kept. */
#ifndef S2R_REQPOP_H
#define S2R_REQPOP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "csvr.h"
#include "jsonscan.h"
#include "stats.h"
#include "trace.h"

enum reqfmt { REQFMT_NONE, REQFMT_TRACE_CSV, REQFMT_BLIS_JSON };

/* Example ids a record names. */
#define REQMATCH_EXAMPLES 5

struct reqrow {
	int64_t	id;		/* first: itl.c bsearch()es by it */
	long	line, column;	/* where the row's id is, for messages */
	int64_t	prompt;		/* prompt tokens (suffix + shared prefix) */
	int64_t	output;		/* output tokens */
	int64_t	send;		/* µs on the side's own clock */
	int64_t	arrival;	/* planned arrival, µs from the workload
				 * start (CSV arrival_time_us, JSON
				 * arrived_at) of a first-round request;
				 * -1: not given or a later session round */
	int64_t	ttft;		/* µs; -1: no first token */
	int64_t	e2e;		/* µs; -1: not finished */
	double	tpot;		/* µs per output token after the first; NAN */
	bool	ok;		/* successful (docs/records.md, status) */
	bool	unstreamed;	/* CSV streaming false: the first chunk is
				 * the whole response, not a first token */
	int64_t	chunks;		/* num_chunks (CSV); -1: not given */
};

struct reqpop {
	char		*label;		/* source.file */
	enum reqfmt	 fmt;
	bool		 has_ids;	/* every row has an id */
	bool		 has_prefix;	/* CSV: prefix_length added to prompt */
	bool		 itl_ticks;	/* JSON: itl_ms was written in µs */
	int64_t		 warm_up;	/* warm_up_requests; -1: not stated */
	char		*warm_up_where;	/* "header.yaml:5" */
	char		*mode;		/* the header's mode (real, generated,
					 * replayed); NULL: not stated */
	char		*mode_file;	/* the trace header (mode, model) */
	long		 mode_line;
	char		*server_model;	/* the header's server.model (the
					 * model served, or simulated); NULL:
					 * not stated; in mode_file's header */
	long		 server_model_line;
	struct reqrow	*v;
	size_t		 n, cap;
	int64_t		 nok;
	int64_t		 unstreamed;	/* rows with streaming false */
	int64_t		 untimed;	/* successful rows without a first
					 * or last chunk time (a workload
					 * trace, not a run's output) */
	bool		 has_kv_hit_rate;	/* JSON: cache_hit_rate given */
	double		 kv_hit_rate;	/* fraction */
	long		 kv_line;	/* its line */
	int64_t		 prompt_sum;	/* all rows */
	int64_t		 output_sum;	/* successful rows */
	/* Ids on more than one row (a client retry writes one row per
	 * attempt under the same id): each keeps one row, its last
	 * successful attempt, else its last; the others are dropped from
	 * v and from the counts and sums above. */
	int64_t		 repeat_ids;	/* ids seen more than once */
	int64_t		 repeat_rows;	/* rows dropped for them */
	int64_t		 repeat_served;	/* of them, answered more than once,
					 * sent at different times */
	int64_t		 repeat_ex[REQMATCH_EXAMPLES];	/* first such ids */
	long		 repeat_line[REQMATCH_EXAMPLES];	/* each one's
							 * second row */
};

void	reqpop_init(struct reqpop *p, const char *label, enum reqfmt fmt);
void	reqpop_free(struct reqpop *p);

/* Reads every row of a TraceV2 CSV (header already read).  h may be NULL
 * or not present.  Bad fields are fatal (file:line:column). */
void	reqpop_read_csv(struct reqpop *p, struct csvr *r,
	    const struct trace_header *h);
/* Reads a BLIS metrics JSON object's requests[] and its aggregate
 * cache_hit_rate when present (other keys skipped). */
void	reqpop_read_blis(struct reqpop *p, struct jscan *js);
/* Sorts the rows by id and keeps one row per id: a repeated id keeps
 * its last successful row (file order), else its last, and is counted
 * in repeat_*.  Called by the readers. */
void	reqpop_sort(struct reqpop *p);

/* The matching of two sides by id. */
/* Planned arrivals this far apart are different schedules (a JSON's
 * seconds round far below it). */
#define ARRIVAL_SLACK_US 1000
struct reqmatch {
	bool	 by_id;		/* both sides have ids */
	int64_t	 matched;	/* ids on both sides */
	int64_t	 real_only;
	int64_t	 sim_only;	/* not counting sim_warm_up */
	int64_t	 sim_warm_up;	/* sim-only ids below the real warm-up */
	int64_t	 real_warm_up;	/* real rows below the real trace's own
				 * warm_up_requests: left out, not matched */
	int64_t	 real_warm_up_ex[REQMATCH_EXAMPLES];
	int64_t	 eligible;	/* matched and successful on both sides */
	int64_t	 prompt_mismatch;	/* matched, prompt tokens differ */
	int64_t	 output_mismatch;	/* eligible, output tokens differ */
	int64_t	 prompt_ex[REQMATCH_EXAMPLES];	/* first mismatching ids */
	int64_t	 output_ex[REQMATCH_EXAMPLES];
	int64_t	 arrival_compared;	/* matched, both with an arrival */
	int64_t	 arrival_mismatch;	/* of those, more than 1 ms apart */
	int64_t	 arrival_ex[REQMATCH_EXAMPLES];
	int64_t	 real_only_ex[REQMATCH_EXAMPLES];
	int64_t	 sim_only_ex[REQMATCH_EXAMPLES];
	size_t	*ri, *si;	/* eligible pairs: row indices, id order */
	size_t	 npairs;
	size_t	*tri, *tsi;	/* the eligible pairs streamed on both
				 * sides (TTFT and TPOT are compared over
				 * these) */
	size_t	 ntpairs;
};

void	reqmatch_run(struct reqmatch *m, const struct reqpop *real,
	    const struct reqpop *sim);
void	reqmatch_free(struct reqmatch *m);

/* The compared latencies. */
enum reqmetric { RM_TTFT, RM_TPOT, RM_E2E, RM_THROUGHPUT, RM_COUNT };

/* The values of metric over the rows idx[0..n) of p (idx NULL: every
 * successful row), into v (sorted).  Latencies in ms; throughput in
 * output tokens/s per window of window_us µs, from the first send over
 * those rows: every whole window up to the last completion. */
void	reqpop_values(const struct reqpop *p, const size_t *idx, size_t n,
	    enum reqmetric metric, int64_t window_us, struct dvals *v);
/* Output tokens/s and requests/s over idx (NULL: successful rows):
 * sums over (last completion - first send); NAN without a span. */
void	reqpop_rates(const struct reqpop *p, const size_t *idx, size_t n,
	    double *tokens_per_s, double *requests_per_s, int64_t *span_us);

/* The exact two-sample Kolmogorov-Smirnov statistic D = sup |F_a - F_b|
 * of two sorted samples (ties handled: both steps are taken before the
 * gap is measured); NAN when either is empty. */
double	ks_distance(const double *a, size_t na, const double *b, size_t nb);
/* The asymptotic critical value of D at level alpha:
 * sqrt(-ln(alpha/2) / 2) * sqrt((na + nb) / (na nb)). */
double	ks_critical(size_t na, size_t nb, double alpha);

#endif
