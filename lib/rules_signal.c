/* rules_signal.c - checks 3a-3b (signal parity, from code): do the signals
 * the sim algorithm reads exist in the router, and does the generated
 * plugin read them in the router's range?
 *
 * Verdicts come from the proof records of s2r-grep-proof over the router
 * code, the real bundle's generated plugin and the sim algorithm
 * (lib/proofutil.h); claim ids are those of pipelines/proofs.yaml, verdict
 * metrics those of schemas/metrics-proof.json.  Every rule runs once per
 * bundle.  A claim about the router needs the router's Go source: without
 * it the verdict is INAPPLICABLE and says so, and the bundle-side facts
 * are still shown.  3c-3d are in rules_saturation.c. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "judge.h"
#include "proofutil.h"
#include "rec.h"
#include "ruleutil.h"
#include "rules_kvscale.h"
#include "rules_sigflow.h"
#include "str.h"

/* --- 3a ------------------------------------------------------------ */

struct signal {
	const char	*metric;
	const char	*name;
	const char	*claim;		/* router claim proving it */
	const char	*members[3];	/* router fields carrying it (any
					   version), NULL terminated */
	const char	*param;		/* or a parameter the plugin is handed
					   it in, NULL */
	bool		 standard;	/* judged without the algorithm */
	const char	*needles[8];	/* how a sim algorithm names it */
};

static const struct signal signals[] = {
	{ "signal.queue_depth", "Queue depth", "3a.waiting-queue-size",
	    { "WaitingQueueSize", NULL }, NULL, true, { "WaitingQueueSize",
	    "QueueDepth", "queueDepth", "QueueSize", "queueSize", NULL } },
	{ "signal.kv_utilization", "KV cache utilization",
	    "3a.kv-cache-usage", { "KVCacheUsagePercent", NULL }, NULL, true,
	    { "KVCacheUsagePercent", "KVUtil", "kvUtil", "KVUsage",
	    "kvUsage", NULL } },
	{ "signal.running_requests", "Running requests", "3a.metrics-struct",
	    { "RunningQueueSize", "RunningRequestsSize", NULL }, NULL, false,
	    { "RunningQueueSize", "RunningRequestsSize", "RunningRequests",
	    "runningRequests", "NumRunning", "numRunning", NULL } },
	{ "signal.priority", "Priority", "3a.priority", { "Priority", NULL },
	    "priority", true, { "Priority", "priority", NULL } },
};
#define NSIGNALS (sizeof(signals) / sizeof(signals[0]))
#define QUEUE_SIGNAL (&signals[0])
#define KV_SIGNAL (&signals[1])

/* Whether p lists the plugin's untagged field declarations (claim
 * 4c.generated-field-names): a field declared is not a signal read. */
static bool
field_decls(const json_t *p)
{
	const char *c = rec_get_str(p, "claim");

	return c != NULL && strcmp(c, "4c.generated-field-names") == 0;
}

/* Where role's code names one of names, logging calls included
 * (logged) or passed over: first through a selector (in.KVUtil), then
 * any whole-word mention (a field, a parameter). */
static bool
code_names(const struct judge *j, const char *const *names, const char *role,
    bool logged, struct pu_hit *h)
{
	const char *dotted[8];
	char buf[8][64];
	size_t n = 0;
	struct ru_list l;
	bool found = false;

	for (; names[n] != NULL && n < 7; n++) {
		snprintf(buf[n], sizeof(buf[n]), ".%s", names[n]);
		dotted[n] = buf[n];
	}
	dotted[n] = NULL;
	ru_select(j, &(struct jsel){ .kind = "proof" }, &l);
	for (int pass = 0; pass < 2 && !found; pass++)
		for (size_t i = 0; i < l.n && !found; i++) {
			const json_t *p = l.v[i];

			if (!pu_found(p) || strcmp(pu_role(p), role) != 0 ||
			    field_decls(p))
				continue;
			found = logged ? pu_find_line(p, pass == 0 ? dotted :
			    names, h) : pu_find_use(p, pass == 0 ? dotted :
			    names, h);
		}
	ru_list_free(&l);
	return found;
}

/* Where role's code reads one of names: a value only logged is not
 * read (a debug line naming WaitingQueueSize beside a ratio computed
 * from another field). */
static bool
code_reads(const struct judge *j, const char *const *names, const char *role,
    struct pu_hit *h)
{
	return code_names(j, names, role, false, h);
}

/* A function of the generated plugin whose parameter list names param
 * (AdmitRequest(…, priority int, …)): the caller hands it the signal.
 * A local of that name (set from a header, say) is not the signal. */
static bool
handed_param(const struct judge *j, const char *param, struct pu_hit *h)
{
	const char *need[] = { param, NULL };
	struct ru_list l;
	bool found = false;

	ru_select(j, &(struct jsel){ .kind = "proof" }, &l);
	for (size_t i = 0; i < l.n && !found; i++) {
		const json_t *p = l.v[i];

		if (!pu_found(p) || strcmp(pu_role(p), "generated") != 0 ||
		    field_decls(p) || !pu_find_line(p, need, h))
			continue;
		found = strncmp(h->code, "func ", 5) == 0 &&
		    strchr(h->code, '(') != NULL &&
		    strstr(h->code, param) > strchr(h->code, '(');
	}
	ru_list_free(&l);
	return found;
}

/* Where the sim algorithm reads s (its own names for it), and where the
 * generated plugin reads the router field that carries it (or is handed
 * it as a parameter). */
static bool
signal_use(const struct judge *j, const struct signal *s, const char *role,
    struct pu_hit *h)
{
	const char *gen[5];
	size_t n = 0;

	if (strcmp(role, "sim") == 0)
		return code_reads(j, s->needles, role, h);
	for (; s->members[n] != NULL; n++)
		gen[n] = s->members[n];
	gen[n] = NULL;
	return code_reads(j, gen, role, h) || (s->param != NULL &&
	    handed_param(j, s->param, h));
}

/* The router's proof of s in p: the field line, or the member line of
 * the struct. */
static bool
signal_router(const json_t *p, const struct signal *s, struct pu_hit *h)
{
	const char *type = rec_get_str(json_object_get(p, "facts"),
	    "enclosing_type");
	char field[128];

	if (!pu_found(p))
		return false;
	for (size_t m = 0; s->members[m] != NULL; m++) {
		const char *need[] = { s->members[m], NULL };

		if (!pu_find_line(p, need, h))
			continue;
		/* A struct proof must name the member itself. */
		if (type != NULL || rec_get_str(p, "symbol") == NULL)
			return true;
		snprintf(field, sizeof(field), "%s ", s->members[m]);
		if (strncmp(h->code, field, strlen(field)) == 0 ||
		    strcmp(h->code, s->members[m]) == 0)
			return true;
	}
	return false;
}

/* The expected side: where the sim algorithm and the generated plugin
 * read s (NULL: they do not). */
static void
signal_reads(struct pu_out *o, const struct signal *s,
    const struct pu_hit *sim, const struct pu_hit *gen, bool algo)
{
	if (sim != NULL) {
		o->expect = pu_hit_side(sim);
		sbuf_printf(&o->why, "%s is read by the sim algorithm (",
		    s->name);
		pu_cite(&o->why, sim);
		sbuf_adds(&o->why, ")");
		pu_ev_add(o->evidence, "where it is read", sim->p);
	} else
		sbuf_printf(&o->why, "%s%s", s->name, algo ? "" :
		    " (a standard signal: no sim algorithm or generated plugin "
		    "code to tell which signals are used)");
	if (gen != NULL) {
		sbuf_adds(&o->why, sim != NULL ? " and by the generated "
		    "plugin (" : " is read by the generated plugin (");
		pu_cite(&o->why, gen);
		sbuf_adds(&o->why, ")");
		if (o->expect == NULL)
			o->expect = pu_hit_side(gen);
		pu_ev_add(o->evidence, "where it is read", gen->p);
	}
	sbuf_adds(&o->why, ". ");
}

/* The actual side: s in each router codebase.  PASS when every codebase
 * has it, WARN when some do, FAIL when none does. */
static enum jverdict_value
signal_in_router(const struct judge *j, const struct signal *s,
    const struct pu_avail *av, struct pu_out *o)
{
	struct sbuf missing = {0}, have = {0};
	struct ru_list l;
	struct pu_hit rt;
	size_t nfound = 0;
	enum jverdict_value v;

	pu_claim_list(j, s->claim, "router", &l);
	for (size_t lb = 0; lb < av->labels.n; lb++) {
		bool ok = false;

		for (size_t i = 0; i < l.n && !ok; i++) {
			if (strcmp(pu_label(l.v[i]), av->labels.v[lb]) != 0 ||
			    !signal_router(l.v[i], s, &rt))
				continue;
			ok = true;
			nfound++;
			if (o->actual == NULL)
				o->actual = pu_hit_side(&rt);
			sbuf_printf(&have, "%s", have.len ? "; " : "");
			pu_cite(&have, &rt);
			pu_ev_add(o->evidence, "the signal's struct field",
			    l.v[i]);
		}
		if (!ok)
			sbuf_printf(&missing, "%s%s", missing.len ? ", " : "",
			    av->labels.v[lb]);
	}
	ru_list_free(&l);
	if (nfound > 0)
		sbuf_printf(&o->why, "The router provides it as %s (%s).",
		    s->members[0], sbuf_str(&have));
	if (missing.len > 0)
		sbuf_printf(&o->why, "%s%s was not found in %s (claim %s).",
		    nfound ? " " : "", s->members[0], sbuf_str(&missing),
		    s->claim);
	v = missing.len == 0 ? V_PASS : nfound > 0 ? V_WARN : V_FAIL;
	if (v == V_FAIL)
		sbuf_adds(&o->why, " The algorithm depends on a signal the "
		    "router does not expose, so the transferred plugin cannot "
		    "read it.");
	sbuf_free(&missing);
	sbuf_free(&have);
	return v;
}

/* Whether s carries the router field named member. */
static bool
carries(const struct signal *s, const char *member)
{
	for (size_t m = 0; s->members[m] != NULL; m++)
		if (strcmp(s->members[m], member) == 0)
			return true;
	return false;
}

/* The router fields (members of the Metrics structs, claim
 * 3a.metrics-struct, of every codebase) that the generated plugin reads
 * although they carry no signal the sim algorithm reads: what it reads
 * instead. */
static void
reads_instead(const struct judge *j, struct sbuf *b)
{
	struct ru_list st;
	struct strv seen = {0};
	struct pu_hit h, dummy;

	pu_claim_list(j, "3a.metrics-struct", "router", &st);
	for (size_t s = 0; s < st.n; s++) {
		const json_t *mem = json_object_get(json_object_get(st.v[s],
		    "facts"), "members");
		json_t *x;
		size_t i;

		json_array_foreach(mem, i, x) {
			const char *name = json_string_value(x);
			const char *one[] = { name, NULL };
			bool sim_signal = false;

			if (name == NULL || strv_find(&seen, name) >= 0)
				continue;
			strv_add(&seen, name);
			for (size_t k = 0; k < NSIGNALS; k++)
				if (!sim_signal && carries(&signals[k], name))
					sim_signal = signal_use(j, &signals[k],
					    "sim", &dummy);
			if (sim_signal || !code_reads(j, one, "generated", &h))
				continue;
			sbuf_printf(b, "; it reads %s instead (", name);
			pu_cite(b, &h);
			sbuf_adds(b, ")");
		}
	}
	strv_free(&seen);
	ru_list_free(&st);
}

/* s's name in the middle of a sentence. */
static void
lower_name(struct sbuf *b, const struct signal *s)
{
	sbuf_addc(b, (char)tolower((unsigned char)s->name[0]));
	sbuf_adds(b, s->name + 1);
}

/* The sim reads s but the generated plugin never reads the router field
 * that carries it: the transfer lost the signal.  FAIL when the router
 * proves the field, else WARN. */
static enum jverdict_value
transfer_lost(const struct judge *j, const struct signal *s,
    enum jverdict_value router, struct pu_out *o)
{
	struct pu_hit log;

	sbuf_printf(&o->why, " The generated plugin never reads %s, the "
	    "router field that carries ", s->members[0]);
	lower_name(&o->why, s);
	if (code_names(j, s->members, "generated", true, &log)) {
		sbuf_adds(&o->why, " (it only logs it: ");
		pu_cite(&o->why, &log);
		sbuf_adds(&o->why, ")");
	}
	reads_instead(j, &o->why);
	sbuf_adds(&o->why, ": the plugin does not compute what the sim "
	    "algorithm computes, whatever its formula looks like.");
	return router == V_PASS || router == V_FAIL ? V_FAIL : V_WARN;
}

/* The vLLM metric the sim's queue depth is: the waiting queue. */
#define QUEUE_METRIC	"vllm:num_requests_waiting"

/* A deployed core-metrics-extractor's engine override of the vLLM
 * metric named by key suffix (".queuedRequestsSpec"): the metric, in
 * *(const char **)arg on entry the suffix. */
static bool
engine_override(const json_t *rec, void *arg)
{
	const char **io = arg;
	const char *key = rec_get_str(rec, "key");
	const char *v = pu_str_value(rec);

	if (key == NULL || v == NULL || !str_has_suffix(key, *io) ||
	    (strstr(key, "[vllm]") == NULL && strncmp(v, "vllm:", 5) != 0))
		return false;
	*io = v;
	return true;
}

/* The vLLM metric quoted in a proof line ("vllm:…"), in buf. */
static const char *
quoted_metric(const char *code, char *buf, size_t n)
{
	const char *p = code != NULL ? strstr(code, "\"vllm:") : NULL;
	size_t k = 0;

	if (p == NULL)
		return NULL;
	for (p++; *p != '\0' && *p != '"' && k + 1 < n; p++)
		buf[k++] = *p;
	buf[k] = '\0';
	return buf;
}

/* The router code's vLLM queue mappings (claim 3a.queue-metric): how
 * many name the waiting queue (*good); the first that does not, its
 * metric in buf, or NULL. */
static const json_t *
queue_code(const struct judge *j, size_t *good, char *buf, size_t n)
{
	const json_t *bad = NULL;
	struct ru_list l;
	char q[96];

	*good = 0;
	pu_claim_list(j, "3a.queue-metric", "router", &l);
	for (size_t i = 0; i < l.n; i++) {
		if (!pu_found(l.v[i]) || quoted_metric(rec_get_str(
		    json_object_get(l.v[i], "facts"), "match"), q,
		    sizeof(q)) == NULL)
			continue;
		if (strcmp(q, QUEUE_METRIC) == 0)
			(*good)++;
		else if (bad == NULL) {
			bad = l.v[i];
			snprintf(buf, n, "%s", q);
		}
	}
	ru_list_free(&l);
	return bad;
}

/* The queue depth filled from vLLM metric m (v: the verdict so far):
 * FAIL for the running batch, which the sim's queue depth is not, WARN
 * for a metric s2r does not know. */
static enum jverdict_value
queue_metric_verdict(struct sbuf *why, const char *m, enum jverdict_value v)
{
	if (strcmp(m, QUEUE_METRIC) == 0)
		return v;
	if (strcmp(m, "vllm:num_requests_running") == 0) {
		sbuf_adds(why, " That is the running batch, not the waiting "
		    "queue the sim's queue depth is: the real queue ratio "
		    "measures another load than the simulated one.");
		return V_FAIL;
	}
	sbuf_adds(why, " That is not vLLM's waiting queue (" QUEUE_METRIC
	    "): review what the real queue depth measures.");
	return v == V_FAIL ? V_FAIL : V_WARN;
}

/* A deployed core-metrics-extractor's defaultEngine other than vllm:
 * its value in *(const char **)arg. */
static bool
other_engine(const json_t *rec, void *arg)
{
	const char *key = rec_get_str(rec, "key");
	const char *v = pu_str_value(rec);

	if (key == NULL || v == NULL || !str_has_suffix(key,
	    ".defaultEngine") || strcmp(v, "vllm") == 0)
		return false;
	*(const char **)arg = v;
	return true;
}

/* A deployed extractor that reads pods without an engine label as
 * another engine while the server logs say vLLM: its metric names match
 * nothing there, so queue depth and KV usage stay 0.  Whether the pods
 * carry the label is not in the bundle: a review. */
static enum jverdict_value
engine_default(const struct judge *j, struct pu_out *o, enum jverdict_value v)
{
	const char *eng = NULL;
	const json_t *rec = pu_bundle_find(j, "measure",
	    "epp.plugin.parameter", other_engine, &eng);

	/* Only the servers' own logs tell that the pods are vLLM: an
	 * SGLang deployment's extractor rightly defaults to sglang. */
	if (rec == NULL || pu_bundle_find(j, "measure", "vllm.version", NULL,
	    NULL) == NULL)
		return v;
	sbuf_printf(&o->why, " Arm %s's EPP config makes %s the default "
	    "engine of its metrics extractor (", rec_scope_str(rec, "phase") ?
	    rec_scope_str(rec, "phase") : "?", eng);
	ru_where(&o->why, rec);
	sbuf_printf(&o->why, "): pods without an engine label are read with "
	    "%s's metric names, which vLLM does not emit, so their queue "
	    "depth and KV usage stay 0 unless the pods are labelled as vLLM.",
	    eng);
	return v == V_FAIL ? V_FAIL : V_WARN;
}

/* Where WaitingQueueSize comes from for vLLM: a deployed override, else
 * the router's engine table; codebases that disagree are a WARN (which
 * one ran decides the signal). */
static enum jverdict_value
queue_source(const struct judge *j, struct pu_out *o, enum jverdict_value v)
{
	const char *m = ".queuedRequestsSpec";
	const json_t *dep = pu_bundle_find(j, "measure",
	    "epp.plugin.parameter", engine_override, &m);
	const json_t *bad;
	char buf[96];
	size_t good;

	if (dep != NULL) {
		sbuf_printf(&o->why, " Arm %s's EPP config fills it from %s (",
		    rec_scope_str(dep, "phase") ? rec_scope_str(dep, "phase") :
		    "?", m);
		ru_where(&o->why, dep);
		sbuf_adds(&o->why, ", a core-metrics-extractor override).");
		return queue_metric_verdict(&o->why, m, v);
	}
	if ((bad = queue_code(j, &good, buf, sizeof(buf))) == NULL) {
		if (good > 0)
			sbuf_adds(&o->why, " For vLLM it is filled from "
			    QUEUE_METRIC ", the waiting queue.");
		return v;
	}
	pu_ev_add(o->evidence, "the engine metric it is filled from", bad);
	sbuf_printf(&o->why, " But for vLLM the router fills it from %s (",
	    buf);
	pu_where(&o->why, bad, 0);
	if (good > 0) {
		sbuf_adds(&o->why, "), where another codebase reads "
		    QUEUE_METRIC ": which one ran decides the signal.");
		return v == V_FAIL ? V_FAIL : V_WARN;
	}
	sbuf_adds(&o->why, ").");
	return queue_metric_verdict(&o->why, buf, v);
}

/* Whether codebase label filled WaitingQueueSize (claim
 * 3a.queue-populate found there); *ran: the claim was looked for in
 * it. */
static bool
queue_filled_in(const struct ru_list *l, const char *label, bool *ran)
{
	bool filled = false;

	*ran = false;
	for (size_t i = 0; i < l->n; i++) {
		if (strcmp(pu_label(l->v[i]), label) != 0)
			continue;
		*ran = *ran || pu_found(l->v[i]) ||
		    pu_status_is(l->v[i], "not_found");
		filled = filled || pu_found(l->v[i]);
	}
	return filled;
}

/* The codebases that declare the queue depth but never fill it: the
 * field stays 0, so the plugin's queue term never counts.  FAIL when
 * no codebase fills it, WARN when some do (which one ran decides). */
static enum jverdict_value
queue_filled(const struct judge *j, const struct pu_avail *av,
    struct pu_out *o, enum jverdict_value v)
{
	struct ru_list l;
	struct sbuf empty = {0};
	size_t nempty = 0, nran = 0;

	pu_claim_list(j, "3a.queue-populate", "router", &l);
	for (size_t i = 0; i < av->labels.n; i++) {
		bool ran;

		if (queue_filled_in(&l, av->labels.v[i], &ran) || !ran) {
			nran += ran;
			continue;
		}
		nran++;
		sbuf_printf(&empty, "%s%s", nempty++ ? ", " : "",
		    av->labels.v[i]);
	}
	ru_list_free(&l);
	if (nempty == 0) {
		sbuf_free(&empty);
		return v;
	}
	sbuf_printf(&o->why, " But nothing in router codebase%s %s assigns "
	    "WaitingQueueSize or sets it in a literal (claim "
	    "3a.queue-populate): the field is declared but never filled, so "
	    "every pod's queue depth reads 0 and the queue term never "
	    "counts.", nempty > 1 ? "s" : "", sbuf_str(&empty));
	sbuf_free(&empty);
	if (nempty < nran) {
		sbuf_adds(&o->why, " Other codebases fill it: which one the "
		    "real run deployed decides.");
		return v == V_FAIL ? V_FAIL : V_WARN;
	}
	return V_FAIL;
}

static void
signal_verdict(struct judge *j, const struct rule *r, const struct signal *s,
    const struct pu_avail *av)
{
	bool algo = av->sim || av->generated;
	struct pu_hit sim, gen;
	bool used_sim = signal_use(j, s, "sim", &sim);
	bool used_gen = signal_use(j, s, "generated", &gen);
	bool lost = used_sim && av->generated && !used_gen;
	enum jverdict_value v;
	struct pu_out o;

	if (algo ? !used_sim && !used_gen : !s->standard)
		return;
	pu_out_init(&o, s->metric);
	signal_reads(&o, s, used_sim ? &sim : NULL, used_gen ? &gen : NULL,
	    algo);
	v = av->router ? signal_in_router(j, s, av, &o) : V_INAPPLICABLE;
	if (!av->router)
		sbuf_printf(&o.why, "Router side: %s.", PU_NO_CODEBASE);
	else if (s == QUEUE_SIGNAL)
		v = queue_filled(j, av, &o, engine_default(j, &o,
		    queue_source(j, &o, v)));
	if (lost)
		v = transfer_lost(j, s, v, &o);
	else if (used_gen && (lost = sf_unused_read(j, s->members, &o)))
		v = used_sim || v == V_FAIL ? V_FAIL : V_WARN;
	else if (used_gen && (lost = sf_zero_read(j, s->members, &o)))
		v = used_sim || v == V_FAIL ? V_FAIL : V_WARN;
	else if (used_gen && !used_sim && av->sim) {
		sbuf_adds(&o.why, " The sim algorithm never reads ");
		lower_name(&o.why, s);
		sbuf_adds(&o.why, ": the plugin uses a signal the simulation "
		    "did not; review why.");
		if (v == V_PASS || v == V_INAPPLICABLE)
			v = V_WARN;
	}
	pu_out_emit(j, r, &o, v, lost ? "Make the generated plugin read the "
	    "router field that carries the sim's signal and compute with it "
	    "as the sim does, rebuild and rerun the treatment arm." : v == V_FAIL ? "Map the signal to one the "
	    "router provides (or add it to the router's metrics) before "
	    "trusting the transfer." : "The codebases differ, or the plugin "
	    "reads more than the sim: check which router version the real run "
	    "used and prove the signal there.");
}

static void
rule_signals(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct pu_avail av;

	pu_availability(j, &av);
	for (size_t k = 0; k < NSIGNALS; k++)
		signal_verdict(j, r, &signals[k], &av);
	strv_free(&av.labels);
}

/* --- 3b ------------------------------------------------------------ */

/* A plugin's kvCacheUtilThreshold above 0, its value in *(double *)v. */
static bool
kv_param(const json_t *rec, void *v)
{
	const char *key = rec_get_str(rec, "key");

	return key != NULL && str_has_suffix(key, ".kvCacheUtilThreshold") &&
	    ru_num(rec, v) && *(double *)v > 0;
}

/* The KV threshold in force for the consequence text: the deployed
 * plugin's, the sim's, else the router default 0.8. */
static double
kv_threshold(const struct judge *j)
{
	static const char *const sim[] = { "sim.kv_cache_util_threshold",
	    "admission.kv_cache_util_threshold" };
	double v;

	if (pu_bundle_find(j, NULL, "epp.plugin.parameter", kv_param, &v) !=
	    NULL)
		return v;
	for (size_t i = 0; i < 2; i++)
		if (ru_num(pu_bundle_find(j, "expect", sim[i], NULL, NULL),
		    &v) && v > 0)
			return v;
	return 0.8;
}

enum kvrange { KV_UNKNOWN, KV_FRACTION, KV_RESCALED };

/* Counts one test-fixture match "KVCacheUsagePercent: 50.0" into the
 * values <= 1 (*small) and above 1 (*big). */
static void
count_match(const char *m, size_t *small, size_t *big)
{
	const char *num = m != NULL ? strpbrk(m, ":=") : NULL;
	double v;

	if (num == NULL)
		return;
	num++;
	while (isspace((unsigned char)*num))
		num++;
	if (!parse_f64(num, strlen(num), &v))
		return;
	if (v <= 1)
		(*small)++;
	else
		(*big)++;
}

/* How many of the router's test fixtures set KV usage to a value <= 1
 * (*small) and above 1 (*big): every hit, those past the cap (listed in
 * the capped record) included. */
static void
kv_test_values(const struct judge *j, size_t *small, size_t *big)
{
	struct ru_list tests;

	*small = *big = 0;
	pu_claim_list(j, "3b.test-values", "router", &tests);
	for (size_t i = 0; i < tests.n; i++) {
		const json_t *p = tests.v[i], *x;
		size_t k;

		if (pu_found(p))
			count_match(rec_get_str(json_object_get(p, "facts"),
			    "match"), small, big);
		else if (pu_status_is(p, "capped"))
			json_array_foreach(json_object_get(p, "omitted"), k, x)
				count_match(rec_get_str(x, "match"), small,
				    big);
	}
	ru_list_free(&tests);
}

static void
kv_range_evidence(const struct judge *j, struct pu_out *o)
{
	static const char *const claims[][2] = {
		{ "3b.populate", "where KVCacheUsagePercent is populated" },
		{ "3b.extract-value", "the value extraction" },
		{ "3b.vllm-metric", "the engine metric it comes from" },
		{ "3b.detector-ratio", "the saturation detector's use" },
		{ "3b.threshold-range", "the threshold's validated range" },
		{ "3b.router-no-rescale", "a /100 or *0.01 on KV usage" },
	};

	for (size_t i = 0; i < sizeof(claims) / sizeof(claims[0]); i++)
		pu_ev_claim(o->evidence, j, claims[i][0], "router",
		    claims[i][1]);
}

/* vLLM's KV usage gauge, by its current or its deprecated name. */
static bool
kv_known_metric(const char *m)
{
	return strcmp(m, "vllm:kv_cache_usage_perc") == 0 ||
	    strcmp(m, "vllm:gpu_cache_usage_perc") == 0;
}

/* An engine-table entry (claim 3b.vllm-metric) mapping vLLM's KV usage to
 * another vLLM gauge. */
static bool
kv_unknown(const json_t *p, void *arg)
{
	const char *m = rec_get_str(json_object_get(p, "facts"), "string");

	return m != NULL && strncmp(m, "vllm:", 5) == 0 && !kv_known_metric(m);
}

/* The router's engine table fills KV usage from a gauge that is neither
 * vllm:kv_cache_usage_perc nor its old name: a 0-1 value too, perhaps,
 * but not the KV cache's fill.  Says so in o. */
static bool
kv_metric_other(const struct judge *j, struct pu_out *o)
{
	const json_t *p = pu_claim_find(j, "3b.vllm-metric", "router",
	    PU_FOUND, kv_unknown, NULL);
	const json_t *facts = json_object_get(p, "facts");
	double line = 0;

	if (p == NULL)
		return false;
	rec_get_num(json_object_get(facts, "keyval"), "line", &line);
	pu_ev_add(o->evidence, "the engine metric KV usage is read from", p);
	sbuf_printf(&o->why, " But the router's vLLM engine table fills KV "
	    "usage from %s (", rec_get_str(facts, "string"));
	pu_where(&o->why, p, (long)line);
	sbuf_adds(&o->why, "), not vllm:kv_cache_usage_perc: the field holds "
	    "another gauge than the KV cache's 0-1 fill the sim's KV "
	    "utilization is, whatever its range. Check what that metric "
	    "measures.");
	return true;
}

/* Where the router assigns KV usage (pop) and from which engine metric. */
static void
kv_populate_text(const struct judge *j, struct pu_out *o, const json_t *pop,
    const json_t *metric)
{
	const json_t *facts = json_object_get(pop, "facts");
	const char *lhs = rec_get_str(facts, "lhs");
	const char *rhs = rec_get_str(facts, "rhs");
	const char *gauge = rec_get_str(json_object_get(metric, "facts"),
	    "string");
	long total, shown;

	if (pop == NULL) {
		sbuf_adds(&o->why, "No assignment to KVCacheUsagePercent was "
		    "found in the router (claim 3b.populate).");
		return;
	}
	o->actual = pu_proof_side(pop, 0, json_string("0-1 fraction"));
	sbuf_printf(&o->why, "The router assigns KVCacheUsagePercent the "
	    "engine's gauge value (");
	pu_where(&o->why, pop, 0);
	sbuf_printf(&o->why, " `%s = %s`", lhs != NULL ? lhs : "?",
	    rhs != NULL ? rhs : "?");
	if ((total = pu_claim_hits(j, "3b.populate", "router", &shown)) > 1)
		sbuf_printf(&o->why, ", one of the %ld assignments found",
		    total);
	pu_cap_text(&o->why, j, "3b.populate", "router");
	sbuf_adds(&o->why, ")");
	if (metric != NULL && (gauge == NULL || kv_known_metric(gauge)))
		sbuf_printf(&o->why, " from %s, which vLLM documents as a "
		    "fraction (1 means 100%%)", gauge != NULL ? gauge :
		    "the KV usage metric");
	else if (metric != NULL)
		sbuf_printf(&o->why, " from %s", gauge);
	sbuf_adds(&o->why, ".");
}

/* " the deployed vLLM is V (where)" when the server logs give it. */
static void
vllm_version_text(const struct judge *j, struct sbuf *b)
{
	const json_t *ver = pu_bundle_find(j, "measure", "vllm.version", NULL,
	    NULL);

	if (ver == NULL || pu_str_value(ver) == NULL)
		return;
	sbuf_printf(b, "; the deployed vLLM is %s (", pu_str_value(ver));
	ru_where(b, ver);
	sbuf_adds(b, ")");
}

/* A deployed core-metrics-extractor (rec) that reads vLLM's KV usage
 * from m, not vllm:kv_cache_usage_perc: the router code's default does
 * not apply in that arm.  Says so in o; always a review. */
static bool
kv_deployed(const struct judge *j, struct pu_out *o, const json_t *rec,
    const char *m)
{
	const char *arm = rec_scope_str(rec, "phase");

	sbuf_printf(&o->why, " But arm %s's EPP config reads vLLM's KV usage "
	    "from %s (", arm != NULL ? arm : "?", m);
	ru_where(&o->why, rec);
	sbuf_adds(&o->why, ", a core-metrics-extractor override of the "
	    "router's engine table)");
	if (strstr(m, "gpu_cache_usage_perc") != NULL) {
		sbuf_adds(&o->why, ", vLLM's deprecated name for "
		    "vllm:kv_cache_usage_perc");
		vllm_version_text(j, &o->why);
		sbuf_adds(&o->why, ": a vLLM that no longer emits the old "
		    "series leaves every pod's KV usage at 0 in that arm, so "
		    "the KV signal never counts. Check that the engine's "
		    "/metrics has it.");
	} else
		sbuf_adds(&o->why, ", not vllm:kv_cache_usage_perc, the 0-1 "
		    "fraction the sim's KV utilization is: review what range "
		    "and meaning it has.");
	return true;
}

/* Whether a deployed EPP config reads vLLM's KV usage from another
 * metric than vllm:kv_cache_usage_perc, or the router's code names the
 * deprecated vLLM KV metric and not its successor: then a vLLM that no
 * longer emits the old series leaves KV usage at 0 for every pod.  Says
 * so in o, with the deployed vLLM version when the server logs give
 * it. */
static bool
kv_metric_deprecated(const struct judge *j, struct pu_out *o)
{
	const json_t *old = NULL;
	const char *spec = ".kvUsageSpec";
	const json_t *dep = pu_bundle_find(j, "measure",
	    "epp.plugin.parameter", engine_override, &spec);
	bool current = false;
	struct ru_list l;

	if (dep != NULL && strcmp(spec, "vllm:kv_cache_usage_perc") != 0)
		return kv_deployed(j, o, dep, spec);
	pu_claim_list(j, "3b.vllm-metric-names", "router", &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *m = rec_get_str(json_object_get(l.v[i], "facts"),
		    "match");

		if (!pu_found(l.v[i]) || m == NULL)
			continue;
		if (strstr(m, "gpu_cache_usage_perc") != NULL && old == NULL)
			old = l.v[i];
		else if (strstr(m, "kv_cache_usage_perc") != NULL)
			current = true;
	}
	ru_list_free(&l);
	if (old == NULL || current)
		return kv_metric_other(j, o);
	pu_ev_add(o->evidence, "the deprecated engine metric name", old);
	sbuf_adds(&o->why, " But the router reads KV usage from "
	    "vllm:gpu_cache_usage_perc (");
	pu_where(&o->why, old, 0);
	sbuf_adds(&o->why, "), vLLM's deprecated name for "
	    "vllm:kv_cache_usage_perc (GAIE's default until v1.2.0)");
	vllm_version_text(j, &o->why);
	sbuf_adds(&o->why, ": a vLLM that no longer emits the old series "
	    "leaves every pod's KV usage at 0, so the KV signal never "
	    "counts. Check that the engine's /metrics has it.");
	return true;
}

/* " <text> (<where p>)." when p is found. */
static void
kv_fact_text(struct sbuf *b, const char *text, const json_t *p)
{
	if (p == NULL)
		return;
	sbuf_adds(b, text);
	pu_where(b, p, 0);
	sbuf_adds(b, ").");
}

/* The router's KV range from its code: 3b.* router claims. */
static enum kvrange
rule_kv_range(struct judge *j, const struct rule *r,
    const struct pu_avail *av)
{
	const json_t *pop = pu_first_found(j, "3b.populate", "router");
	const json_t *rescale = pu_first_found(j, "3b.router-no-rescale",
	    "router");
	const char *expr = rec_get_str(json_object_get(rescale, "facts"),
	    "expression");
	size_t small, big;
	enum kvrange kr;
	struct pu_out o;
	bool deprecated;

	pu_out_init(&o, "signal.kv_range");
	if (!av->router) {
		sbuf_printf(&o.why, "Where the router populates KV usage and "
		    "in what range: %s.", PU_NO_CODEBASE);
		pu_out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		return KV_UNKNOWN;
	}
	kv_range_evidence(j, &o);
	kv_test_values(j, &small, &big);
	kv_populate_text(j, &o, pop, pu_first_found(j, "3b.vllm-metric",
	    "router"));
	kv_fact_text(&o.why, " Its saturation detector divides it by the KV "
	    "threshold, not by 100 (", pu_first_found(j, "3b.detector-ratio",
	    "router"));
	kv_fact_text(&o.why, " The threshold is checked as a fraction (",
	    pu_first_found(j, "3b.threshold-range", "router"));
	if (small + big > 0) {
		sbuf_printf(&o.why, " Test fixtures set it to %zu value%s <= 1 "
		    "and %zu above 1, counted over every hit", small, small ==
		    1 ? "" : "s", big);
		pu_cap_text(&o.why, j, "3b.test-values", "router");
		sbuf_adds(&o.why, ".");
	}
	if (rescale != NULL) {
		sbuf_adds(&o.why, " But router code rescales it (");
		pu_where(&o.why, rescale, 0);
		sbuf_printf(&o.why, " `%s`): the stored range is ambiguous.",
		    expr != NULL ? expr : "?");
		kr = KV_RESCALED;
	} else if (pop != NULL) {
		sbuf_adds(&o.why, " No router code divides it by 100 or "
		    "multiplies it by 0.01: at runtime it is a 0-1 fraction.");
		kr = KV_FRACTION;
	} else
		kr = KV_UNKNOWN;
	deprecated = kv_metric_deprecated(j, &o);
	if (kr == KV_FRACTION && big > small)
		sbuf_printf(&o.why, " But most test fixtures (%zu of %zu) set it "
		    "above 1, as a percent: the router's tests contradict its "
		    "code. Check which tests they are (GAIE's logging and clone "
		    "tests use percents harmlessly) before trusting the range.",
		    big, small + big);
	pu_out_emit(j, r, &o, kr == KV_FRACTION && big <= small && !deprecated ?
	    V_PASS : V_WARN, deprecated ? "Check the engine's /metrics for "
	    "vllm:gpu_cache_usage_perc, or deploy a router that reads "
	    "vllm:kv_cache_usage_perc (its metric flag or a newer release), "
	    "and rerun." : kr == KV_RESCALED ? "Read the router code that "
	    "rescales KV "
	    "usage and decide which range the field holds where the plugin "
	    "reads it." : kr == KV_FRACTION ? "Read the router tests that set "
	    "KV usage above 1 (claim 3b.test-values) and decide whether the "
	    "field still holds a fraction." : "Find where the router populates "
	    "KVCacheUsagePercent (s2r-grep-proof --assign "
	    "'\\.KVCacheUsagePercent$') and check its range.");
	return kr;
}

/* "At 90% KV utilisation … " for a /100 or *100 bug. */
static void
consequence(struct sbuf *b, const char *transform, double t)
{
	bool smaller = strcmp(transform, "multiply_by_100") != 0;
	double u = smaller ? 0.9 : 0.1;
	double seen = smaller ? u / 100 : u * 100;

	sbuf_printf(b, " KV usage reaches the plugin as a 0-1 fraction, so "
	    "this makes the KV term 100 times too %s: at %s%% KV utilisation "
	    "the plugin computes ", smaller ? "small" : "large",
	    smaller ? "90" : "10");
	ru_num_text(b, seen);
	sbuf_adds(b, " / ");
	ru_num_text(b, t);
	sbuf_adds(b, " = ");
	ru_num_text(b, seen / t);
	sbuf_adds(b, " instead of ");
	ru_num_text(b, u);
	sbuf_adds(b, " / ");
	ru_num_text(b, t);
	sbuf_adds(b, " = ");
	ru_num_text(b, u / t);
	if (smaller)
		sbuf_adds(b, ". KV pressure never raises saturation, so the "
		    "plugin sheds on queue depth alone and starts shedding "
		    "later than the simulation, where KV usage counts in "
		    "full.");
	else
		sbuf_adds(b, ". Saturation is far above 1 on a nearly idle "
		    "cluster, so the plugin sheds almost every sheddable and "
		    "batch request.");
}

/* The actual side: the generated plugin's rescale (bug), else the
 * not-found record that proves there is none. */
static void
transform_generated(struct pu_out *o, const json_t *bug, const json_t *none,
    const char *transform)
{
	const char *expr = rec_get_str(json_object_get(bug, "facts"),
	    "expression");
	const char *via = rec_get_str(json_object_get(bug, "facts"), "via");
	double line = 0, files = 0;

	if (bug != NULL) {
		rec_get_num(json_object_get(bug, "source"), "line", &line);
		o->actual = pu_proof_side(bug, 0, json_string(expr ? expr :
		    "?"));
		sbuf_printf(&o->why, "The generated plugin rescales KV usage "
		    "(%s:%.0f `%s`, %s", rec_get_str(json_object_get(bug,
		    "source"), "file"), line, expr ? expr : "?", transform);
		/* A helper the value was handed to: the call says how. */
		if (via != NULL && strchr(via, '(') != NULL)
			sbuf_printf(&o->why, ", in the helper called as %s",
			    via);
		sbuf_adds(&o->why, ").");
		return;
	}
	o->actual = pu_proof_side(none, 0, json_string("no rescale"));
	sbuf_adds(&o->why, "The generated plugin uses KV usage as it comes: "
	    "no /100 or *0.01 or *100 on it (claim 3b.generated-no-rescale "
	    "not found");
	if (rec_get_num(none, "files_scanned", &files) && files > 0)
		sbuf_printf(&o->why, " in %.0f file%s", files,
		    files == 1 ? "" : "s");
	sbuf_adds(&o->why, ").");
}

/* The plugin's rescale (bug) against the router's range (kr) and the sim
 * algorithm's reading (sim_rescale). */
static enum jverdict_value
transform_verdict(struct pu_out *o, enum kvrange kr, bool router,
    const json_t *bug, const char *sim_rescale)
{
	if (kr == KV_FRACTION) {
		sbuf_adds(&o->why, " The router stores a 0-1 fraction (see "
		    "signal.kv_range).");
		if (bug != NULL)
			return V_FAIL;
		if (sim_rescale == NULL)
			return V_PASS;
		/* The sim's input range is not proven here: its rescale is
		 * right only for a percentage, and BLIS hands fractions. */
		sbuf_adds(&o->why, " But the sim algorithm rescales it and the "
		    "plugin does not: the two compute the same KV term only if "
		    "the sim's KV input is a percentage. BLIS hands its "
		    "algorithms a 0-1 fraction; then the simulated KV term is "
		    "100 times smaller than the real plugin's, and the sim shed "
		    "on queue depth alone.");
		return V_WARN;
	}
	if (kr == KV_RESCALED || (router && kr == KV_UNKNOWN)) {
		sbuf_adds(&o->why, " The router's range is not proven (see "
		    "signal.kv_range), so consistency cannot be decided.");
		return V_WARN;
	}
	if (bug != NULL && sim_rescale == NULL) {
		sbuf_printf(&o->why, " Router side: %s; the plugin disagrees "
		    "with the sim algorithm, which uses no such rescale.",
		    PU_NO_CODEBASE);
		return V_FAIL;
	}
	sbuf_printf(&o->why, " Router side: %s.", PU_NO_CODEBASE);
	return V_INAPPLICABLE;
}

static void
rule_transform(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct pu_avail av;
	enum kvrange kr;
	const json_t *bug, *none;
	struct pu_hit sim;
	const char *sim_rescale = NULL, *transform = NULL;
	struct named_scale ns;
	bool have_sim;
	enum jverdict_value v;
	struct pu_out o;

	pu_availability(j, &av);
	kr = rule_kv_range(j, r, &av);
	pu_out_init(&o, "transform.kv_usage");
	bug = pu_first_found(j, "3b.generated-no-rescale", "generated");
	none = pu_claim_find(j, "3b.generated-no-rescale", "generated",
	    PU_ANY, NULL, NULL);
	have_sim = signal_use(j, KV_SIGNAL, "sim", &sim);
	if (have_sim) {
		sim_rescale = kvs_line_rescale(sim.code);
		o.expect = pu_hit_side(&sim);
		pu_ev_claim(o.evidence, j, "3b.sim-kv-read", "sim",
		    "where it reads KV utilization");
	}
	pu_ev_claim(o.evidence, j, "3b.generated-kv-read", "generated",
	    "where it reads KV usage");
	if (bug != NULL) {
		transform = rec_get_str(json_object_get(bug, "facts"),
		    "transform");
		if (transform == NULL)
			transform = "divide_by_100";
		pu_ev_add(o.evidence, "the rescale", bug);
	} else if (av.generated && kvs_named_scale_find(j, &ns)) {
		transform = ns.transform;
		pu_ev_add(o.evidence, "the rescale", ns.read);
		pu_ev_add(o.evidence, ns.helper ? "the helper's rescale" :
		    "the constant it rescales by", ns.decl);
	}
	if (!av.generated || (bug == NULL && (none == NULL ||
	    !pu_status_is(none, "not_found")))) {
		sbuf_adds(&o.why, "The real bundle has no generated Go plugin "
		    "(generated/*.go) to check: nothing transforms a signal "
		    "on the real side.");
		if (!av.router)
			sbuf_printf(&o.why, " Router side: %s.",
			    PU_NO_CODEBASE);
		pu_out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		strv_free(&av.labels);
		return;
	}
	if (bug == NULL && transform != NULL) {
		kvs_transform_named(&o, &ns);
		bug = ns.read;
	} else
		transform_generated(&o, bug, none, transform);
	if (have_sim) {
		sbuf_adds(&o.why, " The sim algorithm reads it as ");
		sbuf_adds(&o.why, sim_rescale ? "a percentage (" :
		    "a 0-1 fraction (");
		pu_cite(&o.why, &sim);
		sbuf_adds(&o.why, ").");
	}
	v = transform_verdict(&o, kr, av.router, bug, sim_rescale);
	if (v == V_FAIL)
		consequence(&o.why, transform, kv_threshold(j));
	else if (kr == KV_FRACTION)
		v = sf_kv_misuse(j, &o, v, kv_threshold(j));
	pu_out_emit(j, r, &o, v, v == V_FAIL ? (bug == NULL ? "Use "
	    "KVCacheUsagePercent as the 0-1 fraction it is (no percent "
	    "literal, the threshold divided once), rebuild and rerun the "
	    "treatment arm." : "Remove the rescale from the "
	    "generated plugin (KVCacheUsagePercent is already 0-1), rebuild "
	    "and rerun the treatment arm.") : v == V_WARN && bug == NULL &&
	    sim_rescale != NULL ? "Check the range of the sim's KV input; if "
	    "it is 0-1, remove the sim algorithm's rescale and rerun the sim." :
	    PU_ACT_REVIEW);
	strv_free(&av.labels);
}

/* 3b: the KV and threshold transforms, then the queue depth's ratio
 * (rules_sigflow.c); one row a check. */
static void
rule_transform_all(struct judge *j, const struct rule *r, const struct jcell *c)
{
	rule_transform(j, r, c);
	sf_rule_queue(j, r, c);
}

const struct rule rules_signal[] = {
	{ "3a", "Signal availability", false, rule_signals },
	{ "3b", "Signal transform", false, rule_transform_all },
	{ NULL, NULL, false, NULL }
};
