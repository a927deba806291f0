/* judge.c - record store, cells, joining and verdict output. */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checklist.h"
#include "err.h"
#include "jline.h"
#include "jreplica.h"
#include "jstore.h"
#include "judge.h"
#include "rec.h"
#include "recscan.h"
#include "spill.h"
#include "str.h"


/* A verdict kept as its output line (a few hundred bytes, where the
 * jansson object is several KB; in j->text, which spills to a file) and
 * what sorting and the rules need. */
struct jout {
	uint64_t	 off;		/* its line in j->text */
	size_t		 len;
	json_t		*rec;		/* parsed back by judge_verdicts() */
	int		 verdict;	/* enum jverdict_value */
	const char	*check;		/* interned */
	size_t		 cell;		/* 0: bundle-wide, else index + 1 */
	const char	*subkey;	/* interned */
	size_t		 seq;
};

void
judge_init(struct judge *j, const struct tolerances *t)
{
	memset(j, 0, sizeof(*j));
	j->tol = t;
	j->store = xmalloc(sizeof(*j->store));
	jstore_init(j->store);
	j->text = xmalloc(sizeof(*j->text));
	spill_init(j->text, SPILL_LIMIT);
	j->rmemo = jreplica_memo_new();
}

static void
free_cells(struct judge *j)
{
	free(j->cells);
	j->cells = NULL;
	j->ncells = 0;
}

void
judge_free(struct judge *j)
{
	jindex_free(j->index);
	if (j->store != NULL)
		jstore_free(j->store);
	free(j->store);
	free_cells(j);
	for (size_t i = 0; i < j->nout; i++)
		json_decref(j->out[i].rec);
	free(j->out);
	if (j->text != NULL)
		spill_free(j->text);
	free(j->text);
	jreplica_memo_free(j->rmemo);
	memset(j, 0, sizeof(*j));
}

/* --- reading ------------------------------------------------------- */

static void
check_string_key(const json_t *rec, const char *key, const char *file,
    long line)
{
	json_t *v = json_object_get(rec, key);

	if (!json_is_string(v))
		s2r_die_at(file, line, 1, "%s record: expected a string \"%s\", "
		    "got %s", rec_get_str(rec, "kind"), key,
		    v == NULL ? "none" : "another type");
}

/* The record contract for the kinds the rules join on (docs/records.md);
 * other kinds are kept as they are for the rules that read them. */
static void
check_shape(const json_t *rec, const char *file, long line)
{
	const char *kind = rec_get_str(rec, "kind");
	json_t *scope, *source, *comparable, *v;
	const char *key;

	if (strcmp(kind, "expect") != 0 && strcmp(kind, "measure") != 0)
		return;
	check_string_key(rec, "check", file, line);
	check_string_key(rec, "metric", file, line);
	scope = json_object_get(rec, "scope");
	if (scope != NULL && !json_is_object(scope))
		s2r_die_at(file, line, 1, "%s record: expected \"scope\" to be "
		    "an object", kind);
	json_object_foreach(scope, key, v) {
		if (!json_is_string(v))
			s2r_die_at(file, line, 1, "%s record: expected scope "
			    "key \"%s\" to be a string", kind, key);
	}
	source = json_object_get(rec, "source");
	if (source != NULL && !json_is_object(source))
		s2r_die_at(file, line, 1, "%s record: expected \"source\" to "
		    "be an object", kind);
	comparable = json_object_get(rec, "comparable");
	if (comparable != NULL && !json_is_boolean(comparable))
		s2r_die_at(file, line, 1, "%s record: expected \"comparable\" "
		    "to be true or false", kind);
}

/* Whether a rule reads rec's rows (kept whole, not as chart data). */
static bool
rule_reads_points(const json_t *rec)
{
	const char *m = rec_get_str(rec, "metric");

	return m != NULL && strcmp(m, "stats.series") == 0;
}

/* judge_add() with the record's text as read (len bytes), kept instead
 * of writing rec out again. */
static void
add_text(struct judge *j, json_t *rec, const char *text, size_t len,
    const char *file, long line)
{
	size_t i;
	bool charts;

	if (strcmp(rec_get_str(rec, "kind"), "verdict") == 0 ||
	    strcmp(rec_get_str(rec, "kind"), "end") == 0) {
		json_decref(rec);	/* we make those; old ones are passed over */
		return;
	}
	/* Stored before it is checked, so judge_free() releases it even when
	 * the check dies through a hook that returns (the fuzzer). */
	i = jstore_push(j->store, rec);
	j->nrecs++;
	check_shape(rec, file, line);
	/* Chart data (CDF points, histogram bins and their column names):
	 * no rule reads it and s2r-report reads it from the NDJSON; the
	 * record is kept without it, written out again.  But stats.series
	 * (at most TS_MAX_POINTS rows a log): 5c cuts its hit rates at the
	 * trace's first send. */
	if (rule_reads_points(rec)) {
		jstore_seal(j->store, i, text, len);
		jstore_release(j->store);
		return;
	}
	charts = json_object_del(rec, "points") == 0;
	charts = (json_object_del(rec, "bins") == 0) || charts;
	charts = (json_object_del(rec, "columns") == 0) || charts;
	jstore_seal(j->store, i, charts ? NULL : text, len);
	jstore_release(j->store);
}

void
judge_add(struct judge *j, json_t *rec, const char *file, long line)
{
	add_text(j, rec, NULL, 0, file, line);
}

/* Whether a line recscan_line() took can be kept as it is: a record
 * that carries no chart data and, when the rules join on its kind, has
 * what check_shape() asks of it.  Any other is parsed, and judged or
 * rejected, as before. */
static bool
plain_record(const struct recscan *rs)
{
	if (rs->charts)
		return false;
	if (!rs_text_is(rs->kind, "expect") && !rs_text_is(rs->kind, "measure"))
		return true;
	return rs->check.s != NULL && rs->metric.s != NULL;
}

void
judge_read(struct judge *j, const char *path)
{
	struct ndjson_reader r;
	struct recscan rs;

	ndjson_open(&r, path);
	while (ndjson_line(&r)) {
		if (!recscan_line(&rs, r.buf, r.len) || !plain_record(&rs)) {
			add_text(j, ndjson_parse(&r), r.buf, r.len, r.path,
			    r.line);
			continue;
		}
		/* Verdicts and ends are ours to make: old ones pass. */
		if (rs_text_is(rs.kind, "verdict") || rs_text_is(rs.kind, "end"))
			continue;
		jstore_add(j->store, r.buf, r.len, &rs);
		j->nrecs++;
	}
	ndjson_close(&r);
}

/* --- cells ---------------------------------------------------------- */

static int
cell_cmp(const void *pa, const void *pb)
{
	const struct jcell *a = pa, *b = pb;
	int c;

	if ((c = judge_natcmp(a->phase, b->phase)) != 0)
		return c;
	if ((c = judge_natcmp(a->workload, b->workload)) != 0)
		return c;
	return judge_natcmp(a->iteration, b->iteration);
}

/* Record i's index keys. */
static const struct jkeys *
keys(const struct judge *j, size_t i)
{
	return &j->store->keys[i];
}

static bool
in_cell(const struct jkeys *k, const struct jcell *c)
{
	return nullstr_eq(k->f[JK_PH], c->phase) &&
	    nullstr_eq(k->f[JK_WL], c->workload) &&
	    nullstr_eq(k->f[JK_IT], c->iteration);
}

/* How specifically an expect names cell c: -1 not at all, else how many
 * of the cell keys it sets (each must then be equal). */
static int
expect_score(const struct jkeys *k, const struct jcell *c)
{
	const char *want[3] = { c->phase, c->workload, c->iteration };
	const char *have[3] = { k->f[JK_PH], k->f[JK_WL], k->f[JK_IT] };
	int score = 0;

	for (size_t i = 0; i < 3; i++) {
		const char *v = have[i];

		if (v == NULL)
			continue;
		if (want[i] == NULL || strcmp(v, want[i]) != 0)
			return -1;
		score++;
	}
	return score;
}

static int
cell_wl_cmp(const void *pa, const void *pb)
{
	const struct jcell *a = pa, *b = pb;
	int c;

	if ((c = judge_natcmp(a->workload, b->workload)) != 0)
		return c;
	if ((c = judge_natcmp(a->phase, b->phase)) != 0)
		return c;
	return judge_natcmp(a->iteration, b->iteration);
}

static bool
same_cell(const struct jcell *a, const struct jcell *b)
{
	return nullstr_eq(a->phase, b->phase) &&
	    nullstr_eq(a->workload, b->workload) &&
	    nullstr_eq(a->iteration, b->iteration);
}

static void
push_cell(struct jcell **v, size_t *n, size_t *cap, const char *phase,
    const char *workload, const char *iteration, bool measured)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 16;
		*v = xreallocarray(*v, *cap, sizeof(**v));
	}
	(*v)[*n].phase = phase;
	(*v)[*n].workload = workload;
	(*v)[*n].iteration = iteration;
	(*v)[*n].measured = measured;
	(*n)++;
}

/* Whether a measured cell (cells[0, n), sorted by workload first) is one
 * the expectation rec applies to. */
static bool
expect_has_cell(const struct jcell *cells, size_t n, const struct jkeys *k)
{
	const char *w = k->f[JK_WL];
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t m = lo + (hi - lo) / 2;

		if (judge_natcmp(cells[m].workload, w) < 0)
			lo = m + 1;
		else
			hi = m;
	}
	for (; lo < n && nullstr_eq(cells[lo].workload, w); lo++)
		if (expect_score(k, &cells[lo]) >= 0)
			return true;
	return false;
}

/* Sorts v by cmp and drops repeats. */
static void
sort_unique(struct jcell *v, size_t *n,
    int (*cmp)(const void *, const void *))
{
	size_t out = 0;

	if (*n == 0)
		return;
	qsort(v, *n, sizeof(*v), cmp);
	for (size_t i = 0; i < *n; i++) {
		if (out > 0 && same_cell(&v[out - 1], &v[i]))
			continue;
		v[out++] = v[i];
	}
	*n = out;
}

/* Cells are the measured (phase, workload, iteration) triples; a workload
 * the sim side expects but no measure names becomes an unmeasured cell so
 * that its absence is reported instead of dropped.  Sorting, not lookups,
 * keeps this n log n for bundles with many cells. */
static void
build_cells(struct judge *j)
{
	struct jcell *extra = NULL;
	size_t cap = 0, nextra = 0, capextra = 0, nmeasured;

	free_cells(j);
	for (size_t i = 0; i < j->nrecs; i++) {
		const struct jkeys *k = keys(j, i);

		/* A measure without a workload (a deployed EPP config,
		 * scope {phase}) describes an arm, not a cell. */
		if (nullstr_eq(k->f[JK_KIND], "measure") &&
		    k->f[JK_WL] != NULL)
			push_cell(&j->cells, &j->ncells, &cap, k->f[JK_PH],
			    k->f[JK_WL], k->f[JK_IT], true);
	}
	sort_unique(j->cells, &j->ncells, cell_wl_cmp);
	nmeasured = j->ncells;
	for (size_t i = 0; i < j->nrecs; i++) {
		const struct jkeys *k = keys(j, i);

		if (!nullstr_eq(k->f[JK_KIND], "expect") ||
		    k->f[JK_WL] == NULL ||
		    expect_has_cell(j->cells, nmeasured, k))
			continue;
		push_cell(&extra, &nextra, &capextra, k->f[JK_PH],
		    k->f[JK_WL], k->f[JK_IT], false);
	}
	sort_unique(extra, &nextra, cell_cmp);
	for (size_t i = 0; i < nextra; i++) {
		if (j->ncells == cap) {
			cap = cap ? cap * 2 : 16;
			j->cells = xreallocarray(j->cells, cap,
			    sizeof(*j->cells));
		}
		j->cells[j->ncells++] = extra[i];
	}
	free(extra);
	if (j->ncells > 0)
		qsort(j->cells, j->ncells, sizeof(*j->cells), cell_cmp);
}

/* --- lookups -------------------------------------------------------- */

static void
build_index(struct judge *j)
{
	jindex_free(j->index);
	j->index = jindex_build(j->store->keys, j->nrecs);
}

/* The records numbered v[0, n), parsed (again if need be), as a new
 * array; frees v. */
static size_t
parsed(const struct judge *j, size_t *v, size_t n, const json_t ***out)
{
	*out = xcalloc(n + 1, sizeof(**out));
	for (size_t i = 0; i < n; i++)
		(*out)[i] = jstore_get(j->store, v[i]);
	free(v);
	return n;
}

size_t
judge_select(const struct judge *j, const struct jsel *s,
    const json_t ***out)
{
	size_t *v, n = jindex_select(j->index, s, &v);

	return parsed(j, v, n, out);
}

/* The numbers of the records of kind and metric that apply to c
 * (measures: exactly c; expects: also those that leave a cell key out),
 * the ones naming c's workload before those naming none, each in input
 * order, as a new array. */
static size_t
cell_recs(const struct judge *j, const struct jcell *c, const char *kind,
    const char *metric, size_t **out)
{
	struct jsel sel = { .kind = kind, .metric = metric };
	size_t *v, *ord, n, k = 0;

	jsel_cell(&sel, c, kind != NULL && strcmp(kind, "measure") == 0);
	n = jindex_select(j->index, &sel, &v);
	ord = xcalloc(n + 1, sizeof(*ord));
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < n; i++)
			if ((keys(j, v[i])->f[JK_WL] != NULL) == (pass == 0))
				ord[k++] = v[i];
	free(v);
	*out = ord;
	return k;
}

/* Whether the non-cell scope of rec is exactly sub. */
static bool
sub_equal(const json_t *rec, const json_t *sub)
{
	json_t *scope = json_object_get(rec, "scope");
	const char *key;
	json_t *v;
	size_t n = 0;

	json_object_foreach(scope, key, v) {
		if (jstore_is_cell_key(key))
			continue;
		if (!nullstr_eq(json_string_value(v), rec_get_str(sub, key)))
			return false;
		n++;
	}
	return n == (sub != NULL ? json_object_size(sub) : 0);
}

/* A sub-scope to join on: its jstore_subtext() as the store interned
 * it, NULL when no record has it; known false when it has a value that
 * is not a string (then records are parsed and compared). */
struct subq {
	const json_t	*sub;
	const char	*text;
	bool		 known;
};

static void
subq_of(const struct judge *j, const json_t *sub, struct subq *q)
{
	struct sbuf b = {0};
	long k;

	q->sub = sub;
	q->text = NULL;
	q->known = jstore_subtext(&b, sub, true);
	k = strtab_find_n(&j->store->names, sbuf_str(&b), b.len);
	if (q->known && k >= 0)
		q->text = j->store->names.s[k];
	sbuf_free(&b);
}

/* Whether record i's non-cell scope is exactly q's: by the interned
 * texts, parsing nothing, when both are known. */
static bool
sub_matches(const struct judge *j, size_t i, const struct subq *q)
{
	if (q->known && j->store->sub[i] != NULL)
		return j->store->sub[i] == q->text;
	return sub_equal(jstore_get(j->store, i), q->sub);
}

/* The number of the measure record for metric in exactly cell c with
 * sub-scope sub, or SIZE_MAX. */
static size_t
find_measure(const struct judge *j, const struct jcell *c, const char *metric,
    const json_t *sub)
{
	size_t *v, n = cell_recs(j, c, "measure", metric, &v), found = SIZE_MAX;
	struct subq q;

	subq_of(j, sub, &q);
	for (size_t i = 0; i < n && found == SIZE_MAX; i++)
		if (sub_matches(j, v[i], &q))
			found = v[i];
	free(v);
	return found;
}

const json_t *
judge_expect(const struct judge *j, const struct jcell *c,
    const char *metric, const json_t *sub)
{
	size_t *v, n = cell_recs(j, c, "expect", metric, &v), best = SIZE_MAX;
	int best_score = -1;
	struct subq q;

	subq_of(j, sub, &q);
	for (size_t i = 0; i < n; i++) {
		int score = expect_score(keys(j, v[i]), c);

		if (score <= best_score || !sub_matches(j, v[i], &q))
			continue;
		best = v[i];
		best_score = score;
	}
	free(v);
	return best != SIZE_MAX ? jstore_get(j->store, best) : NULL;
}

const json_t *
judge_measure(const struct judge *j, const struct jcell *c,
    const char *metric, const json_t *sub)
{
	size_t i = find_measure(j, c, metric, sub);

	return i != SIZE_MAX ? jstore_get(j->store, i) : NULL;
}

double
judge_measure_num(const struct judge *j, const struct jcell *c,
    const char *metric, const json_t *sub)
{
	size_t i = find_measure(j, c, metric, sub);

	return i != SIZE_MAX ? j->store->num[i] : NAN;
}

bool
judge_any(const struct judge *j, const struct jcell *c, const char *kind,
    const char *metric)
{
	size_t *v, n = 0;

	if (kind[0] == 'e')
		n = cell_recs(j, c, "expect", metric, &v);
	else if (kind[0] == 'm')
		n = cell_recs(j, c, "measure", metric, &v);
	else
		return false;
	free(v);
	return n > 0;
}

static json_t *
sub_of(const json_t *rec)
{
	json_t *sub = rec_scope_new();
	const char *key;
	json_t *v;

	json_object_foreach(json_object_get(rec, "scope"), key, v) {
		if (!jstore_is_cell_key(key))
			rec_scope_set(sub, key, json_string_value(v));
	}
	return sub;
}

static int
sub_cmp(const void *pa, const void *pb)
{
	char *a = rec_scope_key(*(json_t *const *)pa);
	char *b = rec_scope_key(*(json_t *const *)pb);
	int c = strcmp(a, b);

	free(a);
	free(b);
	return c;
}

/* Whether a record is an expect that applies to c or a measure of
 * exactly c (as judge_expect() and judge_measure() take them). */
static bool
applies(const struct jkeys *k, const struct jcell *c)
{
	if (nullstr_eq(k->f[JK_KIND], "expect"))
		return expect_score(k, c) >= 0;
	if (nullstr_eq(k->f[JK_KIND], "measure"))
		return in_cell(k, c);
	return false;
}

static void
collect_subs(const struct judge *j, const struct jcell *c,
    const char *metric, const char *key, json_t *subs)
{
	size_t *v, n = cell_recs(j, c, NULL, metric, &v), idx;
	const json_t *rec;
	json_t *have;

	for (size_t i = 0; i < n; i++) {
		json_t *sub;
		bool dup = false;

		if (!applies(keys(j, v[i]), c))
			continue;
		rec = jstore_get(j->store, v[i]);
		if (rec_scope_str(rec, key) == NULL)
			continue;
		sub = sub_of(rec);
		json_array_foreach(subs, idx, have)
			dup = dup || json_equal(have, sub);
		if (dup)
			json_decref(sub);
		else
			json_array_append_new(subs, sub);
	}
	free(v);
}

json_t *
judge_subscopes(const struct judge *j, const struct jcell *c,
    const char *expect_metric, const char *measure_metric, const char *key)
{
	json_t *subs = json_array();
	size_t n;
	json_t **v;

	collect_subs(j, c, expect_metric, key, subs);
	if (measure_metric != NULL && strcmp(measure_metric, expect_metric) != 0)
		collect_subs(j, c, measure_metric, key, subs);
	n = json_array_size(subs);
	if (n < 2)
		return subs;
	v = xcalloc(n, sizeof(*v));
	for (size_t i = 0; i < n; i++)
		v[i] = json_incref(json_array_get(subs, i));
	qsort(v, n, sizeof(*v), sub_cmp);
	json_array_clear(subs);
	for (size_t i = 0; i < n; i++)
		json_array_append_new(subs, v[i]);
	free(v);
	return subs;
}

/* --- emitting ------------------------------------------------------- */

void
judge_emit(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jverdict *v)
{
	struct sbuf line = {0};
	struct jout *o;
	char *subkey;

	if (j->nout == j->capout) {
		j->capout = j->capout ? j->capout * 2 : 64;
		j->out = xreallocarray(j->out, j->capout, sizeof(*j->out));
	}
	jline_verdict(&line, j, r, c, v);
	o = &j->out[j->nout];
	o->len = line.len;
	o->off = spill_add(j->text, line.s, line.len);
	sbuf_free(&line);
	o->rec = NULL;
	o->verdict = v->verdict;
	o->check = jstore_intern(j->store, r->check);
	o->cell = c != NULL ? (size_t)(c - j->cells) + 1 : 0;
	subkey = v->sub != NULL ? rec_scope_key(v->sub) : NULL;
	o->subkey = jstore_intern(j->store, subkey != NULL ? subkey : "");
	free(subkey);
	o->seq = j->nout;
	j->nout++;
}

static int
out_cmp(const void *pa, const void *pb)
{
	const struct jout *a = pa, *b = pb;
	int c;

	if (a->check != b->check && (c = strcmp(a->check, b->check)) != 0)
		return c;
	if (a->cell != b->cell)
		return a->cell < b->cell ? -1 : 1;
	if ((c = judge_natcmp(a->subkey, b->subkey)) != 0)
		return c;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* --- running -------------------------------------------------------- */

static bool
selected(const char *list, const char *check)
{
	char *copy, *save = NULL;
	bool hit = false;

	if (list == NULL)
		return true;
	copy = xstrdup(list);
	for (char *item = strtok_r(copy, ",", &save); item != NULL && !hit;
	    item = strtok_r(NULL, ",", &save))
		hit = strcmp(item, "all") == 0 || strcmp(item, check) == 0 ||
		    (strlen(item) == 1 && item[0] == check[0]);
	free(copy);
	return hit;
}

bool
judge_checks_valid(const char *list, char *bad, size_t badlen)
{
	char *copy = xstrdup(list), *save = NULL;
	bool ok = true, any = false;

	for (char *item = strtok_r(copy, ",", &save); item != NULL && ok;
	    item = strtok_r(NULL, ",", &save)) {
		any = true;
		ok = strcmp(item, "all") == 0 || judge_check_known(item) ||
		    (strlen(item) == 1 && judge_category_of(item) >= 0);
		if (!ok)
			snprintf(bad, badlen, "%s", item);
	}
	free(copy);
	if (!any && ok)
		snprintf(bad, badlen, "%s", list);
	return ok && any;
}

/* Where s2r-run found a cell declared (its source file). */
static const char *
decl_file(const json_t *decl)
{
	const char *f = rec_get_str(json_object_get(decl, "source"), "file");

	return f != NULL ? f : "the run's files";
}

/* A cell only the sim side names: one MISSING per rule says so. */
static void
unmeasured(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct sbuf why = {0}, where = {0};
	const json_t *decl;

	judge_cell_text(&where, c);
	/* A cell s2r-run says the run declares is missing from the run,
	 * whatever the sim bundle's specs say. */
	if ((decl = judge_expect(j, c, "run.cell", NULL)) != NULL)
		sbuf_printf(&why, "No measure records for %s: the run declares "
		    "this cell (%s) but has no results for it", sbuf_str(&where),
		    decl_file(decl));
	else
		sbuf_printf(&why, "No measure records for %s: the sim side "
		    "expects this workload but the real bundle has no cell for "
		    "it", sbuf_str(&where));
	sbuf_printf(&why, " (they come from s2r-trace-stats over "
	    "%s/trace_data.csv).", sbuf_str(&where));
	judge_emit(j, r, c, &(struct jverdict){
	    .verdict = V_MISSING, .why = sbuf_str(&why),
	    .action = "Run the workload on the real deployment, or check that "
	    "the cell directory is named after the workload YAML." });
	sbuf_free(&why);
	sbuf_free(&where);
}

void
judge_run(struct judge *j, const char *list)
{
	build_index(j);
	build_cells(j);
	for (const struct rule_area *a = rule_areas; a->rules != NULL; a++) {
		for (const struct rule *r = a->rules; r->check != NULL; r++) {
			if (!selected(list, r->check))
				continue;
			if (!r->per_cell) {
				r->fn(j, r, NULL);
				jstore_release(j->store);
				continue;
			}
			for (size_t c = 0; c < j->ncells; c++) {
				if (j->cells[c].measured)
					r->fn(j, r, &j->cells[c]);
				else
					unmeasured(j, r, &j->cells[c]);
				/* No rule holds a record past its call. */
				jstore_release(j->store);
			}
		}
	}
	if (j->nout > 0)
		qsort(j->out, j->nout, sizeof(*j->out), out_cmp);
}

json_t *
judge_verdict_rec(struct judge *j, size_t i)
{
	struct jout *o = &j->out[i];
	json_error_t err;

	if (o->rec == NULL)
		o->rec = json_loadb(spill_get(j->text, o->off, o->len), o->len,
		    0, &err);
	if (j->out[i].rec == NULL)
		s2r_die("verdict %zu: %s", i + 1, err.text);
	return j->out[i].rec;
}

int
judge_verdict_value(const struct judge *j, size_t i)
{
	return j->out[i].verdict;
}

const char *
judge_verdict_check(const struct judge *j, size_t i)
{
	return j->out[i].check;
}

size_t
judge_verdicts(struct judge *j, json_t ***out)
{
	json_t **v = xcalloc(j->nout + 1, sizeof(*v));

	for (size_t i = 0; i < j->nout; i++)
		v[i] = judge_verdict_rec(j, i);
	*out = v;
	return j->nout;
}

size_t
judge_write(struct judge *j, FILE *out)
{
	size_t fails = 0;

	for (size_t i = 0; i < j->nout; i++) {
		const struct jout *o = &j->out[i];

		if (o->verdict == V_FAIL)
			fails++;
		/* The line and its newline. */
		if (fwrite(spill_get(j->text, o->off, o->len), 1, o->len + 1,
		    out) != o->len + 1)
			rec_write_error(out);
	}
	rec_finish(out);
	return fails;
}

/* --- comparisons ---------------------------------------------------- */

static void
where_text(struct sbuf *b, const struct jcell *c, const json_t *sub)
{
	char *key;

	judge_cell_text(b, c);
	if (sub == NULL || json_object_size(sub) == 0)
		return;
	key = rec_scope_key(sub);
	sbuf_printf(b, " [%s]", key);
	free(key);
}

void
judge_missing(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q, const json_t *expect, const json_t *measure)
{
	struct sbuf why = {0}, where = {0};
	const char *metric = q->measure_metric ? q->measure_metric :
	    q->expect_metric;

	where_text(&where, c, q->sub);
	if (expect == NULL)
		sbuf_printf(&why, "No expectation for %s in %s: it should come "
		    "from %s.", q->expect_metric, sbuf_str(&where),
		    q->expect_from);
	if (measure == NULL)
		sbuf_printf(&why, "%sNo measurement of %s in %s: it should come "
		    "from %s.", expect == NULL ? " " : "", q->measure_metric,
		    sbuf_str(&where), q->measure_from);
	judge_emit(j, r, c, &(struct jverdict){
	    .metric = metric, .sub = q->sub, .expect = expect,
	    .measure = measure, .verdict = V_MISSING, .why = sbuf_str(&why),
	    .action = expect == NULL ? "Regenerate the expect records with "
	    "s2r-expect from the sim bundle." : "Regenerate the measure "
	    "records with s2r-trace-stats from the cell's trace_data.csv." });
	sbuf_free(&why);
	sbuf_free(&where);
}

static void
inapplicable(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q, const json_t *e, const json_t *m,
    const char *why)
{
	judge_emit(j, r, c, &(struct jverdict){
	    .metric = q->measure_metric ? q->measure_metric : q->expect_metric,
	    .sub = q->sub, .expect = e, .measure = m,
	    .verdict = V_INAPPLICABLE, .why = why });
}

/* INAPPLICABLE when a side has no number to compare; false then. */
static bool
comparable(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q, const json_t *e, const json_t *m)
{
	json_t *cmp = json_object_get(e, "comparable");
	const char *ewhy = rec_get_str(e, "why"), *mwhy = rec_get_str(m, "why");
	struct sbuf why = {0};
	bool ok = false;

	if (json_is_false(cmp))
		sbuf_printf(&why, "Not comparable: %s", ewhy ? ewhy :
		    "the expectation is marked not comparable.");
	else if (json_is_null(json_object_get(e, "value")) ||
	    json_object_get(e, "value") == NULL)
		sbuf_printf(&why, "The sim side gives no value for %s%s%s",
		    q->expect_metric, ewhy ? ": " : ".", ewhy ? ewhy : "");
	else if (!json_is_number(json_object_get(e, "value")))
		sbuf_printf(&why, "Expected a number for %s, the expectation "
		    "holds another type.", q->expect_metric);
	else if (json_is_null(json_object_get(m, "value")) ||
	    json_object_get(m, "value") == NULL)
		sbuf_printf(&why, "%s could not be computed from the real "
		    "side%s%s", q->measure_metric, mwhy ? ": " : ".",
		    mwhy ? mwhy : "");
	else if (!json_is_number(json_object_get(m, "value")))
		sbuf_printf(&why, "Expected a number for %s, the measurement "
		    "holds another type.", q->measure_metric);
	else
		ok = true;
	if (!ok)
		inapplicable(j, r, c, q, e, m, sbuf_str(&why));
	sbuf_free(&why);
	return ok;
}

static void
tolerance_text(char *buf, size_t len, enum jdiff kind, double t,
    const char *unit)
{
	char num[32];

	judge_fmt_num(num, sizeof(num), t);
	if (t == 0)
		snprintf(buf, len, "exact");
	else if (kind == DIFF_PCT)
		snprintf(buf, len, "\u00b1%s%%", num);
	else if (kind == DIFF_PP)
		snprintf(buf, len, "\u00b1%s pp", num);
	else
		snprintf(buf, len, "\u00b1%s%s%s", num, unit ? " " : "",
		    unit ? unit : "");
}

bool
judge_compare(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q, enum jdiff kind, double t, struct jcmp *out)
{
	const json_t *e = judge_expect(j, c, q->expect_metric, q->sub);
	const json_t *m = judge_measure(j, c, q->measure_metric, q->sub);
	const char *unit;

	memset(out, 0, sizeof(*out));
	if (e == NULL || m == NULL) {
		/* A comparable:false expectation explains a missing measure. */
		if (e != NULL && json_is_false(json_object_get(e, "comparable")))
			comparable(j, r, c, q, e, m);
		else
			judge_missing(j, r, c, q, e, m);
		return false;
	}
	if (!comparable(j, r, c, q, e, m))
		return false;
	out->expect = e;
	out->measure = m;
	rec_get_num(e, "value", &out->e);
	rec_get_num(m, "value", &out->a);
	unit = rec_get_str(m, "unit");
	if (unit == NULL)
		unit = rec_get_str(e, "unit");
	switch (kind) {
	case DIFF_PCT:
		if (out->e != 0) {
			out->diff = (out->a - out->e) / fabs(out->e) * 100;
			out->diff_unit = "%";
			break;
		}
		/* Relative to zero is undefined: compare exactly. */
		out->diff = out->a - out->e;
		out->diff_unit = unit;
		t = 0;
		break;
	case DIFF_PP:
		out->diff = (out->a - out->e) * 100;
		out->diff_unit = "pp";
		break;
	case DIFF_ABS:
		out->diff = out->a - out->e;
		out->diff_unit = unit;
		break;
	}
	/* Rounding in the producers must not turn 2.0 pp into a FAIL. */
	out->within = fabs(out->diff) <= t + 1e-9 * (t > 1 ? t : 1);
	out->tol = t;
	tolerance_text(out->tolerance, sizeof(out->tolerance), kind, t,
	    kind == DIFF_ABS ? unit : NULL);
	return true;
}

/* The kind of difference a diff unit names. */
static enum jdiff
diff_kind(const char *diff_unit)
{
	if (diff_unit != NULL && strcmp(diff_unit, "%") == 0)
		return DIFF_PCT;
	if (diff_unit != NULL && strcmp(diff_unit, "pp") == 0)
		return DIFF_PP;
	return DIFF_ABS;
}

/* "40 req/s", "30%" (fractions), "1024 tokens". */
static void
value_text(struct sbuf *b, double v, const char *unit)
{
	char num[32];

	if (unit != NULL && strcmp(unit, "fraction") == 0) {
		judge_fmt_num(num, sizeof(num), v * 100);
		sbuf_printf(b, "%s%%", num);
		return;
	}
	judge_fmt_num(num, sizeof(num), v);
	sbuf_adds(b, num);
	if (unit != NULL && strcmp(unit, "count") != 0 &&
	    strcmp(unit, "cv") != 0)
		sbuf_printf(b, " %s", unit);
}

void
judge_emit_cmp(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q, const struct jcmp *cmp, enum jverdict_value v,
    const char *note, const char *action)
{
	struct sbuf why = {0};
	const char *unit = rec_get_str(cmp->measure, "unit");
	char num[32], band[80];

	if (unit == NULL)
		unit = rec_get_str(cmp->expect, "unit");
	/* Still judge_compare()'s band (a rule may have stated another
	 * test): the replicas may widen it (jreplica.h). */
	tolerance_text(band, sizeof(band), diff_kind(cmp->diff_unit), cmp->tol,
	    cmp->diff_unit);
	sbuf_adds(&why, "Expected ");
	value_text(&why, cmp->e, unit);
	sbuf_adds(&why, " (from ");
	judge_source_text(&why, json_object_get(cmp->expect, "source"));
	sbuf_adds(&why, "), measured ");
	value_text(&why, cmp->a, unit);
	sbuf_adds(&why, " (from ");
	judge_source_text(&why, json_object_get(cmp->measure, "source"));
	judge_fmt_diff(num, sizeof(num), cmp->diff, cmp->diff_unit);
	sbuf_printf(&why, "). Difference: %s (tolerance %s).", num,
	    cmp->tolerance);
	if (note != NULL)
		sbuf_printf(&why, " %s", note);
	judge_emit(j, r, c, &(struct jverdict){
	    .metric = q->measure_metric, .sub = q->sub, .expect = cmp->expect,
	    .measure = cmp->measure, .has_diff = true, .diff = cmp->diff,
	    .diff_unit = cmp->diff_unit, .tolerance = cmp->tolerance,
	    .has_tol = strcmp(band, cmp->tolerance) == 0, .tol = cmp->tol,
	    .verdict = v, .why = sbuf_str(&why),
	    .action = v == V_WARN || v == V_FAIL ? action : NULL });
	sbuf_free(&why);
}

void
judge_band(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q, enum jdiff kind, double t, const char *action)
{
	struct jcmp cmp;

	if (!judge_compare(j, r, c, q, kind, t, &cmp))
		return;
	judge_emit_cmp(j, r, c, q, &cmp, cmp.within ? V_PASS : V_FAIL, NULL,
	    action);
}
