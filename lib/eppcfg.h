/* eppcfg.h - an EndpointPickerConfig, whatever it was wrapped in.
 *
 * Real EPP configurations come in these shapes (docs/formats.md
 * §6.2): a bare EndpointPickerConfig document; helm values where the
 * config is a YAML *string* under inferenceExtension.pluginsCustomConfig
 * (priority bands as extraObjects InferenceObjectives); and the v0.9.0
 * chart's router.epp.pluginsCustomConfig with router.inferenceObjectives —
 * the last two often inside a `scenario: [ … ]` list; and, as deployed,
 * a ConfigMap whose data holds the config as a string.  All of them are
 * normalised here into the same sections of flat entries, each entry with
 * the file, line and column it came from (the lines of a config string
 * are lines of the outer file), so two configs can be compared section by
 * section whatever their shapes. */
#ifndef S2R_EPPCFG_H
#define S2R_EPPCFG_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "yamlr.h"

enum epp_section {
	EPP_FEATURE_GATES,	/* item: gate name; value: bool */
	EPP_PLUGINS,		/* item: plugin name (defaults to type) */
	EPP_PROFILES,		/* item: "profile/pluginRef"; value: weight */
	EPP_OBJECTIVES,		/* item: objective name; value: priority */
	EPP_FLOW_CONTROL,	/* item: key under flowControl */
	EPP_SATURATION,		/* item: key under saturationDetector */
	EPP_CHART,		/* item: key of the helm epp block (flags …) */
	EPP_OTHER,		/* item: any other top-level key */
	EPP_NSECTIONS
};

extern const char *const epp_section_names[EPP_NSECTIONS];

/* One value.  Each item has an entry with path "" holding the whole item
 * as JSON; items that are not scalars also have one entry per leaf. */
struct epp_entry {
	char	*item;
	char	*path;		/* "type", "parameters.blockSize", "" … */
	json_t	*value;		/* typed: plain YAML scalars become numbers,
				 * booleans and null; numbers via rec_num */
	char	*file;
	long	 line;
	long	 column;
};

struct epp_sec {
	bool		  present;
	char		 *file;		/* where the section key is */
	long		  line;
	struct epp_entry *v;		/* sorted by item, path, line */
	size_t		  n, cap;
};

struct eppcfg {
	char		*file;		/* the outermost file, for messages */
	const char	*shape;		/* "bare", "inferenceExtension",
					 * "router", "objectives",
					 * "configmap" */
	struct epp_sec	 sec[EPP_NSECTIONS];
};

/* Text that holds YAML: a whole file, or a block embedded in another file
 * (config.md fences) whose first line is line_offset + 1 of `file` and
 * whose columns are shifted by col_offset. */
struct epp_text {
	const char	*file;
	const char	*buf;
	size_t		 len;
	long		 line_offset;
	long		 col_offset;
};

/* Reads every document of src.  NULL with *err (line and column in the
 * outer file) when the YAML is malformed or holds nothing EPP-shaped (no
 * EndpointPickerConfig, helm epp block or InferenceObjective). */
struct eppcfg	*eppcfg_parse(const struct epp_text *src, struct perr *err);
/* The same from an already loaded document (src gives the raw text that
 * config strings are located in). */
struct eppcfg	*eppcfg_from_doc(const struct ydoc *doc,
		    const struct epp_text *src, struct perr *err);
/* Reads a file ("-": stdin); dies (exit 2) with file:line:column. */
struct eppcfg	*eppcfg_load_file(const char *path);
void		 eppcfg_free(struct eppcfg *cfg);

/* Whether a YAML document looks like something eppcfg reads. */
bool		 eppcfg_recognises(const struct ynode *root);

/* Deep-merges an overlay onto base the way the chart values are merged:
 * maps key by key, lists and the plugin-config string replaced whole (so
 * an overlay that carries a plugin config replaces every section that
 * came from one). */
void		 eppcfg_overlay(struct eppcfg *base, const struct eppcfg *over);

/* One record comparing a section of a and b (kind "diff", see
 * docs/man/s2r-config.1): value "equal" or "differs" and the added,
 * removed and changed entries with their lines on both sides. */
json_t		*eppcfg_diff(const struct eppcfg *a, const struct eppcfg *b,
		    enum epp_section s);

/* The typed JSON value of a YAML node (scalars typed as in epp_entry). */
json_t		*epp_json(const struct ynode *n);

#endif
