/* ktrace.h - the trace model: measured GPU operations, the host launches
 * that name their correlation ids, iteration markers and iterations, and
 * the ranks a set of traces holds.
 *
 * A trace (one Kineto file, a set of nsys CSV reports, or s2r kernel
 * records) becomes a struct ktrace: GPU operations with integer-ns
 * times, launches and markers.  The readers (kineto, nsys, kload) fill
 * it through ktrace_add_*; ktrace_attribute() then gives every operation
 * its iteration by correlation (operation -> launching call -> the
 * marker around that call on the launching thread), falling back to
 * markers projected onto the GPU; never by host time windows over GPU
 * times. */
#ifndef S2R_KTRACE_H
#define S2R_KTRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "strtab.h"

#define K_NONE	INT64_MIN

enum kcat { KC_KERNEL, KC_MEMCPY, KC_MEMSET };
enum kstage { ST_UNKNOWN, ST_PREFILL, ST_DECODE, ST_MIXED, ST_NSTAGES };
/* Marker families, weakest first: a stronger family present in a trace
 * defines its iterations. */
enum kmark { MK_STEP, MK_VLLM, MK_SGLANG };

struct kop {			/* one GPU operation */
	int64_t		 start, dur;	/* ns */
	int64_t		 corr;		/* K_NONE: none */
	int64_t		 launch;	/* host start of its launch; K_NONE */
	uint32_t	 name;
	int32_t		 dev, stream;
	int32_t		 iter;		/* index into ktrace.iters; -1 */
	int32_t		 line, column;	/* where the event is in the file */
	uint8_t		 cat;		/* enum kcat */
	uint8_t		 graph;		/* launched by a CUDA-graph launch */
};

struct klaunch {		/* a host call with a correlation id */
	int64_t		 corr, pid, tid, ts;
	uint8_t		 graph;
	uint8_t		 work;		/* launches GPU work (KL_WORK) */
	uint8_t		 used;		/* an operation of the trace has its id */
};

/* What a host call launches, from its name (ktrace_add_launch flags). */
#define KL_GRAPH	1u	/* cudaGraphLaunch: a graph's kernels */
#define KL_WORK		2u	/* a kernel, graph, copy or fill */
unsigned	 klaunch_kind(const char *name);

struct kmarker {		/* an iteration annotation */
	int64_t		 start, end;	/* ns, host (or GPU when gpu) */
	int64_t		 pid, tid;	/* gpu: pid = device, or -1 any */
	uint32_t	 name;
	uint8_t		 family;	/* enum kmark */
	uint8_t		 gpu;
	int32_t		 line, column;
};

struct kiter {
	int64_t		 id;		/* ProfilerStep number or ordinal */
	uint32_t	 name;		/* marker text */
	uint8_t		 family, stage;
	int64_t		 ctx_reqs, ctx_toks, gen_reqs, gen_toks;  /* -1 */
	int64_t		 start, end;	/* marker range */
	int32_t		 line, column;
	size_t		 nops;
	bool		 graph;		/* any op launched by a graph */
	size_t		 lost;		/* launches of GPU work inside it whose
					 * kernel, copy or fill the trace lacks */
	size_t		 lost_graph;	/* of them, graph launches (replays) */
};

struct ktrace {
	char		*path;
	const char	*format;	/* "kineto", "nsys", "ndjson" */
	int64_t		 rank, world;	/* -1 unknown */
	struct strtab	 names;
	struct kop	*ops;
	size_t		 nops, capops;
	struct klaunch	*launch;
	size_t		 nlaunch, caplaunch;
	struct kmarker	*marks;
	size_t		 nmarks, capmarks;
	struct kiter	*iters;
	size_t		 niters;
	/* What was read but not used, so a reader can say so. */
	int64_t		 n_sync;	/* cuda_sync rows (not busy time) */
	int64_t		 n_skipped;	/* events of other categories */
	int64_t		 n_unattributed;
	int64_t		 n_after_envelope;	/* launched after the marker closed */
	int64_t		 n_lost;	/* GPU work launched, never recorded */
	const char	*attribution;	/* how iterations were assigned */
};

/* Events one trace may hold (kernels, launches and markers, about 64
 * bytes each); S2R_MAX_EVENTS overrides.  A trace with more is refused
 * with one line rather than read until memory runs out (a 12 MB .json.gz
 * can expand to gigabytes of events). */
#define K_MAX_EVENTS	8000000

struct ktrace	*ktrace_new(const char *path, const char *format);
void		 ktrace_free(struct ktrace *t);
struct kop	*ktrace_add_op(struct ktrace *t);
void		 ktrace_add_launch(struct ktrace *t, int64_t corr, int64_t pid,
		    int64_t tid, int64_t ts, unsigned kind);
/* Adds name as a marker when it is one (ProfilerStep#N, vLLM
 * execute_..., SGLang step[...]); false otherwise. */
bool		 ktrace_add_marker(struct ktrace *t, const char *name,
		    int64_t start, int64_t dur, int64_t pid, int64_t tid,
		    bool gpu, long line, long column);

/* Operation indexes grouped by iteration: iteration s holds
 * idx[off[s] .. off[s+1]), in operation order; unattributed operations
 * come last (s = niters). */
struct kbyiter {
	size_t		*idx, *off;
};

void		 ktrace_by_iter(const struct ktrace *t, struct kbyiter *g);
void		 kbyiter_free(struct kbyiter *g);

/* One rank's share of a trace: the operations of one device. */
struct krank {
	struct ktrace	*t;
	int32_t		 dev;
	int64_t		 rank;
	size_t		 ord;	/* argument order: the first claim wins */
};

/* A trace (and device) dropped because an earlier one claimed its rank:
 * a copied file, or two captures of one rank. */
struct kdup {
	const struct ktrace	*kept, *dropped;
	int64_t			 rank;
};

/* Splits traces into ranks (one per trace and device), ordered by rank;
 * a trace's distributedInfo rank, else "rankN" in its file name, else
 * the device id.  Two claiming one rank: the first in argument order is
 * kept and the other listed in *dups (*ndups of them; caller frees). */
size_t		 kranks(struct ktrace **t, size_t nt, struct krank **out,
		    struct kdup **dups, size_t *ndups);

/* Builds iterations from the markers and attributes every operation. */
void		 ktrace_attribute(struct ktrace *t);
const char	*kstage_name(int stage);
/* The stage named name (kstage_name's words); -1 when none is. */
int		 kstage_parse(const char *name);
const char	*kcat_name(int cat);
bool		 kmarker_parse(const char *name, int *family, int *stage,
		    int64_t *id, int64_t counts[4]);

#endif
