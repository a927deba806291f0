/* scenario.h - the vLLM deployment an llm-d-benchmark scenario describes
 * (scenario[0].model, .decode, .prefill, .vllmCommon), as `expect`
 * records of checks 2a and 2b in the metric names config.md's are in
 * (configexp.h): the files a sim bundle's transfer.yaml names per
 * baseline (baselines[].scenario, docs/formats.md §1.1), the system the
 * simulation modelled. */
#ifndef S2R_SCENARIO_H
#define S2R_SCENARIO_H

#include <jansson.h>

/* Appends the records of each baseline scenario DIR/transfer.yaml names:
 * scope.phase the baseline's name, and the same records for every
 * algorithm whose defaults names that baseline (it runs on it); with one
 * baseline in all, no phase (every phase runs on it).  A path out of the
 * bundle is not followed.  Returns the number of scenarios read; dies
 * (exit 2) on a malformed transfer.yaml or scenario. */
int	scenario_bundle(json_t *out, const char *dir);
/* Appends the records of one scenario given as text (a PipelineRun's
 * scenarioContent), unscoped, cited as label (lines within the text);
 * dies (exit 2, label:line:column) when it is not a scenario. */
void	scenario_text(json_t *out, const char *label, const char *text);

#endif
