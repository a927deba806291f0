/* ruleutil.c - record lookups and text shared by the rules. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "judge.h"
#include "rec.h"
#include "ruleutil.h"
#include "str.h"

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

static bool
metric_match(const char *metric, const char *want)
{
	size_t n = strlen(want);

	if (metric == NULL)
		return false;
	if (n > 0 && want[n - 1] == '*')
		return strncmp(metric, want, n - 1) == 0;
	return strcmp(metric, want) == 0;
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
ru_collect(const struct judge *j, const struct jcell *c, const char *kind,
    const char *metric, enum ru_inst inst, bool loose, struct ru_list *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < j->nrecs; i++) {
		const json_t *rec = j->recs[i];
		bool has_inst = rec_scope_str(rec, "instance") != NULL;

		if (strcmp(rec_get_str(rec, "kind"), kind) != 0 ||
		    !metric_match(rec_get_str(rec, "metric"), metric))
			continue;
		if ((inst == RU_CELL && has_inst) ||
		    (inst == RU_INSTANCE && !has_inst))
			continue;
		if (!ru_applies(rec, c, strcmp(kind, "measure") == 0 && !loose))
			continue;
		ru_list_add(out, rec);
	}
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

bool
ru_num(const json_t *rec, double *out)
{
	return rec != NULL && rec_get_num(rec, "value", out);
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

/* "Qwen/Qwen3-14B" names the model served from
 * "/model-cache/models/Qwen/Qwen3-14B". */
static bool
model_match(const char *e, const char *a)
{
	size_t le = strlen(e), la = strlen(a);

	if (strcmp(e, a) == 0)
		return true;
	if (la > le && a[la - le - 1] == '/' && strcmp(a + la - le, e) == 0)
		return true;
	return le > la && e[le - la - 1] == '/' && strcmp(e + le - la, a) == 0;
}

bool
ru_param_equal(const char *metric, const json_t *e, const json_t *a)
{
	if (strcmp(metric, "vllm.model") == 0 && json_is_string(e) &&
	    json_is_string(a))
		return model_match(json_string_value(e), json_string_value(a));
	return ru_equal(e, a);
}
