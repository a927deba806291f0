/* goscale.c - what a '*' or '/' on a line of Go does to the scale of a
 * value (check 3b).  A percent rescale is written many ways in generated
 * code (/ 100, / 100.00, / 1e2, * 1e-2, / float64(100), / pct with
 * const pct = 100), so an operand is judged by the value it stands for,
 * not by its spelling. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "goscale.h"

enum worth { W_OTHER, W_HUNDRED, W_HUNDREDTH };

static bool
ident_byte(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* The worth of the numeric literal [s, s+n): Go's forms (underscores,
 * 0x/0o/0b prefixes, exponents) read by value. */
static enum worth
literal_worth(const char *s, size_t n)
{
	char buf[64], *end;
	size_t k = 0;
	double v;

	for (size_t i = 0; i < n && k + 1 < sizeof(buf); i++)
		if (s[i] != '_')
			buf[k++] = s[i];
	buf[k] = '\0';
	if (k == 0 || !(isdigit((unsigned char)buf[0]) || buf[0] == '.'))
		return W_OTHER;
	if (k > 2 && buf[0] == '0' && strchr("xXoObB", buf[1]) != NULL &&
	    strchr(buf, '.') == NULL && strchr(buf, 'p') == NULL)
		v = (double)strtoull(buf + 2, &end, buf[1] == 'x' ||
		    buf[1] == 'X' ? 16 : buf[1] == 'o' || buf[1] == 'O' ? 8 :
		    2);
	else
		v = strtod(buf, &end);
	if (*end != '\0')
		return W_OTHER;
	if (fabs(v - 100) < 1e-9)
		return W_HUNDRED;
	if (fabs(v - 0.01) < 1e-12)
		return W_HUNDREDTH;
	return W_OTHER;
}

static enum worth	text_worth(const char *t, const struct gindex *ix,
			    const struct goscale_names *names, int depth);

/* The worth of the plain name [s, s+n): a local noted before, else a
 * const or var of the file whose value is worth it (one name deep). */
static enum worth
name_worth(const char *s, size_t n, const struct gindex *ix,
    const struct goscale_names *names, int depth)
{
	char name[128];

	if (n == 0 || n >= sizeof(name) || depth > 2)
		return W_OTHER;
	snprintf(name, sizeof(name), "%.*s", (int)n, s);
	if (names != NULL && strv_find(&names->hundred, name) >= 0)
		return W_HUNDRED;
	if (names != NULL && strv_find(&names->hundredth, name) >= 0)
		return W_HUNDREDTH;
	for (size_t i = 0; ix != NULL && i < ix->nd; i++) {
		const struct gdecl *d = &ix->d[i];

		if ((d->kind == GD_CONST || d->kind == GD_VAR) && !d->iota &&
		    d->value != NULL && strcmp(d->name, name) == 0)
			return text_worth(d->value, ix, NULL, depth + 1);
	}
	return W_OTHER;
}

/* A numeric conversion, float64(…): its argument's value is the value. */
static bool
conversion(const char *s, size_t n)
{
	static const char *const types[] = { "float64", "float32", "int",
		"int32", "int64", "uint", "uint32", "uint64", NULL };

	for (size_t i = 0; types[i] != NULL; i++)
		if (strlen(types[i]) == n && strncmp(s, types[i], n) == 0)
			return true;
	return false;
}

/* An operand starting at i: past blanks, '(' and conversions, the token
 * [*ta, *tb); *opens counts the brackets passed.  The end of the
 * operand (closing brackets included) is returned. */
static size_t
operand(const char *s, size_t i, size_t *ta, size_t *tb, size_t *opens)
{
	*opens = 0;
	for (;;) {
		size_t e;

		while (s[i] == ' ' || s[i] == '\t')
			i++;
		if (s[i] == '(') {
			(*opens)++;
			i++;
			continue;
		}
		for (e = i; ident_byte(s[e]); e++)
			;
		if (e > i && !isdigit((unsigned char)s[i]) &&
		    conversion(s + i, e - i) && s[e] == '(') {
			(*opens)++;
			i = e + 1;
			continue;
		}
		break;
	}
	*ta = i;
	if (isdigit((unsigned char)s[i]) || (s[i] == '.' &&
	    isdigit((unsigned char)s[i + 1])))
		for (; ident_byte(s[i]) || s[i] == '.' || ((s[i] == '+' ||
		    s[i] == '-') && (s[i - 1] == 'e' || s[i - 1] == 'E') &&
		    !(s[*ta] == '0' && (s[*ta + 1] == 'x' ||
		    s[*ta + 1] == 'X'))); i++)
			;
	else
		while (ident_byte(s[i]))
			i++;
	*tb = i;
	for (size_t k = 0; k < *opens; k++) {
		while (s[i] == ' ' || s[i] == '\t')
			i++;
		if (s[i] != ')')
			break;
		i++;
	}
	return i;
}

/* Whether the token [ta, tb) stands alone as the operand: not a field,
 * a call or an index, and (inside brackets) not a term of a sum. */
static bool
alone(const char *s, size_t ta, size_t tb, size_t opens)
{
	size_t k = tb;

	if (tb == ta || (ta > 0 && s[ta - 1] == '.'))
		return false;
	while (s[k] == ' ' || s[k] == '\t')
		k++;
	if (s[k] == '.' || s[k] == '(' || s[k] == '[' || s[k] == '{')
		return false;
	return opens == 0 || (s[k] != '+' && s[k] != '-');
}

static enum worth
token_worth(const char *s, size_t ta, size_t tb, const struct gindex *ix,
    const struct goscale_names *names, int depth)
{
	if (isdigit((unsigned char)s[ta]) || s[ta] == '.')
		return literal_worth(s + ta, tb - ta);
	return name_worth(s + ta, tb - ta, ix, names, depth);
}

/* The worth of a whole value text (a declaration's right side). */
static enum worth
text_worth(const char *t, const struct gindex *ix,
    const struct goscale_names *names, int depth)
{
	size_t ta, tb, opens, e = operand(t, 0, &ta, &tb, &opens);

	while (t[e] == ' ' || t[e] == '\t')
		e++;
	if (t[e] != '\0' || !alone(t, ta, tb, opens))
		return W_OTHER;
	return token_worth(t, ta, tb, ix, names, depth);
}

static const char *
kind_of(char op, enum worth w)
{
	if (w == W_HUNDRED)
		return op == '/' ? "divide_by_100" : "multiply_by_100";
	return op == '/' ? "multiply_by_100" : "multiply_by_0.01";
}

/* A factor before a '*' at i: "100 * x", "float64(100) * x", "pct * x";
 * its start in *start. */
static enum worth
leading_factor(const char *s, size_t i, const struct gindex *ix,
    const struct goscale_names *names, size_t *start)
{
	size_t k = i, closes = 0, tb, ta;

	while (k > 0 && (s[k - 1] == ' ' || s[k - 1] == '\t'))
		k--;
	while (k > 0 && s[k - 1] == ')' && closes < 2) {
		closes++;
		k--;
	}
	tb = k;
	while (k > 0 && (ident_byte(s[k - 1]) || s[k - 1] == '.' ||
	    ((s[k - 1] == '+' || s[k - 1] == '-') && k > 1 &&
	    (s[k - 2] == 'e' || s[k - 2] == 'E') && k > 2 &&
	    isdigit((unsigned char)s[k - 3]))))
		k--;
	ta = k;
	if (ta == tb || (memchr(s + ta, '.', tb - ta) != NULL &&
	    !isdigit((unsigned char)s[ta]) && s[ta] != '.'))
		return W_OTHER;
	for (size_t c = 0; c < closes; c++) {	/* (100) or float64(100) */
		while (k > 0 && (s[k - 1] == ' ' || s[k - 1] == '\t'))
			k--;
		if (k == 0 || s[k - 1] != '(')
			return W_OTHER;
		k--;
		while (k > 0 && ident_byte(s[k - 1]))
			k--;
	}
	*start = k;
	return token_worth(s, ta, tb, ix, names, 0);
}

static void
set_op(char *op, size_t oplen, const char *s, size_t a, size_t b)
{
	while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t'))
		b--;
	snprintf(op, oplen, "%.*s", (int)(b - a), s + a);
}

int
goscale_sign(const char *kind)
{
	return strcmp(kind, "multiply_by_100") == 0 ? 1 : -1;
}

const char *
goscale_kind(const char *code, size_t from, const struct gindex *ix,
    const struct goscale_names *names, size_t *col, size_t *next, char *op,
    size_t oplen)
{
	for (size_t i = from; i < strlen(code); i++) {
		size_t ta, tb, opens, e, start = i;
		enum worth w;

		if ((code[i] != '*' && code[i] != '/') || code[i + 1] == '/' ||
		    (code[i] == '/' && code[i + 1] == '*'))
			continue;
		e = operand(code, i + 1 + (code[i + 1] == '='), &ta, &tb,
		    &opens);
		w = alone(code, ta, tb, opens) ? token_worth(code, ta, tb, ix,
		    names, 0) : W_OTHER;
		if (w == W_OTHER && code[i] == '*') {
			w = leading_factor(code, i, ix, names, &start);
			e = i + 1;
		}
		if (w == W_OTHER)
			continue;
		*col = start;
		*next = e > i ? e : i + 1;
		set_op(op, oplen, code, start, e);
		return kind_of(code[i], w);
	}
	return NULL;
}

double
goscale_value(const char *text)
{
	switch (text_worth(text, NULL, NULL, 0)) {
	case W_HUNDRED:
		return 100;
	case W_HUNDREDTH:
		return 0.01;
	default:
		return 0;
	}
}

/* const pct = 100, var pct float64 = 100, pct := float64(100). */
void
goscale_note(const char *code, const struct gindex *ix,
    struct goscale_names *names)
{
	const char *p = code, *ne, *eq;
	char name[128];
	enum worth w;

	while (*p == ' ' || *p == '\t')
		p++;
	if (strncmp(p, "const ", 6) == 0 || strncmp(p, "var ", 4) == 0)
		p = strchr(p, ' ') + 1;
	while (*p == ' ')
		p++;
	for (ne = p; ident_byte(*ne); ne++)
		;
	if (ne == p || isdigit((unsigned char)*p) || (size_t)(ne - p) >=
	    sizeof(name) || (eq = strchr(ne, '=')) == NULL || eq[1] == '=')
		return;
	for (const char *k = ne; k < eq; k++)	/* a type between, or := */
		if (!(ident_byte(*k) || *k == ' ' || *k == '\t' ||
		    (*k == ':' && k + 1 == eq)))
			return;
	if (eq[-1] != ':' && p == code + strspn(code, " \t"))
		return;			/* a plain assignment: not a definition */
	snprintf(name, sizeof(name), "%.*s", (int)(ne - p), p);
	w = text_worth(eq + 1, ix, names, 0);
	if (w == W_HUNDRED && strv_find(&names->hundred, name) < 0)
		strv_add(&names->hundred, name);
	else if (w == W_HUNDREDTH && strv_find(&names->hundredth, name) < 0)
		strv_add(&names->hundredth, name);
}

void
goscale_names_free(struct goscale_names *names)
{
	strv_free(&names->hundred);
	strv_free(&names->hundredth);
}
