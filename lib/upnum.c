/* upnum.c - upstream's check numbering beside the procedure's; see
 * upnum.h and docs/checks.md §6. */
#include <string.h>

#include "mdtext.h"
#include "rec.h"
#include "upnum.h"
#include "verdict.h"

/* Upstream id, what upstream calls it, the s2r check (docs/checks.md §6). */
static const struct {
	const char	*upstream, *what, *s2r;
} upnum_map[] = {
	{ "1a", "arrival rate", "1a" },
	{ "1b", "SLO class mix", "1b" },
	{ "1c", "input tokens", "1c" },
	{ "1d", "output tokens", "1d" },
	{ "1e", "prefix tokens", "1e" },
	{ "1f", "streaming", "1f" },
	{ "1g", "burstiness", "1g" },
	{ "2a", "vLLM config", "2a" },
	{ "2b", "instance count", "2b" },
	{ "2c", "variant isolation (summary row \"Variant Isolation\")", "2c" },
	{ "2d", "EPP config and priority bands", "2d" },
	{ "3a", "signal availability", "3a" },
	{ "3b", "signal transform", "3b" },
	{ "3c", "saturation formula", "3c" },
	{ "3d", "snapshot delay", "3d" },
	{ "4a", "routing policy", "4a" },
	{ "4b", "baseline admission", "4b" },
	{ "4c", "treatment parameters", "4c" },
	{ "4d", "priority tier mapping", "4d" },
	{ "5a", "vLLM args", "5a" },
	{ "5b", "health and spread", "5b" },
	{ "5c", "EPP runtime proof (5c.6: InferenceObjective resolution)",
	  "5g" },
	{ "5d", "prefix-cache hits", "5c" },
	{ "5e", "request status and shed rate", "5d" },
	{ "5f", "errors", "5e" },
	{ "5g", "KV cache", "5f" },
	{ "5h", "GPU thermal and power (summary row \"GPU Thermal/Power\")",
	  "5h" },
};
#define UPNUM_N	(sizeof(upnum_map) / sizeof(upnum_map[0]))

/* "3 PASS, 1 WARN" over rep's verdicts of check; "none" when none. */
static void
counts_text(struct sbuf *o, const struct report *rep, const char *check)
{
	int counts[V_COUNT] = {0};
	bool any = false;

	for (size_t i = 0; i < rep->n; i++) {
		const char *c = rep->all[i].check;
		int v = rep->all[i].verdict;

		if (c != NULL && strcmp(c, check) == 0 && v >= 0)
			counts[v]++;
	}
	for (int v = 0; v < V_COUNT; v++) {
		if (counts[v] == 0)
			continue;
		sbuf_printf(o, "%s%d %s", any ? ", " : "", counts[v],
		    judge_verdict_names[v]);
		any = true;
	}
	if (!any)
		sbuf_adds(o, "none");
}

void
report_md_upstream(struct sbuf *o, const struct report *rep)
{
	sbuf_adds(o, "\n## Appendix: upstream's check numbering\n\n"
	    "The upstream sim2real-check skill numbers the runtime checks "
	    "differently; each of its checks is this report's:\n\n"
	    "| Upstream | What | This report | Verdicts here |\n"
	    "|----------|------|-------------|---------------|\n");
	for (size_t i = 0; i < UPNUM_N; i++) {
		const char *title = judge_check_title(upnum_map[i].s2r);

		sbuf_printf(o, "| %s | ", upnum_map[i].upstream);
		md_escape_cell(o, upnum_map[i].what);
		sbuf_printf(o, " | %s ", upnum_map[i].s2r);
		md_escape_cell(o, title != NULL ? title : "");
		sbuf_adds(o, " | ");
		counts_text(o, rep, upnum_map[i].s2r);
		sbuf_adds(o, " |\n");
	}
}
