/* rules_isolation.c - check 2c, variant isolation: do the arms of the
 * experiment differ only in the policy under test?
 *
 * Every cell is compared with every other arm (phase), whatever workload
 * that arm ran: an arm is one deployment, so its vLLM arguments, model,
 * instance count and KV-cache capacity must equal every other arm's.  The
 * other arm's cell of the same workload and iteration is the counterpart;
 * when that arm lacks it, the cell is MISSING there and the arm's closest
 * cell stands in (lib/ruleutil.c ru_partner).  The EPP configs of two
 * arms (s2r-config --diff) may differ only in the policy under test
 * (lib/isopolicy.c says which changes are).
 *
 * Records: the cell-level vllm.* of s2r-log-extract (check 2a, one per
 * distinct value, n = logs stating it), instances.count, kv_cache.tokens
 * per instance, and the deployed (measure) and declared (expect) EPP
 * records of each arm.  Tolerances: runtime.kv_pass_pct/kv_warn_pct for
 * the KV capacity, as 5f. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isopolicy.h"
#include "judge.h"
#include "rec.h"
#include "ruleutil.h"
#include "str.h"

static const char ACT_ISOLATION[] = "The arms differ in more than the "
    "policy under test, so a result difference cannot be attributed to "
    "the policy: make the arms equal outside the policy and rerun.";
static const char ACT_ONE_CONFIG[] = "The pods of one arm do not run one "
    "configuration: redeploy the arm from one spec and rerun it.";
static const char ACT_UNSTATED[] = "vLLM logs only non-default arguments: "
    "set the parameter explicitly in every arm so that the logs prove it "
    "is equal.";
static const char ACT_ARM_CELL[] = "Run the missing cell in that arm (or "
    "collect its results) so that every arm runs every workload: without "
    "it this workload has no comparison between the arms.";
static const char ACT_LOGS[] = "Collect the vLLM pods' logs from their "
    "start (the startup lines state the configuration and the KV cache) "
    "into each cell's server_logs/ and rerun s2r-log-extract.";

static void
missing(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *metric, const char *why)
{
	judge_emit(j, r, c, &(struct jverdict){ .metric = metric,
	    .verdict = V_MISSING, .why = why, .action = ACT_LOGS });
}

/* "o/w1" and, when o is not c's counterpart, why it stands in. */
static void
partner_text(struct sbuf *b, const struct jcell *c, const struct jcell *o,
    bool same)
{
	judge_cell_text(b, o);
	if (same)
		return;
	if (judge_natcmp(o->workload, c->workload) == 0)
		sbuf_printf(b, " (%s has no %s of %s: its %s stands in)",
		    o->phase, c->iteration ? c->iteration : "plain cell",
		    c->workload, o->iteration ? o->iteration : "plain cell");
	else
		sbuf_printf(b, " (%s ran no %s cell: its closest cell stands "
		    "in, as an arm is one deployment whatever it runs)",
		    o->phase, c->workload);
}

/* --- the counterpart cell -------------------------------------------- */

/* The cells arm phase ran, for a why: the first few, then a count. */
static void
arm_cells_text(struct sbuf *b, const struct judge *j, const char *phase)
{
	enum { SHOWN = 8 };
	size_t n = 0;

	for (size_t i = 0; i < j->ncells; i++) {
		const struct jcell *o = &j->cells[i];

		if (!o->measured || o->workload == NULL ||
		    judge_natcmp(o->phase, phase) != 0)
			continue;
		if (n++ >= SHOWN)
			continue;
		sbuf_adds(b, n > 1 ? ", " : "");
		judge_cell_text(b, o);
	}
	if (n > SHOWN)
		sbuf_printf(b, " and %zu more", n - SHOWN);
}

static void
no_counterpart(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jcell *o)
{
	struct sbuf why = {0}, here = {0};

	judge_cell_text(&here, c);
	sbuf_printf(&why, "Arm %s has no cell for %s's workload%s (it ran ",
	    o->phase, sbuf_str(&here), c->iteration ? " and iteration" : "");
	arm_cells_text(&why, j, o->phase);
	sbuf_printf(&why, "): the data this cell is to be compared with in "
	    "%s is not there, so the arms cannot be compared at this "
	    "workload. The other 2c verdicts of this cell compare it with ",
	    o->phase);
	judge_cell_text(&why, o);
	sbuf_adds(&why, ".");
	judge_emit(j, r, c, &(struct jverdict){ .metric = "arms.cell",
	    .verdict = V_MISSING, .why = sbuf_str(&why),
	    .action = ACT_ARM_CELL });
	sbuf_free(&why);
	sbuf_free(&here);
}

/* --- vLLM configuration ------------------------------------------------ */

/* One arm's cell: its cell-level vLLM records and its pods. */
struct armcfg {
	const struct jcell	*cell;
	struct ru_list		 recs;
	struct strv		 pods;
};

static void
armcfg_load(const struct judge *j, const struct jcell *c, struct armcfg *a)
{
	a->cell = c;
	ru_cell_config(j, c, "vllm.*", &a->recs);
	ru_instances(j, c, "vllm.*", &a->pods);
}

static void
armcfg_free(struct armcfg *a)
{
	ru_list_free(&a->recs);
	strv_free(&a->pods);
}

/* The records of metric in a; *distinct: how many different values once
 * addresses are masked (0: not stated). */
static void
values_of(const struct armcfg *a, const char *metric, struct ru_list *out,
    size_t *distinct)
{
	struct strv seen = {0};

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < a->recs.n; i++) {
		struct sbuf m = {0};

		if (strcmp(rec_get_str(a->recs.v[i], "metric"), metric) != 0)
			continue;
		ru_list_add(out, a->recs.v[i]);
		ru_masked(&m, json_object_get(a->recs.v[i], "value"), &a->pods);
		if (strv_find(&seen, sbuf_str(&m)) < 0)
			strv_add(&seen, sbuf_str(&m));
		sbuf_free(&m);
	}
	*distinct = seen.n;
	strv_free(&seen);
}

/* What the comparison of two arms found. */
struct vcmp {
	size_t		same, addresses, ndiff, nsplit, nunstated, ndefault;
	struct sbuf	diff;		/* values that differ between arms */
	struct sbuf	split;		/* an arm whose pods disagree */
	struct sbuf	dsplit;		/* ... or leave a value out */
	struct sbuf	unstated;	/* stated by one arm only */
	const json_t	*first;		/* a record behind a finding */
};

/* "c/w1's pods disagree on m: 256 in 3 logs (file:line); 128 in 1". */
static void
split_text(struct vcmp *v, const struct armcfg *a, const char *metric,
    const struct ru_list *l)
{
	struct sbuf *b = &v->split;

	sbuf_adds(b, b->len ? "; " : "");
	judge_cell_text(b, a->cell);
	sbuf_printf(b, "'s pods disagree on %s:", metric);
	for (size_t i = 0; i < l->n; i++) {
		double n = 0;

		rec_get_num(l->v[i], "n", &n);
		sbuf_adds(b, i ? "," : "");
		sbuf_adds(b, " ");
		ru_value_text(b, json_object_get(l->v[i], "value"));
		sbuf_printf(b, " in %.0f log%s (", n, n == 1 ? "" : "s");
		ru_where(b, l->v[i]);
		sbuf_adds(b, ")");
	}
	if (v->first == NULL)
		v->first = l->v[0];
	v->nsplit++;
}

static void
side_text(struct sbuf *b, const struct ru_list *l)
{
	if (l->n == 0) {
		sbuf_adds(b, "(not stated)");
		return;
	}
	ru_value_at(b, l->v[0]);
}

/* When some of a's pods state metric and others leave it out of their
 * non-default args (a pod started from a chart's default args): those
 * run vLLM's default, which may or may not equal the value the others
 * set, so the arm may not be one configuration: noted in dsplit (WARN),
 * naming the arm. */
static void
default_split(struct vcmp *v, const struct judge *j, const struct armcfg *a,
    const char *metric, const struct ru_list *l)
{
	size_t ndefault;
	struct sbuf *b = &v->dsplit;
	double n = 0;

	if (l->n != 1 || ru_inst_distinct(j, a->cell, metric, &a->pods,
	    &ndefault) < 2 || ndefault == 0)
		return;
	rec_get_num(l->v[0], "n", &n);
	sbuf_printf(b, "%s", b->len ? "; " : "");
	judge_cell_text(b, a->cell);
	sbuf_printf(b, "'s pods split on %s: ", metric);
	ru_value_text(b, json_object_get(l->v[0], "value"));
	sbuf_printf(b, " in %.0f log%s (", n, n == 1 ? "" : "s");
	ru_where(b, l->v[0]);
	sbuf_printf(b, "), left out of the non-default args of %zu log%s",
	    ndefault, ndefault == 1 ? "" : "s");
	v->ndefault++;
}

/* One parameter of the other arm (o) against this cell's (a). */
static void
compare_param(struct vcmp *v, const struct judge *j, const struct armcfg *o,
    const struct armcfg *a, const char *metric)
{
	struct ru_list lo, la;
	size_t dob, dab;
	struct sbuf mo = {0}, ma = {0};

	values_of(o, metric, &lo, &dob);
	values_of(a, metric, &la, &dab);
	/* noted for either arm, and still compared between the arms */
	if (dob <= 1 && dab <= 1) {
		default_split(v, j, a, metric, &la);
		default_split(v, j, o, metric, &lo);
	}
	if (dob > 1 || dab > 1) {
		if (dab > 1)
			split_text(v, a, metric, &la);
		if (dob > 1)
			split_text(v, o, metric, &lo);
		goto out;
	}
	if (lo.n == 0 || la.n == 0) {
		struct sbuf *b = &v->unstated;

		sbuf_printf(b, "%s%s ", b->len ? "; " : "", metric);
		side_text(b, &lo);
		sbuf_adds(b, " \u2192 ");
		side_text(b, &la);
		v->nunstated++;
		goto out;
	}
	ru_masked(&mo, json_object_get(lo.v[0], "value"), &o->pods);
	ru_masked(&ma, json_object_get(la.v[0], "value"), &a->pods);
	if (strcmp(sbuf_str(&mo), sbuf_str(&ma)) == 0) {
		/* One masked value per arm: several raw ones (a record per
		 * distinct value), or two different ones, are addresses. */
		v->same++;
		v->addresses += lo.n > 1 || la.n > 1 ||
		    !ru_equal(json_object_get(lo.v[0], "value"),
		    json_object_get(la.v[0], "value"));
		goto out;
	}
	sbuf_printf(&v->diff, "%s%s ", v->diff.len ? "; " : "", metric);
	side_text(&v->diff, &lo);
	sbuf_adds(&v->diff, " \u2192 ");
	side_text(&v->diff, &la);
	if (v->first == NULL)
		v->first = la.v[0];
	v->ndiff++;
out:
	sbuf_free(&mo);
	sbuf_free(&ma);
	ru_list_free(&lo);
	ru_list_free(&la);
}

/* Every vllm.* metric either arm states, sorted. */
static void
union_metrics(const struct armcfg *o, const struct armcfg *a,
    struct strv *out)
{
	memset(out, 0, sizeof(*out));
	for (int side = 0; side < 2; side++) {
		const struct ru_list *l = side ? &a->recs : &o->recs;

		for (size_t i = 0; i < l->n; i++) {
			const char *m = rec_get_str(l->v[i], "metric");

			if (strv_find(out, m) < 0)
				strv_add(out, m);
		}
	}
	strv_sort(out);
}

static enum jverdict_value
vcmp_why(struct sbuf *why, const struct vcmp *v)
{
	sbuf_printf(why, ": %zu parameters equal", v->same);
	if (v->addresses > 0)
		sbuf_printf(why, " (%zu of them once pod names and addresses "
		    "are set aside: per-pod identity, not configuration)",
		    v->addresses);
	if (v->ndiff > 0)
		sbuf_printf(why, "; %zu differ: %s", v->ndiff,
		    sbuf_str(&v->diff));
	if (v->nsplit > 0)
		sbuf_printf(why, "; an arm whose own pods disagree is not one "
		    "configuration: %s", sbuf_str(&v->split));
	if (v->ndefault > 0)
		sbuf_printf(why, "; an arm whose pods split between a value "
		    "and vLLM's default (which may or may not equal it) may not "
		    "be one configuration: %s", sbuf_str(&v->dsplit));
	if (v->nunstated > 0)
		sbuf_printf(why, "; stated in one arm only (vLLM logs only "
		    "non-default arguments, so the other ran a default that "
		    "may or may not be equal): %s", sbuf_str(&v->unstated));
	sbuf_adds(why, ".");
	if (v->ndiff > 0 || v->nsplit > 0)
		return V_FAIL;
	return v->nunstated > 0 || v->ndefault > 0 ? V_WARN : V_PASS;
}

static void
isolation_vllm(struct judge *j, const struct rule *r, const struct armcfg *a,
    const struct jcell *oc, bool same)
{
	struct armcfg o;
	struct vcmp v = {0};
	struct strv metrics;
	struct sbuf why = {0}, act = {0};
	enum jverdict_value verdict;
	json_t *es, *ms;

	armcfg_load(j, oc, &o);
	if (o.recs.n == 0) {
		sbuf_adds(&why, "No vLLM configuration from the server logs "
		    "of ");
		partner_text(&why, a->cell, oc, same);
		sbuf_adds(&why, ", so the arms cannot be compared.");
		missing(j, r, a->cell, "arms.vllm", sbuf_str(&why));
		goto out;
	}
	union_metrics(&o, a, &metrics);
	for (size_t i = 0; i < metrics.n; i++)
		compare_param(&v, j, &o, a, metrics.v[i]);
	strv_free(&metrics);
	sbuf_adds(&why, "vLLM configuration of ");
	judge_cell_text(&why, a->cell);
	sbuf_adds(&why, " against ");
	partner_text(&why, a->cell, oc, same);
	verdict = vcmp_why(&why, &v);
	if (v.ndiff + v.nsplit + v.nunstated + v.ndefault == 0)
		sbuf_printf(&act, "%zu parameters equal", v.same);
	else
		sbuf_printf(&act, "%s%s%s%s%s%s%s", sbuf_str(&v.diff),
		    v.ndiff && v.nsplit ? "; " : "", sbuf_str(&v.split),
		    (v.ndiff || v.nsplit) && v.ndefault ? "; " : "",
		    sbuf_str(&v.dsplit), (v.ndiff || v.nsplit || v.ndefault) &&
		    v.nunstated ? "; " : "", sbuf_str(&v.unstated));
	es = ru_side(json_sprintf("as %s", oc->phase), NULL, o.recs.v[0],
	    "the other arm's server logs");
	ms = ru_side(json_string(sbuf_str(&act)), NULL, v.first != NULL ?
	    v.first : a->recs.v[0], NULL);
	judge_emit(j, r, a->cell, &(struct jverdict){ .metric = "arms.vllm",
	    .expect = es, .measure = ms, .tolerance = "exact",
	    .verdict = verdict, .why = sbuf_str(&why), .action =
	    verdict == V_PASS ? NULL : (v.nsplit > 0 || (v.ndefault > 0 &&
	    v.nunstated == 0)) && v.ndiff == 0 ? ACT_ONE_CONFIG :
	    verdict == V_WARN ? ACT_UNSTATED :
	    ACT_ISOLATION });
	json_decref(es);
	json_decref(ms);
out:
	sbuf_free(&why);
	sbuf_free(&act);
	sbuf_free(&v.diff);
	sbuf_free(&v.split);
	sbuf_free(&v.dsplit);
	sbuf_free(&v.unstated);
	armcfg_free(&o);
}

/* --- instance count and KV-cache capacity ------------------------------- */

/* How many of c's n server logs are of another run (ru_other_run_logs):
 * no instance of the run its trace recorded.  When every log is, none is
 * set aside: the count is the other run's, as 2b says, and it is all the
 * bundle tells. */
static double
other_runs(const struct judge *j, const struct jcell *c, double n)
{
	struct strv other;
	double k = (double)ru_other_run_logs(j, c, &other);

	strv_free(&other);
	return k < n ? k : 0;
}

/* Whether an instances.count record counts fewer logs than the files it
 * read (n): a file without vLLM lines. */
static bool
silent_files(const json_t *m)
{
	double v, n;

	return ru_num(m, &v) && rec_get_num(m, "n", &n) && n > v;
}

static void
isolation_instances(struct judge *j, const struct rule *r,
    const struct jcell *c, const struct jcell *oc, bool same)
{
	const json_t *a = judge_measure(j, oc, "instances.count", NULL);
	const json_t *b = judge_measure(j, c, "instances.count", NULL);
	struct sbuf why = {0};
	double na, nb = 0, oa, ob;
	bool unsure;
	json_t *es;

	if (!ru_num(a, &na)) {
		sbuf_adds(&why, "No instance count (server logs) for ");
		partner_text(&why, c, oc, same);
		sbuf_adds(&why, ".");
		missing(j, r, c, "arms.instances", sbuf_str(&why));
		sbuf_free(&why);
		return;
	}
	ru_num(b, &nb);
	ob = other_runs(j, c, nb);
	oa = other_runs(j, oc, na);
	nb -= ob;
	na -= oa;
	judge_cell_text(&why, c);
	sbuf_printf(&why, " ran %.0f instances (", nb);
	ru_where(&why, b);
	sbuf_adds(&why, "), ");
	partner_text(&why, c, oc, same);
	sbuf_printf(&why, " %.0f (", na);
	ru_where(&why, a);
	sbuf_adds(&why, ")");
	if (oa + ob > 0)
		sbuf_adds(&why, ", not counting server logs of another run "
		    "than the cell's trace (2b, 5b log.window)");
	sbuf_adds(&why, ".");
	unsure = na != nb && (silent_files(a) || silent_files(b));
	if (unsure)
		sbuf_adds(&why, " But a log file of the cells holds no vLLM "
		    "line (a pod that never started, or a log that was not "
		    "collected: see 2b), so the counts may not be the arms'.");
	es = ru_side(rec_num(na), "count", a, NULL);
	judge_emit(j, r, c, &(struct jverdict){ .metric = "arms.instances",
	    .expect = es, .measure = b, .has_diff = true, .diff = nb - na,
	    .diff_unit = "count", .tolerance = "exact",
	    .verdict = na == nb ? V_PASS : unsure ? V_WARN : V_FAIL,
	    .why = sbuf_str(&why), .action = na == nb ? NULL :
	    ACT_ISOLATION });
	json_decref(es);
	sbuf_free(&why);
}

/* The mean KV-cache capacity (tokens) over c's engines (every size a
 * log states: one an instance, or one a data-parallel rank); the first
 * record in *rec.  False when no instance states it. */
static bool
kv_mean(const struct judge *j, const struct jcell *c, double *mean,
    size_t *n, const json_t **rec)
{
	struct strv insts;
	struct ru_list l;
	double sum = 0, v;

	ru_instances(j, c, "kv_cache.tokens", &insts);
	*n = 0;
	*rec = NULL;
	for (size_t i = 0; i < insts.n; i++) {
		ru_inst_records(j, c, "kv_cache.tokens", insts.v[i], &l);
		for (size_t k = 0; k < l.n; k++) {
			if (!ru_num(l.v[k], &v))
				continue;
			if (*rec == NULL)
				*rec = l.v[k];
			sum += v;
			(*n)++;
		}
		ru_list_free(&l);
	}
	strv_free(&insts);
	*mean = *n > 0 ? sum / (double)*n : 0;
	return *n > 0 && *mean > 0;
}

static void
kv_side_text(struct sbuf *b, double mean, size_t n, const json_t *rec)
{
	ru_num_text(b, mean);
	sbuf_printf(b, " tokens (mean of %zu 'GPU KV cache size' line%s, "
	    "one an engine, first ", n, n == 1 ? "" : "s");
	ru_where(b, rec);
	sbuf_adds(b, ")");
}

static void
isolation_kv(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jcell *oc, bool same)
{
	double pass = tol(j->tol, TOL_RT_KV_PASS_PCT);
	double warn = tol(j->tol, TOL_RT_KV_WARN_PCT);
	double ma, mb, d;
	size_t na, nb;
	const json_t *ra, *rb;
	struct sbuf why = {0};
	char band[64];
	json_t *es, *ms;

	if (!kv_mean(j, oc, &ma, &na, &ra)) {
		sbuf_adds(&why, "No KV-cache capacity ('GPU KV cache size' "
		    "line) in the server logs of ");
		partner_text(&why, c, oc, same);
		sbuf_adds(&why, ".");
		missing(j, r, c, "arms.kv", sbuf_str(&why));
		sbuf_free(&why);
		return;
	}
	kv_mean(j, c, &mb, &nb, &rb);
	d = (mb - ma) / ma * 100;
	judge_cell_text(&why, c);
	sbuf_adds(&why, " holds ");
	kv_side_text(&why, mb, nb, rb);
	sbuf_adds(&why, ", ");
	partner_text(&why, c, oc, same);
	sbuf_adds(&why, " ");
	kv_side_text(&why, ma, na, ra);
	sbuf_adds(&why, ". The capacity follows from the GPU, the model, "
	    "gpu_memory_utilization and max_model_len: equal arms hold equal "
	    "caches.");
	snprintf(band, sizeof(band), "\u00b1%.0f%% (WARN to \u00b1%.0f%%)",
	    pass, warn);
	es = ru_side(rec_num(ma), "tokens", ra, "mean over the instances");
	ms = ru_side(rec_num(mb), "tokens", rb, "mean over the instances");
	json_object_set_new(es, "n", json_integer((json_int_t)na));
	json_object_set_new(ms, "n", json_integer((json_int_t)nb));
	judge_emit(j, r, c, &(struct jverdict){ .metric = "arms.kv",
	    .expect = es, .measure = ms, .has_diff = true, .diff = d,
	    .diff_unit = "%", .tolerance = band, .verdict = fabs(d) <= pass ?
	    V_PASS : fabs(d) <= warn ? V_WARN : V_FAIL, .why = sbuf_str(&why),
	    .action = ACT_ISOLATION });
	json_decref(es);
	json_decref(ms);
	sbuf_free(&why);
}

/* --- the load generator ----------------------------------------------- */

/* The load generators' settings both arms' trace headers state: the
 * seed the requests were drawn with and the warm-up left out.  Arms of
 * one workload drawn with other seeds compare other request streams,
 * and a warm-up in one arm only leaves cold-cache requests in the other's
 * trace: a difference outside the policy.  Judged only where both cells
 * state the setting (blis observe writes both). */
static const char *const LOAD_METRICS[] = { "workload.seed",
    "warm_up.requests" };
static const char *const LOAD_WORDS[] = { "workload_seed",
    "warm_up_requests" };

static void
isolation_load(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jcell *oc)
{
	struct sbuf why = {0};
	size_t stated = 0, differ = 0;
	const json_t *mine = NULL, *theirs = NULL;

	judge_cell_text(&why, c);
	sbuf_adds(&why, " against ");
	judge_cell_text(&why, oc);
	sbuf_adds(&why, ", trace headers:");
	for (size_t k = 0; k < 2; k++) {
		const json_t *b = judge_measure(j, c, LOAD_METRICS[k], NULL);
		const json_t *a = judge_measure(j, oc, LOAD_METRICS[k], NULL);
		bool same;

		if (a == NULL || b == NULL)
			continue;
		same = ru_equal(json_object_get(a, "value"),
		    json_object_get(b, "value"));
		stated++;
		differ += !same;
		if (mine == NULL || !same) {
			mine = b;
			theirs = a;
		}
		sbuf_printf(&why, "%s %s %lld (", stated > 1 ? ";" : "",
		    LOAD_WORDS[k], json_integer_value(json_object_get(b,
		    "value")));
		ru_where(&why, b);
		sbuf_printf(&why, ") %s %lld (", same ? "as" : "against",
		    json_integer_value(json_object_get(a, "value")));
		ru_where(&why, a);
		sbuf_adds(&why, ")");
	}
	sbuf_adds(&why, differ > 0 ? ". The arms' load generators ran "
	    "differently (another seed draws other requests; a warm-up in "
	    "one arm only leaves cold-cache requests in the other's trace), "
	    "so the arms compare different loads." : ".");
	if (stated > 0)
		judge_emit(j, r, c, &(struct jverdict){ .metric =
		    "arms.workload", .expect = theirs, .measure = mine,
		    .tolerance = "exact",
		    .verdict = differ > 0 ? V_FAIL : V_PASS,
		    .why = sbuf_str(&why), .action = differ > 0 ?
		    ACT_ISOLATION : NULL });
	sbuf_free(&why);
}

/* --- the rule ----------------------------------------------------------- */

/* What this cell lacks to be compared at all: one MISSING per metric
 * instead of one per other arm.  Returns which comparisons can run. */
static unsigned
own_data(struct judge *j, const struct rule *r, const struct armcfg *a)
{
	const struct jcell *c = a->cell;
	double v;
	size_t n;
	const json_t *rec;
	struct sbuf where = {0}, why = {0};
	unsigned can = 0;

	judge_cell_text(&where, c);
	if (a->recs.n > 0)
		can |= 1;
	else {
		sbuf_printf(&why, "No vLLM configuration from the server logs "
		    "of %s (server_logs/*.log), so it cannot be compared with "
		    "the other arms.", sbuf_str(&where));
		missing(j, r, c, "arms.vllm", sbuf_str(&why));
	}
	if (ru_num(judge_measure(j, c, "instances.count", NULL), &v))
		can |= 2;
	else {
		sbuf_reset(&why);
		sbuf_printf(&why, "No instance count (server logs) for %s.",
		    sbuf_str(&where));
		missing(j, r, c, "arms.instances", sbuf_str(&why));
	}
	if (kv_mean(j, c, &v, &n, &rec))
		can |= 4;
	else if (can & 1) {
		sbuf_reset(&why);
		sbuf_printf(&why, "No KV-cache capacity ('GPU KV cache size' "
		    "line) in the server logs of %s.", sbuf_str(&where));
		missing(j, r, c, "arms.kv", sbuf_str(&why));
	}
	sbuf_free(&where);
	sbuf_free(&why);
	return can;
}

/* Run mode: the namespace the cell's PipelineRun deployed into against
 * the run's (run.namespace).  Another namespace holds another stack (a
 * PipelineRun copied from another run, or sent to a colleague's): the
 * cell measured that, possibly beside that namespace's own load, and
 * the run's files do not say what ran there; WARN, as nothing shows that
 * its configuration differed. */
static void
isolation_namespace(struct judge *j, const struct rule *r,
    const struct jcell *c)
{
	const json_t *e = judge_expect(j, c, "run.namespace", NULL);
	const char *want, *got;
	struct sbuf why = {0};
	bool same;

	if (e == NULL)
		return;
	want = rec_get_str(e, "value");
	got = rec_get_str(e, "deployed");
	same = want != NULL && got != NULL && strcmp(want, got) == 0;
	sbuf_printf(&why, "The PipelineRun deployed into namespace %s (",
	    got != NULL ? got : "?");
	ru_where(&why, e);
	sbuf_printf(&why, "); the run's is %s (%s).", want != NULL ? want :
	    "?", rec_get_str(e, "run_file"));
	if (!same)
		sbuf_adds(&why, " The cell was deployed and measured in "
		    "another namespace's stack, which the run's files do not "
		    "describe and other work may share.");
	judge_emit(j, r, c, &(struct jverdict){ .metric = "run.namespace",
	    .expect = e, .tolerance = "exact", .verdict = same ? V_PASS :
	    V_WARN, .why = sbuf_str(&why), .action = same ? NULL :
	    "Rerun the cell with the run's own PipelineRun (its namespace), "
	    "or check that the other namespace ran the arm's configuration "
	    "alone." });
	sbuf_free(&why);
}

static void
rule_isolation(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const char **arms;
	size_t n, k = 0;
	struct armcfg a;
	unsigned can;

	if (ru_arm_only(c))
		return;
	isolation_namespace(j, r, c);
	n = ru_arms(j, c, &arms);
	/* Arms are named by phase: a cell without one (s2r-trace-stats
	 * without --phase) has no deployed config to compare. */
	for (size_t i = 0; i < n; i++)
		if (c->phase != NULL && arms[i] != NULL)
			arms[k++] = arms[i];
	if (k == 0) {
		judge_emit(j, r, c, &(struct jverdict){ .metric = "arms.epp",
		    .verdict = V_INAPPLICABLE, .why = n > 0 ? "A cell of this "
		    "bundle has no phase (records made without --phase): "
		    "variant isolation compares arms named by phase." :
		    "No other arm (phase) has a cell in this bundle: variant "
		    "isolation compares the arms of one experiment, and there "
		    "is only this one." });
		free(arms);
		return;
	}
	n = k;
	armcfg_load(j, c, &a);
	can = own_data(j, r, &a);
	for (size_t i = 0; i < n; i++) {
		bool same;
		const struct jcell *oc = ru_partner(j, c, arms[i], &same);

		isopolicy_judge(j, r, c, arms[i]);
		if (!same)
			no_counterpart(j, r, c, oc);
		if (can & 1)
			isolation_vllm(j, r, &a, oc, same);
		if (can & 2)
			isolation_instances(j, r, c, oc, same);
		if (can & 4)
			isolation_kv(j, r, c, oc, same);
		if (same)
			isolation_load(j, r, c, oc);
	}
	armcfg_free(&a);
	free(arms);
}

const struct rule rules_isolation[] = {
	{ "2c", "Variant isolation", true, rule_isolation },
	{ NULL, NULL, false, NULL }
};
