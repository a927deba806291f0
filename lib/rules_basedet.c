/* rules_basedet.c - check 4b's baseline detector overrides, a part of
 * the 4b rule (rules_policy.c): the legacy admission the default llm-d
 * baseline runs sheds on the router's saturation detector, so a baseline
 * saturationDetector (its thresholds, top-level or in the parameters of
 * the detector plugin its pluginRef names, or another detector plugin)
 * decides when the "default" admission sheds.  Each override is compared
 * with the router's defaults (claim 3c.router-defaults) and the sim
 * bundle's plan for the arm. */
#include <math.h>
#include <string.h>

#include "judge.h"
#include "proofutil.h"
#include "rec.h"
#include "rules_basedet.h"
#include "ruleutil.h"
#include "str.h"

/* The legacy rule sheds on the router's saturation detector, so a
 * baseline saturationDetector threshold decides when the "default"
 * admission sheds: the keys and the router defaults they override. */
static const struct {
	const char	*key;
	const char	*dname;
} detector_keys[] = {
	{ "queueDepthThreshold", "DefaultQueueDepthThreshold" },
	{ "kvCacheUtilThreshold", "DefaultKVCacheUtilThreshold" },
};

static bool
same_num(double a, double b)
{
	return fabs(a - b) <= 1e-9 * fmax(1, fabs(b));
}

/* Whether the sim bundle plans key = v for arm's detector too. */
static bool
detector_planned(const struct judge *j, const char *arm, const char *key,
    double v)
{
	struct ru_list l;
	bool same = false;
	double pv;

	pu_arm_recs(j, "expect", "epp.saturation_detector", arm, &l);
	for (size_t i = 0; i < l.n && !same; i++) {
		const char *k = rec_get_str(l.v[i], "key");

		same = k != NULL && strcmp(k, key) == 0 &&
		    ru_num(l.v[i], &pv) && same_num(v, pv);
	}
	ru_list_free(&l);
	return same;
}

/* The router's default saturation detector: GAIE's and llm-d-router's
 * ensureSaturationDetector configure the utilization detector when the
 * config names none. */
#define DEFAULT_DETECTOR	"utilization-detector"

/* The plugin type arm's config gives the plugin named ref (ref itself
 * when no plugin has that name: a type used as its own name). */
static const char *
arm_plugin_type(const struct judge *j, const char *arm, const char *ref)
{
	struct ru_list l;
	const char *type = ref;

	pu_arm_recs(j, "measure", "epp.plugin", arm, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *k = rec_get_str(l.v[i], "key");

		if (k != NULL && strcmp(k, ref) == 0 && pu_str_value(l.v[i]))
			type = pu_str_value(l.v[i]);
	}
	ru_list_free(&l);
	return type;
}

/* Whether the sim bundle plans the same detector (by type) for arm. */
static bool
detector_ref_planned(const struct judge *j, const char *arm, const char *type)
{
	struct ru_list l;
	bool same = false;

	pu_arm_recs(j, "expect", "epp.saturation_detector", arm, &l);
	for (size_t i = 0; i < l.n && !same; i++) {
		const char *k = rec_get_str(l.v[i], "key");
		const char *v = pu_str_value(l.v[i]);

		same = k != NULL && strcmp(k, "pluginRef") == 0 && v != NULL &&
		    strcmp(v, type) == 0;
	}
	ru_list_free(&l);
	return same;
}

/* A baseline saturationDetector that names another detector plugin than
 * the router's default: the legacy rule then sheds on that detector's
 * notion of saturation.  Said in why; true when so. */
static bool
detector_swapped(const struct judge *j, struct sbuf *why, const char *arm,
    const json_t *rec, bool more)
{
	const char *ref = pu_str_value(rec);
	const char *type = ref != NULL ? arm_plugin_type(j, arm, ref) : NULL;

	if (type == NULL || strcmp(type, DEFAULT_DETECTOR) == 0 ||
	    detector_ref_planned(j, arm, type) ||
	    detector_ref_planned(j, arm, ref))
		return false;
	sbuf_printf(why, "%spluginRef = %s (", more ? "; " : " But its "
	    "saturationDetector sets ", ref);
	ru_where(why, rec);
	sbuf_printf(why, "), a %s, where the router's default is the %s",
	    type, DEFAULT_DETECTOR);
	return true;
}

/* One deployed detector threshold (key = rec's value; lead says whose:
 * " But its saturationDetector sets ") against the router's default and
 * the sim bundle's baseline plan: said in why when it differs from both;
 * whether it does (n: how many said before).  need_default: only when
 * the router's default is proven (a control plugin's thresholds are its
 * own; only the default tells whether they replicate the router's). */
static bool
threshold_differs(const struct judge *j, struct sbuf *why, const char *arm,
    const json_t *rec, const char *key, size_t n, const char *lead,
    bool need_default)
{
	const char *dname = NULL;
	const json_t *dp;
	double v, dv = 0;
	long dline = 0;

	for (size_t k = 0; k < sizeof(detector_keys) /
	    sizeof(detector_keys[0]); k++)
		if (strcmp(key, detector_keys[k].key) == 0)
			dname = detector_keys[k].dname;
	if (dname == NULL || !ru_num(rec, &v))
		return false;
	dp = pu_router_default(j, PU_FOUND, dname, &dv, &dline);
	if ((dp != NULL && same_num(v, dv)) || (dp == NULL && need_default) ||
	    detector_planned(j, arm, key, v))
		return false;
	if (n == 0)
		sbuf_adds(why, lead);
	sbuf_printf(why, "%s%s = ", n == 0 ? "" : "; ", key);
	ru_num_text(why, v);
	sbuf_adds(why, " (");
	ru_where(why, rec);
	sbuf_adds(why, ")");
	if (dp != NULL) {
		sbuf_printf(why, ", where the router's %s is ", dname);
		ru_num_text(why, dv);
		sbuf_adds(why, " (");
		pu_where(why, dp, dline);
		sbuf_adds(why, ")");
	}
	return true;
}

/* The thresholds in the parameters of the plugin named ref (a
 * saturationDetector pluginRef to the default detector type: the same
 * overrides in the config's newer form; or a control plugin, the legacy
 * rule replicated).  lead: whose they are.  Counts into *n. */
static void
ref_thresholds(const struct judge *j, struct sbuf *why, const char *arm,
    const char *ref, const char *lead, bool need_default, size_t *n,
    const json_t **first)
{
	struct ru_list l;
	size_t len = strlen(ref);

	pu_arm_recs(j, "measure", "epp.plugin.parameter", arm, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *key = rec_get_str(l.v[i], "key");

		if (key == NULL || strncmp(key, ref, len) != 0 ||
		    key[len] != '.' || !threshold_differs(j, why, arm, l.v[i],
		    key + len + 1, *n, lead, need_default))
			continue;
		if (*first == NULL)
			*first = l.v[i];
		(*n)++;
	}
	ru_list_free(&l);
}

/* The deployed baseline's detector thresholds that differ from the
 * router's defaults and from the sim bundle's baseline plan, said in
 * why; the first in *first.  Returns how many. */
size_t
baseline_detector(const struct judge *j, struct sbuf *why, const char *arm,
    const json_t **first)
{
	struct ru_list l;
	size_t n = 0;

	*first = NULL;
	pu_arm_recs(j, "measure", "epp.saturation_detector", arm, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *key = rec_get_str(l.v[i], "key");
		bool ref = key != NULL && strcmp(key, "pluginRef") == 0;

		if (ref && detector_swapped(j, why, arm, l.v[i], n > 0)) {
			if (*first == NULL)
				*first = l.v[i];
			n++;
			continue;
		}
		if (ref && pu_str_value(l.v[i]) != NULL) {
			struct sbuf lead = {0};

			sbuf_printf(&lead, " But its saturationDetector's "
			    "plugin %s sets ", pu_str_value(l.v[i]));
			ref_thresholds(j, why, arm, pu_str_value(l.v[i]),
			    sbuf_str(&lead), false, &n, first);
			sbuf_free(&lead);
		} else if (key != NULL && threshold_differs(j, why, arm,
		    l.v[i], key, n, " But its saturationDetector sets ",
		    false)) {
			if (*first == NULL)
				*first = l.v[i];
			n++;
		}
	}
	ru_list_free(&l);
	if (n > 0)
		sbuf_adds(why, ". The legacy rule sheds on that detector, so "
		    "the baseline's admission is not the router's default: it "
		    "sheds sheddable requests at another load (a threshold far "
		    "above the default keeps it from ever shedding; another "
		    "detector measures saturation otherwise).");
	return n;
}

size_t
control_thresholds(const struct judge *j, struct sbuf *why, const char *arm,
    const char *name, const json_t **first)
{
	struct sbuf lead = {0};
	size_t n = 0;

	*first = NULL;
	sbuf_printf(&lead, " But the control plugin %s sets ", name);
	ref_thresholds(j, why, arm, name, sbuf_str(&lead), true, &n, first);
	sbuf_free(&lead);
	if (n > 0)
		sbuf_adds(why, ". It replicates the legacy rule at another "
		    "threshold than the router's, so the baseline sheds "
		    "sheddable requests at another load than the router's "
		    "default admission it stands for.");
	return n;
}
