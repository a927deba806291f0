/* vllmlog.h - vLLM server logs (docs/formats.md §5) to measure records.
 *
 * A log is read line by line through logkit's reader, never whole:
 * memory stays flat whatever the file size.  vllmlog.c reads the lines,
 * vllmrec.c writes the records. */
#ifndef S2R_VLLMLOG_H
#define S2R_VLLMLOG_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "logkit.h"
#include "tseries.h"

/* Evidence lines kept per problem pattern and file. */
#define LOG_MAX_EVIDENCE 3
/* Evidence text is cut to this many bytes. */
#define LOG_EVIDENCE_LEN 300

/* One sighting of a value: which line said it, under which name. */
struct vobs {
	char		*metric;	/* vllm.max_model_len, kv_cache.tokens */
	const char	*check;
	const char	*unit;
	json_t		*value;
	long		 line;
	char		*field;
	const char	*how;
	int		 rank;		/* lower: more authoritative */
	int		 dp;		/* the EngineCore_DP<k> tag's k of
					 * the line, -1 when untagged */
};

enum {
	VS_PROMPT_TPUT, VS_GEN_TPUT, VS_RUNNING, VS_WAITING, VS_KV_USAGE,
	VS_PREFIX_HIT, VS_PREEMPT, VS_NSERIES
};

struct vengine {
	char		 id[16];	/* "000", or "aggregated" */
	long		 samples;
	long		 first_line, last_line;
	struct vseries	 s[VS_NSERIES];
	struct tseries	*ts;		/* KV usage, running, waiting over
					 * time; NULL until a stamped line */
};

struct vaccess {
	char	*endpoint;	/* "POST /v1/completions" */
	size_t	 len;		/* strlen(endpoint) */
	int	 status;
	long	 count;
	long	 first_line;
};

enum {
	VP_ERROR, VP_WARNING, VP_CRITICAL, VP_OOM, VP_CUDA, VP_TIMEOUT,
	VP_TRACEBACK, VP_ENGINE_DEAD, VP_STALL, VP_IGNORED, VP_NPATTERNS
};

struct vevidence {
	long	 line;
	char	*text;
};

/* Distinct pod addresses kept per log (more are counted as this many). */
#define VLLM_MAX_HOSTS	64

struct vllmlog {
	const char	*file;		/* as printed in records */
	char		*instance;	/* pod name from the file name */
	long		 lines;
	long		 vllm_lines;	/* in vLLM's own format */
	long		 info_lines;	/* of them at INFO or DEBUG (access lines too) */
	long		 access_lines;
	struct vobs	*obs;
	size_t		 nobs, capobs;
	struct vengine	*eng;
	size_t		 neng;
	struct vaccess	*acc;
	size_t		 nacc;
	size_t		 hot[2];	/* last two endpoints hit */
	long		 pattern[VP_NPATTERNS];
	struct vevidence evidence[VP_NPATTERNS][LOG_MAX_EVIDENCE];
	long		 bad_overlong, bad_binary, bad_utf8, bad_config;
	struct logclock	 clock;		/* over the stats lines */
	/* the first and last stats line with a valid stamp: when the
	 * instance was busy, by its own clock (the pod's, no year) */
	struct logstamp	 busy_first, busy_last;
	long		 busy_first_line, busy_last_line;	/* 0: none */
	/* The first startup line ('non-default args' or the engine config
	 * line): when this container of the pod started. */
	struct logstamp	 start;
	long		 start_line;				/* 0: none */
	/* The first startup line after a stats line: the container
	 * restarted and the log follows the pod across the restart
	 * (kubectl logs --previous, then the new container's). */
	struct logstamp	 restart;
	long		 restart_line;				/* 0: none */
	long		 bad_stamp;	/* stats lines with an impossible
					 * date or time */
	bool		 truncated;
	/* Another log of the cell whose text holds this one's whole text
	 * from its line copy_line on (1: begins with it; logcell.c): the
	 * same container's log collected twice, not an instance of its
	 * own.  NULL: none. */
	const char	*copy_of;
	long		 copy_line;
	/* The pod addresses the log's workers start on
	 * (distributed_init_method=tcp://ADDR:PORT): one pod has one, so
	 * more are several pods' logs in one file (kubectl logs -l).
	 * host_line: where the second one first shows. */
	char		*hosts[VLLM_MAX_HOSTS];
	size_t		 nhosts;
	long		 host_line;
	int		 cur_dp;	/* the current line's DP rank tag, -1 */
	struct logwarn	 warn;
};

/* file: printed in records and warnings; path: opened. */
void	vllmlog_init(struct vllmlog *v, const char *file);
/* Feeds one line (without newline), lineno 1-based. */
void	vllmlog_line(struct vllmlog *v, const char *s, size_t n, long lineno);
/* Reads a whole file through vllmlog_line; false if it cannot be
 * opened. */
bool	vllmlog_read(struct vllmlog *v, const char *path);
/* True when any line was in vLLM's format (a vLLM server log). */
bool	vllmlog_is_vllm(const struct vllmlog *v);
void	vllmlog_free(struct vllmlog *v);
/* Adds what vLLM assumes when a log does not say: gpu_memory_utilization
 * 0.9 when the log states its configuration but not that parameter.
 * vllmlog_emit calls it first (a vllmlog_emit_cell before that sees only
 * what the logs state). */
void	vllmlog_defaults(struct vllmlog *v);

/* ---- records (vllmrec.c) ---- */

/* Writes this instance's records (5a, 5b, 5c, 5e, 5f). */
void	vllmlog_emit(struct vllmlog *v, const struct logctx *ctx);

/* Cell-level records over all instances: instances.count (2b) and, per
 * vllm.* parameter, one 2a record per distinct value with the number of
 * logs that agree. */
void	vllmlog_emit_cell(struct vllmlog *const *logs, size_t n,
	    const char *dir, const struct logctx *ctx);

#endif
