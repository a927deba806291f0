/* rec.h - the NDJSON record contract (docs/records.md) on jansson.
 *
 * Records are jansson objects; keys keep insertion order, so a tool that
 * builds its records in a fixed order writes byte-identical output for the
 * same input.  Numbers go through rec_num() so that integral values print
 * as JSON integers and the rest with a fixed precision.  Every expect and
 * measure record is built by rec_begin() and rec_end(), so all of them
 * list their members in the contract's order. */
#ifndef S2R_REC_H
#define S2R_REC_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdnoreturn.h>

#include <jansson.h>

/* Significant digits for non-integral numbers in every record. */
#define REC_REAL_DIGITS 10
/* How rec_emit() writes a record (json_dumps() flags). */
#define REC_EMIT_FLAGS	(JSON_COMPACT | JSON_ENSURE_ASCII | \
	JSON_REAL_PRECISION(REC_REAL_DIGITS))

/* In source.how of an EPP record for what the router's config
 * loader adds to a config (a default picker, a default profile): the
 * config's text does not hold it, so text comparisons leave it out. */
#define REC_LOADER_HOW	"not in the config: the router's config loader adds it"

/* The scope keys, in the order every tool writes them. */
extern const char *const rec_scope_keys[];

json_t	*rec_new(const char *kind);		/* {"kind": kind} */
/* An integer when integral, null when not finite (NaN: no value). */
json_t	*rec_num(double v);
json_t	*rec_i64(int64_t v);
/* A JSON string of s; bytes that are not UTF-8 leave it readable ('?'
 * for every byte beyond ASCII). */
json_t	*rec_str(const char *s);
/* Sets key to a copy of v; v == NULL leaves the key out. */
void	 rec_set_str(json_t *obj, const char *key, const char *v);
void	 rec_set_num(json_t *obj, const char *key, double v);
void	 rec_set_i64(json_t *obj, const char *key, int64_t v);
/* Steals value (as json_object_set_new). */
void	 rec_set(json_t *obj, const char *key, json_t *value);

/* {"file": file, "line": line, "column": column, "field": field,
 * "how": how}; NULL strings and non-positive numbers are left out. */
json_t	*rec_source(const char *file, long line, long column,
	    const char *field, const char *how);

/* The head of an expect or measure record, in the order it is written:
 * kind, check, metric, key, status, value, unit, n.  NULL strings are
 * left out (value: written as null), n < 0 is left out. */
struct rec_head {
	const char	*kind;
	const char	*check, *metric;
	const char	*key;		/* a configuration key (s2r-config) */
	const char	*status;	/* the request status counted (5d) */
	json_t		*value;		/* stolen */
	const char	*unit;
	int64_t		 n;		/* values it was computed from */
};

/* A record with h's members; the caller adds what its kind carries
 * beyond them (columns, points, values ...) and ends it with rec_end. */
json_t	*rec_begin(const struct rec_head *h);
/* Adds scope (unless NULL: set already) and source, both stolen. */
void	 rec_end(json_t *rec, json_t *scope, json_t *source);
/* "comparable": false and why (left out when NULL): a value the rules
 * cannot judge, with the reason. */
void	 rec_incomparable(json_t *rec, const char *why);

/* A scope object built from rec_scope_keys-ordered pairs; see scope_set. */
json_t	*rec_scope_new(void);
/* Sets key in scope, keeping rec_scope_keys order whatever the call order. */
void	 rec_scope_set(json_t *scope, const char *key, const char *value);
/* "phase=baseline,workload=w1" (rec_scope_keys order); caller frees. */
char	*rec_scope_key(const json_t *scope);

/* Writes rec as one line and releases it; dies on a write error. */
void	 rec_emit(FILE *out, json_t *rec);
/* Writes every record of the array (which keeps them). */
void	 rec_emit_all(FILE *out, const json_t *recs);
/* Flushes out and dies if anything failed to be written. */
void	 rec_finish(FILE *out);
/* Dies of a failed write to out, naming standard output or the file a
 * tool's -o writes through it (atomicfile.h). */
noreturn void rec_write_error(FILE *out);

/* Accessors that tolerate absent keys and wrong types. */
const char *rec_get_str(const json_t *obj, const char *key);
bool	 rec_get_num(const json_t *obj, const char *key, double *out);
/* The integer value of key; false when it is absent or not an integer. */
bool	 rec_get_i64(const json_t *obj, const char *key, int64_t *out);
/* The string value of rec's scope member key, NULL when absent. */
const char *rec_scope_str(const json_t *rec, const char *key);

/* Reading NDJSON: one object per line, blank lines skipped. */
struct ndjson_reader {
	FILE	*f;
	char	*path;		/* as given; "-" for stdin */
	long	 line;
	char	*buf;	/* the last line read, as read */
	size_t	 cap;
	size_t	 len;	/* its length without the line end */
};

/* path "-" reads stdin.  Dies (exit 2) when the file cannot be opened. */
void	 ndjson_open(struct ndjson_reader *r, const char *path);
/* The next record (caller owns it), NULL at end of input.  A line that is
 * not a JSON object with a string "kind" is a fatal file:line:column
 * error. */
json_t	*ndjson_next(struct ndjson_reader *r);
void	 ndjson_close(struct ndjson_reader *r);
/* ndjson_next() in two steps: the next line that is not blank into buf
 * (false at end of input), and that line as a record. */
bool	 ndjson_line(struct ndjson_reader *r);
json_t	*ndjson_parse(struct ndjson_reader *r);

#endif
