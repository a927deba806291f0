/* reportfind.c - findings, the headline and the short text forms the
 * report leads with (see reportfind.h). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "err.h"
#include "rec.h"
#include "reportfind.h"
#include "str.h"
#include "strtab.h"
#include "verdict.h"

/* --- a verdict's parts ----------------------------------------------- */

static const json_t *
side_of(const json_t *v, bool expected)
{
	const json_t *s = json_object_get(v, expected ? "expected" : "actual");

	return json_is_object(s) ? s : NULL;
}

static const char *
side_file(const json_t *v, bool expected)
{
	return rec_get_str(json_object_get(side_of(v, expected), "source"),
	    "file");
}

/* The length of the cell's folder at the start of file ("baseline/w1/",
 * "results/baseline/w1/"), 0 when file does not lie in it.  (Matched in
 * place: the report asks this several times a row.) */
static size_t
cell_prefix_len(const json_t *v, const char *file)
{
	const char *part[3] = { rec_scope_str(v, "phase"),
	    rec_scope_str(v, "workload"), rec_scope_str(v, "iteration") };
	const char *p;
	bool any = false;

	if (file == NULL || part[1] == NULL)
		return 0;
	p = str_has_prefix(file, "results/") ? file + strlen("results/") :
	    file;
	for (size_t i = 0; i < 3; i++) {
		size_t n;

		if (part[i] == NULL)
			continue;
		if (any && *p++ != '/')
			return 0;
		n = strlen(part[i]);
		if (strncmp(p, part[i], n) != 0)
			return 0;
		p += n;
		any = true;
	}
	return *p == '/' ? (size_t)(p + 1 - file) : 0;
}

const char *
report_why_text(const json_t *v)
{
	const char *why = rec_get_str(v, "why");
	const char *metric = rec_get_str(v, "metric");
	size_t n = metric != NULL ? strlen(metric) : 0;

	if (why == NULL)
		return "";
	if (n > 0 && strncmp(why, metric, n) == 0 && why[n] == ' ')
		return why + n + 1;
	return why;
}

const char *
report_why_note(const json_t *v)
{
	const char *why = report_why_text(v);
	const char *tol = rec_get_str(v, "tolerance");
	const char *diff = strstr(why, ". Difference: ");
	struct sbuf end = {0};
	const char *at;

	if (!str_has_prefix(why, "Expected ") || diff == NULL || tol == NULL)
		return why;
	sbuf_printf(&end, " (tolerance %s).", tol);
	at = strstr(diff, sbuf_str(&end));
	if (at != NULL) {
		at += end.len;
		at += *at == ' ';
	}
	sbuf_free(&end);
	return at != NULL ? at : why;
}

/* The last name of a key path: "a[x].b.c" -> "c". */
static const char *
field_leaf(const char *field)
{
	const char *dot;

	if (field == NULL)
		return NULL;
	dot = strrchr(field, '.');
	return dot != NULL ? dot + 1 : field;
}

static double
gap_of(const json_t *v)
{
	const json_t *e = json_object_get(side_of(v, true), "value");
	const json_t *a = json_object_get(side_of(v, false), "value");
	double x, y, big;

	if (e == NULL || a == NULL || json_is_null(e) || json_is_null(a))
		return 1;
	if (!json_is_number(e) || !json_is_number(a))
		return json_equal((json_t *)e, (json_t *)a) ? 0 : 1;
	x = json_number_value(e);
	y = json_number_value(a);
	big = fmax(fabs(x), fabs(y));
	return big > 0 ? fmin(1, fabs(y - x) / big) : 0;
}

/* --- grouping -------------------------------------------------------- */

/* Scope keys besides the cell's (client, window, class, instance …). */
static size_t
scope_extras(const json_t *v)
{
	const char *key;
	json_t *val;
	size_t n = 0;

	json_object_foreach(json_object_get(v, "scope"), key, val)
		n += strcmp(key, "phase") != 0 && strcmp(key, "workload") != 0 &&
		    strcmp(key, "iteration") != 0;
	return n;
}

static void
key_side(struct sbuf *k, const json_t *v, bool expected)
{
	const json_t *s = side_of(v, expected);
	const json_t *src = json_object_get(s, "source");
	const char *file = rec_get_str(src, "file");
	char *dump;
	double line = 0;

	sbuf_addc(k, '\x1f');
	if (s == NULL)
		return;
	dump = json_dumps(json_object_get(s, "value"), JSON_COMPACT |
	    JSON_SORT_KEYS | JSON_ENCODE_ANY);
	sbuf_adds(k, dump != NULL ? dump : "?");
	free(dump);
	rec_get_num(src, "line", &line);
	/* The same file of each cell is the same place. */
	sbuf_printf(k, "@%s%s:%.0f %s", cell_prefix_len(v, file) ? "{cell}/" :
	    "", file != NULL ? file + cell_prefix_len(v, file) : "", line,
	    rec_get_str(src, "field") ? rec_get_str(src, "field") : "");
}

/* What makes two verdicts the same finding, as one string. */
static void
finding_key(struct sbuf *k, const json_t *v)
{
	const char *key;
	json_t *val;

	sbuf_printf(k, "%s\x1f%s\x1f%s\x1f%s", rec_get_str(v, "check"),
	    rec_get_str(v, "metric") ? rec_get_str(v, "metric") : "",
	    rec_get_str(v, "verdict"), rec_get_str(v, "tolerance") ?
	    rec_get_str(v, "tolerance") : "");
	json_object_foreach(json_object_get(v, "scope"), key, val)
		if (strcmp(key, "phase") != 0 && strcmp(key, "workload") != 0 &&
		    strcmp(key, "iteration") != 0)
			sbuf_printf(k, "\x1f%s=%s", key, json_string_value(val) ?
			    json_string_value(val) : "");
	key_side(k, v, true);
	key_side(k, v, false);
}

static void
finding_add_cell(struct finding *f, size_t i)
{
	f->cells = xroom(f->cells, f->ncells, sizeof(*f->cells));
	f->cells[f->ncells++] = i;
}

/* The report's keys are interned: one pointer is one value. */
static bool
same_cells(const struct finding *a, const struct finding *b)
{
	const struct rep_verdict *all = a->rep->all;

	if (a->ncells != b->ncells)
		return false;
	for (size_t i = 0; i < a->ncells; i++) {
		const struct rep_verdict *x = &all[a->cells[i]];
		const struct rep_verdict *y = &all[b->cells[i]];

		if (x->phase != y->phase || x->workload != y->workload ||
		    x->iteration != y->iteration)
			return false;
	}
	return true;
}

/* 1: v has an expected side only, 2: an actual side only, 0: else. */
static int
one_sided(const json_t *v)
{
	bool e = side_of(v, true) != NULL, a = side_of(v, false) != NULL;

	return e && !a ? 1 : a && !e ? 2 : 0;
}

/* What the two sides of a moved key share: the same check, metric and
 * verdict, their keys ending in the same name (all interned, so compared
 * as pointers); and the finding it is. */
struct pairkey {
	uintptr_t	 k[4];
	size_t		 at;
};

static void
pairkey_of(struct pairkey *p, const struct findings *fs, size_t at)
{
	const struct finding *f = &fs->f[at];
	const struct rep_verdict *v = &f->rep->all[f->v];

	*p = (struct pairkey){ { (uintptr_t)f->verdict, (uintptr_t)v->check,
	    (uintptr_t)v->metric, (uintptr_t)f->leaf }, at };
}

static int
pairkey_cmp(const void *pa, const void *pb)
{
	const struct pairkey *a = pa, *b = pb;

	for (int i = 0; i < 4; i++)
		if (a->k[i] != b->k[i])
			return a->k[i] < b->k[i] ? -1 : 1;
	return 0;
}

/* Each expected-only finding and the one actual-only finding it can pair
 * with become one, where neither could pair with another (two keys
 * ending in the same name stay two findings each). */
static void
pair_moved_keys(struct findings *fs)
{
	size_t *match = xcalloc(fs->n + 1, sizeof(*match));	/* index + 1 */
	size_t *times = xcalloc(fs->n + 1, sizeof(*times));
	bool *gone = xcalloc(fs->n + 1, sizeof(*gone));
	struct pairkey *late = xcalloc(fs->n + 1, sizeof(*late)), key;
	size_t kept = 0, nlate = 0;

	/* The actual-only findings in order of what a pair shares: each
	 * expected-only one searches its few candidates, not every
	 * finding. */
	for (size_t j = 0; j < fs->n; j++)
		if (fs->f[j].sided == 2 && fs->f[j].leaf != NULL)
			pairkey_of(&late[nlate++], fs, j);
	if (nlate > 0)
		qsort(late, nlate, sizeof(*late), pairkey_cmp);
	for (size_t i = 0; i < fs->n; i++) {
		size_t lo = 0, hi = nlate;

		if (fs->f[i].sided != 1 || fs->f[i].leaf == NULL)
			continue;
		pairkey_of(&key, fs, i);
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (pairkey_cmp(&late[mid], &key) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < nlate && pairkey_cmp(&late[lo], &key) == 0; lo++) {
			size_t j = late[lo].at;

			if (!same_cells(&fs->f[i], &fs->f[j]))
				continue;
			match[i] = match[i] ? SIZE_MAX : j + 1;
			times[j]++;
		}
	}
	for (size_t i = 0; i < fs->n; i++) {
		if (match[i] == 0 || match[i] == SIZE_MAX ||
		    times[match[i] - 1] != 1)
			continue;
		fs->f[i].paired = true;
		fs->f[i].pair = fs->f[match[i] - 1].v;
		fs->f[i].pair_cells = fs->f[match[i] - 1].cells;
		gone[match[i] - 1] = true;
	}
	for (size_t i = 0; i < fs->n; i++)
		if (!gone[i])
			fs->f[kept++] = fs->f[i];
	fs->n = kept;
	free(match);
	free(times);
	free(gone);
	free(late);
}

static int
verdict_order(int verdict)
{
	return verdict == V_FAIL ? 0 : verdict == V_MISSING ? 1 : 2;
}

static int
finding_cmp(const void *pa, const void *pb)
{
	const struct finding *a = pa, *b = pb;

	if (verdict_order(a->verdict) != verdict_order(b->verdict))
		return verdict_order(a->verdict) - verdict_order(b->verdict);
	if (a->cat != b->cat)
		return a->cat - b->cat;
	if (a->ncells != b->ncells)
		return a->ncells > b->ncells ? -1 : 1;
	if (a->nextra != b->nextra)
		return a->nextra < b->nextra ? -1 : 1;
	if (a->gap != b->gap)
		return a->gap > b->gap ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

struct member {
	size_t		 v;		/* a verdict, in rep->all */
	size_t		 at;		/* its finding */
};

static int
member_cmp(const void *pa, const void *pb)
{
	const struct member *a = pa, *b = pb;

	return a->v < b->v ? -1 : a->v > b->v;
}

/* Every verdict of every finding, by number, for findings_number. */
static void
index_members(struct findings *fs)
{
	size_t n = 0;

	for (size_t i = 0; i < fs->n; i++)
		n += fs->f[i].ncells * (fs->f[i].paired ? 2 : 1);
	fs->members = xcalloc(n + 1, sizeof(*fs->members));
	for (size_t i = 0; i < fs->n; i++)
		for (size_t c = 0; c < fs->f[i].ncells; c++) {
			fs->members[fs->nmembers++] = (struct member){
			    fs->f[i].cells[c], i };
			if (fs->f[i].paired)
				fs->members[fs->nmembers++] = (struct member){
				    fs->f[i].pair_cells[c], i };
		}
	if (fs->nmembers > 0)
		qsort(fs->members, fs->nmembers, sizeof(*fs->members),
		    member_cmp);
}

/* A one-sided verdict's key's last name (interned in fs), else NULL. */
static const char *
finding_leaf(struct findings *fs, const json_t *v, int sided)
{
	const char *field = rec_get_str(json_object_get(side_of(v,
	    sided == 1), "source"), "field");
	uint32_t i;

	if (sided == 0 || (field = field_leaf(field)) == NULL)
		return NULL;
	i = strtab_intern(&fs->names, field);
	return fs->names.s[i];
}

void
findings_build(struct findings *fs, const struct report *rep)
{
	struct strtab keys = {0};
	struct sbuf k = {0};

	memset(fs, 0, sizeof(*fs));
	/* One verdict's tree at a time. */
	for (size_t i = 0; i < rep->nactions; i++) {
		const json_t *v = report_verdict(rep, rep->actions[i]);
		bool added;
		uint32_t at;

		sbuf_reset(&k);
		finding_key(&k, v);
		at = strtab_intern_n(&keys, sbuf_str(&k), k.len, &added);
		/* A new key is the next finding. */
		if (added) {
			struct finding *f;

			fs->f = xroom(fs->f, at, sizeof(*fs->f));
			f = &fs->f[at];
			memset(f, 0, sizeof(*f));
			f->rep = rep;
			f->v = rep->actions[i];
			f->verdict = rep->all[f->v].verdict;
			f->cat = rep->all[f->v].cat;
			f->gap = gap_of(v);
			f->nextra = scope_extras(v);
			f->seq = i;
			f->sided = one_sided(v);
			f->leaf = finding_leaf(fs, v, f->sided);
			fs->n++;
		}
		finding_add_cell(&fs->f[at], rep->actions[i]);
		report_release(rep);
	}
	sbuf_free(&k);
	strtab_free(&keys);
	pair_moved_keys(fs);
	if (fs->n > 0)
		qsort(fs->f, fs->n, sizeof(*fs->f), finding_cmp);
	for (size_t i = 0; i < fs->n; i++) {
		fs->per_cat[fs->f[i].cat]++;
		fs->per_verdict[fs->f[i].verdict]++;
	}
	index_members(fs);
}

long
findings_number(const struct findings *fs, size_t i)
{
	struct member key = { i, 0 }, *m;

	if (fs->nmembers == 0)
		return -1;
	m = bsearch(&key, fs->members, fs->nmembers, sizeof(*m), member_cmp);
	return m != NULL ? (long)m->at + 1 : -1;
}

void
findings_free(struct findings *fs)
{
	for (size_t i = 0; i < fs->n; i++) {
		free(fs->f[i].cells);
		free(fs->f[i].pair_cells);
	}
	free(fs->members);
	free(fs->f);
	strtab_free(&fs->names);
	memset(fs, 0, sizeof(*fs));
}

/* --- checks ---------------------------------------------------------- */

enum check_state
report_check_state(const struct rep_check *k)
{
	const int *n = k->counts;

	if (n[V_FAIL] > 0)
		return CS_FAIL;
	if (n[V_MISSING] > 0)
		return CS_MISSING;
	if (n[V_WARN] > 0)
		return CS_WARN;
	if ((size_t)n[V_INAPPLICABLE] == k->n)
		return CS_NOT_JUDGED;
	return n[V_INAPPLICABLE] > 0 ? CS_PART : CS_PASS;
}

void
report_check_state_text(struct sbuf *b, const struct rep_check *k)
{
	static const char *const names[CS_COUNT] = { "FAIL", "MISSING",
	    "WARN", "PASS", "PASS", "not judged" };
	enum check_state s = report_check_state(k);
	const int *n = k->counts;

	sbuf_adds(b, names[s]);
	/* Honest about what a FAIL, WARN or PASS heading did not judge. */
	if (s != CS_NOT_JUDGED && n[V_INAPPLICABLE] > 0)
		sbuf_printf(b, ", %d of %zu not judged", n[V_INAPPLICABLE],
		    k->n);
}

void
report_check_counts(const struct rep_category *rc, int counts[CS_COUNT])
{
	memset(counts, 0, CS_COUNT * sizeof(*counts));
	for (size_t w = 0; w < rc->nworkloads; w++)
		for (size_t c = 0; c < rc->workloads[w].ncells; c++)
			for (size_t k = 0; k < rc->workloads[w].cells[c].nchecks;
			    k++)
				counts[report_check_state(
				    &rc->workloads[w].cells[c].checks[k])]++;
}

/* --- sides and sources ----------------------------------------------- */

/* file lies in the bundle at root: named under it, or a file there. */
static bool
in_bundle(const char *root, const char *file)
{
	struct sbuf p = {0};
	struct stat st;
	bool yes;

	if (root == NULL || file == NULL)
		return false;
	if (file[0] == '/')
		return path_under(file, root) != file;
	sbuf_printf(&p, "%s/%s", root, file);
	yes = stat(sbuf_str(&p), &st) == 0;
	sbuf_free(&p);
	return yes;
}

/* Whether a side comes from what a PipelineRun gave the run: its
 * embedded workload spec or scenario (s2r-expect --run). */
static bool
from_pipelinerun(const json_t *v, bool expected)
{
	const char *field = rec_get_str(json_object_get(side_of(v, expected),
	    "source"), "field");

	return field != NULL && (strncmp(field, "workloadSpec", 12) == 0 ||
	    strncmp(field, "scenarioContent", 15) == 0);
}

/* A side's label: the bundle its file lies in; an expectation from what
 * a PipelineRun of the real bundle gave the run (its workloadSpec or
 * scenarioContent) is the run's spec, not a measurement. */
const char *
report_side_label(const struct report_meta *meta, int cat, const json_t *v,
    bool expected)
{
	const char *file = side_file(v, expected);
	bool sim = in_bundle(meta->sim, file), real = in_bundle(meta->real,
	    file);

	if (real && !sim && expected && from_pipelinerun(v, expected))
		return "spec";
	if (sim != real)
		return sim ? "sim" : "real";
	if (cat == CAT_WORKLOAD)
		return expected ? "sim" : "real";
	if (cat == CAT_ALIGNMENT)
		return expected ? "real" : "sim";
	return expected ? "expected" : "actual";
}

const char *
report_side_file(const json_t *v, bool expected, bool rel_cell)
{
	const char *file = side_file(v, expected);

	return file != NULL && rel_cell ? file + cell_prefix_len(v, file) :
	    file;
}

void
report_source_brief(struct sbuf *b, const json_t *v, bool expected,
    enum src_form form, text_escape_fn *esc)
{
	const json_t *src = json_object_get(side_of(v, expected), "source");
	const char *field = rec_get_str(src, "field");
	struct sbuf t = {0};
	double line;
	bool has_line = rec_get_num(src, "line", &line);

	if ((form & ~SRC_KEY) != SRC_NO_FILE && side_file(v, expected) != NULL)
		sbuf_adds(&t, report_side_file(v, expected,
		    (form & ~SRC_KEY) == SRC_IN_CELL));
	if (has_line)
		sbuf_printf(&t, ":%.0f", line);
	/* Where a line says where, the key is in the verdict record. */
	if (field != NULL && (form == SRC_FULL || (form & SRC_KEY) ||
	    !has_line))
		sbuf_printf(&t, "%s%s", t.len > 0 ? " " : "", field);
	esc(b, t.len > 0 ? sbuf_str(&t) : "\u2014");
	sbuf_free(&t);
}

void
report_anchor(struct sbuf *b, const struct rep_verdict *v)
{
	const char *part[] = { v->check, v->phase, v->workload, v->iteration };

	sbuf_adds(b, "k-");
	for (size_t i = 0; i < 4; i++) {
		const char *s = part[i];

		if (i > 0)
			sbuf_addc(b, '-');
		for (; s != NULL && *s != '\0'; s++) {
			unsigned char c = (unsigned char)*s;

			if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			    (c >= '0' && c <= '9') || c == '_')
				sbuf_addc(b, (char)c);
			else
				sbuf_printf(b, ".%02X", c);
		}
	}
}

/* --- findings as text ------------------------------------------------ */

static void
side_text(struct sbuf *b, const json_t *v, bool expected,
    const struct report_meta *meta, int cat, bool brief, text_escape_fn *esc)
{
	sbuf_adds(b, report_side_label(meta, cat, v, expected));
	sbuf_addc(b, ' ');
	if (side_of(v, expected) == NULL) {
		sbuf_adds(b, "none");
		return;
	}
	report_value_text(b, side_of(v, expected), VALUE_REPORT, esc);
	if (brief)
		return;
	sbuf_adds(b, " (");
	report_source_brief(b, v, expected, SRC_FULL, esc);
	sbuf_addc(b, ')');
}

const json_t *
finding_verdict(const struct finding *f)
{
	return report_verdict(f->rep, f->v);
}

const json_t *
finding_pair(const struct finding *f)
{
	return f->paired ? report_verdict(f->rep, f->pair) : NULL;
}

void
finding_text(struct sbuf *b, const struct finding *f,
    const struct report_meta *meta, bool brief, text_escape_fn *esc)
{
	const json_t *v = finding_verdict(f), *pair = finding_pair(f);

	report_metric_text(b, v, esc);
	if (pair != NULL) {
		/* The key's name, then where it was and where it went. */
		sbuf_addc(b, ' ');
		esc(b, f->leaf);
		sbuf_adds(b, " moved: ");
		side_text(b, v, true, meta, f->cat, brief, esc);
		sbuf_adds(b, " \u2192 ");
		side_text(b, pair, false, meta, f->cat, brief, esc);
		return;
	}
	sbuf_adds(b, ": ");
	side_text(b, v, true, meta, f->cat, brief, esc);
	sbuf_adds(b, ", ");
	side_text(b, v, false, meta, f->cat, brief, esc);
	if (json_is_object(json_object_get(v, "diff"))) {
		sbuf_adds(b, brief ? " (" : "; gap ");
		report_diff_text(b, json_object_get(v, "diff"), esc);
		sbuf_adds(b, brief ? ")" : "");
	}
	if (!brief && rec_get_str(v, "tolerance") != NULL) {
		sbuf_adds(b, " (tolerance ");
		report_tolerance_text(b, v, esc);
		sbuf_addc(b, ')');
	}
}

void
finding_cells_text(struct sbuf *b, const struct finding *f,
    text_escape_fn *esc)
{
	size_t shown = f->ncells > 8 ? 8 : f->ncells;

	for (size_t i = 0; i < shown; i++) {
		if (i > 0)
			sbuf_adds(b, ", ");
		report_where_keys(b, &f->rep->all[f->cells[i]], esc);
	}
	if (shown < f->ncells)
		sbuf_printf(b, " and %zu more", f->ncells - shown);
}

const char *
finding_action(const struct finding *f)
{
	const json_t *v = finding_verdict(f);
	const char *action = rec_get_str(v, "action");

	return action != NULL ? action : report_why_text(v);
}

/* --- the headline ---------------------------------------------------- */

enum area { A_FAIL, A_MISSING, A_WARN, A_PASS, A_NOT_JUDGED, A_NOT_RUN,
	A_COUNT };

static enum area
area_state(const struct report *rep, int cat)
{
	const int *n = rep->cats[cat].counts;

	if (rep->cats[cat].nworkloads == 0)
		return A_NOT_RUN;
	if (n[V_FAIL] > 0)
		return A_FAIL;
	if (n[V_MISSING] > 0)
		return A_MISSING;
	if (n[V_WARN] > 0)
		return A_WARN;
	return n[V_PASS] > 0 ? A_PASS : A_NOT_JUDGED;
}

static const struct finding *
first_finding(const struct findings *fs, int cat, int verdict)
{
	for (size_t i = 0; i < fs->n; i++)
		if (fs->f[i].cat == cat && fs->f[i].verdict == verdict)
			return &fs->f[i];
	return NULL;
}

/* "Workload (requests.count: sim 8000 …; and 3 more findings)". */
static void
area_text(struct sbuf *b, const struct report *rep,
    const struct findings *fs, const struct report_meta *meta, int cat,
    enum area a, text_escape_fn *esc)
{
	static const int verdict_of[] = { V_FAIL, V_MISSING, V_WARN };
	const struct finding *f = a <= A_WARN ? first_finding(fs, cat,
	    verdict_of[a]) : NULL;
	const int *n = rep->cats[cat].counts;

	sbuf_adds(b, judge_category_name(cat));
	if (f != NULL) {
		sbuf_adds(b, " \u2014 ");
		finding_text(b, f, meta, true, esc);
		if (f->ncells > 1)
			sbuf_printf(b, " in %zu cells", f->ncells);
		if (fs->per_cat[cat] > 1)
			sbuf_printf(b, "; %d more finding%s", fs->per_cat[cat] - 1,
			    fs->per_cat[cat] == 2 ? "" : "s");
	} else if (a == A_PASS && n[V_INAPPLICABLE] > 0)
		sbuf_printf(b, " (%d of %d rows not judged)", n[V_INAPPLICABLE],
		    n[V_INAPPLICABLE] + n[V_PASS]);
}

static const char *const area_lead[A_COUNT] = {
	"Not as simulated", "Not shown (data missing)",
	"As simulated, with warnings", "As simulated", "Not judged",
	"Not run"
};

void
report_headline(struct strv *lines, const struct report *rep,
    const struct findings *fs, const struct report_meta *meta,
    text_escape_fn *esc)
{
	enum area st[CAT_COUNT];
	int nst[A_COUNT] = {0};
	struct sbuf b = {0};

	for (int cat = 0; cat < CAT_COUNT; cat++)
		nst[st[cat] = area_state(rep, cat)]++;
	sbuf_printf(&b, "Does this run support the simulated experiment? %s: "
	    "%d FAIL, %d MISSING and %d WARN finding%s.",
	    nst[A_FAIL] ? "No" : nst[A_MISSING] ? "Not shown" :
	    nst[A_PASS] + nst[A_WARN] == 0 ? "Nothing was judged" :
	    nst[A_WARN] ? "Yes, with warnings" : "Yes",
	    fs->per_verdict[V_FAIL], fs->per_verdict[V_MISSING],
	    fs->per_verdict[V_WARN], fs->n == 1 ? "" : "s");
	strv_add(lines, sbuf_str(&b));
	/* Not judged and not run share the last line: five at most. */
	for (int a = A_FAIL; a <= A_NOT_JUDGED; a++) {
		sbuf_reset(&b);
		for (int cat = 0; cat < CAT_COUNT; cat++) {
			if (st[cat] != (enum area)a && !(a == A_NOT_JUDGED &&
			    st[cat] == A_NOT_RUN))
				continue;
			if (b.len == 0)
				sbuf_printf(&b, "%s: ", area_lead[a]);
			else
				sbuf_adds(&b, "; ");
			area_text(&b, rep, fs, meta, cat, st[cat], esc);
			if (st[cat] == A_NOT_RUN)
				sbuf_adds(&b, " (not run)");
		}
		if (b.len > 0)
			strv_add(lines, sbuf_str(&b));
	}
	sbuf_free(&b);
}
