/* gpulog.h - gpu_logs/<node>.log (docs/formats.md §8) to measure records.
 *
 * Every ~10 s the collector writes "===== <UTC ts> <node> (<ns>/<pod>)
 * =====" and then a full default nvidia-smi table.  Per GPU (index) the
 * table rows give name, temperature, performance state, power draw and
 * cap, memory used and total, utilisation and uncorrected ECC count. */
#ifndef S2R_GPULOG_H
#define S2R_GPULOG_H

#include <stdbool.h>

#include "logkit.h"

/* Temperatures at or above this count as hot samples (°C). */
#define GPU_HOT_C	85.0
/* Power draw at or above this fraction of the cap counts as capped. */
#define GPU_CAP_FRACTION 0.98

enum {
	GS_TEMP, GS_POWER, GS_UTIL, GS_MEM_USED, GS_NSERIES
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
};

struct gpulog {
	const char	*file;
	char		*node;		/* from the block header, else file */
	long		 lines;
	long		 blocks;
	long		 bad_rows;
	long		 overlong;
	struct gpustat	*gpu;
	size_t		 ngpu;
	struct gpustat	*pending;	/* first row read, second expected */
	long		 pending_line;
	struct logwarn	 warn;
};

void	gpulog_init(struct gpulog *g, const char *file);
void	gpulog_line(struct gpulog *g, const char *s, size_t n, long lineno);
bool	gpulog_read(struct gpulog *g, const char *path);
void	gpulog_emit(const struct gpulog *g, const struct logctx *ctx);
void	gpulog_free(struct gpulog *g);

#endif
