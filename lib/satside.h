/* satside.h - check 3c's three sides, read from proof records: the
 * router's saturation detector, and the sim algorithm's and the
 * generated plugin's decision functions (every function that reads
 * endpoint metrics or the priority, whatever its name: claims
 * 3c.sim-decisions and 3c.generated-decisions of pipelines/proofs.yaml).
 *
 * For each side: its saturation function (a recognised formula: ratio
 * terms, max, mean over endpoints), its empty-pool branch, and how it
 * treats an endpoint whose metrics are missing or stale; for the plugin,
 * also its decision path (the admission functions and what they call).
 * rules_saturation.c judges the formula and the thresholds,
 * rules_handling.c the empty pool and the missing/stale metrics. */
#ifndef S2R_SATSIDE_H
#define S2R_SATSIDE_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "judge.h"
#include "proofutil.h"
#include "ruleutil.h"

enum { SIDE_ROUTER, SIDE_SIM, SIDE_GEN, NSIDES };

/* The checkable facts of one function of a side. */
struct formula {
	const json_t	*p;		/* NULL: no such function */
	const char	*who;		/* "router", "sim algorithm", … */
	bool		 queue, kv;	/* per-endpoint ratio terms */
	struct pu_hit	 qline, kvline;
	bool		 max, min;	/* how two terms combine */
	bool		 sum;		/* …or added: q + kv */
	bool		 mean;		/* the aggregation over endpoints */
	bool		 pmax;		/* …is instead a running max: the
					   most loaded endpoint's */
	bool		 one;		/* …of one endpoint's signals, read
					   through a constant index */
	struct pu_hit	 oneline;
	const json_t	*miss, *stale;	/* facts.metrics branches, or NULL */
	const char	*empty;		/* empty-pool return, or NULL */
	/* A mean whose divisor is clamped, total / float64(max(len(x), 1)):
	 * with no endpoint it yields the accumulator's start, what an
	 * explicit empty-pool branch would say (clamp.line is the
	 * division, start.line the accumulator's declaration, 0 when not
	 * found; cstart its value, "0", or NULL). */
	bool		 clamp;
	struct pu_hit	 clampline, startline;
	const char	*cstart;
};

void	 satside_analyse(const json_t *p, const char *who, struct formula *f);
/* Recognised: a mean (or a running max) over endpoints of one ratio
 * term, or of two combined by max( or min(. */
bool	 satside_recognised(const struct formula *f);
/* "who (where): per endpoint max(queue ratio, KV ratio), mean …" */
void	 satside_describe(struct sbuf *b, const struct formula *f);
/* The three saturation functions (router detector, sim, generated); with
 * o, their code goes to its evidence. */
void	 satside_formulas(const struct judge *j, struct formula f[NSIDES],
	    struct pu_out *o);

/* How many of the three saturation functions there are; with fewer than
 * two there is nothing to compare, and why says which side is missing. */
size_t	 satside_present(const struct formula f[NSIDES],
	    const struct pu_avail *av, struct sbuf *why);

/* The function's name (facts.name, else the symbol's last part). */
const char *satside_name(const json_t *p);
/* What a function does in a decision, from its name: "admit", "filter",
 * "score", "pick", "saturation" or "helper". */
const char *satside_class(const json_t *p);
/* The found decision records of role ("sim", "generated"). */
void	 satside_decisions(const struct judge *j, const char *role,
	    struct ru_list *out);
/* The generated plugin's decision path: its admission functions and
 * every decision function they call, transitively; all of its decision
 * functions when none admits. */
void	 satside_path(const struct judge *j, struct ru_list *out);
/* The first decision record of role whose class is cls, or NULL. */
const json_t *satside_of_class(const struct judge *j, const char *role,
	    const char *cls);

/* The first facts.metrics branch of p that tests for which ("missing" or
 * "stale"); with skips_only, the first that skips the endpoint. */
const json_t *satside_branch(const json_t *p, const char *which,
	    bool skips_only);
/* Whether a missing/stale branch counts the endpoint as fully loaded
 * (adds or returns 1 or more). */
bool	 satside_counts(const json_t *branch);
/* "adds 1.0 to the total", "skips the endpoint (continue)", … */
void	 satside_action_text(struct sbuf *b, const json_t *branch);
/* "who NAME (file:line `if cond`)" */
void	 satside_branch_cite(struct sbuf *b, const char *who, const json_t *p,
	    const json_t *branch);

/* Verdicts of rules_handling.c, run by 3c. */
void	 sat_empty(struct judge *j, const struct rule *r,
	    const struct pu_avail *av);
void	 sat_stale(struct judge *j, const struct rule *r,
	    const struct pu_avail *av);

#endif
