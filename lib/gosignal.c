/* gosignal.c - the signal analyses: 3b, a signal rescaled on its way
 * (/100, *0.01, *100, followed through local assignments), and 4d, the
 * priority dispatch of a generated plugin (switch/case or if-chains, with
 * the tier each branch serves and the mapping checked against the
 * expected tiers). */
#include <ctype.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "gofacts.h"
#include "gomask.h"
#include "gooutcome.h"
#include "goscale.h"
#include "goqkinds.h"
#include "rec.h"
#include "str.h"

/* ---- 3b: rescaling of a signal (/100, *0.01, *100) ---- */

/* Whether column col of line lies in a group divided by, "/ (t * 100)",
 * that does not hold the signal sig: a rescale there works the other way
 * on the signal (x / (t * 100) is x / 100 / t). */
static bool
in_divisor(const char *line, size_t col, const char *sig)
{
	for (size_t i = col; i-- > 0;) {
		size_t depth = 0, e, k = i;
		char *group;
		bool has;

		if (line[i] != '(')
			continue;
		while (k > 0 && (line[k - 1] == ' ' || line[k - 1] == '\t'))
			k--;
		if (k == 0 || line[k - 1] != '/')
			continue;
		for (e = i; line[e] != '\0'; e++)
			if (line[e] == '(')
				depth++;
			else if (line[e] == ')' && --depth == 0)
				break;
		if (line[e] == '\0' || e < col)
			continue;	/* closed before col: not around it */
		group = xstrndup(line + i, e - i + 1);
		has = go_has_word(group, sig);
		free(group);
		if (!has)
			return true;
	}
	return false;
}

/* The transform a rescale in the divisor makes. */
static const char *
inverted(const char *kind)
{
	if (strcmp(kind, "multiply_by_100") == 0)
		return "divide_by_100";
	return "multiply_by_100";	/* / 100 or * 0.01 below the line */
}

/* The rescale the line code makes of sig: its rescales (each turned
 * round in a divisor) summed, so that math.Round(x*100)/100 is none;
 * the first of the winning direction gives *col and op. */
static const char *
line_scale(const char *code, const struct gindex *ix,
    const struct goscale_names *locals, const char *sig, size_t *col,
    char *op, size_t oplen)
{
	const char *k, *kind = NULL;
	char o[64], first_op[2][64];
	size_t c, at = 0, first_col[2] = { 0, 0 };
	const char *first[2] = { NULL, NULL };
	int net = 0;

	while ((k = goscale_kind(code, at, ix, locals, &c, &at, o,
	    sizeof(o))) != NULL) {
		int w;

		if (in_divisor(code, c, sig))
			k = inverted(k);
		w = goscale_sign(k) > 0;
		net += goscale_sign(k);
		if (first[w] == NULL) {
			first[w] = k;
			first_col[w] = c;
			snprintf(first_op[w], sizeof(first_op[w]), "%s", o);
		}
	}
	if (net != 0) {
		int w = net > 0;

		kind = first[w];
		*col = first_col[w];
		snprintf(op, oplen, "%s", first_op[w]);
	}
	return kind;
}

static bool
mentions_any(const char *text, const struct strv *sv, const char **which)
{
	for (size_t i = 0; i < sv->n; i++)
		if (go_has_word(text, sv->v[i])) {
			*which = sv->v[i];
			return true;
		}
	return false;
}

static void
taint_lhs(struct strv *tainted, const char *lhs)
{
	char *t = xstrdup(lhs), *save = NULL;

	for (char *tok = strtok_r(t, ", ", &save); tok != NULL;
	    tok = strtok_r(NULL, ", ", &save))
		if (strcmp(tok, "var") != 0 && strv_find(tainted, tok) < 0 &&
		    go_isident(tok[0]))
			strv_add(tainted, tok);
	free(t);
}

/* The parameter names of func d (the first identifier of each comma
 * part of its parameter list; a part that is a type alone adds a type
 * name, which no body line scales). */
static void
func_params(const struct gofile *f, const struct gdecl *d, struct strv *out)
{
	const char *m = f->mask;
	size_t i = d->start + 4, close, k;

	memset(out, 0, sizeof(*out));
	i = go_skip_hws(m, d->body, i);
	if (i < d->body && m[i] == '(')		/* a method: its receiver */
		while (i < d->body && m[i] != ')')
			i++;
	while (i < d->body && m[i] != '(')
		i++;
	for (close = i; close < d->body && m[close] != ')'; close++)
		;
	for (k = i + 1; k < close; k++) {
		size_t e;

		k = go_skip_hws(m, close, k);
		e = go_ident_end(m, close, k);
		if (e > k && go_isident((unsigned char)m[k]) &&
		    !isdigit((unsigned char)m[k])) {
			char *name = xstrndup(m + k, e - k);

			if (strv_find(out, name) < 0)
				strv_add(out, name);
			free(name);
		}
		while (k < close && m[k] != ',')
			k++;
	}
}

/* A helper the signal was handed to: the call, the signal, and the
 * helpers already followed in this file (each is reported once). */
struct scale_via {
	const char	*call;		/* "asFraction(KVCacheUsagePercent)" */
	const char	*signal;
	struct strv	*followed;
};

static void	scale_lines(const struct gofile *f, const struct gindex *ix,
		    const struct gdecl *d, const struct strv *signals,
		    const struct scale_via *through, struct strv *followed,
		    struct ghits *out);

/* A line of d that hands the signal (or a variable holding it) to a
 * function or method of the same file (a.kvFraction(m.X) as well as
 * asFraction(m.X)): that function's rescales of its parameters are the
 * signal's, one call deep ("via" names the call). */
static void
scale_helpers(const struct gofile *f, const struct gindex *ix,
    const struct gdecl *d, const char *code, const char *sig,
    struct strv *followed, struct ghits *out)
{
	for (size_t i = 0; i < ix->nd; i++) {
		const struct gdecl *h = &ix->d[i];
		char call[160], via[256];
		struct strv params;

		if (h == d || h->kind != GD_FUNC || h->body == GQ_NONE ||
		    strlen(h->name) + 2 > sizeof(call))
			continue;
		snprintf(call, sizeof(call), "%s(", h->name);
		if (!go_has_word(code, h->name) || strstr(code, call) == NULL ||
		    strv_find(followed, h->symbol) >= 0)
			continue;
		strv_add(followed, h->symbol);
		func_params(f, h, &params);
		snprintf(via, sizeof(via), "%s(%s)", h->name, sig);
		scale_lines(f, ix, h, &params, &(struct scale_via){ via, sig,
		    followed }, NULL, out);
		strv_free(&params);
	}
}

/* Each line of d's body that rescales one of signals (directly or
 * through a local it was assigned to).  through: NULL in the function
 * the query names, else the call that handed the signal to this helper
 * (its hits say so; helpers are not followed further). */
static void
scale_lines(const struct gofile *f, const struct gindex *ix,
    const struct gdecl *d, const struct strv *signals,
    const struct scale_via *through, struct strv *followed,
    struct ghits *out)
{
	struct strv tainted = {0};
	struct goscale_names locals = {0};
	const char *m = f->mask;

	for (long ln = gofile_line(f, d->body); ln <= gofile_line(f,
	    d->end - 1); ln++) {
		size_t b = gofile_bol(f, ln), e = gofile_eol(f, ln), opa, opb;
		char *code = xstrndup(m + b, e - b), op[64];
		const char *sig = NULL, *kind;
		bool direct = mentions_any(code, signals, &sig);
		bool via = !direct && mentions_any(code, &tainted, &sig);
		size_t col;

		if ((direct || via) && go_find_assign(m, b, e, &opa, &opb)) {
			char *lhs = go_code_text(f, b, opa);

			taint_lhs(&tainted, lhs);
			free(lhs);
		}
		if ((direct || via) && through == NULL && followed != NULL)
			scale_helpers(f, ix, d, code, direct ? sig :
			    signals->v[0], followed, out);
		goscale_note(code, ix, &locals);
		if ((direct || via) && (kind = line_scale(code, ix, &locals,
		    sig, &col, op, sizeof(op))) != NULL) {
			json_t *facts = json_object();
			char *expr = go_code_text(f, b, e);

			rec_set_str(facts, "signal", through != NULL ?
			    through->signal : direct ? sig : signals->v[0]);
			rec_set_str(facts, "via", through != NULL ?
			    through->call : direct ? "direct" : sig);
			rec_set_str(facts, "transform", kind);
			rec_set_str(facts, "op", op);
			rec_set_str(facts, "expression", expr);
			rec_set_i64(facts, "column", (long)col + 1);
			gofacts_enclosing_func(facts, f, ix, b);
			ghits_add(out, go_skip_hws(m, e, b), e, b, d->symbol,
			    facts);
			free(expr);
		}
		free(code);
	}
	strv_free(&tainted);
	goscale_names_free(&locals);
}

void
goq_scale(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	struct strv followed = {0};

	for (size_t i = 0; i < ix->nd; i++)
		if (ix->d[i].kind == GD_FUNC && ix->d[i].body != GQ_NONE)
			scale_lines(f, ix, &ix->d[i], &q->signals, NULL,
			    &followed, out);
	strv_free(&followed);
}

/* ---- 4d: priority dispatch (switch/case or if-chains) ---- */

/* The integer literal [p, e) of text, negated after a unary minus. */
static void
add_literal(json_t *vals, const char *text, const char *p, const char *e)
{
	bool neg = false;
	int64_t v;

	if (p > text) {
		const char *k = p - 1;

		while (k > text && *k == ' ')
			k--;
		/* Unary minus: after an operator or at start. */
		neg = *k == '-' && (k == text || strchr("=<>!(,: &|", k[-1]) !=
		    NULL);
	}
	if (parse_i64(p, (size_t)(e - p), &v))
		json_array_append_new(vals, json_integer(neg ? -v : v));
}

/* The value of the integer const of this file named [p, e), if any. */
static void
add_const(json_t *vals, const struct gindex *ix, const char *p,
    const char *e)
{
	int64_t v;

	if (gooutcome_const(ix, p, (size_t)(e - p), &v))
		json_array_append_new(vals, json_integer(v));
}

/* Integer literals (with a unary minus) and integer consts of this file
 * named in text. */
static json_t *
cond_values(const char *text, const struct gindex *ix)
{
	json_t *vals = json_array();

	for (const char *p = text; *p; p++) {
		const char *e = p;

		if (isdigit((unsigned char)*p) && (p == text ||
		    (!go_isident(p[-1]) && p[-1] != '.'))) {
			while (go_isident(*e) || *e == '.')
				e++;
			add_literal(vals, text, p, e);
			p = e - 1;
		} else if (go_isident(*p) && (p == text ||
		    !go_isident(p[-1]))) {
			while (go_isident(*e))
				e++;
			add_const(vals, ix, p, e);
			p = e - 1;
		}
	}
	return vals;
}

/* Literal ramps: start, full = 0.005, 0.05 */
static void
add_numbers(json_t *nums, const char *rhs)
{
	char *save = NULL, *t = xstrdup(rhs);

	for (char *tok = strtok_r(t, ", ", &save); tok; tok = strtok_r(NULL,
	    ", ", &save)) {
		double d;

		if (parse_f64(tok, strlen(tok), &d))
			json_array_append_new(nums, rec_num(d));
	}
	free(t);
}

/* What the body [ba, bb) does, line by line: its returns, assignments
 * and the numbers they assign.  all gathers their text for the tier. */
static void
branch_body(json_t *o, const struct gofile *f, size_t ba, size_t bb,
    struct sbuf *all)
{
	json_t *assigns = json_array(), *rets = json_array();
	json_t *nums = json_array();
	const char *m = f->mask;

	for (long ln = gofile_line(f, ba); ln <= gofile_line(f, bb > ba ?
	    bb - 1 : ba); ln++) {
		size_t b = gofile_bol(f, ln), e = gofile_eol(f, ln);
		size_t r, opa, opb;

		b = b < ba ? ba : b;
		e = e > bb ? bb : e;
		if (b >= e)
			continue;
		r = go_skip_hws(m, e, b);
		if (go_word_at(m, e, r, "return")) {
			char *t = go_code_text(f, r + 6, e);

			json_array_append_new(rets, json_string(t));
			sbuf_printf(all, "%s ", t);
			free(t);
		} else if (go_find_assign(m, b, e, &opa, &opb)) {
			json_t *a = json_object();
			char *l = go_code_text(f, b, opa);
			char *rv = go_code_text(f, opb, e);

			rec_set_str(a, "lhs", l);
			rec_set_str(a, "rhs", rv);
			json_array_append_new(assigns, a);
			sbuf_printf(all, "%s %s ", l, rv);
			add_numbers(nums, rv);
			free(l);
			free(rv);
		}
	}
	rec_set(o, "assigns", assigns);
	rec_set(o, "returns", rets);
	rec_set(o, "numbers", nums);
}

/* The tier a branch serves, from its code; literal ramps carry the tier
 * only in a comment, so from the comments in [ca, bb) next, saying so. */
static void
branch_tier(json_t *o, const struct gofile *f, size_t ca, size_t bb,
    const char *code)
{
	const char *tier = gooutcome_tier_of(code);
	struct sbuf com = {0};

	rec_set(o, "tier", tier ? json_string(tier) : json_null());
	rec_set_str(o, "tier_from", tier ? "code" : NULL);
	if (tier != NULL)
		return;
	for (size_t k = ca; k < bb && k < f->len; k++)
		if (f->cls[k] == GC_COMMENT)
			sbuf_addc(&com, f->src[k]);
	tier = gooutcome_tier_of(sbuf_str(&com));
	if (tier != NULL) {
		rec_set_str(o, "tier", tier);
		rec_set_str(o, "tier_from", "comment");
	}
	sbuf_free(&com);
}

/* One branch of a dispatch: its condition [ca, cb) and what its body
 * [ba, bb) does. */
static json_t *
branch(const struct gofile *f, const struct gindex *ix, const char *kind,
    size_t ca, size_t cb, size_t ba, size_t bb)
{
	json_t *o = json_object();
	char *cond = go_code_text(f, ca, cb);
	struct sbuf all = {0};

	rec_set_str(o, "kind", kind);
	rec_set_i64(o, "line", gofile_line(f, ca));
	rec_set_i64(o, "end_line", gofile_line(f, bb > ba ? bb - 1 : ba));
	rec_set_str(o, "cond", cond);
	rec_set(o, "values", cond_values(cond, ix));
	branch_body(o, f, ba, bb, &all);
	branch_tier(o, f, ca, bb, sbuf_str(&all));
	sbuf_free(&all);
	free(cond);
	return o;
}

static const char *
tier_key(char key[32], int64_t priority)
{
	snprintf(key, 32, "%lld", (long long)priority);
	return key;
}

/* {"-50": "sheddable", …}: the priority each single-valued case or if
 * branch names, and the tier its body serves. */
static json_t *
tier_map(json_t *branches)
{
	json_t *map = json_object(), *b;
	size_t i;
	char key[32];

	json_array_foreach(branches, i, b) {
		json_t *vals = json_object_get(b, "values");
		const char *tier = rec_get_str(b, "tier");

		if (tier == NULL || json_array_size(vals) != 1 ||
		    strcmp(rec_get_str(b, "kind"), "else") == 0 ||
		    strcmp(rec_get_str(b, "kind"), "default") == 0)
			continue;
		json_object_set_new(map, tier_key(key, json_integer_value(
		    json_array_get(vals, 0))), json_string(tier));
	}
	return map;
}

/* Each expected priority that no branch serves, or that the wrong tier's
 * parameters serve. */
static json_t *
tier_mismatches(json_t *map, json_t *exp)
{
	json_t *bad = json_array(), *want;
	const char *k;
	char msg[160];

	if (json_object_size(map) == 0)
		return bad;	/* a guard, not a tier dispatch */
	json_object_foreach(exp, k, want) {
		const char *got = rec_get_str(map, k);

		if (got == NULL)
			snprintf(msg, sizeof(msg), "priority %s (%s): no "
			    "branch names its parameters", k,
			    json_string_value(want));
		else if (strcmp(got, json_string_value(want)) != 0)
			snprintf(msg, sizeof(msg), "priority %s (%s) is "
			    "dispatched to %s parameters", k,
			    json_string_value(want), got);
		else
			continue;
		json_array_append_new(bad, json_string(msg));
	}
	return bad;
}

/* mapping, expected tiers, mismatches, and whether the two tiers are
 * served by each other's parameters. */
static void
dispatch_summary(json_t *facts, const struct gquery *q, json_t *branches)
{
	json_t *map = tier_map(branches), *exp = json_object(), *bad;
	char ks[32], kb[32];
	const char *ts, *tb;

	rec_set(facts, "maps_tiers", json_boolean(json_object_size(map) > 0));
	rec_set_str(exp, tier_key(ks, q->tiers[TIER_SHEDDABLE]), "sheddable");
	rec_set_str(exp, tier_key(kb, q->tiers[TIER_BATCH]), "batch");
	bad = tier_mismatches(map, exp);
	rec_set(facts, "mapping", map);
	rec_set(facts, "expected", exp);
	rec_set(facts, "mismatches", bad);
	ts = rec_get_str(map, ks);
	tb = rec_get_str(map, kb);
	rec_set(facts, "swapped", json_boolean(ts && tb &&
	    strcmp(ts, "batch") == 0 && strcmp(tb, "sheddable") == 0));
}

/* Completes a dispatch's facts (form set) and adds its hit [i, end). */
static void
dispatch_hit(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, size_t i, size_t end, json_t *facts,
    json_t *branches, struct ghits *out)
{
	const struct gdecl *d = gindex_func_at(ix, i);

	rec_set(facts, "branches", branches);
	dispatch_summary(facts, q, branches);
	if (d != NULL)
		rec_set(facts, "outcomes", gooutcome_tiers(q, f, ix, d));
	gofacts_enclosing_func(facts, f, ix, i);
	ghits_add(out, i, end, gofile_bol(f, gofile_line(f, i)),
	    d ? d->symbol : NULL, facts);
}

/* The case and default clauses of the switch body {br … be}. */
static json_t *
switch_branches(const struct gofile *f, const struct gindex *ix, size_t br,
    size_t be)
{
	const char *m = f->mask;
	json_t *branches = json_array();
	size_t clause = GQ_NONE, hdr_end = 0;
	const char *ckind = NULL;

	for (size_t k = br + 1; k <= be; k++) {
		bool at_case = go_word_at(m, be, k, "case") ||
		    go_word_at(m, be, k, "default");

		if (k < be && (m[k] == '(' || m[k] == '[' || m[k] == '{')) {
			k = go_match(m, f->len, k);
			continue;
		}
		if (!at_case && k != be)
			continue;
		if (clause != GQ_NONE)
			json_array_append_new(branches, branch(f, ix, ckind,
			    clause, hdr_end, hdr_end + 1, k));
		if (k == be)
			break;
		ckind = m[k] == 'c' ? "case" : "default";
		clause = k + (m[k] == 'c' ? 4 : 7);
		for (hdr_end = clause; hdr_end < be && m[hdr_end] != ':';
		    hdr_end++)
			if (m[hdr_end] == '(' || m[hdr_end] == '[' ||
			    m[hdr_end] == '{')
				hdr_end = go_match(m, f->len, hdr_end);
		k = hdr_end;
	}
	return branches;
}

static void
dispatch_switch(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, size_t i, struct ghits *out)
{
	const char *m = f->mask;
	size_t br = i + 6, be;
	json_t *facts;
	char *tag, *all;
	bool mentions;

	while (br < f->len && m[br] != '{') {
		if (m[br] == '(' || m[br] == '[')
			br = go_match(m, f->len, br);
		br++;
	}
	if (br >= f->len)
		return;
	tag = go_code_text(f, i + 6, br);
	be = go_match(m, f->len, br);
	/* A tagless switch mentions the signal in its cases. */
	all = go_code_text(f, i, be);
	mentions = regexec(&q->re, tag, 0, NULL, 0) == 0 ||
	    (*tag == '\0' && regexec(&q->re, all, 0, NULL, 0) == 0);
	free(all);
	if (!mentions || be >= f->len) {
		free(tag);
		return;
	}
	facts = json_object();
	rec_set_str(facts, "form", "switch");
	rec_set_str(facts, "tag", tag);
	dispatch_hit(q, f, ix, i, be + 1, facts, switch_branches(f, ix, br,
	    be), out);
	free(tag);
}

/* Is the if at i the tail of an `else if` (not the head of a chain)? */
static bool
after_else(const char *m, size_t len, size_t i)
{
	size_t k = i;

	while (k > 0 && isspace((unsigned char)m[k - 1]))
		k--;
	return k >= 4 && go_word_at(m, len, k - 4, "else");
}

/* The branches of the if-chain at i; *end: after its last block;
 * *mentions: a condition names a signal. */
static json_t *
if_branches(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, size_t i, size_t *end, bool *mentions)
{
	const char *m = f->mask;
	json_t *branches = json_array();
	size_t p = i;
	bool first = true;

	while (p < f->len) {
		size_t ca, br, be;
		bool is_else = !go_word_at(m, f->len, p, "if");
		char *cond;

		ca = is_else ? p : p + 2;
		for (br = ca; br < f->len && m[br] != '{'; br++)
			if (m[br] == '(' || m[br] == '[')
				br = go_match(m, f->len, br);
		if (br >= f->len)
			break;
		be = go_match(m, f->len, br);
		if (be >= f->len)
			break;
		cond = go_code_text(f, ca, br);
		*mentions |= regexec(&q->re, cond, 0, NULL, 0) == 0;
		free(cond);
		json_array_append_new(branches, branch(f, ix, is_else ? "else" :
		    first ? "if" : "else if", ca, br, br + 1, be));
		first = false;
		*end = be + 1;
		p = str_skip_space(m, f->len, be + 1);
		if (is_else || !go_word_at(m, f->len, p, "else"))
			break;
		p = str_skip_space(m, f->len, p + 4);
	}
	return branches;
}

static void
dispatch_if(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, size_t i, struct ghits *out)
{
	json_t *branches, *facts;
	size_t end = i;
	bool mentions = false;

	if (after_else(f->mask, f->len, i))
		return;
	branches = if_branches(q, f, ix, i, &end, &mentions);
	if (!mentions || json_array_size(branches) < 1) {
		json_decref(branches);
		return;
	}
	facts = json_object();
	rec_set_str(facts, "form", "if");
	dispatch_hit(q, f, ix, i, end, facts, branches, out);
}

void
goq_dispatch(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	for (size_t k = 0; k < ix->nd; k++) {
		const struct gdecl *d = &ix->d[k];

		if (d->kind != GD_FUNC || d->body == GQ_NONE)
			continue;
		for (size_t i = d->body; i < d->end; i++) {
			if (go_word_at(f->mask, d->end, i, "switch"))
				dispatch_switch(q, f, ix, i, out);
			else if (go_word_at(f->mask, d->end, i, "if"))
				dispatch_if(q, f, ix, i, out);
		}
	}
}
