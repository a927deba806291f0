/* scenario.c - a sim bundle's llm-d-benchmark scenarios as 2a/2b expect
 * records; see scenario.h. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cfgutil.h"
#include "err.h"
#include "scenario.h"
#include "str.h"
#include "yamlr.h"

/* The scenario keys that are vLLM parameters, by the names config.md's
 * tables use (cfg_find_param). */
static const struct {
	const char	*path;		/* under scenario[0] */
	const char	*param;
} scenario_keys[] = {
	{ "model.name", "model" },
	{ "model.maxModelLen", "max_model_len" },
	{ "model.blockSize", "block_size" },
	{ "model.gpuMemoryUtilization", "gpu_memory_utilization" },
	{ "decode.parallelism.tensor", "tensor_parallel_size" },
	{ "vllmCommon.flags.enforceEager", "enforce_eager" },
	/* the node label the pods are scheduled by: the GPU (its
	 * nvidia.com/gpu.product value names it as nvidia-smi does) */
	{ "decode.acceleratorType.labelValue", "hardware" },
	{ NULL, NULL }
};

/* Where the records of one scenario go. */
struct scn {
	struct cfgctx	 ctx;
	const char	*label;		/* the scenario's path in the bundle */
	const char	*phase;		/* NULL: every phase */
};

static noreturn void
die_node(const char *label, const struct ynode *n, const char *expected)
{
	s2r_die_at(label, n->line, n->column, "expected %s", expected);
}

/* One value of param (a config.md name) at node n, read as its type. */
static void
put(struct scn *s, const char *param, const char *text, bool bare,
    const struct ynode *n, const char *field)
{
	bool negate;
	const struct vparam *p = cfg_find_param(param, &negate);
	const char *why = NULL;
	json_t *v;

	if (p == NULL)
		return;
	v = cfg_typed_value(p->type, text, bare, negate, &why);
	cfgrec_add(&s->ctx, &(struct cfgrec){ .check = p->check,
	    .metric = p->metric, .value = v, .unit = p->unit,
	    .phase = s->phase, .file = s->label, .at = { n->line, n->column,
	    field, "llm-d-benchmark scenario of the baseline transfer.yaml "
	    "names: the deployment the simulation modelled" }, .why = why });
}

/* decode.vllm.additionalFlags: "--max-num-seqs=256", "--no-enable-…",
 * "--max-num-seqs 256", or a flag and its value as two items.  A map's values would be read as
 * flags and its keys lost, so only a list (or nothing) is taken. */
static void
put_flags(struct scn *s, const struct ynode *flags)
{
	if (flags != NULL && flags->type != Y_SEQ && !yscalar_is_null(flags))
		die_node(s->label, flags,
		    "decode.vllm.additionalFlags: a list of vLLM flags");
	for (size_t i = 0; flags != NULL && i < flags->n; i++) {
		const char *item = yscalar(flags->items[i]);
		const char *eq, *value = "";
		char *name;
		bool bare = true;

		if (item == NULL)
			die_node(s->label, flags->items[i], "a vLLM flag");
		if (strncmp(item, "--", 2) != 0)
			continue;
		/* "--max-num-seqs 256" as one item: a chart that joins the
		 * flags into the shell command line splits it there. */
		eq = item + strcspn(item, "= \t");
		if (*eq != '\0') {
			name = xstrndup(item, (size_t)(eq - item));
			value = eq + 1;
			while (*value == ' ' || *value == '\t')
				value++;
			bare = *eq != '=' && *value == '\0';
		} else {
			name = xstrdup(item);
			if (i + 1 < flags->n && yscalar(flags->items[i + 1]) &&
			    strncmp(yscalar(flags->items[i + 1]), "--", 2)) {
				value = yscalar(flags->items[++i]);
				bare = false;
			}
		}
		char *norm = cfg_normalise(name);
		put(s, norm, value, bare, flags->items[i],
		    "decode.vllm.additionalFlags");
		free(norm);
		free(name);
	}
}

/* decode.replicas plus prefill.replicas: the vLLM pods; and the
 * prefill-only ones among them. */
static void
put_replicas(struct scn *s, const struct ynode *stack)
{
	const struct ynode *d = ypath(stack, "decode.replicas");
	const struct ynode *p = ypath(stack, "prefill.replicas");
	int64_t nd = 0, np = 0;
	char text[32];

	if (d == NULL)
		return;
	if (!yscalar_i64(d, &nd) || nd < 0)
		die_node(s->label, d, "decode.replicas: a whole number");
	if (p != NULL && (!yscalar_i64(p, &np) || np < 0))
		die_node(s->label, p, "prefill.replicas: a whole number");
	/* Their sum must not overflow (undefined, and a negative count). */
	if (np > INT64_MAX - nd)
		die_node(s->label, p, "prefill.replicas: a whole number "
		    "that, with decode.replicas, counts at most 2^63-1 pods");
	snprintf(text, sizeof(text), "%lld", (long long)(nd + np));
	put(s, "replicas", text, false, d, np > 0 ?
	    "decode.replicas + prefill.replicas" : "decode.replicas");
	/* The split too: 3 pods that each prefill and decode are not 2 that
	 * decode and 1 that prefills (a disaggregated deployment), though
	 * both count 3.  No prefill key: aggregated, none. */
	snprintf(text, sizeof(text), "%lld", (long long)np);
	put(s, "prefill_replicas", text, false, p != NULL ? p : d,
	    p != NULL ? "prefill.replicas" : "decode.replicas (no "
	    "prefill.replicas: aggregated, none prefill-only)");
}

/* The records of a loaded scenario (NULL: err says why). */
static void
read_doc(struct scn *s, struct ydoc *doc, const struct perr *err)
{
	const struct ynode *root, *list, *stack;

	if (doc == NULL)
		s2r_die_at(s->label, err->line, err->column, "%s", err->msg);
	root = ydoc_root(doc);
	list = root != NULL ? ymap_get(root, "scenario") : NULL;
	if (list == NULL || list->type != Y_SEQ || list->n == 0 ||
	    (stack = list->items[0])->type != Y_MAP)
		die_node(s->label, list ? list : root ? root : &(struct ynode){
		    .line = 1, .column = 1 }, "scenario: a list of stacks");
	for (size_t i = 0; scenario_keys[i].path != NULL; i++) {
		const struct ynode *n = ypath(stack, scenario_keys[i].path);

		if (n == NULL)
			continue;
		if (yscalar(n) == NULL)
			die_node(s->label, n, "a value");
		put(s, scenario_keys[i].param, yscalar(n), false, n,
		    scenario_keys[i].path);
	}
	put_replicas(s, stack);
	put_flags(s, ypath(stack, "decode.vllm.additionalFlags"));
	ydoc_free(doc);
}

static void
read_scenario(struct scn *s, const char *path)
{
	struct perr err;

	read_doc(s, ydoc_load_file(path, &err), &err);
}

void
scenario_text(json_t *out, const char *label, const char *text)
{
	struct scn s = { .ctx = { .out = out }, .label = label };
	struct perr err;

	read_doc(&s, ydoc_load_buf(label, text, strlen(text), 0, &err), &err);
}

/* A path transfer.yaml gives, when it stays inside the bundle. */
static bool
inside(const char *p)
{
	return p != NULL && p[0] != '\0' && p[0] != '/' &&
	    strstr(p, "..") == NULL;
}

/* One baseline's scenario, for its phase and the algorithms that run on
 * it (phase NULL: one baseline, every phase). */
static int
baseline(struct scn *s, const char *dir, const struct ynode *b,
    const struct ynode *algos, bool only)
{
	const char *name = yscalar(ymap_get(b, "name"));
	const char *file = yscalar(ymap_get(b, "scenario"));
	struct sbuf path = {0};

	if (b->type != Y_MAP || name == NULL)
		die_node("transfer.yaml", b, "a baseline: a map with a name");
	if (!inside(file))
		return 0;
	sbuf_printf(&path, "%s/%s", dir, file);
	if (access(path.s, F_OK) != 0) {
		sbuf_free(&path);
		return 0;
	}
	s->label = file;
	s->phase = only ? NULL : name;
	read_scenario(s, path.s);
	for (size_t i = 0; !only && algos != NULL && i < algos->n; i++) {
		const char *d = yscalar(ymap_get(algos->items[i], "defaults"));
		const char *a = yscalar(ymap_get(algos->items[i], "name"));

		if (a == NULL || d == NULL || strcmp(d, name) != 0)
			continue;
		s->phase = a;
		read_scenario(s, path.s);
	}
	sbuf_free(&path);
	return 1;
}

/* DIR/transfer.yaml's baselines (NULL: none, or no transfer.yaml) and
 * algorithms (NULL unless a list); *doc holds them (NULL: no file). */
static const struct ynode *
transfer_load(const char *dir, struct ydoc **doc, const struct ynode **algos)
{
	struct sbuf path = {0};
	struct perr err;
	const struct ynode *bases;

	*doc = NULL;
	*algos = NULL;
	sbuf_printf(&path, "%s/transfer.yaml", dir);
	if (access(path.s, F_OK) != 0) {
		sbuf_free(&path);
		return NULL;
	}
	if ((*doc = ydoc_load_file(path.s, &err)) == NULL)
		s2r_die_at("transfer.yaml", err.line, err.column, "%s",
		    err.msg);
	sbuf_free(&path);
	bases = ymap_get(ydoc_root(*doc), "baselines");
	*algos = ymap_get(ydoc_root(*doc), "algorithms");
	if (bases != NULL && bases->type != Y_SEQ)
		die_node("transfer.yaml", bases, "baselines: a list");
	if (*algos != NULL && (*algos)->type != Y_SEQ)
		*algos = NULL;
	return bases;
}

int
scenario_bundle(json_t *out, const char *dir)
{
	struct scn s = { .ctx = { .out = out } };
	struct ydoc *doc;
	const struct ynode *bases, *algos;
	int read = 0;

	bases = transfer_load(dir, &doc, &algos);
	for (size_t i = 0; bases != NULL && i < bases->n; i++)
		read += baseline(&s, dir, bases->items[i], algos,
		    bases->n == 1);
	ydoc_free(doc);
	return read;
}

void
scenario_paths(const char *dir, struct strv *paths)
{
	struct ydoc *doc;
	const struct ynode *bases, *algos;

	bases = transfer_load(dir, &doc, &algos);
	for (size_t i = 0; bases != NULL && i < bases->n; i++) {
		const struct ynode *b = bases->items[i];
		const char *file = yscalar(ymap_get(b, "scenario"));

		if (b->type != Y_MAP || yscalar(ymap_get(b, "name")) == NULL)
			die_node("transfer.yaml", b,
			    "a baseline: a map with a name");
		if (inside(file))
			strv_add(paths, file);
	}
	ydoc_free(doc);
}
