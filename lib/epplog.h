/* epplog.h - EPP (endpoint picker) logs to measure records
 * (docs/formats.md §7).
 *
 * One JSON object per line (zap/logr), in two encodings: level
 * "Level(-5)"/"debug", ts ISO text or Unix seconds.  Duplicate keys are
 * allowed and the last one wins, as Python's json.loads does.  Non-JSON
 * lines (Go's log package) are counted and skipped.  All the files of a
 * cell (one per time window) make one stream: records are per cell. */
#ifndef S2R_EPPLOG_H
#define S2R_EPPLOG_H

#include <stdbool.h>
#include <stdint.h>

#include "epprouter.h"
#include "logkit.h"

/* A counter under a text key with where it was first seen. */
struct eppcount {
	char	*key;
	char	*key2;		/* second key part or NULL */
	long	 count;
	const char *file;
	long	 line;
};

struct eppcounts {
	struct eppcount	*v;
	size_t		 n;
};

struct epppod {
	char		*name;		/* endpoint name as logged */
	char		*address;	/* "10.0.0.1" or NULL */
	int64_t		 block_size;	/* -1: not seen */
	int64_t		 num_blocks;
	const char	*blocks_field;	/* CacheNumGPUBlocks or CacheNumBlocks */
	bool		 blocks_vary;	/* several values seen */
	const char	*file;
	long		 line;
	/* the EPP's metrics refreshes of the pod ('Refreshed metrics') and
	 * those that failed ('Failed to refreshed metrics:'): a fetch that
	 * read nothing (its first err kept), and metric families the server
	 * does not export (their names, ", "-joined) */
	long		 refreshed;
	long		 fetch_failed;
	char		*fetch_err;
	const char	*fetch_file;
	long		 fetch_line;
	char		*missing;
	long		 missing_lines;
	const char	*missing_file;
	long		 missing_line;
};

struct epplog {
	long		 lines;
	long		 json_lines;
	long		 non_json;
	long		 bad_json;
	long		 overlong;
	const char	*first_non_json_file;
	long		 first_non_json_line;
	struct eppcounts levels;	/* key: level text */
	struct eppcounts handled;	/* key: endpoint */
	struct eppcounts objectives;	/* key: objectiveKey, key2: priority */
	struct eppcounts obj_requests;	/* key: objectiveKey */
	struct eppcounts priorities;	/* key: priority */
	struct eppcounts outcomes;	/* key: outcome, key2: priority */
	struct eppcounts rejections;	/* key: msg of legacy rejections */
	long		 handled_total;
	const char	*handled_file;
	long		 handled_line;
	int64_t		 ts_first_us;	/* earliest and latest "ts" (epoch */
	int64_t		 ts_last_us;	/* µs); ts_lines 0: none read */
	long		 ts_lines;
	const char	*ts_first_file, *ts_last_file;
	long		 ts_first_line, ts_last_line;
	bool		 has_objective;
	bool		 has_priority;
	struct epppod	*pods;
	size_t		 npods;
	struct epprouters routers;	/* the EPP pods, by file name */
	struct epprouter *router;	/* the file being read's, or NULL */
};

void	epplog_init(struct epplog *e);
/* One file; file is printed in records and warnings and must outlive
 * e.  False when it cannot be opened. */
bool	epplog_read(struct epplog *e, const char *path, const char *file);
/* One line (for the fuzzer and tests). */
void	epplog_line(struct epplog *e, const char *s, size_t n,
	    const char *file, long lineno, struct logwarn *w);
void	epplog_emit(const struct epplog *e, const char *dir,
	    const struct logctx *ctx);
void	epplog_free(struct epplog *e);

#endif
