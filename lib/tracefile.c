/* tracefile.c - see tracefile.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "itl.h"
#include "str.h"
#include "tracefile.h"
#include "yamlr.h"

/* What n is, for "got ...": its text quoted, else its kind. */
static noreturn void
node_die(const char *label, const struct ynode *n, const char *key,
    const char *expected)
{
	s2r_die_at(label, n->line, n->column, "%s: expected %s, got %s%.80s%s",
	    key, expected, yscalar(n) ? "\"" : "", yscalar(n) ? yscalar(n) :
	    n->type == Y_MAP ? "a mapping" : "a sequence", yscalar(n) ? "\"" :
	    "");
}

static char *
header_str(const struct trace_header *h, const struct ynode *root,
    const char *key, long *line)
{
	const struct ynode *n = ymap_get(root, key);

	if (n == NULL)
		return NULL;
	if (yscalar(n) == NULL)
		node_die(h->label, n, key, "a string");
	*line = n->line;
	return xstrdup(yscalar(n));
}

static bool
header_int(const struct trace_header *h, const struct ynode *root,
    const char *key, int64_t *v, long *line)
{
	const struct ynode *n = ymap_get(root, key);

	if (n == NULL)
		return false;
	if (!yscalar_i64(n, v) || *v < 0)
		node_die(h->label, n, key, "an integer >= 0");
	*line = n->line;
	return true;
}

/* A number >= 0 at key of map (field names the map), into *v; false
 * when absent or null. */
static bool
nonneg(const char *label, const struct ynode *map, const char *key,
    const char *field, double *v)
{
	const struct ynode *n = ymap_get(map, key);
	struct sbuf expected = { 0 };

	if (n == NULL || yscalar_is_null(n))
		return false;
	if (yscalar_f64(n, v) && *v >= 0)
		return true;
	sbuf_printf(&expected, "a number >= 0 for %s", key);
	node_die(label, n, field, sbuf_str(&expected));
}

static int
target_cmp(const void *pa, const void *pb)
{
	const struct slo_target *a = pa, *b = pb;

	return strcmp(a->cls, b->cls);
}

/* One class: {ttft_ms, itl_ms, e2e_ms} (null: none of them); other keys
 * are errors, as in BLIS (KnownFields). */
static void
read_class(struct slo_target *t, const char *label, const struct ynode *key,
    const struct ynode *val)
{
	static const char *const known[] = { "ttft_ms", "itl_ms", "e2e_ms" };
	struct sbuf field = { 0 };

	memset(t, 0, sizeof(*t));
	t->cls = xstrdup(yscalar(key) != NULL && *yscalar(key) != '\0' ?
	    yscalar(key) : "default");
	t->line = key->line;
	if (yscalar_is_null(val))
		return;
	sbuf_printf(&field, "goodput_slo_targets.%s", t->cls);
	if (val->type != Y_MAP)
		node_die(label, val, sbuf_str(&field), "a mapping of ttft_ms, "
		    "itl_ms, e2e_ms");
	for (size_t i = 0; i < val->n; i++) {
		const char *k = yscalar(val->keys[i]);
		size_t j = 0;

		while (j < 3 && (k == NULL || strcmp(k, known[j]) != 0))
			j++;
		if (j == 3)
			s2r_die_at(label, val->keys[i]->line,
			    val->keys[i]->column, "%s: expected ttft_ms, "
			    "itl_ms or e2e_ms, got \"%s\"", sbuf_str(&field),
			    k != NULL ? k : "a collection");
	}
	nonneg(label, val, "ttft_ms", sbuf_str(&field), &t->ttft_ms);
	nonneg(label, val, "itl_ms", sbuf_str(&field), &t->itl_ms);
	nonneg(label, val, "e2e_ms", sbuf_str(&field), &t->e2e_ms);
	sbuf_free(&field);
}

/* goodput_slo_targets: {<class>: {ttft_ms, itl_ms, e2e_ms}}. */
static void
read_targets(struct slo_targets *t, const char *label, const struct ynode *map)
{
	if (map->type != Y_MAP)
		node_die(label, map, "goodput_slo_targets", "a mapping of SLO "
		    "classes");
	t->file = xstrdup(label);
	t->line = map->line;
	t->v = xcalloc(map->n + 1, sizeof(*t->v));
	for (size_t i = 0; i < map->n; i++)
		read_class(&t->v[t->n++], label, map->keys[i], map->items[i]);
	qsort(t->v, t->n, sizeof(*t->v), target_cmp);
	for (size_t i = 1; i < t->n; i++)
		if (strcmp(t->v[i].cls, t->v[i - 1].cls) == 0)
			s2r_die_at(label, t->v[i].line, 1, "goodput_slo_targets: "
			    "expected each class once, got \"%s\" twice",
			    t->v[i].cls);
}

/* observed_kv_metrics: {source, hit_rate, block_hits, block_queries ...};
 * without hit_rate it states nothing the checks read. */
static void
read_kv(struct kv_observed *kv, const char *label, const struct ynode *n)
{
	const char *f = "observed_kv_metrics";
	const struct ynode *hr = ymap_get(n, "hit_rate");
	const struct ynode *src = ymap_get(n, "source");

	if (n->type != Y_MAP)
		node_die(label, n, f, "a mapping");
	kv->hits = kv->queries = NAN;
	nonneg(label, n, "block_hits", f, &kv->hits);
	nonneg(label, n, "block_queries", f, &kv->queries);
	if (src != NULL && !yscalar_is_null(src) && yscalar(src) == NULL)
		node_die(label, src, "observed_kv_metrics.source", "a string");
	if (!nonneg(label, n, "hit_rate", f, &kv->hit_rate))
		return;
	if (kv->hit_rate > 1)
		node_die(label, hr, "observed_kv_metrics.hit_rate", "a "
		    "fraction in [0, 1]");
	kv->present = true;
	kv->line = hr->line;
	kv->file = xstrdup(label);
	if (src != NULL && !yscalar_is_null(src))
		kv->source = xstrdup(yscalar(src));
}

/* The map at key of root, unless absent or null. */
static const struct ynode *
optional(const struct ynode *root, const char *key)
{
	const struct ynode *n = ymap_get(root, key);

	return n != NULL && !yscalar_is_null(n) ? n : NULL;
}

/* Keys that trace_version 3 (and HEAD) added; older headers lack them. */
static void
header_v3(struct trace_header *h, const struct ynode *root)
{
	const struct ynode *n = optional(root, "workload_seed");

	if (n != NULL) {
		if (!yscalar_i64(n, &h->seed))
			node_die(h->label, n, "workload_seed", "an integer");
		h->has_seed = true;
		h->seed_line = n->line;
	}
	h->growth = header_str(h, root, "session_context_growth",
	    &h->growth_line);
	/* server: {type, model}: the model blis observe sent requests to */
	if ((n = optional(root, "server")) != NULL && n->type == Y_MAP)
		h->server_model = header_str(h, n, "model",
		    &h->server_model_line);
	if ((n = optional(root, "goodput_slo_targets")) != NULL)
		read_targets(&h->goodput, h->label, n);
	if ((n = optional(root, "observed_kv_metrics")) != NULL)
		read_kv(&h->kv, h->label, n);
}

/* The first document's root, which must be a map (what names it). */
static const struct ynode *
doc_map(const struct ydoc *doc, const char *label, const char *what)
{
	const struct ynode *root = ydoc_root(doc);

	if (root == NULL || root->type != Y_MAP)
		s2r_die_at(label, root ? root->line : 1, root ? root->column : 1,
		    "expected %s, got %s", what, root == NULL ? "an empty "
		    "document" : root->type == Y_SEQ ? "a sequence" : "a scalar");
	return root;
}

static void
header_read(struct trace_header *h, const struct ydoc *doc)
{
	const struct ynode *root, *n;
	long line;

	root = doc_map(doc, h->label, "a TraceV2 header (a YAML map)");
	h->present = true;
	h->time_unit = header_str(h, root, "time_unit", &h->time_unit_line);
	if (h->time_unit != NULL && strcmp(h->time_unit, "us") != 0 &&
	    strcmp(h->time_unit, "microseconds") != 0) {
		n = ymap_get(root, "time_unit");
		s2r_die_at(h->label, n->line, n->column, "time_unit: expected "
		    "\"us\" or \"microseconds\", got \"%s\"", h->time_unit);
	}
	h->mode = header_str(h, root, "mode", &h->mode_line);
	if (h->mode != NULL && strcmp(h->mode, "real") != 0 &&
	    strcmp(h->mode, "generated") != 0 &&
	    strcmp(h->mode, "replayed") != 0) {
		n = ymap_get(root, "mode");
		s2r_die_at(h->label, n->line, n->column, "mode: expected real, "
		    "generated or replayed, got \"%s\"", h->mode);
	}
	h->has_warm_up = header_int(h, root, "warm_up_requests", &h->warm_up,
	    &h->warm_up_line);
	h->has_version = header_int(h, root, "trace_version", &h->version,
	    &line);
	header_v3(h, root);
}

/* The header of doc (NULL: err says why it did not load). */
static void
header_from(struct trace_header *h, const char *label, struct ydoc *doc,
    const struct perr *err)
{
	memset(h, 0, sizeof(*h));
	h->label = xstrdup(label);
	if (doc == NULL)
		s2r_die_at(label, err->line, err->column, "%s", err->msg);
	header_read(h, doc);
	ydoc_free(doc);
}

void
trace_header_load(struct trace_header *h, const char *path, const char *label)
{
	struct perr err;

	header_from(h, label, ydoc_load_file(path, &err), &err);
}

void
trace_header_load_buf(struct trace_header *h, const char *label,
    const char *buf, size_t len)
{
	struct perr err;

	header_from(h, label, ydoc_load_buf(label, buf, len, 0, &err), &err);
}

void
trace_header_free(struct trace_header *h)
{
	free(h->label);
	free(h->mode);
	free(h->time_unit);
	free(h->growth);
	free(h->server_model);
	slo_targets_free(&h->goodput);
	free(h->kv.source);
	free(h->kv.file);
	free(h->itl_path);
	free(h->itl_label);
	memset(h, 0, sizeof(*h));
}

/* p's text when that file exists, else NULL (p is freed). */
static char *
existing(struct sbuf *p)
{
	if (access(p->s, F_OK) == 0)
		return p->s;
	sbuf_free(p);
	return NULL;
}

char *
trace_header_beside(const char *csv)
{
	const char *slash = strrchr(csv, '/');
	const char *base = slash ? slash + 1 : csv;
	struct sbuf p = {0};
	char *found;

	if (strcmp(csv, "-") == 0)
		return NULL;
	/* blis run --trace-output <stem> writes <stem>.csv and <stem>.yaml */
	if (strcmp(base, "trace_data.csv") != 0 &&
	    str_has_suffix(base, ".csv")) {
		sbuf_add(&p, csv, strlen(csv) - 4);
		sbuf_adds(&p, ".yaml");
		if ((found = existing(&p)) != NULL)
			return found;
	}
	sbuf_add(&p, csv, (size_t)(base - csv));
	sbuf_adds(&p, "trace_header.yaml");
	return existing(&p);
}

void
trace_header_for(struct trace_header *h, const char *csv, const char *path,
    bool none, const char *root)
{
	char *hpath = NULL, *label;

	memset(h, 0, sizeof(*h));
	if (path != NULL)
		hpath = xstrdup(path);
	else if (!none)
		hpath = trace_header_beside(csv);
	if (hpath == NULL)
		return;
	label = path_display(hpath, root);
	trace_header_load(h, hpath, label);
	free(label);
	free(hpath);
}

void
trace_itl_for(struct trace_header *h, const char *csv, const char *itl,
    bool none, const char *root)
{
	if (itl != NULL)
		h->itl_path = xstrdup(itl);
	else if (!none)
		h->itl_path = itl_beside(csv);
	if (h->itl_path != NULL)
		h->itl_label = path_display(h->itl_path, root);
}

void
slo_targets_load(struct slo_targets *t, const char *path, const char *label)
{
	struct perr err;
	struct ydoc *doc;
	const struct ynode *root, *n;

	memset(t, 0, sizeof(*t));
	if ((doc = ydoc_load_file(path, &err)) == NULL)
		s2r_die_at(label, err.line, err.column, "%s", err.msg);
	root = doc_map(doc, label, "a YAML map");
	n = ymap_get(root, "goodput_slo_targets");
	read_targets(t, label, n != NULL ? n : root);
	ydoc_free(doc);
}

void
slo_targets_free(struct slo_targets *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->v[i].cls);
	free(t->v);
	free(t->file);
	memset(t, 0, sizeof(*t));
}

const struct slo_target *
slo_targets_find(const struct slo_targets *t, const char *cls)
{
	if (*cls == '\0')
		cls = "default";
	/* A class whose every target is 0 is not gated (BLIS drops it). */
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->v[i].cls, cls) == 0)
			return t->v[i].ttft_ms > 0 || t->v[i].itl_ms > 0 ||
			    t->v[i].e2e_ms > 0 ? &t->v[i] : NULL;
	return NULL;
}

bool
slo_targets_equal(const struct slo_targets *a, const struct slo_targets *b)
{
	if (a->n != b->n)
		return false;
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->v[i].cls, b->v[i].cls) != 0 ||
		    a->v[i].ttft_ms != b->v[i].ttft_ms ||
		    a->v[i].itl_ms != b->v[i].itl_ms ||
		    a->v[i].e2e_ms != b->v[i].e2e_ms)
			return false;
	return true;
}

void
trace_refuse_itl(const struct csvr *r)
{
	if (csvr_col(r, "chunk_index", false) < 0 ||
	    csvr_col(r, "timestamp_us", false) < 0 ||
	    csvr_col(r, "send_time_us", false) >= 0)
		return;
	s2r_die_at(csvr_label(r), csvr_header_line(r), 1, "expected a request "
	    "trace (trace_data.csv: one row per request, with send_time_us), "
	    "got a per-chunk ITL file (request_id,chunk_index,timestamp_us: "
	    "blis observe --record-itl); s2r-latency reads it with --real-itl "
	    "or --sim-itl");
}

enum trace_ok_end
trace_ok_end(int64_t output_tokens, const char *finish)
{
	if (output_tokens <= 0 && finish[0] == '\0')
		return TRACE_CUT;
	if (strcmp(finish, "abort") == 0 || strcmp(finish, "error") == 0)
		return TRACE_ABORTED;
	return TRACE_SERVED;
}
