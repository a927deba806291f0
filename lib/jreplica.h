/* jreplica.h - what a verdict says about replicas: the i<N> cells of its
 * phase and workload, which of them it covers, its metric's value in each,
 * their spread (CV) and the noise-aware tolerance max(tolerance, 2 CV)
 * (docs/records.md, Verdicts: replicas).  A verdict whose cell has no
 * iteration gets nothing, so single-replica bundles are unchanged. */
#ifndef S2R_JREPLICA_H
#define S2R_JREPLICA_H

#include <jansson.h>

#include "judge.h"
#include "str.h"

/* The verdict's "replicas" object (new) when cell c is a replica, and
 * the sentence that goes with it added to why; NULL (why as it was)
 * when c is not one. */
json_t	*judge_replicas(const struct judge *j, const struct jcell *c,
	    const struct jverdict *v, struct sbuf *why);
/* The replica values judge_replicas() keeps for the group at hand. */
struct jrmemo;
struct jrmemo *jreplica_memo_new(void);
void	 jreplica_memo_free(struct jrmemo *m);

#endif
