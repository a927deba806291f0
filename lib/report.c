/* report.c - grouping verdicts for the report; their text forms. */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "rec.h"
#include "report.h"
#include "str.h"
#include "verdict.h"
#include "vstream.h"

static const char *const section_names[CAT_COUNT] = {
	"Workload Parity", "Config Parity", "Signal Parity", "Policy Parity",
	"Runtime Analysis", "Alignment (Sim vs Framework)"
};

const char *
report_section_name(int cat)
{
	return cat >= 0 && cat < CAT_COUNT ? section_names[cat] : NULL;
}

int
report_rank(int verdict)
{
	switch (verdict) {
	case V_FAIL:
		return 4;
	case V_WARN:
		return 3;
	case V_MISSING:
		return 2;
	case V_PASS:
		return 1;
	default:
		return 0;
	}
}

void
report_init(struct report *rep)
{
	memset(rep, 0, sizeof(*rep));
}

void
report_add(struct report *rep, json_t *rec, const char *file, long line)
{
	if (strcmp(rec_get_str(rec, "kind"), "verdict") != 0) {
		json_decref(rec);	/* evidence records: not shown yet */
		return;
	}
	/* Kept before it is checked so report_free() always releases it. */
	if (rep->n == rep->cap) {
		rep->cap = rep->cap ? rep->cap * 2 : 64;
		rep->all = xreallocarray(rep->all, rep->cap, sizeof(*rep->all));
	}
	rep->all[rep->n++] = rec;
	judge_verdict_record_check(rec, file, line);
}

const char *
report_read(struct report *rep, const char *path)
{
	struct ndjson_reader r;
	struct vstream vs = {0};
	json_t *rec;

	ndjson_open(&r, path);
	while ((rec = ndjson_next(&r)) != NULL) {
		vstream_add(&vs, rec, r.path, r.line);
		report_add(rep, rec, r.path, r.line);
	}
	ndjson_close(&r);
	if (vstream_cut(&vs) != NULL)
		return vstream_cut(&vs);
	return vs.ends == 0 ? vstream_empty(&vs) : NULL;
}

/* A verdict and its sort keys, pulled out once so that sorting never
 * goes back through jansson. */
struct slot {
	json_t		*v;
	const char	*check;
	const char	*key[3];	/* workload, phase, iteration */
	int		 cat;
	size_t		 seq;
};

static int
slot_cmp(const void *pa, const void *pb)
{
	const struct slot *a = pa, *b = pb;
	int c = a->cat - b->cat;

	if (c != 0)
		return c;
	for (size_t i = 0; i < 3; i++)
		if ((c = judge_natcmp(a->key[i], b->key[i])) != 0)
			return c;
	if ((c = strcmp(a->check, b->check)) != 0)
		return c;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static void *
grow(void *p, size_t *n, size_t size)
{
	p = xroom(p, *n, size);
	memset((char *)p + *n * size, 0, size);
	(*n)++;
	return p;
}

/* Files v under its category, workload, cell and check (all sorted). */
static void
place(struct report *rep, json_t *v)
{
	int cat = judge_category_of(rec_get_str(v, "check"));
	int verdict = judge_verdict_of(rec_get_str(v, "verdict"));
	const char *workload = rec_scope_str(v, "workload");
	const char *phase = rec_scope_str(v, "phase");
	const char *iteration = rec_scope_str(v, "iteration");
	struct rep_category *rc = &rep->cats[cat];
	struct rep_workload *w;
	struct rep_cell *c;
	struct rep_check *k;

	rc->counts[verdict]++;
	rep->total[verdict]++;
	w = rc->nworkloads ? &rc->workloads[rc->nworkloads - 1] : NULL;
	if (w == NULL || !nullstr_eq(w->name, workload)) {
		rc->workloads = grow(rc->workloads, &rc->nworkloads,
		    sizeof(*w));
		w = &rc->workloads[rc->nworkloads - 1];
		w->name = workload;
	}
	c = w->ncells ? &w->cells[w->ncells - 1] : NULL;
	if (c == NULL || !nullstr_eq(c->phase, phase) ||
	    !nullstr_eq(c->iteration, iteration)) {
		w->cells = grow(w->cells, &w->ncells, sizeof(*c));
		c = &w->cells[w->ncells - 1];
		c->phase = phase;
		c->iteration = iteration;
	}
	k = c->nchecks ? &c->checks[c->nchecks - 1] : NULL;
	if (k == NULL || strcmp(k->check, rec_get_str(v, "check")) != 0) {
		c->checks = grow(c->checks, &c->nchecks, sizeof(*k));
		k = &c->checks[c->nchecks - 1];
		k->check = rec_get_str(v, "check");
		k->title = rec_get_str(v, "title");
		k->worst = verdict;
	}
	k->v = xroom(k->v, k->n, sizeof(*k->v));
	k->v[k->n++] = v;
	if (report_rank(verdict) > report_rank(k->worst))
		k->worst = verdict;
}

/* The verdicts the Action Items list, in this order. */
static const int action_order[] = { V_FAIL, V_MISSING, V_WARN };

void
report_build(struct report *rep)
{
	struct slot *s = xcalloc(rep->n + 1, sizeof(*s));

	for (size_t i = 0; i < rep->n; i++) {
		s[i].v = rep->all[i];
		s[i].check = rec_get_str(s[i].v, "check");
		s[i].cat = judge_category_of(s[i].check);
		s[i].key[0] = rec_scope_str(s[i].v, "workload");
		s[i].key[1] = rec_scope_str(s[i].v, "phase");
		s[i].key[2] = rec_scope_str(s[i].v, "iteration");
		s[i].seq = i;
	}
	if (rep->n > 0)
		qsort(s, rep->n, sizeof(*s), slot_cmp);
	for (size_t i = 0; i < rep->n; i++) {
		rep->all[i] = s[i].v;
		place(rep, s[i].v);
	}
	free(s);
	/* What to act on, most urgent first: a MISSING is data that should
	 * be there and is not, so it comes before a WARN. */
	rep->actions = xcalloc(rep->n + 1, sizeof(*rep->actions));
	for (size_t k = 0; k < sizeof(action_order) / sizeof(*action_order);
	    k++)
		for (size_t i = 0; i < rep->n; i++)
			if (judge_verdict_of(rec_get_str(rep->all[i],
			    "verdict")) == action_order[k])
				rep->actions[rep->nactions++] = rep->all[i];
}

void
report_free(struct report *rep)
{
	for (int cat = 0; cat < CAT_COUNT; cat++) {
		struct rep_category *rc = &rep->cats[cat];

		for (size_t w = 0; w < rc->nworkloads; w++) {
			for (size_t c = 0; c < rc->workloads[w].ncells; c++) {
				struct rep_cell *cell = &rc->workloads[w].cells[c];

				for (size_t k = 0; k < cell->nchecks; k++)
					free(cell->checks[k].v);
				free(cell->checks);
			}
			free(rc->workloads[w].cells);
		}
		free(rc->workloads);
	}
	for (size_t i = 0; i < rep->n; i++)
		json_decref(rep->all[i]);
	free(rep->all);
	free(rep->actions);
	memset(rep, 0, sizeof(*rep));
}

/* --- text forms ------------------------------------------------------ */

static void
num_text(struct sbuf *b, double v, const char *unit, enum value_form form,
    text_escape_fn *esc)
{
	bool frac = unit != NULL && strcmp(unit, "fraction") == 0;
	char num[32];

	judge_fmt_num(num, sizeof(num), frac ? v * 100 : v);
	sbuf_adds(b, num);
	if (frac)
		sbuf_addc(b, '%');
	else if (unit != NULL && (form == VALUE_CHANGE ||
	    (strcmp(unit, "count") != 0 && strcmp(unit, "cv") != 0))) {
		sbuf_addc(b, ' ');
		esc(b, unit);
	}
}

void
report_value_text(struct sbuf *b, const json_t *side, enum value_form form,
    text_escape_fn *esc)
{
	json_t *v = json_object_get(side, "value");
	char *dump;

	if (!json_is_object(side) || v == NULL || json_is_null(v)) {
		sbuf_adds(b, "\u2014");
		return;
	}
	if (json_is_number(v)) {
		num_text(b, json_number_value(v), rec_get_str(side, "unit"),
		    form, esc);
	} else if (json_is_string(v)) {
		esc(b, json_string_value(v));
	} else if (json_is_boolean(v)) {
		sbuf_adds(b, json_is_true(v) ? "true" : "false");
	} else if (form == VALUE_CHANGE) {
		sbuf_adds(b, "\u2014");
	} else {
		dump = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS |
		    JSON_ENSURE_ASCII);
		esc(b, dump ? dump : "?");
		free(dump);
	}
}

void
report_diff_text(struct sbuf *b, const json_t *diff, text_escape_fn *esc)
{
	double v;
	char num[64];

	if (!rec_get_num(diff, "value", &v)) {
		sbuf_adds(b, "\u2014");
		return;
	}
	judge_fmt_diff(num, sizeof(num), v, rec_get_str(diff, "unit"));
	esc(b, num);
}

void
report_metric_text(struct sbuf *b, const json_t *rec, text_escape_fn *esc)
{
	const char *metric = rec_get_str(rec, "metric");
	const char *key;
	json_t *val;
	bool first = true;

	esc(b, metric != NULL ? metric : "(all)");
	json_object_foreach(json_object_get(rec, "scope"), key, val) {
		if (strcmp(key, "phase") == 0 || strcmp(key, "workload") == 0 ||
		    strcmp(key, "iteration") == 0)
			continue;
		sbuf_adds(b, first ? " (" : ", ");
		esc(b, key);
		sbuf_addc(b, '=');
		esc(b, json_is_string(val) && *json_string_value(val) ?
		    json_string_value(val) : "(none)");
		first = false;
	}
	if (!first)
		sbuf_addc(b, ')');
}

void
report_where_text(struct sbuf *b, const json_t *rec, text_escape_fn *esc)
{
	static const char *const keys[] = { "phase", "workload", "iteration" };
	bool any = false;

	for (size_t i = 0; i < 3; i++) {
		const char *s = rec_scope_str(rec, keys[i]);

		if (s == NULL)
			continue;
		if (any)
			sbuf_addc(b, '/');
		esc(b, s);
		any = true;
	}
	if (!any)
		sbuf_adds(b, "bundle");
}

void
report_source_text(struct sbuf *b, const json_t *side, text_escape_fn *esc)
{
	struct sbuf src = {0};

	if (json_is_object(side))
		judge_source_text(&src, json_object_get(side, "source"));
	else
		sbuf_adds(&src, "none");
	esc(b, sbuf_str(&src));
	sbuf_free(&src);
}

void
report_tolerance_text(struct sbuf *b, const json_t *rec, text_escape_fn *esc)
{
	const char *tol = rec_get_str(rec, "tolerance");

	esc(b, tol != NULL ? tol : "\u2014");
}
