/* jline.h - a verdict record written as its output line.
 *
 * Built member by member in the contract's order (docs/records.md,
 * Verdicts) with jwrite.h: the bytes json_dumps() wrote of the jansson
 * record judge_emit() used to build, without building it. */
#ifndef S2R_JLINE_H
#define S2R_JLINE_H

#include "judge.h"
#include "str.h"

/* Verdict v of rule r on cell c (NULL: bundle-wide) appended to b, with
 * what its replicas say (jreplica.h); no line end. */
void	 jline_verdict(struct sbuf *b, const struct judge *j,
	    const struct rule *r, const struct jcell *c,
	    const struct jverdict *v);

#endif
