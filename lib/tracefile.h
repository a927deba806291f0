/* tracefile.h - the trace header YAML of a BLIS TraceV2/V3 trace, read
 * once for every tool (s2r-trace-stats, s2r-latency, s2r-compare): where
 * it is beside the trace CSV, and what it says (time unit, mode, warm-up
 * requests, version, seed, session context growth, goodput targets,
 * observed KV metrics: docs/formats.md §2.1); goodput targets from a
 * file of their own (s2r-compare --targets); where the per-chunk ITL
 * file is, and the check that a CSV given as a trace is not that ITL
 * file. */
#ifndef S2R_TRACEFILE_H
#define S2R_TRACEFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "csvr.h"

/* One class of goodput_slo_targets (v3), in ms (0 or absent: not
 * gated); an empty class name is "default" (as BLIS). */
struct slo_target {
	char	*cls;
	double	 ttft_ms, itl_ms, e2e_ms;
	long	 line;
};

struct slo_targets {
	char			*file;	/* source.file; NULL: none read */
	long			 line;	/* of the goodput_slo_targets map */
	struct slo_target	*v;	/* sorted by class */
	size_t			 n;
};

/* observed_kv_metrics (blis observe --scrape-kv-metrics); present only
 * when it states hit_rate. */
struct kv_observed {
	bool	 present;
	double	 hit_rate;	/* fraction */
	double	 hits, queries;	/* block_hits, block_queries; NAN: absent */
	char	*source;	/* tiered, gpu-prefix-cache-fallback; NULL */
	char	*file;
	long	 line;		/* of hit_rate */
};

struct trace_header {
	bool	 present;
	char	*label;		/* source.file of header values */
	char	*mode;		/* real, generated, replayed; NULL: unknown */
	long	 mode_line;
	char	*time_unit;	/* us or microseconds; NULL: not stated */
	long	 time_unit_line;
	bool	 has_warm_up;
	int64_t	 warm_up;
	long	 warm_up_line;
	bool	 has_version;
	int64_t	 version;
	/* Version 3 and optional keys (docs/formats.md §2.1). */
	bool	 has_seed;
	int64_t	 seed;
	long	 seed_line;
	char	*growth;	/* session_context_growth; NULL: absent */
	long	 growth_line;
	char	*server_model;	/* server.model; NULL: absent */
	long	 server_model_line;
	struct slo_targets goodput;	/* n == 0: none */
	struct kv_observed kv;
	/* trace_data.itl.csv beside the trace (--record-itl), when found:
	 * the path to open and its name for source.file; NULL: none. */
	char	*itl_path, *itl_label;
};

/* Loads and checks trace_header.yaml; a malformed file, an unknown
 * time_unit or mode, a malformed goodput target or KV metric is fatal
 * (label:line:column). */
void	trace_header_load(struct trace_header *h, const char *path,
	    const char *label);
/* The same over a buffer (the fuzz harness). */
void	trace_header_load_buf(struct trace_header *h, const char *label,
	    const char *buf, size_t len);
void	trace_header_free(struct trace_header *h);

/* The header beside a trace CSV, when it exists: <stem>.yaml beside
 * <stem>.csv (blis run --trace-output), else trace_header.yaml beside it
 * (a trace_data.csv has only the latter).  NULL for "-" or none; caller
 * frees. */
char	*trace_header_beside(const char *csv);
/* Loads the header of csv into h: path when it is not NULL, else the one
 * beside csv unless none; h->present says whether one was read.  Messages
 * and source.file name it relative to root (path_display). */
void	trace_header_for(struct trace_header *h, const char *csv,
	    const char *path, bool none, const char *root);
/* The per-chunk file of csv into h->itl_*: itl when not NULL, else the
 * one beside csv (itl_beside()) unless none. */
void	trace_itl_for(struct trace_header *h, const char *csv,
	    const char *itl, bool none, const char *root);

/* A targets file (s2r-compare --targets): the class map, or a map
 * holding goodput_slo_targets (a trace header, a workload spec). */
void	slo_targets_load(struct slo_targets *t, const char *path,
	    const char *label);
void	slo_targets_free(struct slo_targets *t);
/* The targets of class cls ("" is "default"); NULL: not gated. */
const struct slo_target *slo_targets_find(const struct slo_targets *t,
	    const char *cls);
/* Same classes with the same numbers. */
bool	slo_targets_equal(const struct slo_targets *a,
	    const struct slo_targets *b);

/* Dies, naming what was given and what reads it, when the CSV whose
 * header r has read is a per-chunk ITL file (request_id, chunk_index,
 * timestamp_us: blis observe --record-itl) given where a request trace
 * is expected. */
void	trace_refuse_itl(const struct csvr *r);

/* How a row whose status is "ok" ended (docs/formats.md §2.3): served;
 * a cut stream (no output tokens and no finish_reason: blis observe kept
 * it as ok); or aborted or failed by the server (finish_reason "abort", or
 * vLLM v1's "error": an engine-side failure such as a KV-cache load that
 * did not arrive, sent as an ordinary HTTP 200 stream).  Only the first is
 * a success.  finish is "" when the trace has no such column. */
enum trace_ok_end { TRACE_SERVED, TRACE_CUT, TRACE_ABORTED };
enum trace_ok_end trace_ok_end(int64_t output_tokens, const char *finish);

#endif
