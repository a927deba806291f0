/* report.c - grouping verdicts for the report; their text forms. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "jparse.h"
#include "rec.h"
#include "recscan.h"
#include "report.h"
#include "spill.h"
#include "str.h"
#include "strtab.h"
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

/* The verdicts' lines, the strings their keys are interned in, and the
 * trees parsed from the lines now (one slot per verdict of all). */
struct rep_text {
	struct spill	 lines;
	struct strtab	 names;
	json_t		*pending;	/* a record being checked */
	json_t		**tree;
	size_t		*live;		/* the verdicts with a tree */
	size_t		 nlive;
};

/* A section's verdicts lie together in s2r-verdict's output, but the
 * sections do not follow each other there: read back a little at a
 * time. */
#define REPORT_WINDOW	((size_t)16 << 10)

void
report_init_held(struct report *rep, size_t held)
{
	memset(rep, 0, sizeof(*rep));
	rep->text = xcalloc(1, sizeof(*rep->text));
	spill_init(&rep->text->lines, held);
	rep->text->lines.window = REPORT_WINDOW;
}

void
report_init(struct report *rep)
{
	report_init_held(rep, SPILL_LIMIT);
}

static const char *
intern_n(struct rep_text *t, const char *s, size_t len)
{
	uint32_t i;

	if (s == NULL)
		return NULL;
	/* Interning may move the table: index it after. */
	i = strtab_intern_n(&t->names, s, len, NULL);
	return t->names.s[i];
}

static const char *
intern(struct rep_text *t, const char *s)
{
	return intern_n(t, s, s != NULL ? strlen(s) : 0);
}

/* Keeps verdict v (its keys interned, checked) with its line. */
static void
keep(struct report *rep, struct rep_verdict *v, const char *text, size_t len)
{
	v->off = spill_add(&rep->text->lines, text, len);
	v->len = len;
	v->cat = judge_category_of(v->check);
	v->seq = rep->n;
	rep->all = xroom(rep->all, rep->n, sizeof(*rep->all));
	rep->all[rep->n++] = *v;
}

void
report_add_text(struct report *rep, json_t *rec, const char *text,
    size_t len, const char *file, long line)
{
	struct rep_text *t = rep->text;
	struct rep_verdict v;
	char *dump = NULL;

	if (strcmp(rec_get_str(rec, "kind"), "verdict") != 0) {
		json_decref(rec);	/* evidence records: not shown yet */
		return;
	}
	/* Held while it is checked: a check that fails through a die hook
	 * that does not return (the fuzzers') leaves it to report_free(). */
	t->pending = rec;
	judge_verdict_record_check(rec, file, line);
	if (text == NULL) {
		if ((dump = json_dumps(rec, JSON_COMPACT)) == NULL)
			s2r_die("out of memory");
		text = dump;
		len = strlen(dump);
	}
	v = (struct rep_verdict){
		.check = intern(t, rec_get_str(rec, "check")),
		.title = intern(t, rec_get_str(rec, "title")),
		.metric = intern(t, rec_get_str(rec, "metric")),
		.workload = intern(t, rec_scope_str(rec, "workload")),
		.phase = intern(t, rec_scope_str(rec, "phase")),
		.iteration = intern(t, rec_scope_str(rec, "iteration")),
		.verdict = judge_verdict_of(rec_get_str(rec, "verdict")),
	};
	keep(rep, &v, text, len);
	free(dump);
	t->pending = NULL;
	json_decref(rec);
}

/* A scanned member's bytes, interned. */
static const char *
intern_rs(struct rep_text *t, struct rs_text s)
{
	return intern_n(t, s.s, s.len);
}

/* The scope value of key among rs's, NULL when absent. */
static const char *
scope_rs(struct rep_text *t, const struct recscan *rs, const char *key)
{
	for (size_t i = 0; i < rs->nscope; i++)
		if (rs_text_is(rs->key[i], key))
			return intern_rs(t, rs->val[i]);
	return NULL;
}

/* Keeps the verdict line (len bytes at text) recscan_line() took into
 * rs, without a tree; false when it is not a plain verdict (another kind,
 * or a check or verdict to be refused with a message). */
static bool
add_scanned(struct report *rep, const struct recscan *rs, const char *text,
    size_t len)
{
	struct rep_text *t = rep->text;
	struct rep_verdict v;

	/* recscan_line() checked the scope: an object of strings. */
	if (!rs_text_is(rs->kind, "verdict") || rs->check.s == NULL ||
	    rs->verdict.s == NULL)
		return false;
	v = (struct rep_verdict){
		.check = intern_rs(t, rs->check),
		.verdict = judge_verdict_of(intern_rs(t, rs->verdict)),
	};
	if (!judge_check_known(v.check) || v.verdict < 0)
		return false;
	v.title = intern_rs(t, rs->title);
	v.metric = intern_rs(t, rs->metric);
	v.workload = scope_rs(t, rs, "workload");
	v.phase = scope_rs(t, rs, "phase");
	v.iteration = scope_rs(t, rs, "iteration");
	keep(rep, &v, text, len);
	return true;
}

/* Whether a record whose kind and metric recscan_line() pulled is one
 * the caller wants (a long one is asked after parsing); the end record
 * always is: vstream_add() reads its count. */
static bool
wanted(const struct recscan *rs, report_want_fn *want)
{
	char k[64], m[256];

	if (want == NULL || rs->kind.len >= sizeof(k) ||
	    rs->metric.len >= sizeof(m) || rs_text_is(rs->kind, "end") ||
	    rs_text_is(rs->kind, "verdict"))
		return true;
	memcpy(k, rs->kind.s, rs->kind.len);
	k[rs->kind.len] = '\0';
	if (rs->metric.s != NULL) {
		memcpy(m, rs->metric.s, rs->metric.len);
		m[rs->metric.len] = '\0';
	}
	return want(k, rs->metric.s != NULL ? m : NULL);
}

json_t *
report_next(struct report *rep, struct ndjson_reader *r, struct vstream *vs,
    report_want_fn *want)
{
	struct recscan rs;
	json_t *rec;

	while (ndjson_line(r)) {
		if (recscan_line(&rs, r->buf, r->len)) {
			if (add_scanned(rep, &rs, r->buf, r->len)) {
				vstream_add_verdict(vs);
				continue;
			}
			if (!wanted(&rs, want)) {
				vstream_add_other(vs);
				continue;
			}
		}
		rec = ndjson_parse(r);
		vstream_add(vs, rec, r->path, r->line);
		return rec;
	}
	return NULL;
}

void
report_add(struct report *rep, json_t *rec, const char *file, long line)
{
	report_add_text(rep, rec, NULL, 0, file, line);
}

const char *
report_read(struct report *rep, const char *path)
{
	struct ndjson_reader r;
	struct vstream vs = {0};
	json_t *rec;

	ndjson_open(&r, path);
	while ((rec = report_next(rep, &r, &vs, NULL)) != NULL)
		report_add_text(rep, rec, r.buf, r.len, r.path, r.line);
	ndjson_close(&r);
	if (vstream_cut(&vs) != NULL)
		return vstream_cut(&vs);
	return vs.ends == 0 ? vstream_empty(&vs) : NULL;
}

static int
verdict_cmp(const void *pa, const void *pb)
{
	const struct rep_verdict *a = pa, *b = pb;
	int c = a->cat - b->cat;

	if (c != 0)
		return c;
	if ((c = judge_natcmp(a->workload, b->workload)) != 0 ||
	    (c = judge_natcmp(a->phase, b->phase)) != 0 ||
	    (c = judge_natcmp(a->iteration, b->iteration)) != 0)
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

/* Files verdict i under its category, workload, cell and check (all
 * sorted, so each is the last one or a new one).  The keys are
 * interned: one pointer is one value. */
static void
place(struct report *rep, size_t i)
{
	const struct rep_verdict *v = &rep->all[i];
	struct rep_category *rc = &rep->cats[v->cat];
	struct rep_workload *w;
	struct rep_cell *c;
	struct rep_check *k;

	rc->counts[v->verdict]++;
	rep->total[v->verdict]++;
	w = rc->nworkloads ? &rc->workloads[rc->nworkloads - 1] : NULL;
	if (w == NULL || w->name != v->workload) {
		rc->workloads = grow(rc->workloads, &rc->nworkloads,
		    sizeof(*w));
		w = &rc->workloads[rc->nworkloads - 1];
		w->name = v->workload;
	}
	c = w->ncells ? &w->cells[w->ncells - 1] : NULL;
	if (c == NULL || c->phase != v->phase ||
	    c->iteration != v->iteration) {
		w->cells = grow(w->cells, &w->ncells, sizeof(*c));
		c = &w->cells[w->ncells - 1];
		c->phase = v->phase;
		c->iteration = v->iteration;
	}
	k = c->nchecks ? &c->checks[c->nchecks - 1] : NULL;
	if (k == NULL || k->check != v->check) {
		c->checks = grow(c->checks, &c->nchecks, sizeof(*k));
		k = &c->checks[c->nchecks - 1];
		k->check = v->check;
		k->title = v->title;
		k->first = i;
		k->worst = v->verdict;
	}
	k->n++;
	k->counts[v->verdict]++;
	if (report_rank(v->verdict) > report_rank(k->worst))
		k->worst = v->verdict;
}

/* The verdicts the Action Items list, in this order. */
static const int action_order[] = { V_FAIL, V_MISSING, V_WARN };

void
report_build(struct report *rep)
{
	if (rep->n > 0)
		qsort(rep->all, rep->n, sizeof(*rep->all), verdict_cmp);
	for (size_t i = 0; i < rep->n; i++)
		place(rep, i);
	rep->text->tree = xcalloc(rep->n + 1, sizeof(*rep->text->tree));
	/* What to act on, most urgent first: a MISSING is data that should
	 * be there and is not, so it comes before a WARN. */
	rep->actions = xcalloc(rep->n + 1, sizeof(*rep->actions));
	for (size_t k = 0; k < sizeof(action_order) / sizeof(*action_order);
	    k++)
		for (size_t i = 0; i < rep->n; i++)
			if (rep->all[i].verdict == action_order[k])
				rep->actions[rep->nactions++] = i;
}

const json_t *
report_verdict(const struct report *rep, size_t i)
{
	struct rep_text *t = rep->text;
	const struct rep_verdict *v = &rep->all[i];
	json_error_t err;

	if (t->tree[i] != NULL)
		return t->tree[i];
	/* The line parsed when it was read. */
	t->tree[i] = jparse_checked(spill_get(&t->lines, v->off, v->len),
	    v->len, &err);
	if (t->tree[i] == NULL)
		s2r_die("verdict %zu: its stored text no longer parses: %s",
		    v->seq + 1, err.text);
	t->live = xroom(t->live, t->nlive, sizeof(*t->live));
	t->live[t->nlive++] = i;
	return t->tree[i];
}

const json_t *
report_check_verdict(const struct report *rep, const struct rep_check *k,
    size_t i)
{
	return report_verdict(rep, k->first + i);
}

/* Fewer, larger writes. */
#define FLUSH_AT	((size_t)64 << 10)

void
report_flush(struct sbuf *o, const struct report_meta *meta)
{
	if (meta->stream == NULL || o->len < FLUSH_AT)
		return;
	/* A failed write sets the stream's error, which the caller checks
	 * when the report is done. */
	fwrite(sbuf_str(o), 1, o->len, meta->stream);
	sbuf_reset(o);
}

void
report_release(const struct report *rep)
{
	struct rep_text *t = rep->text;

	for (size_t k = 0; k < t->nlive; k++) {
		json_decref(t->tree[t->live[k]]);
		t->tree[t->live[k]] = NULL;
	}
	t->nlive = 0;
}

void
report_free(struct report *rep)
{
	for (int cat = 0; cat < CAT_COUNT; cat++) {
		struct rep_category *rc = &rep->cats[cat];

		for (size_t w = 0; w < rc->nworkloads; w++) {
			for (size_t c = 0; c < rc->workloads[w].ncells; c++)
				free(rc->workloads[w].cells[c].checks);
			free(rc->workloads[w].cells);
		}
		free(rc->workloads);
	}
	if (rep->text != NULL) {
		if (rep->text->tree != NULL)
			report_release(rep);
		json_decref(rep->text->pending);
		spill_free(&rep->text->lines);
		strtab_free(&rep->text->names);
		free(rep->text->tree);
		free(rep->text->live);
		free(rep->text);
	}
	free(rep->all);
	free(rep->actions);
	memset(rep, 0, sizeof(*rep));
}

/* --- text forms ------------------------------------------------------ */

/* A whole number of ns, us or ms that is a second or more, as seconds
 * ("145.078039 s", not "145078039 us"): still exact, since the decimals
 * are the integer's own digits (the records keep the integer).  False
 * when v is not such a time. */
static bool
seconds_text(char *buf, size_t len, double v, const char *unit)
{
	static const struct {
		const char	*unit;
		long long	 per_s;
		int		 digits;
	} tu[] = { { "ns", 1000000000, 9 }, { "us", 1000000, 6 },
	    { "ms", 1000, 3 } };
	long long n, whole, part;
	char *end;
	size_t i;

	if (unit == NULL || v != floor(v) || !(fabs(v) < 9e15))
		return false;
	for (i = 0; i < sizeof(tu) / sizeof(tu[0]); i++)
		if (strcmp(unit, tu[i].unit) == 0)
			break;
	if (i == sizeof(tu) / sizeof(tu[0]) || fabs(v) < tu[i].per_s)
		return false;
	n = llabs((long long)v);
	whole = n / tu[i].per_s;
	part = n % tu[i].per_s;
	snprintf(buf, len, "%s%lld.%0*lld", v < 0 ? "-" : "", whole,
	    tu[i].digits, part);
	end = buf + strlen(buf);
	while (end[-1] == '0')
		*--end = '\0';
	if (end[-1] == '.')
		*--end = '\0';
	return true;
}

static void
num_text(struct sbuf *b, double v, const char *unit, enum value_form form,
    text_escape_fn *esc)
{
	bool frac = unit != NULL && strcmp(unit, "fraction") == 0;
	char num[32];

	if (seconds_text(num, sizeof(num), v, unit)) {
		sbuf_printf(b, "%s s", num);
		return;
	}
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
	if (seconds_text(num, sizeof(num), v, rec_get_str(diff, "unit"))) {
		sbuf_printf(b, "%s%s s", v > 0 ? "+" : "", num);
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

static void
where_text(struct sbuf *b, const char *const part[3], text_escape_fn *esc)
{
	bool any = false;

	for (size_t i = 0; i < 3; i++) {
		if (part[i] == NULL)
			continue;
		if (any)
			sbuf_addc(b, '/');
		esc(b, part[i]);
		any = true;
	}
	if (!any)
		sbuf_adds(b, "bundle");
}

void
report_where_text(struct sbuf *b, const json_t *rec, text_escape_fn *esc)
{
	const char *part[3] = { rec_scope_str(rec, "phase"),
	    rec_scope_str(rec, "workload"), rec_scope_str(rec, "iteration") };

	where_text(b, part, esc);
}

void
report_where_keys(struct sbuf *b, const struct rep_verdict *v,
    text_escape_fn *esc)
{
	const char *part[3] = { v->phase, v->workload, v->iteration };

	where_text(b, part, esc);
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
