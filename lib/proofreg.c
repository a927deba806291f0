/* proofreg.c - registration chains (the registration query): a const
 * holding the plugin's type string, the Register…( call that passes it
 * (directly, through a same-package alias, or imported), and the factory
 * func passed beside it, resolved across the files of one source. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "gofacts.h"
#include "gomask.h"
#include "proofpass.h"
#include "rec.h"
#include "str.h"

static char *
dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup("");
}

static bool
import_is_dir(const char *import, const char *dir)
{
	size_t il = strlen(import), dl = strlen(dir);

	if (dl == 0)
		return false;
	return strcmp(import, dir) == 0 || (il > dl && import[il - dl - 1] ==
	    '/' && strcmp(import + il - dl, dir) == 0);
}

static void
reg_add_func(struct regstate *rs, const struct gdecl *d, const char *dir,
    size_t fileno)
{
	struct regfunc *rf;

	rs->funcs = xroom(rs->funcs, rs->nfuncs, sizeof(*rs->funcs));
	rf = &rs->funcs[rs->nfuncs++];
	rf->name = xstrdup(d->name);
	rf->dir = xstrdup(dir);
	rf->symbol = xstrdup(d->symbol);
	rf->file = fileno;
	rf->start = d->start;
	rf->end = d->end;
	rf->doc = d->doc;
}

/* Is the const's value a plain identifier (another const's name)? */
static bool
names_ident(const char *value)
{
	return go_isident(value[0]) && !isdigit((unsigned char)value[0]) &&
	    strspn(value, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN"
	    "OPQRSTUVWXYZ0123456789_") == strlen(value);
}

static void
reg_add_alias(struct regstate *rs, const struct gdecl *d, const char *dir)
{
	struct regalias *ra;

	rs->aliases = xroom(rs->aliases, rs->naliases, sizeof(*rs->aliases));
	ra = &rs->aliases[rs->naliases++];
	ra->name = xstrdup(d->name);
	ra->target = xstrdup(d->value);
	ra->dir = xstrdup(dir);
}

/* The const d when its string value is one of the type strings asked
 * for (once per string it equals). */
static void
reg_add_consts(struct regstate *rs, const struct gofile *f,
    const struct gindex *ix, const struct gdecl *d, const char *dir)
{
	for (size_t k = 0; k < rs->strings.n; k++) {
		size_t n = strlen(rs->strings.v[k]);
		struct regconst *rc;
		json_t *facts;

		if (strlen(d->value) != n + 2 || strncmp(d->value + 1,
		    rs->strings.v[k], n) != 0)
			continue;
		facts = json_object();
		rec_set_str(facts, "step", "const");
		rec_set_str(facts, "const", d->name);
		rec_set_str(facts, "package", ix->pkg);
		rec_set_str(facts, "package_dir", dir);
		rs->consts = xroom(rs->consts, rs->nconsts, sizeof(*rs->consts));
		rc = &rs->consts[rs->nconsts++];
		rc->str = xstrdup(rs->strings.v[k]);
		rc->name = xstrdup(d->name);
		rc->dir = xstrdup(dir);
		presult_span(&rc->r, f, d->start, d->end, d->doc, d->name,
		    facts);
	}
}

/* The call whose callee chain starts at s and whose '(' is at open. */
static void
reg_add_call(struct regstate *rs, const struct gofile *f,
    const struct gindex *ix, size_t s, size_t open, const char *dir)
{
	size_t close = go_match(f->mask, f->len, open);
	json_t *args = gofacts_call_args(f, open, close), *facts;
	struct regcall *c;
	char *callee;

	rs->calls = xroom(rs->calls, rs->ncalls, sizeof(*rs->calls));
	c = &rs->calls[rs->ncalls++];
	memset(c, 0, sizeof(*c));
	c->dir = xstrdup(dir);
	for (size_t k = 0; k < json_array_size(args); k++) {
		const char *a = json_string_value(json_array_get(args, k));
		const char *dot = strchr(a, '.');
		char *alias = dot ? xstrndup(a, (size_t)(dot - a)) : NULL;
		const char *imp = alias ? gindex_import(ix, alias) : "";

		strv_add(&c->args, a);
		strv_add(&c->imports, imp ? imp : "?");
		free(alias);
	}
	facts = json_object();
	callee = xstrndup(f->mask + s, open - s);
	rec_set_str(facts, "step", "register");
	rec_set_str(facts, "callee", callee);
	rec_set(facts, "args", args);
	presult_span(&c->r, f, s, close < f->len ? close + 1 : f->len, s,
	    callee, facts);
	free(callee);
}

void
reg_collect(struct pass *p, const struct gofile *f, const struct gindex *ix,
    size_t fileno)
{
	struct regstate *rs = &p->reg;
	char *dir = dir_of(f->path);

	for (size_t i = 0; i < ix->nd; i++) {
		const struct gdecl *d = &ix->d[i];

		if (d->kind == GD_FUNC && d->recv == NULL)
			reg_add_func(rs, d, dir, fileno);
		if (d->kind == GD_CONST && names_ident(d->value))
			reg_add_alias(rs, d, dir);
		if (d->kind == GD_CONST && d->value[0] == '"')
			reg_add_consts(rs, f, ix, d, dir);
	}
	/* Register…( calls: the callee's last element starts "Register". */
	for (size_t i = 1; i < f->len; i++) {
		size_t s, last;

		if (f->mask[i] != '(' || !go_isident(f->mask[i - 1]))
			continue;
		s = go_chain_start(f->mask, i);
		for (last = i; last > s && f->mask[last - 1] != '.'; last--)
			;
		if (i - last < 8 || strncmp(f->mask + last, "Register",
		    8) != 0 || gindex_in_signature(ix, s))
			continue;
		reg_add_call(rs, f, ix, s, i, dir);
	}
	free(dir);
}

static const struct regfunc *
find_factory(struct pass *p, const struct regcall *c, size_t *argi)
{
	for (size_t k = 1; k < c->args.n; k++) {
		const char *a = c->args.v[k], *dot = strchr(a, '.');
		const char *name = dot ? dot + 1 : a;

		for (size_t i = 0; i < p->reg.nfuncs; i++) {
			const struct regfunc *f = &p->reg.funcs[i];

			if (strcmp(f->name, name) != 0)
				continue;
			if (dot ? !import_is_dir(c->imports.v[k], f->dir) :
			    strcmp(f->dir, c->dir) != 0)
				continue;
			*argi = k;
			return f;
		}
	}
	return NULL;
}

static void
emit_factory(struct emitter *em, const struct gquery *top, struct pass *p,
    const struct regfunc *rf, const char *callee)
{
	const struct srcfile *sf = &p->gs.files[rf->file];
	size_t len;
	char *data = gitsrc_read(&p->gs, sf, &len);
	struct gofile f;
	struct presult r;
	json_t *facts = json_object();

	if (data == NULL)
		s2r_die("%s: cannot read again", sf->path);
	/* Only the line table is needed: the span is already known. */
	gofile_init(&f, xstrdup(sf->path), data, len);
	rec_set_str(facts, "step", "factory");
	rec_set_str(facts, "registered_by", callee);
	rec_set_str(facts, "package_dir", rf->dir);
	presult_span(&r, &f, rf->start, rf->end, top->doc ? rf->doc :
	    rf->start, rf->symbol, facts);
	proof_emit_hit(em, top, top, p->src, &r, "found", 3, 3);
	presult_free(&r);
	gofile_free(&f);
}

/* Is name the const rc, or a const of rc's package equal to it? */
static bool
names_const(const struct pass *p, const struct regconst *rc, const char *name)
{
	if (strcmp(name, rc->name) == 0)
		return true;
	for (size_t i = 0; i < p->reg.naliases; i++)
		if (strcmp(p->reg.aliases[i].name, name) == 0 &&
		    strcmp(p->reg.aliases[i].target, rc->name) == 0 &&
		    strcmp(p->reg.aliases[i].dir, rc->dir) == 0)
			return true;
	return false;
}

/* Does call c pass rc as its first argument (by name, through a
 * same-package alias, or qualified by an import of rc's package)? */
static bool
passes_const(const struct pass *p, const struct regconst *rc,
    const struct regcall *c)
{
	const char *a0 = c->args.n ? c->args.v[0] : "", *dot = strchr(a0, '.');

	if (!names_const(p, rc, dot ? dot + 1 : a0))
		return false;
	return dot ? import_is_dir(c->imports.v[0], rc->dir) :
	    strcmp(c->dir, rc->dir) == 0;
}

/* The chain: the const, the call that passes it, the factory. */
static int
report_chain(struct emitter *em, const struct gquery *top, struct pass *p,
    const struct regconst *rc, const struct regcall *c)
{
	const char *a0 = c->args.n ? c->args.v[0] : "", *dot = strchr(a0, '.');
	const struct regfunc *rf;
	size_t argi = 0;
	struct presult r = c->r;
	json_t *facts = json_deep_copy(c->r.facts);
	char why[512];

	proof_emit_hit(em, top, top, p->src, &rc->r, "found", 1, 3);
	rec_set_str(facts, "const", rc->name);
	if (strcmp(dot ? dot + 1 : a0, rc->name) != 0)
		rec_set_str(facts, "via_const", dot ? dot + 1 : a0);
	if (dot != NULL) {
		char *alias = xstrndup(a0, (size_t)(dot - a0));

		rec_set_str(facts, "import_alias", alias);
		rec_set_str(facts, "import", c->imports.v[0]);
		free(alias);
	}
	rf = find_factory(p, c, &argi);
	rec_set_str(facts, "factory", rf ? c->args.v[argi] : NULL);
	r.facts = facts;
	proof_emit_hit(em, top, top, p->src, &r, "found", 2, 3);
	json_decref(facts);
	if (rf == NULL) {
		snprintf(why, sizeof(why), "the factory passed to %s is not a "
		    "top-level func of this source", c->r.symbol);
		proof_emit_none(em, top, p->src, p->reg.scanned,
		    p->gs.missing, "not_found", why);
		return 1;
	}
	emit_factory(em, top, p, rf, c->r.symbol);
	return 0;
}

int
reg_report(struct emitter *em, const struct gquery *top, struct pass *p)
{
	const struct regconst *rc = NULL;
	size_t nconst = 0;
	char why[512];

	for (size_t i = 0; i < p->reg.nconsts; i++)
		if (strcmp(p->reg.consts[i].str, top->name) == 0) {
			if (rc == NULL)
				rc = &p->reg.consts[i];
			nconst++;
		}
	if (rc == NULL) {
		snprintf(why, sizeof(why), "no const declares \"%s\" in %ld "
		    "files", top->name, p->reg.scanned);
		proof_emit_none(em, top, p->src, p->reg.scanned,
		    p->gs.missing, "not_found", why);
		return 1;
	}
	if (top->unique && nconst > 1) {
		for (size_t i = 0, k = 0; i < p->reg.nconsts; i++)
			if (strcmp(p->reg.consts[i].str, top->name) == 0)
				proof_emit_hit(em, top, top, p->src,
				    &p->reg.consts[i].r, "ambiguous", ++k,
				    nconst);
		return 3;
	}
	for (size_t i = 0; i < p->reg.ncalls; i++)
		if (passes_const(p, rc, &p->reg.calls[i]))
			return report_chain(em, top, p, rc, &p->reg.calls[i]);
	proof_emit_hit(em, top, top, p->src, &rc->r, "found", 1, 3);
	snprintf(why, sizeof(why), "const %s (%s) is not passed to any "
	    "Register call in %ld files", rc->name, rc->dir, p->reg.scanned);
	proof_emit_none(em, top, p->src, p->reg.scanned, p->gs.missing,
	    "not_found", why);
	return 1;
}

void
reg_free(struct regstate *rs)
{
	for (size_t i = 0; i < rs->nconsts; i++) {
		free(rs->consts[i].str);
		free(rs->consts[i].name);
		free(rs->consts[i].dir);
		presult_free(&rs->consts[i].r);
	}
	free(rs->consts);
	for (size_t i = 0; i < rs->ncalls; i++) {
		free(rs->calls[i].dir);
		presult_free(&rs->calls[i].r);
		strv_free(&rs->calls[i].args);
		strv_free(&rs->calls[i].imports);
	}
	free(rs->calls);
	for (size_t i = 0; i < rs->naliases; i++) {
		free(rs->aliases[i].name);
		free(rs->aliases[i].target);
		free(rs->aliases[i].dir);
	}
	free(rs->aliases);
	for (size_t i = 0; i < rs->nfuncs; i++) {
		free(rs->funcs[i].name);
		free(rs->funcs[i].dir);
		free(rs->funcs[i].symbol);
	}
	free(rs->funcs);
	strv_free(&rs->strings);
}
