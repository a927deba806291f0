/* logkit.h - what every log parser shares (vllmlog, epplog, gpulog): a
 * bounded line reader, line checks, capped per-file warnings, measure
 * record building, running summaries and the name a log file stands for.
 *
 * Logs are read line by line, never whole: memory stays flat whatever
 * the file size, and a line longer than LOG_MAX_LINE is reported and
 * skipped, not buffered. */
#ifndef S2R_LOGKIT_H
#define S2R_LOGKIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

/* Longer lines are skipped (the engine config line is ~5 KiB). */
#define LOG_MAX_LINE	(1024 * 1024)
/* Warnings per file and kind on stderr; the rest are only counted. */
#define LOG_MAX_WARN	5

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
/* The next line without its "\n" or "\r\n", without the timestamp
 * `kubectl logs --timestamps` puts first and without ANSI colour
 * sequences (not NUL-terminated: may hold NUL bytes).  A line longer than LOG_MAX_LINE is skipped with a
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

/* ---- summaries and names ---- */

/* min/mean/max/last of a series of readings (a stats-line field, a GPU
 * temperature). */
struct vseries {
	double	 min, max, sum, last;
	long	 n;
};
void	vseries_add(struct vseries *s, double x);

/* The name a log file stands for: its base name less the first of the
 * NULL-terminated suffixes it ends with ("x/pod-a_vllm.log" -> "pod-a").
 * Caller frees. */
char	*log_stem(const char *file, const char *const *suffixes);

#endif
