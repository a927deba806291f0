/* gostmt.c - the statement-level queries: assignments, calls, composite
 * literal keys, string literals and line regexes, each found on the mask
 * anywhere in a file and placed in its enclosing func. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "gofacts.h"
#include "gomask.h"
#include "goqkinds.h"
#include "rec.h"
#include "str.h"

void
goq_assign(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	const char *m = f->mask;

	for (long ln = 1; (size_t)ln <= f->nlines; ln++) {
		size_t b = gofile_bol(f, ln), e = gofile_eol(f, ln), opa, opb;
		char *lhs, *rhs, *op;
		json_t *facts;

		if (q->literal != NULL && go_find_bytes(m + b, e - b,
		    q->literal) == NULL)
			continue;
		if (!go_find_assign(m, b, e, &opa, &opb))
			continue;
		lhs = go_code_text(f, b, opa);
		if (regexec(&q->re, lhs, 0, NULL, 0) != 0) {
			free(lhs);
			continue;
		}
		size_t end = go_stmt_end(m, f->len, opb);

		facts = json_object();
		op = xstrndup(m + opa, opb - opa);
		rhs = go_code_text(f, opb, end);
		rec_set_str(facts, "lhs", lhs);
		rec_set_str(facts, "op", op);
		rec_set_str(facts, "rhs", rhs);
		gofacts_value(facts, rhs, ix);
		gofacts_enclosing_func(facts, f, ix, b);
		ghits_add(out, go_skip_hws(m, e, b), end, b, lhs, facts);
		free(lhs);
		free(rhs);
		free(op);
	}
}

void
goq_call(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	const char *m = f->mask;

	for (size_t i = 1; i < f->len; i++) {
		size_t s, close;
		char *chain;
		json_t *facts;

		if (m[i] != '(' || !go_isident(m[i - 1]))
			continue;
		s = go_chain_start(m, i);
		if (q->literal != NULL && go_find_bytes(m + s, i - s,
		    q->literal) == NULL)
			continue;
		chain = xstrndup(m + s, i - s);
		if (regexec(&q->re, chain, 0, NULL, 0) != 0 ||
		    strcmp(chain, "func") == 0 || gindex_in_signature(ix, s)) {
			free(chain);
			continue;
		}
		close = go_match(m, f->len, i);
		facts = json_object();
		rec_set_str(facts, "callee", chain);
		rec_set(facts, "args", gofacts_call_args(f, i, close));
		gofacts_enclosing_func(facts, f, ix, s);
		ghits_add(out, s, close < f->len ? close + 1 : f->len, s, chain,
		    facts);
		free(chain);
	}
}

/* The key of the composite-literal element whose ':' is at i: [*s, *a),
 * an identifier right after '{' or ','; false when there is none. */
static bool
element_key(const char *m, size_t i, size_t *s, size_t *a)
{
	size_t p;

	*a = i;
	while (*a > 0 && (m[*a - 1] == ' ' || m[*a - 1] == '\t'))
		(*a)--;
	*s = *a;
	while (*s > 0 && go_isident(m[*s - 1]))
		(*s)--;
	if (*s == *a)
		return false;
	p = *s;
	while (p > 0 && isspace((unsigned char)m[p - 1]))
		p--;
	return p > 0 && (m[p - 1] == '{' || m[p - 1] == ',');
}

/* The end of the element value starting at v: its ',' or the bracket
 * that closes the literal. */
static size_t
element_end(const char *m, size_t len, size_t v)
{
	size_t ve;

	for (ve = v; ve < len && m[ve] != ','; ve++) {
		if (m[ve] == '(' || m[ve] == '[' || m[ve] == '{')
			ve = go_match(m, len, ve);
		else if (m[ve] == ')' || m[ve] == ']' || m[ve] == '}')
			break;
	}
	return ve > len ? len : ve;
}

/* The element [s, ve), or with --enclosing the literal around it. */
static void
keyval_hit(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, size_t s, size_t ve, const char *key,
    const char *val, struct ghits *out)
{
	const char *m = f->mask;
	json_t *facts = json_object();
	size_t o = q->enclosing ? go_enclosing_open(m, s, '{') : GQ_NONE;

	rec_set_str(facts, "key", key);
	rec_set_str(facts, "value", val);
	gofacts_value(facts, val, ix);
	gofacts_lines(facts, "keyval", f, s, ve);
	gofacts_enclosing_func(facts, f, ix, s);
	if (o != GQ_NONE) {
		size_t oe = go_match(m, f->len, o);
		size_t ob = gofile_bol(f, gofile_line(f, o));

		ghits_add(out, ob, oe < f->len ? oe + 1 : f->len, ob, key,
		    facts);
	} else {
		ghits_add(out, s, ve + (ve < f->len && m[ve] == ','), s, key,
		    facts);
	}
}

void
goq_keyval(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	const char *m = f->mask;

	for (size_t i = 1; i + 1 < f->len; i++) {
		size_t a, s, v, ve;
		char *key, *val;

		if (m[i] != ':' || m[i + 1] == '=' ||
		    !element_key(m, i, &s, &a))
			continue;
		if (q->literal != NULL && go_find_bytes(m + s, a - s,
		    q->literal) == NULL)
			continue;
		key = xstrndup(m + s, a - s);
		if (regexec(&q->re, key, 0, NULL, 0) != 0) {
			free(key);
			continue;
		}
		v = str_skip_space(m, f->len, i + 1);
		ve = element_end(m, f->len, v);
		val = go_code_text(f, v, ve);
		if (!q->has_value_re || regexec(&q->value_re, val, 0, NULL,
		    0) == 0)
			keyval_hit(q, f, ix, s, ve, key, val, out);
		free(key);
		free(val);
	}
}

/* The literal starting at i ("…" or `…`): its end (exclusive) and its
 * value (escapes of interpreted strings decoded). */
static size_t
literal_at(const struct gofile *f, size_t i, struct sbuf *val)
{
	char delim = f->src[i];
	size_t j = i + 1;

	sbuf_reset(val);
	while (j < f->len && f->cls[j] == f->cls[i]) {
		char c = f->src[j];

		if (c == delim) {
			j++;
			break;
		}
		if (delim == '"' && c == '\\' && j + 1 < f->len) {
			char n = f->src[j + 1];

			sbuf_addc(val, n == 'n' ? '\n' : n == 't' ? '\t' :
			    n == 'r' ? '\r' : n);
			j += 2;
			continue;
		}
		sbuf_addc(val, c);
		j++;
	}
	return j;
}

/* Where the literal [i, j) stands, as [*s, *e) and what "in" says: the
 * const or var spec that holds it (*sym its name), the call whose
 * arguments hold it (facts.callee), or else its line. */
static const char *
string_site(const struct gofile *f, const struct gindex *ix, size_t i,
    size_t j, size_t *s, size_t *e, const char **sym, json_t *facts)
{
	size_t o;
	char *callee;

	for (size_t k = 0; k < ix->nd; k++) {
		const struct gdecl *d = &ix->d[k];

		if ((d->kind == GD_CONST || d->kind == GD_VAR) &&
		    d->start <= i && i < d->end) {
			*s = d->start;
			*e = d->end;
			*sym = d->name;
			return d->kind == GD_CONST ? "const" : "var";
		}
	}
	o = go_enclosing_open(f->mask, i, '(');
	if (o == GQ_NONE || o == 0 || !go_isident(f->mask[o - 1])) {
		*s = gofile_bol(f, gofile_line(f, i));
		*e = j;
		return "line";
	}
	*s = go_chain_start(f->mask, o);
	*e = go_match(f->mask, f->len, o) + 1;
	callee = xstrndup(f->mask + *s, o - *s);
	rec_set_str(facts, "callee", callee);
	free(callee);
	return "call";
}

void
goq_string(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	struct sbuf val = {0};

	for (size_t i = 0; i < f->len; i++) {
		size_t j, s, e;
		const char *in, *sym = NULL;
		json_t *facts;

		if ((f->cls[i] != GC_STRING && f->cls[i] != GC_RAW) ||
		    (f->src[i] != '"' && f->src[i] != '`'))
			continue;
		j = literal_at(f, i, &val);
		if (strcmp(sbuf_str(&val), q->name) != 0) {
			i = j - 1;
			continue;
		}
		facts = json_object();
		rec_set_str(facts, "value", q->name);
		rec_set_str(facts, "literal", f->src[i] == '`' ? "raw" :
		    "interpreted");
		in = string_site(f, ix, i, j, &s, &e, &sym, facts);
		if (e > f->len)
			e = f->len;
		rec_set_str(facts, "in", in);
		gofacts_enclosing_func(facts, f, ix, i);
		ghits_add(out, s, e, s, sym, facts);
		i = j - 1;
	}
	sbuf_free(&val);
}

/* whole_block on a regex hit of Go code whose line opens a block (ends
 * with "{" on the mask: an if, for, switch or func): the hit runs to the
 * line of its closing brace, and the facts asked for (returns …) are the
 * block's, so that a guard's condition and what its branch returns are
 * one record.  *e is moved; a line that opens nothing is left alone. */
static void
regex_block(const struct gquery *q, const struct gofile *f, long ln,
    size_t *e, json_t *facts)
{
	size_t b = gofile_bol(f, ln), br = *e, close;

	while (br > b && (f->mask[br - 1] == ' ' || f->mask[br - 1] == '\t' ||
	    f->mask[br - 1] == '\r'))
		br--;
	if (br == b || f->mask[br - 1] != '{')
		return;
	close = go_match(f->mask, f->len, br - 1);
	if (close >= f->len)
		return;
	*e = gofile_eol(f, gofile_line(f, close));
	goq_body_facts(facts, q, f, br, close);
}

void
goq_regex(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	const char *text = q->code_only ? f->mask : f->src;
	struct sbuf line = {0};

	for (long ln = 1; (size_t)ln <= f->nlines; ln++) {
		size_t b = gofile_bol(f, ln), e = gofile_eol(f, ln);
		regmatch_t mt;
		json_t *facts;

		if (b >= f->len && ln > 1)
			break;
		if (q->literal != NULL && go_find_bytes(text + b, e - b,
		    q->literal) == NULL)
			continue;
		sbuf_reset(&line);
		sbuf_add(&line, text + b, e - b);
		if (regexec(&q->re, sbuf_str(&line), 1, &mt, 0) != 0)
			continue;
		facts = json_object();
		{
			char *match = xstrndup(f->src + b + mt.rm_so,
			    (size_t)(mt.rm_eo - mt.rm_so));

			rec_set_str(facts, "match", match);
			free(match);
		}
		rec_set_i64(facts, "column", (long)mt.rm_so + 1);
		if (ix != NULL)
			gofacts_enclosing_func(facts, f, ix, b);
		if (ix != NULL && q->whole_block)
			regex_block(q, f, ln, &e, facts);
		ghits_add(out, b, e, b, NULL, facts);
	}
	sbuf_free(&line);
}
