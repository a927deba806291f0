/* gpujoin.h - which of a node's GPUs a cell's vLLM pods ran on.
 *
 * The GPU streamer (docs/formats.md §8) snapshots two joins
 * at the start of a run: gpu_logs/<pod>.uuids, `nvidia-smi -L` inside
 * the pod ("GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-4b16...)", the index
 * container-local), and gpu_logs/<node>.gpus.csv, `nvidia-smi
 * --query-gpu=index,uuid,gpu_bus_id --format=csv,noheader` on the node
 * ("0, GPU-62e4..., 00000000:18:00.0", the host index).  Through the
 * UUID a pod's GPUs become host indices, the rows of the node's
 * nvidia-smi tables (<node>.log). */
#ifndef S2R_GPUJOIN_H
#define S2R_GPUJOIN_H

#include <stdbool.h>
#include <stddef.h>

#include "logkit.h"
#include "str.h"

/* One row of <node>.gpus.csv. */
struct gpuslot {
	char		*node;		/* the file's stem */
	int		 index;		/* host index */
	char		*uuid;
	const char	*file;
	long		 line;
};

/* One <pod>.uuids file. */
struct gpupod {
	char		*pod;		/* the file's stem */
	struct strv	 uuids;		/* in file order */
	const char	*file;
	long		 line;		/* of the first UUID */
};

struct gpujoin {
	struct gpuslot	*slot;
	size_t		 nslot;
	struct gpupod	*pod;
	size_t		 npod;
	long		 bad_lines;	/* rows of neither shape */
	const char	*dir;		/* printed, for cell-level sources */
};

/* Reads one snapshot file (file is printed and must outlive gj); false
 * when it cannot be opened (errno set). */
bool	gpujoin_read_csv(struct gpujoin *gj, const char *path, const char *file);
bool	gpujoin_read_uuids(struct gpujoin *gj, const char *path,
	    const char *file);
/* Whether any snapshot was read. */
bool	gpujoin_known(const struct gpujoin *gj);
/* The row for a host index of node (either of its names), or NULL. */
const struct gpuslot *gpujoin_slot(const struct gpujoin *gj, const char *node,
	    const char *stem, int index);
/* The pods whose .uuids lists uuid, comma-separated, into out; the
 * first such pod, or NULL. */
const struct gpupod *gpujoin_pods_of(const struct gpujoin *gj,
	    const char *uuid, struct sbuf *out);
/* Per pod, gpu.pod.gpus: its GPUs as "node/index" (null when one of its
 * UUIDs is in no <node>.gpus.csv); then log.bad_lines.gpu_join. */
void	gpujoin_emit(const struct gpujoin *gj, const struct logctx *ctx);
void	gpujoin_free(struct gpujoin *gj);

#endif
