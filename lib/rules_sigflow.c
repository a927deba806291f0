/* rules_sigflow.c - what the generated plugin does with a signal once it
 * has read it (checks 3a-3b, 3d): a value read into a local that nothing
 * uses, a field read from a struct built without it, a count divided in
 * integers, a divisor applied twice, a 0-1 fraction compared with a
 * percent, a signal kept across requests, its own staleness threshold.
 * A grep for the field finds each of these reading it "right"; the
 * mistake is on the line that reads it or on another line of the same
 * function.
 *
 * The finders walk the function snippets of claim 3c.generated-decisions
 * (every function of the plugin that reads endpoint metrics; sim:
 * 3c.sim-decisions), masked (comments and literal contents blanked) and
 * with blanks squeezed out (but one between two words), a statement a
 * line as gofmt writes them. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "proofutil.h"
#include "rec.h"
#include "ruleutil.h"
#include "rules_sigflow.h"
#include "rules_snaparm.h"
#include "str.h"

#define FN_MAXL 400

/* One function of the plugin, a line each. */
struct fn_lines {
	const json_t	*p;
	size_t		 n;
	long		 line[FN_MAXL];
	char		 code[FN_MAXL][192];	/* masked, squeezed */
	char		 text[FN_MAXL][256];	/* as written, trimmed */
};

typedef bool fn_visit(const struct fn_lines *f, void *arg);

static bool
ident_byte(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static bool
collect(long line, const char *code, const char *text, void *arg)
{
	struct fn_lines *f = arg;
	size_t k = 0;

	if (f->n == FN_MAXL)
		return true;
	/* Blanks go, but one stays between two words ("if x"). */
	for (; *code != '\0' && k + 1 < sizeof(f->code[0]); code++) {
		if (*code != ' ' && *code != '\t')
			f->code[f->n][k++] = *code;
		else if (k > 0 && ident_byte(f->code[f->n][k - 1]) &&
		    ident_byte(code[strspn(code, " \t")]))
			f->code[f->n][k++] = ' ';
	}
	f->code[f->n][k] = '\0';
	snprintf(f->text[f->n], sizeof(f->text[0]), "%s", text);
	f->line[f->n++] = line;
	return false;
}

/* Calls visit for each function of claim/role until one returns true. */
static bool
each_function(const struct judge *j, const char *claim, const char *role,
    fn_visit *visit, void *arg)
{
	struct fn_lines *f = malloc(sizeof(*f));
	struct ru_list l;
	bool done = false;

	if (f == NULL)
		return false;
	pu_claim_list(j, claim, role, &l);
	for (size_t i = 0; i < l.n && !done; i++) {
		if (!pu_found(l.v[i]))
			continue;
		f->p = l.v[i];
		f->n = 0;
		pu_each_line(l.v[i], collect, f);
		done = visit(f, arg);
	}
	ru_list_free(&l);
	free(f);
	return done;
}

/* The first whole-word w in s: nothing of an identifier runs on after
 * it, and a local name (w not starting with '.') is no member x.w. */
static const char *
find_word(const char *s, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = strstr(s, w); p != NULL; p = strstr(p + 1, w)) {
		bool before = w[0] == '.' || w[0] == '/' || p == s ||
		    (!ident_byte(p[-1]) && p[-1] != '.');

		if (before && !ident_byte(p[n]) && p[n] != '.')
			return p;
	}
	return NULL;
}

/* The first member access .F of one of fields in s; its end in *end. */
static const char *
field_in(const char *s, const char *const *fields, const char **end)
{
	char w[80];

	for (size_t i = 0; fields[i] != NULL; i++) {
		const char *p;

		snprintf(w, sizeof(w), ".%s", fields[i]);
		if ((p = find_word(s, w)) != NULL) {
			*end = p + strlen(w);
			return p;
		}
	}
	return NULL;
}

/* Whether code reads one of fields into a plain local ("x:=…m.F…",
 * "x=…m.F…"): the local in var, the field's end in *end. */
static bool
read_into(const char *code, const char *const *fields, char *var, size_t n,
    const char **end)
{
	size_t k = 0;
	const char *rhs;

	while (ident_byte(code[k]))
		k++;
	if (k == 0 || k >= n || isdigit((unsigned char)code[0]))
		return false;
	if (strncmp(code + k, ":=", 2) == 0)
		rhs = code + k + 2;
	else if (code[k] == '=' && code[k + 1] != '=')
		rhs = code + k + 1;
	else
		return false;
	if (field_in(rhs, fields, end) == NULL)
		return false;
	memcpy(var, code, k);
	var[k] = '\0';
	return strcmp(var, "_") != 0;
}

/* The divisor right after an operand ending at e ("/a.params.T",
 * "/(x*y)"), conversions closed first; "" when none. */
static void
divisor_after(const char *e, char *div, size_t n)
{
	size_t k = 0;
	int depth = 0;

	while (*e == ')')
		e++;
	if (*e++ != '/' || *e == '/' || *e == '*')
		e = "";
	if (*e == '(')
		do {
			depth += *e == '(' ? 1 : *e == ')' ? -1 : 0;
			if (k + 1 < n)
				div[k++] = *e;
			e++;
		} while (*e != '\0' && depth > 0);
	else
		while ((ident_byte(*e) || *e == '.') && k + 1 < n)
			div[k++] = *e++;
	div[k] = '\0';
}

static void
found_at(struct sf_find *s, const struct fn_lines *f, size_t at, size_t use)
{
	s->p = f->p;
	s->line = f->line[at];
	snprintf(s->code, sizeof(s->code), "%s", f->text[at]);
	s->use_line = use < f->n ? f->line[use] : 0;
	snprintf(s->use, sizeof(s->use), "%s", use < f->n ? f->text[use] :
	    "");
}

/* "gaie x.go:12 `code`" */
static void
cite(struct sbuf *b, const json_t *p, long line, const char *code)
{
	pu_where(b, p, line);
	sbuf_printf(b, " `%s`", code);
}

/* --- a read nothing uses ------------------------------------------ */

struct fields_arg {
	const char *const *fields;
	struct sf_find	*out;
};

/* The local var named in s, a field of it too (s.X is a use of s). */
static const char *
local_word(const char *s, const char *var)
{
	size_t n = strlen(var);

	for (const char *p = strstr(s, var); p != NULL; p = strstr(p + 1,
	    var))
		if ((p == s || (!ident_byte(p[-1]) && p[-1] != '.')) &&
		    !ident_byte(p[n]))
			return p;
	return NULL;
}

/* Whether a line other than at uses var (a discard or a log is no use);
 * the first such non-use in *drop. */
static bool
local_used(const struct fn_lines *f, size_t at, const char *var,
    size_t *drop)
{
	char discard[72];

	snprintf(discard, sizeof(discard), "_=%s", var);
	*drop = SIZE_MAX;
	for (size_t i = 0; i < f->n; i++) {
		if (i == at || local_word(f->code[i], var) == NULL)
			continue;
		if (strcmp(f->code[i], discard) != 0 &&
		    !pu_log_line(f->code[i]))
			return true;
		if (*drop == SIZE_MAX)
			*drop = i;
	}
	return false;
}

static bool
unused_in(const struct fn_lines *f, void *arg)
{
	struct fields_arg *a = arg;
	const char *end;
	size_t drop;

	for (size_t i = 0; i < f->n; i++) {
		if (!read_into(f->code[i], a->fields, a->out->var,
		    sizeof(a->out->var), &end) ||
		    local_used(f, i, a->out->var, &drop))
			continue;
		found_at(a->out, f, i, drop);
		return true;
	}
	return false;
}

bool
sf_unused_read(const struct judge *j, const char *const *fields,
    struct pu_out *o)
{
	struct sf_find s = {0};

	if (!each_function(j, "3c.generated-decisions", "generated",
	    unused_in, &(struct fields_arg){ fields, &s }))
		return false;
	pu_ev_add(o->evidence, "where the value is left unused", s.p);
	sbuf_printf(&o->why, " But the generated plugin reads %s into %s (",
	    fields[0], s.var);
	cite(&o->why, s.p, s.line, s.code);
	sbuf_printf(&o->why, ") and never uses %s", s.var);
	if (s.use_line > 0) {
		sbuf_adds(&o->why, " (it only discards or logs it: ");
		cite(&o->why, s.p, s.use_line, s.use);
		sbuf_adds(&o->why, ")");
	}
	sbuf_adds(&o->why, ": the field is read, but the signal never counts "
	    "in what the plugin computes, where the sim algorithm's does.");
	return true;
}

/* --- a read of a field nothing sets ------------------------------- */

/* The local V of a read "V.F" at p in code (not x.V.F, not a call). */
static bool
receiver(const char *code, const char *p, char *var, size_t n)
{
	const char *s = p;

	while (s > code && ident_byte(s[-1]))
		s--;
	if (s == p || (s > code && (s[-1] == '.' || s[-1] == ')')) ||
	    isdigit((unsigned char)*s) || (size_t)(p - s) >= n)
		return false;
	snprintf(var, n, "%.*s", (int)(p - s), s);
	return true;
}

/* Whether line i of f defines var as a value with no field set by name
 * but the keys it lists: "v:=T{…}", "v:=&T{…}", "var v T", "v:=new(T)";
 * the literal's text (its lines joined) in lit. */
static bool
zero_def(const struct fn_lines *f, size_t i, const char *var, char *lit,
    size_t n)
{
	const char *c = f->code[i], *r;
	size_t k = strlen(var), used = 0;
	int depth = 0;

	if (strncmp(c, "var ", 4) == 0 && strncmp(c + 4, var, k) == 0 &&
	    c[4 + k] == ' ' && strchr(c, '=') == NULL) {
		lit[0] = '\0';
		return true;
	}
	if (strncmp(c, var, k) != 0 || strncmp(c + k, ":=", 2) != 0)
		return false;
	r = c + k + 2 + (c[k + 2] == '&');
	if (strncmp(r, "new(", 4) == 0) {
		lit[0] = '\0';
		return true;
	}
	while (ident_byte(*r) || *r == '.')
		r++;
	if (*r != '{')
		return false;
	lit[0] = '\0';
	for (size_t l = i; l < f->n; l++, r = f->code[l < f->n ? l : 0]) {
		for (; *r != '\0'; r++) {
			if (used + 1 < n)
				lit[used++] = *r;
			if (*r == '{')
				depth++;
			else if (*r == '}' && --depth == 0)
				break;
		}
		if (*r == '}' && depth == 0)
			break;
		if (l + 1 < f->n && used + 1 < n)
			lit[used++] = ',';
	}
	lit[used] = '\0';
	/* positional fields (T{a, b}) set every field: not zero */
	return strchr(lit, ':') != NULL || strcmp(lit, "{}") == 0;
}

/* Whether the literal lit sets field by name ("F:"), or a line of f in
 * (from, to) assigns var.F. */
static bool
field_set(const struct fn_lines *f, size_t from, size_t to,
    const char *var, const char *field, const char *lit)
{
	char key[80], set[144];
	const char *p;

	snprintf(key, sizeof(key), "%s:", field);
	for (p = strstr(lit, key); p != NULL; p = strstr(p + 1, key))
		if (p == lit || !ident_byte(p[-1]))
			return true;
	snprintf(set, sizeof(set), "%s.%s", var, field);
	snprintf(key, sizeof(key), "&%s", var);
	for (size_t i = from + 1; i < to; i++) {
		const char *c = f->code[i];

		if (find_word(c, key) != NULL)
			return true;	/* handed out to be filled */
		if (strncmp(c, set, strlen(set)) != 0)
			continue;
		p = c + strlen(set);
		if ((p[0] == '=' && p[1] != '=') || (p[0] != '\0' &&
		    strchr("+-*/", p[0]) != NULL && p[1] == '='))
			return true;
	}
	return false;
}

struct zero_arg {
	const char *const *fields;
	struct sf_find	*out;
	const char	*field;
};

/* A read of V.F whose V was defined (above, in the function) as a
 * struct that never gets F: the read is always zero. */
static bool
zero_in(const struct fn_lines *f, void *arg)
{
	struct zero_arg *a = arg;
	char var[64], lit[512];

	for (size_t i = 0; i < f->n; i++)
		for (size_t k = 0; a->fields[k] != NULL; k++) {
			const char *one[] = { a->fields[k], NULL }, *end;
			const char *p = field_in(f->code[i], one, &end);

			if (p == NULL || (end[0] == '=' && end[1] != '=') ||
			    (end[0] != '\0' && strchr("+-*/", end[0]) &&
			    end[1] == '=') || !receiver(f->code[i], p, var,
			    sizeof(var)))
				continue;	/* V.F = …: a store, no read */
			for (size_t d = i; d-- > 0;) {
				if (!zero_def(f, d, var, lit, sizeof(lit)))
					continue;
				if (field_set(f, d, i, var, a->fields[k], lit))
					break;
				found_at(a->out, f, d, i);
				snprintf(a->out->var, sizeof(a->out->var), "%s",
				    var);
				a->field = a->fields[k];
				return true;
			}
		}
	return false;
}

bool
sf_zero_read(const struct judge *j, const char *const *fields,
    struct pu_out *o)
{
	struct sf_find s = {0};
	struct zero_arg a = { fields, &s, NULL };

	if (!each_function(j, "3c.generated-decisions", "generated", zero_in,
	    &a))
		return false;
	pu_ev_add(o->evidence, "where the field is read from a value that "
	    "never gets it", s.p);
	sbuf_printf(&o->why, " But the generated plugin reads %s from %s (",
	    a.field, s.var);
	cite(&o->why, s.p, s.use_line, s.use);
	sbuf_printf(&o->why, "), a value built without it (");
	cite(&o->why, s.p, s.line, s.code);
	sbuf_printf(&o->why, ": no %s set, and no later assignment of %s.%s):"
	    " the plugin always reads 0 there, where the sim algorithm reads "
	    "the endpoint's signal.", a.field, s.var, a.field);
	return true;
}

/* --- a divisor applied twice -------------------------------------- */

/* The line (at, or one using var) that divides by div a second time:
 * its index, or SIZE_MAX. */
static size_t
second_division(const struct fn_lines *f, size_t at, const char *end,
    const char *var, const char *div)
{
	char pat[200];
	const char *first;

	snprintf(pat, sizeof(pat), "/%s", div);
	if ((first = strstr(end, pat)) != NULL &&
	    find_word(first + 1, pat) != NULL)
		return at;
	snprintf(pat, sizeof(pat), "%s/%s", var, div);
	for (size_t i = 0; i < f->n; i++)
		if (i != at && find_word(f->code[i], pat) != NULL)
			return i;
	return SIZE_MAX;
}

static bool
twice_in(const struct fn_lines *f, void *arg)
{
	struct fields_arg *a = arg;
	const char *end;
	size_t use;

	for (size_t i = 0; i < f->n; i++) {
		if (!read_into(f->code[i], a->fields, a->out->var,
		    sizeof(a->out->var), &end))
			continue;
		divisor_after(end, a->out->div, sizeof(a->out->div));
		if (a->out->div[0] == '\0' || (use = second_division(f, i,
		    end, a->out->var, a->out->div)) == SIZE_MAX)
			continue;
		found_at(a->out, f, i, use);
		return true;
	}
	return false;
}

static bool
divided_twice(const struct judge *j, const char *const *fields,
    struct sf_find *s)
{
	return each_function(j, "3c.generated-decisions", "generated",
	    twice_in, &(struct fields_arg){ fields, s });
}

/* " divides X by D twice (read; second)" */
static void
twice_text(struct sbuf *b, const char *what, const struct sf_find *s)
{
	sbuf_printf(b, " But the generated plugin divides %s by %s twice (",
	    what, s->div);
	cite(b, s->p, s->line, s->code);
	if (s->use_line != s->line) {
		sbuf_adds(b, ", then ");
		cite(b, s->p, s->use_line, s->use);
	}
	sbuf_adds(b, ")");
}

/* --- a fraction compared with a percent --------------------------- */

/* The comparison right after an operand ending at e with a literal
 * ("…>=95"): its value, and whether it never holds for a value <= 1. */
static bool
cmp_after(const char *e, double *num, bool *never)
{
	size_t k = e[1] == '=' ? 2 : 1;
	char *stop;

	if ((*e != '<' && *e != '>') || e[1] == e[0] || e[1] == '-' ||
	    !isdigit((unsigned char)e[k]))
		return false;
	*num = strtod(e + k, &stop);
	*never = *e == '>';
	return !ident_byte(*stop);
}

/* The comparison with a literal right before the operand starting at p
 * ("95<=m.F"). */
static bool
cmp_before(const char *s, const char *p, double *num, bool *never)
{
	const char *q = p;

	if (q > s && q[-1] == '=')
		q--;
	if (q == s || (q[-1] != '<' && q[-1] != '>') || (q > s + 1 &&
	    (q[-2] == '<' || q[-2] == '>')))
		return false;
	*never = q[-1] == '<';
	for (p = --q; p > s && (isdigit((unsigned char)p[-1]) ||
	    p[-1] == '.'); p--)
		;
	if (p == q || (p > s && ident_byte(p[-1])))
		return false;
	*num = strtod(p, NULL);
	return true;
}

/* A comparison of a field of fields in code with a literal above 1. */
static bool
percent_cmp(const char *code, const char *const *fields, struct sf_find *s)
{
	const char *end, *p = field_in(code, fields, &end);

	if (p == NULL)
		return false;
	while (p > code && (ident_byte(p[-1]) || p[-1] == '.'))
		p--;
	return (cmp_after(end, &s->num, &s->never) ||
	    cmp_before(code, p, &s->num, &s->never)) && s->num > 1;
}

static bool
percent_in(const struct fn_lines *f, void *arg)
{
	struct fields_arg *a = arg;

	for (size_t i = 0; i < f->n; i++)
		if (percent_cmp(f->code[i], a->fields, a->out)) {
			found_at(a->out, f, i, i);
			return true;
		}
	return false;
}

enum jverdict_value
sf_kv_misuse(const struct judge *j, struct pu_out *o, enum jverdict_value v,
    double t)
{
	static const char *const kv[] = { "KVCacheUsagePercent", NULL };
	struct sf_find s = {0};

	if (divided_twice(j, kv, &s)) {
		twice_text(&o->why, "KV usage", &s);
		sbuf_adds(&o->why, ": the KV term is divided once more than the "
		    "sim algorithm divides it");
		if (t > 0 && t != 1)
			sbuf_printf(&o->why, " (by %g: %g times the simulated "
			    "term)", t, 1 / t);
		sbuf_adds(&o->why, ", so the plugin's saturation on KV "
		    "pressure is not the simulated one.");
	} else if (each_function(j, "3c.generated-decisions", "generated",
	    percent_in, &(struct fields_arg){ kv, &s })) {
		sbuf_printf(&o->why, " But the generated plugin compares KV "
		    "usage with %g, a percent (", s.num);
		cite(&o->why, s.p, s.line, s.code);
		sbuf_printf(&o->why, "): KVCacheUsagePercent is a 0-1 fraction "
		    "at runtime, so that comparison %s holds and the branch "
		    "it guards %s, whatever the pods' KV usage.", s.never ?
		    "never" : "always", s.never ? "never runs" :
		    "always runs");
	} else
		return v;
	pu_ev_add(o->evidence, "the misuse", s.p);
	return V_FAIL;
}

/* --- the queue depth's ratio --------------------------------------- */

/* The first line naming one of fields: in s (line, code). */
static bool
names_in(const struct fn_lines *f, void *arg)
{
	struct fields_arg *a = arg;
	const char *end;

	for (size_t i = 0; i < f->n; i++)
		if (field_in(f->code[i], a->fields, &end) != NULL) {
			found_at(a->out, f, i, i);
			return true;
		}
	return false;
}

/* A count divided (or taken modulo) in integers: the int field right
 * before '/' or '%', not converted first (float64(m.F) / t is right). */
static bool
intdiv_in(const struct fn_lines *f, void *arg)
{
	struct fields_arg *a = arg;
	const char *end;

	for (size_t i = 0; i < f->n; i++)
		if (field_in(f->code[i], a->fields, &end) != NULL &&
		    (*end == '/' || *end == '%') && end[1] != '/') {
			found_at(a->out, f, i, i);
			return true;
		}
	return false;
}

static void
queue_emit(struct judge *j, const struct rule *r, struct pu_out *o)
{
	static const char *const q[] = { "WaitingQueueSize", NULL };
	struct sf_find s = {0};
	enum jverdict_value v = V_PASS;

	if (each_function(j, "3c.generated-decisions", "generated",
	    intdiv_in, &(struct fields_arg){ q, &s })) {
		sbuf_adds(&o->why, " But it divides the count in an integer "
		    "division (");
		cite(&o->why, s.p, s.line, s.code);
		sbuf_adds(&o->why, "): Go truncates, so the queue ratio stays 0 "
		    "until a pod's queue reaches the divisor and then moves in "
		    "whole steps, where the sim's ratio grows with every queued "
		    "request.");
		v = V_FAIL;
	} else if (divided_twice(j, q, &s)) {
		twice_text(&o->why, "the queue depth", &s);
		sbuf_adds(&o->why, ": the queue term is divided once more than "
		    "the sim algorithm divides it.");
		v = V_FAIL;
	} else
		sbuf_adds(&o->why, " No integer division of the count and no "
		    "divisor applied twice.");
	if (v == V_FAIL)
		pu_ev_add(o->evidence, "the misuse", s.p);
	pu_out_emit(j, r, o, v, "Convert the queue depth to float64 before "
	    "dividing it, once, by the threshold (as the sim algorithm does), "
	    "rebuild and rerun the treatment arm.");
}

void
sf_rule_queue(struct judge *j, const struct rule *r, const struct jcell *c)
{
	static const char *const q[] = { "WaitingQueueSize", NULL };
	static const char *const sim[] = { "QueueDepth", "queueDepth",
	    "WaitingQueueSize", "QueueSize", "queueSize", NULL };
	struct sf_find gen = {0}, s = {0};
	struct pu_out o;

	if (!each_function(j, "3c.generated-decisions", "generated",
	    names_in, &(struct fields_arg){ q, &gen }))
		return;
	pu_out_init(&o, "transform.queue_depth");
	o.actual = pu_proof_side(gen.p, gen.line, json_string(gen.code));
	pu_ev_add(o.evidence, "where it reads the queue depth", gen.p);
	if (each_function(j, "3c.sim-decisions", "sim", names_in,
	    &(struct fields_arg){ sim, &s })) {
		o.expect = pu_proof_side(s.p, s.line, json_string(s.code));
		pu_ev_add(o.evidence, "where it reads the queue depth", s.p);
		sbuf_adds(&o.why, "The sim algorithm reads the queue depth (");
		cite(&o.why, s.p, s.line, s.code);
		sbuf_adds(&o.why, "); the generated plugin reads WaitingQueueSize "
		    "(");
	} else
		sbuf_adds(&o.why, "The generated plugin reads WaitingQueueSize, "
		    "an int (");
	cite(&o.why, gen.p, gen.line, gen.code);
	sbuf_adds(&o.why, ").");
	queue_emit(j, r, &o);
}

/* --- a signal kept across requests -------------------------------- */

/* Whether the plugin function p reads endpoint metrics (not only the
 * priority): its result is a signal. */
static bool
reads_metrics(const json_t *p)
{
	const json_t *reads = json_object_get(json_object_get(p, "facts"),
	    "reads");
	json_t *x;
	size_t i;

	json_array_foreach(reads, i, x) {
		const char *r = json_string_value(x);

		if (r != NULL && strcmp(r, "Priority") != 0 &&
		    strcmp(r, "priority") != 0)
			return true;
	}
	return false;
}

struct cache_arg {
	struct strv	 fns;	/* the metric-reading functions "name(" */
	struct sf_find	*out;
};

/* Whether squeezed code stores into a field (x.f = …, a.s, a.t = …) a
 * call of one of fns or a metric read: a value kept for later calls. */
static bool
stores_signal(const char *code, const struct strv *fns)
{
	static const char *const fields[] = { "WaitingQueueSize",
	    "KVCacheUsagePercent", "RunningQueueSize", "RunningRequestsSize",
	    "GetMetrics", NULL };
	size_t k = strspn(code, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.,");
	const char *rhs = code + k + 1, *end;

	if (code[k] != '=' || code[k + 1] == '=' || memchr(code, '.', k) ==
	    NULL)
		return false;
	for (size_t i = 0; i < fns->n; i++)
		if (strstr(rhs, fns->v[i]) != NULL)
			return true;
	return field_in(rhs, fields, &end) != NULL;
}

static bool
cache_in(const struct fn_lines *f, void *arg)
{
	struct cache_arg *a = arg;

	for (size_t i = 0; i < f->n; i++)
		if (stores_signal(f->code[i], &a->fns)) {
			found_at(a->out, f, i, i);
			return true;
		}
	return false;
}

static void
cache_fns(const struct judge *j, struct strv *fns)
{
	struct ru_list l;
	char buf[96];

	pu_claim_list(j, "3c.generated-decisions", "generated", &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *name = rec_get_str(json_object_get(l.v[i],
		    "facts"), "name");

		if (!pu_found(l.v[i]) || name == NULL || !reads_metrics(l.v[i]))
			continue;
		/* ".f(" or "f(" at a word start: the squeezed call */
		snprintf(buf, sizeof(buf), "%s(", name);
		strv_add(fns, buf);
	}
	ru_list_free(&l);
}

void
sf_rule_cache(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct cache_arg a = { {0}, NULL };
	struct sf_find s = {0};
	struct pu_out o;
	bool cached;

	cache_fns(j, &a.fns);
	if (a.fns.n == 0) {
		strv_free(&a.fns);
		return;
	}
	a.out = &s;
	cached = each_function(j, "3c.generated-decisions", "generated",
	    cache_in, &a);
	strv_free(&a.fns);
	pu_out_init(&o, "snapshot.plugin_cache");
	if (!cached) {
		sbuf_adds(&o.why, "The generated plugin keeps no signal across "
		    "requests: each decision computes from the endpoints' "
		    "metrics as the router last refreshed them (no metric read "
		    "or saturation result stored in a field).");
		pu_out_emit(j, r, &o, V_PASS, NULL);
		return;
	}
	o.actual = pu_proof_side(s.p, s.line, json_string(s.code));
	pu_ev_add(o.evidence, "where the plugin keeps a signal", s.p);
	sbuf_adds(&o.why, "The generated plugin stores a signal it computes "
	    "from the endpoints' metrics in a field (");
	cite(&o.why, s.p, s.line, s.code);
	sbuf_adds(&o.why, "): later requests decide on that kept value, "
	    "older than the router's own refresh by as long as the plugin "
	    "keeps it, a delay the sim's snapshot refresh does not have "
	    "(see snapshot.refresh_interval).");
	pu_out_emit(j, r, &o, V_WARN, "Compute the signal from the endpoints "
	    "at each decision (the router already refreshes them), or add the "
	    "cache's age to the sim's --snapshot-refresh-interval and rerun "
	    "the sim.");
}

/* --- the plugin's own staleness threshold ------------------------- */

/* A numeric const of the plugin (claim 3c.generated-numeric-consts). */
struct named_num {
	const char	*name;
	double		 v;
	const json_t	*decl;
};

static bool
num_const(const json_t *p, void *arg)
{
	struct named_num *n = arg;
	const char *eq = pu_decl_value(rec_get_str(p, "snippet"), n->name);

	return eq != NULL && parse_f64(eq, strspn(eq, "0123456789.eE+-"),
	    &n->v);
}

/* One factor of a duration, in ns per unit: time.Millisecond, a
 * literal, a numeric const of the plugin (*decl), through brackets and
 * time.Duration(…); false when it is not known here (a parameter). */
static bool
dur_factor(const struct judge *j, char *t, double *v, bool *unit,
    const json_t **decl)
{
	static const struct { const char *n; double ns; } units[] = {
		{ "time.Nanosecond", 1 }, { "time.Microsecond", 1e3 },
		{ "time.Millisecond", 1e6 }, { "time.Second", 1e9 },
		{ "time.Minute", 60e9 }, { "time.Hour", 3600e9 } };
	struct named_num nn = { NULL, 0, NULL };
	size_t n;

	for (;;) {
		n = strlen(t);
		if (strncmp(t, "time.Duration(", 14) == 0 && t[n - 1] == ')') {
			t[n - 1] = '\0';
			t += 14;
		} else if (t[0] == '(' && t[n - 1] == ')') {
			t[n - 1] = '\0';
			t++;
		} else
			break;
	}
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strcmp(t, units[i].n) == 0) {
			*v = units[i].ns;
			*unit = true;
			return true;
		}
	if (parse_f64(t, strlen(t), v))
		return true;
	for (const char *k = t; *k != '\0'; k++)
		if (!ident_byte(*k))
			return false;
	nn.name = t;
	nn.decl = pu_claim_find(j, "3c.generated-numeric-consts", "generated",
	    PU_FOUND, num_const, &nn);
	*v = nn.v;
	*decl = nn.decl;
	return nn.decl != NULL;
}

/* The duration (ns) squeezed text t stands for: a product of factors;
 * with no time unit among them Go reads the number as nanoseconds (an
 * untyped constant converts to time.Duration as is). */
static bool
dur_value(const struct judge *j, const char *t, double *ns, bool *unit,
    const json_t **decl)
{
	char buf[128], *save = NULL;

	snprintf(buf, sizeof(buf), "%s", t);
	*ns = 1;
	*unit = false;
	*decl = NULL;
	if (buf[0] == '\0' || strpbrk(buf, "+-/") != NULL)
		return false;
	for (char *f = strtok_r(buf, "*", &save); f != NULL;
	    f = strtok_r(NULL, "*", &save)) {
		double v;

		if (!dur_factor(j, f, &v, unit, decl))
			return false;
		*ns *= v;
	}
	return true;
}

struct stale_arg {
	const struct judge	*j;
	struct sf_find		*out;
	char			 thr[128];	/* the threshold, squeezed */
};

/* The operand compared with the age at [a, b) of squeezed code: after
 * a '>' (or before a '<'), up to '{', '&&', '||' or the line's end. */
static bool
age_operand(const char *code, const char *a, const char *b, char *thr,
    size_t n)
{
	const char *s, *e;

	if (*b == '>' || (*b == '<' && b[1] != '-')) {
		s = b + 1 + (b[1] == '=');
		for (e = s; *e != '\0' && *e != '{' && strncmp(e, "&&", 2) &&
		    strncmp(e, "||", 2); e++)
			;
	} else if (a > code && (a[-1] == '<' || a[-1] == '>' ||
	    (a[-1] == '=' && a > code + 1 && strchr("<>", a[-2])))) {
		e = a - 1 - (a[-1] == '=');
		for (s = e; s > code && s[-1] != ' ' && s[-1] != '(' &&
		    s[-1] != '&' && s[-1] != '|'; s--)
			;
	} else
		return false;
	snprintf(thr, n, "%.*s", (int)(e - s), s);
	return e > s;
}

/* A comparison of a pod's metrics age, time.Since(x.UpdateTime) (or a
 * local holding it), with a threshold. */
static bool
stale_in(const struct fn_lines *f, void *arg)
{
	struct stale_arg *a = arg;
	char age[64] = "";

	for (size_t i = 0; i < f->n; i++) {
		const char *c = f->code[i], *p = strstr(c, "time.Since(");
		const char *q, *e;

		if (p != NULL && strstr(p, "UpdateTime") != NULL) {
			int depth = 1;

			for (e = p + 11; *e != '\0'; e++)
				if (*e == '(')
					depth++;
				else if (*e == ')' && --depth == 0)
					break;
			q = strstr(c, ":=");
			if (q != NULL && q < p && q + 2 == p && *e == ')' &&
			    e[1] == '\0')	/* age := time.Since(…) */
				snprintf(age, sizeof(age), "%.*s",
				    (int)(q - c), c);
			else if (*e == ')' && age_operand(c, p, e + 1, a->thr,
			    sizeof(a->thr))) {
				found_at(a->out, f, i, i);
				return true;
			}
		} else if (age[0] != '\0' && (p = find_word(c, age)) != NULL &&
		    age_operand(c, p, p + strlen(age), a->thr,
		    sizeof(a->thr))) {
			found_at(a->out, f, i, i);
			return true;
		}
	}
	return false;
}

/* " (T, declared at where)" for the threshold's value. */
static void
stale_value_text(struct sbuf *b, const struct stale_arg *a, double ns,
    bool unit, const json_t *decl)
{
	sbuf_printf(b, "`%s`", a->thr);
	if (decl != NULL) {
		const char *d = rec_get_str(decl, "snippet"), *cut;
		int n;

		d = d != NULL ? d + strspn(d, " \t") : "?";
		cut = strstr(d, "//");
		n = (int)(cut != NULL ? (size_t)(cut - d) : strlen(d));
		while (n > 0 && (d[n - 1] == ' ' || d[n - 1] == '\t'))
			n--;
		sbuf_printf(b, " (%.*s, ", n, d);
		pu_where(b, decl, 0);
		sbuf_adds(b, ")");
	}
	if (!unit)
		sbuf_printf(b, ", a number with no time unit: Go reads it as "
		    "%.0f ns", ns);
}

void
sf_rule_stale(struct judge *j, const struct rule *r, double refresh_us,
    const json_t *refresh)
{
	struct sf_find s = {0};
	struct stale_arg a = { j, &s, "" };
	const json_t *decl;
	double ns, us;
	bool unit;
	enum jverdict_value v;
	struct pu_out o;

	if (!each_function(j, "3c.generated-decisions", "generated", stale_in,
	    &a))
		return;		/* no staleness check of its own */
	pu_out_init(&o, "snapshot.plugin_staleness");
	o.actual = pu_proof_side(s.p, s.line, json_string(s.code));
	pu_ev_add(o.evidence, "where the plugin judges a pod's metrics stale",
	    s.p);
	if (refresh != NULL)
		pu_ev_add(o.evidence, "the router's refresh", refresh);
	sbuf_adds(&o.why, "The generated plugin judges a pod's metrics by "
	    "their age (");
	cite(&o.why, s.p, s.line, s.code);
	sbuf_adds(&o.why, ") against ");
	if (!dur_value(j, a.thr, &ns, &unit, &decl)) {
		sbuf_printf(&o.why, "`%s`, a value not known from the code (a "
		    "parameter or an expression): whether pods count as stale "
		    "between two of the router's polls is not proven.", a.thr);
		pu_out_emit(j, r, &o, V_WARN, "Check the plugin's staleness "
		    "threshold against the router's refresh interval by hand.");
		return;
	}
	if (decl != NULL)
		pu_ev_add(o.evidence, "the threshold's declaration", decl);
	us = ns / 1e3;
	stale_value_text(&o.why, &a, ns, unit, decl);
	sbuf_adds(&o.why, ", that is ");
	snap_ms_text(&o.why, us);
	if (refresh_us <= 0) {
		sbuf_adds(&o.why, ". The router's refresh interval is not "
		    "known (see snapshot.refresh_interval), so whether pods "
		    "count as stale between two polls is not proven.");
		pu_out_emit(j, r, &o, V_WARN, PU_ACT_REVIEW);
		return;
	}
	sbuf_adds(&o.why, "; the router refreshes each pod's metrics every ");
	snap_ms_text(&o.why, refresh_us);
	if (us < refresh_us) {
		sbuf_printf(&o.why, ". Between two polls every pod's metrics "
		    "pass that age: the plugin's stale branch runs for every "
		    "pod about %.0f%% of the time, while the sim's snapshots "
		    "are never stale, so the real admission decides on a "
		    "different signal than the simulated one.",
		    100 * (refresh_us - us) / refresh_us);
		v = V_FAIL;
	} else if (us < 2 * refresh_us) {
		sbuf_adds(&o.why, ". One late poll makes every pod stale: the "
		    "plugin's stale branch runs under load jitter, where the "
		    "sim's never does.");
		v = V_WARN;
	} else {
		sbuf_adds(&o.why, ". A pod's metrics pass that age only when "
		    "polls fail, as in the router's own detector.");
		v = V_PASS;
	}
	pu_out_emit(j, r, &o, v, v == V_PASS ? NULL : "Give the plugin's "
	    "staleness threshold a time unit at least twice the router's "
	    "refresh (the detector's default is 200 * time.Millisecond for "
	    "50 ms polls), rebuild and rerun the treatment arm.");
}
