/* logcell.h - the logs of one cell (vLLM server logs, EPP logs, nvidia-smi
 * GPU logs) into measure records: each kind named file by file or by
 * folder, or found under CELLDIR/server_logs, epp_logs and gpu_logs.
 * With the GPU logs come their pod -> GPU snapshots (gpu_logs/<pod>.uuids,
 * <node>.gpus.csv) and the cell's trace_data.csv, whose first send and
 * last response bound the workload window the GPU samples are judged in.
 * A cell's saturation.json (blis observe's saturation report, lib/satjson)
 * and metrics/ (Prometheus scrapes and their summaries, lib/metricscell)
 * come with it.  Every file must open (and the saturation report parse)
 * before anything is written, so a run that cannot read its input says
 * so with exit 2 and no records. */
#ifndef S2R_LOGCELL_H
#define S2R_LOGCELL_H

#include <stdbool.h>

#include "gpulog.h"
#include "logkit.h"
#include "metricscell.h"
#include "satjson.h"
#include "str.h"

enum { LOGS_SERVER, LOGS_EPP, LOGS_GPU, LOGS_NKINDS };

/* The files of one kind. */
struct logset {
	struct strv	 paths;		/* opened */
	struct strv	 names;		/* printed */
	char		*dir;		/* printed, for cell-level sources */
	bool		 asked;		/* named, or looked for in CELLDIR */
};

struct logcell {
	const char	*root;		/* names are printed relative to it */
	struct logset	 set[LOGS_NKINDS];
	struct strv	 join_paths;	/* <pod>.uuids, <node>.gpus.csv */
	struct strv	 join_names;
	char		*trace;		/* the window's trace_data.csv */
	char		*trace_name;
	struct gpuwindow win;		/* read by logcell_check */
	char		*sat;		/* saturation.json; NULL: none */
	char		*sat_name;
	struct satreport satr;		/* read by logcell_check */
	char		*metrics;	/* the metrics/ folder; NULL: none */
	struct metricscell mc;		/* read by logcell_check */
};

/* Adds to one kind a file, a folder's *.log files (sorted) or "-"; for
 * GPU logs also a folder's (or the named) *.uuids and *.gpus.csv. */
void	logcell_add(struct logcell *c, int kind, const char *path);
/* The trace whose window the GPU samples are judged in (default:
 * CELLDIR/trace_data.csv when it exists). */
void	logcell_trace(struct logcell *c, const char *path);
/* blis observe's saturation report (default: CELLDIR/saturation.json
 * when it exists). */
void	logcell_saturation(struct logcell *c, const char *path);
/* The cell's metrics/ folder (default: CELLDIR/metrics when it exists). */
void	logcell_metrics(struct logcell *c, const char *dir);
/* Looks in CELLDIR's folders for every kind not named (and for its
 * saturation.json and metrics/); dies (exit 2) when celldir is not a folder. */
void	logcell_add_cell(struct logcell *c, const char *celldir);
/* Whether any kind was named or looked for. */
bool	logcell_asked(const struct logcell *c);
/* Dies (exit 2) unless every file opens, the trace's window reads and
 * the saturation report and metrics parse. */
void	logcell_check(struct logcell *c);
/* logs.present.<folder> per kind asked, then each kind's records, then
 * the saturation levels and the metrics. */
void	logcell_emit(const struct logcell *c, const struct logctx *ctx);
void	logcell_free(struct logcell *c);

#endif
