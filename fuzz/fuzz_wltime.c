/* fuzz_wltime - lib/wltime over arbitrary bytes read as a BLIS
 * WorkloadSpec (lib/workload): the phases, the per-client rates under
 * both readings of rate_fraction and the window groups.  Every input is
 * either rejected with a located message or yields phases that are
 * ordered and disjoint, rates and counts that are numbers >= 0, and
 * groups that hold each client at most once; never a crash or a hang. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "err.h"
#include "fuzz.h"
#include "workload.h"
#include "wltime.h"

static void
check_phases(const struct workload *w, const struct wl_timeline *t)
{
	for (size_t p = 0; p < t->nphases; p++) {
		if (t->phases[p].start >= t->phases[p].end ||
		    !(t->phases[p].active >= 0))
			abort();
		if (p > 0 && t->phases[p - 1].end > t->phases[p].start)
			abort();
		for (size_t i = 0; i < w->nclients; i++)
			for (int rd = 0; rd < WL_NREAD; rd++)
				if (!(wl_client_rate_in(w, t, i, p, rd) >= 0))
					abort();
	}
	for (int rd = 0; rd < WL_NREAD; rd++)
		if (t->r[rd].bounded && !(t->r[rd].count >= 0))
			abort();
}

static void
check_groups(const struct workload *w)
{
	struct wl_group *g;
	size_t n = wl_groups(w, &g);
	bool *seen = calloc(w->nclients + 1, sizeof(*seen));

	if (seen == NULL)
		abort();
	for (size_t k = 0; k < n; k++)
		for (size_t m = 0; m < g[k].n; m++) {
			if (g[k].members[m] >= w->nclients ||
			    seen[g[k].members[m]])
				abort();
			seen[g[k].members[m]] = true;
		}
	free(seen);
	wl_groups_free(g, n);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct workload *w;
	struct wl_timeline t;

	if (setjmp(fuzz_back) != 0)
		return 0;
	w = workload_load_buf("fuzz.yaml", (const char *)data, size);
	wl_timeline_build(w, &t);
	if (t.nclients != w->nclients)
		abort();
	check_phases(w, &t);
	check_groups(w);
	wl_timeline_free(&t);
	workload_free(w);
	return 0;
}
