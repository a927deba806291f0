/* recscan.h - one NDJSON record line checked, and the members the judge
 * indexes pulled out, without building it.
 *
 * s2r-verdict keeps every record as its text and parses it again only
 * when a rule reads it (jstore.h); parsing each line with jansson on
 * reading as well took a fifth of its time.  recscan_line() takes a line
 * only when jansson would take it exactly so (json_loadb() with
 * JSON_REJECT_DUPLICATES: strict JSON, UTF-8, no duplicate key) and the
 * members it pulls are plain strings without escapes: anything else (a
 * number near the limits, an odd type, a very deep or wide value) it
 * leaves to jansson, which then reads or rejects the line with its own
 * message.  So it may say no to a good line, never yes to a bad one. */
#ifndef S2R_RECSCAN_H
#define S2R_RECSCAN_H

#include <stdbool.h>
#include <stddef.h>

/* Bytes of the line, without escapes (NULL: the member is absent). */
struct rs_text {
	const char	*s;
	size_t		 len;
};

/* Whether t holds the bytes of word. */
bool	 rs_text_is(struct rs_text t, const char *word);

/* Scope members kept; a line with more goes to jansson. */
#define RS_MAXSCOPE	16

struct recscan {
	struct rs_text	 kind, check, metric;	/* string members */
	struct rs_text	 title, verdict;	/* (a verdict record's) */
	struct rs_text	 key[RS_MAXSCOPE];	/* "scope", string values */
	struct rs_text	 val[RS_MAXSCOPE];
	size_t		 nscope;
	bool		 has_value;		/* "value" is a number */
	double		 value;
	bool		 charts;		/* points, bins or columns */
};

/* Whether the len bytes at line are a JSON object jansson reads the same
 * way, whose "kind", "check", "metric", "title" and "verdict" are
 * strings or absent, whose
 * "scope" is an object of strings or absent, "source" an object or
 * absent and "comparable" true, false or absent; rs holds its members. */
bool	 recscan_line(struct recscan *rs, const char *line, size_t len);

/* Whether the len bytes at text are one JSON value that jansson reads
 * the same way (json_loadb() with JSON_REJECT_DUPLICATES); false may be
 * a value near an edge, left to jansson. */
bool	 recscan_valid(const char *text, size_t len);

#endif
