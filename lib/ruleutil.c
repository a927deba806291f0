/* ruleutil.c - record lookups and text shared by the rules. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "err.h"
#include "judge.h"
#include "rec.h"
#include "ruleutil.h"
#include "str.h"
#include "vdtype.h"

static const char *const cell_keys[] = { "phase", "workload", "iteration" };

bool
ru_check_is(const json_t *rec, const char *check)
{
	const char *have = rec_get_str(rec, "check");

	return have != NULL && strcmp(have, check) == 0;
}

static const char *
cell_value(const struct jcell *c, size_t i)
{
	return i == 0 ? c->phase : i == 1 ? c->workload : c->iteration;
}

bool
ru_applies(const json_t *rec, const struct jcell *c, bool exact)
{
	if (c == NULL)
		return true;
	for (size_t i = 0; i < 3; i++) {
		const char *have = rec_scope_str(rec, cell_keys[i]);
		const char *want = cell_value(c, i);

		if (have == NULL) {
			if (exact && want != NULL)
				return false;
			continue;
		}
		if (want == NULL || strcmp(have, want) != 0)
			return false;
	}
	return true;
}

void
ru_list_add(struct ru_list *l, const json_t *rec)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 16;
		l->v = xreallocarray(l->v, l->cap, sizeof(*l->v));
	}
	l->v[l->n++] = rec;
}

void
ru_select(const struct judge *j, const struct jsel *s, struct ru_list *out)
{
	out->n = out->cap = judge_select(j, s, &out->v);
}

void
ru_collect(const struct judge *j, const struct jcell *c, const char *kind,
    const char *metric, enum ru_inst inst, bool loose, struct ru_list *out)
{
	struct jsel sel = { .kind = kind, .metric = metric };
	const json_t **v;
	size_t n;

	memset(out, 0, sizeof(*out));
	jsel_cell(&sel, c, strcmp(kind, "measure") == 0 && !loose);
	n = judge_select(j, &sel, &v);
	for (size_t i = 0; i < n; i++) {
		bool has_inst = rec_scope_str(v[i], "instance") != NULL;

		if ((inst == RU_CELL && has_inst) ||
		    (inst == RU_INSTANCE && !has_inst))
			continue;
		ru_list_add(out, v[i]);
	}
	free(v);
}

void
ru_list_free(struct ru_list *l)
{
	free(l->v);
	memset(l, 0, sizeof(*l));
}

const json_t *
ru_by_scope(const struct ru_list *l, const char *key, const char *val)
{
	for (size_t i = 0; i < l->n; i++) {
		const char *s = rec_scope_str(l->v[i], key);

		if (s != NULL && val != NULL && strcmp(s, val) == 0)
			return l->v[i];
	}
	return NULL;
}

bool
ru_equal(const json_t *a, const json_t *b)
{
	if (a == NULL || b == NULL)
		return a == b;
	if (json_is_number(a) && json_is_number(b)) {
		double x = json_number_value(a), y = json_number_value(b);

		return x == y || fabs(x - y) <= 1e-9 * fmax(fabs(x), fabs(y));
	}
	return json_equal((json_t *)a, (json_t *)b);
}

void
ru_num_text(struct sbuf *b, double v)
{
	char num[32];

	judge_fmt_num(num, sizeof(num), v);
	sbuf_adds(b, num);
}

void
ru_value_text(struct sbuf *b, const json_t *v)
{
	char *dump;

	if (v == NULL || json_is_null(v)) {
		sbuf_adds(b, "null");
	} else if (json_is_string(v)) {
		sbuf_adds(b, json_string_value(v));
	} else if (json_is_number(v)) {
		ru_num_text(b, json_number_value(v));
	} else if (json_is_boolean(v)) {
		sbuf_adds(b, json_is_true(v) ? "true" : "false");
	} else {
		dump = json_dumps(v, JSON_COMPACT | JSON_ENSURE_ASCII);
		sbuf_adds(b, dump != NULL ? dump : "?");
		free(dump);
	}
}

void
ru_where(struct sbuf *b, const json_t *rec)
{
	const json_t *src = json_object_get(rec, "source");
	const char *file = rec_get_str(src, "file");
	double line;

	if (file == NULL) {
		sbuf_adds(b, "no source");
		return;
	}
	sbuf_adds(b, file);
	if (rec_get_num(src, "line", &line))
		sbuf_printf(b, ":%.0f", line);
}

void
ru_emit_exact(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *metric, const json_t *e, const json_t *m,
    enum jverdict_value v, const char *why, const char *action)
{
	ru_emit(j, r, c, metric, NULL, e, m, "exact", v, why, action);
}

void
ru_value_at(struct sbuf *b, const json_t *rec)
{
	ru_value_text(b, json_object_get(rec, "value"));
	sbuf_adds(b, ru_loader_added(rec) ? " (added by the router's loader; " :
	    " (");
	ru_where(b, rec);
	sbuf_adds(b, ")");
}

bool
ru_num(const json_t *rec, double *out)
{
	return rec != NULL && rec_get_num(rec, "value", out);
}

/* Seconds in a duration value: a number, or text "90", "90s", "2m". */
static bool
duration_s(const json_t *rec, double *out)
{
	const char *s = rec_get_str(rec, "value");
	char *end;

	if (ru_num(rec, out))
		return true;
	if (s == NULL)
		return false;
	*out = strtod(s, &end);
	if (end == s || *out < 0)
		return false;
	if (strcmp(end, "m") == 0)
		*out *= 60;
	return *end == '\0' || strcmp(end, "s") == 0 || strcmp(end, "m") == 0;
}

const json_t *
ru_protocol_warmup(const struct judge *j, const struct jcell *c, double *requests)
{
	const json_t *e = judge_expect(j, c, "measurement.warmup_requests",
	    NULL);

	if (e == NULL)
		e = judge_expect(j, c, "observe.warmup_requests", NULL);
	if (!ru_num(e, requests))
		return NULL;
	return e;
}

const json_t *
ru_protocol_prewarm(const struct judge *j, const struct jcell *c, double *seconds)
{
	const json_t *e = judge_expect(j, c, "measurement.prewarm_us", NULL);

	if (e != NULL && ru_num(e, seconds)) {
		*seconds /= 1e6;
		return e;
	}
	e = judge_expect(j, c, "observe.prewarm_duration", NULL);
	return e != NULL && duration_s(e, seconds) ? e : NULL;
}

json_t *
ru_side(json_t *value, const char *unit, const json_t *src, const char *how)
{
	json_t *o = json_object(), *source = NULL, *n;

	if (src != NULL && json_object_get(src, "source") != NULL) {
		if ((n = json_object_get(src, "n")) != NULL)
			rec_set(o, "n", json_deep_copy(n));
		src = json_object_get(src, "source");
	}
	if (json_is_object(src))
		source = json_deep_copy(src);
	else
		source = json_object();
	if (how != NULL)
		rec_set_str(source, "how", how);
	rec_set(o, "value", value != NULL ? value : json_null());
	rec_set_str(o, "unit", unit);
	rec_set(o, "source", source);
	return o;
}

size_t
ru_other_arms(const struct judge *j, const struct jcell *c,
    const struct jcell **out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < j->ncells && n < max; i++) {
		const struct jcell *o = &j->cells[i];

		if (o == c || !o->measured)
			continue;
		if (judge_natcmp(o->workload, c->workload) != 0 ||
		    judge_natcmp(o->iteration, c->iteration) != 0 ||
		    judge_natcmp(o->phase, c->phase) == 0)
			continue;
		out[n++] = o;
	}
	return n;
}

bool
ru_arm_only(const struct jcell *c)
{
	return c != NULL && c->workload == NULL;
}

void
ru_emit(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *metric, const json_t *sub, const json_t *e, const json_t *m,
    const char *tolerance, enum jverdict_value v, const char *why,
    const char *action)
{
	judge_emit(j, r, c, &(struct jverdict){ .metric = metric, .sub = sub,
	    .expect = e, .measure = m, .tolerance = tolerance, .verdict = v,
	    .why = why, .action = v == V_WARN || v == V_FAIL ? action :
	    NULL });
}

bool
ru_above_info(const struct judge *j, const struct jcell *c, const char *inst)
{
	double info, lines;

	return ru_num(ru_inst_measure(j, c, "log.info_lines", inst), &info) &&
	    ru_num(ru_inst_measure(j, c, "log.lines", inst), &lines) &&
	    info == 0 && lines > 0;
}

void
ru_missing_instances(struct judge *j, const struct rule *r,
    const struct jcell *c, const struct strv *stated, const char *metric,
    const char *lacks)
{
	struct strv logs;

	ru_instances(j, c, "log.pattern_count.*", &logs);
	for (size_t i = 0; i < logs.n; i++) {
		const json_t *m = ru_inst_measure(j, c, "log.lines",
		    logs.v[i]);
		json_t *sub;
		struct sbuf why = {0};

		if (strv_find(stated, logs.v[i]) >= 0)
			continue;
		sub = ru_inst_sub(logs.v[i]);
		sbuf_printf(&why, "Instance %s's log (", logs.v[i]);
		ru_where(&why, m);
		if (ru_above_info(j, c, logs.v[i]))
			sbuf_adds(&why, ") holds no INFO line at all: vLLM "
			    "logged above INFO (VLLM_LOGGING_LEVEL), so the "
			    "startup lines that state this are not in it. "
			    "Deploy every pod with logging at INFO.");
		else
			sbuf_printf(&why, ") %s", lacks);
		ru_emit(j, r, c, metric, sub, NULL, m, NULL, V_MISSING,
		    sbuf_str(&why), NULL);
		sbuf_free(&why);
		json_decref(sub);
	}
	strv_free(&logs);
}

json_t *
ru_inst_sub(const char *instance)
{
	json_t *sub = rec_scope_new();

	rec_scope_set(sub, "instance", instance);
	return sub;
}

void
ru_instances(const struct judge *j, const struct jcell *c,
    const char *metric, struct strv *out)
{
	struct ru_list l;

	memset(out, 0, sizeof(*out));
	ru_collect(j, c, "measure", metric, RU_INSTANCE, false, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *inst = rec_scope_str(l.v[i], "instance");

		if (strv_find(out, inst) < 0)
			strv_add(out, inst);
	}
	ru_list_free(&l);
	for (size_t a = 1; a < out->n; a++)
		for (size_t b = a; b > 0 &&
		    judge_natcmp(out->v[b - 1], out->v[b]) > 0; b--) {
			char *t = out->v[b];

			out->v[b] = out->v[b - 1];
			out->v[b - 1] = t;
		}
}

void
ru_inst_records(const struct judge *j, const struct jcell *c,
    const char *metric, const char *instance, struct ru_list *out)
{
	struct ru_list l;

	ru_collect(j, c, "measure", metric, RU_INSTANCE, false, &l);
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < l.n; i++)
		if (strcmp(rec_scope_str(l.v[i], "instance"), instance) == 0)
			ru_list_add(out, l.v[i]);
	ru_list_free(&l);
}

json_t *
ru_rank_sub(const char *instance, const json_t *rec)
{
	json_t *sub = ru_inst_sub(instance);
	const char *rank = rec_scope_str(rec, "rank");

	if (rank != NULL)
		rec_scope_set(sub, "rank", rank);
	return sub;
}

const json_t *
ru_inst_measure(const struct judge *j, const struct jcell *c,
    const char *metric, const char *instance)
{
	json_t *sub = ru_inst_sub(instance);
	const json_t *m = judge_measure(j, c, metric, sub);

	json_decref(sub);
	return m;
}

bool
ru_need_logs(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *kind, bool optional, const char *what)
{
	const json_t *p;
	struct sbuf why = {0}, where = {0};
	char metric[64];

	snprintf(metric, sizeof(metric), "logs.present.%s", kind);
	p = judge_measure(j, c, metric, NULL);
	if (p != NULL && json_is_true(json_object_get(p, "value")))
		return true;
	judge_cell_text(&where, c);
	sbuf_printf(&why, "No %s/*.log in %s, so %s cannot be checked%s",
	    kind, sbuf_str(&where), what, optional ? " (these logs are "
	    "optional: absent is not a failure)." : ".");
	ru_emit(j, r, c, metric, NULL, NULL, p, NULL, optional ?
	    V_INAPPLICABLE : V_MISSING, sbuf_str(&why), NULL);
	sbuf_free(&why);
	sbuf_free(&where);
	return false;
}

bool
ru_model_same(const char *a, const char *b)
{
	const char *pa = a + strlen(a), *pb = b + strlen(b);

	while (pa > a && pb > b && tolower((unsigned char)pa[-1]) ==
	    tolower((unsigned char)pb[-1])) {
		pa--;
		pb--;
	}
	if (pa == a && pb == b)
		return true;
	/* one is a path ending in the other */
	return (pa == a && pb[-1] == '/') || (pb == b && pa[-1] == '/');
}

bool
ru_param_equal(const char *metric, const json_t *e, const json_t *a)
{
	if (strcmp(metric, "vllm.model") == 0 && json_is_string(e) &&
	    json_is_string(a))
		return ru_model_same(json_string_value(e),
		    json_string_value(a));
	if (strcmp(metric, "vllm.hardware") == 0 && json_is_string(e) &&
	    json_is_string(a))
		return ru_gpu_match(json_string_value(e), json_string_value(a));
	/* "bfloat16" in config.md is the engine line's torch.bfloat16 */
	if (strcmp(metric, "vllm.dtype") == 0 && json_is_string(e) &&
	    json_is_string(a) && vdtype_canon(json_string_value(e)) != NULL)
		return vdtype_canon(json_string_value(e)) ==
		    vdtype_canon(json_string_value(a));
	return ru_equal(e, a);
}

/* One upper-case token of a GPU name into g. */
static void
gpu_token(const char *t, struct ru_gpu *g, bool *hbm)
{
	size_t n = strlen(t), letters = 0, digits = 0;

	if (strncmp(t, "SXM", 3) == 0 || strcmp(t, "PCIE") == 0 ||
	    strcmp(t, "NVL") == 0) {
		/* SXM4, SXM5: the socket generation follows the model. */
		snprintf(g->form, sizeof(g->form), "%.*s", t[0] == 'S' ? 3 :
		    4, t);
		return;
	}
	if (strncmp(t, "HBM", 3) == 0) {
		*hbm = true;
		return;
	}
	if (n > 2 && strcmp(t + n - 2, "GB") == 0 &&
	    strspn(t, "0123456789") == n - 2) {
		g->mem_gb = atoi(t);
		return;
	}
	while (letters < n && t[letters] >= 'A' && t[letters] <= 'Z')
		letters++;
	while (letters + digits < n && t[letters + digits] >= '0' &&
	    t[letters + digits] <= '9')
		digits++;
	if (g->model[0] == '\0' && letters >= 1 && letters <= 2 &&
	    digits >= 1 && digits <= 4 && n - letters - digits <= 3 &&
	    strspn(t + letters + digits, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") ==
	    n - letters - digits && n < sizeof(g->model))
		memcpy(g->model, t, n + 1);
}

bool
ru_gpu_parse(const char *name, struct ru_gpu *out)
{
	char tok[32];
	size_t n = 0;
	bool hbm = false;

	memset(out, 0, sizeof(*out));
	for (const char *p = name;; p++) {
		if (*p != '\0' && (isalnum((unsigned char)*p))) {
			if (n + 1 < sizeof(tok))
				tok[n++] = (char)toupper((unsigned char)*p);
			continue;
		}
		tok[n] = '\0';
		if (n > 0)
			gpu_token(tok, out, &hbm);
		n = 0;
		if (*p == '\0')
			break;
	}
	/* nvidia-smi names PCIe and NVL boards so ("NVIDIA H100 PCIe");
	 * the one named by its HBM generation ("NVIDIA H100 80GB HBM3")
	 * is the SXM board. */
	if (out->form[0] == '\0' && hbm)
		snprintf(out->form, sizeof(out->form), "SXM");
	return out->model[0] != '\0';
}

bool
ru_gpu_match(const char *a, const char *b)
{
	struct ru_gpu x, y;

	if (!ru_gpu_parse(a, &x) || !ru_gpu_parse(b, &y))
		return strcmp(a, b) == 0;
	if (strcmp(x.model, y.model) != 0)
		return false;
	if (x.mem_gb != 0 && y.mem_gb != 0 && x.mem_gb != y.mem_gb)
		return false;
	return x.form[0] == '\0' || y.form[0] == '\0' ||
	    strcmp(x.form, y.form) == 0;
}

/* --- arms ------------------------------------------------------------ */

/* The first cell after i (cells sorted by phase first) of another phase:
 * a binary search, so listing the arms costs the arms, not the cells. */
static size_t
phase_end(const struct judge *j, size_t i)
{
	size_t lo = i + 1, hi = j->ncells;

	while (lo < hi) {
		size_t m = lo + (hi - lo) / 2;

		if (judge_natcmp(j->cells[m].phase, j->cells[i].phase) <= 0)
			lo = m + 1;
		else
			hi = m;
	}
	return lo;
}

size_t
ru_arms(const struct judge *j, const struct jcell *c, const char ***arms)
{
	const char **out = xcalloc(j->ncells + 1, sizeof(*out));
	size_t n = 0, end;

	*arms = out;
	/* Cells are sorted by phase first: each arm's cells are adjacent. */
	for (size_t i = 0; i < j->ncells; i = end) {
		end = phase_end(j, i);
		if (judge_natcmp(j->cells[i].phase, c->phase) == 0)
			continue;
		for (size_t k = i; k < end; k++) {
			const struct jcell *o = &j->cells[k];

			if (o->measured && o->workload != NULL) {
				out[n++] = o->phase;
				break;
			}
		}
	}
	return n;
}

/* How well cell o stands in for c: 3 same workload and iteration, 2 same
 * workload, 1 same iteration, 0 neither. */
static int
partner_rank(const struct jcell *c, const struct jcell *o)
{
	bool wl = judge_natcmp(o->workload, c->workload) == 0;
	bool it = judge_natcmp(o->iteration, c->iteration) == 0;

	return wl && it ? 3 : wl ? 2 : it ? 1 : 0;
}

const struct jcell *
ru_partner(const struct judge *j, const struct jcell *c, const char *phase,
    bool *same)
{
	const struct jcell *best = NULL;
	int best_rank = -1;

	for (size_t i = 0; i < j->ncells; i++) {
		const struct jcell *o = &j->cells[i];
		int rank;

		if (!o->measured || o->workload == NULL ||
		    judge_natcmp(o->phase, phase) != 0)
			continue;
		rank = partner_rank(c, o);
		if (rank > best_rank) {
			best = o;
			best_rank = rank;
		}
	}
	*same = best_rank == 3;
	return best;
}

void
ru_cell_config(const struct judge *j, const struct jcell *c,
    const char *metric, struct ru_list *out)
{
	struct ru_list all;

	/* log-extract also writes vllm.* per log, with check 5a. */
	ru_collect(j, c, "measure", metric, RU_CELL, false, &all);
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < all.n; i++)
		if (ru_check_is(all.v[i], "2a"))
			ru_list_add(out, all.v[i]);
	ru_list_free(&all);
}

/* The length of an IPv4 address at s ("10.130.5.91"), 0 if none. */
static size_t
ipv4_len(const char *s)
{
	size_t n = 0;

	for (int part = 0; part < 4; part++) {
		size_t d = 0;

		while (d < 4 && s[n + d] >= '0' && s[n + d] <= '9')
			d++;
		if (d == 0 || d > 3)
			return 0;
		n += d;
		if (part < 3) {
			if (s[n] != '.')
				return 0;
			n++;
		}
	}
	return n;
}

/* A string value with the cell's pod names and IPv4 addresses masked:
 * per-pod identity (a KV-events topic naming the pod's address) is not
 * configuration. */
void
ru_masked(struct sbuf *b, const json_t *v, const struct strv *pods)
{
	const char *s;

	if (!json_is_string(v)) {
		ru_value_text(b, v);
		return;
	}
	s = json_string_value(v);
	for (const char *start = s; *s != '\0';) {
		bool boundary = s == start || !(isdigit((unsigned char)s[-1]) ||
		    s[-1] == '.');
		size_t ip = boundary ? ipv4_len(s) : 0, pod = 0;

		for (size_t k = 0; k < pods->n && pod == 0; k++)
			if (str_has_prefix(s, pods->v[k]))
				pod = strlen(pods->v[k]);
		if (ip > 0 || pod > 0) {
			sbuf_adds(b, ip > 0 ? "<address>" : "<pod>");
			s += ip > 0 ? ip : pod;
		} else
			sbuf_addc(b, *s++);
	}
}

/* Whether record m was read from a 'non-default args' line. */
static bool
from_nondefault(const json_t *m)
{
	const char *how = rec_get_str(json_object_get(m, "source"), "how");

	return how != NULL && strstr(how, "'non-default args' line") != NULL;
}

/* Whether instance inst's log has a 'non-default args' line: some vllm.*
 * record of it read from one. */
static bool
has_nondefault(const struct judge *j, const struct jcell *c,
    const char *inst)
{
	struct ru_list l;
	bool yes = false;

	ru_inst_records(j, c, "vllm.*", inst, &l);
	for (size_t i = 0; i < l.n && !yes; i++)
		yes = from_nondefault(l.v[i]);
	ru_list_free(&l);
	return yes;
}

/* Whether every per-instance record of metric comes from a 'non-default
 * args' line (no engine config line states the parameter). */
static bool
nondefault_only(const struct judge *j, const struct jcell *c,
    const char *metric)
{
	struct ru_list l;
	bool yes;

	ru_collect(j, c, "measure", metric, RU_INSTANCE, false, &l);
	yes = l.n > 0;
	for (size_t i = 0; i < l.n && yes; i++)
		yes = from_nondefault(l.v[i]);
	ru_list_free(&l);
	return yes;
}

void
ru_inst_value(struct sbuf *b, const struct judge *j, const struct jcell *c,
    const char *metric, const char *inst, const struct strv *pods)
{
	const json_t *m = ru_inst_measure(j, c, metric, inst);

	if (m != NULL)
		ru_masked(b, json_object_get(m, "value"), pods);
	else if (nondefault_only(j, c, metric) && has_nondefault(j, c, inst))
		sbuf_adds(b, RU_VLLM_DEFAULT);
}

size_t
ru_inst_distinct(const struct judge *j, const struct jcell *c,
    const char *metric, const struct strv *insts, size_t *ndefault)
{
	struct strv seen = {0};
	size_t n;

	*ndefault = 0;
	for (size_t i = 0; i < insts->n; i++) {
		struct sbuf v = {0};

		ru_inst_value(&v, j, c, metric, insts->v[i], insts);
		if (v.len > 0 && strv_find(&seen, sbuf_str(&v)) < 0)
			strv_add(&seen, sbuf_str(&v));
		*ndefault += strcmp(sbuf_str(&v), RU_VLLM_DEFAULT) == 0;
		sbuf_free(&v);
	}
	n = seen.n;
	strv_free(&seen);
	return n;
}

/* A log's "MM-DD HH:MM:SS" stamp as Unix seconds, read as UTC in the
 * year (of the three around the trace's) that puts it nearest to near:
 * the stamps carry no year.  False when it is no stamp. */
bool
ru_stamp_epoch(const json_t *m, time_t near, time_t *out)
{
	const char *v = json_string_value(json_object_get(m, "value"));
	int mon, day, hh, mm, ss, end = 0;
	struct tm tm;

	/* s2r-log-extract checked the stamp (stats.first_stamp) */
	if (v == NULL || sscanf(v, "%2d-%2d %2d:%2d:%2d%n", &mon, &day, &hh,
	    &mm, &ss, &end) != 5 || v[end] != '\0' ||
	    gmtime_r(&near, &tm) == NULL)
		return false;
	for (int dy = -1; dy <= 1; dy++) {
		struct tm t = { .tm_year = tm.tm_year + dy, .tm_mon = mon - 1,
		    .tm_mday = day, .tm_hour = hh, .tm_min = mm, .tm_sec = ss };
		time_t e = timegm(&t);

		if (dy == -1 || llabs((long long)(e - near)) <
		    llabs((long long)(*out - near)))
			*out = e;
	}
	return true;
}

bool
ru_log_gap(const struct judge *j, const struct jcell *c, const char *inst,
    double send_lo, double send_hi, long long *gap)
{
	const json_t *first = ru_inst_measure(j, c, "stats.first_stamp", inst);
	const json_t *last = ru_inst_measure(j, c, "stats.last_stamp", inst);
	time_t ts = (time_t)(send_lo / 1e6), te = (time_t)(send_hi / 1e6);
	time_t lf, ll;

	if (!ru_stamp_epoch(first, ts, &lf) || !ru_stamp_epoch(last, ts, &ll))
		return false;
	*gap = lf > te ? (long long)(lf - te) : ll < ts ?
	    (long long)(ts - ll) : 0;
	return true;
}

size_t
ru_other_run_logs(const struct judge *j, const struct jcell *c,
    struct strv *out)
{
	double lo, hi;
	struct strv insts;
	long long gap;

	memset(out, 0, sizeof(*out));
	/* a sim trace's send_time_us is its arrival time, not an epoch */
	if (!ru_num(judge_measure(j, c, "send_time_us.min", NULL), &lo) ||
	    !ru_num(judge_measure(j, c, "send_time_us.max", NULL), &hi) ||
	    lo < 1e15)
		return 0;
	ru_instances(j, c, "stats.first_stamp", &insts);
	for (size_t i = 0; i < insts.n; i++)
		if (ru_log_gap(j, c, insts.v[i], lo, hi, &gap) &&
		    gap > RU_WINDOW_TZ_S + RU_WINDOW_SLACK_S)
			strv_add(out, insts.v[i]);
	strv_free(&insts);
	return out->n;
}

double
ru_status_rows(const struct judge *j, const struct jcell *c,
    const char *status)
{
	struct ru_list l;
	double sum = 0, v;

	ru_collect(j, c, "measure", "status.count", RU_ANY, false, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *st = rec_get_str(l.v[i], "status");

		if (st != NULL && strcmp(st, status) == 0 && ru_num(l.v[i], &v))
			sum += v;
	}
	ru_list_free(&l);
	return sum;
}

bool
ru_served_beyond(const struct judge *j, const struct jcell *c, double *extra)
{
	struct strv insts = {0};
	double served = 0, rows, v;
	bool all = true;

	if (!ru_num(judge_measure(j, c, "requests.count", NULL), &rows))
		return false;
	ru_instances(j, c, "instance.requests", &insts);
	for (size_t i = 0; i < insts.n && all; i++) {
		all = ru_num(ru_inst_measure(j, c, "instance.requests",
		    insts.v[i]), &v);
		served += v;
	}
	all = all && insts.n > 0;
	strv_free(&insts);
	if (!all)
		return false;
	*extra = served - (rows - ru_status_rows(j, c, "shed"));
	return true;
}

/* --- GPU health ------------------------------------------------------ */

/* Design TDP (W) by nvidia-smi's name: NVIDIA's data sheets (the board's
 * maximum / default power limit). */
static const struct {
	const char	*name;
	double		 tdp_w;
} design_tdp[] = {
	{ "NVIDIA H100 80GB HBM3", 700 },	/* H100 SXM5 */
	{ "NVIDIA H100 PCIe", 350 },
	{ "NVIDIA H100 NVL", 400 },
	{ "NVIDIA H200", 700 },			/* H200 SXM */
	{ "NVIDIA H200 NVL", 600 },
	{ "NVIDIA B200", 1000 },
	{ "NVIDIA A100-SXM4-80GB", 400 },
	{ "NVIDIA A100-SXM4-40GB", 400 },
	{ "NVIDIA A100 80GB PCIe", 300 },
	{ "NVIDIA A100-PCIE-40GB", 250 },
	{ "NVIDIA L40S", 350 },
	{ "NVIDIA L40", 300 },
	{ "NVIDIA L4", 72 },
};

/* A name nvidia-smi cut to its column ends in "...": a prefix. */
static double
tdp_of(const char *name)
{
	size_t n = name != NULL ? strlen(name) : 0;
	bool cut = n > 3 && strcmp(name + n - 3, "...") == 0;

	for (size_t k = 0; k < sizeof(design_tdp) / sizeof(design_tdp[0]);
	    k++)
		if (n > 0 && (strcmp(name, design_tdp[k].name) == 0 ||
		    (cut && strncmp(name, design_tdp[k].name, n - 3) == 0)))
			return design_tdp[k].tdp_w;
	return NAN;
}

/* PASS below warn, WARN below fail, FAIL at or above. */
static enum jverdict_value
band_at(double v, double warn, double fail)
{
	return v >= fail ? V_FAIL : v >= warn ? V_WARN : V_PASS;
}

void
ru_gpu_thermal(const struct judge *j, const struct jcell *c,
    const json_t *sub, struct ru_thermal *t)
{
	double p95 = 0, max = 0, thr = 0, cap = 0;
	bool enough;

	memset(t, 0, sizeof(*t));
	t->busy = judge_measure(j, c, "gpu.busy.samples", sub);
	t->p95 = judge_measure(j, c, "gpu.busy.temperature_c.p95", sub);
	t->max = judge_measure(j, c, "gpu.busy.temperature_c.max", sub);
	t->throttle = judge_measure(j, c, "gpu.busy.throttle.fraction", sub);
	t->cap = judge_measure(j, c, "gpu.power_cap_w", sub);
	t->name = judge_measure(j, c, "gpu.name", sub);
	t->pods = judge_measure(j, c, "gpu.pods", sub);
	ru_num(t->busy, &t->n);
	t->tdp = tdp_of(rec_get_str(t->name, "value"));
	enough = t->n >= tol(j->tol, TOL_RT_GPU_MIN_SAMPLES) && t->n > 0;
	t->v_p95 = t->v_max = t->v_throttle = t->v_cap = V_INAPPLICABLE;
	if (enough && ru_num(t->p95, &p95))
		t->v_p95 = band_at(p95, tol(j->tol, TOL_RT_GPU_P95_WARN_C),
		    tol(j->tol, TOL_RT_GPU_P95_FAIL_C));
	if (enough && ru_num(t->max, &max))
		t->v_max = band_at(max, tol(j->tol, TOL_RT_GPU_MAX_WARN_C),
		    tol(j->tol, TOL_RT_GPU_MAX_FAIL_C));
	if (enough && ru_num(t->throttle, &thr))
		t->v_throttle = thr * 100 > tol(j->tol,
		    TOL_RT_GPU_THROTTLE_PCT) ? V_FAIL : thr > 0 ? V_WARN :
		    V_PASS;
	if (ru_num(t->cap, &cap) && isfinite(t->tdp))
		t->v_cap = cap < t->tdp * (1 - tol(j->tol,
		    TOL_RT_GPU_CAP_PCT) / 100) ? V_FAIL : V_PASS;
}

bool
ru_thermal_hot(const struct ru_thermal *t)
{
	return t->v_p95 == V_FAIL || t->v_max == V_FAIL ||
	    t->v_throttle == V_FAIL;
}

bool
ru_thermal_failed(const struct ru_thermal *t)
{
	return ru_thermal_hot(t) || t->v_cap == V_FAIL;
}

static int
gpu_rec_cmp(const void *pa, const void *pb)
{
	const json_t *a = *(const json_t *const *)pa;
	const json_t *b = *(const json_t *const *)pb;
	int d = judge_natcmp(rec_scope_str(a, "instance"), rec_scope_str(b, "instance"));

	return d != 0 ? d : judge_natcmp(rec_scope_str(a, "device"),
	    rec_scope_str(b, "device"));
}

void
ru_cell_gpus(const struct judge *j, const struct jcell *c,
    struct ru_list *out)
{
	struct ru_list names, pods;
	bool joined;

	/* Without a GPU any pod is known to hold, every GPU is judged. */
	ru_collect(j, c, "measure", "gpu.name", RU_INSTANCE, false, &names);
	ru_collect(j, c, "measure", "gpu.pods", RU_INSTANCE, false, &pods);
	joined = pods.n > 0;
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < names.n; i++) {
		json_t *sub = rec_scope_new();

		rec_scope_set(sub, "instance", rec_scope_str(names.v[i],
		    "instance"));
		rec_scope_set(sub, "device", rec_scope_str(names.v[i], "device"));
		if (!joined || judge_measure(j, c, "gpu.pods", sub) != NULL)
			ru_list_add(out, names.v[i]);
		json_decref(sub);
	}
	if (out->n > 1)
		qsort(out->v, out->n, sizeof(*out->v), gpu_rec_cmp);
	ru_list_free(&names);
	ru_list_free(&pods);
}

/* Whether rec's trace is cell c's: the same cell scope, or the trace
 * the cell's GPU window was taken from. */
static bool
trace_of_cell(const struct judge *j, const struct jcell *c,
    const json_t *rec)
{
	const json_t *win = judge_measure(j, c, "gpu.window.start_us", NULL);
	const char *a = rec_get_str(json_object_get(rec, "source"), "file");
	const char *b = rec_get_str(json_object_get(win, "source"), "file");

	if (rec_scope_str(rec, "workload") != NULL)
		return ru_applies(rec, c, true);
	return a != NULL && b != NULL && strcmp(a, b) == 0;
}

/* The record of the first failing criterion. */
static const json_t *
failing_rec(const struct ru_thermal *t)
{
	return t->v_p95 == V_FAIL ? t->p95 : t->v_max == V_FAIL ? t->max :
	    t->v_throttle == V_FAIL ? t->throttle : t->cap;
}

static bool
thermal_sentence(const struct judge *j, const struct jcell *c,
    struct sbuf *why)
{
	struct ru_list gpus;
	bool said = false;

	ru_cell_gpus(j, c, &gpus);
	for (size_t i = 0; i < gpus.n && !said; i++) {
		json_t *sub = rec_scope_new();
		struct ru_thermal t;

		rec_scope_set(sub, "instance", rec_scope_str(gpus.v[i], "instance"));
		rec_scope_set(sub, "device", rec_scope_str(gpus.v[i], "device"));
		ru_gpu_thermal(j, c, sub, &t);
		json_decref(sub);
		if (!ru_thermal_failed(&t))
			continue;
		said = true;
		sbuf_adds(why, " The real cell ");
		judge_cell_text(why, c);
		sbuf_printf(why, " ran on a throttled GPU (5h: GPU %s of %s%s%s "
		    "fails its %s check, ", rec_scope_str(gpus.v[i], "device"),
		    rec_scope_str(gpus.v[i], "instance"), t.pods ? ", pod " : "",
		    t.pods ? rec_get_str(t.pods, "value") : "",
		    ru_thermal_hot(&t) ? "thermal" : "power-cap");
		ru_where(why, failing_rec(&t));
		sbuf_adds(why, "): its latency measures the hardware's "
		    "throttling as well as the serving stack, so it is no "
		    "ground for a claim about the cost model.");
	}
	ru_list_free(&gpus);
	return said;
}

bool
ru_thermal_mark(const struct judge *j, const json_t *rec, struct sbuf *why)
{
	if (rec == NULL)
		return false;
	for (size_t i = 0; i < j->ncells; i++) {
		const struct jcell *c = &j->cells[i];

		if (c->measured && c->workload != NULL &&
		    trace_of_cell(j, c, rec) && thermal_sentence(j, c, why))
			return true;
	}
	return false;
}

void
ru_differences(struct sbuf *why, const json_t *vals, size_t n,
    const char *run_word)
{
	const json_t *d;
	size_t i;

	json_array_foreach(vals, i, d) {
		sbuf_printf(why, "%s %s ", i ? ";" : "", rec_get_str(d,
		    "metric"));
		ru_value_text(why, json_object_get(json_object_get(d, "run"),
		    "value"));
		sbuf_printf(why, " %s, ", run_word);
		ru_value_text(why, json_object_get(json_object_get(d, "sim"),
		    "value"));
		sbuf_adds(why, " in the sim's (");
		ru_where(why, json_object_get(d, "sim"));
		sbuf_adds(why, ")");
	}
	sbuf_adds(why, n > json_array_size(vals) ? "; ... . " : ". ");
}
