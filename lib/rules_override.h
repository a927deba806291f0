/* rules_override.h - a part of check 4c (rules_tiers.c): a treatment
 * parameter the generated plugin overwrites with a literal after decoding
 * its config; see rules_override.c. */
#ifndef S2R_RULES_OVERRIDE_H
#define S2R_RULES_OVERRIDE_H

#include <jansson.h>

#include "judge.h"

/* The generated plugin's assignment of a number literal to the field read
 * from the config key key (its JSON tag, else the field's own name, case
 * ignored, as encoding/json matches), after the parameters were decoded
 * or outside the function that decodes them: the proof record (claim
 * 4c.generated-param-overrides) and the literal in *value; NULL when
 * none. */
const json_t	*override_find(const struct judge *j, const char *key,
		    json_t **value);

#endif
