/* routecmp.h - an arm's routing as the sim bundle plans it (the EPP YAML
 * of config.md or the README's transfer sections: s2r-config's expect
 * records) against the deployed EPP config (s2r-config --epp: measure
 * records): its picker, and each profile's scorers by plugin type with
 * their weights (summed where a profile lists a type twice), and the
 * profile's other steps (filters) by type.  4a (routing.policy, when the sim gives no
 * --routing-policy) and 4c (routing.parameters of a routing-only
 * treatment) compare the same things. */
#ifndef S2R_ROUTECMP_H
#define S2R_ROUTECMP_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "judge.h"
#include "ruleutil.h"
#include "str.h"

/* What a comparison found. */
struct rc_result {
	size_t		 compared, differ;
	size_t		 unsure;	/* profile steps in one config only */
	const json_t	*planned, *deployed;	/* the pickers, or NULL */
};

/* Whether the sim bundle plans arm's routing (a picker or a weighted
 * scorer for that arm, or for no arm in particular). */
bool	routecmp_planned(const struct judge *j, const char *arm);
/* The picker of a config: the first a scheduling profile references
 * (the scheduler runs only those; a config may instantiate others, and
 * s2r-config adds the step the router's loader appends to a profile
 * without a picker); NULL when none.  plugins: its epp.plugin records,
 * entries: its epp.profile.plugin records.  *several (unless several is
 * NULL), when it is NULL: several pickers are instantiated, and the
 * router appends any one of them. */
const json_t *routecmp_picker(const struct ru_list *plugins,
	    const struct ru_list *entries, bool *several);
/* Appends the picker and scorer comparison of arm to why ("; "-joined
 * items after a lead) and counts them. */
void	routecmp_arm(const struct judge *j, const char *arm, struct sbuf *why,
	    struct rc_result *res);
/* The profile steps of arm's config (kind: "measure" deployed, "expect"
 * planned) that are neither the picker nor a weighted scorer (filters,
 * or a scorer given no weight), as "profile/type", sorted, the first
 * record of each in recs.  Caller frees both. */
void	routecmp_steps(const struct judge *j, const char *kind,
	    const char *arm, struct strv *out, struct ru_list *recs);
/* The steps of arm's profile before its picker (filters; a scorer given
 * no weight counts only before a picker that reads scores) against a
 * --routing-policy, which has none: said in why; FAIL for a filter on
 * the pods' load, WARN for another (v: the verdict so far, kept when
 * there is no step or it is FAIL). */
enum jverdict_value routecmp_filters(const struct judge *j, const char *kind,
	    const char *arm, const json_t *picker, struct sbuf *why,
	    enum jverdict_value v);
/* The sim's --routing-scorers (BLIS "name:weight,..."; spec) against
 * arm's deployed scorers, as shares of the total weight (max-score-picker
 * picks the same endpoint under weights scaled alike), each BLIS scorer
 * by the EPP types that compute its signal; unknown names are unsure. */
void	routecmp_sim_scorers(const struct judge *j, const char *arm,
	    const char *spec, struct sbuf *why, struct rc_result *res);

#endif
