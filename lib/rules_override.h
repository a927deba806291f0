/* rules_override.h - a part of check 4c (rules_tiers.c): a treatment
 * parameter the generated plugin overwrites with a literal after decoding
 * its config; see rules_override.c. */
#ifndef S2R_RULES_OVERRIDE_H
#define S2R_RULES_OVERRIDE_H

#include <jansson.h>

#include "judge.h"
#include "proofutil.h"
#include "ruleutil.h"
#include "str.h"

/* The generated plugin's assignment of a number literal to the field read
 * from the config key key (its JSON tag, else the field's own name, case
 * ignored, as encoding/json matches), after the parameters were decoded
 * or outside the function that decodes them: the proof record (claim
 * 4c.generated-param-overrides) and the literal in *value; NULL when
 * none. */
const json_t	*override_find(const struct judge *j, const char *key,
		    json_t **value);

/* Whether the deployed parameter rec (epp.plugin.parameter of arm) is of
 * a plugin type the generated code declares while no field of that code
 * is read from its key (case ignored, as encoding/json matches): then it
 * is dropped and the compiled-in default runs.  Says so into why. */
bool		 param_unread(const struct judge *j, const char *arm,
		    const json_t *rec, struct sbuf *why);

/* The parameters the sim bundle plans for arm (expect
 * epp.plugin.parameter) that deployed lacks by name, those whose
 * tier_of(name) is tier (NULL: no tier): said into why (NULL: counted
 * only); how many (none when a deployed record has no key: it may be the
 * one). */
size_t		 params_missing(const struct judge *j, const char *arm,
		    const struct ru_list *deployed,
		    const char *(*tier_of)(const char *), const char *tier,
		    struct sbuf *why);

/* Says into o's why that the EPP configs deployed for arms give no
 * plugin a parameter although the sim has treatment parameters: the
 * plugins run their compiled-in defaults. */
void		 deployed_bare(struct pu_out *o, const struct strv *arms);

/* The generated plugin's tier parameters (Sheddable*, Batch*) read from
 * another tier's, or the other ramp end's, JSON key (claim
 * 4d.generated-tier-tags): the config's value lands in the wrong ramp
 * although the config and the switch read right.  Says which in bad; how
 * many. */
size_t		 tag_mismatches(const struct judge *j, struct sbuf *bad);

#endif
