/* pipelinerun.h - what s2r reads of a sim2real run's Tekton PipelineRun
 * (RUN/cluster/pipelinerun-*.yaml, docs/formats.md §1.6): the params
 * phase, workloadName, workloadSpec, scenarioContent and namespace
 * (else metadata.namespace), spec and scenario
 * being the workload spec the run was given and the llm-d-benchmark
 * scenario it deployed, YAML texts embedded as strings. */
#ifndef S2R_PIPELINERUN_H
#define S2R_PIPELINERUN_H

#include <stddef.h>

struct pipelinerun {
	char	*phase;		/* NULL: no such param */
	char	*workload;	/* workloadName; NULL: none */
	char	*spec;		/* workloadSpec's text; NULL: none */
	long	 spec_line, spec_column;	/* of that value */
	char	*scenario;	/* scenarioContent's text; NULL: none */
	long	 scenario_line, scenario_column;
	char	*ns;		/* the namespace param, else
				 * metadata.namespace; NULL: none */
	long	 ns_line, ns_column;
};

/* Reads path, cited as label; dies (exit 2, label:line:column) when it
 * is not YAML, not a PipelineRun (kind), or a param of those names is not
 * a string. */
void	pipelinerun_load(struct pipelinerun *p, const char *path,
	    const char *label);
/* The same from a buffer (the fuzz harness). */
void	pipelinerun_load_buf(struct pipelinerun *p, const char *label,
	    const char *buf, size_t len);
void	pipelinerun_free(struct pipelinerun *p);

#endif
