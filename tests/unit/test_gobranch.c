/* Unit tests for what a Go function decides: the missing/stale-metrics
 * branches and the calls of a body (lib/gobranch.c), the if statement
 * reader (lib/gomask.c go_if_at), readers queries (lib/godecl.c) and
 * where each priority tier ends up (lib/gooutcome.c). */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "gobranch.h"
#include "goindex.h"
#include "golex.h"
#include "gomask.h"
#include "gooutcome.h"
#include "goquery.h"
#include "rec.h"
#include "unit.h"

static void
load(struct gofile *f, struct gindex *ix, const char *text)
{
	size_t n = strlen(text);
	char *src = xmalloc(n + 1);

	memcpy(src, text, n);
	gofile_init(f, xstrdup("t.go"), src, n);
	gindex_build(ix, f);
}

static void
unload(struct gofile *f, struct gindex *ix)
{
	gindex_free(ix);
	gofile_free(f);
}

/* The decl of the func named name. */
static const struct gdecl *
func(const struct gindex *ix, const char *name)
{
	for (size_t i = 0; i < ix->nd; i++)
		if (ix->d[i].kind == GD_FUNC && strcmp(ix->d[i].name, name) == 0)
			return &ix->d[i];
	return NULL;
}

/* facts.metrics of func name, as a new array. */
static json_t *
branches(const struct gofile *f, const struct gindex *ix, const char *name)
{
	const struct gdecl *d = func(ix, name);
	json_t *facts = json_object(), *m;

	gobranch_metrics(facts, f, d->body, d->end);
	m = json_incref(json_object_get(facts, "metrics"));
	json_decref(facts);
	return m;
}

static const char *
field(const json_t *arr, size_t i, const char *key)
{
	return rec_get_str(json_array_get(arr, i), key);
}

static void
test_if_at(void)
{
	struct gofile f;
	struct gindex ix;
	struct go_if g;
	const char *t = "func F() {\n\tif m := x(); m != nil && (a || b) {\n"
	    "\t\ty()\n\t} else if c {\n\t} else {\n\t}\n}\n";

	load(&f, &ix, t);
	CHECK(go_if_at(f.mask, f.len, strstr(t, "if m") - t, &g));
	CHECK(g.ca == (size_t)(strchr(t, ';') - t) + 1);
	CHECK(f.mask[g.br] == '{' && f.mask[g.be] == '}');
	CHECK(g.next == (size_t)(strstr(t, "if c") - t));
	CHECK(go_if_at(f.mask, f.len, g.next, &g));
	CHECK(g.next != GQ_NONE && f.mask[g.next] == '{');
	CHECK(!go_if_at(f.mask, f.len, 0, &g));
	unload(&f, &ix);
}

static void
test_metrics_branches(void)
{
	struct gofile f;
	struct gindex ix;
	json_t *m;

	load(&f, &ix, "package p\n"
	    "func Counted(eps []E) float64 {\n\tfor _, ep := range eps {\n"
	    "\t\tmetrics := ep.GetMetrics()\n"
	    "\t\tif metrics == nil || time.Since(metrics.UpdateTime) > lim {\n"
	    "\t\t\ttotal += 1.0 // loaded\n\t\t\tcontinue\n\t\t}\n"
	    "\t\tif err == nil {\n\t\t\tcontinue\n\t\t}\n\t}\n\treturn 0\n}\n"
	    "func Skipped(eps []E) {\n\tfor _, ep := range eps {\n"
	    "\t\tm := ep.GetMetrics()\n\t\tif m == nil {\n\t\t\tcontinue\n"
	    "\t\t}\n\t}\n}\n"
	    "func Filter(eps []E) []E {\n\tfor _, ep := range eps {\n"
	    "\t\tif m := ep.GetMetrics(); m != nil && m.Q < 5 {\n"
	    "\t\t\tkept = append(kept, ep)\n\t\t}\n\t}\n\treturn kept\n}\n"
	    "func Fresh(eps []E) {\n\tfor _, ep := range eps {\n"
	    "\t\tif ep.GetMetrics() != nil && time.Since(ep.GetMetrics()."
	    "UpdateTime) < lim {\n\t\t\tx++\n\t\t} else {\n\t\t\treturn 1.0\n"
	    "\t\t}\n\t}\n}\n"
	    "func Sim(s []Snap) {\n\tfor _, x := range s {\n"
	    "\t\tif !x.HasMetrics {\n\t\t\tn++\n\t\t}\n\t}\n}\n");
	m = branches(&f, &ix, "Counted");
	/* err == nil is not about metrics */
	CHECK(json_array_size(m) == 1);
	CHECK_STR(field(m, 0, "action"), "adds");
	CHECK_STR(field(m, 0, "value"), "1.0");
	CHECK(json_is_true(json_object_get(json_array_get(m, 0), "missing")));
	CHECK(json_is_true(json_object_get(json_array_get(m, 0), "stale")));
	CHECK(json_integer_value(json_object_get(json_array_get(m, 0),
	    "line")) == 5);
	json_decref(m);
	m = branches(&f, &ix, "Skipped");
	CHECK_STR(field(m, 0, "action"), "skips");
	CHECK(json_object_get(json_array_get(m, 0), "implicit") == NULL);
	json_decref(m);
	/* a test for metrics being there, no else: the rest are left out */
	m = branches(&f, &ix, "Filter");
	CHECK_STR(field(m, 0, "action"), "skips");
	CHECK(json_is_true(json_object_get(json_array_get(m, 0), "implicit")));
	CHECK(json_is_false(json_object_get(json_array_get(m, 0), "stale")));
	json_decref(m);
	/* fresh metrics in the body: missing and stale take the else */
	m = branches(&f, &ix, "Fresh");
	CHECK_STR(field(m, 0, "action"), "returns");
	CHECK_STR(field(m, 0, "value"), "1.0");
	CHECK(json_is_true(json_object_get(json_array_get(m, 0), "stale")));
	json_decref(m);
	m = branches(&f, &ix, "Sim");
	CHECK_STR(field(m, 0, "action"), "adds");
	CHECK_STR(field(m, 0, "value"), "1");
	json_decref(m);
	unload(&f, &ix);
}

static void
test_calls(void)
{
	struct gofile f;
	struct gindex ix;
	const struct gdecl *d;
	json_t *facts = json_object(), *c;

	load(&f, &ix, "package p\nfunc A(x int) error {\n"
	    "\ts := a.computeSaturation(eps)\n\tif len(eps) == 0 {\n"
	    "\t\treturn fmt.Errorf(\"x\")\n\t}\n\tv := float64(x) + max(1, 2)\n"
	    "\tf := func(y int) int { return helper(y) }\n"
	    "\treturn a.computeSaturation(nil)\n}\n");
	d = func(&ix, "A");
	gobranch_calls(facts, &f, d->body, d->end);
	c = json_object_get(facts, "calls");
	/* builtins, conversions and keywords are not calls; each name once */
	CHECK(json_array_size(c) == 3);
	CHECK_STR(json_string_value(json_array_get(c, 0)), "computeSaturation");
	CHECK_STR(json_string_value(json_array_get(c, 1)), "Errorf");
	CHECK_STR(json_string_value(json_array_get(c, 2)), "helper");
	json_decref(facts);
	unload(&f, &ix);
}

/* The outcome of tier t (index into gtier_names) through func name. */
static json_t *
outcome(const struct gofile *f, const struct gindex *ix, const char *name,
    const struct gquery *q, size_t t)
{
	json_t *all = gooutcome_tiers(q, f, ix, func(ix, name));
	json_t *o = json_incref(json_array_get(all, t));

	json_decref(all);
	return o;
}

static struct gquery *
dispatch_query(void)
{
	static struct gquery q;
	char msg[128];

	gquery_init(&q);
	q.kind = Q_DISPATCH;
	if (!gquery_compile(&q, msg, sizeof(msg)))
		abort();
	return &q;
}

static const char *const plugin =
    "package p\nconst (\n\tprioritySheddable = -50\n\tpriorityBatch = -10\n)\n"
    "func (a *A) AdmitRequest(req *R, eps []E) error {\n"
    "\tpriority := req.Objectives.Priority\n"
    "\tif priority > 0 {\n\t\treturn nil\n\t}\n"
    "\tif len(eps) == 0 {\n\t\treturn nil\n\t}\n"
    "\tvar start, full float64\n"
    "\tswitch priority {\n\tcase prioritySheddable:\n"
    "\t\tstart, full = a.p.SheddableShedStart, a.p.SheddableShedFull\n"
    "\tcase priorityBatch:\n"
    "\t\tstart, full = a.p.BatchShedStart, a.p.BatchShedFull\n"
    "\tdefault:\n\t\tstart, full = a.p.BatchShedStart, a.p.BatchShedFull\n"
    "\t}\n\treturn nil\n}\n"
    "func Admit(priority int, load float64) bool {\n"
    "\tif !requtil.IsSheddable(priority) && !(priority == 1 || load > 2) {"
    "\n\t\treturn true\n\t}\n"
    "\tif priority <= 0 && load > 0.9 {\n\t\treturn false\n\t}\n"
    "\tif priority >= 0 {\n\t\treturn true\n\t}\n"
    "\tstart, full := ramp(priority)\n\treturn load < start+full\n}\n"
    "func ramp(priority int) (float64, float64) {\n\tswitch {\n"
    "\tcase priority < -20: // sheddable: most aggressive\n"
    "\t\treturn 0.005, 0.05\n\tcase priority < 0: // batch\n"
    "\t\ts, f := 0.01, 0.10\n\t\treturn s, f\n\t}\n\treturn 1, 1\n}\n"
    "func Odd(priority int) bool {\n\tif priority%2 == 0 {\n"
    "\t\treturn false\n\t}\n\treturn true\n}\n";

static void
test_outcomes(void)
{
	struct gofile f;
	struct gindex ix;
	struct gquery *q = dispatch_query();
	json_t *o;

	load(&f, &ix, plugin);
	/* standard (0) fails the guard "> 0" and the switch's default gives
	 * it the batch ramp */
	o = outcome(&f, &ix, "AdmitRequest", q, TIER_STANDARD);
	CHECK(json_integer_value(json_object_get(o, "priority")) == 0);
	CHECK_STR(rec_get_str(o, "decision"), "ramp");
	CHECK_STR(rec_get_str(o, "ramp"), "batch");
	CHECK(json_integer_value(json_object_get(o, "line")) == 21);
	json_decref(o);
	o = outcome(&f, &ix, "AdmitRequest", q, TIER_CRITICAL);
	CHECK_STR(rec_get_str(o, "decision"), "admit");
	json_decref(o);
	/* consts resolve: -50 takes case prioritySheddable */
	o = outcome(&f, &ix, "AdmitRequest", q, TIER_SHEDDABLE);
	CHECK_STR(rec_get_str(o, "ramp"), "sheddable");
	json_decref(o);
	/* ! && || and parentheses; a load-dependent branch that sheds the
	 * standard tier before its admission is kept as conditional */
	o = outcome(&f, &ix, "Admit", q, TIER_STANDARD);
	CHECK_STR(rec_get_str(o, "decision"), "admit");
	CHECK(json_integer_value(json_object_get(json_object_get(o,
	    "conditional"), "line")) == 29);
	json_decref(o);
	o = outcome(&f, &ix, "Admit", q, TIER_CRITICAL);
	CHECK_STR(rec_get_str(o, "decision"), "admit");
	CHECK(json_object_get(o, "conditional") == NULL);
	json_decref(o);
	/* followed into ramp(): a tagless switch, tiers from the comments */
	o = outcome(&f, &ix, "Admit", q, TIER_BATCH);
	CHECK_STR(rec_get_str(o, "decision"), "ramp");
	CHECK_STR(rec_get_str(o, "ramp"), "batch");
	json_decref(o);
	o = outcome(&f, &ix, "ramp", q, TIER_SHEDDABLE);
	CHECK_STR(rec_get_str(o, "decision"), "returns");
	CHECK_STR(rec_get_str(o, "value"), "0.005, 0.05");
	json_decref(o);
	/* arithmetic on the priority is not read: unknown, not a guess */
	o = outcome(&f, &ix, "Odd", q, TIER_STANDARD);
	CHECK_STR(rec_get_str(o, "decision"), "unknown");
	json_decref(o);
	unload(&f, &ix);
	gquery_free(q);
}

static void
test_readers(void)
{
	struct gofile f;
	struct gindex ix;
	struct gquery q;
	struct ghits h = {0};
	char msg[128];

	gquery_init(&q);
	q.kind = Q_READERS;
	strv_add(&q.signals, "GetMetrics");
	strv_add(&q.signals, "Priority");
	q.facts = GF_EMPTY_POOL | GF_CALLS;
	CHECK(gquery_compile(&q, msg, sizeof(msg)));
	load(&f, &ix, "package p\nfunc poolLoad(eps []E) float64 {\n"
	    "\tif len(eps) == 0 {\n\t\treturn 0.0\n\t}\n"
	    "\treturn eps[0].GetMetrics().Q\n}\n"
	    "func name() string { return \"GetMetrics\" } // GetMetrics\n"
	    "func pri(r *R) int { return r.Priority }\n");
	goq_file(&q, &f, &ix, &h);
	/* a string or a comment naming it is no read */
	CHECK(h.n == 2);
	CHECK_STR(h.v[0].symbol, "poolLoad");
	CHECK_STR(rec_get_str(json_object_get(h.v[0].facts, "empty_pool"),
	    "returns"), "0.0");
	CHECK_STR(json_string_value(json_array_get(json_object_get(
	    h.v[1].facts, "reads"), 0)), "Priority");
	ghits_free(&h);
	unload(&f, &ix);
	gquery_free(&q);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "if statements", test_if_at },
		{ "missing and stale metrics branches", test_metrics_branches },
		{ "calls", test_calls },
		{ "tier outcomes", test_outcomes },
		{ "readers query", test_readers },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
