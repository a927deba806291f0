/* godecl.c - the declaration queries (func, type, field, const, var)
 * over the declaration index, with the struct/interface member reader and
 * the extractors for function bodies (empty_pool, signals, returns). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "gobranch.h"
#include "gofacts.h"
#include "gomask.h"
#include "goqkinds.h"
#include "rec.h"
#include "str.h"

/* ---- struct and interface members ---- */

struct member {
	size_t	 start, end;	/* the member's line(s) */
	char	*names[8];
	size_t	 nnames;
	bool	 embedded;
	size_t	 type_a, type_b;	/* the type's bytes */
	size_t	 tag_a, tag_b;		/* the tag literal, or 0, 0 */
};

static void
member_free(struct member *mb)
{
	for (size_t i = 0; i < mb->nnames; i++)
		free(mb->names[i]);
}

/* Parses the member starting at i (an identifier or '*'); returns false
 * when it is not one. */
static bool
parse_member(const struct gofile *f, size_t i, size_t end, struct member *mb)
{
	const char *m = f->mask;
	size_t p = i, e;

	memset(mb, 0, sizeof(*mb));
	mb->start = i;
	mb->end = end;
	if (m[p] == '*') {
		p++;
		mb->embedded = true;
	}
	for (;;) {
		e = go_ident_end(m, end, p);
		if (e == p)
			break;
		if (mb->nnames < 8)
			mb->names[mb->nnames++] = xstrndup(m + p, e - p);
		p = go_skip_hws(m, end, e);
		if (p < end && m[p] == ',' && !mb->embedded) {
			p = str_skip_space(m, end, p + 1);
			continue;
		}
		break;
	}
	if (mb->nnames == 0)
		return false;
	if (p < end && m[p] == '.') {
		/* pkg.Type: an embedded field named Type. */
		size_t a = p + 1, b = go_ident_end(m, end, a);

		for (size_t k = 0; k < mb->nnames; k++)
			free(mb->names[k]);
		mb->names[0] = xstrndup(m + a, b - a);
		mb->nnames = 1;
		mb->embedded = true;
		p = b;
	} else if (p >= end || f->cls[p] == GC_RAW || f->cls[p] == GC_STRING ||
	    m[p] == '\n' || m[p] == '}') {
		mb->embedded = true;
	}
	mb->type_a = mb->embedded ? i : p;
	mb->type_b = end;
	for (size_t k = p; k < end; k++)
		if (f->cls[k] == GC_RAW || f->cls[k] == GC_STRING) {
			mb->type_b = k;
			mb->tag_a = k;
			for (mb->tag_b = k + 1; mb->tag_b < end &&
			    f->cls[mb->tag_b] == f->cls[k] &&
			    !(f->src[mb->tag_b - 1] == f->src[k] &&
			    mb->tag_b - 1 > k); mb->tag_b++)
				;
			break;
		}
	return true;
}

/* Calls fn for each member of the struct/interface body opened at b. */
static void
each_member(const struct gofile *f, size_t b,
    bool (*fn)(void *, const struct gofile *, struct member *), void *ctx)
{
	const char *m = f->mask;
	size_t be = go_match(m, f->len, b), i = b + 1;

	while (i < be) {
		size_t end;
		struct member mb;
		bool more;

		i = str_skip_space(m, be, i);
		if (i >= be)
			break;
		end = go_stmt_end(m, f->len, i);
		if (end > be)
			end = be;
		if ((go_isident(m[i]) || m[i] == '*') &&
		    parse_member(f, i, end, &mb)) {
			more = fn(ctx, f, &mb);
			member_free(&mb);
			if (!more)
				return;
		}
		i = end + 1;
	}
}

static char *
trailing_comment(const struct gofile *f, size_t a, size_t end)
{
	long line = gofile_line(f, end > a ? end - 1 : a);
	size_t b = gofile_bol(f, line), e = gofile_eol(f, line);

	for (size_t k = b > a ? b : a; k < e; k++)
		if (f->cls[k] == GC_COMMENT) {
			size_t z = e;

			while (z > k && isspace((unsigned char)f->src[z - 1]))
				z--;
			return xstrndup(f->src + k, z - k);
		}
	return NULL;
}

/* ---- extractors for function bodies ---- */

static char *
line_code(const struct gofile *f, long line)
{
	return go_code_text(f, gofile_bol(f, line), gofile_eol(f, line));
}

static json_t *
line_entry(const struct gofile *f, long line, const char *code)
{
	json_t *o = json_object();

	rec_set_i64(o, "line", line);
	rec_set_str(o, "code", code);
	return o;
}

static void
fact_signals(json_t *facts, const struct gquery *q, const struct gofile *f,
    size_t a, size_t b)
{
	json_t *arr = json_array();

	for (long ln = gofile_line(f, a); ln <= gofile_line(f, b - 1); ln++) {
		char *masked = xstrndup(f->mask + gofile_bol(f, ln),
		    gofile_eol(f, ln) - gofile_bol(f, ln));
		bool any = false;

		for (size_t i = 0; i < q->signals.n && !any; i++)
			any = go_has_word(masked, q->signals.v[i]);
		if (any) {
			char *code = line_code(f, ln);

			json_array_append_new(arr, line_entry(f, ln, code));
			free(code);
		}
		free(masked);
	}
	rec_set(facts, "signals", arr);
}

static void
fact_returns(json_t *facts, const struct gofile *f, size_t a, size_t b)
{
	json_t *arr = json_array();

	for (size_t i = a; i < b; i++) {
		if (!go_word_at(f->mask, b, i, "return"))
			continue;
		size_t e = go_stmt_end(f->mask, b, i);
		char *code = go_code_text(f, i, e);

		json_array_append_new(arr, line_entry(f, gofile_line(f, i),
		    code));
		free(code);
		i = e;
	}
	rec_set(facts, "returns", arr);
}

/* if len(x) == 0 { … return V } : what an empty candidate list yields */
static void
fact_empty_pool(json_t *facts, const struct gofile *f, size_t a, size_t b)
{
	const char *m = f->mask;

	for (size_t i = a; i < b; i++) {
		size_t p, br, be;
		char *cond;

		if (!go_word_at(m, b, i, "if"))
			continue;
		for (br = i; br < b && m[br] != '{' && m[br] != '\n'; br++)
			if (m[br] == '(')
				br = go_match(m, b, br);
		if (br >= b || m[br] != '{')
			continue;
		cond = go_code_text(f, i + 2, br);
		if (strncmp(cond, "len(", 4) != 0 || (!str_has_suffix(cond,
		    "== 0") && !str_has_suffix(cond, "< 1"))) {
			free(cond);
			continue;
		}
		be = go_match(m, b, br);
		json_t *o = json_object();

		rec_set_i64(o, "line", gofile_line(f, i));
		rec_set_str(o, "cond", cond);
		free(cond);
		for (p = br; p < be; p++)
			if (go_word_at(m, be, p, "return")) {
				char *r = go_code_text(f, p + 6,
				    go_stmt_end(m, be, p));

				rec_set_str(o, "returns", r);
				free(r);
				break;
			}
		rec_set(facts, "empty_pool", o);
		return;
	}
	rec_set(facts, "empty_pool", json_null());
}

void
goq_body_facts(json_t *facts, const struct gquery *q, const struct gofile *f,
    size_t a, size_t b)
{
	if (q->facts & GF_EMPTY_POOL)
		fact_empty_pool(facts, f, a, b);
	if (q->facts & GF_SIGNALS)
		fact_signals(facts, q, f, a, b);
	if (q->facts & GF_RETURNS)
		fact_returns(facts, f, a, b);
	if (q->facts & GF_METRICS)
		gobranch_metrics(facts, f, a, b);
	if (q->facts & GF_CALLS)
		gobranch_calls(facts, f, a, b);
}

/* ---- the declaration queries ---- */

static bool
recv_matches(const struct gquery *q, const struct gdecl *d)
{
	char *want, *br;
	bool ptr, ok;

	if (q->recv == NULL)
		return true;
	if (d->recv == NULL)
		return false;
	want = xstrdup(q->recv + (q->recv[0] == '*'));
	ptr = q->recv[0] == '*';
	if ((br = strchr(want, '[')) != NULL)
		*br = '\0';
	ok = strcmp(want, d->recv) == 0 && (!ptr || d->recv_ptr);
	free(want);
	return ok;
}

/* The hit of func d with its facts (reads: the signals it names). */
static void
func_hit(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, const struct gdecl *d, json_t *reads,
    struct ghits *out)
{
	json_t *facts = json_object();
	char *sig;

	rec_set_str(facts, "decl", d->recv ? "method" : "func");
	rec_set_str(facts, "name", d->name);
	rec_set_str(facts, "package", ix->pkg);
	if (d->recv != NULL) {
		rec_set_str(facts, "receiver", d->recv);
		rec_set(facts, "pointer", json_boolean(d->recv_ptr));
	}
	sig = go_code_text(f, d->start, d->body == GQ_NONE ? d->end :
	    d->body);
	rec_set_str(facts, "signature", sig);
	free(sig);
	rec_set(facts, "has_body", json_boolean(d->body != GQ_NONE));
	if (reads != NULL)
		rec_set(facts, "reads", reads);
	if (d->body != GQ_NONE)
		goq_body_facts(facts, q, f, d->body, d->end);
	ghits_add(out, d->start, d->end, q->doc ? d->doc : d->start,
	    d->symbol, facts);
}

void
goq_func(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	for (size_t i = 0; i < ix->nd; i++) {
		const struct gdecl *d = &ix->d[i];

		if (d->kind == GD_FUNC && strcmp(d->name, q->name) == 0 &&
		    recv_matches(q, d))
			func_hit(q, f, ix, d, NULL, out);
	}
}

/* Does [a, b) of the mask hold w as a whole word? */
static bool
span_has_word(const char *m, size_t a, size_t b, const char *w)
{
	for (const char *p = m + a; (p = go_find_bytes(p, (size_t)(m + b - p),
	    w)) != NULL; p++)
		if (go_word_at(m, b, (size_t)(p - m), w))
			return true;
	return false;
}

void
goq_readers(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	for (size_t i = 0; i < ix->nd; i++) {
		const struct gdecl *d = &ix->d[i];
		json_t *reads;

		if (d->kind != GD_FUNC || d->body == GQ_NONE ||
		    !recv_matches(q, d))
			continue;
		reads = json_array();
		for (size_t k = 0; k < q->signals.n; k++)
			if (span_has_word(f->mask, d->body, d->end,
			    q->signals.v[k]))
				json_array_append_new(reads,
				    json_string(q->signals.v[k]));
		if (json_array_size(reads) == 0) {
			json_decref(reads);
			continue;
		}
		func_hit(q, f, ix, d, reads, out);
	}
}

static bool
collect_member_names(void *ctx, const struct gofile *f, struct member *mb)
{
	for (size_t i = 0; i < mb->nnames; i++)
		json_array_append_new(ctx, json_string(mb->names[i]));
	return true;
}

static const char *
tkind_name(char k)
{
	switch (k) {
	case 's': return "struct";
	case 'i': return "interface";
	case 'a': return "alias";
	default: return "defined";
	}
}

void
goq_type(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	for (size_t i = 0; i < ix->nd; i++) {
		const struct gdecl *d = &ix->d[i];
		json_t *facts;
		char *text;

		if (d->kind != GD_TYPE || strcmp(d->name, q->name) != 0)
			continue;
		facts = json_object();
		rec_set_str(facts, "type_kind", tkind_name(d->tkind));
		rec_set_str(facts, "package", ix->pkg);
		rec_set(facts, "grouped", json_boolean(d->grouped));
		if (d->body != GQ_NONE) {
			json_t *names = json_array();

			each_member(f, d->body, collect_member_names, names);
			rec_set(facts, "members", names);
		} else {
			text = go_code_text(f, d->start, d->end);
			rec_set_str(facts, "definition", text);
			free(text);
		}
		ghits_add(out, d->start, d->end, q->doc ? d->doc : d->start,
		    d->symbol, facts);
	}
}

struct field_ctx {
	const struct gquery	*q;
	const struct gdecl	*type;
	struct ghits		*out;
};

static bool
field_hit(void *vctx, const struct gofile *f, struct member *mb)
{
	struct field_ctx *c = vctx;
	json_t *facts;
	char *s, sym[512];
	bool match = false;

	for (size_t i = 0; i < mb->nnames; i++)
		match |= strcmp(mb->names[i], c->q->name) == 0;
	if (!match)
		return true;
	facts = json_object();
	rec_set_str(facts, "field", c->q->name);
	s = go_code_text(f, mb->type_a, mb->type_b);
	rec_set_str(facts, "type", s);
	free(s);
	rec_set(facts, "embedded", json_boolean(mb->embedded));
	if (mb->tag_b > mb->tag_a) {
		s = xstrndup(f->src + mb->tag_a, mb->tag_b - mb->tag_a);
		rec_set_str(facts, "tag", s);
		free(s);
	}
	s = trailing_comment(f, mb->start, mb->end);
	rec_set_str(facts, "comment", s);
	free(s);
	rec_set_str(facts, "enclosing_type", c->type->name);
	gofacts_lines(facts, "enclosing", f, c->type->start, c->type->end);
	snprintf(sym, sizeof(sym), "%s.%s", c->type->name, c->q->name);
	{
		size_t bol = gofile_bol(f, gofile_line(f, mb->start));

		ghits_add(c->out, bol, mb->end, c->q->doc ?
		    go_doc_start(f, bol) : bol, sym, facts);
	}
	return true;
}

void
goq_field(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	for (size_t i = 0; i < ix->nd; i++) {
		const struct gdecl *d = &ix->d[i];
		struct field_ctx c = { q, d, out };

		if (d->kind != GD_TYPE || d->tkind != 's' ||
		    d->body == GQ_NONE)
			continue;
		if (q->in_type != NULL && strcmp(d->name, q->in_type) != 0)
			continue;
		each_member(f, d->body, field_hit, &c);
	}
}

static json_t *
const_entry(const struct gofile *f, const struct gindex *ix,
    const struct gdecl *d)
{
	json_t *o = json_object();

	rec_set_str(o, "name", d->name);
	rec_set_i64(o, "line", gofile_line(f, d->start));
	rec_set_str(o, "type", d->vtype);
	rec_set_str(o, "value", d->value);
	gofacts_value(o, d->value, ix);
	return o;
}

void
goq_value(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	enum gdkind want = q->kind == Q_CONST ? GD_CONST : GD_VAR;

	for (size_t i = 0; i < ix->nd; i++) {
		const struct gdecl *d = &ix->d[i];
		bool block;
		json_t *facts, *list;

		if (d->kind != want || strcmp(d->name, q->name) != 0)
			continue;
		block = d->grouped && (q->whole_block || d->iota);
		facts = json_object();
		list = json_array();
		rec_set_str(facts, "package", ix->pkg);
		rec_set(facts, "block", json_boolean(block));
		rec_set(facts, "iota", json_boolean(d->iota));
		for (size_t k = 0; k < ix->nd; k++) {
			const struct gdecl *o = &ix->d[k];

			if (o->kind == want && (block ? o->gstart == d->gstart :
			    o->start == d->start && o->end == d->end))
				json_array_append_new(list,
				    const_entry(f, ix, o));
		}
		rec_set(facts, "values", list);
		if (block)
			ghits_add(out, d->gstart, d->gend, q->doc ? d->gdoc :
			    d->gstart, d->name, facts);
		else
			ghits_add(out, d->start, d->end, q->doc ? d->doc :
			    d->start, d->name, facts);
	}
}
