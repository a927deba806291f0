/* gpulog.h - gpu_logs/<node>.log (docs/formats.md §8) to measure records.
 *
 * Every ~10 s the collector writes "===== <UTC ts> <node> (<ns>/<pod>)
 * =====" and then a full default nvidia-smi table.  Per GPU (index) the
 * table rows give name, temperature, performance state, power draw and
 * cap, memory used and total, utilisation and uncorrected ECC count.
 *
 * Upstream's thermal check (upstream.md §4, 5h) looks only at samples
 * inside the workload window (the trace's first send to its last
 * response) taken at full load; those "busy" samples are kept (bounded)
 * for their temperature quantiles, power and throttle count. */
#ifndef S2R_GPULOG_H
#define S2R_GPULOG_H

#include <stdbool.h>
#include <stdint.h>

#include "gpujoin.h"
#include "logkit.h"

/* Temperatures at or above this count as hot samples (°C). */
#define GPU_HOT_C	85.0
/* Power draw at or above this fraction of the cap counts as capped. */
#define GPU_CAP_FRACTION 0.98

/* Full load: nvidia-smi's GPU-Util at or above this (%). */
#define GPU_BUSY_UTIL	100.0
/* Throttled: a busy sample at or above this temperature (C) ... */
#define GPU_THROTTLE_C	80.0
/* ... drawing at least this much (W) less than the mean busy power. */
#define GPU_THROTTLE_DROP_W 50.0
/* Busy samples kept per log, over all its GPUs (memory bound). */
#define GPU_MAX_BUSY	(1 << 20)

enum {
	GS_TEMP, GS_POWER, GS_UTIL, GS_MEM_USED, GS_NSERIES
};

/* The workload window; not known: every sample counts. */
struct gpuwindow {
	bool		 known;
	int64_t		 from_us, to_us;	/* Unix epoch µs */
	const char	*file;			/* the trace, printed */
};

struct gpusample {
	double	 temp, power;		/* power NAN: N/A */
};

struct gpustat {
	int		 index;
	char		*name;
	double		 power_cap;	/* W, last seen; < 0 unknown */
	double		 mem_total;	/* MiB, last seen */
	long		 hot, capped, not_p0;
	double		 ecc_max;	/* < 0: never a number (N/A) */
	char		 pstates[64];	/* "P0,P2" */
	long		 first_line;
	struct vseries	 s[GS_NSERIES];
	long		 window;	/* samples inside the window */
	long		 errs;		/* ... reading ERR! (driver lost it) */
	long		 mig;		/* samples with MIG M. Enabled */
	long		 mig_line;	/* the first such row */
	long		 err_line;	/* the first such row */
	/* Compute processes in the 'Processes:' table of one sample inside
	 * the window: now (this table), the most, where and which. */
	int		 procs_now, procs_max;
	long		 procs_line;	/* the first row of that table */
	char		 procs_text[240], procs_now_text[240];
	struct gpusample *busy;		/* ... at full load */
	size_t		 nbusy, capbusy;
};

struct gpulog {
	const char	*file;
	char		*stem;		/* the file's name less ".log" */
	char		*node;		/* from the block header, else stem */
	const struct gpuwindow *win;
	bool		 in_window;	/* of the current block */
	long		 untimed;	/* blocks whose stamp did not parse */
	long		 win_blocks;	/* blocks stamped inside the window */
	int64_t		 win_first_us;	/* ... the first and last stamp */
	int64_t		 win_last_us;
	bool		 pending_err;	/* the first row read ERR! */
	struct gpustat	*mig_row;	/* second row read, MIG M. row next */
	bool		 in_mig_table;	/* inside 'MIG devices:' */
	bool		 in_proc_table;	/* inside 'Processes:' */
	bool		 proc_rows;	/* a process row inside the window */
	size_t		 nbusy;		/* over all GPUs */
	long		 busy_dropped;	/* beyond GPU_MAX_BUSY */
	long		 lines;
	long		 blocks;
	long		 bad_rows;
	long		 overlong;
	long		 smi_errs;	/* nvidia-smi's own error lines */
	long		 smi_err_line;	/* ... inside the window; the first */
	long		 smi_failed;	/* nvidia-smi failing as a whole */
	long		 smi_failed_line;	/* ... the first, and its text */
	char		*smi_failed_text;
	/* blocks inside the window in which nvidia-smi failed as a whole:
	 * stamped, but sampled nothing, so not in win_blocks nor its
	 * stamps (the block's, uncounted when its failure line comes) */
	long		 win_failed;
	long		 win_failed_line;
	bool		 blk_counted;	/* the current block is in win_blocks */
	int64_t		 prev_first_us, prev_last_us;
	struct gpustat	*gpu;
	size_t		 ngpu;
	struct gpustat	*pending;	/* first row read, second expected */
	long		 pending_line;
	struct logwarn	 warn;
};

/* win: the workload window (must outlive g), NULL: none. */
void	gpulog_init(struct gpulog *g, const char *file,
	    const struct gpuwindow *win);
void	gpulog_line(struct gpulog *g, const char *s, size_t n, long lineno);
bool	gpulog_read(struct gpulog *g, const char *path);
/* The node's records; join (NULL: none) names each GPU's UUID and pods. */
void	gpulog_emit(const struct gpulog *g, const struct logctx *ctx,
	    const struct gpujoin *join);
/* gpu.window.start_us and end_us (cell level). */
void	gpuwindow_emit(const struct gpuwindow *w, const struct logctx *ctx);
void	gpulog_free(struct gpulog *g);

#endif
