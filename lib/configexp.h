/* configexp.h - `expect` records from a sim bundle's config.md and README.
 *
 * What config.md promises about the real deployment, in the metric names
 * the measuring side uses (docs/records.md, schemas/metrics-config.json):
 * vllm.<param> from the vLLM table and from vLLM log lines quoted in the
 * file (2a), instances.count (2b), BLIS and `blis observe` flags from
 * tables and fenced run commands (sim.*, observe.*), EPP configurations
 * per arm and priority bands (epp.*, priority.tier; 2d, 4a, 4c), the
 * README's priority-tier table (4d).  Where the file says two different
 * things about one value, both records are kept and a config.conflict
 * record names them: a bundle that contradicts itself is a finding. */
#ifndef S2R_CONFIGEXP_H
#define S2R_CONFIGEXP_H

#include <jansson.h>

#include "configmd.h"
#include "eppcfg.h"

/* Appends to out (a JSON array) every expectation doc holds; source.file
 * is doc->path.  Dies (exit 2) on malformed fenced YAML, naming the line
 * and column in doc. */
void	configexp_doc(json_t *out, const struct mddoc *doc);

/* Appends the expectations of one config.md or README at path ("-":
 * stdin), cited as label.  Dies (exit 2) on unreadable or malformed input. */
void	configexp_file(json_t *out, const char *path, const char *label);

/* Appends the expectations of DIR/config.md and DIR/README.md, those
 * that exist, cited by their names in the bundle; returns how many files
 * were read.  Dies (exit 2) on unreadable or malformed files. */
int	configexp_bundle(json_t *out, const char *dir);

/* Appends the records of one EPP configuration: kind "expect" (from a sim
 * bundle) or "measure" (a deployed config); phase may be NULL. */
void	configexp_epp(json_t *out, const struct eppcfg *cfg, const char *kind,
	    const char *phase, const char *how);

/* Appends a config.conflict record for every (metric, key, scope) of the
 * expect records in out that was given different values. */
void	configexp_conflicts(json_t *out);

/* The arm a heading names: "baseline", "treatment", "control" or NULL
 * ("llm-d EPP Configuration — Treatment", "Baseline (Fixed …)", …). */
const char *configexp_phase(const char *heading);

#endif
