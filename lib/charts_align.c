/* charts_align.c - alignment (A1, A2): per-operation time measured vs
 * simulated, and the duty-cycle decomposition per iteration. */
#include <string.h>

#include "htmlcharts.h"
#include "rec.h"

/* The chart of an op or duty record: its scope but the iteration (when
 * the iterations are the bars), "all ranks" when nothing is left. */
static void
scope_rest(struct sbuf *g, const json_t *r, bool skip_iteration)
{
	const char *key;
	json_t *val;
	bool any = false;

	json_object_foreach(json_object_get(r, "scope"), key, val) {
		if (skip_iteration && strcmp(key, "iteration") == 0)
			continue;
		sbuf_printf(g, "%s%s %s", any ? ", " : "", key,
		    json_is_string(val) ? json_string_value(val) : "?");
		any = true;
	}
	if (!any)
		sbuf_adds(g, "all ranks");
}

/* Per-operation time from op records (s2r-kernel-match), a chart per
 * scope. */
static void
charts_ops(struct chart_page *pg)
{
	static const int slots[] = { 0, 1 };
	static const char *const labels[] = { "measured", "simulated" };
	struct bar_spec bs = { .slots = slots, .labels = labels, .nslots = 2,
	    .kind = SVG_BARS,
	    .title = "Per-operation time, measured vs simulated",
	    .xlabel = "operation", .ylabel = "time over the trace (ms)",
	    .what = "op records (s2r-kernel-match: meas_ns, sim_ns summed "
	    "over iterations)" };
	struct tab t = {0};
	struct sbuf g = {0};

	for (size_t i = 0; i < pg->ev->n; i++) {
		const json_t *r = pg->ev->r[i];
		const char *op = rec_get_str(r, "op");
		double meas, sim;

		if (strcmp(rec_get_str(r, "kind"), "op") != 0 || op == NULL ||
		    rec_scope_str(r, "iteration") != NULL)
			continue;
		sbuf_reset(&g);
		scope_rest(&g, r, false);
		if (rec_get_num(r, "meas_ns", &meas))
			tab_put(&t, sbuf_str(&g), op, 0, meas / 1e6, r);
		if (rec_get_num(r, "sim_ns", &sim))
			tab_put(&t, sbuf_str(&g), op, 1, sim / 1e6, r);
	}
	tab_sort(&t);
	bs.status = chart_worst(pg, "A1", NULL, NULL, NULL, NULL);
	for (size_t b = 0; b < t.n; b = tab_group_end(&t, b))
		chart_bars(pg, &t, b, tab_group_end(&t, b), &bs);
	if (t.n == 0)
		strv_add(&pg->missing, "Per-operation time: no op records "
		    "(s2r-kernel-match; alignment runs only)");
	tab_free(&t);
	sbuf_free(&g);
}

/* The duty cycle per iteration from duty records (s2r-dutycycle), a
 * chart per scope. */
static void
charts_duty(struct chart_page *pg)
{
	static const int slots[] = { 0, 1, 2, 3 };
	static const char *const labels[] = { "measured (critical busy)",
	    "idle inside", "idle at boundary", "launch gap" };
	static const char *const keys[] = { "measured_ns", "idle_internal_ns",
	    "idle_boundary_ns", "gap_ns" };
	struct bar_spec bs = { .slots = slots, .labels = labels, .nslots = 4,
	    .kind = SVG_STACKED,
	    .title = "Duty-cycle decomposition per iteration",
	    .xlabel = "iteration", .ylabel = "time per iteration (ms)",
	    .what = "duty records, window iteration (s2r-dutycycle: cycle = "
	    "measured + idle inside + idle at boundary + gap)",
	    .caption = "Stacked: the bar height is the iteration's cycle "
	    "time." };
	struct tab t = {0};
	struct sbuf g = {0};

	for (size_t i = 0; i < pg->ev->n; i++) {
		const json_t *r = pg->ev->r[i];
		const char *it = rec_scope_str(r, "iteration");
		const char *win = rec_get_str(r, "window");

		if (strcmp(rec_get_str(r, "kind"), "duty") != 0 || it == NULL ||
		    win == NULL || strcmp(win, "iteration") != 0)
			continue;
		sbuf_reset(&g);
		scope_rest(&g, r, true);
		for (int k = 0; k < 4; k++) {
			double v;

			if (rec_get_num(r, keys[k], &v))
				tab_put(&t, sbuf_str(&g), it, k, v / 1e6, r);
		}
	}
	tab_sort(&t);
	bs.status = chart_worst(pg, "A2", NULL, NULL, NULL, NULL);
	for (size_t b = 0; b < t.n; b = tab_group_end(&t, b))
		chart_bars(pg, &t, b, tab_group_end(&t, b), &bs);
	if (t.n == 0)
		strv_add(&pg->missing, "Duty-cycle decomposition: no duty "
		    "records with window \"iteration\" (s2r-dutycycle; "
		    "alignment runs only)");
	tab_free(&t);
	sbuf_free(&g);
}

void
charts_align(struct chart_page *pg)
{
	sbuf_adds(pg->o, "<h3 id=\"charts-alignment\">Alignment (A1, A2)"
	    "</h3>\n");
	charts_ops(pg);
	charts_duty(pg);
}
