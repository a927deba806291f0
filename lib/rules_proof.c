/* rules_proof.c - checks 3a-3d (signal parity) and 4a-4d (policy parity):
 * verdicts from the proof records of s2r-grep-proof (router code, the real
 * bundle's generated plugin, the sim algorithm), the sim's BLIS flags and
 * tier table (s2r-expect / s2r-config: sim.*, priority.tier, epp.*) and
 * the deployed EPP configs (s2r-config --epp: epp.* measures per arm).
 *
 * Every rule runs once per bundle.  A claim about the router needs the
 * router's Go source: without it the verdict is INAPPLICABLE and says so,
 * and the bundle-side facts are still shown.  Verdicts carry the code
 * they rest on as an "evidence" array ({label, source, snippet}), so the
 * report can show router, sim and generated code side by side.  Claim ids
 * are those of pipelines/proofs.yaml; verdict metrics are listed in
 * schemas/metrics-proof.json. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "err.h"
#include "judge.h"
#include "rec.h"
#include "ruleutil.h"
#include "str.h"

#define NO_CODEBASE "no codebase given: pass GAIE=... or LLMD=... (the " \
	"router's Go source, s2r-grep-proof --root DIR) to prove this from code"
#define MAX_ARMS 32

static const char ACT_REVIEW[] = "Review the code shown side by side and "
    "record the conclusion; the difference cannot be judged mechanically.";

/* --- proof records ------------------------------------------------- */

static bool
is_proof(const json_t *rec)
{
	return strcmp(rec_get_str(rec, "kind"), "proof") == 0;
}

static const char *
role_of(const json_t *p)
{
	const char *r = rec_get_str(json_object_get(p, "source"), "role");

	return r != NULL ? r : "";
}

static const char *
label_of(const json_t *p)
{
	const char *l = rec_get_str(json_object_get(p, "source"), "label");

	return l != NULL && *l ? l : role_of(p);
}

static bool
found(const json_t *p)
{
	const char *s = rec_get_str(p, "status");

	return s != NULL && (strcmp(s, "found") == 0 ||
	    strcmp(s, "ambiguous") == 0);
}

static bool
status_is(const json_t *p, const char *status)
{
	const char *s = rec_get_str(p, "status");

	return s != NULL && strcmp(s, status) == 0;
}

/* Proof records of claim (and role, NULL: any), input order. */
static void
claim_list(const struct judge *j, const char *claim, const char *role,
    struct ru_list *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < j->nrecs; i++) {
		const json_t *p = j->recs[i];
		const char *c = rec_get_str(p, "claim");

		if (!is_proof(p) || c == NULL || strcmp(c, claim) != 0)
			continue;
		if (role != NULL && strcmp(role_of(p), role) != 0)
			continue;
		ru_list_add(out, p);
	}
}

/* The first found record of claim/role, NULL when none. */
static const json_t *
first_found(const struct judge *j, const char *claim, const char *role)
{
	struct ru_list l;
	const json_t *hit = NULL;

	claim_list(j, claim, role, &l);
	for (size_t i = 0; i < l.n && hit == NULL; i++)
		if (found(l.v[i]))
			hit = l.v[i];
	ru_list_free(&l);
	return hit;
}

/* The first record of claim/role whatever its status. */
static const json_t *
any_record(const struct judge *j, const char *claim, const char *role)
{
	struct ru_list l;
	const json_t *rec;

	claim_list(j, claim, role, &l);
	rec = l.n > 0 ? l.v[0] : NULL;
	ru_list_free(&l);
	return rec;
}

/* Which sources the proof records cover. */
struct avail {
	bool		 router, generated, sim;
	struct strv	 labels;	/* router labels, input order */
};

static void
availability(const struct judge *j, struct avail *av)
{
	double n;

	memset(av, 0, sizeof(*av));
	for (size_t i = 0; i < j->nrecs; i++) {
		const json_t *p = j->recs[i];
		const char *role;
		bool code;

		if (!is_proof(p) || status_is(p, "no_source"))
			continue;
		role = role_of(p);
		code = found(p) || (rec_get_num(p, "files_scanned", &n) &&
		    n > 0);
		if (strcmp(role, "router") == 0) {
			av->router = true;
			if (strv_find(&av->labels, label_of(p)) < 0)
				strv_add(&av->labels, label_of(p));
		} else if (strcmp(role, "generated") == 0 && code)
			av->generated = true;
		else if (strcmp(role, "sim") == 0 && code)
			av->sim = true;
	}
}

/* --- snippets ------------------------------------------------------ */

/* A line of code inside a proof's snippet. */
struct hit {
	const json_t	*p;
	long		 line;
	char		 code[256];	/* trimmed */
};

static long
snippet_start(const json_t *p)
{
	const json_t *src = json_object_get(p, "source");
	double v;

	if (rec_get_num(src, "doc_line", &v) && v >= 1)
		return (long)v;
	return rec_get_num(src, "line", &v) ? (long)v : 0;
}

static void
trim_into(char *dst, size_t len, const char *s, size_t n)
{
	while (n > 0 && isspace((unsigned char)*s)) {
		s++;
		n--;
	}
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	if (n >= len)
		n = len - 1;
	memcpy(dst, s, n);
	dst[n] = '\0';
}

static bool
is_comment(const char *s, size_t n)
{
	while (n > 0 && isspace((unsigned char)*s)) {
		s++;
		n--;
	}
	return n >= 2 && s[0] == '/' && s[1] == '/';
}

/* The first code line of p's snippet holding any of needles (NULL
 * terminated); comment lines are passed over. */
static bool
find_line(const json_t *p, const char *const *needles, struct hit *h)
{
	const char *s = rec_get_str(p, "snippet");
	long line = snippet_start(p);

	if (s == NULL || line < 1)
		return false;
	while (*s != '\0') {
		const char *end = strchr(s, '\n');
		size_t n = end != NULL ? (size_t)(end - s) : strlen(s);
		char buf[512];

		trim_into(buf, sizeof(buf), s, n);
		for (size_t k = 0; needles[k] != NULL && !is_comment(s, n);
		    k++) {
			if (strstr(buf, needles[k]) == NULL)
				continue;
			h->p = p;
			h->line = line;
			trim_into(h->code, sizeof(h->code), buf, strlen(buf));
			return true;
		}
		if (end == NULL)
			break;
		s = end + 1;
		line++;
	}
	return false;
}

static bool
snippet_has(const json_t *p, const char *needle)
{
	const char *s = rec_get_str(p, "snippet");

	return s != NULL && strstr(s, needle) != NULL;
}

/* "gaie pkg/x.go:12" */
static void
where(struct sbuf *b, const json_t *p, long line)
{
	const json_t *src = json_object_get(p, "source");
	double v;

	sbuf_printf(b, "%s %s", label_of(p), rec_get_str(src, "file") ?
	    rec_get_str(src, "file") : "?");
	if (line < 1 && rec_get_num(src, "line", &v))
		line = (long)v;
	if (line >= 1)
		sbuf_printf(b, ":%ld", line);
}

/* "gaie pkg/x.go:12 `code`" */
static void
cite(struct sbuf *b, const struct hit *h)
{
	where(b, h->p, h->line);
	sbuf_printf(b, " `%s`", h->code);
}

/* A verdict side for a proof: value as given, source the proof's file and
 * line, how names the codebase, commit and claim. */
static json_t *
proof_side(const json_t *p, long line, json_t *value)
{
	const json_t *src = json_object_get(p, "source");
	const char *commit = rec_get_str(src, "commit");
	struct sbuf how = {0};
	json_t *side = json_object(), *s = json_object();
	double v;

	if (rec_get_str(src, "file") != NULL)
		rec_set_str(s, "file", rec_get_str(src, "file"));
	if (line < 1 && rec_get_num(src, "line", &v))
		line = (long)v;
	if (line >= 1)
		rec_set_i64(s, "line", line);
	if (rec_get_str(p, "symbol") != NULL)
		rec_set_str(s, "field", rec_get_str(p, "symbol"));
	sbuf_printf(&how, "%s code (%s", role_of(p), label_of(p));
	if (commit != NULL)
		sbuf_printf(&how, " @ %.12s", commit);
	sbuf_printf(&how, "), s2r-grep-proof claim %s",
	    rec_get_str(p, "claim") ? rec_get_str(p, "claim") : "?");
	rec_set_str(s, "how", sbuf_str(&how));
	sbuf_free(&how);
	rec_set(side, "value", value != NULL ? value : json_null());
	rec_set(side, "source", s);
	return side;
}

static json_t *
hit_side(const struct hit *h)
{
	return proof_side(h->p, h->line, json_string(h->code));
}

/* Evidence: {label, source, snippet}; label is "<who>: what", who the
 * proof's side ("router gaie", "sim algorithm", "generated plugin"). */
static void
ev_add(json_t *ev, const char *what, const json_t *p)
{
	struct sbuf lb = {0};
	const char *label;
	const json_t *src = json_object_get(p, "source");
	json_t *item = json_object(), *s = json_object();
	static const char *const keys[] = { "label", "role", "commit",
	    "file", "line", "end_line" };
	double files;

	if (strcmp(role_of(p), "router") == 0)
		sbuf_printf(&lb, "router %s: %s", label_of(p), what);
	else
		sbuf_printf(&lb, "%s: %s", strcmp(role_of(p), "sim") == 0 ?
		    "sim algorithm" : "generated plugin", what);
	label = sbuf_str(&lb);
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		json_t *v = json_object_get(src, keys[i]);

		if (v != NULL && !(json_is_string(v) &&
		    *json_string_value(v) == '\0'))
			rec_set(s, keys[i], json_deep_copy(v));
	}
	if (snippet_start(p) >= 1 && rec_get_str(src, "file") != NULL)
		rec_set_i64(s, "line", snippet_start(p));
	if (found(p)) {
		rec_set_str(item, "label", label);
		rec_set(item, "source", s);
		rec_set_str(item, "snippet", rec_get_str(p, "snippet"));
	} else {
		struct sbuf l = {0};

		sbuf_printf(&l, "%s: not found", label);
		if (rec_get_num(p, "files_scanned", &files))
			sbuf_printf(&l, " in %.0f files", files);
		if (rec_get_str(p, "why") != NULL)
			sbuf_printf(&l, " (%s)", rec_get_str(p, "why"));
		rec_set_str(item, "label", sbuf_str(&l));
		rec_set(item, "source", s);
		sbuf_free(&l);
	}
	json_array_append_new(ev, item);
	sbuf_free(&lb);
}

/* Evidence for every record of claim/role (found ones; the first
 * not-found one when nothing was found for a router label). */
static void
ev_claim(json_t *ev, const struct judge *j, const char *claim,
    const char *role, const char *what)
{
	struct ru_list l;

	claim_list(j, claim, role, &l);
	for (size_t i = 0; i < l.n; i++)
		if (!status_is(l.v[i], "no_source"))
			ev_add(ev, what, l.v[i]);
	ru_list_free(&l);
}

/* --- emitting ------------------------------------------------------ */

struct out {
	const char	*metric;
	json_t		*sub;		/* owned, or NULL */
	json_t		*expect;	/* owned sides, or NULL */
	json_t		*actual;
	json_t		*evidence;	/* owned array */
	struct sbuf	 why;
};

static void
out_init(struct out *o, const char *metric)
{
	memset(o, 0, sizeof(*o));
	o->metric = metric;
	o->evidence = json_array();
}

/* Writes the verdict with its evidence and releases o. */
static void
out_emit(struct judge *j, const struct rule *r, struct out *o,
    enum jverdict_value v, const char *action)
{
	judge_emit(j, r, NULL, &(struct jverdict){ .metric = o->metric,
	    .sub = o->sub, .expect = o->expect, .measure = o->actual,
	    .verdict = v, .why = sbuf_str(&o->why),
	    .action = v == V_WARN || v == V_FAIL ? action : NULL,
	    .evidence = o->evidence });
	json_decref(o->sub);
	json_decref(o->expect);
	json_decref(o->actual);
	json_decref(o->evidence);
	sbuf_free(&o->why);
	memset(o, 0, sizeof(*o));
}

static json_t *
phase_sub(const char *phase, const char *class)
{
	json_t *sub = rec_scope_new();

	rec_scope_set(sub, "phase", phase);
	rec_scope_set(sub, "class", class);
	return sub;
}

/* A side made from an expect/measure record (value, unit, source). */
static json_t *
rec_side(const json_t *rec)
{
	json_t *v;

	if (rec == NULL)
		return NULL;
	v = json_object_get(rec, "value");
	return ru_side(v != NULL ? json_deep_copy(v) : json_null(),
	    rec_get_str(rec, "unit"), rec, NULL);
}

/* A side with a plain value and a bundle-side source. */
static json_t *
text_side(const char *value, const char *file, long line, const char *how)
{
	json_t *src = rec_source(file, line, 0, NULL, how);
	json_t *side = ru_side(json_string(value), NULL, src, NULL);

	json_decref(src);
	return side;
}

/* The first record of kind/metric in the whole bundle (any scope). */
static const json_t *
bundle_rec(const struct judge *j, const char *kind, const char *metric)
{
	for (size_t i = 0; i < j->nrecs; i++) {
		const json_t *rec = j->recs[i];
		const char *m = rec_get_str(rec, "metric");

		if (m != NULL && strcmp(m, metric) == 0 &&
		    strcmp(rec_get_str(rec, "kind"), kind) == 0)
			return rec;
	}
	return NULL;
}

static bool
num_value(const json_t *rec, double *v)
{
	return rec != NULL && rec_get_num(rec, "value", v);
}

static void
fmt_num(struct sbuf *b, double v)
{
	char num[32];

	judge_fmt_num(num, sizeof(num), v);
	sbuf_adds(b, num);
}

/* "config.md:58" of a record. */
static void
rec_where(struct sbuf *b, const json_t *rec)
{
	ru_where(b, rec);
}

/* --- signals (3a) ---------------------------------------------------- */

struct signal {
	const char	*metric;
	const char	*name;
	const char	*claim;		/* router claim proving it */
	const char	*member;	/* field of the router's struct */
	bool		 standard;	/* judged when the algorithm is absent */
	const char	*needles[8];
};

static const struct signal signals[] = {
	{ "signal.queue_depth", "Queue depth", "3a.waiting-queue-size",
	    "WaitingQueueSize", true, { "WaitingQueueSize", "QueueDepth",
	    "queueDepth", "QueueSize", NULL } },
	{ "signal.kv_utilization", "KV cache utilization",
	    "3a.kv-cache-usage", "KVCacheUsagePercent", true,
	    { "KVCacheUsagePercent", "KVUtil", "kvUtil", "KVUsage",
	    "kvUsage", NULL } },
	{ "signal.running_requests", "Running requests", "3a.metrics-struct",
	    "RunningQueueSize", false, { "RunningQueueSize",
	    "RunningRequests", "runningRequests", "NumRunning", "numRunning",
	    NULL } },
	{ "signal.priority", "Priority", "3a.priority", "Priority", true,
	    { "Priority", "priority", NULL } },
};
#define NSIGNALS (sizeof(signals) / sizeof(signals[0]))

/* Where role's code (sim or generated) reads signal s. */
static bool
signal_use(const struct judge *j, const struct signal *s, const char *role,
    struct hit *h)
{
	const char *dotted[8];
	char buf[8][64];
	size_t n = 0;

	/* First a read through a selector (in.KVUtil), then any mention (a
	 * struct field, a parameter). */
	for (; s->needles[n] != NULL && n < 7; n++) {
		snprintf(buf[n], sizeof(buf[n]), ".%s", s->needles[n]);
		dotted[n] = buf[n];
	}
	dotted[n] = NULL;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < j->nrecs; i++) {
			const json_t *p = j->recs[i];

			if (!is_proof(p) || !found(p) ||
			    strcmp(role_of(p), role) != 0)
				continue;
			if (find_line(p, pass == 0 ? dotted : s->needles, h))
				return true;
		}
	return false;
}

/* The router's proof of s in p: the field line, or the member line of
 * the struct. */
static bool
signal_router(const json_t *p, const struct signal *s, struct hit *h)
{
	const char *need[] = { s->member, NULL };
	const char *type = rec_get_str(json_object_get(p, "facts"),
	    "enclosing_type");
	char field[128];
	bool ok;

	if (!found(p))
		return false;
	ok = find_line(p, need, h);
	if (!ok)
		return false;
	/* A struct proof must name the member itself, not a longer name. */
	if (type != NULL || rec_get_str(p, "symbol") == NULL)
		return true;
	snprintf(field, sizeof(field), "%s ", s->member);
	return strncmp(h->code, field, strlen(field)) == 0 ||
	    strcmp(h->code, s->member) == 0;
}

static void
rule_signals(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct avail av;
	bool algo;

	availability(j, &av);
	algo = av.sim || av.generated;
	for (size_t k = 0; k < NSIGNALS; k++) {
		const struct signal *s = &signals[k];
		struct hit sim, gen, rt;
		bool used_sim = signal_use(j, s, "sim", &sim);
		bool used_gen = signal_use(j, s, "generated", &gen);
		struct sbuf missing = {0}, have = {0};
		struct ru_list l;
		size_t nfound = 0;
		enum jverdict_value v;
		struct out o;

		if (algo ? !used_sim && !used_gen : !s->standard)
			continue;
		out_init(&o, s->metric);
		if (used_sim) {
			o.expect = hit_side(&sim);
			sbuf_printf(&o.why, "%s is read by the sim algorithm (",
			    s->name);
			cite(&o.why, &sim);
			sbuf_adds(&o.why, ")");
			ev_add(o.evidence, "where it is read",
			    sim.p);
		} else
			sbuf_printf(&o.why, "%s%s", s->name, algo ? "" :
			    " (a standard signal: no sim algorithm or "
			    "generated plugin code to tell which signals are "
			    "used)");
		if (used_gen) {
			sbuf_adds(&o.why, used_sim ? " and by the generated "
			    "plugin (" : " is read by the generated plugin (");
			cite(&o.why, &gen);
			sbuf_adds(&o.why, ")");
			if (o.expect == NULL)
				o.expect = hit_side(&gen);
			ev_add(o.evidence, "where it is read",
			    gen.p);
		}
		sbuf_adds(&o.why, ". ");
		if (!av.router) {
			sbuf_printf(&o.why, "Router side: %s.", NO_CODEBASE);
			out_emit(j, r, &o, V_INAPPLICABLE, NULL);
			sbuf_free(&missing);
			sbuf_free(&have);
			continue;
		}
		claim_list(j, s->claim, "router", &l);
		for (size_t lb = 0; lb < av.labels.n; lb++) {
			bool ok = false;

			for (size_t i = 0; i < l.n && !ok; i++) {
				if (strcmp(label_of(l.v[i]),
				    av.labels.v[lb]) != 0 ||
				    !signal_router(l.v[i], s, &rt))
					continue;
				ok = true;
				nfound++;
				if (o.actual == NULL)
					o.actual = hit_side(&rt);
				sbuf_printf(&have, "%s", have.len ? "; " : "");
				cite(&have, &rt);
				ev_add(o.evidence, "the signal's "
				    "struct field", l.v[i]);
			}
			if (!ok)
				sbuf_printf(&missing, "%s%s", missing.len ?
				    ", " : "", av.labels.v[lb]);
		}
		ru_list_free(&l);
		if (nfound > 0)
			sbuf_printf(&o.why, "The router provides it as %s (%s).",
			    s->member, sbuf_str(&have));
		if (missing.len > 0)
			sbuf_printf(&o.why, "%s%s was not found in %s (claim "
			    "%s).", nfound ? " " : "", s->member,
			    sbuf_str(&missing), s->claim);
		v = missing.len == 0 ? V_PASS : nfound > 0 ? V_WARN : V_FAIL;
		if (v == V_FAIL)
			sbuf_adds(&o.why, " The algorithm depends on a signal "
			    "the router does not expose, so the transferred "
			    "plugin cannot read it.");
		out_emit(j, r, &o, v, v == V_FAIL ? "Map the signal to one "
		    "the router provides (or add it to the router's metrics) "
		    "before trusting the transfer." : "The codebases differ: "
		    "check which router version the real run used and prove "
		    "the signal there.");
		sbuf_free(&missing);
		sbuf_free(&have);
	}
	strv_free(&av.labels);
}

/* --- 3b ------------------------------------------------------------ */

static const char *const kv_needles[] = { "KVCacheUsagePercent", "KVUtil",
	"kvUtil", "KVUsage", "kvUsage", NULL };

/* Whether a code line rescales by 100: "/ 100", "* 0.01", "* 100". */
static const char *
line_rescale(const char *code)
{
	const char *p;

	for (p = code; (p = strpbrk(p, "/*")) != NULL; p++) {
		const char *q = p + 1;

		while (*q == ' ')
			q++;
		if (strncmp(q, "0.01", 4) == 0 && *p == '*')
			return "multiply_by_0.01";
		if (strncmp(q, "100", 3) == 0 && !isdigit((unsigned char)q[3]))
			return *p == '/' ? "divide_by_100" : "multiply_by_100";
	}
	return NULL;
}

/* The KV threshold in force for the consequence text: the deployed
 * plugin's, the sim's, else the router default 0.8. */
static double
kv_threshold(const struct judge *j)
{
	double v;

	for (size_t i = 0; i < j->nrecs; i++) {
		const json_t *rec = j->recs[i];
		const char *m = rec_get_str(rec, "metric");
		const char *key = rec_get_str(rec, "key");

		if (m != NULL && strcmp(m, "epp.plugin.parameter") == 0 &&
		    key != NULL && str_has_suffix(key, ".kvCacheUtilThreshold")
		    && num_value(rec, &v) && v > 0)
			return v;
	}
	if (num_value(bundle_rec(j, "expect", "sim.kv_cache_util_threshold"),
	    &v) && v > 0)
		return v;
	if (num_value(bundle_rec(j, "expect",
	    "admission.kv_cache_util_threshold"), &v) && v > 0)
		return v;
	return 0.8;
}

enum kvrange { KV_UNKNOWN, KV_FRACTION, KV_RESCALED };

/* The router's KV range from its code: 3b.* router claims. */
static enum kvrange
rule_kv_range(struct judge *j, const struct rule *r, const struct avail *av)
{
	const json_t *pop = first_found(j, "3b.populate", "router");
	const json_t *metric = first_found(j, "3b.vllm-metric", "router");
	const json_t *ratio = first_found(j, "3b.detector-ratio", "router");
	const json_t *range = first_found(j, "3b.threshold-range", "router");
	const json_t *rescale = first_found(j, "3b.router-no-rescale",
	    "router");
	struct ru_list tests;
	size_t small = 0, big = 0;
	enum kvrange kr;
	struct out o;

	out_init(&o, "signal.kv_range");
	if (!av->router) {
		sbuf_printf(&o.why, "Where the router populates KV usage and "
		    "in what range: %s.", NO_CODEBASE);
		out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		return KV_UNKNOWN;
	}
	ev_claim(o.evidence, j, "3b.populate", "router",
	    "where KVCacheUsagePercent is populated");
	ev_claim(o.evidence, j, "3b.extract-value", "router",
	    "the value extraction");
	ev_claim(o.evidence, j, "3b.vllm-metric", "router",
	    "the engine metric it comes from");
	ev_claim(o.evidence, j, "3b.detector-ratio", "router",
	    "the saturation detector's use");
	ev_claim(o.evidence, j, "3b.threshold-range", "router",
	    "the threshold's validated range");
	ev_claim(o.evidence, j, "3b.router-no-rescale", "router",
	    "a /100 or *0.01 on KV usage");
	claim_list(j, "3b.test-values", "router", &tests);
	for (size_t i = 0; i < tests.n; i++) {
		const char *m = rec_get_str(json_object_get(tests.v[i],
		    "facts"), "match");
		const char *num = m != NULL ? strpbrk(m, ":=") : NULL;
		double v;

		if (num == NULL || !found(tests.v[i]))
			continue;
		num++;
		while (isspace((unsigned char)*num))
			num++;
		if (!parse_f64(num, strlen(num), &v))
			continue;
		if (v <= 1)
			small++;
		else
			big++;
	}
	ru_list_free(&tests);
	if (pop != NULL) {
		const char *rhs = rec_get_str(json_object_get(pop, "facts"),
		    "rhs");

		o.actual = proof_side(pop, 0, json_string("0-1 fraction"));
		sbuf_printf(&o.why, "The router assigns KVCacheUsagePercent "
		    "the engine's gauge value (");
		where(&o.why, pop, 0);
		sbuf_printf(&o.why, " `%s = %s`)",
		    rec_get_str(json_object_get(pop, "facts"), "lhs") ?
		    rec_get_str(json_object_get(pop, "facts"), "lhs") : "?",
		    rhs != NULL ? rhs : "?");
		if (metric != NULL)
			sbuf_printf(&o.why, " from %s, which vLLM documents "
			    "as a fraction (1 means 100%%)", rec_get_str(
			    json_object_get(metric, "facts"), "string") ?
			    rec_get_str(json_object_get(metric, "facts"),
			    "string") : "the KV usage metric");
		sbuf_adds(&o.why, ".");
	} else
		sbuf_adds(&o.why, "No assignment to KVCacheUsagePercent was "
		    "found in the router (claim 3b.populate).");
	if (ratio != NULL) {
		sbuf_adds(&o.why, " Its saturation detector divides it by the "
		    "KV threshold, not by 100 (");
		where(&o.why, ratio, 0);
		sbuf_adds(&o.why, ").");
	}
	if (range != NULL) {
		sbuf_adds(&o.why, " The threshold is checked as a fraction (");
		where(&o.why, range, 0);
		sbuf_adds(&o.why, ").");
	}
	if (small + big > 0)
		sbuf_printf(&o.why, " Test fixtures set it to %zu value%s <= 1 "
		    "and %zu above 1.", small, small == 1 ? "" : "s", big);
	if (rescale != NULL) {
		sbuf_adds(&o.why, " But router code rescales it (");
		where(&o.why, rescale, 0);
		sbuf_printf(&o.why, " `%s`): the stored range is ambiguous.",
		    rec_get_str(json_object_get(rescale, "facts"),
		    "expression") ? rec_get_str(json_object_get(rescale,
		    "facts"), "expression") : "?");
		kr = KV_RESCALED;
	} else if (pop != NULL) {
		sbuf_adds(&o.why, " No router code divides it by 100 or "
		    "multiplies it by 0.01: at runtime it is a 0-1 fraction.");
		kr = KV_FRACTION;
	} else
		kr = KV_UNKNOWN;
	if (kr == KV_FRACTION)
		out_emit(j, r, &o, V_PASS, NULL);
	else
		out_emit(j, r, &o, V_WARN, kr == KV_RESCALED ? "Read the "
		    "router code that rescales KV usage and decide which "
		    "range the field holds where the plugin reads it." :
		    "Find where the router populates KVCacheUsagePercent "
		    "(s2r-grep-proof --assign '\\.KVCacheUsagePercent$') and "
		    "check its range.");
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
	fmt_num(b, seen);
	sbuf_adds(b, " / ");
	fmt_num(b, t);
	sbuf_adds(b, " = ");
	fmt_num(b, seen / t);
	sbuf_adds(b, " instead of ");
	fmt_num(b, u);
	sbuf_adds(b, " / ");
	fmt_num(b, t);
	sbuf_adds(b, " = ");
	fmt_num(b, u / t);
	if (smaller)
		sbuf_adds(b, ". KV pressure never raises saturation, so the "
		    "plugin sheds on queue depth alone and starts shedding "
		    "later than the simulation, where KV usage counts in full.");
	else
		sbuf_adds(b, ". Saturation is far above 1 on a nearly idle "
		    "cluster, so the plugin sheds almost every sheddable and "
		    "batch request.");
}

static void
rule_transform(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct avail av;
	enum kvrange kr;
	const json_t *bug, *none;
	struct hit sim;
	const char *sim_rescale = NULL, *transform = NULL;
	bool have_sim, have_gen;
	double files = 0;
	enum jverdict_value v;
	struct out o;

	availability(j, &av);
	kr = rule_kv_range(j, r, &av);
	out_init(&o, "transform.kv_usage");
	bug = first_found(j, "3b.generated-no-rescale", "generated");
	none = any_record(j, "3b.generated-no-rescale", "generated");
	have_sim = signal_use(j, &signals[1], "sim", &sim);
	if (have_sim) {
		sim_rescale = line_rescale(sim.code);
		o.expect = hit_side(&sim);
		ev_claim(o.evidence, j, "3b.sim-kv-read", "sim",
		    "where it reads KV utilization");
	}
	ev_claim(o.evidence, j, "3b.generated-kv-read", "generated",
	    "where it reads KV usage");
	if (bug != NULL) {
		transform = rec_get_str(json_object_get(bug, "facts"),
		    "transform");
		if (transform == NULL)
			transform = "divide_by_100";
		ev_add(o.evidence, "the rescale", bug);
	}
	have_gen = av.generated && (bug != NULL || (none != NULL &&
	    status_is(none, "not_found")));
	if (!have_gen) {
		sbuf_adds(&o.why, "The real bundle has no generated Go plugin "
		    "(generated/*.go) to check: nothing transforms a signal "
		    "on the real side.");
		if (!av.router)
			sbuf_printf(&o.why, " Router side: %s.", NO_CODEBASE);
		out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		strv_free(&av.labels);
		return;
	}
	if (bug != NULL) {
		const char *expr = rec_get_str(json_object_get(bug, "facts"),
		    "expression");
		double line = 0;

		rec_get_num(json_object_get(bug, "source"), "line", &line);
		o.actual = proof_side(bug, 0, json_string(expr ? expr : "?"));
		sbuf_printf(&o.why, "The generated plugin rescales KV usage "
		    "(%s:%.0f `%s`, %s).", rec_get_str(json_object_get(bug,
		    "source"), "file"), line, expr ? expr : "?", transform);
	} else {
		o.actual = proof_side(none, 0, json_string("no rescale"));
		sbuf_adds(&o.why, "The generated plugin uses KV usage as it "
		    "comes: no /100 or *0.01 or *100 on it (claim "
		    "3b.generated-no-rescale not found");
		if (rec_get_num(none, "files_scanned", &files))
			sbuf_printf(&o.why, " in %.0f files", files);
		sbuf_adds(&o.why, ").");
	}
	if (have_sim) {
		sbuf_adds(&o.why, " The sim algorithm reads it as ");
		sbuf_adds(&o.why, sim_rescale ? "a percentage (" :
		    "a 0-1 fraction (");
		cite(&o.why, &sim);
		sbuf_adds(&o.why, ").");
	}
	if (kr == KV_FRACTION) {
		sbuf_adds(&o.why, " The router stores a 0-1 fraction (see "
		    "signal.kv_range).");
		v = bug != NULL ? V_FAIL : V_PASS;
	} else if (kr == KV_RESCALED || (av.router && kr == KV_UNKNOWN)) {
		sbuf_adds(&o.why, " The router's range is not proven (see "
		    "signal.kv_range), so consistency cannot be decided.");
		v = V_WARN;
	} else if (bug != NULL && sim_rescale == NULL) {
		sbuf_printf(&o.why, " Router side: %s; the plugin disagrees "
		    "with the sim algorithm, which uses no such rescale.",
		    NO_CODEBASE);
		v = V_FAIL;
	} else {
		sbuf_printf(&o.why, " Router side: %s.", NO_CODEBASE);
		v = V_INAPPLICABLE;
	}
	if (v == V_FAIL)
		consequence(&o.why, transform, kv_threshold(j));
	out_emit(j, r, &o, v, v == V_FAIL ? "Remove the rescale from the "
	    "generated plugin (KVCacheUsagePercent is already 0-1), rebuild "
	    "and rerun the treatment arm." : ACT_REVIEW);
	strv_free(&av.labels);
}

/* --- 3c ------------------------------------------------------------ */

static const char *const queue_needles[] = { "WaitingQueueSize",
	"QueueDepth", "queueDepth", NULL };
static const char *const stale_needles[] = { "UpdateTime", "Stale",
	"stale", NULL };
static const char *const nil_needles[] = { "== nil", "HasMetrics", NULL };

/* The checkable facts of one saturation function. */
struct formula {
	const json_t	*p;		/* NULL: no such function */
	const char	*who;
	bool		 queue, kv;	/* per-endpoint ratio terms */
	struct hit	 qline, kvline;
	bool		 max, mean;	/* aggregation */
	bool		 stale, missing;
	struct hit	 staleline, missline;
	const char	*empty;		/* empty-pool return, NULL: none */
};

static void
analyse(const json_t *p, const char *who, struct formula *f)
{
	const json_t *ep = json_object_get(json_object_get(p, "facts"),
	    "empty_pool");

	memset(f, 0, sizeof(*f));
	f->who = who;
	if (p == NULL)
		return;
	f->p = p;
	f->queue = find_line(p, queue_needles, &f->qline);
	f->kv = find_line(p, kv_needles, &f->kvline);
	f->max = snippet_has(p, "max(");
	f->mean = snippet_has(p, "/ float64(len(") ||
	    snippet_has(p, "/float64(len(");
	f->stale = find_line(p, stale_needles, &f->staleline);
	f->missing = find_line(p, nil_needles, &f->missline);
	f->empty = rec_get_str(ep, "returns");
}

static bool
recognised(const struct formula *f)
{
	return f->p != NULL && (f->queue || f->kv) && f->max && f->mean;
}

static void
describe(struct sbuf *b, const struct formula *f)
{
	sbuf_printf(b, "%s (", f->who);
	where(b, f->p, 0);
	sbuf_adds(b, "): ");
	if (!recognised(f)) {
		sbuf_adds(b, "terms or aggregation not recognised");
		return;
	}
	sbuf_printf(b, "per endpoint %s%s%s%s%s, mean over endpoints",
	    f->queue && f->kv ? "max(" : "", f->queue ? "queue ratio" : "",
	    f->queue && f->kv ? ", " : "", f->kv ? "KV ratio" : "",
	    f->queue && f->kv ? ")" : "");
}

/* The router's function: the first recognised one, else the first. */
static void
router_formula(const struct judge *j, struct formula *f, struct out *o)
{
	struct ru_list l;
	bool have = false;

	analyse(NULL, "router", f);
	claim_list(j, "3c.router-saturation", "router", &l);
	for (size_t i = 0; i < l.n; i++) {
		struct formula t;

		if (!found(l.v[i]))
			continue;
		if (o != NULL)
			ev_add(o->evidence, "saturation detector "
			    "(full function)", l.v[i]);
		analyse(l.v[i], "router", &t);
		if (!have || (recognised(&t) && !recognised(f))) {
			*f = t;
			have = true;
		}
	}
	ru_list_free(&l);
}

static void
formulas(const struct judge *j, struct formula f[3], struct out *o)
{
	router_formula(j, &f[0], o);
	analyse(first_found(j, "3c.sim-saturation", "sim"), "sim algorithm",
	    &f[1]);
	analyse(first_found(j, "3c.generated-saturation", "generated"),
	    "generated plugin", &f[2]);
	if (o == NULL)
		return;
	if (f[1].p != NULL)
		ev_add(o->evidence, "saturation (full function)",
		    f[1].p);
	if (f[2].p != NULL)
		ev_add(o->evidence, "saturation (full "
		    "function)", f[2].p);
}

/* How many of the three functions are there; with fewer than two there
 * is nothing to compare, and the text says which side is missing. */
static size_t
sides_present(const struct formula f[3], const struct avail *av,
    struct sbuf *why)
{
	size_t n = (f[0].p != NULL) + (f[1].p != NULL) + (f[2].p != NULL);

	if (n >= 2)
		return n;
	sbuf_adds(why, " Nothing to compare it with:");
	if (f[0].p == NULL)
		sbuf_printf(why, " router: %s;", av->router ? "no saturation "
		    "detector found (claim 3c.router-saturation)" :
		    NO_CODEBASE);
	if (f[1].p == NULL)
		sbuf_adds(why, " the sim bundle has no saturation function in "
		    "algorithm/ or algorithms/;");
	if (f[2].p == NULL)
		sbuf_adds(why, " the real bundle has no generated plugin "
		    "computing one;");
	why->s[why->len - 1] = '.';
	return n;
}

static void
sat_formula(struct judge *j, const struct rule *r, const struct avail *av)
{
	struct formula f[3];
	struct sbuf review = {0};
	bool mismatch = false, any = false;
	const struct formula *ref = NULL;
	enum jverdict_value v;
	struct out o;

	out_init(&o, "saturation.formula");
	formulas(j, f, &o);
	if (f[1].p != NULL)
		o.expect = proof_side(f[1].p, 0, json_string(rec_get_str(
		    json_object_get(f[1].p, "facts"), "signature")));
	if (f[2].p != NULL)
		o.actual = proof_side(f[2].p, 0, json_string(rec_get_str(
		    json_object_get(f[2].p, "facts"), "signature")));
	for (size_t i = 0; i < 3; i++) {
		if (f[i].p == NULL)
			continue;
		sbuf_adds(&o.why, any ? "; " : "Side by side: ");
		describe(&o.why, &f[i]);
		any = true;
		if (!recognised(&f[i])) {
			sbuf_printf(&review, "%s", review.len ? ", " : "");
			where(&review, f[i].p, 0);
			continue;
		}
		if (ref == NULL) {
			ref = &f[i];
			continue;
		}
		if (ref->queue != f[i].queue || ref->kv != f[i].kv)
			mismatch = true;
	}
	if (!any) {
		sbuf_adds(&o.why, "No saturation function was found: ");
		sbuf_adds(&o.why, av->router ? "not in the router" :
		    NO_CODEBASE);
		sbuf_adds(&o.why, "; no sim algorithm or generated plugin "
		    "computes one.");
		out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		sbuf_free(&review);
		return;
	}
	sbuf_adds(&o.why, ".");
	if (mismatch)
		sbuf_adds(&o.why, " The per-endpoint terms differ: the sides "
		    "do not compute the same saturation.");
	if (review.len > 0)
		sbuf_printf(&o.why, " Review by hand (the ratio terms or the "
		    "mean over endpoints are not in the function body, e.g. "
		    "in a helper): %s.", sbuf_str(&review));
	if (f[0].p == NULL)
		sbuf_printf(&o.why, " Router side: %s.", av->router ?
		    "no saturation detector found (claim 3c.router-saturation)"
		    : NO_CODEBASE);
	v = mismatch ? V_FAIL : review.len > 0 ? V_WARN :
	    f[0].p == NULL ? V_INAPPLICABLE : V_PASS;
	if (v == V_PASS && sides_present(f, av, &o.why) < 2)
		v = V_INAPPLICABLE;
	if (v == V_PASS)
		sbuf_adds(&o.why, " The terms and the aggregation agree; "
		    "thresholds, empty pool and stale metrics are judged "
		    "below.");
	out_emit(j, r, &o, v, mismatch ? "Make the generated plugin compute "
	    "the sim algorithm's saturation (same terms, same aggregation) "
	    "and rerun." : ACT_REVIEW);
	sbuf_free(&review);
}

static bool
same_number(const char *a, const char *b)
{
	double x, y;

	if (a == NULL || b == NULL)
		return a == b;
	if (parse_f64(a, strlen(a), &x) && parse_f64(b, strlen(b), &y))
		return x == y;
	return strcmp(a, b) == 0;
}

static void
sat_empty(struct judge *j, const struct rule *r, const struct avail *av)
{
	struct formula f[3];
	bool mismatch = false, nobranch = false, any = false;
	const char *ref = NULL;
	enum jverdict_value v;
	struct out o;

	out_init(&o, "saturation.empty_pool");
	formulas(j, f, NULL);
	for (size_t i = 0; i < 3; i++) {
		struct hit h = { .p = f[i].p };
		const json_t *ep;
		double line = 0;

		if (f[i].p == NULL)
			continue;
		ep = json_object_get(json_object_get(f[i].p, "facts"),
		    "empty_pool");
		rec_get_num(ep, "line", &line);
		h.line = (long)line;
		snprintf(h.code, sizeof(h.code), "if %s { return %s }",
		    rec_get_str(ep, "cond") ? rec_get_str(ep, "cond") : "?",
		    f[i].empty ? f[i].empty : "?");
		sbuf_adds(&o.why, any ? "; " : "Empty pool: ");
		any = true;
		sbuf_printf(&o.why, "%s ", f[i].who);
		if (f[i].empty == NULL) {
			where(&o.why, f[i].p, 0);
			sbuf_adds(&o.why, " has no empty-pool branch (a mean "
			    "over zero endpoints is 0/0 = NaN in Go)");
			nobranch = true;
			continue;
		}
		sbuf_printf(&o.why, "returns %s (", f[i].empty);
		cite(&o.why, &h);
		sbuf_adds(&o.why, ")");
		if (i == 1)
			o.expect = hit_side(&h);
		else if (i == 2 || o.actual == NULL)
			o.actual = (json_decref(o.actual), hit_side(&h));
		if (ref == NULL)
			ref = f[i].empty;
		else if (!same_number(ref, f[i].empty))
			mismatch = true;
	}
	if (!any) {
		sbuf_printf(&o.why, "No saturation function to read the "
		    "empty-pool value from%s%s.", av->router ? "" : "; ",
		    av->router ? "" : NO_CODEBASE);
		out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		return;
	}
	sbuf_adds(&o.why, ".");
	if (mismatch)
		sbuf_adds(&o.why, " The values differ: with no endpoint (all "
		    "pods starting or gone) one side reports a saturated pool "
		    "and the other does not, so admission behaves differently "
		    "exactly when the pool is empty.");
	if (f[0].p == NULL)
		sbuf_printf(&o.why, " Router side: %s.", av->router ?
		    "no saturation detector found" : NO_CODEBASE);
	v = mismatch ? V_FAIL : nobranch ? V_WARN :
	    f[0].p == NULL ? V_INAPPLICABLE : V_PASS;
	if (v == V_PASS && sides_present(f, av, &o.why) < 2)
		v = V_INAPPLICABLE;
	out_emit(j, r, &o, v, mismatch ? "Return the router's empty-pool "
	    "value from the generated plugin (and the sim) and rerun." :
	    "Add an explicit empty-pool branch that returns the router's "
	    "value.");
}

static void
stale_text(struct sbuf *b, const struct formula *f)
{
	sbuf_printf(b, "%s counts ", f->who);
	if (f->stale) {
		sbuf_adds(b, "stale metrics as saturated (");
		cite(b, &f->staleline);
		sbuf_adds(b, ")");
	} else if (f->missing) {
		sbuf_adds(b, "only missing metrics as saturated (");
		cite(b, &f->missline);
		sbuf_adds(b, "), never stale ones");
	} else {
		sbuf_adds(b, "neither stale nor missing metrics (");
		where(b, f->p, 0);
		sbuf_adds(b, ")");
	}
}

static void
sat_stale(struct judge *j, const struct rule *r, const struct avail *av)
{
	struct formula f[3];
	const json_t *st = first_found(j, "3d.detector-staleness", "router");
	bool differ = false, any = false;
	const struct formula *ref = NULL;
	enum jverdict_value v;
	struct out o;

	out_init(&o, "saturation.stale_metrics");
	formulas(j, f, NULL);
	for (size_t i = 0; i < 3; i++) {
		if (f[i].p == NULL)
			continue;
		sbuf_adds(&o.why, any ? "; " : "");
		any = true;
		stale_text(&o.why, &f[i]);
		if (ref == NULL)
			ref = &f[i];
		else if (ref->stale != f[i].stale ||
		    ref->missing != f[i].missing)
			differ = true;
	}
	if (f[1].p != NULL)
		o.expect = proof_side(f[1].p, f[1].stale ? f[1].staleline.line :
		    f[1].missline.line, json_string(f[1].stale ? "stale" :
		    f[1].missing ? "missing only" : "none"));
	if (f[2].p != NULL)
		o.actual = proof_side(f[2].p, f[2].stale ? f[2].staleline.line :
		    f[2].missline.line, json_string(f[2].stale ? "stale" :
		    f[2].missing ? "missing only" : "none"));
	if (st != NULL)
		ev_add(o.evidence, "the detector's staleness "
		    "threshold", st);
	if (!any) {
		sbuf_printf(&o.why, "No saturation function to compare%s%s.",
		    av->router ? "" : "; ", av->router ? "" : NO_CODEBASE);
		out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		return;
	}
	sbuf_adds(&o.why, ".");
	if (differ) {
		sbuf_adds(&o.why, " The sides treat endpoints with stale or "
		    "missing metrics differently");
		if (f[0].p != NULL && f[0].stale)
			sbuf_adds(&o.why, ": in the router a pod whose metrics "
			    "stop updating for longer than the staleness "
			    "threshold raises saturation to 1.0 for that pod, "
			    "the others keep using its last values. Review "
			    "whether that matters for this run (a pod restart "
			    "or a slow /metrics endpoint)");
		sbuf_adds(&o.why, ".");
	}
	if (f[0].p == NULL)
		sbuf_printf(&o.why, " Router side: %s.", av->router ?
		    "no saturation detector found" : NO_CODEBASE);
	v = differ ? V_WARN : f[0].p == NULL ? V_INAPPLICABLE : V_PASS;
	if (v == V_PASS && sides_present(f, av, &o.why) < 2)
		v = V_INAPPLICABLE;
	out_emit(j, r, &o, v, "Review the stale/missing-metrics branches "
	    "side by side; make the plugin follow the router (or document "
	    "why not).");
}

/* The sim's threshold: BLIS flag, config.md threshold row, else the
 * literal divisor in the sim formula. */
static json_t *
sim_threshold(const struct judge *j, const char *flag, const char *row,
    const struct formula *sim, bool queue, double *val)
{
	const json_t *e = bundle_rec(j, "expect", flag);
	const struct hit *h = queue ? &sim->qline : &sim->kvline;
	const char *slash;

	if (e == NULL)
		e = bundle_rec(j, "expect", row);
	if (e != NULL && num_value(e, val))
		return rec_side(e);
	if (sim->p == NULL || !(queue ? sim->queue : sim->kv))
		return NULL;
	slash = strrchr(h->code, '/');
	if (slash == NULL)
		return NULL;
	slash++;
	while (*slash == ' ')
		slash++;
	if (!parse_f64(slash, strlen(slash), val))
		return NULL;
	return hit_side(h);
}

static bool
router_default(const struct judge *j, const char *name, double *v,
    const json_t **p, long *line)
{
	struct ru_list l;
	bool ok = false;

	claim_list(j, "3c.router-defaults", "router", &l);
	for (size_t i = 0; i < l.n && !ok; i++) {
		json_t *vals = json_object_get(json_object_get(l.v[i], "facts"),
		    "values"), *x;
		size_t k;

		json_array_foreach(vals, k, x) {
			const char *n = rec_get_str(x, "name");

			if (n != NULL && strcmp(n, name) == 0 &&
			    rec_get_num(x, "number", v)) {
				*line = (long)json_number_value(
				    json_object_get(x, "line"));
				*p = l.v[i];
				ok = true;
				break;
			}
		}
	}
	ru_list_free(&l);
	return ok;
}

/* One threshold: sim vs each deployed plugin's parameter, else vs the
 * router default. */
static void
sat_threshold(struct judge *j, const struct rule *r, const struct avail *av,
    bool queue)
{
	const char *metric = queue ? "saturation.queue_depth_threshold" :
	    "saturation.kv_cache_util_threshold";
	const char *param = queue ? ".queueDepthThreshold" :
	    ".kvCacheUtilThreshold";
	const char *what = queue ? "queue-depth threshold" : "KV threshold";
	const char *dname = queue ? "DefaultQueueDepthThreshold" :
	    "DefaultKVCacheUtilThreshold";
	struct formula f[3];
	double sv = 0, dv = 0, rv;
	const json_t *dp = NULL;
	long dline = 0;
	json_t *sside;
	bool have_default, any = false;
	struct ru_list params;

	formulas(j, f, NULL);
	sside = sim_threshold(j, queue ? "sim.queue_depth_threshold" :
	    "sim.kv_cache_util_threshold", queue ?
	    "admission.queue_depth_threshold" :
	    "admission.kv_cache_util_threshold", &f[1], queue, &sv);
	have_default = router_default(j, dname, &dv, &dp, &dline);
	ru_collect(j, NULL, "measure", "epp.plugin.parameter", RU_ANY, true,
	    &params);
	for (size_t i = 0; i < params.n; i++) {
		const json_t *m = params.v[i];
		const char *key = rec_get_str(m, "key");
		struct out o;
		bool eq;

		if (key == NULL || !str_has_suffix(key, param) ||
		    !num_value(m, &rv))
			continue;
		any = true;
		out_init(&o, metric);
		o.sub = phase_sub(ru_scope(m, "phase"), NULL);
		o.actual = rec_side(m);
		if (sside == NULL) {
			sbuf_printf(&o.why, "The deployed plugin sets %s ", key);
			fmt_num(&o.why, rv);
			sbuf_printf(&o.why, " (");
			rec_where(&o.why, m);
			sbuf_printf(&o.why, ") but the sim bundle gives no %s "
			    "(BLIS flag, config.md threshold row or a literal "
			    "in the sim formula).", what);
			out_emit(j, r, &o, V_MISSING, NULL);
			continue;
		}
		o.expect = json_incref(sside);
		eq = fabs(sv - rv) <= 1e-9 * fmax(1, fabs(sv));
		sbuf_printf(&o.why, "The sim's %s is ", what);
		fmt_num(&o.why, sv);
		sbuf_printf(&o.why, "; the deployed plugin's %s is ", key);
		fmt_num(&o.why, rv);
		sbuf_adds(&o.why, " (");
		rec_where(&o.why, m);
		sbuf_adds(&o.why, ").");
		if (have_default) {
			sbuf_printf(&o.why, " Router default %s = ", dname);
			fmt_num(&o.why, dv);
			sbuf_adds(&o.why, " (");
			where(&o.why, dp, dline);
			sbuf_adds(&o.why, ").");
			ev_add(o.evidence, "default thresholds", dp);
		}
		if (!eq)
			sbuf_adds(&o.why, " The thresholds differ: the same "
			    "load gives a different saturation, so shedding "
			    "starts at a different load than simulated.");
		out_emit(j, r, &o, eq ? V_PASS : V_FAIL, "Set the plugin "
		    "parameter to the sim's threshold and redeploy.");
	}
	ru_list_free(&params);
	if (!any) {
		struct out o;
		enum jverdict_value v;

		out_init(&o, metric);
		o.expect = sside != NULL ? json_incref(sside) : NULL;
		sbuf_printf(&o.why, "No deployed plugin sets *%s, so the "
		    "router's default applies", param);
		if (have_default) {
			o.actual = proof_side(dp, dline, rec_num(dv));
			ev_add(o.evidence, "default thresholds", dp);
			sbuf_printf(&o.why, ": %s = ", dname);
			fmt_num(&o.why, dv);
			sbuf_adds(&o.why, " (");
			where(&o.why, dp, dline);
			sbuf_adds(&o.why, ").");
		} else
			sbuf_printf(&o.why, "; %s.", av->router ? "the default "
			    "was not found (claim 3c.router-defaults)" :
			    NO_CODEBASE);
		if (sside != NULL) {
			sbuf_printf(&o.why, " The sim's %s is ", what);
			fmt_num(&o.why, sv);
			sbuf_adds(&o.why, ".");
		} else
			sbuf_printf(&o.why, " The sim bundle gives no %s.",
			    what);
		if (!have_default || sside == NULL)
			v = !av->router ? V_INAPPLICABLE : sside == NULL ?
			    V_MISSING : V_WARN;
		else
			v = fabs(sv - dv) <= 1e-9 * fmax(1, fabs(sv)) ? V_PASS :
			    V_FAIL;
		if (v == V_MISSING && o.expect == NULL && o.actual == NULL)
			v = V_INAPPLICABLE;
		out_emit(j, r, &o, v, v == V_FAIL ? "Configure the threshold "
		    "the sim used (the router default differs) and redeploy."
		    : "Find the router's default threshold and compare it by "
		    "hand.");
	}
	json_decref(sside);
}

static void
rule_saturation(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct avail av;

	availability(j, &av);
	sat_formula(j, r, &av);
	sat_empty(j, r, &av);
	sat_stale(j, r, &av);
	sat_threshold(j, r, &av, true);
	sat_threshold(j, r, &av, false);
	strv_free(&av.labels);
}

/* --- 3d ------------------------------------------------------------ */

/* "50ms", "2s", "100us", "1m" → microseconds. */
static bool
duration_us(const char *s, double *us)
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

static void
ms_text(struct sbuf *b, double us)
{
	if (us >= 1e6 && fmod(us, 1e6) == 0) {
		fmt_num(b, us / 1e6);
		sbuf_adds(b, " s");
		return;
	}
	fmt_num(b, us / 1e3);
	sbuf_adds(b, " ms");
}

/* A router duration fact (ns) of claim, optionally keyed. */
static const json_t *
router_duration(const struct judge *j, const char *claim, const char *key,
    double *us)
{
	struct ru_list l;
	const json_t *hit = NULL;
	double ns;

	claim_list(j, claim, "router", &l);
	for (size_t i = 0; i < l.n && hit == NULL; i++) {
		const json_t *facts = json_object_get(l.v[i], "facts");
		const json_t *vals = json_object_get(facts, "values");

		if (!found(l.v[i]))
			continue;
		if (key != NULL) {
			const char *k = rec_get_str(facts, "key");

			if (k == NULL || strcmp(k, key) != 0 ||
			    !rec_get_num(facts, "duration_ns", &ns))
				continue;
		} else if (!rec_get_num(json_array_get(vals, 0), "duration_ns",
		    &ns))
			continue;
		*us = ns / 1e3;
		hit = l.v[i];
	}
	ru_list_free(&l);
	return hit;
}

/* A deployed --refresh-metrics-interval (helm flags), if any. */
static const json_t *
deployed_refresh(const struct judge *j, double *us)
{
	for (size_t i = 0; i < j->nrecs; i++) {
		const json_t *rec = j->recs[i];
		const char *m = rec_get_str(rec, "metric");
		const char *key = rec_get_str(rec, "key");
		const json_t *v = json_object_get(rec, "value");

		if (m == NULL || strcmp(m, "epp.chart") != 0 || key == NULL ||
		    (strstr(key, "refresh-metrics-interval") == NULL &&
		    strstr(key, "refreshMetricsInterval") == NULL))
			continue;
		if (json_is_string(v) && duration_us(json_string_value(v), us))
			return rec;
	}
	return NULL;
}

static void
rule_snapshot(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *sim = bundle_rec(j, "expect",
	    "sim.snapshot_refresh_interval_us");
	const json_t *dep, *flag, *poll, *stale, *prom;
	double sv = 0, rv = 0, pv = 0, stv = 0, dv = 0;
	bool have_sim = num_value(sim, &sv);
	struct avail av;
	enum jverdict_value v;
	struct out o;

	availability(j, &av);
	dep = deployed_refresh(j, &dv);
	flag = router_duration(j, "3d.refresh-flags", "RefreshMetricsInterval",
	    &rv);
	poll = router_duration(j, "3d.poll-interval", NULL, &pv);
	stale = router_duration(j, "3d.detector-staleness", NULL, &stv);
	prom = first_found(j, "3d.prometheus-interval", "router");
	if (flag == NULL && poll != NULL)
		rv = pv;
	if (dep != NULL)
		rv = dv;

	out_init(&o, "snapshot.refresh_interval");
	o.expect = rec_side(sim);
	if (have_sim) {
		sbuf_adds(&o.why, "The sim refreshes the signals its routing "
		    "and admission see every ");
		ms_text(&o.why, sv);
		sbuf_adds(&o.why, sv == 0 ? " (0: an oracle, always current)"
		    : "");
		sbuf_adds(&o.why, " (");
		rec_where(&o.why, sim);
		sbuf_adds(&o.why, " --snapshot-refresh-interval).");
	} else
		sbuf_adds(&o.why, "The sim bundle gives no "
		    "--snapshot-refresh-interval (config.md).");
	ev_claim(o.evidence, j, "3d.refresh-flags", "router",
	    "EPP flag defaults");
	ev_claim(o.evidence, j, "3d.poll-interval", "router",
	    "the data layer's polling interval");
	if (!av.router && dep == NULL) {
		sbuf_printf(&o.why, " Router side: %s.", NO_CODEBASE);
		out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		goto staleness;
	}
	if (dep != NULL) {
		o.actual = rec_side(dep);
		sbuf_adds(&o.why, " The deployment sets the router's refresh "
		    "to ");
		ms_text(&o.why, rv);
		sbuf_adds(&o.why, " (");
		rec_where(&o.why, dep);
		sbuf_adds(&o.why, ").");
	} else if (flag != NULL || poll != NULL) {
		const json_t *p = flag != NULL ? flag : poll;

		o.actual = proof_side(p, 0, rec_num(rv));
		json_object_set_new(o.actual, "unit", json_string("us"));
		sbuf_adds(&o.why, " The router polls each pod's /metrics every ");
		ms_text(&o.why, rv);
		sbuf_adds(&o.why, " by default (");
		where(&o.why, p, 0);
		sbuf_printf(&o.why, " %s).", flag != NULL ?
		    "RefreshMetricsInterval" : "defaultRefreshInterval");
	} else {
		sbuf_adds(&o.why, " The router's refresh interval was not "
		    "found (claims 3d.refresh-flags, 3d.poll-interval).");
		out_emit(j, r, &o, have_sim ? V_WARN : V_MISSING,
		    "Find the router's metrics refresh setting by hand.");
		goto staleness;
	}
	if (prom != NULL) {
		sbuf_adds(&o.why, " Prometheus scrape intervals (");
		where(&o.why, prom, 0);
		sbuf_adds(&o.why, ") only feed dashboards, not admission.");
		ev_add(o.evidence, "Prometheus scrape interval "
		    "(observability only)", prom);
	}
	if (!have_sim) {
		out_emit(j, r, &o, V_MISSING, NULL);
		goto staleness;
	}
	if (fabs(sv - rv) < 0.5) {
		sbuf_adds(&o.why, " The delays are equal: admission decisions "
		    "on both sides see queue depth and KV usage at most that "
		    "old.");
		v = V_PASS;
	} else {
		sbuf_adds(&o.why, " The delays differ: real admission decisions "
		    "see signals up to ");
		ms_text(&o.why, rv);
		sbuf_adds(&o.why, " old, the sim's up to ");
		ms_text(&o.why, sv);
		sbuf_adds(&o.why, rv > sv ? ". The real system reacts later to "
		    "a burst: queues grow before saturation rises, so shedding "
		    "starts later and overshoots compared with the sim." :
		    ". The real system reacts sooner than the sim, so the sim "
		    "overstates how late shedding starts under bursts.");
		v = V_WARN;
	}
	out_emit(j, r, &o, v, "Set --snapshot-refresh-interval to the "
	    "router's refresh interval (in microseconds) and rerun the sim, "
	    "or account for the difference when comparing.");
staleness:
	out_init(&o, "snapshot.staleness");
	if (stale == NULL) {
		o.expect = rec_side(sim);
		sbuf_printf(&o.why, "The detector's staleness threshold: %s.",
		    av.router ? "not found (claim 3d.detector-staleness)" :
		    NO_CODEBASE);
		out_emit(j, r, &o, av.router ? V_WARN : V_INAPPLICABLE,
		    "Find the saturation detector's staleness threshold by "
		    "hand.");
		strv_free(&av.labels);
		return;
	}
	ev_add(o.evidence, "the detector's staleness threshold",
	    stale);
	o.expect = rec_side(sim);
	o.actual = proof_side(stale, 0, rec_num(stv));
	json_object_set_new(o.actual, "unit", json_string("us"));
	sbuf_adds(&o.why, "The router's saturation detector counts a pod whose "
	    "metrics are older than ");
	ms_text(&o.why, stv);
	sbuf_adds(&o.why, " as fully saturated (");
	where(&o.why, stale, 0);
	sbuf_adds(&o.why, ")");
	if (flag != NULL || poll != NULL || dep != NULL) {
		sbuf_adds(&o.why, "; it refreshes every ");
		ms_text(&o.why, rv);
	}
	sbuf_adds(&o.why, ".");
	if (have_sim && sv > stv) {
		sbuf_adds(&o.why, " The sim's snapshots (");
		ms_text(&o.why, sv);
		sbuf_adds(&o.why, ") are older than that: in the router such "
		    "metrics would count as saturated, in the sim they are "
		    "used as if fresh.");
		v = V_WARN;
	} else if ((flag != NULL || poll != NULL || dep != NULL) && rv >= stv) {
		sbuf_adds(&o.why, " The refresh is not shorter than the "
		    "staleness threshold: pods can count as saturated between "
		    "two polls, which the sim never does.");
		v = V_WARN;
	} else {
		sbuf_adds(&o.why, " Polling is well inside that window, so in "
		    "normal operation no pod counts as stale; only a pod whose "
		    "metrics stop (restart, slow /metrics) does, which the sim "
		    "does not model.");
		v = V_PASS;
	}
	out_emit(j, r, &o, v, "Compare the sim's snapshot age with the "
	    "detector's staleness threshold and align them.");
	strv_free(&av.labels);
}

/* --- EPP arms ------------------------------------------------------ */

/* The arms (phases) of the deployed EPP configs (measure records), else
 * of the sim bundle's planned ones (expect); sorted.  Returns the kind. */
static const char *
epp_arms(const struct judge *j, struct strv *arms)
{
	static const char *const kinds[] = { "measure", "expect" };

	memset(arms, 0, sizeof(*arms));
	for (size_t k = 0; k < 2; k++) {
		for (size_t i = 0; i < j->nrecs; i++) {
			const json_t *rec = j->recs[i];
			const char *m = rec_get_str(rec, "metric");
			const char *ph = ru_scope(rec, "phase");

			if (m == NULL || strncmp(m, "epp.", 4) != 0 ||
			    ph == NULL || strcmp(rec_get_str(rec, "kind"),
			    kinds[k]) != 0 || strv_find(arms, ph) >= 0)
				continue;
			strv_add(arms, ph);
		}
		if (arms->n > 0) {
			strv_sort(arms);
			return kinds[k];
		}
	}
	return NULL;
}

/* Records of kind/metric in arm phase, input order. */
static void
arm_recs(const struct judge *j, const char *kind, const char *metric,
    const char *phase, struct ru_list *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < j->nrecs; i++) {
		const json_t *rec = j->recs[i];
		const char *m = rec_get_str(rec, "metric");
		const char *ph = ru_scope(rec, "phase");

		if (m != NULL && strcmp(m, metric) == 0 && ph != NULL &&
		    strcmp(ph, phase) == 0 &&
		    strcmp(rec_get_str(rec, "kind"), kind) == 0)
			ru_list_add(out, rec);
	}
}

static const char *
str_value(const json_t *rec)
{
	return json_string_value(json_object_get(rec, "value"));
}

/* --- 4a ------------------------------------------------------------ */

static const struct {
	const char	*sim;
	const char	*picker;
	const char	*why;
} routing_map[] = {
	{ "round-robin", "random-picker", "both spread requests over the "
	    "endpoints without affinity or load scores" },
	{ "random", "random-picker", "both pick an endpoint at random" },
	{ "weighted", "max-score-picker", "both send each request to the "
	    "endpoint with the highest weighted score" },
	{ "weighted-scoring", "max-score-picker", "both send each request "
	    "to the endpoint with the highest weighted score" },
};
#define NROUTING (sizeof(routing_map) / sizeof(routing_map[0]))

static void
routing_arm(struct judge *j, const struct rule *r, const char *kind,
    const char *arm, const json_t *sim, const json_t *scorers)
{
	const char *policy = str_value(sim), *want = NULL, *because = NULL;
	const json_t *picker = NULL;
	struct ru_list plugins;
	struct sbuf list = {0};
	enum jverdict_value v;
	struct out o;

	arm_recs(j, kind, "epp.plugin", arm, &plugins);
	for (size_t i = 0; i < plugins.n; i++) {
		const char *type = str_value(plugins.v[i]);

		if (type == NULL)
			continue;
		sbuf_printf(&list, "%s%s", list.len ? ", " : "", type);
		if (picker == NULL && str_has_suffix(type, "-picker"))
			picker = plugins.v[i];
	}
	ru_list_free(&plugins);
	for (size_t i = 0; policy != NULL && i < NROUTING; i++)
		if (strcmp(policy, routing_map[i].sim) == 0) {
			want = routing_map[i].picker;
			because = routing_map[i].why;
		}
	out_init(&o, "routing.policy");
	o.sub = phase_sub(arm, NULL);
	o.expect = rec_side(sim);
	o.actual = rec_side(picker);
	if (policy != NULL) {
		sbuf_printf(&o.why, "The sim routes with %s (", policy);
		rec_where(&o.why, sim);
		sbuf_adds(&o.why, ")");
		if (scorers != NULL) {
			sbuf_adds(&o.why, ", scorers ");
			ru_value_text(&o.why, json_object_get(scorers, "value"));
		}
		sbuf_adds(&o.why, ". ");
	} else
		sbuf_adds(&o.why, "The sim bundle gives no --routing-policy. ");
	sbuf_printf(&o.why, "The %s EPP config of arm %s has plugins: %s",
	    strcmp(kind, "measure") == 0 ? "deployed" : "planned (sim "
	    "bundle's)", arm, list.len ? sbuf_str(&list) : "none");
	if (picker != NULL) {
		sbuf_adds(&o.why, "; picker ");
		sbuf_adds(&o.why, str_value(picker));
		sbuf_adds(&o.why, " (");
		rec_where(&o.why, picker);
		sbuf_adds(&o.why, ")");
	}
	sbuf_adds(&o.why, ".");
	if (policy == NULL) {
		v = V_MISSING;
	} else if (picker == NULL) {
		sbuf_adds(&o.why, " No picker is configured: the router adds "
		    "its default one, which the proofs here do not show; "
		    "compare it with the sim policy by hand.");
		v = V_WARN;
	} else if (want == NULL) {
		sbuf_printf(&o.why, " There is no known mapping of sim policy "
		    "%s to an EPP picker: review what both do.", policy);
		v = V_WARN;
	} else if (strcmp(want, str_value(picker)) == 0) {
		sbuf_printf(&o.why, " %s corresponds to %s: %s.", policy, want,
		    because);
		v = V_PASS;
	} else {
		sbuf_printf(&o.why, " %s corresponds to %s (%s), not to %s: "
		    "the real arm routes differently from the simulation.",
		    policy, want, because, str_value(picker));
		v = V_FAIL;
	}
	out_emit(j, r, &o, v, v == V_FAIL ? "Configure the picker that "
	    "matches the sim's routing policy (or rerun the sim with the "
	    "deployed one)." : ACT_REVIEW);
	sbuf_free(&list);
}

/* The registration records of a plugin type string. */
static void
registrations(const struct judge *j, const char *type, struct ru_list *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < j->nrecs; i++) {
		const json_t *p = j->recs[i];
		const json_t *q = json_object_get(p, "query");
		const char *qk = rec_get_str(q, "kind");
		const char *ts = rec_get_str(q, "type_string");

		if (is_proof(p) && qk != NULL && strcmp(qk, "registration") ==
		    0 && ts != NULL && strcmp(ts, type) == 0 &&
		    strcmp(role_of(p), "router") == 0)
			ru_list_add(out, p);
	}
}

/* Evidence and text for one plugin type; false when not proven. */
static bool
plugin_code(const struct judge *j, const char *type, struct out *o,
    struct sbuf *unproven, bool *catalogued)
{
	struct ru_list l;
	const json_t *fac = NULL, *reg = NULL;
	struct sbuf label = {0};

	registrations(j, type, &l);
	*catalogued = l.n > 0;
	for (size_t i = 0; i < l.n; i++) {
		const char *step = rec_get_str(json_object_get(l.v[i],
		    "facts"), "step");

		if (!found(l.v[i]) || step == NULL)
			continue;
		if (strcmp(step, "register") == 0 && reg == NULL)
			reg = l.v[i];
		if (strcmp(step, "factory") == 0 && fac == NULL)
			fac = l.v[i];
		if (strcmp(step, "const") == 0)
			continue;
		sbuf_reset(&label);
		sbuf_printf(&label, "%s %s", type, strcmp(step, "register") ==
		    0 ? "is registered here" : "factory");
		ev_add(o->evidence, sbuf_str(&label), l.v[i]);
	}
	ru_list_free(&l);
	sbuf_free(&label);
	if (reg == NULL || fac == NULL) {
		sbuf_printf(unproven, "%s%s (%s)", unproven->len ? ", " : "",
		    type, *catalogued ? "no registration found" : "not in the "
		    "proof catalog: s2r-grep-proof --registration");
		return false;
	}
	sbuf_printf(&o->why, " %s: registered at ", type);
	where(&o->why, reg, 0);
	sbuf_printf(&o->why, " with factory %s (", rec_get_str(fac, "symbol") ?
	    rec_get_str(fac, "symbol") : "?");
	where(&o->why, fac, 0);
	sbuf_adds(&o->why, ")");
	if (strcmp(type, "random-picker") == 0) {
		const json_t *pick = first_found(j, "4a.random-pick", "router");

		if (pick != NULL) {
			sbuf_adds(&o->why, "; its Pick selects endpoints at "
			    "random, ignoring scores (");
			where(&o->why, pick, 0);
			sbuf_adds(&o->why, ")");
			ev_add(o->evidence, "what random-picker does",
			    pick);
		}
	}
	sbuf_adds(&o->why, ".");
	return true;
}

static void
routing_plugins(struct judge *j, const struct rule *r, const char *kind,
    const struct strv *arms, const struct avail *av)
{
	struct strv types = {0};
	struct sbuf unproven = {0};
	size_t nproven = 0;
	bool uncatalogued = false;
	enum jverdict_value v;
	struct out o;

	for (size_t a = 0; a < arms->n; a++) {
		struct ru_list pl;

		arm_recs(j, kind, "epp.plugin", arms->v[a], &pl);
		for (size_t i = 0; i < pl.n; i++) {
			const char *t = str_value(pl.v[i]);

			if (t != NULL && str_has_suffix(t, "-picker") &&
			    strv_find(&types, t) < 0)
				strv_add(&types, t);
		}
		ru_list_free(&pl);
	}
	strv_sort(&types);
	out_init(&o, "routing.plugins");
	if (types.n > 0) {
		sbuf_adds(&o.why, "Pickers configured:");
		for (size_t i = 0; i < types.n; i++)
			sbuf_printf(&o.why, " %s", types.v[i]);
		sbuf_adds(&o.why, ".");
		o.actual = text_side(types.v[0], NULL, 0, "EPP configs' "
		    "plugin types");
	}
	if (!av->router) {
		sbuf_printf(&o.why, "%sWhat each does, from its registration: "
		    "%s.", types.n > 0 ? " " : "", NO_CODEBASE);
		out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		goto out;
	}
	if (types.n == 0) {
		sbuf_adds(&o.why, "No EPP config names a picker, so there is "
		    "no plugin to prove.");
		out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		goto out;
	}
	for (size_t i = 0; i < types.n; i++) {
		bool cat;

		if (plugin_code(j, types.v[i], &o, &unproven, &cat))
			nproven++;
		else if (!cat)
			uncatalogued = true;
	}
	if (unproven.len > 0)
		sbuf_printf(&o.why, " Not proven from code: %s.",
		    sbuf_str(&unproven));
	v = unproven.len == 0 ? V_PASS : V_WARN;
	out_emit(j, r, &o, v, uncatalogued ? "Prove the listed plugins with "
	    "s2r-grep-proof --registration TYPE over the router source." :
	    "The plugin is not registered in the given router source: check "
	    "which build of the router the real run used.");
out:
	sbuf_free(&unproven);
	strv_free(&types);
}

static void
rule_routing(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *sim = bundle_rec(j, "expect", "sim.routing_policy");
	const json_t *scorers = bundle_rec(j, "expect", "sim.routing_scorers");
	struct strv arms;
	const char *kind = epp_arms(j, &arms);
	struct avail av;

	availability(j, &av);
	for (size_t a = 0; a < arms.n; a++)
		routing_arm(j, r, kind, arms.v[a], sim, scorers);
	if (arms.n == 0) {
		struct out o;

		out_init(&o, "routing.policy");
		o.expect = rec_side(sim);
		sbuf_adds(&o.why, "No EPP config records (s2r-config --epp "
		    "REAL/generated/<arm>_config.yaml --phase <arm>), so the "
		    "deployed picker is unknown.");
		if (sim != NULL) {
			sbuf_printf(&o.why, " The sim routes with %s (",
			    str_value(sim) ? str_value(sim) : "?");
			rec_where(&o.why, sim);
			sbuf_adds(&o.why, ").");
		}
		if (!av.router)
			sbuf_printf(&o.why, " Router side: %s.", NO_CODEBASE);
		out_emit(j, r, &o, sim != NULL ? V_MISSING : V_INAPPLICABLE,
		    NULL);
	}
	routing_plugins(j, r, kind != NULL ? kind : "measure", &arms, &av);
	strv_free(&arms);
	strv_free(&av.labels);
}

/* --- 4b ------------------------------------------------------------ */

static bool
is_admission_type(const char *type)
{
	return type != NULL && (strstr(type, "admi") != NULL ||
	    strstr(type, "shed") != NULL);
}

/* What the baseline arm configures: "none" or a list; source record. */
static bool
baseline_admission(const struct judge *j, const char *kind, const char *arm,
    struct sbuf *what, const json_t **src)
{
	struct ru_list l;
	bool any = false;

	*src = NULL;
	arm_recs(j, kind, "epp.plugin", arm, &l);
	for (size_t i = 0; i < l.n; i++)
		if (is_admission_type(str_value(l.v[i]))) {
			sbuf_printf(what, "%splugin %s", any ? ", " : "",
			    str_value(l.v[i]));
			if (*src == NULL)
				*src = l.v[i];
			any = true;
		}
	ru_list_free(&l);
	arm_recs(j, kind, "epp.feature_gate", arm, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *key = rec_get_str(l.v[i], "key");

		if (key != NULL && strcmp(key, "flowControl") == 0 &&
		    json_is_true(json_object_get(l.v[i], "value"))) {
			sbuf_printf(what, "%sthe flowControl feature gate",
			    any ? ", " : "");
			if (*src == NULL)
				*src = l.v[i];
			any = true;
		}
	}
	ru_list_free(&l);
	return any;
}

static const char *const legacy_names[] = { "gaie-legacy", "legacy", "gaie",
	"default", NULL };
static const char *const admit_all_names[] = { "always-admit", "none",
	"admit-all", NULL };

static bool
named(const char *s, const char *const *names)
{
	for (size_t i = 0; s != NULL && names[i] != NULL; i++)
		if (strcmp(s, names[i]) == 0)
			return true;
	return false;
}

static void
rule_baseline(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *sim = bundle_rec(j, "expect", "sim.admission_policy");
	const char *policy = str_value(sim);
	const json_t *rule_p = first_found(j, "4b.legacy-rule", "router");
	const json_t *sel = first_found(j, "4b.controller-selection", "router");
	const json_t *gate = first_found(j, "4b.feature-gate", "router");
	const json_t *status = first_found(j, "4b.shed-status", "router");
	const json_t *src = NULL;
	struct strv arms;
	const char *kind = epp_arms(j, &arms);
	const char *arm = NULL;
	struct sbuf what = {0};
	bool configured = false;
	struct avail av;
	enum jverdict_value v;
	struct out o;

	availability(j, &av);
	for (size_t a = 0; a < arms.n; a++)
		if (strcmp(arms.v[a], "baseline") == 0)
			arm = arms.v[a];
	out_init(&o, "admission.baseline");
	if (arm != NULL)
		o.sub = phase_sub(arm, NULL);
	o.expect = rec_side(sim);
	if (policy != NULL) {
		sbuf_printf(&o.why, "The sim's baseline admission is %s (",
		    policy);
		rec_where(&o.why, sim);
		sbuf_adds(&o.why, "). ");
	} else
		sbuf_adds(&o.why, "The sim bundle gives no --admission-policy. ");
	if (arm != NULL) {
		configured = baseline_admission(j, kind, arm, &what, &src);
		sbuf_printf(&o.why, "The %s baseline EPP config configures %s",
		    strcmp(kind, "measure") == 0 ? "deployed" : "planned",
		    configured ? sbuf_str(&what) : "no admission plugin and "
		    "no flowControl gate");
		if (src != NULL) {
			sbuf_adds(&o.why, " (");
			rec_where(&o.why, src);
			sbuf_adds(&o.why, ")");
		}
		sbuf_adds(&o.why, ".");
		o.actual = src != NULL ? rec_side(src) : text_side(
		    "router default", NULL, 0, "no admission in the baseline "
		    "EPP config");
	} else
		sbuf_adds(&o.why, "There is no baseline EPP config (phase "
		    "baseline) to read.");
	ev_claim(o.evidence, j, "4b.controller-selection", "router",
	    "which admission controller is used");
	ev_claim(o.evidence, j, "4b.legacy-rule", "router",
	    "the default (legacy) admission rule");
	ev_claim(o.evidence, j, "4b.feature-gate", "router",
	    "the flowControl feature gate");
	ev_claim(o.evidence, j, "4b.shed-status", "router",
	    "the status a shed request gets");
	if (!av.router) {
		sbuf_printf(&o.why, " The router's default admission: %s.",
		    NO_CODEBASE);
		out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		goto out;
	}
	if (rule_p == NULL) {
		sbuf_adds(&o.why, " The router's default admission rule was "
		    "not found (claims 4b.legacy-rule, "
		    "4b.controller-selection): review it by hand.");
		out_emit(j, r, &o, V_WARN, "Find the router's built-in "
		    "admission by hand and compare it with the sim baseline.");
		goto out;
	}
	sbuf_adds(&o.why, " Router default, from code: ");
	if (sel != NULL) {
		sbuf_adds(&o.why, "without the flowControl gate");
		if (gate != NULL) {
			sbuf_adds(&o.why, " (");
			where(&o.why, gate, 0);
			sbuf_adds(&o.why, ")");
		}
		sbuf_adds(&o.why, " the legacy admission controller is used (");
		where(&o.why, sel, 0);
		sbuf_adds(&o.why, "); ");
	}
	sbuf_adds(&o.why, "it rejects sheddable requests (priority < 0) when "
	    "saturation >= 1.0 and admits everything else (");
	where(&o.why, rule_p, 0);
	sbuf_adds(&o.why, ")");
	if (status != NULL) {
		sbuf_adds(&o.why, "; the rejection maps to an HTTP error in ");
		where(&o.why, status, 0);
	}
	sbuf_adds(&o.why, ".");
	if (arm == NULL) {
		out_emit(j, r, &o, V_MISSING, NULL);
		goto out;
	}
	if (!configured && (policy == NULL || named(policy, legacy_names))) {
		sbuf_adds(&o.why, " The baseline runs that default.");
		v = V_PASS;
	} else if (!configured && named(policy, admit_all_names)) {
		sbuf_adds(&o.why, " The sim baseline admits everything, but the "
		    "router's default still sheds sheddable requests once "
		    "saturation reaches 1.0: under overload the real baseline "
		    "sheds while the simulated one does not.");
		v = V_WARN;
	} else {
		sbuf_printf(&o.why, " Review: the real baseline %s and the "
		    "sim's is %s; they are not mechanically comparable.",
		    configured ? "configures its own admission" : "runs the "
		    "router default", policy != NULL ? policy : "not given");
		v = V_WARN;
	}
	out_emit(j, r, &o, v, "Make the baseline arm run the admission the "
	    "sim baseline assumed (or rerun the sim with the router's "
	    "default admission).");
out:
	sbuf_free(&what);
	strv_free(&arms);
	strv_free(&av.labels);
}

/* --- 4c ------------------------------------------------------------ */

static const char *const tiers[] = { "sheddable", "batch", "critical",
	"standard", NULL };

/* The tier a parameter name starts with, NULL when none. */
static const char *
param_tier(const char *name)
{
	for (size_t i = 0; tiers[i] != NULL; i++)
		if (strncasecmp(name, tiers[i], strlen(tiers[i])) == 0)
			return tiers[i];
	return NULL;
}

static const char *
param_name(const json_t *rec)
{
	const char *key = rec_get_str(rec, "key");
	const char *dot = key != NULL ? strchr(key, '.') : NULL;

	return dot != NULL ? dot + 1 : key;
}

/* Whether s contains word, ignoring case. */
static bool
icontains(const char *s, const char *word)
{
	size_t n = strlen(word);

	for (; *s != '\0'; s++)
		if (strncasecmp(s, word, n) == 0)
			return true;
	return false;
}

/* The sim's ramp of tier from its dispatch: numbers[0] start, [1] full. */
static bool
sim_ramp(const struct judge *j, const char *tier, const json_t **p,
    const json_t **branch)
{
	struct ru_list l;
	bool ok = false;

	claim_list(j, "4d.sim-dispatch", "sim", &l);
	for (size_t i = 0; i < l.n && !ok; i++) {
		json_t *br = json_object_get(json_object_get(l.v[i], "facts"),
		    "branches"), *b;
		size_t k;

		json_array_foreach(br, k, b) {
			const char *t = rec_get_str(b, "tier");

			if (t != NULL && strcmp(t, tier) == 0 &&
			    json_array_size(json_object_get(b, "numbers")) >= 2) {
				*p = l.v[i];
				*branch = b;
				ok = true;
				break;
			}
		}
	}
	ru_list_free(&l);
	return ok;
}

/* The sim's value for a parameter: the sim bundle's planned config
 * (same name, arm preferred), else the sim algorithm's ramp. */
static bool
sim_param(const struct judge *j, const char *arm, const char *name,
    const json_t **rec, const json_t **p, json_t **value, long *line)
{
	const json_t *any = NULL;
	const char *tier = param_tier(name);
	const json_t *branch;

	*rec = NULL;
	*p = NULL;
	for (size_t i = 0; i < j->nrecs; i++) {
		const json_t *e = j->recs[i];
		const char *m = rec_get_str(e, "metric");
		const char *n;

		if (m == NULL || strcmp(m, "epp.plugin.parameter") != 0 ||
		    strcmp(rec_get_str(e, "kind"), "expect") != 0 ||
		    (n = param_name(e)) == NULL || strcmp(n, name) != 0)
			continue;
		if (ru_scope(e, "phase") != NULL &&
		    strcmp(ru_scope(e, "phase"), arm) == 0) {
			*rec = e;
			break;
		}
		if (any == NULL)
			any = e;
	}
	if (*rec == NULL)
		*rec = any;
	if (*rec != NULL) {
		*value = json_deep_copy(json_object_get(*rec, "value"));
		return true;
	}
	if (tier == NULL || !sim_ramp(j, tier, p, &branch))
		return false;
	if (icontains(name, "start"))
		*value = json_deep_copy(json_array_get(json_object_get(branch,
		    "numbers"), 0));
	else if (icontains(name, "full") ||
	    icontains(name, "max"))
		*value = json_deep_copy(json_array_get(json_object_get(branch,
		    "numbers"), 1));
	else
		return false;
	{
		double ln = 0;

		rec_get_num(branch, "line", &ln);
		*line = (long)ln;
	}
	return true;
}

/* The other of sheddable/batch. */
static const char *
other_tier(const char *tier)
{
	if (tier == NULL)
		return NULL;
	return strcmp(tier, "sheddable") == 0 ? "batch" :
	    strcmp(tier, "batch") == 0 ? "sheddable" : NULL;
}

/* Whether the parameter of the other tier with the same suffix has this
 * value on the sim side (a sheddable/batch swap). */
static bool
swapped_value(const struct judge *j, const char *arm, const char *name,
    const json_t *actual)
{
	const char *tier = param_tier(name), *other = other_tier(tier);
	char swapped[256];
	const json_t *rec, *p;
	json_t *val = NULL;
	long line = 0;
	bool eq;

	if (other == NULL)
		return false;
	snprintf(swapped, sizeof(swapped), "%s%s", other,
	    name + strlen(tier));
	if (!sim_param(j, arm, swapped, &rec, &p, &val, &line))
		return false;
	eq = ru_equal(val, actual);
	json_decref(val);
	return eq;
}

static void
params_verdict(struct judge *j, const struct rule *r, const char *arm,
    const char *tier, const struct ru_list *real)
{
	struct out o;
	size_t compared = 0, bad = 0, swaps = 0;
	enum jverdict_value v;

	out_init(&o, tier != NULL ? "admission.tier_parameters" :
	    "admission.parameters");
	o.sub = phase_sub(arm, tier);
	sbuf_printf(&o.why, "Arm %s%s%s:", arm, tier ? ", tier " : "",
	    tier ? tier : "");
	for (size_t i = 0; i < real->n; i++) {
		const json_t *m = real->v[i];
		const char *name = param_name(m);
		const json_t *rec, *p;
		json_t *val = NULL;
		long line = 0;

		sbuf_printf(&o.why, "%s %s = ", i ? ";" : "", name);
		ru_value_text(&o.why, json_object_get(m, "value"));
		sbuf_adds(&o.why, " (");
		rec_where(&o.why, m);
		sbuf_adds(&o.why, ")");
		if (o.actual == NULL)
			o.actual = rec_side(m);
		if (!sim_param(j, arm, name, &rec, &p, &val, &line)) {
			sbuf_adds(&o.why, ", no sim value");
			continue;
		}
		compared++;
		if (o.expect == NULL)
			o.expect = rec != NULL ? rec_side(rec) :
			    proof_side(p, line, json_incref(val));
		sbuf_adds(&o.why, ", sim ");
		ru_value_text(&o.why, val);
		sbuf_adds(&o.why, " (");
		if (rec != NULL)
			rec_where(&o.why, rec);
		else
			where(&o.why, p, line);
		sbuf_adds(&o.why, ")");
		if (!ru_equal(val, json_object_get(m, "value"))) {
			bad++;
			sbuf_adds(&o.why, " DIFFERS");
			if (swapped_value(j, arm, name,
			    json_object_get(m, "value"))) {
				swaps++;
				sbuf_printf(&o.why, " (it is the sim's %s "
				    "value)", other_tier(param_tier(name)));
			}
		}
		json_decref(val);
	}
	sbuf_adds(&o.why, ".");
	if (swaps > 0)
		sbuf_adds(&o.why, " The sheddable and batch parameters are "
		    "swapped (a known trap: sheddable is priority -50 and gets "
		    "the more aggressive ramp, batch -10 the less aggressive "
		    "one), so the real arm sheds the wrong tier first.");
	else if (bad > 0)
		sbuf_adds(&o.why, " The deployed parameters differ from the "
		    "sim's, so the real arm does not run the simulated "
		    "policy.");
	v = bad > 0 ? V_FAIL : compared == 0 ? V_WARN : V_PASS;
	if (compared == 0)
		sbuf_adds(&o.why, " Nothing on the sim side to compare with: "
		    "review the parameters by hand.");
	out_emit(j, r, &o, v, bad > 0 ? "Set the plugin parameters of the "
	    "treatment config to the sim algorithm's values (tier names "
	    "mapped: sheddable = -50, batch = -10) and redeploy." :
	    ACT_REVIEW);
}

static void
rule_treatment(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct strv arms = {0};
	const json_t *pp, *br;
	size_t narms = 0;

	for (size_t i = 0; i < j->nrecs; i++) {
		const json_t *m = j->recs[i];
		const char *mt = rec_get_str(m, "metric");
		const char *ph = ru_scope(m, "phase");

		if (mt != NULL && strcmp(mt, "epp.plugin.parameter") == 0 &&
		    strcmp(rec_get_str(m, "kind"), "measure") == 0 &&
		    ph != NULL && strcmp(ph, "baseline") != 0 &&
		    strv_find(&arms, ph) < 0)
			strv_add(&arms, ph);
	}
	strv_sort(&arms);
	for (size_t a = 0; a < arms.n; a++) {
		struct ru_list all;

		arm_recs(j, "measure", "epp.plugin.parameter", arms.v[a], &all);
		for (size_t t = 0; t <= 4; t++) {
			const char *tier = t < 4 ? tiers[t] : NULL;
			struct ru_list sel = {0};

			for (size_t i = 0; i < all.n; i++) {
				const char *n = param_name(all.v[i]);
				const char *pt = n ? param_tier(n) : NULL;

				if (n != NULL && (tier == NULL ? pt == NULL :
				    pt != NULL && strcmp(pt, tier) == 0))
					ru_list_add(&sel, all.v[i]);
			}
			if (sel.n > 0) {
				params_verdict(j, r, arms.v[a], tier, &sel);
				narms++;
			}
			ru_list_free(&sel);
		}
		ru_list_free(&all);
	}
	if (narms == 0) {
		struct out o;
		bool sim = bundle_rec(j, "expect", "epp.plugin.parameter") !=
		    NULL || sim_ramp(j, "sheddable", &pp, &br) ||
		    sim_ramp(j, "batch", &pp, &br);

		out_init(&o, "admission.parameters");
		sbuf_adds(&o.why, sim ? "The sim side has treatment parameters "
		    "but no deployed EPP config gives plugin parameters "
		    "(s2r-config --epp REAL/generated/<arm>_config.yaml --phase "
		    "<arm>)." : "No treatment parameters on either side: no "
		    "sim thresholds or ramps and no EPP plugin parameters.");
		out_emit(j, r, &o, sim ? V_MISSING : V_INAPPLICABLE, NULL);
	}
	strv_free(&arms);
}

/* --- 4d ------------------------------------------------------------ */

/* The tier the README table gives priority value v, NULL when none. */
static const json_t *
tier_of_value(const struct judge *j, double v)
{
	for (size_t i = 0; i < j->nrecs; i++) {
		const json_t *e = j->recs[i];
		const char *m = rec_get_str(e, "metric");
		double x;

		if (m != NULL && strcmp(m, "priority.tier") == 0 &&
		    strcmp(rec_get_str(e, "kind"), "expect") == 0 &&
		    num_value(e, &x) && x == v && ru_scope(e, "class") != NULL)
			return e;
	}
	return NULL;
}

/* Compares a dispatch's mapping with the README tiers (else the
 * catalog's); counts mismatches and writes them. */
static size_t
dispatch_mismatches(const struct judge *j, const json_t *p, struct sbuf *b)
{
	const json_t *facts = json_object_get(p, "facts");
	const json_t *map = json_object_get(facts, "mapping");
	const json_t *exp = json_object_get(facts, "expected");
	const char *key;
	json_t *val;
	size_t bad = 0;

	json_object_foreach((json_t *)map, key, val) {
		double v;
		const json_t *e;
		const char *want;

		if (!parse_f64(key, strlen(key), &v))
			continue;
		e = tier_of_value(j, v);
		want = e != NULL ? ru_scope(e, "class") :
		    rec_get_str(exp, key);
		if (want == NULL || json_string_value(val) == NULL ||
		    strcmp(want, json_string_value(val)) == 0)
			continue;
		sbuf_printf(b, "%spriority %s (%s", bad ? "; " : "", key, want);
		if (e != NULL) {
			sbuf_adds(b, ", ");
			rec_where(b, e);
		}
		sbuf_printf(b, ") gets the %s parameters", json_string_value(val));
		bad++;
	}
	return bad;
}

static void
mapping_text(struct sbuf *b, const json_t *p)
{
	const json_t *map = json_object_get(json_object_get(p, "facts"),
	    "mapping");
	const char *key;
	json_t *val;
	bool first = true;

	json_object_foreach((json_t *)map, key, val) {
		sbuf_printf(b, "%s%s -> %s", first ? "" : ", ", key,
		    json_string_value(val) ? json_string_value(val) : "?");
		first = false;
	}
}

static void
ramp_text(struct sbuf *b, const struct judge *j, const char *tier)
{
	const json_t *p, *br;

	if (!sim_ramp(j, tier, &p, &br))
		return;
	sbuf_printf(b, " The sim gives %s the ramp [", tier);
	ru_value_text(b, json_array_get(json_object_get(br, "numbers"), 0));
	sbuf_adds(b, ", ");
	ru_value_text(b, json_array_get(json_object_get(br, "numbers"), 1));
	sbuf_adds(b, "] (");
	where(b, p, (long)json_number_value(json_object_get(br, "line")));
	sbuf_adds(b, ").");
}

static void
dispatch_verdict(struct judge *j, const struct rule *r, struct avail *av)
{
	struct ru_list gen;
	const json_t *sim = first_found(j, "4d.sim-dispatch", "sim");
	const json_t *tiered = NULL;
	struct sbuf bad = {0}, simbad = {0};
	size_t nbad = 0, nsim = 0;
	enum jverdict_value v;
	struct out o;

	out_init(&o, "priority.dispatch");
	claim_list(j, "4d.generated-dispatch", "generated", &gen);
	for (size_t i = 0; i < gen.n && tiered == NULL; i++)
		if (json_is_true(json_object_get(json_object_get(gen.v[i],
		    "facts"), "maps_tiers")))
			tiered = gen.v[i];
	ru_list_free(&gen);
	if (sim != NULL && json_is_true(json_object_get(json_object_get(sim,
	    "facts"), "maps_tiers"))) {
		struct sbuf m = {0};

		mapping_text(&m, sim);
		o.expect = proof_side(sim, 0, json_string(sbuf_str(&m)));
		sbuf_free(&m);
		ev_add(o.evidence, "priority -> ramp", sim);
		nsim = dispatch_mismatches(j, sim, &simbad);
	}
	if (tiered == NULL) {
		sbuf_adds(&o.why, av->generated ? "No switch or if-chain on "
		    "priority that selects tier parameters was found in the "
		    "generated plugin: review how it picks each tier's ramp." :
		    "The real bundle has no generated Go plugin (generated/*.go)"
		    " to check.");
		if (nsim > 0)
			sbuf_printf(&o.why, " The sim algorithm itself "
			    "disagrees with the tier table: %s.",
			    sbuf_str(&simbad));
		v = nsim > 0 ? V_FAIL : av->generated ? V_WARN :
		    V_INAPPLICABLE;
		out_emit(j, r, &o, v, nsim > 0 ? "Fix the sim algorithm's tier "
		    "mapping and rerun the simulation." : ACT_REVIEW);
		sbuf_free(&simbad);
		return;
	}
	{
		struct sbuf m = {0};

		mapping_text(&m, tiered);
		o.actual = proof_side(tiered, 0, json_string(sbuf_str(&m)));
		sbuf_printf(&o.why, "The generated plugin dispatches %s (",
		    sbuf_str(&m));
		where(&o.why, tiered, 0);
		sbuf_adds(&o.why, ").");
		sbuf_free(&m);
	}
	ev_add(o.evidence, "priority -> parameters",
	    tiered);
	nbad = dispatch_mismatches(j, tiered, &bad);
	if (nbad > 0) {
		sbuf_printf(&o.why, " Wrong: %s.", sbuf_str(&bad));
		if (json_is_true(json_object_get(json_object_get(tiered,
		    "facts"), "swapped")) || nbad >= 2)
			sbuf_adds(&o.why, " Sheddable (-50) and batch (-10) are "
			    "swapped: sheddable requests get the gentle batch "
			    "ramp and batch requests the aggressive one, so the "
			    "treatment protects the wrong tier and its results "
			    "say nothing about the simulated algorithm.");
	} else
		sbuf_adds(&o.why, " Each priority gets its own tier's "
		    "parameters: sheddable (-50) the more aggressive ramp, "
		    "batch (-10) the less aggressive one.");
	ramp_text(&o.why, j, "sheddable");
	ramp_text(&o.why, j, "batch");
	if (nsim > 0)
		sbuf_printf(&o.why, " The sim algorithm disagrees with the "
		    "tier table too: %s.", sbuf_str(&simbad));
	v = nbad > 0 || nsim > 0 ? V_FAIL : V_PASS;
	out_emit(j, r, &o, v, "Fix the priority switch of the generated "
	    "plugin so that -50 uses the sheddable parameters and -10 the "
	    "batch ones, rebuild and rerun the treatment arm.");
	sbuf_free(&bad);
	sbuf_free(&simbad);
}

/* A branch that admits priority >= 0 before any shedding. */
static bool
admits_nonnegative(const json_t *p, long *line, const char **cond)
{
	json_t *br = json_object_get(json_object_get(p, "facts"), "branches");
	json_t *b;
	size_t k;

	json_array_foreach(br, k, b) {
		const char *c = rec_get_str(b, "cond");
		json_t *rets = json_object_get(b, "returns");
		bool nil = false;
		size_t i;
		json_t *x;

		json_array_foreach(rets, i, x)
			nil = nil || (json_string_value(x) != NULL &&
			    strcmp(json_string_value(x), "nil") == 0);
		if (c == NULL || !nil)
			continue;
		if (strstr(c, ">= 0") != NULL || strstr(c, "> -1") != NULL ||
		    strstr(c, "!IsSheddable") != NULL ||
		    strstr(c, "!requtil.IsSheddable") != NULL) {
			*line = (long)json_number_value(json_object_get(b,
			    "line"));
			*cond = c;
			return true;
		}
	}
	return false;
}

static void
protected_verdict(struct judge *j, const struct rule *r, struct avail *av)
{
	struct ru_list gen;
	const json_t *hit = NULL;
	const char *cond = NULL;
	long line = 0;
	struct out o;

	out_init(&o, "priority.protected");
	claim_list(j, "4d.generated-dispatch", "generated", &gen);
	for (size_t i = 0; i < gen.n && hit == NULL; i++)
		if (found(gen.v[i]) && admits_nonnegative(gen.v[i], &line,
		    &cond))
			hit = gen.v[i];
	ru_list_free(&gen);
	{
		const json_t *crit = tier_of_value(j, 100);
		const json_t *std = tier_of_value(j, 0);

		if (crit != NULL || std != NULL) {
			sbuf_adds(&o.why, "The tier table gives ");
			if (crit != NULL) {
				sbuf_printf(&o.why, "%s priority 100 (",
				    ru_scope(crit, "class"));
				rec_where(&o.why, crit);
				sbuf_adds(&o.why, ")");
			}
			if (std != NULL) {
				sbuf_printf(&o.why, "%s%s priority 0 (",
				    crit ? " and " : "", ru_scope(std, "class"));
				rec_where(&o.why, std);
				sbuf_adds(&o.why, ")");
			}
			sbuf_adds(&o.why, ": always admitted. ");
			o.expect = rec_side(crit != NULL ? crit : std);
		}
	}
	if (hit != NULL) {
		struct hit h = { .p = hit, .line = line };

		snprintf(h.code, sizeof(h.code), "if %s { return nil }", cond);
		o.actual = hit_side(&h);
		ev_add(o.evidence, "non-negative priorities "
		    "admitted", hit);
		sbuf_adds(&o.why, "The generated plugin admits every priority "
		    ">= 0 before any shedding (");
		cite(&o.why, &h);
		sbuf_adds(&o.why, ").");
		out_emit(j, r, &o, V_PASS, NULL);
		return;
	}
	sbuf_adds(&o.why, av->generated ? "No branch admitting priority >= 0 "
	    "before shedding was found in the generated plugin: review that "
	    "critical and standard requests are never shed." : "The real "
	    "bundle has no generated Go plugin (generated/*.go) to check.");
	out_emit(j, r, &o, av->generated ? V_WARN : V_INAPPLICABLE,
	    ACT_REVIEW);
}

static void
semantics_verdict(struct judge *j, const struct rule *r, struct avail *av)
{
	const json_t *shed = first_found(j, "4d.is-sheddable", "router");
	const json_t *def = first_found(j, "4d.default-priority", "router");
	const json_t *none = any_record(j, "4d.no-tier-constants", "router");
	struct sbuf wrong = {0};
	struct ru_list tiers_l;
	enum jverdict_value v;
	struct out o;

	out_init(&o, "priority.semantics");
	ru_collect(j, NULL, "expect", "priority.tier", RU_ANY, true, &tiers_l);
	if (tiers_l.n > 0) {
		sbuf_adds(&o.why, "Tier table:");
		o.expect = rec_side(tiers_l.v[0]);
	}
	for (size_t i = 0; i < tiers_l.n; i++) {
		const char *cls = ru_scope(tiers_l.v[i], "class");
		double p;

		if (cls == NULL || !num_value(tiers_l.v[i], &p))
			continue;
		sbuf_printf(&o.why, "%s %s ", i ? "," : "", cls);
		fmt_num(&o.why, p);
		if (((strcmp(cls, "sheddable") == 0 ||
		    strcmp(cls, "batch") == 0) && p >= 0) ||
		    ((strcmp(cls, "critical") == 0 ||
		    strcmp(cls, "standard") == 0) && p < 0)) {
			sbuf_printf(&wrong, "%s%s at ", wrong.len ? ", " : "",
			    cls);
			fmt_num(&wrong, p);
		}
	}
	if (tiers_l.n > 0) {
		sbuf_adds(&o.why, " (");
		rec_where(&o.why, tiers_l.v[0]);
		sbuf_adds(&o.why, ").");
	} else
		sbuf_adds(&o.why, "The sim bundle has no priority tier table.");
	ru_list_free(&tiers_l);
	ev_claim(o.evidence, j, "4d.is-sheddable", "router",
	    "negative priority means sheddable");
	ev_claim(o.evidence, j, "4d.default-priority", "router",
	    "an unset priority is 0");
	if (!av->router) {
		sbuf_printf(&o.why, " Router priority semantics: %s.",
		    NO_CODEBASE);
		out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		sbuf_free(&wrong);
		return;
	}
	if (shed != NULL) {
		o.actual = proof_side(shed, 0, json_string("priority < 0 is "
		    "sheddable"));
		sbuf_adds(&o.why, " The router treats a negative priority as "
		    "sheddable (");
		where(&o.why, shed, 0);
		sbuf_adds(&o.why, ")");
		if (def != NULL) {
			sbuf_adds(&o.why, " and an unset one as 0 (");
			where(&o.why, def, 0);
			sbuf_adds(&o.why, ")");
		}
		sbuf_adds(&o.why, ".");
	} else
		sbuf_adds(&o.why, " IsSheddable was not found in the router "
		    "(claim 4d.is-sheddable).");
	if (none != NULL && status_is(none, "not_found"))
		sbuf_adds(&o.why, " The router defines no -50 priority "
		    "constant: the tier values come from the experiment's "
		    "InferenceObjectives.");
	if (wrong.len > 0)
		sbuf_printf(&o.why, " Inconsistent with the router: %s (the "
		    "router sheds exactly the negative priorities).",
		    sbuf_str(&wrong));
	v = wrong.len > 0 ? V_FAIL : shed == NULL ? V_WARN :
	    o.expect == NULL ? V_MISSING : V_PASS;
	out_emit(j, r, &o, v, wrong.len > 0 ? "Give sheddable and batch "
	    "negative priorities and critical/standard non-negative ones in "
	    "the InferenceObjectives and the tier table." : "Find the "
	    "router's sheddable rule by hand.");
	sbuf_free(&wrong);
}

static void
rule_tiers(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct avail av;

	availability(j, &av);
	dispatch_verdict(j, r, &av);
	protected_verdict(j, r, &av);
	semantics_verdict(j, r, &av);
	strv_free(&av.labels);
}

const struct rule rules_signal[] = {
	{ "3a", "Signal availability", false, rule_signals },
	{ "3b", "Signal transform", false, rule_transform },
	{ "3c", "Saturation formula", false, rule_saturation },
	{ "3d", "Snapshot delay", false, rule_snapshot },
	{ NULL, NULL, false, NULL }
};

const struct rule rules_policy[] = {
	{ "4a", "Routing policy", false, rule_routing },
	{ "4b", "Baseline admission", false, rule_baseline },
	{ "4c", "Treatment parameters", false, rule_treatment },
	{ "4d", "Priority tier mapping", false, rule_tiers },
	{ NULL, NULL, false, NULL }
};
