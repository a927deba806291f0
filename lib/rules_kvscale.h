/* rules_kvscale.h - the KV-usage rescales of check 3b that
 * rules_kvscale.c finds (a literal one on a code line, one through a
 * named constant or a helper of another file), for rules_signal.c's 3b
 * rule. */
#ifndef S2R_RULES_KVSCALE_H
#define S2R_RULES_KVSCALE_H

#include <stdbool.h>

#include <jansson.h>

#include "judge.h"
#include "proofutil.h"

/* A rescale through a named constant: the plugin line that reads KV
 * usage and the declaration of the constant it divides or multiplies it
 * by.  The producer's scale query sees literals only, in the file it
 * walks; a constant may be declared in any file of the plugin, so the
 * reading lines are matched against the plugin's numeric constants
 * (claim 3c.generated-numeric-consts) here. */
struct named_scale {
	const json_t	*read, *decl;	/* decl: the constant's declaration,
					   or the helper's rescale line */
	struct pu_hit	 hit;		/* the reading line */
	char		 name[64];	/* the constant, or the helper */
	char		 op;		/* '/' or '*' */
	const char	*transform;
	bool		 helper;
};

/* Whether a code line rescales by 100: "/ 100", "* 0.01", "* 100"; the
 * transform it makes ("divide_by_100", ...), or NULL. */
const char	*kvs_line_rescale(const char *code);
/* The first line of the generated plugin that reads KV usage (claim
 * 3b.generated-kv-read) and rescales it through a named constant or a
 * helper of another file, into *ns. */
bool		 kvs_named_scale_find(const struct judge *j,
		    struct named_scale *ns);
/* The actual side of o for a rescale through a named constant. */
void		 kvs_transform_named(struct pu_out *o,
		    const struct named_scale *ns);

#endif
