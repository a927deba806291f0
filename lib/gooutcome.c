/* gooutcome.c - see gooutcome.h.  Conditions are read as code text
 * (comments dropped); statements, braces and clauses on the golex mask. */
#include <ctype.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "gomask.h"
#include "gooutcome.h"
#include "rec.h"
#include "str.h"

/* How a condition comes out for one priority. */
enum tri {
	TR_FALSE,
	TR_TRUE,
	TR_LOAD,	/* it depends on something else (the load) */
	TR_UNKNOWN	/* it depends on priority in a way not read here */
};

/* One tier's priority being run through a function. */
struct run {
	const struct gquery	*q;
	const struct gofile	*f;
	const struct gindex	*ix;
	int64_t			 p;
	int			 depth;		/* calls followed */
	bool			 true_admits;	/* a bool true means admit */
	json_t			*o;		/* the outcome */
	json_t			*path;		/* the steps taken */
	size_t			 clause_a, clause_b;	/* chosen by priority */
	bool			 in_clause;
};

const char *
gooutcome_tier_of(const char *text)
{
	char *low = xstrdup(text);
	bool s, b;

	for (char *p = low; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	s = strstr(low, "sheddable") != NULL || strstr(low, "shed_") != NULL;
	b = strstr(low, "batch") != NULL;
	free(low);
	return s && b ? "mixed" : s ? "sheddable" : b ? "batch" : NULL;
}

bool
gooutcome_const(const struct gindex *ix, const char *p, size_t n,
    int64_t *v)
{
	for (size_t i = 0; i < ix->nd; i++) {
		const struct gdecl *d = &ix->d[i];

		if (d->kind == GD_CONST && strlen(d->name) == n &&
		    strncmp(d->name, p, n) == 0 && parse_i64(d->value,
		    strlen(d->value), v))
			return true;
	}
	return false;
}

/* The integer that the text [t, t+n) stands for: a literal, a const of
 * this file (or pkg.Name: its last name), with a unary minus. */
static bool
int_value(const struct gindex *ix, const char *t, size_t n, int64_t *v)
{
	bool neg = false;
	const char *dot;

	while (n > 0 && (*t == ' ' || *t == '(')) {
		t++;
		n--;
	}
	while (n > 0 && (t[n - 1] == ' ' || t[n - 1] == ')'))
		n--;
	if (n > 0 && *t == '-') {
		neg = true;
		t++;
		n--;
	}
	if (n == 0)
		return false;
	if (!parse_i64(t, n, v)) {
		for (dot = t + n; dot > t && dot[-1] != '.'; dot--)
			;
		if (!gooutcome_const(ix, dot, (size_t)(t + n - dot), v))
			return false;
	}
	if (neg)
		*v = -*v;
	return true;
}

/* The value of [t, t+n) when it is a bool known here: the literal true
 * or false, or a const of this file holding one (a switch left off:
 * const shedEnabled = false).  parse_unary reads any '!' before it. */
static bool
bool_value(const struct gindex *ix, const char *t, size_t n, bool *v)
{
	while (n > 0 && (*t == ' ' || *t == '(')) {
		t++;
		n--;
	}
	while (n > 0 && (t[n - 1] == ' ' || t[n - 1] == ')'))
		n--;
	if ((n == 4 && strncmp(t, "true", 4) == 0) || (n == 5 &&
	    strncmp(t, "false", 5) == 0)) {
		*v = n == 4;
		return true;
	}
	for (size_t i = 0; i < ix->nd; i++) {
		const struct gdecl *d = &ix->d[i];

		if (d->kind == GD_CONST && strlen(d->name) == n &&
		    strncmp(d->name, t, n) == 0 && d->value != NULL &&
		    (strcmp(d->value, "true") == 0 ||
		    strcmp(d->value, "false") == 0)) {
			*v = strcmp(d->value, "true") == 0;
			return true;
		}
	}
	return false;
}

static bool
mentions(const struct run *r, const char *text)
{
	return regexec(&r->q->re, text, 0, NULL, 0) == 0;
}

/* ---- conditions ---- */

static enum tri
tri_and(enum tri a, enum tri b)
{
	if (a == TR_FALSE || b == TR_FALSE)
		return TR_FALSE;
	if (a == TR_UNKNOWN || b == TR_UNKNOWN)
		return TR_UNKNOWN;
	return a == TR_LOAD || b == TR_LOAD ? TR_LOAD : TR_TRUE;
}

static enum tri
tri_or(enum tri a, enum tri b)
{
	if (a == TR_TRUE || b == TR_TRUE)
		return TR_TRUE;
	if (a == TR_UNKNOWN || b == TR_UNKNOWN)
		return TR_UNKNOWN;
	return a == TR_LOAD || b == TR_LOAD ? TR_LOAD : TR_FALSE;
}

static bool
compare(int64_t a, const char *op, int64_t b)
{
	if (strcmp(op, "==") == 0) return a == b;
	if (strcmp(op, "!=") == 0) return a != b;
	if (strcmp(op, "<=") == 0) return a <= b;
	if (strcmp(op, ">=") == 0) return a >= b;
	if (strcmp(op, "<") == 0) return a < b;
	return a > b;
}

/* The comparison operator at depth 0 of [t, t+n): its offset and text. */
static bool
find_cmp(const char *t, size_t n, size_t *at, char op[3])
{
	int depth = 0;

	for (size_t i = 0; i < n; i++) {
		char c = t[i], d = i + 1 < n ? t[i + 1] : '\0';

		if (c == '(' || c == '[')
			depth++;
		else if (c == ')' || c == ']')
			depth--;
		if (depth != 0 || strchr("=!<>", c) == NULL)
			continue;
		if ((c == '<' && (d == '<' || d == '-')) || (c == '>' &&
		    d == '>') || ((c == '=' || c == '!') && d != '='))
			continue;
		op[0] = c;
		op[1] = d == '=' ? '=' : '\0';
		op[2] = '\0';
		*at = i;
		return true;
	}
	return false;
}

/* Whether [t, t+n) is a plain name (a.b.Priority), white space
 * around it allowed: what a comparison can hold the priority in. */
static bool
plain_name(const char *t, size_t n)
{
	size_t i = 0;

	while (i < n && t[i] == ' ')
		i++;
	while (n > i && t[n - 1] == ' ')
		n--;
	if (i == n)
		return false;
	for (; i < n; i++)
		if (!go_isident(t[i]) && t[i] != '.')
			return false;
	return true;
}

/* One operand of && and ||: a comparison of the priority (a plain name)
 * with a value, IsSheddable(priority), or anything else. */
static enum tri
atom_eval(const struct run *r, const char *a, size_t n)
{
	char *t = xstrndup(a, n), op[3];
	size_t at, rn;
	int64_t v;
	enum tri res = TR_UNKNOWN;
	bool b;

	/* A condition fixed at compile time is no load condition: taken (or
	 * not) for every tier, as Go runs it. */
	if (bool_value(r->ix, t, n, &b))
		res = b ? TR_TRUE : TR_FALSE;
	else if (!mentions(r, t))
		res = TR_LOAD;
	else if (strstr(t, "IsSheddable(") != NULL)
		res = r->p < 0 ? TR_TRUE : TR_FALSE;
	else if (find_cmp(t, n, &at, op)) {
		rn = n - at - strlen(op);
		if (int_value(r->ix, t + at + strlen(op), rn, &v) &&
		    plain_name(t, at))
			res = compare(r->p, op, v) ? TR_TRUE : TR_FALSE;
		else if (int_value(r->ix, t, at, &v) && plain_name(t + at +
		    strlen(op), rn))
			res = compare(v, op, r->p) ? TR_TRUE : TR_FALSE;
	}
	free(t);
	return res;
}

static enum tri parse_or(const struct run *r, const char **s);

static void
skip_sp(const char **s)
{
	while (**s == ' ')
		(*s)++;
}

static enum tri
parse_atom(const struct run *r, const char **s)
{
	const char *a = *s;
	int depth = 0;

	for (; **s != '\0'; (*s)++) {
		char c = **s;

		if (c == '(' || c == '[' || c == '{')
			depth++;
		else if (c == ')' || c == ']' || c == '}') {
			if (depth == 0)
				break;
			depth--;
		} else if (depth == 0 && (c == '&' || c == '|') &&
		    (*s)[1] == c)
			break;
	}
	return atom_eval(r, a, (size_t)(*s - a));
}

static enum tri
parse_unary(const struct run *r, const char **s)
{
	const char *save;
	enum tri t;

	skip_sp(s);
	if (**s == '!' && (*s)[1] != '=') {
		(*s)++;
		t = parse_unary(r, s);
		return t == TR_TRUE ? TR_FALSE : t == TR_FALSE ? TR_TRUE : t;
	}
	if (**s != '(')
		return parse_atom(r, s);
	save = *s;
	(*s)++;
	t = parse_or(r, s);
	skip_sp(s);
	if (**s == ')')
		(*s)++;
	skip_sp(s);
	/* "(a + b) > c": the parentheses were an operand's. */
	if (**s != '\0' && **s != ')' && **s != '&' && **s != '|') {
		*s = save;
		return parse_atom(r, s);
	}
	return t;
}

static enum tri
parse_and(const struct run *r, const char **s)
{
	enum tri t = parse_unary(r, s);

	for (;;) {
		skip_sp(s);
		if (strncmp(*s, "&&", 2) != 0)
			return t;
		*s += 2;
		t = tri_and(t, parse_unary(r, s));
	}
}

static enum tri
parse_or(const struct run *r, const char **s)
{
	enum tri t = parse_and(r, s);

	for (;;) {
		skip_sp(s);
		if (strncmp(*s, "||", 2) != 0)
			return t;
		*s += 2;
		t = tri_or(t, parse_and(r, s));
	}
}

static enum tri
cond_eval(const struct run *r, const char *cond)
{
	const char *s = cond;

	return parse_or(r, &s);
}

/* ---- statements ---- */

static bool run_block(struct run *r, size_t a, size_t b);

static void
step(struct run *r, size_t at, const char *what, const char *text)
{
	struct sbuf b = {0};

	sbuf_printf(&b, "%ld: %s", gofile_line(r->f, at), what);
	if (text != NULL)
		sbuf_printf(&b, " %s", text);
	json_array_append_new(r->path, json_string(sbuf_str(&b)));
	sbuf_free(&b);
}

/* Sets the outcome; always true (the tier is decided). */
static bool
decide(struct run *r, const char *decision, size_t at, const char *ramp,
    const char *value)
{
	rec_set_str(r->o, "decision", decision);
	rec_set_str(r->o, "ramp", ramp);
	rec_set_str(r->o, "value", value);
	rec_set_i64(r->o, "line", gofile_line(r->f, at));
	return true;
}

/* Whether a bool true returned by the function named name admits. */
static bool
true_admits(const char *name)
{
	char *low = xstrdup(name);
	bool sheds;

	for (char *p = low; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	sheds = (strstr(low, "shed") != NULL || strstr(low, "reject") !=
	    NULL || strstr(low, "drop") != NULL) && strstr(low, "admit") ==
	    NULL;
	free(low);
	return !sheds;
}

/* Runs r's tier through func d (a call from at), into a fresh outcome;
 * NULL when it decides nothing. */
static json_t *
run_callee(const struct run *r, const struct gdecl *d, size_t at)
{
	struct run sub = *r;

	sub.depth++;
	sub.true_admits = true_admits(d->name);
	sub.o = json_object();
	sub.in_clause = false;
	step(&sub, at, "calls", d->name);
	if (run_block(&sub, d->body + 1, d->end - 1))
		return sub.o;
	json_decref(sub.o);
	return NULL;
}

/* Whether m[i] opens the arguments of a call that mention r's signal;
 * *s: where the called name starts. */
static bool
call_passes(struct run *r, size_t a, size_t b, size_t i, size_t *s)
{
	const char *m = r->f->mask;
	char *args;
	bool passes;

	if (m[i] != '(' || !go_isident(m[i - 1]))
		return false;
	args = go_code_text(r->f, i + 1, go_match(m, b, i));
	passes = mentions(r, args);
	free(args);
	for (*s = i; *s > a && go_isident(m[*s - 1]); (*s)--)
		;
	return passes;
}

/* The first function of this file from declaration k on named [s, i)
 * of the mask (its index; nd when none). */
static size_t
callee_from(const struct run *r, size_t s, size_t i, size_t k)
{
	for (; k < r->ix->nd; k++) {
		const struct gdecl *d = &r->ix->d[k];

		if (d->kind == GD_FUNC && d->body != GQ_NONE &&
		    strlen(d->name) == i - s &&
		    strncmp(d->name, r->f->mask + s, i - s) == 0)
			break;
	}
	return k;
}

/* A call in [a, b) that passes the priority to a function of this file:
 * its outcome decides when it sheds along a ramp, or when the call is
 * returned (in_return). */
static bool
follow_call(struct run *r, size_t a, size_t b, bool in_return)
{
	size_t s, k;
	json_t *o;

	if (r->depth >= 3)
		return false;
	for (size_t i = a + 1; i < b; i++) {
		if (!call_passes(r, a, b, i, &s))
			continue;
		for (k = callee_from(r, s, i, 0); k < r->ix->nd;
		    k = callee_from(r, s, i, k + 1)) {
			if ((o = run_callee(r, &r->ix->d[k], s)) == NULL)
				continue;
			if (in_return || strcmp(rec_get_str(o, "decision"),
			    "ramp") == 0) {
				json_object_update(r->o, o);
				json_decref(o);
				return true;
			}
			json_decref(o);
		}
	}
	return false;
}

static bool
decide_return(struct run *r, size_t at, size_t e)
{
	char *v = go_code_text(r->f, at + 6, e);
	bool admit, reject, done;

	step(r, at, "return", v);
	if (follow_call(r, at + 6, e, true)) {
		free(v);
		return true;
	}
	admit = strcmp(v, "nil") == 0 || (strcmp(v, "true") == 0 &&
	    r->true_admits) || (strcmp(v, "false") == 0 && !r->true_admits);
	reject = !admit && (strcmp(v, "true") == 0 || strcmp(v, "false") ==
	    0 || strstr(v, "rrorf(") != NULL || strstr(v, "rrors.New(") !=
	    NULL || strstr(v, "Error{") != NULL || go_has_word(v, "err"));
	done = decide(r, admit ? "admit" : reject ? "reject" : "returns", at,
	    NULL, admit || reject ? NULL : v);
	free(v);
	return done;
}

/* The tier the comments of the chosen clause name. */
static const char *
clause_tier(const struct run *r)
{
	struct sbuf com = {0};
	const char *tier;

	for (size_t k = r->clause_a; k < r->clause_b && k < r->f->len; k++)
		if (r->f->cls[k] == GC_COMMENT)
			sbuf_addc(&com, r->f->src[k]);
	tier = gooutcome_tier_of(sbuf_str(&com));
	sbuf_free(&com);
	return tier;
}

/* An assignment of a tier's ramp: it names the tier's shedding
 * parameters, or (in a clause chosen by priority) assigns numbers in a
 * clause whose comment names the tier. */
static bool
ramp_assign(struct run *r, size_t i, size_t e, size_t opb)
{
	char *text = go_code_text(r->f, i, e), *rhs = go_code_text(r->f, opb, e);
	const char *tier = gooutcome_tier_of(text);
	bool shed = strstr(text, "hed") != NULL || strstr(text, "amp") != NULL;
	bool numbers = strpbrk(rhs, "0123456789") != NULL;

	if (tier != NULL && !(shed || r->in_clause))
		tier = NULL;
	if (tier == NULL && r->in_clause && numbers)
		tier = clause_tier(r);
	if (tier != NULL) {
		step(r, i, "assigns", text);
		decide(r, "ramp", i, tier, NULL);
	}
	free(text);
	free(rhs);
	return tier != NULL;
}

static bool
run_stmt(struct run *r, size_t i, size_t b, size_t *next)
{
	const char *m = r->f->mask;
	size_t e = go_stmt_end(m, b, i), opa, opb;

	*next = e + 1;
	if (go_word_at(m, b, i, "return"))
		return decide_return(r, i, e);
	if (go_word_at(m, b, i, "for") || go_word_at(m, b, i, "var") ||
	    go_word_at(m, b, i, "const") || go_word_at(m, b, i, "type") ||
	    go_word_at(m, b, i, "defer") || go_word_at(m, b, i, "go"))
		return false;
	if (go_find_assign(m, i, e, &opa, &opb) && (follow_call(r, opb, e,
	    false) || ramp_assign(r, i, e, opb)))
		return true;
	return follow_call(r, i, e, false);
}

/* Runs [a, b), a body chosen by priority (its header from at). */
static bool
run_clause(struct run *r, size_t at, size_t a, size_t b)
{
	struct run saved = *r;
	bool done;

	r->clause_a = at;
	r->clause_b = b;
	r->in_clause = true;
	done = run_block(r, a, b);
	r->clause_a = saved.clause_a;
	r->clause_b = saved.clause_b;
	r->in_clause = saved.in_clause;
	return done;
}

/* A branch that depends on the load: kept as "conditional" when it would
 * shed the tier. */
static void
conditional(struct run *r, size_t at, size_t a, size_t b, const char *cond)
{
	struct run sub = *r;
	const char *dec;
	json_t *c;

	if (json_object_get(r->o, "conditional") != NULL)
		return;
	sub.o = json_object();
	sub.path = json_array();
	sub.clause_a = at;
	sub.clause_b = b;
	sub.in_clause = true;
	if (run_block(&sub, a, b) && (dec = rec_get_str(sub.o,
	    "decision")) != NULL && (strcmp(dec, "reject") == 0 ||
	    strcmp(dec, "ramp") == 0)) {
		c = json_object();
		rec_set_i64(c, "line", gofile_line(r->f, at));
		rec_set_str(c, "cond", cond);
		rec_set_str(c, "decision", dec);
		rec_set_str(c, "ramp", rec_get_str(sub.o, "ramp"));
		rec_set(r->o, "conditional", c);
	}
	json_decref(sub.o);
	json_decref(sub.path);
}

/* The end of the if chain at g (after its last block). */
static size_t
chain_end(const char *m, size_t len, struct go_if g)
{
	for (;;) {
		if (g.next == GQ_NONE)
			return g.be + 1;
		if (m[g.next] == '{')
			return go_match(m, len, g.next) + 1;
		if (!go_if_at(m, len, g.next, &g))
			return g.be + 1;
	}
}

static bool
run_if(struct run *r, size_t kw, size_t b, size_t *next)
{
	const char *m = r->f->mask;
	struct go_if g;
	bool load = false;

	if (!go_if_at(m, b, kw, &g)) {
		*next = go_stmt_end(m, b, kw) + 1;
		return false;
	}
	*next = chain_end(m, b, g);
	for (;;) {
		char *cond = go_code_text(r->f, g.ca, g.cb);
		enum tri t = load ? TR_LOAD : cond_eval(r, cond);
		bool done = false;

		if (t == TR_UNKNOWN) {
			step(r, g.ca, "if (not decidable)", cond);
			done = decide(r, "unknown", g.ca, NULL, NULL);
		} else if (t == TR_TRUE) {
			step(r, g.ca, "if (true)", cond);
			done = run_clause(r, g.ca, g.br + 1, g.be);
		} else if (t == TR_LOAD) {
			conditional(r, g.ca, g.br + 1, g.be, cond);
			load = true;
		} else
			step(r, g.ca, "if (false)", cond);
		free(cond);
		if (done || t == TR_TRUE || g.next == GQ_NONE)
			return done;
		if (m[g.next] == '{') {
			size_t e = go_match(m, b, g.next);

			if (load) {
				conditional(r, g.next, g.next + 1, e, "else");
				return false;
			}
			step(r, g.next, "else", NULL);
			return run_clause(r, g.next, g.next + 1, e);
		}
		if (!go_if_at(m, b, g.next, &g))
			return false;
	}
}

/* One clause of a switch: its header (values or a condition) and body. */
struct clause {
	bool	 deflt;
	size_t	 ha, hb, ba, bb;
};

/* The clauses of the switch body {br … be}; at most max. */
static size_t
switch_clauses(const char *m, size_t len, size_t br, size_t be,
    struct clause *cl, size_t max)
{
	size_t n = 0;

	for (size_t k = br + 1; k < be; k++) {
		bool c = go_word_at(m, be, k, "case");

		if (m[k] == '(' || m[k] == '[' || m[k] == '{') {
			k = go_match(m, len, k);
			continue;
		}
		if (!c && !go_word_at(m, be, k, "default"))
			continue;
		if (n > 0)
			cl[n - 1].bb = k;
		if (n == max)
			return n;
		cl[n].deflt = !c;
		cl[n].ha = k + (c ? 4 : 7);
		for (cl[n].hb = cl[n].ha; cl[n].hb < be && m[cl[n].hb] != ':';
		    cl[n].hb++)
			if (m[cl[n].hb] == '(' || m[cl[n].hb] == '[' ||
			    m[cl[n].hb] == '{')
				cl[n].hb = go_match(m, len, cl[n].hb);
		cl[n].ba = cl[n].hb + 1;
		cl[n].bb = be;
		k = cl[n].hb;
		n++;
	}
	return n;
}

/* The value a switch tag [a, b) that calls a function of this file with
 * the priority (switch tierOf(priority) {) comes to for r's tier: the
 * callee's returned expression ("\"sheddable\""), NULL when the tag is
 * no such call or the callee returns no plain value. */
static char *
tag_value(struct run *r, size_t a, size_t b)
{
	size_t s, k;
	json_t *o;
	char *v = NULL;

	if (r->depth >= 3)
		return NULL;
	for (size_t i = a + 1; i < b; i++) {
		if (!call_passes(r, a, b, i, &s))
			continue;
		for (k = callee_from(r, s, i, 0); k < r->ix->nd;
		    k = callee_from(r, s, i, k + 1)) {
			if ((o = run_callee(r, &r->ix->d[k], s)) == NULL)
				continue;
			if (strcmp(rec_get_str(o, "decision"), "returns") == 0)
				v = xstrdup(rec_get_str(o, "value"));
			json_decref(o);
			return v;
		}
	}
	return NULL;
}

/* Whether one of the case values of [ha, hb) is the text val. */
static bool
case_is(const struct run *r, size_t ha, size_t hb, const char *val)
{
	char *vals = go_code_text(r->f, ha, hb), *save = NULL;
	bool hit = false;

	for (char *t = strtok_r(vals, ",", &save); t != NULL && !hit;
	    t = strtok_r(NULL, ",", &save)) {
		size_t n;

		t += strspn(t, " \t");
		for (n = strlen(t); n > 0 && isspace((unsigned char)t[n - 1]);
		    n--)
			;
		hit = strlen(val) == n && strncmp(t, val, n) == 0;
	}
	free(vals);
	return hit;
}

/* Whether the case values of [ha, hb) hold r's priority. */
static bool
case_holds(const struct run *r, size_t ha, size_t hb)
{
	char *vals = go_code_text(r->f, ha, hb), *save = NULL;
	bool hit = false;
	int64_t v;

	for (char *t = strtok_r(vals, ",", &save); t != NULL && !hit;
	    t = strtok_r(NULL, ",", &save))
		hit = int_value(r->ix, t, strlen(t), &v) && v == r->p;
	free(vals);
	return hit;
}

/* The clause of a switch that r's priority takes, or NULL; a tagless
 * switch's cases are conditions; a tag that calls a function of this file
 * is compared by the value that function returns (tval). */
static const struct clause *
pick_clause(struct run *r, const struct clause *cl, size_t n, bool tagged,
    const char *tval, bool *unknown)
{
	const struct clause *dflt = NULL;

	*unknown = false;
	for (size_t i = 0; i < n; i++) {
		char *cond;
		enum tri t;

		if (cl[i].deflt) {
			dflt = &cl[i];
			continue;
		}
		if (tagged) {
			if (tval != NULL ? case_is(r, cl[i].ha, cl[i].hb, tval) :
			    case_holds(r, cl[i].ha, cl[i].hb))
				return &cl[i];
			continue;
		}
		cond = go_code_text(r->f, cl[i].ha, cl[i].hb);
		t = cond_eval(r, cond);
		if (t == TR_LOAD)
			conditional(r, cl[i].ha, cl[i].ba, cl[i].bb, cond);
		free(cond);
		if (t == TR_TRUE)
			return &cl[i];
		if (t == TR_UNKNOWN) {
			*unknown = true;
			return &cl[i];
		}
	}
	return dflt;
}

/* Whether a clause's body ends in fallthrough: Go then runs the next
 * clause's body as well. */
static bool
falls_through(const struct run *r, const struct clause *c)
{
	char *body = go_code_text(r->f, c->ba, c->bb);
	size_t n = strlen(body);
	bool ft;

	while (n > 0 && (isspace((unsigned char)body[n - 1]) ||
	    body[n - 1] == ';'))
		n--;
	ft = n >= 11 && strncmp(body + n - 11, "fallthrough", 11) == 0 &&
	    (n == 11 || !go_isident(body[n - 12]));
	free(body);
	return ft;
}

/* Runs the chosen clause c and, while a clause ends in fallthrough, the
 * next one (up to end): a ramp the next body assigns overwrites the one
 * before it, as in Go, so a decision that is a ramp is not final until
 * the last clause run. */
static bool
run_chosen(struct run *r, const struct clause *c, const struct clause *end)
{
	bool done = run_clause(r, c->ha, c->ba, c->bb);

	while (falls_through(r, c) && c + 1 < end && (!done ||
	    strcmp(rec_get_str(r->o, "decision"), "ramp") == 0)) {
		c++;
		step(r, c->ha, "fallthrough to", c->deflt ? "default" :
		    "the next case");
		done = run_clause(r, c->ha, c->ba, c->bb) || done;
	}
	return done;
}

static bool
run_switch(struct run *r, size_t kw, size_t b, size_t *next)
{
	const char *m = r->f->mask;
	struct clause cl[32];
	const struct clause *c;
	size_t br = kw + 6, be, n;
	char *tag, *tval;
	bool tagged, unknown;

	while (br < b && m[br] != '{') {
		if (m[br] == '(' || m[br] == '[')
			br = go_match(m, b, br);
		br++;
	}
	if (br >= b) {
		*next = b;
		return false;
	}
	be = go_match(m, b, br);
	*next = be + 1;
	tag = go_code_text(r->f, kw + 6, br);
	tagged = *tag != '\0';
	if (tagged && !mentions(r, tag)) {
		free(tag);
		return false;
	}
	n = switch_clauses(m, b, br, be, cl, sizeof(cl) / sizeof(cl[0]));
	tval = tagged ? tag_value(r, kw + 6, br) : NULL;
	if (tval != NULL)
		step(r, kw, "switch on", tval);
	c = pick_clause(r, cl, n, tagged, tval, &unknown);
	free(tag);
	free(tval);
	if (c == NULL)
		return false;
	step(r, c->ha, c->deflt ? "switch: default" : "switch: case",
	    unknown ? "(not decidable)" : NULL);
	if (unknown)
		return decide(r, "unknown", c->ha, NULL, NULL);
	return run_chosen(r, c, cl + n);
}

static bool
run_block(struct run *r, size_t a, size_t b)
{
	const char *m = r->f->mask;
	size_t i = str_skip_space(m, b, a), next;

	while (i < b) {
		bool done;

		if (m[i] == ';' || m[i] == '{' || m[i] == '}') {
			i = str_skip_space(m, b, i + 1);
			continue;
		}
		if (go_word_at(m, b, i, "if"))
			done = run_if(r, i, b, &next);
		else if (go_word_at(m, b, i, "switch"))
			done = run_switch(r, i, b, &next);
		else
			done = run_stmt(r, i, b, &next);
		if (done)
			return true;
		i = str_skip_space(m, b, next > i ? next : i + 1);
	}
	return false;
}

json_t *
gooutcome_tiers(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, const struct gdecl *d)
{
	json_t *all = json_array();

	for (size_t t = 0; t < NTIERS; t++) {
		struct run r = { q, f, ix, q->tiers[t], 0, true_admits(d->name),
		    json_object(), json_array(), 0, 0, false };
		json_t *o = json_object();

		rec_set_str(o, "tier", gtier_names[t]);
		rec_set_i64(o, "priority", q->tiers[t]);
		if (d->body == GQ_NONE || !run_block(&r, d->body + 1,
		    d->end - 1))
			decide(&r, "none", d->end - 1, NULL, NULL);
		json_object_update(o, r.o);
		rec_set(o, "path", r.path);
		json_array_append_new(all, o);
		json_decref(r.o);
	}
	return all;
}
