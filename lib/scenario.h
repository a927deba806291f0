/* scenario.h - the vLLM deployment an llm-d-benchmark scenario describes
 * (scenario[0].model, .decode, .prefill, .vllmCommon), as `expect`
 * records of checks 2a and 2b in the metric names config.md's are in
 * (configexp.h): the files a sim bundle's transfer.yaml names per
 * baseline (baselines[].scenario, docs/formats.md §1.1), the system the
 * simulation modelled. */
#ifndef S2R_SCENARIO_H
#define S2R_SCENARIO_H

#include <jansson.h>

#include "str.h"

/* Appends the records of each baseline scenario DIR/transfer.yaml names:
 * scope.phase the baseline's name, and the same records for every
 * algorithm whose defaults names that baseline (it runs on it); with one
 * baseline in all, no phase (every phase runs on it).  A path out of the
 * bundle (absolute, or through "..") is not followed; links out of it
 * are the pipeline's to refuse (scenario_paths).  Returns the number
 * of scenarios read; dies (exit 2) on a malformed transfer.yaml or
 * scenario. */
int	scenario_bundle(json_t *out, const char *dir);
/* Appends to paths the scenario paths DIR/transfer.yaml names that
 * scenario_bundle would read (relative to DIR, whether or not they
 * exist), so that a pipeline can check them first: they may lie
 * anywhere in the bundle, through links.  Dies as scenario_bundle. */
void	scenario_paths(const char *dir, struct strv *paths);
/* Appends the records of one scenario given as text (a PipelineRun's
 * scenarioContent), unscoped, cited as label (lines within the text);
 * dies (exit 2, label:line:column) when it is not a scenario. */
void	scenario_text(json_t *out, const char *label, const char *text);

#endif
