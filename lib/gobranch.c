/* gobranch.c - see gobranch.h.  Conditions are read as code text (comments
 * dropped, white space collapsed); bodies on the golex mask. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "gobranch.h"
#include "gomask.h"
#include "rec.h"
#include "str.h"

/* The names bound to GetMetrics() results in [a, b): `m := ep.GetMetrics()`,
 * `if m := ep.GetMetrics(); …`. */
static void
metrics_vars(const struct gofile *f, size_t a, size_t b, struct strv *vars)
{
	const char *m = f->mask;

	for (long ln = gofile_line(f, a); ln <= gofile_line(f, b - 1); ln++) {
		size_t lb = gofile_bol(f, ln), le = gofile_eol(f, ln), opa, opb;
		char *lhs, *save = NULL;

		if (go_find_bytes(m + lb, le - lb, "GetMetrics") == NULL ||
		    !go_find_assign(m, lb, le, &opa, &opb))
			continue;
		lhs = go_code_text(f, lb, opa);
		for (char *t = strtok_r(lhs, ", ", &save); t != NULL;
		    t = strtok_r(NULL, ", ", &save))
			if (strcmp(t, "if") != 0 && strcmp(t, "var") != 0 &&
			    go_isident(t[0]) && strv_find(vars, t) < 0)
				strv_add(vars, t);
		free(lhs);
	}
}

/* The operand that ends right before offset at in text: an identifier
 * chain with calls (ep.GetMetrics()). */
static char *
operand_before(const char *text, const char *at)
{
	const char *e = at, *s;
	int depth = 0;

	while (e > text && e[-1] == ' ')
		e--;
	for (s = e; s > text; s--) {
		char c = s[-1];

		if (c == ')')
			depth++;
		else if (c == '(' && depth > 0)
			depth--;
		else if (depth == 0 && !go_isident(c) && c != '.')
			break;
	}
	return xstrndup(s, (size_t)(e - s));
}

/* Whether operand is an endpoint's metrics: a GetMetrics() result or a
 * name that says so. */
static bool
metrics_operand(const char *op, const struct strv *vars)
{
	return strv_find(vars, op) >= 0 || str_has_suffix(op, "GetMetrics()") ||
	    strstr(op, "etric") != NULL;
}

/* Does cond compare a metrics operand with nil by op ("==" or "!=")? */
static bool
nil_test(const char *cond, const char *op, const struct strv *vars)
{
	char pat[8];

	snprintf(pat, sizeof(pat), "%s nil", op);
	for (const char *p = cond; (p = strstr(p, pat)) != NULL; p++) {
		char *x = operand_before(cond, p);
		bool yes = metrics_operand(x, vars);

		free(x);
		if (yes && !go_isident(p[strlen(pat)]))
			return true;
	}
	return false;
}

/* A HasMetrics flag in cond: *neg when it is negated (!s.HasMetrics). */
static bool
has_flag(const char *cond, bool *neg)
{
	const char *p = strstr(cond, "HasMetrics");

	if (p == NULL)
		p = strstr(cond, "hasMetrics");
	if (p == NULL)
		return false;
	while (p > cond && (go_isident(p[-1]) || p[-1] == '.'))
		p--;
	*neg = (p > cond && p[-1] == '!') || strstr(cond, "== false") != NULL;
	return true;
}

/* A staleness test in cond; *fresh when the body is for fresh metrics
 * (time.Since(…) < limit, …After(…)). */
static bool
stale_test(const char *cond, bool *fresh)
{
	char *low = xstrdup(cond);
	bool yes;

	for (char *p = low; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	yes = strstr(low, "updatetime") != NULL || strstr(low, "stale") !=
	    NULL || strstr(cond, "time.Since(") != NULL;
	free(low);
	if (!yes)
		return false;
	*fresh = strstr(cond, "After(") != NULL || (strchr(cond, '<') != NULL &&
	    strstr(cond, "<-") == NULL) || strstr(cond, "!isStale") != NULL ||
	    strstr(cond, "!stale") != NULL;
	return true;
}

/* What the statements of [a, b) do with the endpoint: return, add to a
 * total, continue. */
static void
branch_action(json_t *o, const struct gofile *f, size_t a, size_t b)
{
	const char *m = f->mask;
	size_t opa, opb;

	for (size_t i = a; i < b; i++)
		if (go_word_at(m, b, i, "return")) {
			char *v = go_code_text(f, i + 6, go_stmt_end(m, b, i));

			rec_set_str(o, "action", "returns");
			rec_set_str(o, "value", v);
			free(v);
			return;
		}
	for (long ln = gofile_line(f, a); ln <= gofile_line(f, b > a ? b - 1 :
	    a); ln++) {
		size_t lb = gofile_bol(f, ln), le = gofile_eol(f, ln);

		lb = lb < a ? a : lb;
		le = le > b ? b : le;
		if (lb < le && go_find_assign(m, lb, le, &opa, &opb) &&
		    m[opa] == '+') {
			char *v = go_code_text(f, opb, le);

			rec_set_str(o, "action", "adds");
			rec_set_str(o, "value", v);
			free(v);
			return;
		}
		if (lb < le && go_find_bytes(m + lb, le - lb, "++") != NULL) {
			rec_set_str(o, "action", "adds");
			rec_set_str(o, "value", "1");
			return;
		}
	}
	for (size_t i = a; i < b; i++)
		if (go_word_at(m, b, i, "continue")) {
			rec_set_str(o, "action", "skips");
			return;
		}
	rec_set_str(o, "action", "other");
}

/* The branch that endpoints without fresh metrics take when the if at
 * g tests for them being present: its else, or none (they are left
 * out). */
static void
else_action(json_t *o, const struct gofile *f, const struct go_if *g)
{
	if (g->next != GQ_NONE && f->mask[g->next] == '{') {
		branch_action(o, f, g->next + 1, go_match(f->mask, f->len,
		    g->next));
		return;
	}
	if (g->next != GQ_NONE) {
		rec_set_str(o, "action", "other");
		return;
	}
	rec_set_str(o, "action", "skips");
	rec_set(o, "implicit", json_true());
}

/* The fact for the if at g, or NULL when it tests neither. */
static json_t *
metrics_branch(const struct gofile *f, const struct go_if *g,
    const struct strv *vars)
{
	char *cond = go_code_text(f, g->ca, g->cb);
	bool neg = false, fresh = false, flag = has_flag(cond, &neg);
	bool stale = stale_test(cond, &fresh);
	bool miss_pos = nil_test(cond, "==", vars) || (flag && neg);
	bool miss_neg = nil_test(cond, "!=", vars) || (flag && !neg);
	bool present = !miss_pos && (!stale || fresh) && (miss_neg || stale) &&
	    strstr(cond, "||") == NULL;
	json_t *o;

	if (!miss_pos && !miss_neg && !stale) {
		free(cond);
		return NULL;
	}
	o = json_object();
	rec_set_i64(o, "line", gofile_line(f, g->ca));
	rec_set_str(o, "cond", cond);
	rec_set(o, "missing", json_boolean(miss_pos || miss_neg));
	rec_set(o, "stale", json_boolean(stale));
	if (present)
		else_action(o, f, g);
	else
		branch_action(o, f, g->br + 1, g->be);
	free(cond);
	return o;
}

void
gobranch_metrics(json_t *facts, const struct gofile *f, size_t a, size_t b)
{
	struct strv vars = {0};
	json_t *arr = json_array();
	struct go_if g;

	metrics_vars(f, a, b, &vars);
	for (size_t i = a; i < b; i++) {
		json_t *o;

		if (!go_if_at(f->mask, b, i, &g))
			continue;
		if ((o = metrics_branch(f, &g, &vars)) != NULL)
			json_array_append_new(arr, o);
		i = g.cb;
	}
	rec_set(facts, "metrics", arr);
	strv_free(&vars);
}

/* Builtins, basic types and keywords that look like calls. */
static const char *const not_calls[] = { "if", "for", "switch", "return",
	"func", "range", "select", "case", "len", "cap", "append", "make",
	"new", "max", "min", "copy", "delete", "panic", "recover", "print",
	"println", "close", "clear", "complex", "real", "imag", "int",
	"int8", "int16", "int32", "int64", "uint", "uint8", "uint16",
	"uint32", "uint64", "uintptr", "float32", "float64", "string",
	"byte", "rune", "bool", "error", "any", NULL };

void
gobranch_calls(json_t *facts, const struct gofile *f, size_t a, size_t b)
{
	const char *m = f->mask;
	struct strv names = {0};
	json_t *arr = json_array();

	for (size_t i = a + 1; i < b; i++) {
		size_t s = i;
		char *name;
		bool skip = false;

		if (m[i] != '(' || !go_isident(m[i - 1]))
			continue;
		while (s > a && go_isident(m[s - 1]))
			s--;
		name = xstrndup(m + s, i - s);
		for (size_t k = 0; not_calls[k] != NULL && !skip; k++)
			skip = strcmp(name, not_calls[k]) == 0;
		if (!skip && !isdigit((unsigned char)name[0]) &&
		    strv_find(&names, name) < 0) {
			strv_add(&names, name);
			json_array_append_new(arr, json_string(name));
		}
		free(name);
	}
	rec_set(facts, "calls", arr);
	strv_free(&names);
}
