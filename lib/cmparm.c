/* cmparm.c - trace rows and the plan of s2r-compare; see cmparm.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cmparm.h"
#include "err.h"
#include "str.h"
#include "tracefile.h"
#include "verdict.h"

/* --- rows ------------------------------------------------------------ */

void
cmp_cols_find(struct cmp_cols *c, struct csvr *r)
{
	c->id = csvr_col(r, "request_id", false);
	c->cls = csvr_col(r, "slo_class", false);
	c->output = csvr_col(r, "output_tokens", true);
	c->send = csvr_col(r, "send_time_us", true);
	c->first = csvr_col(r, "first_chunk_time_us", true);
	c->last = csvr_col(r, "last_chunk_time_us", true);
	c->status = csvr_col(r, "status", true);
	c->msg = csvr_col(r, "error_message", false);
	c->finish = csvr_col(r, "finish_reason", false);
}

void
cmp_row_read(const struct cmp_cols *c, struct csvr *r, struct cmp_row *row)
{
	row->id = c->id >= 0 ? csvr_count(r, c->id) : -1;
	row->cls = csvr_str(r, c->cls, NULL);
	row->status = csvr_str(r, c->status, NULL);
	row->msg = csvr_str(r, c->msg, &row->msg_len);
	row->output = csvr_count(r, c->output);
	row->send = csvr_time_us(r, c->send);
	row->first = csvr_time_us(r, c->first);
	row->last = csvr_time_us(r, c->last);
	if (row->first > 0 && row->first < row->send)
		csvr_die_field(r, c->first, "expected a time at or after "
		    "send_time_us");
	if (row->last > 0 && (row->last < row->send ||
	    (row->first > 0 && row->last < row->first)))
		csvr_die_field(r, c->last, "expected a time at or after "
		    "send_time_us and first_chunk_time_us");
	row->end = TRACE_SERVED;
	if (strcmp(row->status, "ok") == 0)
		row->end = trace_ok_end(row->output, csvr_str(r, c->finish,
		    NULL));
	row->ok = strcmp(row->status, "ok") == 0 && row->end == TRACE_SERVED;
}

/* The same steps as upstream's python, (first - send) / 1000: an exact
 * integer difference divided once. */
double
cmp_row_ttft(const struct cmp_row *row)
{
	if (!row->ok || row->first <= 0)
		return NAN;
	return (double)(row->first - row->send) / 1000.0;
}

double
cmp_row_e2e(const struct cmp_row *row)
{
	if (!row->ok || row->last <= 0)
		return NAN;
	return (double)(row->last - row->send) / 1000.0;
}

double
cmp_row_tpot(const struct cmp_row *row)
{
	if (!row->ok || row->first <= 0 || row->last <= 0 || row->output < 2)
		return NAN;
	return (double)(row->last - row->first) / (double)(row->output - 1) /
	    1000.0;
}

/* --- the plan -------------------------------------------------------- */

static struct cmp_workload *
workload_of(struct cmp_plan *p, const char *name)
{
	struct cmp_workload *w;

	for (size_t i = 0; i < p->nw; i++)
		if (nullstr_eq(p->w[i].name, name))
			return &p->w[i];
	p->w = xroom(p->w, p->nw, sizeof(*p->w));
	w = &p->w[p->nw++];
	memset(w, 0, sizeof(*w));
	w->name = nullstr_dup(name);
	return w;
}

static struct cmp_arm *
arm_of(struct cmp_workload *w, const char *name)
{
	struct cmp_arm *a;

	for (size_t i = 0; i < w->narms; i++)
		if (strcmp(w->arms[i].name, name) == 0)
			return &w->arms[i];
	w->arms = xroom(w->arms, w->narms, sizeof(*w->arms));
	a = &w->arms[w->narms++];
	memset(a, 0, sizeof(*a));
	a->name = xstrdup(name);
	return a;
}

void
cmp_plan_add(struct cmp_plan *p, const char *path, const char *phase,
    const char *workload, const char *iteration)
{
	struct cmp_arm *a;
	struct cmp_cell *c;

	if (strcmp(path, "-") == 0 && p->stdin_used)
		s2r_die("-: standard input can be read once");
	p->stdin_used |= strcmp(path, "-") == 0;
	a = arm_of(workload_of(p, workload), phase);

	for (size_t i = 0; i < a->ncells; i++)
		if (nullstr_eq(a->cells[i].iteration, iteration))
			s2r_die("%s: the same cell (%s/%s%s%s) as %s: give each "
			    "replica its iteration", path, phase,
			    workload ? workload : "-", iteration ? "/" : "",
			    iteration ? iteration : "", a->cells[i].path);
	a->cells = xroom(a->cells, a->ncells, sizeof(*a->cells));
	c = &a->cells[a->ncells++];
	memset(c, 0, sizeof(*c));
	c->path = xstrdup(path);
	c->iteration = nullstr_dup(iteration);
}

bool
cmp_plan_add_cell(struct cmp_plan *p, const char *path, const char *cell)
{
	char *copy = xstrdup(cell), *part[3], *slash, *at = copy;
	size_t n = 0;
	bool ok = true;

	for (;;) {
		slash = strchr(at, '/');
		if (slash != NULL)
			*slash = '\0';
		if (*at == '\0' || n == 3) {
			ok = false;
			break;
		}
		part[n++] = at;
		if (slash == NULL)
			break;
		at = slash + 1;
	}
	ok = ok && n >= 2;
	if (ok)
		cmp_plan_add(p, path, part[0], part[1], n == 3 ? part[2] : NULL);
	free(copy);
	return ok;
}

bool
cmp_plan_add_by_path(struct cmp_plan *p, const char *path)
{
	char *rel, *slash;
	const char *cell;
	bool ok;

	if (p->root == NULL)
		return false;
	rel = path_display(path, p->root);
	slash = strrchr(rel, '/');
	cell = str_has_prefix(rel, "results/") ? rel + 8 : rel;
	ok = rel[0] != '/' && slash != NULL && !str_has_prefix(rel, "../");
	if (ok) {
		*slash = '\0';
		ok = cmp_plan_add_cell(p, path, cell);
	}
	free(rel);
	return ok;
}

static const char *sort_ref;

static int
arm_cmp(const void *pa, const void *pb)
{
	const struct cmp_arm *a = pa, *b = pb;
	bool ra = strcmp(a->name, sort_ref) == 0;
	bool rb = strcmp(b->name, sort_ref) == 0;

	if (ra != rb)
		return ra ? -1 : 1;
	return judge_natcmp(a->name, b->name);
}

static int
cell_cmp(const void *pa, const void *pb)
{
	const struct cmp_cell *a = pa, *b = pb;

	return judge_natcmp(a->iteration, b->iteration);
}

static int
workload_cmp(const void *pa, const void *pb)
{
	const struct cmp_workload *a = pa, *b = pb;

	return judge_natcmp(a->name, b->name);
}

/* The reference arm's name: ref when some arm has it, else "baseline"
 * when some arm has that, else NULL (natural order decides). */
static const char *
pick_ref(const struct cmp_workload *w, const char *ref)
{
	const char *want[2] = { ref, "baseline" };

	for (int k = 0; k < 2; k++)
		for (size_t i = 0; want[k] != NULL && i < w->narms; i++)
			if (strcmp(w->arms[i].name, want[k]) == 0)
				return want[k];
	return "";
}

static void
cell_header(struct cmp_plan *p, struct cmp_cell *c)
{
	c->file = path_display(c->path, p->root);
	if (p->no_header)
		return;
	if ((c->header = trace_header_beside(c->path)) == NULL)
		return;
	c->header_file = path_display(c->header, p->root);
	trace_header_load(&c->h, c->header, c->header_file);
}

void
cmp_plan_finish(struct cmp_plan *p, const char *ref)
{
	qsort(p->w, p->nw, sizeof(*p->w), workload_cmp);
	for (size_t i = 0; i < p->nw; i++) {
		struct cmp_workload *w = &p->w[i];

		sort_ref = pick_ref(w, ref);
		qsort(w->arms, w->narms, sizeof(*w->arms), arm_cmp);
		for (size_t a = 0; a < w->narms; a++) {
			struct cmp_arm *arm = &w->arms[a];

			qsort(arm->cells, arm->ncells, sizeof(*arm->cells),
			    cell_cmp);
			for (size_t c = 0; c < arm->ncells; c++)
				cell_header(p, &arm->cells[c]);
		}
	}
}

void
cmp_plan_free(struct cmp_plan *p)
{
	for (size_t i = 0; i < p->nw; i++) {
		struct cmp_workload *w = &p->w[i];

		for (size_t a = 0; a < w->narms; a++) {
			struct cmp_arm *arm = &w->arms[a];

			for (size_t c = 0; c < arm->ncells; c++) {
				struct cmp_cell *cell = &arm->cells[c];

				free(cell->path);
				free(cell->file);
				free(cell->header);
				free(cell->header_file);
				free(cell->iteration);
				trace_header_free(&cell->h);
			}
			free(arm->cells);
			free(arm->name);
		}
		free(w->arms);
		free(w->name);
	}
	free(p->w);
	free(p->root);
	memset(p, 0, sizeof(*p));
}

const char *
cmp_workload_label(const struct cmp_workload *w)
{
	return w->name != NULL ? w->name : "(no workload)";
}
