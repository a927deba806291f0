/* satgen.h - check 3c's thresholds as the generated plugin applies them.
 *
 * A plugin that computes its own saturation divides each signal by a
 * threshold of its own: a literal or a numeric constant (then no YAML
 * value reaches it), or a parameter field whose value comes from the EPP
 * config through json.Unmarshal when the YAML key matches the field's
 * JSON key, else from the plugin factory's default.  The router's
 * default does not apply to it.  Read from the proof records of
 * pipelines/proofs.yaml (3c.generated-decisions, 3c.generated-param-
 * defaults, 3c.generated-param-tags). */
#ifndef S2R_SATGEN_H
#define S2R_SATGEN_H

#include <stdbool.h>

#include <jansson.h>

#include "judge.h"
#include "proofutil.h"
#include "satside.h"

enum satgen_kind {
	SG_NONE,	/* no generated formula divides this signal */
	SG_LITERAL,	/* divides by a number written in the formula */
	SG_CONST,	/* by a numeric constant of the plugin */
	SG_PARAM,	/* divides by a parameter field */
	SG_UNDIVIDED	/* reads the signal and divides it by nothing (a
			   raw count, or one multiplied): no threshold */
};

struct satgen {
	enum satgen_kind kind;
	struct pu_hit	 term;		/* the formula's line */
	double		 literal;	/* SG_LITERAL, SG_CONST: the value */
	char		 field[64];	/* SG_PARAM: the field's name */
	bool		 have_default;	/* the factory's default, found */
	double		 dflt;
	const json_t	*dp;		/* its proof (SG_CONST: the const's) */
	char		 tag[64];	/* the field's JSON key, "" unknown */
	const json_t	*tp;		/* its proof */
};

/* The number a formula line divides the signal by, after the last '/':
 * false when it is not a number. */
bool	 satgen_literal(const struct pu_hit *h, double *v);
/* How the generated formula gen divides the queue (or KV) signal. */
void	 satgen_read(const struct judge *j, const struct formula *gen,
	    bool queue, struct satgen *g);
/* Whether the YAML key (its last dotted part) reaches g's field: true
 * when it matches the field's JSON key (case-insensitively, as
 * encoding/json does) or no JSON key was found. */
bool	 satgen_key_read(const struct satgen *g, const char *key);
/* " The generated plugin divides by ... (where `code`)." */
void	 satgen_text(struct sbuf *b, const struct satgen *g);

#endif
