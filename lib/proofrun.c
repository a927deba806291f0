/* proofrun.c - see proofrun.h: the driver.  Each source is walked once;
 * each file is lexed and indexed at most once, for every query that wants
 * it, and its hits are made permanent (presult) before the file is freed.
 * Records are written after every pass, in query order. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "proofpass.h"
#include "str.h"

const char *
gsrc_role_name(enum gsrc_role r)
{
	static const char *const names[] = { "router", "generated", "sim" };

	return names[r];
}

static struct gsource *
gsource_new(struct gsource **v, size_t *n, enum gsrc_role role,
    const char *label)
{
	struct gsource *s;

	*v = xreallocarray(*v, *n + 1, sizeof(**v));
	s = &(*v)[(*n)++];
	memset(s, 0, sizeof(*s));
	s->role = role;
	s->label = xstrdup(label);
	return s;
}

/* A codebase is labelled by its folder's name. */
static const char *
dir_label(const char *dir)
{
	const char *base = strrchr(dir, '/');

	return base && base[1] ? base + 1 : dir;
}

struct gsource *
gsource_add_tree(struct gsource **v, size_t *n, enum gsrc_role role,
    const char *dir)
{
	struct gsource *s = gsource_new(v, n, role, role == ROLE_GENERATED ?
	    "real" : role == ROLE_SIM ? "sim" : dir_label(dir));

	s->root = xstrdup(dir);
	if (role == ROLE_GENERATED) {
		strv_add(&s->prefixes, "generated/");
	} else if (role == ROLE_SIM) {
		strv_add(&s->prefixes, "algorithm/");
		strv_add(&s->prefixes, "algorithms/");
	}
	return s;
}

struct gsource *
gsource_add_git(struct gsource **v, size_t *n, const char *git_dir)
{
	struct gsource *s = gsource_new(v, n, ROLE_ROUTER, dir_label(git_dir));

	s->git_dir = xstrdup(git_dir);
	return s;
}

void
gsource_free(struct gsource *s)
{
	free(s->label);
	free(s->root);
	free(s->git_dir);
	free(s->rev);
	free(s->commit);
	strv_free(&s->prefixes);
}

void
presult_free(struct presult *r)
{
	free(r->file);
	free(r->snippet);
	free(r->symbol);
	free(r->def);
	json_decref(r->facts);
}

void
presult_make(struct presult *r, const struct gofile *f, struct ghit *h)
{
	long a, b, d;
	size_t sa, sb;
	char buf[64];

	memset(r, 0, sizeof(*r));
	a = gofile_line(f, h->start);
	b = gofile_line(f, h->end > h->start ? h->end - 1 : h->start);
	d = gofile_line(f, h->doc);
	r->file = xstrdup(f->path);
	r->line = a;
	r->end_line = b < a ? a : b;
	r->doc_line = d < a ? d : 0;
	r->column = gofile_column(f, h->start);
	sa = gofile_bol(f, d < a ? d : a);
	sb = gofile_eol(f, r->end_line);
	r->snippet = xstrndup(f->src + sa, sb - sa);
	r->nlines = r->end_line - (d < a ? d : a) + 1;
	sha256_hex(f->src + sa, sb - sa, r->sha);
	r->symbol = h->symbol ? xstrdup(h->symbol) : NULL;
	snprintf(buf, sizeof(buf), ":%ld", a);
	r->def = xmalloc(strlen(f->path) + strlen(h->symbol ? h->symbol :
	    buf) + 2);
	sprintf(r->def, "%s:%s", f->path, h->symbol ? h->symbol : buf);
	r->facts = json_incref(h->facts);
}

void
presult_span(struct presult *r, const struct gofile *f, size_t start,
    size_t end, size_t doc, const char *symbol, json_t *facts)
{
	struct ghits h = {0};

	ghits_add(&h, start, end, doc, symbol, facts);
	presult_make(r, f, &h.v[0]);
	ghits_free(&h);
}

static void
leaf_take(struct leaf *l, const struct gofile *f, struct ghits *h)
{
	for (size_t i = 0; i < h->n; i++) {
		if (l->n == l->cap) {
			l->cap = l->cap ? l->cap * 2 : 8;
			l->r = xreallocarray(l->r, l->cap, sizeof(*l->r));
		}
		presult_make(&l->r[l->n++], f, &h->v[i]);
	}
}

static bool
want_file(void *ctx, const struct srcfile *sf)
{
	struct pass *p = ctx;
	bool under = p->src->prefixes.n == 0;

	for (size_t i = 0; i < p->src->prefixes.n && !under; i++)
		under = str_has_prefix(sf->path, p->src->prefixes.v[i]);
	if (!under)
		return false;
	if (p->reg.q != NULL && gquery_wants_path(p->reg.q, sf->path))
		return true;
	for (size_t i = 0; i < p->nleaves; i++)
		if (gquery_wants_path(p->leaves[i].q, sf->path))
			return true;
	return false;
}

/* A file read once: lexed, and indexed when it is Go, on first need. */
struct lexed {
	struct gofile	f;
	struct gindex	ix;
	bool		done;
};

static void
lex_once(struct lexed *lx, const struct srcfile *sf, char *data, size_t len,
    bool go)
{
	if (lx->done)
		return;
	gofile_init(&lx->f, xstrdup(sf->path), data, len);
	if (go) {
		gofile_need_closed(&lx->f);
		gindex_build(&lx->ix, &lx->f);
	}
	lx->done = true;
}

static void
answer_leaf(struct leaf *l, const struct lexed *lx, bool go)
{
	struct ghits h = {0};

	if (l->q->kind == Q_YAML) {
		char msg[300];

		if (!goq_yaml(l->q, &lx->f, &h, msg, sizeof(msg)))
			s2r_warn("%s: skipped: %s", lx->f.path, msg);
	} else if (go) {
		goq_file(l->q, &lx->f, &lx->ix, &h);
	} else if (l->q->kind == Q_REGEX) {
		goq_file(l->q, &lx->f, NULL, &h);
	}
	leaf_take(l, &lx->f, &h);
	ghits_free(&h);
}

static void
each_file(void *ctx, const struct srcfile *sf, char *data, size_t len)
{
	struct pass *p = ctx;
	struct lexed lx;
	bool go = str_has_suffix(sf->path, ".go");
	bool gen = go && golex_is_generated(data, len);
	bool reg = p->reg.q != NULL && go && gquery_wants_file(p->reg.q,
	    sf->path, gen);

	memset(&lx, 0, sizeof(lx));
	/* A registration query lexes every Go file; then a declaration
	 * lookup in the index is cheaper than a text pre-filter. */
	if (reg)
		lex_once(&lx, sf, data, len, go);
	for (size_t i = 0; i < p->nleaves; i++) {
		struct leaf *l = &p->leaves[i];
		bool decl = l->q->kind <= Q_VAR;

		if (!gquery_wants_file(l->q, sf->path, gen))
			continue;
		l->scanned++;
		if (!(lx.done && decl) && !gquery_may_match(l->q, data, len))
			continue;
		lex_once(&lx, sf, data, len, go);
		answer_leaf(l, &lx, go);
	}
	if (reg) {
		p->reg.scanned++;
		reg_collect(p, &lx.f, &lx.ix, (size_t)(sf - p->gs.files));
	}
	if (!lx.done) {
		free(data);
		return;
	}
	gindex_free(&lx.ix);
	gofile_free(&lx.f);
}

static bool
applies(const struct gquery *q, const struct gsource *s, bool catalog)
{
	if (!catalog)
		return true;
	if (q->roles.n == 0)
		return s->role == ROLE_ROUTER;
	return strv_find(&q->roles, gsrc_role_name(s->role)) >= 0;
}

static void
open_source(struct pass *p, struct gsource *s)
{
	if (s->git_dir != NULL) {
		gitsrc_open_git(&p->gs, s->git_dir, s->rev ? s->rev : "HEAD");
		if (s->commit == NULL)
			s->commit = xstrdup(p->gs.commit);
	} else {
		gitsrc_open_tree(&p->gs, s->root);
		if (s->commit == NULL)
			s->commit = gitsrc_head(s->root);
	}
}

static void
pass_free(struct pass *p)
{
	for (size_t i = 0; i < p->nleaves; i++) {
		for (size_t k = 0; k < p->leaves[i].n; k++)
			presult_free(&p->leaves[i].r[k]);
		free(p->leaves[i].r);
	}
	free(p->leaves);
	reg_free(&p->reg);
	gitsrc_free(&p->gs);
}

static int
worse(int a, int b)
{
	static const int rank[] = { 0, 1, 0, 2 };	/* 0 < 1 < 3 */

	return rank[b] > rank[a] ? b : a;
}

/* Leaves of the queries that apply, in order; first[i] is query i's
 * first leaf (nq + 1 entries). */
static void
make_leaves(struct pass *p, struct gquery *qs, size_t nq, bool catalog,
    size_t *first)
{
	for (size_t i = 0; i < nq; i++) {
		struct gquery *q = &qs[i];
		size_t n = q->nalts ? q->nalts : 1;

		first[i] = p->nleaves;
		if (!applies(q, p->src, catalog))
			continue;
		if (q->kind == Q_REGISTRATION && q->nalts == 0) {
			if (p->reg.q == NULL)
				p->reg.q = q;
			strv_add(&p->reg.strings, q->name);
			continue;
		}
		p->leaves = xreallocarray(p->leaves, p->nleaves + n,
		    sizeof(*p->leaves));
		for (size_t k = 0; k < n; k++) {
			memset(&p->leaves[p->nleaves], 0, sizeof(struct leaf));
			p->leaves[p->nleaves++].q = q->nalts ? &q->alts[k] : q;
		}
	}
	first[nq] = p->nleaves;
}

/* A query no source applies to says which role it wanted. */
static void
report_no_source(struct emitter *em, const struct gquery *q)
{
	struct gsource none = { 0 };
	char why[128];

	none.label = "";
	none.role = q->roles.n && strcmp(q->roles.v[0], "sim") == 0 ?
	    ROLE_SIM : q->roles.n && strcmp(q->roles.v[0], "generated") == 0 ?
	    ROLE_GENERATED : ROLE_ROUTER;
	snprintf(why, sizeof(why), "no %s source was given",
	    gsrc_role_name(none.role));
	proof_emit_none(em, q, &none, 0, 0, "no_source", why);
}

/* Reports query i over every pass it applies to; returns the worst exit
 * contribution. */
static int
report_one(struct emitter *em, struct gquery *qs, size_t nq, size_t i,
    struct pass *passes, size_t nsrc, const size_t *first, bool catalog)
{
	int status = 0;
	bool any = false;

	for (size_t s = 0; s < nsrc; s++) {
		struct pass *p = &passes[s];
		const size_t *fi = first + s * (nq + 1);

		if (!applies(&qs[i], p->src, catalog))
			continue;
		any = true;
		if (qs[i].kind == Q_REGISTRATION && qs[i].nalts == 0)
			status = worse(status, reg_report(em, &qs[i], p));
		else
			status = worse(status, proof_report_query(em, &qs[i],
			    &p->leaves[fi[i]], fi[i + 1] - fi[i], p));
	}
	if (!any)
		report_no_source(em, &qs[i]);
	return status;
}

int
gproof_run(struct gquery *qs, size_t nq, struct gsource *srcs, size_t nsrc,
    bool catalog, const struct gproof_opts *o)
{
	struct emitter em = { json_array() };
	struct pass *passes = xcalloc(nsrc + 1, sizeof(*passes));
	size_t *first = xcalloc(nsrc * (nq + 1) + 1, sizeof(*first));
	int status = 0;

	for (size_t s = 0; s < nsrc; s++) {
		struct pass *p = &passes[s];

		p->src = &srcs[s];
		make_leaves(p, qs, nq, catalog, first + s * (nq + 1));
		open_source(p, p->src);
		gitsrc_each(&p->gs, want_file, each_file, p);
	}
	for (size_t i = 0; i < nq; i++)
		status = worse(status, report_one(&em, qs, nq, i, passes, nsrc,
		    first, catalog));
	proof_write(&em, o);
	json_decref(em.recs);
	for (size_t s = 0; s < nsrc; s++)
		pass_free(&passes[s]);
	free(passes);
	free(first);
	return status;
}
