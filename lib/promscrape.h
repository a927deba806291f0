/* promscrape.h - one Prometheus scrape a cell's metrics/raw/ keeps
 * (<pod>_<unix-s>_metrics.log: "# Timestamp:", "# Pod:" ... header lines,
 * then the text exposition format; docs/formats.md), reduced to the
 * gauges the runtime checks read: vLLM's queue depth, running requests
 * and KV-cache usage, and the router's flow-control pool saturation and
 * queue size; and one counter, vLLM's preemptions (PS_PREEMPT: kept as
 * its value in the scrape, the reader takes its increase).  A gauge with several label sets (engines, pools) is summed
 * (counts) or its maximum taken (fractions).  The file is read line by
 * line and only those numbers are kept: memory does not grow with it. */
#ifndef S2R_PROMSCRAPE_H
#define S2R_PROMSCRAPE_H

#include <stdint.h>

/* The gauges kept, NAN when the scrape has none of them. */
enum { PS_WAITING, PS_RUNNING, PS_KV_PCT, PS_POOL_SAT, PS_FC_QUEUE,
	PS_PREEMPT, PS_NGAUGES };

struct promscrape {
	char	*pod;		/* "# Pod:", else the file name's <pod> */
	int64_t	 t_s;		/* "# Timestamp:", else the name's <unix-s> */
	double	 v[PS_NGAUGES];
	long	 line[PS_NGAUGES];	/* of the first sample of each */
	char	*metric[PS_NGAUGES];	/* the name each was read from */
	long	 samples;	/* sample lines read */
};

/* The exposition names of each gauge, in order of preference (NULL-ended
 * rows): vLLM renamed gpu_cache_usage_perc to kv_cache_usage_perc, the
 * router's metrics are inference_extension_* (GAIE) or llm_d_epp_*. */
extern const char *const *const promscrape_names[PS_NGAUGES];

/* Reads path (printed as name); dies (exit 2) with file:line:column on a
 * line that is not the exposition format, or with no time or pod. */
void	promscrape_read(struct promscrape *s, const char *path,
	    const char *name);
void	promscrape_free(struct promscrape *s);

#endif
