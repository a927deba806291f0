/* fuzz_traceheader - lib/tracefile over arbitrary bytes as a TraceV2/V3
 * trace header (the one reader of s2r-trace-stats, s2r-latency and
 * s2r-compare): every input is either rejected with a located message or
 * yields a header whose targets are sorted, each class once, and whose
 * KV hit rate is a fraction; never a crash or a hang. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "fuzz.h"
#include "tracefile.h"

static struct trace_header h;

static void
check(void)
{
	const struct slo_targets *t = &h.goodput;

	for (size_t i = 0; i < t->n; i++) {
		if (i > 0 && strcmp(t->v[i - 1].cls, t->v[i].cls) >= 0)
			abort();	/* sorted, each class once */
		if (!(t->v[i].ttft_ms >= 0 && t->v[i].itl_ms >= 0 &&
		    t->v[i].e2e_ms >= 0))
			abort();
		if (slo_targets_find(t, t->v[i].cls) != NULL &&
		    slo_targets_find(t, t->v[i].cls) != &t->v[i])
			abort();
	}
	if (!slo_targets_equal(t, t))
		abort();
	if (h.kv.present && !(h.kv.hit_rate >= 0 && h.kv.hit_rate <= 1))
		abort();
	if (h.has_warm_up && h.warm_up < 0)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (setjmp(fuzz_back) != 0) {
		trace_header_free(&h);
		return 0;
	}
	trace_header_load_buf(&h, "fuzz.yaml", (const char *)data, size);
	check();
	trace_header_free(&h);
	return 0;
}
