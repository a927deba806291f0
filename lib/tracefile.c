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
	ydoc_free(doc);
}

void
trace_header_free(struct trace_header *h)
{
	free(h->label);
	free(h->mode);
	free(h->time_unit);
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
