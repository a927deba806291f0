/* synth.h - synthetic requests for a BLIS workload spec, the truth
 * s2r-synth writes as a trace: arrivals follow each client's process
 * (sampler.h) at its rate share, normalised per active lifecycle phase
 * and merged in time; lengths use BLIS's round/clamp rules; latencies
 * come from a small deterministic model (prefill per token plus queueing
 * for TTFT, a per-request inter-token latency). */
#ifndef S2R_SYNTH_H
#define S2R_SYNTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "workload.h"

struct synth_opts {
	uint64_t	 seed;
	double		 rate_scale;	/* on every rate */
	int64_t		 send_lag_us;	/* real mode: arrival to send */
	int64_t		 requests;	/* > 0: instead of num_requests */
	bool		 real;		/* real mode: epoch-based send and
					 * chunk times, server-side tokens */
	int64_t		 epoch_us;	/* real mode: time 0 */
};

struct synth_row {
	int64_t	 id, arrival, send, first, last, chunks, server_in;
	int64_t	 in, out;
	size_t	 client;	/* index into w->clients */
};

/* The rows are held (80 bytes each) to be sorted into completion
 * order: a spec whose num_requests or horizon asks for more is refused,
 * naming the key; an explicit synth_opts.requests is the user's call. */
#define SYNTH_MAX_ROWS	5000000

/* Dies (exit 2) for what it cannot generate: inference_perf and
 * servegen_data specs, closed-loop clients. */
void	 synth_check(const struct workload *w);
/* The requests until num_requests (or o->requests) or the horizon, in
 * completion order as blis observe writes them; caller frees. */
struct synth_row *synth_rows(const struct workload *w,
	    const struct synth_opts *o, size_t *nrows);

#endif
