/* pipelinerun.c - a Tekton PipelineRun's params; see pipelinerun.h. */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "pipelinerun.h"
#include "str.h"
#include "yamlr.h"

static noreturn void
die_node(const char *label, const struct ynode *n, const char *expected)
{
	s2r_die_at(label, n->line, n->column, "expected %s", expected);
}

/* One item of spec.params: {name, value}; the five s2r reads kept. */
static void
read_param(struct pipelinerun *p, const char *label, const struct ynode *item)
{
	const struct ynode *name, *value;
	const char *key;
	char **slot;

	if (item->type != Y_MAP)
		die_node(label, item, "a param: a map with name and value");
	name = ymap_get(item, "name");
	if ((key = yscalar(name)) == NULL)
		die_node(label, name ? name : item, "a param's name: a string");
	slot = strcmp(key, "phase") == 0 ? &p->phase :
	    strcmp(key, "workloadName") == 0 ? &p->workload :
	    strcmp(key, "workloadSpec") == 0 ? &p->spec :
	    strcmp(key, "scenarioContent") == 0 ? &p->scenario :
	    strcmp(key, "namespace") == 0 ? &p->ns : NULL;
	if (slot == NULL)
		return;
	if (*slot != NULL)
		die_node(label, name, "each param once");
	value = ymap_get(item, "value");
	if (yscalar(value) == NULL)
		die_node(label, value ? value : item,
		    "the param's value: a string");
	/* An empty name (a template's unset variable) scopes the run's
	 * spec and scenario to no cell: every check of the cell it ran
	 * would silently lose them, so it is malformed, not a name. */
	if ((slot == &p->workload || slot == &p->phase) &&
	    yscalar(value)[0] == '\0')
		die_node(label, value, slot == &p->workload ? "the "
		    "workloadName param: the workload's name, not empty" :
		    "the phase param: the phase's name, not empty");
	*slot = xstrdup(yscalar(value));
	if (slot == &p->spec) {
		p->spec_line = value->line;
		p->spec_column = value->column;
	} else if (slot == &p->scenario) {
		p->scenario_line = value->line;
		p->scenario_column = value->column;
	} else if (slot == &p->ns) {
		p->ns_line = value->line;
		p->ns_column = value->column;
	}
}

/* The params of a loaded document (NULL: err says why). */
static void
read_doc(struct pipelinerun *p, const char *label, struct ydoc *doc,
    const struct perr *err)
{
	const struct ynode *root, *kind, *params, *ns;

	memset(p, 0, sizeof(*p));
	if (doc == NULL)
		s2r_die_at(label, err->line, err->column, "%s", err->msg);
	root = ydoc_root(doc);
	if (root == NULL || root->type != Y_MAP)
		s2r_die_at(label, root ? root->line : 1, root ? root->column : 1,
		    "expected a PipelineRun: a YAML map");
	kind = ymap_get(root, "kind");
	if (yscalar(kind) == NULL || strcmp(yscalar(kind), "PipelineRun") != 0)
		die_node(label, kind ? kind : root, "kind: PipelineRun");
	params = ypath(root, "spec.params");
	if (params != NULL && params->type != Y_SEQ)
		die_node(label, params, "spec.params: a list of params");
	for (size_t i = 0; params != NULL && i < params->n; i++)
		read_param(p, label, params->items[i]);
	/* Where Tekton ran it, when no param says where the stack is. */
	ns = ypath(root, "metadata.namespace");
	if (p->ns == NULL && yscalar(ns) != NULL) {
		p->ns = xstrdup(yscalar(ns));
		p->ns_line = ns->line;
		p->ns_column = ns->column;
	}
	ydoc_free(doc);
}

void
pipelinerun_load(struct pipelinerun *p, const char *path, const char *label)
{
	struct perr err;

	read_doc(p, label, ydoc_load_file(path, &err), &err);
}

void
pipelinerun_load_buf(struct pipelinerun *p, const char *label,
    const char *buf, size_t len)
{
	struct perr err;

	read_doc(p, label, ydoc_load_buf(label, buf, len, 0, &err), &err);
}

void
pipelinerun_free(struct pipelinerun *p)
{
	free(p->phase);
	free(p->workload);
	free(p->spec);
	free(p->scenario);
	free(p->ns);
	memset(p, 0, sizeof(*p));
}
