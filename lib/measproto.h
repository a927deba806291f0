/* measproto.h - a sim bundle's measurement.yaml (kind
 * measurement-protocol): how `blis observe` is to measure every cell
 * (docs/formats.md §3.6).
 *
 * Keys are camelCase, each the value of one blis observe flag:
 * maxConcurrency (--max-concurrency), timeout (--timeout, seconds per
 * request), warmupRequests, prewarmDuration (a Go duration), detectors,
 * apiFormat, recordItl, streaming, extraArgs.  Version 1's keys are all
 * there are: another key is an error (a misspelt key silently ignored
 * would make an expectation wrong); a later version may add keys, which
 * are then ignored.  The bootstrap tool's trailing "# source: ..."
 * comment of each key is kept for the evidence. */
#ifndef S2R_MEASPROTO_H
#define S2R_MEASPROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum mp_key {
	MP_MAX_CONCURRENCY, MP_TIMEOUT, MP_WARMUP, MP_PREWARM, MP_DETECTORS,
	MP_API_FORMAT, MP_RECORD_ITL, MP_STREAMING, MP_EXTRA_ARGS, MP_NKEYS
};

enum mp_type { MP_INT, MP_DURATION, MP_BOOL, MP_STR };

struct mp_value {
	bool	 set;
	int64_t	 i;		/* MP_INT; MP_DURATION in µs */
	bool	 b;
	char	*s;		/* MP_STR; the text as written for every type */
	long	 line, column;
	char	*origin;	/* the "# source: ..." comment, or NULL */
};

struct measproto {
	char		*label;		/* source.file */
	int64_t		 version;
	struct mp_value	 v[MP_NKEYS];
};

/* Key names and types, by enum mp_key. */
extern const char *const mp_key_names[MP_NKEYS];
extern const enum mp_type mp_key_types[MP_NKEYS];

/* Loads path (cited as label); dies with label:line:column on anything
 * that is not a measurement protocol. */
void	measproto_load(struct measproto *m, const char *path, const char *label);
void	measproto_load_buf(struct measproto *m, const char *label,
	    const char *buf, size_t len);
void	measproto_free(struct measproto *m);
/* Whether buf is a YAML mapping with a kind key (a WorkloadSpec has
 * none; measurement.yaml says kind: measurement-protocol). */
bool	measproto_is_doc(const char *buf, size_t len);

/* A Go duration ("60s", "1m30s", "500ms", "1.5h") in µs; false when s is
 * not one.  Shared with corpus.c (max_think_time). */
bool	go_duration_us(const char *s, int64_t *us);

#endif
