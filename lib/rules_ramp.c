/* rules_ramp.c - check 4d's shed-ramp guard (priority.ramp_guard): does
 * the generated plugin's admission function admit a shed tier below its
 * ramp's start, as the sim algorithm does?
 *
 * A ramp sheds nothing below its start and then more and more up to its
 * full point.  The guard in front of it (`if saturation < shedStart {
 * return nil }`) decides which side of the start is admitted outright;
 * inverted (`saturation > shedStart`), the tier is admitted under load and
 * shed only while the pool is nearly idle.  4c compares the ramp's
 * parameters and the other 4d verdicts which tier's parameters each
 * priority gets; this one reads the guard itself, from the proof claims
 * 4d.generated-ramp-guard and 4d.sim-ramp-guard (pipelines/proofs.yaml:
 * an if comparing a saturation-like operand with a start-like one, with
 * the returns of its branch).  The same verdict reads what lies past the
 * guard: the probability (saturation - start) / (full - start) and the
 * draw that rejects when rand() < p (4d.generated-ramp-slope and -draw:
 * ends swapped or the draw inverted shed less as the pool fills), and
 * whether the admission function can reject at all
 * (4d.generated-admit-returns: every return admitting sheds nothing).
 * ramp_ends_wrong() serves priority.dispatch: a tier branch that assigns
 * its ramp's start from a full point and back (transposed: never shed)
 * or both ends the same value (no width: shed outright). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "judge.h"
#include "proofutil.h"
#include "rules_ramp.h"
#include "rec.h"
#include "ruleutil.h"
#include "str.h"

/* One guard: the comparison of its condition that holds a saturation and
 * a ramp start, read as "saturation OP start". */
struct guard {
	const json_t	*p;		/* its proof record */
	char		 sat[96], start[96];
	char		 op[3];		/* <, <=, >, >= */
	bool		 below;		/* true when the branch runs below the start */
};

/* Names, not values: a generated plugin and a sim algorithm name them as
 * they like (saturation, sat, poolSaturation, load; shedStart, start,
 * SheddableShedStart), so any identifier holding "sat" or "load" is a
 * saturation and any holding "start" a ramp start (case ignored); one
 * holding both is neither. */
static bool
start_like(const char *id)
{
	return pu_icontains(id, "start");
}

static bool
sat_like(const char *id)
{
	return (pu_icontains(id, "sat") || pu_icontains(id, "load")) &&
	    !start_like(id);
}

static bool
operand_byte(int c)
{
	return isalnum(c) || c == '_' || c == '.';
}

/* The operand that ends at text[e] (exclusive), spaces before e skipped. */
static void
operand_before(const char *text, size_t e, char *out, size_t n)
{
	size_t a;

	while (e > 0 && text[e - 1] == ' ')
		e--;
	for (a = e; a > 0 && operand_byte((unsigned char)text[a - 1]); a--)
		;
	snprintf(out, n, "%.*s", (int)(e - a), text + a);
}

/* The operand that starts at text[a], spaces skipped. */
static void
operand_after(const char *text, size_t a, char *out, size_t n)
{
	size_t e;

	while (text[a] == ' ')
		a++;
	for (e = a; operand_byte((unsigned char)text[e]); e++)
		;
	snprintf(out, n, "%.*s", (int)(e - a), text + a);
}

/* The first comparison of cond between a saturation and a ramp start
 * (either order: start > sat is sat < start); false when none.  Shifts
 * (<<, >>) and channel receives (<-) are not comparisons. */
static bool
guard_parse(const char *cond, struct guard *g)
{
	for (size_t i = 0; cond[i] != '\0'; i++) {
		char l[96], r[96], c = cond[i];
		bool eq = cond[i + 1] == '=';

		if ((c != '<' && c != '>') || cond[i + 1] == c ||
		    (i > 0 && cond[i - 1] == c) || cond[i + 1] == '-')
			continue;
		operand_before(cond, i, l, sizeof(l));
		operand_after(cond, i + 1 + eq, r, sizeof(r));
		if (sat_like(l) && start_like(r)) {
			g->below = c == '<';
			snprintf(g->sat, sizeof(g->sat), "%s", l);
			snprintf(g->start, sizeof(g->start), "%s", r);
		} else if (start_like(l) && sat_like(r)) {
			g->below = c == '>';
			snprintf(g->sat, sizeof(g->sat), "%s", r);
			snprintf(g->start, sizeof(g->start), "%s", l);
		} else
			continue;
		snprintf(g->op, sizeof(g->op), "%c%s", g->below ? '<' : '>',
		    eq ? "=" : "");
		return true;
	}
	return false;
}

/* Whether every return of the guard's branch admits: nil for an
 * admission plugin's error, true for a sim algorithm's bool. */
static bool
branch_admits(const json_t *p)
{
	const json_t *rets = json_object_get(json_object_get(p, "facts"),
	    "returns");
	json_t *r;
	size_t i;

	if (json_array_size(rets) == 0)
		return false;
	json_array_foreach(rets, i, r) {
		const char *code = rec_get_str(r, "code");

		if (code == NULL || (strcmp(code, "return nil") != 0 &&
		    strcmp(code, "return true") != 0))
			return false;
	}
	return true;
}

/* The admitting ramp guards of role's claim inside an admission function
 * (its name holds "admit"), input order. */
static size_t
guards_of(const struct judge *j, const char *claim, const char *role,
    struct guard *out, size_t max)
{
	struct ru_list l;
	size_t n = 0;

	pu_claim_list(j, claim, role, &l);
	for (size_t i = 0; i < l.n && n < max; i++) {
		const json_t *facts = json_object_get(l.v[i], "facts");
		const char *fn = rec_get_str(json_object_get(facts,
		    "enclosing_func"), "symbol");
		const char *cond = rec_get_str(facts, "match");

		memset(&out[n], 0, sizeof(out[n]));
		out[n].p = l.v[i];
		if (pu_found(l.v[i]) && fn != NULL && pu_icontains(fn, "admit") &&
		    cond != NULL && branch_admits(l.v[i]) &&
		    guard_parse(cond, &out[n]))
			n++;
	}
	ru_list_free(&l);
	return n;
}

/* "`if saturation < shedStart { return nil }` (real generated/x.go:97)
 * admits while saturation < shedStart, below the ramp's start" */
static void
guard_text(struct sbuf *b, const struct guard *g)
{
	const json_t *facts = json_object_get(g->p, "facts");

	sbuf_printf(b, "`%s { %s }` (", rec_get_str(facts, "match"),
	    rec_get_str(json_array_get(json_object_get(facts, "returns"), 0),
	    "code"));
	pu_where(b, g->p, 0);
	sbuf_printf(b, ") admits while %s %s %s, %s the ramp's start", g->sat,
	    g->op, g->start, g->below ? "below" : "ABOVE");
}

static json_t *
guard_side(const struct guard *g)
{
	char v[256];

	snprintf(v, sizeof(v), "admit while %s %s %s", g->sat, g->op,
	    g->start);
	return pu_proof_side(g->p, 0, json_string(v));
}

/* Whether the generated plugin has a tier dispatch in an admission
 * function: then a ramp guard is expected. */
static bool
admits_by_tier(const json_t *p, void *arg)
{
	const json_t *facts = json_object_get(p, "facts");
	const char *fn = rec_get_str(json_object_get(facts, "enclosing_func"),
	    "symbol");

	return json_is_true(json_object_get(facts, "maps_tiers")) &&
	    fn != NULL && pu_icontains(fn, "admit");
}

#define NEVER_ACT "Make the admission function of the generated plugin " \
	"reject (return an error) when the ramp's draw says shed, rebuild " \
	"and rerun the treatment arm."

/* Whether the readers record p (4d.generated-admit-returns) is the
 * function named by symbol ("(*Admitter).AdmitRequest" or "Admit"). */
static bool
is_func(const json_t *p, void *arg)
{
	const json_t *facts = json_object_get(p, "facts");
	const char *name = rec_get_str(facts, "name");
	const char *recv = rec_get_str(facts, "receiver");
	char sym[256];

	if (name == NULL)
		return false;
	if (recv != NULL)
		snprintf(sym, sizeof(sym), json_is_true(json_object_get(facts,
		    "pointer")) ? "(*%s).%s" : "%s.%s", recv, name);
	else
		snprintf(sym, sizeof(sym), "%s", name);
	return strcmp(sym, (const char *)arg) == 0;
}

/* The admission function that dispatches by tier, when every one of its
 * returns admits (return nil, return true): it never rejects, so the
 * ramp it computes sheds nothing.  A return of anything else (an error,
 * a helper's result) may reject: NULL then, as when it is not found. */
static const json_t *
never_rejects(const struct judge *j)
{
	const json_t *d = pu_claim_find(j, "4d.generated-dispatch",
	    "generated", PU_FOUND, admits_by_tier, NULL);
	const char *fn = d != NULL ? rec_get_str(json_object_get(
	    json_object_get(d, "facts"), "enclosing_func"), "symbol") : NULL;
	const json_t *f = fn != NULL ? pu_claim_find(j,
	    "4d.generated-admit-returns", "generated", PU_FOUND, is_func,
	    (void *)fn) : NULL;

	return f != NULL && branch_admits(f) ? f : NULL;
}

/* Says that f (never_rejects) admits on every return. */
static void
never_text(struct sbuf *b, const json_t *f)
{
	const json_t *rets = json_object_get(json_object_get(f, "facts"),
	    "returns");

	sbuf_printf(b, " But %s (", rec_get_str(json_object_get(f, "facts"),
	    "name"));
	pu_where(b, f, 0);
	sbuf_printf(b, ") never rejects: all %zu of its returns admit (%s), "
	    "so no tier is ever shed, whatever the ramp computes (a "
	    "rejection commented out or deleted?).", json_array_size(rets),
	    rec_get_str(json_array_get(rets, 0), "code"));
}

/* ---- the ramp's slope and draw ---- */

static bool
full_like(const char *id)
{
	return (pu_icontains(id, "full") || pu_icontains(id, "max")) &&
	    !start_like(id) && !sat_like(id);
}

/* The role of a ramp operand: 's'aturation, 'b' the start, 'f' full. */
static char
ramp_role(const char *id)
{
	return sat_like(id) ? 's' : start_like(id) ? 'b' : full_like(id) ?
	    'f' : '?';
}

/* The four operands of "(a - b) / (c - d)" as roles; false when one is
 * none of saturation, start, full (not a ramp). */
static bool
slope_roles(const char *m, char role[4], char names[4][64])
{
	size_t k = 0;

	for (const char *p = m; *p != '\0' && k <= 4; ) {
		size_t n = 0;

		while (*p != '\0' && !operand_byte((unsigned char)*p))
			p++;
		while (operand_byte((unsigned char)p[n]))
			n++;
		if (n == 0)
			break;
		if (k < 4) {
			snprintf(names[k], sizeof(names[k]), "%.*s", (int)n, p);
			role[k] = ramp_role(names[k]);
		}
		k++;
		p += n;
	}
	if (k != 4)
		return false;
	for (size_t i = 0; i < 4; i++)
		if (role[i] == '?')
			return false;
	return true;
}

/* A ramp probability that is not (saturation - start) / (full - start):
 * says how it goes wrong into b; whether it does. */
static bool
slope_wrong(const json_t *p, struct sbuf *b)
{
	const char *m = rec_get_str(json_object_get(p, "facts"), "match");
	char r[4], nm[4][64];
	int num, den;

	if (m == NULL || !slope_roles(m, r, nm) ||
	    memcmp(r, "sbfb", 4) == 0)
		return false;
	num = r[0] == 's' ? 1 : r[1] == 's' ? -1 : 0;
	den = r[2] == 'f' && r[3] == 'b' ? 1 : r[2] == 'b' && r[3] == 'f' ?
	    -1 : 0;
	sbuf_printf(b, "%s`%s` (", b->len ? "; " : "", m);
	pu_where(b, p, 0);
	sbuf_adds(b, ")");
	if (num * den < 0)
		sbuf_adds(b, " falls as the saturation rises");
	else if (num * den == 0)
		sbuf_adds(b, " does not grow with the saturation from start "
		    "to full");
	if (num != 0 && r[num > 0 ? 1 : 0] != 'b')
		sbuf_printf(b, "%s is 0 at %s, not at the ramp's start",
		    num * den <= 0 ? " and" : "",
		    nm[num > 0 ? 1 : 0]);
	return true;
}

/* A draw whose rejecting branch is rand() > p: the tier is shed with
 * probability 1 - p.  Says so into b; whether it is. */
static bool
draw_wrong(const json_t *p, struct sbuf *b)
{
	const json_t *facts = json_object_get(p, "facts");
	const char *m = rec_get_str(facts, "match");
	const char *rnd = m != NULL ? strstr(m, "rand.") : NULL;
	const char *op = m != NULL ? strpbrk(m, "<>") : NULL;
	bool rand_less, rejects;

	if (rnd == NULL || op == NULL ||
	    json_array_size(json_object_get(facts, "returns")) == 0)
		return false;
	/* rand() < p, or p > rand(): shed with probability p */
	rand_less = (rnd < op) == (*op == '<');
	rejects = !branch_admits(p);
	if (rand_less == rejects)
		return false;
	sbuf_printf(b, "%s`%s …` (", b->len ? "; " : "", m);
	pu_where(b, p, 0);
	sbuf_printf(b, ") %s on the rand() %s p side: the tier is shed with "
	    "probability 1 - p, most just past the start and less and less "
	    "as the pool fills", rejects ? "rejects" : "admits",
	    rejects ? ">" : "<");
	return true;
}

/* The generated plugin's ramps and draws that run the wrong way; how
 * many (their text in b, their records in o's evidence). */
static size_t
ramp_shape(const struct judge *j, struct pu_out *o, struct sbuf *b)
{
	struct ru_list l;
	size_t n = 0;

	pu_claim_list(j, "4d.generated-ramp-slope", "generated", &l);
	for (size_t i = 0; i < l.n; i++)
		if (pu_found(l.v[i]) && slope_wrong(l.v[i], b)) {
			pu_ev_add(o->evidence, "ramp probability", l.v[i]);
			n++;
		}
	ru_list_free(&l);
	pu_claim_list(j, "4d.generated-ramp-draw", "generated", &l);
	for (size_t i = 0; i < l.n; i++)
		if (pu_found(l.v[i]) && draw_wrong(l.v[i], b)) {
			pu_ev_add(o->evidence, "draw", l.v[i]);
			n++;
		}
	ru_list_free(&l);
	return n;
}

/* The sim's guard as the expected side, into o; whether it admits below
 * its start (true when the sim has none: the ramp's meaning). */
static bool
sim_guard(const struct judge *j, struct pu_out *o)
{
	struct guard s;

	if (guards_of(j, "4d.sim-ramp-guard", "sim", &s, 1) == 0) {
		sbuf_adds(&o->why, " No guard of the sim algorithm's admission "
		    "compares its saturation with its ramp's start "
		    "(claim 4d.sim-ramp-guard): judged against the ramp's "
		    "meaning, admit below the start.");
		return true;
	}
	o->expect = guard_side(&s);
	pu_ev_add(o->evidence, "ramp guard", s.p);
	sbuf_adds(&o->why, " The sim algorithm's ");
	guard_text(&o->why, &s);
	sbuf_adds(&o->why, ".");
	return s.below;
}

/* What to do about the first thing wrong: an inverted guard, a ramp
 * running the wrong way, a function that never rejects. */
static const char *
ramp_action(size_t bad, size_t nshape, bool never)
{
	if (bad == 0 && nshape > 0)
		return "Make the generated plugin shed with probability "
		    "(saturation - start) / (full - start) (reject when "
		    "rand() < p), rebuild and rerun the treatment arm.";
	if (bad == 0 && never)
		return NEVER_ACT;
	return "Make the ramp guard of the generated plugin admit below the "
	    "ramp's start (saturation < start returns nil), rebuild and "
	    "rerun the treatment arm.";
}

void
ramp_guard_verdict(struct judge *j, const struct rule *r,
    const struct jcell *c)
{
	struct guard g[8];
	size_t n = guards_of(j, "4d.generated-ramp-guard", "generated", g, 8);
	size_t bad = 0, nshape;
	struct sbuf shape = {0};
	const json_t *never;
	struct pu_out o;
	bool sim_below;

	if (n == 0 && pu_claim_find(j, "4d.generated-dispatch", "generated",
	    PU_FOUND, admits_by_tier, NULL) == NULL)
		return;	/* no admission by tier: priority.dispatch says so */
	pu_out_init(&o, "priority.ramp_guard");
	never = never_rejects(j);
	if (n == 0) {
		sbuf_adds(&o.why, "The generated plugin's admission function "
		    "dispatches by tier, but no guard in it compares a "
		    "saturation with a ramp start (an identifier holding "
		    "\"start\") in a branch that only admits (claim "
		    "4d.generated-ramp-guard): review by hand that each shed "
		    "tier is admitted below its ramp's start and shed above "
		    "it.");
		if (never != NULL)
			never_text(&o.why, never);
		pu_out_emit(j, r, &o, never != NULL ? V_FAIL : V_WARN, never ?
		    NEVER_ACT : PU_ACT_REVIEW);
		return;
	}
	o.actual = guard_side(&g[0]);
	sbuf_adds(&o.why, "The generated plugin's ramp guard");
	for (size_t i = 0; i < n; i++) {
		sbuf_adds(&o.why, i ? "; " : ": ");
		guard_text(&o.why, &g[i]);
		pu_ev_add(o.evidence, "ramp guard", g[i].p);
		if (!g[i].below && bad++ == 0) {
			json_decref(o.actual);
			o.actual = guard_side(&g[i]);
		}
	}
	sbuf_adds(&o.why, ".");
	sim_below = sim_guard(j, &o);
	if (bad > 0)
		sbuf_adds(&o.why, " Inverted: a shed tier is admitted under load "
		    "and shed only while the pool is nearly idle, the opposite "
		    "of the ramp.");
	if (!sim_below)
		sbuf_adds(&o.why, " The sim algorithm's own guard admits above "
		    "its start, against the ramp's meaning: review the sim "
		    "algorithm as well.");
	if (never != NULL)
		never_text(&o.why, never);
	if ((nshape = ramp_shape(j, &o, &shape)) > 0)
		sbuf_printf(&o.why, " But the ramp itself runs the wrong way: "
		    "%s; a shed ramp rejects with probability (saturation - "
		    "start) / (full - start), 0 at its start and 1 at full.",
		    sbuf_str(&shape));
	sbuf_free(&shape);
	pu_out_emit(j, r, &o, bad + nshape > 0 || never != NULL ? V_FAIL :
	    V_PASS, ramp_action(bad, nshape, never != NULL));
}

/* ---- the ends a tier branch assigns ---- */

/* The n-th comma-separated item of s (parentheses kept whole), trimmed,
 * into out; false past the last. */
static bool
list_item(const char *s, size_t n, char *out, size_t len)
{
	int depth = 0;
	size_t k = 0;
	const char *a = s;

	for (const char *p = s; ; p++) {
		if (*p == '(' || *p == '[')
			depth++;
		else if ((*p == ')' || *p == ']') && depth > 0)
			depth--;
		if (*p != '\0' && (*p != ',' || depth > 0))
			continue;
		if (k++ == n) {
			while (a < p && isspace((unsigned char)*a))
				a++;
			while (p > a && isspace((unsigned char)p[-1]))
				p--;
			snprintf(out, len, "%.*s", (int)(p - a), a);
			return true;
		}
		if (*p == '\0')
			return false;
		a = p + 1;
	}
}

/* What one tier branch gives its ramp's start ('b') and full ('f')
 * variables: the right-hand sides, by the left-hand side's role. */
struct ends {
	char	start[96], full[96];
	bool	transposed;	/* a start read from a full point, or back */
};

static void
branch_ends(const json_t *br, struct ends *e)
{
	json_t *a;
	size_t i;

	memset(e, 0, sizeof(*e));
	json_array_foreach(json_object_get(br, "assigns"), i, a) {
		const char *lhs = rec_get_str(a, "lhs"), *rhs = rec_get_str(a,
		    "rhs");
		char l[96], rv[96];

		for (size_t k = 0; lhs != NULL && rhs != NULL &&
		    list_item(lhs, k, l, sizeof(l)) &&
		    list_item(rhs, k, rv, sizeof(rv)); k++) {
			char lr = ramp_role(l), rr = ramp_role(rv);

			if (lr != 'b' && lr != 'f')
				continue;
			snprintf(lr == 'b' ? e->start : e->full, sizeof(e->start),
			    "%s", rv);
			if ((rr == 'b' || rr == 'f') && rr != lr)
				e->transposed = true;
		}
	}
}

size_t
ramp_ends_wrong(const json_t *tiered, struct sbuf *b)
{
	json_t *br;
	size_t i, n = 0;

	json_array_foreach(json_object_get(json_object_get(tiered, "facts"),
	    "branches"), i, br) {
		const char *tier = rec_get_str(br, "tier");
		struct ends e;
		bool same;

		if (tier == NULL)
			continue;
		branch_ends(br, &e);
		same = e.start[0] != '\0' && strcmp(e.start, e.full) == 0;
		if (!e.transposed && !same)
			continue;
		sbuf_printf(b, "%s%s (", n++ ? "; " : "", tier);
		pu_where(b, tiered, (long)json_integer_value(json_object_get(br,
		    "line")));
		sbuf_printf(b, ") sets its ramp's start to %s and its full "
		    "point to %s", e.start[0] ? e.start : "?",
		    e.full[0] ? e.full : "?");
		if (same)
			sbuf_adds(b, ": the ramp has no width, (saturation - "
			    "start) / (full - start) divides by zero, so the "
			    "tier is shed outright once saturation passes the "
			    "start (a copy-paste slip?)");
		else
			sbuf_adds(b, ": the ends are transposed, so with the "
			    "config's start below its full point (full - start) "
			    "is negative, the probability is never above 0 and "
			    "the tier is never shed");
	}
	return n;
}

/* What sim_ramp() looks for: a dispatch branch of tier with a ramp. */
struct ramp {
	const char	*tier;
	const json_t	*branch;	/* numbers[0] start, [1] full */
};

static bool
is_ramp(const json_t *branch, void *arg)
{
	return json_array_size(json_object_get(branch, "numbers")) >= 2;
}

static bool
has_ramp(const json_t *p, void *arg)
{
	struct ramp *rp = arg;

	rp->branch = pu_fact_find(p, "branches", "tier", rp->tier, is_ramp,
	    NULL);
	return rp->branch != NULL;
}

bool
sim_ramp(const struct judge *j, const char *tier, const json_t **p,
    const json_t **branch)
{
	struct ramp rp = { tier, NULL };

	*p = pu_claim_find(j, "4d.sim-dispatch", "sim", PU_ANY, has_ramp, &rp);
	*branch = rp.branch;
	return *p != NULL;
}

const char *
other_tier(const char *tier)
{
	if (tier == NULL)
		return NULL;
	return strcmp(tier, "sheddable") == 0 ? "batch" :
	    strcmp(tier, "batch") == 0 ? "sheddable" : NULL;
}
