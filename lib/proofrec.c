/* proofrec.c - proof records: a hit's record (source, snippet, SHA-256,
 * facts), the not-found record with what was scanned, how one query's
 * hits are reported (first alternative with hits, max_hits and the
 * "capped" record past it, unique), and
 * the --format text rendering of a record. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "proofpass.h"
#include "rec.h"

static json_t *
base_record(const struct gquery *top, const char *status)
{
	json_t *r = rec_new("proof");

	rec_set_str(r, "check", top->check);
	rec_set_str(r, "claim", top->id);
	rec_set_str(r, "title", top->title);
	rec_set_str(r, "status", status);
	return r;
}

static json_t *
top_query_json(const struct gquery *top, const struct gquery *leaf)
{
	json_t *q;

	if (top->nalts == 0 || leaf != NULL)
		return gquery_json(leaf ? leaf : top);
	q = json_object();
	json_t *alts = json_array();

	for (size_t i = 0; i < top->nalts; i++)
		json_array_append_new(alts, gquery_json(&top->alts[i]));
	rec_set(q, "kind", json_string("any_of"));
	rec_set(q, "any_of", alts);
	return q;
}

static json_t *
src_json(const struct gsource *s)
{
	json_t *o = json_object();

	rec_set_str(o, "label", s->label);
	rec_set_str(o, "role", gsrc_role_name(s->role));
	rec_set_str(o, "commit", s->commit);
	return o;
}

/* source{label, role, commit, file, line, end_line, column, doc_line,
 * how} of a hit. */
static json_t *
hit_source_json(const struct gquery *q, const struct gsource *s,
    const struct presult *r)
{
	json_t *src = src_json(s);
	const char *how;

	rec_set_str(src, "file", r->file);
	rec_set_i64(src, "line", r->line);
	rec_set_i64(src, "end_line", r->end_line);
	if (r->column > 0)
		rec_set_i64(src, "column", r->column);
	if (r->doc_line > 0)
		rec_set_i64(src, "doc_line", r->doc_line);
	switch (q->kind) {
	case Q_REGEX: how = q->code_only ? "line regex on comment- and "
	    "literal-masked text" : "line regex on the original text"; break;
	case Q_YAML: how = "YAML key path (libyaml)"; break;
	default: how = "Go lexer masks comments and literals; spans are "
	    "bracket-matched on the masked text";
	}
	rec_set_str(src, "how", how);
	return src;
}

/* snippet, cut to the query's max_lines, and truncated. */
static void
set_snippet(json_t *rec, const struct gquery *q, const struct presult *r)
{
	const char *p = r->snippet;
	char *cut;

	if (q->max_lines <= 0 || r->nlines <= q->max_lines) {
		rec_set_str(rec, "snippet", r->snippet);
		rec_set(rec, "truncated", json_false());
		return;
	}
	for (long i = 0; i < q->max_lines && p; i++) {
		p = strchr(p, '\n');
		if (p != NULL && i + 1 < q->max_lines)
			p++;
	}
	cut = xstrndup(r->snippet, p ? (size_t)(p - r->snippet) :
	    strlen(r->snippet));
	rec_set_str(rec, "snippet", cut);
	free(cut);
	rec_set(rec, "truncated", json_true());
}

void
proof_emit_hit(struct emitter *em, const struct gquery *top,
    const struct gquery *q, const struct gsource *s, const struct presult *r,
    const char *status, size_t nth, size_t total)
{
	json_t *rec = base_record(top, status);

	rec_set(rec, "query", top_query_json(top, q));
	rec_set(rec, "source", hit_source_json(q, s, r));
	if (r->symbol != NULL)
		rec_set_str(rec, "symbol", r->symbol);
	else
		rec_set(rec, "symbol", json_null());
	set_snippet(rec, q, r);
	rec_set_str(rec, "sha256", r->sha);
	rec_set_i64(rec, "hit", (json_int_t)nth);
	rec_set_i64(rec, "hits", (json_int_t)total);
	rec_set(rec, "facts", json_incref(r->facts));
	json_array_append_new(em->recs, rec);
}

void
proof_emit_none(struct emitter *em, const struct gquery *top,
    const struct gsource *s, long scanned, long missing, const char *status,
    const char *why)
{
	json_t *rec = base_record(top, status);

	rec_set(rec, "query", top_query_json(top, NULL));
	rec_set(rec, "source", src_json(s));
	rec_set_i64(rec, "files_scanned", scanned);
	if (missing > 0)
		rec_set_i64(rec, "files_missing", missing);
	rec_set_str(rec, "why", why);
	json_array_append_new(em->recs, rec);
}

static size_t
distinct_defs(const struct leaf *l)
{
	size_t n = 0;

	for (size_t i = 0; i < l->n; i++) {
		bool seen = false;

		for (size_t k = 0; k < i && !seen; k++)
			seen = strcmp(l->r[k].def, l->r[i].def) == 0;
		n += !seen;
	}
	return n;
}

/* No leaf has a hit: one not_found record with the most files any
 * alternative scanned. */
static int
report_not_found(struct emitter *em, const struct gquery *top,
    const struct leaf *ls, size_t nl, const struct pass *p)
{
	const char *what = top->nalts ? "alternative" :
	    gquery_kind_name(top->kind);
	const char *name = top->nalts ? "" : top->name ? top->name :
	    top->signals.n ? top->signals.v[0] : "";
	const char *tail = top->expect_none ? " (as expected)" : "";
	long scanned = 0;
	char why[512];

	for (size_t i = 0; i < nl; i++)
		scanned = ls[i].scanned > scanned ? ls[i].scanned : scanned;
	/* "in 0 files" would hide that there was nothing to read. */
	if (scanned == 0)
		snprintf(why, sizeof(why), "no %s matches %s: no files to "
		    "search%s", what, name, tail);
	else
		snprintf(why, sizeof(why), "no %s matches %s in %ld file%s%s",
		    what, name, scanned, scanned == 1 ? "" : "s", tail);
	proof_emit_none(em, top, p->src, scanned, p->gs.missing,
	    "not_found", why);
	return top->expect_none ? 0 : 1;
}

/* The hits past max_hits: one "capped" record that says how many there
 * are and lists each (file, line, symbol, the regex match), so that a
 * count over the query's hits never stops at the cap. */
static void
report_capped(struct emitter *em, const struct gquery *top,
    const struct leaf *l, size_t shown, const struct pass *p)
{
	json_t *rec = base_record(top, "capped"), *rest = json_array();
	char why[256];

	for (size_t i = shown; i < l->n; i++) {
		const struct presult *r = &l->r[i];
		json_t *o = json_object();

		rec_set_str(o, "file", r->file);
		rec_set_i64(o, "line", r->line);
		if (r->symbol != NULL)
			rec_set_str(o, "symbol", r->symbol);
		rec_set_str(o, "match", rec_get_str(r->facts, "match"));
		json_array_append_new(rest, o);
	}
	snprintf(why, sizeof(why), "%zu hits, %zu shown (max_hits %zu); the "
	    "other %zu are listed in omitted", l->n, shown, shown,
	    l->n - shown);
	rec_set(rec, "query", top_query_json(top, l->q));
	rec_set(rec, "source", src_json(p->src));
	rec_set_i64(rec, "files_scanned", l->scanned);
	rec_set_i64(rec, "hits", (json_int_t)l->n);
	rec_set_i64(rec, "shown", (json_int_t)shown);
	rec_set(rec, "omitted", rest);
	rec_set_str(rec, "why", why);
	json_array_append_new(em->recs, rec);
}

int
proof_report_query(struct emitter *em, const struct gquery *top,
    struct leaf *ls, size_t nl, struct pass *p)
{
	struct leaf *l = NULL;
	size_t shown = 0;
	bool ambiguous;
	const char *status;
	long max;

	for (size_t i = 0; i < nl && l == NULL; i++)
		if (ls[i].n > 0)
			l = &ls[i];
	if (l == NULL)
		return report_not_found(em, top, ls, nl, p);
	ambiguous = top->unique && distinct_defs(l) > 1;
	status = ambiguous ? "ambiguous" : "found";
	max = top->max_hits > 0 ? top->max_hits : l->q->max_hits;
	for (size_t i = 0; i < l->n; i++) {
		if (!ambiguous && max > 0 && (long)shown >= max)
			break;
		proof_emit_hit(em, top, l->q, p->src, &l->r[i], status,
		    ++shown, l->n);
	}
	if (shown < l->n)
		report_capped(em, top, l, shown, p);
	if (ambiguous)
		return 3;
	return top->expect_none ? 1 : 0;
}

/* --format text: a header per record, then the numbered snippet. */
static void
text_record(FILE *out, const json_t *rec)
{
	const json_t *src = json_object_get(rec, "source");
	const char *commit = rec_get_str(src, "commit");
	const char *snippet = rec_get_str(rec, "snippet");
	const char *file = rec_get_str(src, "file");
	double line = 0, end = 0, doc = 0;

	fprintf(out, "== %s %s [%s] %s", rec_get_str(rec, "check") ?
	    rec_get_str(rec, "check") : "-", rec_get_str(rec, "claim") ?
	    rec_get_str(rec, "claim") : "-", rec_get_str(rec, "status"),
	    rec_get_str(src, "label") ? rec_get_str(src, "label") : "");
	if (commit != NULL)
		fprintf(out, "@%.12s", commit);
	if (file == NULL) {
		fprintf(out, ": %s\n", rec_get_str(rec, "why"));
		return;
	}
	rec_get_num(src, "line", &line);
	rec_get_num(src, "end_line", &end);
	if (!rec_get_num(src, "doc_line", &doc))
		doc = line;
	fprintf(out, " %s:%.0f-%.0f %s\n", file, line, end,
	    rec_get_str(rec, "symbol") ? rec_get_str(rec, "symbol") : "");
	for (long n = (long)doc; snippet != NULL && *snippet; n++) {
		const char *nl = strchr(snippet, '\n');
		int w = nl ? (int)(nl - snippet) : (int)strlen(snippet);

		fprintf(out, "%6ld | %.*s\n", n, w, snippet);
		snippet = nl ? nl + 1 : "";
	}
}

void
proof_write(const struct emitter *em, const struct gproof_opts *o)
{
	size_t i;
	json_t *rec;

	json_array_foreach(em->recs, i, rec) {
		if (o->text)
			text_record(o->out, rec);
		else
			rec_emit(o->out, json_incref(rec));
	}
	rec_finish(o->out);
}
