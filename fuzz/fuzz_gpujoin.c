/* fuzz_gpujoin - lib/gpujoin over arbitrary bytes read both as a node's
 * <node>.gpus.csv (nvidia-smi --query-gpu=index,uuid,gpu_bus_id) and as
 * a pod's <pod>.uuids (nvidia-smi -L), then joined and emitted: every
 * input yields rows, pods and a count of bad lines (a line of neither
 * shape is warned about, never fatal); every row is found again by its
 * index and every pod by each of its UUIDs; never a crash or a hang. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "fuzz.h"
#include "gpujoin.h"
#include "logkit.h"
#include "str.h"

static FILE *sink;

static void
check(const struct gpujoin *gj)
{
	for (size_t k = 0; k < gj->nslot; k++)
		if (gpujoin_slot(gj, gj->slot[k].node, NULL,
		    gj->slot[k].index) == NULL)
			abort();
	for (size_t k = 0; k < gj->npod; k++)
		for (size_t u = 0; u < gj->pod[k].uuids.n; u++) {
			struct sbuf pods = { 0 };

			if (gpujoin_pods_of(gj, gj->pod[k].uuids.v[u],
			    &pods) == NULL)
				abort();
			sbuf_free(&pods);
		}
	if (gj->bad_lines < 0)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_scratch(data, size);
	struct logctx ctx = { NULL, "p", "w", NULL };
	struct gpujoin gj;

	if (sink == NULL && (sink = fopen("/dev/null", "w")) == NULL)
		abort();
	ctx.out = sink;
	memset(&gj, 0, sizeof(gj));
	gj.dir = "fuzz/gpu_logs";
	if (setjmp(fuzz_back) != 0)
		abort();	/* a snapshot line is never fatal */
	if (!gpujoin_read_csv(&gj, path, "node-1.gpus.csv") ||
	    !gpujoin_read_uuids(&gj, path, "pod-1.uuids"))
		abort();
	if (!gpujoin_known(&gj))
		abort();
	check(&gj);
	gpujoin_emit(&gj, &ctx);
	gpujoin_free(&gj);
	return 0;
}
