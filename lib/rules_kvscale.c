/* rules_kvscale.c - check 3b's KV-usage rescales that the producer's
 * scale query cannot see: a literal rescale on a code line, and a
 * rescale through a named constant declared anywhere in the plugin or
 * in a helper of another file the reading line hands KV usage to.
 * rules_signal.c's 3b rule calls them. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "goscale.h"
#include "judge.h"
#include "proofutil.h"
#include "rec.h"
#include "ruleutil.h"
#include "rules_kvscale.h"
#include "str.h"

/* Whether a code line rescales by 100: "/ 100", "* 0.01", "* 100",
 * the literal written any way Go allows (goscale.c); a comment after
 * the code is cut first. */
const char *
kvs_line_rescale(const char *code)
{
	char buf[512], *cut, op[64];
	const char *k, *first[2] = { NULL, NULL };
	size_t col, at = 0;
	int net = 0;

	snprintf(buf, sizeof(buf), "%s", code);
	if ((cut = strstr(buf, "//")) != NULL)
		*cut = '\0';
	/* rescales that cancel (math.Round(x*100)/100) are none */
	while ((k = goscale_kind(buf, at, NULL, NULL, &col, &at, op,
	    sizeof(op))) != NULL) {
		net += goscale_sign(k);
		if (first[goscale_sign(k) > 0] == NULL)
			first[goscale_sign(k) > 0] = k;
	}
	return net == 0 ? NULL : first[net > 0];
}

/* A declaration of ns->name whose value is 100 or 0.01: the transform
 * that applying it with ns->op makes. */
static bool
scale_const(const json_t *p, void *arg)
{
	struct named_scale *ns = arg;
	const char *eq = pu_decl_value(rec_get_str(p, "snippet"), ns->name);
	char val[128], *cut;
	double v;

	if (eq == NULL)
		return false;
	snprintf(val, sizeof(val), "%.*s", (int)strcspn(eq, "\n;"), eq);
	if ((cut = strstr(val, "//")) != NULL)
		*cut = '\0';
	v = goscale_value(val);
	if (v == 100)
		ns->transform = ns->op == '/' ? "divide_by_100" :
		    "multiply_by_100";
	else if (v == 0.01)
		ns->transform = ns->op == '/' ? "multiply_by_100" :
		    "multiply_by_0.01";
	else
		return false;
	return true;
}

/* The bare name [s, e) as an operand (not a selector, a call or a
 * literal) into ns->name. */
static bool
bare_name(const char *s, const char *e, struct named_scale *ns)
{
	size_t n = (size_t)(e - s);

	if (n == 0 || n >= sizeof(ns->name) || isdigit((unsigned char)*s) ||
	    *e == '.' || *e == '(')
		return false;
	memcpy(ns->name, s, n);
	ns->name[n] = '\0';
	return true;
}

static bool
ident_byte(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Whether code (comment cut) applies a constant the plugin declares as
 * 100 or 0.01: a bare name after '/' or '*', or before '*'. */
static bool
line_named_scale(const struct judge *j, const char *code,
    struct named_scale *ns)
{
	const char *end = strstr(code, "//");

	if (end == NULL)
		end = code + strlen(code);
	for (const char *p = code; p < end; p++) {
		const char *s, *e;

		if (*p != '/' && *p != '*')
			continue;
		ns->op = *p;
		for (s = p + 1; *s == ' ' || *s == '\t'; s++)
			;
		for (e = s; ident_byte(*e); e++)
			;
		if (bare_name(s, e, ns) && (ns->decl = pu_claim_find(j,
		    "3c.generated-numeric-consts", "generated", PU_FOUND,
		    scale_const, ns)) != NULL)
			return true;
		if (*p != '*')
			continue;
		for (e = p; e > code && (e[-1] == ' ' || e[-1] == '\t'); e--)
			;
		for (s = e; s > code && ident_byte(s[-1]); s--)
			;
		if ((s == code || s[-1] != '.') && bare_name(s, e, ns) &&
		    (ns->decl = pu_claim_find(j,
		    "3c.generated-numeric-consts", "generated", PU_FOUND,
		    scale_const, ns)) != NULL)
			return true;
	}
	return false;
}

/* The function a proof line lies in, by name (a method's without its
 * receiver), in buf; NULL when not known. */
static const char *
enclosing_name(const json_t *p, char *buf, size_t n)
{
	const char *sym = rec_get_str(json_object_get(json_object_get(p,
	    "facts"), "enclosing_func"), "symbol");
	const char *dot;

	if (sym == NULL)
		return NULL;
	dot = strrchr(sym, '.');
	snprintf(buf, n, "%s", dot != NULL ? dot + 1 : sym);
	return buf;
}

/* Whether code calls name: "name(" not run on from a longer
 * identifier (a.name( and name( both are). */
static bool
calls(const char *code, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = code; (p = strstr(p, name)) != NULL; p++)
		if ((p == code || !ident_byte(p[-1])) && p[n] == '(')
			return true;
	return false;
}

/* The operand before a rescale line's operator is a plain name (a
 * helper's parameter, pct / 100), not a selector or a call. */
static bool
plain_operand(const char *code)
{
	const char *op = strpbrk(code, "/*"), *s;

	if (op == NULL)
		return false;
	while (op > code && (op[-1] == ' ' || op[-1] == '\t'))
		op--;
	for (s = op; s > code && ident_byte(s[-1]); s--)
		;
	return s < op && !isdigit((unsigned char)*s) &&
	    (s == code || (s[-1] != '.' && s[-1] != ')'));
}

/* A rescale line (claim 3b.generated-rescale-lines) in a function that
 * the reading line ns->hit hands KV usage to, in any file of the
 * plugin: the scale query follows calls within one file only. */
static bool
line_helper_scale(const struct judge *j, const char *reader,
    struct named_scale *ns)
{
	struct ru_list l;
	char fn[64];

	pu_claim_list(j, "3b.generated-rescale-lines", "generated", &l);
	for (size_t i = 0; i < l.n && ns->decl == NULL; i++) {
		const char *code = rec_get_str(l.v[i], "snippet");
		const char *kind;

		if (!pu_found(l.v[i]) || code == NULL || enclosing_name(l.v[i],
		    fn, sizeof(fn)) == NULL || (reader != NULL &&
		    strcmp(fn, reader) == 0) || !calls(ns->hit.code, fn) ||
		    !plain_operand(code) || (kind = kvs_line_rescale(code)) ==
		    NULL)
			continue;
		ns->decl = l.v[i];
		ns->transform = kind;
		ns->helper = true;
		snprintf(ns->name, sizeof(ns->name), "%s", fn);
	}
	ru_list_free(&l);
	return ns->decl != NULL;
}

/* The first line of the generated plugin that reads KV usage (claim
 * 3b.generated-kv-read) and rescales it through a named constant or a
 * helper of another file. */
bool
kvs_named_scale_find(const struct judge *j, struct named_scale *ns)
{
	static const char *const need[] = { "KVCacheUsagePercent", NULL };
	struct ru_list l;
	char rd[64];

	memset(ns, 0, sizeof(*ns));
	pu_claim_list(j, "3b.generated-kv-read", "generated", &l);
	for (size_t i = 0; i < l.n && ns->read == NULL; i++)
		if (pu_found(l.v[i]) && pu_find_use(l.v[i], need, &ns->hit) &&
		    (line_named_scale(j, ns->hit.code, ns) ||
		    line_helper_scale(j, enclosing_name(l.v[i], rd,
		    sizeof(rd)), ns)))
			ns->read = l.v[i];
	ru_list_free(&l);
	return ns->read != NULL;
}

/* The actual side for a rescale through a named constant. */
void
kvs_transform_named(struct pu_out *o, const struct named_scale *ns)
{
	const char *code = rec_get_str(ns->decl, "snippet");
	const char *eq = ns->helper ? NULL : pu_decl_value(code, ns->name);

	o->actual = pu_hit_side(&ns->hit);
	sbuf_adds(&o->why, "The generated plugin rescales KV usage (");
	pu_cite(&o->why, &ns->hit);
	if (ns->helper) {
		sbuf_printf(&o->why, ", %s, in the helper %s it is handed to: ",
		    ns->transform, ns->name);
		pu_where(&o->why, ns->decl, 0);
		sbuf_printf(&o->why, " `%s`).", code + strspn(code, " \t"));
		return;
	}
	sbuf_printf(&o->why, ", %s, through the constant %s = %s declared at ",
	    ns->transform, ns->name, eq != NULL ? eq : "?");
	pu_where(&o->why, ns->decl, 0);
	sbuf_adds(&o->why, ").");
}
