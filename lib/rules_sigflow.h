/* rules_sigflow.h - what the generated plugin does with a signal once it
 * has read it (checks 3a-3b), found by rules_sigflow.c in the function
 * snippets of claim 3c.generated-decisions: a value read into a local
 * nothing uses, a count divided in integers, a divisor applied twice, a
 * 0-1 fraction compared with a percent. */
#ifndef S2R_RULES_SIGFLOW_H
#define S2R_RULES_SIGFLOW_H

#include <stdbool.h>

#include "judge.h"
#include "proofutil.h"

/* A finding: the line that reads the signal and the one that misuses
 * it (the same line when one does both). */
struct sf_find {
	const json_t	*p;		/* the function's proof */
	long		 line, use_line;
	char		 code[256], use[256];	/* as written */
	char		 var[64];	/* the local it is read into */
	char		 div[128];	/* the divisor, squeezed */
	double		 num;		/* the literal compared with */
	bool		 never;		/* that comparison never holds */
};

/* A read of one of fields (endpoint metrics members, NULL terminated)
 * into a local that no other line uses (a discard `_ = x` or a logging
 * call is no use).  Says so in o (why, evidence). */
bool	sf_unused_read(const struct judge *j, const char *const *fields,
	    struct pu_out *o);
/* A read of one of fields (V.F) from a local V defined in the same
 * function as a struct that never gets F (V := T{…} without F:, var V
 * T, new(T), and no V.F = after): always zero.  Says so in o. */
bool	sf_zero_read(const struct judge *j, const char *const *fields,
	    struct pu_out *o);
/* The generated plugin's KV reads: a divisor applied twice, a comparison
 * with a literal above 1 (a percent).  v: the verdict so far; t: the KV
 * threshold in force.  Says so in o; the verdict. */
enum jverdict_value sf_kv_misuse(const struct judge *j, struct pu_out *o,
	    enum jverdict_value v, double t);
/* 3b transform.queue_depth: how the generated plugin turns the queue
 * depth (an int) into its ratio. */
void	sf_rule_queue(struct judge *j, const struct rule *r,
	    const struct jcell *c);
/* 3d snapshot.plugin_cache: whether the generated plugin keeps a signal
 * (a metric read, a saturation it computed) in a field across requests,
 * a delay on top of the router's refresh. */
void	sf_rule_cache(struct judge *j, const struct rule *r,
	    const struct jcell *c);
/* 3d snapshot.plugin_staleness: the generated plugin's own staleness
 * check (time.Since(m.UpdateTime) against a threshold) against the
 * router's refresh refresh_us (0: unknown; refresh: its proof or
 * record).  No verdict when the plugin has no such check. */
void	sf_rule_stale(struct judge *j, const struct rule *r,
	    double refresh_us, const json_t *refresh);

#endif
