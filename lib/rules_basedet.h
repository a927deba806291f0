/* rules_basedet.h - check 4b's baseline detector overrides, a part of
 * the 4b rule (rules_policy.c); see rules_basedet.c. */
#ifndef S2R_RULES_BASEDET_H
#define S2R_RULES_BASEDET_H

#include <stddef.h>

#include <jansson.h>

#include "judge.h"
#include "str.h"

/* The deployed arm's detector overrides that differ from the router's
 * defaults and from the sim bundle's plan for the arm, said in why (the
 * first record in *first); how many. */
size_t	baseline_detector(const struct judge *j, struct sbuf *why,
	    const char *arm, const json_t **first);

/* The thresholds a control plugin (the legacy rule replicated as a
 * plugin, named name in arm's deployed config) sets in its parameters
 * that differ from the router's detector defaults and from the sim
 * bundle's plan for the arm, said in why (the first record in *first);
 * how many. */
size_t	control_thresholds(const struct judge *j, struct sbuf *why,
	    const char *arm, const char *name, const json_t **first);

#endif
