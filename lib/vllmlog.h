/* vllmlog.h - vLLM server logs to measure records; also the pieces every
 * log parser shares (a bounded line reader, capped warnings, measure
 * record building).
 *
 * A vLLM log (formats.md §4) is read line by line, never whole: memory
 * stays flat whatever the file size, and a line longer than
 * LOG_MAX_LINE is reported and skipped, not buffered. */
#ifndef S2R_VLLMLOG_H
#define S2R_VLLMLOG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "tseries.h"

/* Longer lines are skipped (the engine config line is ~5 KiB). */
#define LOG_MAX_LINE	(1024 * 1024)
/* Warnings per file and kind on stderr; the rest are only counted. */
#define LOG_MAX_WARN	5
/* Evidence lines kept per problem pattern and file. */
#define LOG_MAX_EVIDENCE 3
/* Evidence text is cut to this many bytes. */
#define LOG_EVIDENCE_LEN 300

/* ---- line reader ---- */

struct logreader {
	int	 fd;
	char	*buf;
	size_t	 cap;
	size_t	 start;		/* unread data is buf[start, end) */
	size_t	 end;
	long	 lineno;	/* of the line last returned */
	bool	 eof;
	bool	 no_newline;	/* the last line had no '\n' (truncated?) */
	long	 overlong;	/* lines skipped for being too long */
};

/* path "-" is stdin.  False when the file cannot be opened (errno set). */
bool	logreader_open(struct logreader *r, const char *path);
struct logwarn;
/* The next line without its "\n" or "\r\n" (not NUL-terminated: may
 * hold NUL bytes).  A line longer than LOG_MAX_LINE is skipped with a
 * warning to w and counted in r->overlong (lineno counts it too).
 * False at end of input; dies on a read error. */
bool	logreader_next(struct logreader *r, struct logwarn *w,
	    const char **line, size_t *len);
void	logreader_close(struct logreader *r);

/* What a line holds that a parser should not trust. */
enum line_flaw {
	LINE_OK,
	LINE_BINARY,		/* NUL bytes */
	LINE_INVALID_UTF8,
};
enum line_flaw	line_check(const char *s, size_t n);
/* The first bad byte's 1-based column, for the warning. */
long	line_flaw_column(const char *s, size_t n);

/* Capped per-file warnings: the first LOG_MAX_WARN of each kind reach
 * stderr, the count of the rest is said once at logwarn_done(). */
enum { WARN_OVERLONG, WARN_BINARY, WARN_UTF8, WARN_SYNTAX, WARN_NKINDS };

struct logwarn {
	const char	*file;
	long		 count[WARN_NKINDS];
};

void	logwarn(struct logwarn *w, int kind, long line, long column,
	    const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void	logwarn_done(struct logwarn *w);

/* ---- measure records ---- */

/* The cell every record of a run belongs to (NULL: not set). */
struct logctx {
	FILE		*out;
	const char	*phase;
	const char	*workload;
	const char	*iteration;
};

/* {"kind":"measure","check","metric","value"[,"unit"][,"n"]}: steals
 * value; unit NULL and n < 0 are left out.  Extra keys go next, then
 * logrec_emit adds scope and source. */
json_t	*logrec_new(const char *check, const char *metric, json_t *value,
	    const char *unit, long n);
/* Adds scope (the cell, instance when not NULL, and key: value when
 * both are not NULL: "class", "device", "rank") and source (stolen),
 * writes and releases rec. */
void	logrec_emit(const struct logctx *ctx, json_t *rec, const char *inst,
	    const char *key, const char *value, json_t *source);
/* prefix.part1[.part2] with each part reduced to the metric-name
 * alphabet: [A-Za-z0-9_], "-5" -> "m5", other bytes -> "_" (the exact
 * text goes in source.field). */
void	logrec_metric(char *buf, size_t len, const char *prefix,
	    const char *part1, const char *part2);
/* A JSON string for log text (not always UTF-8), cut to max bytes. */
json_t	*logrec_text(const char *s, size_t n, size_t max);

/* ---- vLLM server log ---- */

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
};

/* min/mean/max/last of one stats-line field. */
struct vseries {
	double	 min, max, sum, last;
	long	 n;
};
void	vseries_add(struct vseries *s, double x);

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
	VP_TRACEBACK, VP_ENGINE_DEAD, VP_NPATTERNS
};

struct vevidence {
	long	 line;
	char	*text;
};

struct vllmlog {
	const char	*file;		/* as printed in records */
	char		*instance;	/* pod name from the file name */
	long		 lines;
	long		 vllm_lines;	/* in vLLM's own format */
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
	long		 bad_stamp;	/* stats lines with an impossible
					 * date or time */
	bool		 truncated;
	struct logwarn	 warn;
};

extern const char *const vllm_pattern_names[VP_NPATTERNS];

/* file: printed in records and warnings; path: opened. */
void	vllmlog_init(struct vllmlog *v, const char *file);
/* Feeds one line (without newline), lineno 1-based. */
void	vllmlog_line(struct vllmlog *v, const char *s, size_t n, long lineno);
/* Reads a whole file through vllmlog_line; false if it cannot be
 * opened. */
bool	vllmlog_read(struct vllmlog *v, const char *path);
/* True when any line was in vLLM's format (a vLLM server log). */
bool	vllmlog_is_vllm(const struct vllmlog *v);
/* Writes this instance's records (5a, 5b, 5c, 5e, 5f). */
void	vllmlog_emit(struct vllmlog *v, const struct logctx *ctx);
void	vllmlog_free(struct vllmlog *v);

/* Cell-level records over all instances: instances.count (2b) and, per
 * vllm.* parameter, one 2a record per distinct value with the number of
 * logs that agree. */
void	vllmlog_emit_cell(struct vllmlog *const *logs, size_t n,
	    const char *dir, const struct logctx *ctx);

#endif
