/* fuzz_pipelinerun - lib/pipelinerun over arbitrary bytes as a Tekton
 * PipelineRun, the workload spec it embeds through the spec readers and
 * the scenario it embeds through the scenario reader into expect records
 * (s2r-expect --run): every input is rejected with a
 * located message or yields params that are strings, the spec's place a
 * real line and column; never a crash or a hang. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "err.h"
#include "fuzz.h"
#include "pipelinerun.h"
#include "scenario.h"
#include "wlexpect.h"

static struct pipelinerun pr;
static struct wlspec *spec;
static json_t *recs;

static void
clean(void)
{
	pipelinerun_free(&pr);
	if (spec != NULL)
		wlspec_free(spec);
	spec = NULL;
	json_decref(recs);
	recs = NULL;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (setjmp(fuzz_back) != 0) {
		clean();
		return 0;
	}
	pipelinerun_load_buf(&pr, "pipelinerun-fuzz.yaml", (const char *)data,
	    size);
	if (pr.spec != NULL && (pr.spec_line < 1 || pr.spec_column < 1))
		abort();
	if (pr.spec != NULL && pr.workload != NULL) {
		recs = json_array();
		spec = wlspec_load_buf("workloadSpec", pr.spec,
		    strlen(pr.spec));
		wlspec_expect(spec, pr.workload, recs);
	}
	if (pr.scenario != NULL && (pr.scenario_line < 1 ||
	    pr.scenario_column < 1))
		abort();
	if (pr.scenario != NULL) {
		json_decref(recs);
		recs = json_array();
		scenario_text(recs, "scenarioContent", pr.scenario);
	}
	clean();
	return 0;
}
