/* tracefile.c - see tracefile.h. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "str.h"
#include "tracefile.h"
#include "yamlr.h"

static char *
header_str(const struct trace_header *h, const struct ynode *root,
    const char *key, long *line)
{
	const struct ynode *n = ymap_get(root, key);

	if (n == NULL)
		return NULL;
	if (yscalar(n) == NULL)
		s2r_die_at(h->label, n->line, n->column, "%s: expected a "
		    "string, got a %s", key, n->type == Y_MAP ? "map" :
		    "sequence");
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
		s2r_die_at(h->label, n->line, n->column, "%s: expected an "
		    "integer >= 0, got %s%s%s", key, yscalar(n) ? "\"" : "",
		    yscalar(n) ? yscalar(n) : "a collection",
		    yscalar(n) ? "\"" : "");
	*line = n->line;
	return true;
}

static noreturn void
header_die(const struct trace_header *h, const struct ynode *n,
    const char *key, const char *expected)
{
	s2r_die_at(h->label, n->line, n->column, "%s: expected %s, got %s%.80s%s",
	    key, expected, yscalar(n) ? "\"" : "", yscalar(n) ? yscalar(n) :
	    n->type == Y_MAP ? "a mapping" : "a sequence", yscalar(n) ? "\"" :
	    "");
}

/* A number >= 0 at key of map, into *v; false when absent. */
static bool
header_num(const struct trace_header *h, const struct ynode *map,
    const char *key, const char *field, double *v)
{
	const struct ynode *n = ymap_get(map, key);

	if (n == NULL || yscalar_is_null(n))
		return false;
	if (!yscalar_f64(n, v) || *v < 0)
		header_die(h, n, field, "a number >= 0");
	return true;
}

/* goodput_slo_targets: {<class>: {ttft_ms, itl_ms, e2e_ms}} (v3). */
static void
header_goodput(struct trace_header *h, const struct ynode *root)
{
	const struct ynode *g = ymap_get(root, "goodput_slo_targets");

	if (g == NULL || yscalar_is_null(g))
		return;
	if (g->type != Y_MAP)
		header_die(h, g, "goodput_slo_targets", "a mapping of SLO classes");
	h->goodput = xcalloc(g->n ? g->n : 1, sizeof(*h->goodput));
	for (size_t i = 0; i < g->n; i++) {
		struct trace_goodput *t = &h->goodput[h->ngoodput++];
		const struct ynode *m = g->items[i];
		struct sbuf f = { 0 };

		t->cls = xstrdup(g->keys[i]->value);
		t->line = g->keys[i]->line;
		sbuf_printf(&f, "goodput_slo_targets.%s", t->cls);
		if (m->type != Y_MAP && !yscalar_is_null(m))
			header_die(h, m, f.s, "a mapping of ttft_ms, itl_ms, "
			    "e2e_ms");
		header_num(h, m, "ttft_ms", f.s, &t->ttft_ms);
		header_num(h, m, "itl_ms", f.s, &t->itl_ms);
		header_num(h, m, "e2e_ms", f.s, &t->e2e_ms);
		sbuf_free(&f);
	}
}

/* observed_kv_metrics: {source, hit_rate, block_hits, block_queries ...}. */
static void
header_kv(struct trace_header *h, const struct ynode *root)
{
	const struct ynode *k = ymap_get(root, "observed_kv_metrics");
	const char *f = "observed_kv_metrics";

	if (k == NULL || yscalar_is_null(k))
		return;
	if (k->type != Y_MAP)
		header_die(h, k, f, "a mapping");
	h->has_kv = true;
	h->kv_line = k->line;
	h->kv_source = header_str(h, k, "source", &h->kv_line);
	h->kv_line = k->line;
	header_num(h, k, "hit_rate", f, &h->kv_hit_rate);
	header_num(h, k, "block_hits", f, &h->kv_hits);
	header_num(h, k, "block_queries", f, &h->kv_queries);
}

/* Keys that trace_version 3 (and HEAD) added; older headers lack them. */
static void
header_v3(struct trace_header *h, const struct ynode *root)
{
	const struct ynode *n = ymap_get(root, "workload_seed");

	if (n != NULL && !yscalar_is_null(n)) {
		if (!yscalar_i64(n, &h->seed))
			header_die(h, n, "workload_seed", "an integer");
		h->has_seed = true;
		h->seed_line = n->line;
	}
	h->growth = header_str(h, root, "session_context_growth",
	    &h->growth_line);
	header_goodput(h, root);
	header_kv(h, root);
}

void
trace_header_load(struct trace_header *h, const char *path, const char *label)
{
	struct perr err;
	struct ydoc *doc;
	const struct ynode *root, *n;
	long line;

	memset(h, 0, sizeof(*h));
	h->label = xstrdup(label);
	if ((doc = ydoc_load_file(path, &err)) == NULL)
		s2r_die_at(label, err.line, err.column, "%s", err.msg);
	root = ydoc_root(doc);
	if (root == NULL || root->type != Y_MAP)
		s2r_die_at(label, root ? root->line : 1, root ? root->column : 1,
		    "expected a TraceV2 header (a YAML map), got %s",
		    root == NULL ? "an empty document" : root->type == Y_SEQ ?
		    "a sequence" : "a scalar");
	h->present = true;
	h->time_unit = header_str(h, root, "time_unit", &h->time_unit_line);
	if (h->time_unit != NULL && strcmp(h->time_unit, "us") != 0 &&
	    strcmp(h->time_unit, "microseconds") != 0) {
		n = ymap_get(root, "time_unit");
		s2r_die_at(label, n->line, n->column, "time_unit: expected "
		    "\"us\" or \"microseconds\", got \"%s\"", h->time_unit);
	}
	h->mode = header_str(h, root, "mode", &h->mode_line);
	if (h->mode != NULL && strcmp(h->mode, "real") != 0 &&
	    strcmp(h->mode, "generated") != 0 &&
	    strcmp(h->mode, "replayed") != 0) {
		n = ymap_get(root, "mode");
		s2r_die_at(label, n->line, n->column, "mode: expected real, "
		    "generated or replayed, got \"%s\"", h->mode);
	}
	h->has_warm_up = header_int(h, root, "warm_up_requests", &h->warm_up,
	    &h->warm_up_line);
	h->has_version = header_int(h, root, "trace_version", &h->version,
	    &line);
	header_v3(h, root);
	ydoc_free(doc);
}

void
trace_header_free(struct trace_header *h)
{
	free(h->label);
	free(h->mode);
	free(h->time_unit);
	free(h->growth);
	for (size_t i = 0; i < h->ngoodput; i++)
		free(h->goodput[i].cls);
	free(h->goodput);
	free(h->kv_source);
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

void
trace_itl_for(struct trace_header *h, const char *csv, const char *itl,
    bool none, const char *root)
{
	struct sbuf p = { 0 };

	if (itl != NULL) {
		h->itl_path = xstrdup(itl);
	} else if (!none && strcmp(csv, "-") != 0 &&
	    str_has_suffix(csv, ".csv")) {
		/* blis observe: <trace-data minus .csv>.itl.csv */
		sbuf_add(&p, csv, strlen(csv) - 4);
		sbuf_adds(&p, ".itl.csv");
		h->itl_path = existing(&p);
	}
	if (h->itl_path != NULL)
		h->itl_label = path_display(h->itl_path, root);
}
