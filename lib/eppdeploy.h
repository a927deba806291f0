/* eppdeploy.h - the EPP config a run's PipelineRun deployed against the
 * one its translation generated.
 *
 * In run mode the EPP config the policy and config checks judge is the
 * translation's generated/<phase>_config.yaml, but what the EPP ran is
 * the config string the PipelineRun's scenarioContent carries
 * (inferenceExtension or router.epp pluginsCustomConfig): a hand edit,
 * a stale scenario or another arm's config there is what the cell
 * measured.  One epp.deployed record per PipelineRun of the phase says
 * whether the two agree, section by section (check 2d). */
#ifndef S2R_EPPDEPLOY_H
#define S2R_EPPDEPLOY_H

#include <jansson.h>

#include "eppcfg.h"
#include "str.h"

/* Appends to out one record (kind measure, check 2d, metric
 * epp.deployed, scope phase and the PipelineRun's workloadName) for the
 * PipelineRun at path (cited as label) when its phase param is phase:
 * value "equal" or "differs" (changes: each with its section, gen as
 * side a), "absent" when its scenario carries no EPP config, or
 * "unreadable" (summary: where and why) when that config cannot be
 * read.  A PipelineRun of another phase, or without a scenario, adds
 * nothing.  Then, when the run folder above the PipelineRun
 * (RUN/cluster/NAME.yaml) names the router image it built (the
 * translation's image_ref for the phase, else run_metadata.json's
 * component_image), one epp.image record: value "built", "other" or
 * "default" (the scenario names no images.inferenceScheduler), with
 * image, built, built_from and needs_built (the arm has its own
 * image_ref, or its config names the translation's plugin_type).  And
 * one epp.chart.deployed record (check 3d, the same scope) per chart key
 * the scenario deploys beside the config string (flags.KEY, replicas …,
 * keyed as s2r-config keys epp.chart), unless the config is unreadable:
 * 3d reads the arm's refresh-metrics-interval there.  root:
 * files are cited relative to it.  Dies (exit 2) on a file that is not
 * a PipelineRun or a scenario that is not YAML. */
void	eppdeploy_records(json_t *out, const struct eppcfg *gen,
	    const char *gen_label, const char *path, const char *label,
	    const char *phase, const char *root);

/* eppdeploy_records over every PipelineRun of prs (paths, cited
 * relative to root); when none deploys a scenario for phase, one
 * epp.deployed record of scope phase only, value "none" (source: the
 * generated config): nothing shows what the phase's cells deployed. */
void	eppdeploy_all(json_t *out, const struct eppcfg *gen,
	    const char *gen_label, const struct strv *prs,
	    const char *phase, const char *root);

#endif
