/* satside.c - see satside.h. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "proofutil.h"
#include "rec.h"
#include "ruleutil.h"
#include "satside.h"
#include "str.h"

static const char *const kv_needles[] = { "KVCacheUsagePercent", "KVUtil",
	"kvUtil", "KVUsage", "kvUsage", NULL };
static const char *const queue_needles[] = { "WaitingQueueSize",
	"QueueDepth", "queueDepth", NULL };

const json_t *
satside_branch(const json_t *p, const char *which, bool skips_only)
{
	const json_t *arr = json_object_get(json_object_get(p, "facts"),
	    "metrics");
	const char *act;
	json_t *b;
	size_t i;

	json_array_foreach(arr, i, b) {
		act = rec_get_str(b, "action");
		if (json_is_true(json_object_get(b, which)) && (!skips_only ||
		    (act != NULL && strcmp(act, "skips") == 0)))
			return b;
	}
	return NULL;
}

/* Whether name (up to a non-identifier byte) reads a signal: the
 * metrics accessor or a queue or KV field. */
static bool
signal_name(const char *name)
{
	static const char *const acc[] = { "GetMetrics", NULL };
	const char *const *lists[] = { acc, queue_needles, kv_needles };
	size_t n = 0;

	while (isalnum((unsigned char)name[n]) || name[n] == '_')
		n++;
	for (size_t l = 0; l < 3; l++)
		for (size_t k = 0; lists[l][k] != NULL; k++)
			if (strlen(lists[l][k]) == n &&
			    strncmp(name, lists[l][k], n) == 0)
				return true;
	return false;
}

/* A signal read through a constant index of a slice
 * ("endpoints[0].GetMetrics()", "snaps[1].QueueDepth"): inside a mean
 * over endpoints every term is then that one endpoint's. */
static bool
indexed_read(const json_t *p, struct pu_hit *h)
{
	const json_t *sig = json_object_get(json_object_get(p, "facts"),
	    "signals");
	json_t *x;
	size_t k;

	json_array_foreach(sig, k, x) {
		const char *code = rec_get_str(x, "code");

		for (const char *q = code; q != NULL &&
		    (q = strchr(q, '[')) != NULL; q++) {
			const char *d = q + 1;

			while (isdigit((unsigned char)*d))
				d++;
			if (d == q + 1 || d[0] != ']' || d[1] != '.' ||
			    !signal_name(d + 2))
				continue;
			h->p = p;
			h->line = (long)json_integer_value(json_object_get(x,
			    "line"));
			snprintf(h->code, sizeof(h->code), "%s", code);
			return true;
		}
	}
	return false;
}

/* Whether a code line of p keeps a running max, "acc = max(acc, ...)"
 * (or math.Max): an aggregation over endpoints that returns the most
 * loaded one's load where no division by the count makes a mean.
 * Comment lines are passed over (a doc comment may say max(). */
static bool
running_max(const json_t *p)
{
	const char *s = rec_get_str(p, "snippet"), *e, *q;
	static const char *const fns[] = { "= max(", "= math.Max(", NULL };

	for (; s != NULL && *s != '\0'; s = *e ? e + 1 : e) {
		e = s + strcspn(s, "\n");
		s += strspn(s, " \t");
		if (strncmp(s, "//", 2) == 0)
			continue;
		for (size_t k = 0; fns[k] != NULL; k++) {
			size_t n = strcspn(s, " \t=");

			q = strstr(s, fns[k]);
			if (n == 0 || q == NULL || q >= e)
				continue;
			q += strlen(fns[k]);
			if (strncmp(q, s, n) == 0 && q[n] == ',')
				return true;
		}
	}
	return false;
}

/* Skips the wrappers of a clamped count at s (float64(, max(,
 * math.Max(, "1, "): where the count's len( is, or NULL when s is not
 * such a divisor; *clamped says whether a max was passed. */
static const char *
clamp_divisor(const char *s, bool *clamped)
{
	static const char *const wrap[] = { "float64(", "max(", "math.Max(",
	    "1, ", "1.0, ", NULL };
	bool more = true;

	*clamped = false;
	while (more) {
		more = false;
		s += strspn(s, " \t");
		for (size_t k = 0; wrap[k] != NULL; k++)
			if (strncmp(s, wrap[k], strlen(wrap[k])) == 0) {
				*clamped |= strstr(wrap[k], "ax(") != NULL;
				s += strlen(wrap[k]);
				more = true;
				break;
			}
	}
	return strncmp(s, "len(", 4) == 0 ? s : NULL;
}

struct clampscan {
	struct formula	*f;
	char		 acc[64];	/* the accumulator divided */
};

/* A line "return ACC / float64(max(len(x), 1))" (or the count clamped
 * with math.Max): the mean that needs no empty-pool branch. */
static bool
clamp_line(long line, const char *code, const char *text, void *arg)
{
	struct clampscan *cs = arg;
	const char *d = strchr(code, '/'), *a;
	bool clamped;
	size_t n;

	if (d == NULL || clamp_divisor(d + 1, &clamped) == NULL || !clamped)
		return false;
	for (a = d; a > code && (a[-1] == ' ' || a[-1] == '\t'); a--)
		;
	for (n = 0; a > code && (isalnum((unsigned char)a[-1]) ||
	    a[-1] == '_'); a--)
		n++;
	if (n == 0 || n >= sizeof(cs->acc))
		return false;
	memcpy(cs->acc, a, n);
	cs->acc[n] = '\0';
	cs->f->clamp = true;
	cs->f->clampline.p = cs->f->p;
	cs->f->clampline.line = line;
	snprintf(cs->f->clampline.code, sizeof(cs->f->clampline.code), "%s",
	    text);
	return true;
}

/* The accumulator's declaration, "ACC := 0.0" (0, float64(0)) or
 * "var ACC float64": it starts at 0. */
static bool
clamp_start(long line, const char *code, const char *text, void *arg)
{
	struct clampscan *cs = arg;
	static const char *const zero[] = { "0", "0.0", "0.", "float64(0)",
	    NULL };
	size_t n = strlen(cs->acc);
	const char *s = code;
	bool ok = false;

	if (strncmp(s, "var ", 4) == 0) {
		s += 4 + strspn(s + 4, " \t");
		ok = strncmp(s, cs->acc, n) == 0 && strcmp(s + n,
		    " float64") == 0;
	} else if (strncmp(s, cs->acc, n) == 0 && strncmp(s + n, " := ",
	    4) == 0) {
		for (size_t k = 0; zero[k] != NULL && !ok; k++)
			ok = strcmp(s + n + 4, zero[k]) == 0;
	}
	if (!ok)
		return false;
	cs->f->cstart = "0";
	cs->f->startline.p = cs->f->p;
	cs->f->startline.line = line;
	snprintf(cs->f->startline.code, sizeof(cs->f->startline.code), "%s",
	    text);
	return true;
}

static void
clamp_analyse(struct formula *f)
{
	struct clampscan cs = { .f = f };

	if (pu_each_line(f->p, clamp_line, &cs))
		pu_each_line(f->p, clamp_start, &cs);
}

/* The name a term line assigns ("qRatio := …"), else the line's
 * signal needle itself: what a combining line names the term by. */
static void
term_name(const struct pu_hit *h, const char *const *needles, char *out,
    size_t len)
{
	size_t n = 0;

	out[0] = '\0';
	while (isalnum((unsigned char)h->code[n]) || h->code[n] == '_')
		n++;
	if (n > 0 && n < len && (strncmp(h->code + n, " := ", 4) == 0 ||
	    strncmp(h->code + n, " = ", 3) == 0)) {
		memcpy(out, h->code, n);
		out[n] = '\0';
		return;
	}
	for (size_t k = 0; needles[k] != NULL; k++)
		if (strstr(h->code, needles[k]) != NULL) {
			snprintf(out, len, "%s", needles[k]);
			return;
		}
}

/* The first whole-word occurrence of w in code, or NULL. */
static const char *
word_in(const char *code, const char *w)
{
	size_t n = strlen(w);

	for (const char *s = strstr(code, w); s != NULL; s = strstr(s + 1,
	    w))
		if ((s == code || !(isalnum((unsigned char)s[-1]) ||
		    s[-1] == '_')) && !(isalnum((unsigned char)s[n]) ||
		    s[n] == '_'))
			return s;
	return NULL;
}

struct sumscan {
	char	 q[64], kv[64];
};

/* A line naming both terms with a '+' between them: "qRatio + kvRatio"
 * (a "total +=" before them is the accumulation, not the combination). */
static bool
sum_line(long line, const char *code, const char *text, void *arg)
{
	const struct sumscan *ss = arg;
	const char *a = word_in(code, ss->q), *b = word_in(code, ss->kv);

	(void)line;
	(void)text;
	if (a == NULL || b == NULL || a == b)
		return false;
	if (a > b) {
		const char *t = a;

		a = b;
		b = t;
	}
	return memchr(a, '+', (size_t)(b - a)) != NULL;
}

/* Whether the two ratio terms are added rather than max'ed. */
static bool
terms_summed(const struct formula *f)
{
	struct sumscan ss;

	term_name(&f->qline, queue_needles, ss.q, sizeof(ss.q));
	term_name(&f->kvline, kv_needles, ss.kv, sizeof(ss.kv));
	if (ss.q[0] == '\0' || ss.kv[0] == '\0')
		return false;
	return pu_each_line(f->p, sum_line, &ss);
}

void
satside_analyse(const json_t *p, const char *who, struct formula *f)
{
	const json_t *ep = json_object_get(json_object_get(p, "facts"),
	    "empty_pool");

	memset(f, 0, sizeof(*f));
	f->who = who;
	if (p == NULL)
		return;
	f->p = p;
	f->queue = pu_find_line(p, queue_needles, &f->qline);
	f->kv = pu_find_line(p, kv_needles, &f->kvline);
	f->max = pu_code_has(p, "max(");
	/* min( elsewhere (a clamp) only counts when no max( combines the
	 * two terms. */
	f->min = !f->max && f->queue && f->kv && pu_code_has(p, "min(");
	f->sum = !f->max && !f->min && f->queue && f->kv && terms_summed(f);
	clamp_analyse(f);
	f->mean = pu_code_has(p, "/ float64(len(") ||
	    pu_code_has(p, "/float64(len(") || f->clamp;
	f->pmax = !f->mean && running_max(p);
	f->one = f->mean && indexed_read(p, &f->oneline);
	f->miss = satside_branch(p, "missing", false);
	f->stale = satside_branch(p, "stale", false);
	f->empty = rec_get_str(ep, "returns");
}

bool
satside_recognised(const struct formula *f)
{
	if (f->p == NULL || (!f->mean && !f->pmax))
		return false;
	if (f->queue && f->kv)
		return f->max || f->min || f->sum;
	return f->queue || f->kv;	/* one term: nothing to combine */
}

void
satside_describe(struct sbuf *b, const struct formula *f)
{
	sbuf_printf(b, "%s %s (", f->who, satside_name(f->p));
	pu_where(b, f->p, 0);
	sbuf_adds(b, "): ");
	if (!satside_recognised(f)) {
		sbuf_adds(b, "terms or aggregation not recognised");
		return;
	}
	sbuf_printf(b, "per endpoint %s%s%s%s%s, %s over endpoints",
	    f->queue && f->kv ? (f->max ? "max(" : f->min ? "min(" : "") :
	    "", f->queue ? "queue ratio" : "",
	    f->queue && f->kv ? (f->sum ? " + " : ", ") : "",
	    f->kv ? "KV ratio" : "",
	    f->queue && f->kv && !f->sum ? ")" : "", f->pmax ? "max (the most loaded "
	    "endpoint's)" : "mean");
	if (f->one) {
		sbuf_adds(b, ", but every term reads one endpoint's metrics (");
		pu_cite(b, &f->oneline);
		sbuf_adds(b, ")");
	}
}

const char *
satside_name(const json_t *p)
{
	const char *n = rec_get_str(json_object_get(p, "facts"), "name");
	const char *sym = rec_get_str(p, "symbol"), *dot;

	if (n != NULL)
		return n;
	if (sym == NULL)
		return "?";
	dot = strrchr(sym, '.');
	return dot != NULL ? dot + 1 : sym;
}

const char *
satside_class(const json_t *p)
{
	static const char *const classes[] = { "admit", "filter", "score",
	    "pick", "saturation", NULL };
	const char *name = satside_name(p);

	for (size_t i = 0; classes[i] != NULL; i++)
		if (pu_icontains(name, classes[i]))
			return classes[i];
	return "helper";
}

void
satside_decisions(const struct judge *j, const char *role,
    struct ru_list *out)
{
	struct ru_list all;

	memset(out, 0, sizeof(*out));
	pu_claim_list(j, strcmp(role, "sim") == 0 ? "3c.sim-decisions" :
	    "3c.generated-decisions", role, &all);
	for (size_t i = 0; i < all.n; i++)
		if (pu_found(all.v[i]))
			ru_list_add(out, all.v[i]);
	ru_list_free(&all);
}

const json_t *
satside_of_class(const struct judge *j, const char *role, const char *cls)
{
	struct ru_list l;
	const json_t *p = NULL;

	satside_decisions(j, role, &l);
	for (size_t i = 0; i < l.n && p == NULL; i++)
		if (strcmp(satside_class(l.v[i]), cls) == 0)
			p = l.v[i];
	ru_list_free(&l);
	return p;
}

static bool
in_list(const struct ru_list *l, const json_t *p)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i] == p)
			return true;
	return false;
}

/* Whether p's facts.calls names q's function. */
static bool
calls(const json_t *p, const json_t *q)
{
	const json_t *c = json_object_get(json_object_get(p, "facts"),
	    "calls");
	json_t *x;
	size_t i;

	json_array_foreach(c, i, x)
		if (json_string_value(x) != NULL &&
		    strcmp(json_string_value(x), satside_name(q)) == 0)
			return true;
	return false;
}

void
satside_path(const struct judge *j, struct ru_list *out)
{
	struct ru_list all;

	memset(out, 0, sizeof(*out));
	satside_decisions(j, "generated", &all);
	for (size_t i = 0; i < all.n; i++)
		if (strcmp(satside_class(all.v[i]), "admit") == 0)
			ru_list_add(out, all.v[i]);
	if (out->n == 0) {
		for (size_t i = 0; i < all.n; i++)
			ru_list_add(out, all.v[i]);
		ru_list_free(&all);
		return;
	}
	/* Breadth first: out grows while it is walked. */
	for (size_t k = 0; k < out->n; k++)
		for (size_t i = 0; i < all.n; i++)
			if (!in_list(out, all.v[i]) && calls(out->v[k],
			    all.v[i]))
				ru_list_add(out, all.v[i]);
	ru_list_free(&all);
}

/* Rank of p as a side's saturation function: a recognised formula named
 * for saturation, any recognised formula, one named for saturation. */
static int
saturation_rank(const json_t *p)
{
	struct formula t;
	bool named = pu_icontains(satside_name(p), "saturation");

	satside_analyse(p, "", &t);
	if (satside_recognised(&t))
		return named ? 3 : 2;
	return named ? 1 : 0;
}

/* The best-ranked function of l, or NULL. */
static const json_t *
best_saturation(const struct ru_list *l)
{
	const json_t *best = NULL;
	int rank = 0;

	for (size_t i = 0; i < l->n; i++)
		if (saturation_rank(l->v[i]) > rank) {
			rank = saturation_rank(l->v[i]);
			best = l->v[i];
		}
	return best;
}

/* The side's saturation function.  The generated plugin's is looked for
 * on its decision path first: a correct formula in a function nothing
 * calls is dead code, not what the deployed plugin computes.  The path
 * follows calls between functions that read the signals only, so when
 * it holds none (a call through a helper that reads nothing), every
 * decision function is looked at. */
static const json_t *
side_saturation(const struct judge *j, const char *role)
{
	struct ru_list l;
	const json_t *best = NULL;

	if (strcmp(role, "generated") == 0) {
		satside_path(j, &l);
		best = best_saturation(&l);
		ru_list_free(&l);
		if (best != NULL)
			return best;
	}
	satside_decisions(j, role, &l);
	best = best_saturation(&l);
	ru_list_free(&l);
	return best;
}

/* The router's function: the first recognised one, else the first. */
static void
router_formula(const struct judge *j, struct formula *f, struct pu_out *o)
{
	struct ru_list l;
	bool have = false;

	satside_analyse(NULL, "router", f);
	pu_claim_list(j, "3c.router-saturation", "router", &l);
	for (size_t i = 0; i < l.n; i++) {
		struct formula t;

		if (!pu_found(l.v[i]))
			continue;
		if (o != NULL)
			pu_ev_add(o->evidence, "saturation detector "
			    "(full function)", l.v[i]);
		satside_analyse(l.v[i], "router", &t);
		if (!have || (satside_recognised(&t) &&
		    !satside_recognised(f))) {
			*f = t;
			have = true;
		}
	}
	ru_list_free(&l);
}

void
satside_formulas(const struct judge *j, struct formula f[NSIDES],
    struct pu_out *o)
{
	router_formula(j, &f[SIDE_ROUTER], o);
	satside_analyse(side_saturation(j, "sim"), "sim algorithm",
	    &f[SIDE_SIM]);
	satside_analyse(side_saturation(j, "generated"), "generated plugin",
	    &f[SIDE_GEN]);
	if (o == NULL)
		return;
	for (size_t i = SIDE_SIM; i < NSIDES; i++)
		if (f[i].p != NULL)
			pu_ev_add(o->evidence, "saturation (full function)",
			    f[i].p);
}

bool
satside_counts(const json_t *branch)
{
	const char *act = rec_get_str(branch, "action");
	const char *v = rec_get_str(branch, "value");
	double x;

	return act != NULL && v != NULL && (strcmp(act, "adds") == 0 ||
	    strcmp(act, "returns") == 0) && parse_f64(v, strlen(v), &x) &&
	    x >= 1;
}

void
satside_action_text(struct sbuf *b, const json_t *branch)
{
	const char *act = rec_get_str(branch, "action");
	const char *v = rec_get_str(branch, "value");

	if (act == NULL)
		act = "other";
	if (strcmp(act, "adds") == 0)
		sbuf_printf(b, "adds %s to the total%s", v ? v : "?",
		    satside_counts(branch) ? " (counted as fully loaded)" : "");
	else if (strcmp(act, "skips") == 0)
		sbuf_adds(b, json_is_true(json_object_get(branch,
		    "implicit")) ? "leaves the endpoint out (the test for "
		    "metrics has no else)" : "skips the endpoint (continue): not "
		    "counted at all");
	else if (strcmp(act, "returns") == 0)
		sbuf_printf(b, "returns %s", v ? v : "?");
	else
		sbuf_adds(b, "does something else with it");
}

void
satside_branch_cite(struct sbuf *b, const char *who, const json_t *p,
    const json_t *branch)
{
	double line = 0;

	rec_get_num(branch, "line", &line);
	sbuf_printf(b, "%s %s (", who, satside_name(p));
	pu_where(b, p, (long)line);
	sbuf_printf(b, " `if %s`)", rec_get_str(branch, "cond") ?
	    rec_get_str(branch, "cond") : "?");
}

size_t
satside_present(const struct formula f[NSIDES], const struct pu_avail *av,
    struct sbuf *why)
{
	size_t n = (f[SIDE_ROUTER].p != NULL) + (f[SIDE_SIM].p != NULL) +
	    (f[SIDE_GEN].p != NULL);

	if (n >= 2)
		return n;
	sbuf_adds(why, " Nothing to compare it with:");
	if (f[SIDE_ROUTER].p == NULL)
		sbuf_printf(why, " router: %s;", av->router ? "no saturation "
		    "detector found (claim 3c.router-saturation)" :
		    PU_NO_CODEBASE);
	if (f[SIDE_SIM].p == NULL)
		sbuf_adds(why, " the sim bundle has no saturation function in "
		    "algorithm/ or algorithms/;");
	if (f[SIDE_GEN].p == NULL)
		sbuf_adds(why, " the real bundle has no generated plugin "
		    "computing one;");
	why->s[why->len - 1] = '.';
	return n;
}
