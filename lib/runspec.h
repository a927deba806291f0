/* runspec.h - the workload specs a sim2real run's PipelineRuns embed
 * (RUN/cluster/pipelinerun-*.yaml, param workloadSpec: the spec the run
 * was given), as `expect` records for the workloads the sim bundle has no
 * spec for.  sim2real deploys the spec its transfer names, the one BLIS
 * simulated; a run directory copied without the sim's workloads/ still
 * carries it there, so its workload checks need not all be MISSING. */
#ifndef S2R_RUNSPEC_H
#define S2R_RUNSPEC_H

#include <jansson.h>

/* Appends to out the records of each embedded spec whose workloadName
 * no record in out already scopes (a sim spec wins); source.file is the
 * PipelineRun's path under rundir.  When a workload's PipelineRuns embed
 * different specs, each phase gets its own (scope.phase).  Returns the
 * number of PipelineRun files read; dies (exit 2) on bad input. */
size_t	runspec_expect(const char *rundir, json_t *out);
/* Appends, for each PipelineRun with a phase and a scenarioContent (the
 * llm-d-benchmark scenario it deployed), a 2a config.deployed record
 * comparing its vLLM parameters with the sim's expectations for that
 * phase already in out (run after the sim bundle's scenarios and
 * config.md are read).  Dies (exit 2) on bad input. */
void	runspec_deployed(const char *rundir, json_t *out);

#endif
