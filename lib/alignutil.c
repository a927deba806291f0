/* alignutil.c - record lookups, evidence tables and verdicts for the
 * alignment checks (A0-A3). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alignutil.h"
#include "judge.h"
#include "rec.h"
#include "ruleutil.h"
#include "str.h"

/* Alignment records are bundle-wide: looked up in the empty cell. */
static const struct jcell bundle;

static const char FROM_LATENCY[] = "s2r-latency --real REAL_TRACE --sim "
    "SIM_TRACE (pipelines/align.mk)";

/* ---- lookups ------------------------------------------------------- */

const json_t *
au_lat(const struct judge *j, const char *metric)
{
	return judge_measure(j, &bundle, metric, NULL);
}

static bool
scope_is(const json_t *rec, const json_t *sub)
{
	const json_t *scope = json_object_get(rec, "scope");
	size_t n = scope != NULL ? json_object_size(scope) : 0;

	if (sub == NULL)
		return n == 0;
	return json_equal((json_t *)scope, (json_t *)sub);
}

const json_t *
au_find(const struct judge *j, const char *kind, const char *metric,
    const json_t *sub)
{
	struct ru_list l;
	const json_t *found = NULL;

	ru_select(j, &(struct jsel){ .kind = kind, .metric = metric }, &l);
	for (size_t i = 0; i < l.n && found == NULL; i++)
		if (scope_is(l.v[i], sub))
			found = l.v[i];
	ru_list_free(&l);
	return found;
}

const json_t *
au_sum(const struct judge *j, const char *metric, const json_t *sub)
{
	return au_find(j, "summary", metric, sub);
}

bool
au_alignment_run(const struct judge *j)
{
	if (au_lat(j, "real.format") != NULL || au_lat(j, "sim.format") != NULL)
		return true;
	static const char *const kinds[] = { "summary", "op", "iter", "duty" };
	bool found = false;

	for (size_t k = 0; k < 4 && !found; k++) {
		struct ru_list l;

		ru_select(j, &(struct jsel){ .kind = kinds[k] }, &l);
		for (size_t i = 0; i < l.n && !found; i++)
			found = ru_check_is(l.v[i], "A1") ||
			    ru_check_is(l.v[i], "A2");
		ru_list_free(&l);
	}
	return found;
}

/* FAIL > WARN > MISSING > PASS > INAPPLICABLE, as the report ranks them. */
static int
rank_of(int v)
{
	static const int rank[V_COUNT] = { [V_PASS] = 1, [V_WARN] = 3,
	    [V_FAIL] = 4, [V_INAPPLICABLE] = 0, [V_MISSING] = 2 };

	return v >= 0 && v < V_COUNT ? rank[v] : -1;
}

int
au_worst_of(struct judge *j, const char *check)
{
	int worst = -1;

	for (size_t i = 0; i < j->nout; i++) {
		int x;

		if (strcmp(judge_verdict_check(j, i), check) != 0)
			continue;
		x = judge_verdict_value(j, i);
		if (worst < 0 || rank_of(x) > rank_of(worst))
			worst = x;
	}
	return worst;
}

/* ---- evidence tables ----------------------------------------------- */

json_t *
au_table_new(const char *title, const char *const *columns, size_t ncol)
{
	json_t *t = json_object(), *tab = json_object(), *cols = json_array();

	for (size_t i = 0; i < ncol; i++)
		json_array_append_new(cols, json_string(columns[i]));
	rec_set_str(t, "label", title);
	rec_set(tab, "columns", cols);
	rec_set(tab, "rows", json_array());
	rec_set(t, "table", tab);
	return t;
}

void
au_table_row(json_t *t, size_t ncol, ...)
{
	json_t *row = json_array();
	va_list ap;

	va_start(ap, ncol);
	for (size_t i = 0; i < ncol; i++) {
		json_t *v = va_arg(ap, json_t *);

		json_array_append_new(row, v != NULL ? v : json_null());
	}
	va_end(ap);
	json_array_append_new(json_object_get(json_object_get(t, "table"),
	    "rows"), row);
}

json_t *
au_val_of(const json_t *rec)
{
	json_t *v = rec != NULL ? json_object_get(rec, "value") : NULL;

	return v != NULL ? json_deep_copy(v) : json_null();
}

json_t *
au_str(const char *s)
{
	return s != NULL ? json_string(s) : json_null();
}

json_t *
au_pct(double v)
{
	char buf[48];

	if (!isfinite(v))
		return json_null();
	judge_fmt_diff(buf, sizeof(buf), v, "%");
	return json_string(buf);
}

json_t *
au_share(double v)
{
	char buf[48], n[32];

	if (!isfinite(v))
		return json_null();
	judge_fmt_num(n, sizeof(n), v * 100);
	snprintf(buf, sizeof(buf), "%s%%", n);
	return json_string(buf);
}

json_t *
au_evidence(json_t *item, const json_t *from)
{
	json_t *src = json_object();
	const char *file = rec_get_str(json_object_get(from, "source"), "file");

	rec_set_str(src, "file", file != NULL ? file : "(records)");
	rec_set(item, "source", src);
	return item;
}

/* ---- verdicts ------------------------------------------------------ */

void
au_emit(struct judge *j, const struct rule *r, const char *metric,
    const json_t *sub, const json_t *real, const json_t *sim, bool has_diff,
    double diff, const char *diff_unit, const char *tolerance,
    enum jverdict_value v, const char *why, const char *action, json_t *ev)
{
	json_t *evs = json_array();

	if (ev != NULL)
		json_array_append_new(evs, ev);
	judge_emit(j, r, NULL, &(struct jverdict){ .metric = metric,
	    .sub = sub, .expect = real, .measure = sim,
	    .has_diff = has_diff && isfinite(diff), .diff = diff,
	    .diff_unit = diff_unit, .tolerance = tolerance, .verdict = v,
	    .why = why, .action = v == V_WARN || v == V_FAIL ? action :
	    NULL, .evidence = evs });
	json_decref(evs);
}

void
au_missing(struct judge *j, const struct rule *r, const char *metric,
    const char *why, const char *action)
{
	judge_emit(j, r, NULL, &(struct jverdict){ .metric = metric,
	    .verdict = V_MISSING, .why = why, .action = action });
}

bool
au_refused(struct judge *j, const struct rule *r, const char *check,
    const char *metric, const char *what)
{
	const json_t *ref = NULL, *src;
	const char *tool;
	struct ru_list l;
	struct sbuf why = {0};
	long long line, col;

	ru_select(j, &(struct jsel){ .kind = "summary",
	    .metric = "input.refused" }, &l);
	for (size_t i = 0; i < l.n && ref == NULL; i++)
		if (ru_check_is(l.v[i], check))
			ref = l.v[i];
	ru_list_free(&l);
	if (ref == NULL)
		return false;
	src = json_object_get(ref, "source");
	line = json_integer_value(json_object_get(src, "line"));
	col = json_integer_value(json_object_get(src, "column"));
	tool = rec_get_str(json_object_get(ref, "details"), "tool");
	sbuf_printf(&why, "%s refused its input, so %s cannot be judged: %s",
	    tool != NULL ? tool : "The trace tool", what,
	    rec_get_str(src, "file"));
	if (line > 0)
		sbuf_printf(&why, ":%lld", line);
	if (line > 0 && col > 0)
		sbuf_printf(&why, ":%lld", col);
	sbuf_printf(&why, ": %s.  A trace that ends mid-event was cut while "
	    "it was written or copied (a worker killed while the profiler "
	    "flushed, an interrupted copy out of the pod).  The checks that "
	    "need no profiler trace (A0, A3) are judged without it.",
	    json_string_value(json_object_get(ref, "value")));
	judge_emit(j, r, NULL, &(struct jverdict){ .metric = metric,
	    .measure = ref, .verdict = V_MISSING, .why = sbuf_str(&why),
	    .action = "Give the whole trace: copy it out of the pod again, "
	    "or capture the profile anew and let the profiler finish writing "
	    "(stop the worker only after the trace file is closed)." });
	sbuf_free(&why);
	return true;
}

bool
au_sides_given(struct judge *j, const struct rule *r, const char *what)
{
	static const char *const sides[] = { "real", "sim" };
	bool ok = true;

	for (size_t i = 0; i < 2; i++) {
		char metric[32];
		const json_t *f;
		struct sbuf why = {0};

		snprintf(metric, sizeof(metric), "%s.format", sides[i]);
		f = au_lat(j, metric);
		if (f != NULL && json_is_string(json_object_get(f, "value")))
			continue;
		ok = false;
		if (f == NULL)
			sbuf_printf(&why, "No s2r-latency records: %s needs both "
			    "sides' request traces, from %s.", what,
			    FROM_LATENCY);
		else
			sbuf_printf(&why, "The %s side's request trace was not "
			    "given (%s), so %s cannot be judged.", sides[i],
			    i == 0 ? "REAL_TRACE: the real run's trace_data.csv" :
			    "SIM_TRACE: blis run --trace-output CSV or "
			    "--metrics-path JSON", what);
		au_missing(j, r, metric, sbuf_str(&why), i == 0 ? "Give the "
		    "real run's trace_data.csv (REAL_TRACE=…)." : "Give the "
		    "simulated run's trace (SIM_TRACE=…: blis run "
		    "--trace-output CSV or --metrics-path JSON).");
		sbuf_free(&why);
		if (f == NULL)
			return false;
	}
	return ok;
}

