/* isopolicy.h - the EPP half of check 2c: may two arms' deployed EPP
 * configs differ the way they do?
 *
 * Each change of s2r-config --diff between the arms is sorted into the
 * policy under test or a confound.  The policy under test comes from the
 * sim bundle when it declares the arms' EPP configs (fenced
 * EndpointPickerConfigs in config.md or the README under a heading that
 * names the arm: expect records with scope phase): with both arms
 * declared, the items where the declarations differ; with one, the whole
 * items (a plugin, a profile entry, a key) that arm's declaration holds
 * and its deployment matches.  Without both declarations the plugins
 * whose type is in one arm only are the policy too, with their profile
 * entries.  Anything else that differs (a parameter or weight of a
 * plugin both arms have, a feature gate, flow control, the saturation
 * detector, the helm chart) is a confound: FAIL. */
#ifndef S2R_ISOPOLICY_H
#define S2R_ISOPOLICY_H

#include "judge.h"

/* One arms.epp verdict in cell c: c's arm against arm other. */
void	isopolicy_judge(struct judge *j, const struct rule *r,
	    const struct jcell *c, const char *other);

#endif
