/* rules_snaparm.c - check 3d per arm: the metrics refresh an arm's
 * PipelineRun deployed (a chart flag beside the EPP config string)
 * against the other arms' and the sim's; see rules_snaparm.h.
 *
 * Arms are compared with each other because a refresh that differs
 * between baseline and treatment is a confound of the experiment
 * itself: the treatment's admission sees older (or fresher) queue depth
 * and KV usage than the baseline's, whatever the sim does. */
#include <math.h>
#include <string.h>

#include "proofutil.h"
#include "rec.h"
#include "ruleutil.h"
#include "rules_snaparm.h"

bool
snap_duration_us(const char *s, double *us)
{
	static const struct { const char *unit; double us; } units[] = {
		{ "ns", 1e-3 }, { "us", 1 }, { "\xc2\xb5s", 1 }, { "ms", 1e3 },
		{ "s", 1e6 }, { "m", 60e6 }, { "h", 3600e6 },
	};
	size_t n = strlen(s);

	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		size_t k = strlen(units[i].unit);
		double v;

		if (n > k && strcmp(s + n - k, units[i].unit) == 0 &&
		    parse_f64(s, n - k, &v)) {
			*us = v * units[i].us;
			return true;
		}
	}
	return false;
}

void
snap_ms_text(struct sbuf *b, double us)
{
	if (us >= 1e6 && fmod(us, 1e6) == 0) {
		ru_num_text(b, us / 1e6);
		sbuf_adds(b, " s");
		return;
	}
	ru_num_text(b, us / 1e3);
	sbuf_adds(b, " ms");
}

bool
snap_refresh_flag(const json_t *rec, void *us)
{
	const char *key = rec_get_str(rec, "key");
	const json_t *v = json_object_get(rec, "value");

	return key != NULL && (strstr(key, "refresh-metrics-interval") !=
	    NULL || strstr(key, "refreshMetricsInterval") != NULL) &&
	    json_is_string(v) && snap_duration_us(json_string_value(v), us);
}

const json_t *
snap_arm_refresh(const struct judge *j, const char *arm, double *us)
{
	struct ru_list l;
	const json_t *found = NULL;

	pu_arm_recs(j, "measure", "epp.chart.deployed", arm, &l);
	for (size_t i = 0; i < l.n && found == NULL; i++)
		if (snap_refresh_flag(l.v[i], us))
			found = l.v[i];
	ru_list_free(&l);
	return found;
}

/* Every arm the bundle names in an EPP record, expected or deployed
 * (a baseline may have a config and no PipelineRun here), sorted. */
static void
all_arms(const struct judge *j, struct strv *arms)
{
	struct ru_list l;

	memset(arms, 0, sizeof(*arms));
	ru_select(j, &(struct jsel){ .metric = "epp.*" }, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *ph = rec_scope_str(l.v[i], "phase");

		if (ph != NULL && strv_find(arms, ph) < 0)
			strv_add(arms, ph);
	}
	ru_list_free(&l);
	strv_sort(arms);
}

/* Arm other against the refresh us of the arm judged: said in why; 1
 * when its refresh differs, 2 when it keeps a default that is unknown
 * (said by the caller, once for all such arms), else 0. */
static int
other_arm(const struct judge *j, const struct snap_base *b,
    const char *other, double us, struct pu_out *o)
{
	double ov;
	const json_t *rec = snap_arm_refresh(j, other, &ov);

	if (rec == NULL && b->dfl == NULL)
		return 2;
	if (rec == NULL)
		ov = b->dfl_us;
	if (fabs(ov - us) < 0.5)
		return 0;
	sbuf_printf(&o->why, " Arm %s %s ", other, rec != NULL ? "deploys" :
	    "deploys no refresh flag and keeps the router's default,");
	snap_ms_text(&o->why, ov);
	sbuf_adds(&o->why, " (");
	if (rec != NULL)
		ru_where(&o->why, rec);
	else
		pu_where(&o->why, b->dfl, 0);
	sbuf_adds(&o->why, "): the arms' admission decisions see queue depth "
	    "and KV usage of different age, a confound for the comparison "
	    "between them.");
	pu_ev_add(o->evidence, "another arm's refresh", rec != NULL ? rec :
	    b->dfl);
	return 1;
}

/* The arms without a flag whose default is unknown, in one sentence. */
static void
unknown_default(struct sbuf *why, const struct snap_base *b,
    const struct strv *arms, double us)
{
	if (arms->n == 0)
		return;
	sbuf_printf(why, " Arm%s ", arms->n == 1 ? "" : "s");
	for (size_t i = 0; i < arms->n; i++)
		sbuf_printf(why, "%s%s", i == 0 ? "" : i + 1 == arms->n ?
		    " and " : ", ", arms->v[i]);
	sbuf_printf(why, " deploy%s no refresh flag and keep%s the router's "
	    "default, which is unknown here (%s): if it is not ", arms->n ==
	    1 ? "s" : "", arms->n == 1 ? "s" : "", b->unknown_why);
	snap_ms_text(why, us);
	sbuf_printf(why, ", %s signals are of a different age than this "
	    "arm's, a confound for the comparison.", arms->n == 1 ? "its" :
	    "their");
}

/* The sim's snapshot refresh against the arm's refresh us. */
static enum jverdict_value
arm_sim(const struct snap_base *b, double us, struct sbuf *why)
{
	if (!b->have_sim) {
		sbuf_adds(why, " The sim bundle gives no "
		    "--snapshot-refresh-interval (config.md).");
		return V_MISSING;
	}
	sbuf_adds(why, " The sim refreshes every ");
	snap_ms_text(why, b->sv);
	sbuf_adds(why, " (");
	ru_where(why, b->sim);
	if (fabs(b->sv - us) < 0.5) {
		sbuf_adds(why, "), the same.");
		return V_PASS;
	}
	sbuf_adds(why, "): the arm's real signals are up to ");
	snap_ms_text(why, us);
	sbuf_adds(why, " old, the sim's up to ");
	snap_ms_text(why, b->sv);
	sbuf_adds(why, ".");
	return V_WARN;
}

static void
refresh_arm(struct judge *j, const struct rule *r, const struct snap_base *b,
    const struct strv *arms, const char *arm)
{
	double us;
	const json_t *rec = snap_arm_refresh(j, arm, &us);
	enum jverdict_value v, vs;
	struct strv unknown = {0};
	struct pu_out o;
	int worst = 0;

	if (rec == NULL)
		return;
	pu_out_init(&o, "snapshot.refresh_interval");
	o.sub = pu_phase_sub(arm, NULL);
	o.expect = b->sim != NULL ? pu_rec_side(b->sim) : NULL;
	o.actual = pu_rec_side(rec);
	sbuf_printf(&o.why, "Arm %s's PipelineRun deploys the router's "
	    "metrics refresh ", arm);
	snap_ms_text(&o.why, us);
	sbuf_adds(&o.why, " (");
	ru_where(&o.why, rec);
	sbuf_adds(&o.why, ").");
	for (size_t i = 0; i < arms->n; i++)
		if (strcmp(arms->v[i], arm) != 0) {
			int d = other_arm(j, b, arms->v[i], us, &o);

			if (d == 2)
				strv_add(&unknown, arms->v[i]);
			worst = d > worst ? d : worst;
		}
	unknown_default(&o.why, b, &unknown, us);
	if (worst == 0 && arms->n > 1)
		sbuf_adds(&o.why, " The other arms refresh as often (their "
		    "own flag, else the router's default).");
	vs = arm_sim(b, us, &o.why);
	v = worst > 0 || vs == V_WARN ? V_WARN : vs;
	pu_out_emit(j, r, &o, v, worst > 0 ? "Deploy the same "
	    "refresh-metrics-interval in every arm (or none), or account for "
	    "the arms' different signal age when comparing them." : "Set "
	    "--snapshot-refresh-interval to the arm's refresh (in "
	    "microseconds) and rerun the sim.");
	strv_free(&unknown);
}

void
snap_refresh_arms(struct judge *j, const struct rule *r,
    const struct snap_base *b)
{
	struct strv arms;

	all_arms(j, &arms);
	for (size_t i = 0; i < arms.n; i++)
		refresh_arm(j, r, b, &arms, arms.v[i]);
	strv_free(&arms);
}
