/* metricscell.h - a cell's metrics/ folder (stream-metrics: Prometheus
 * scrapes of the vLLM and EPP pods in metrics/raw/, llm-d-benchmark's
 * summaries in metrics/processed/metrics_summary.json; docs/formats.md)
 * into measure records per pod: queue depth, running requests, KV-cache
 * usage and the router's flow-control saturation and queue, as series
 * over time (for charts) and as summaries (for the runtime checks).  A
 * pod with raw scrapes is summarised from them; the processed summary
 * stands in only for a pod no scrape of the cell covers. */
#ifndef S2R_METRICSCELL_H
#define S2R_METRICSCELL_H

#include <stddef.h>

#include "logkit.h"
#include "promscrape.h"

/* One gauge of one pod in metrics_summary.json. */
struct msum {
	char	*pod, *metric;
	int	 gauge;		/* PS_* */
	double	 max, mean, min;	/* NAN: absent */
	long	 count;		/* -1: absent */
	long	 line, column;	/* of the metric's object */
};

struct metricscell {
	char		*raw_name;	/* metrics/raw as printed; NULL: none */
	char		*sum_name;	/* metrics_summary.json as printed */
	struct promscrape *s;		/* sorted by pod, time */
	size_t		 n;
	struct msum	*sum;
	size_t		 nsum;
};

/* Reads dir/raw/<pod>_<unix-s>_metrics.log and dir/processed/metrics_summary.json,
 * each when there (names printed relative to root); dies (exit 2) on a
 * file that does not read, or a dir that is not a folder. */
void	metricscell_read(struct metricscell *m, const char *dir,
	    const char *root);
/* metrics.* records: per pod, metrics.scrapes, metrics.<gauge>.{max,mean}
 * and the series metrics.series (vLLM) and metrics.flow_control.series
 * (router). */
void	metricscell_emit(const struct metricscell *m,
	    const struct logctx *ctx);
void	metricscell_free(struct metricscell *m);

#endif
