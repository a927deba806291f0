/* satgen.c - see satgen.h. */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "proofutil.h"
#include "rec.h"
#include "ruleutil.h"
#include "satgen.h"
#include "str.h"

/* The divisor's text: after the line's last '/', blanks skipped. */
static const char *
divisor(const struct pu_hit *h)
{
	const char *slash = strrchr(h->code, '/');

	if (slash == NULL)
		return NULL;
	slash++;
	while (*slash == ' ' || *slash == '\t')
		slash++;
	return slash;
}

bool
satgen_literal(const struct pu_hit *h, double *v)
{
	const char *d = divisor(h);
	size_t n = 0;

	if (d == NULL)
		return false;
	while (d[n] != '\0' && (isdigit((unsigned char)d[n]) ||
	    d[n] == '.' || d[n] == 'e' || d[n] == 'E'))
		n++;
	return n > 0 && parse_f64(d, n, v);
}

/* The divisor's last identifier (a.params.KVCacheUtilThreshold: the
 * field), when the divisor is a selector or a name; *selector: it
 * has a dot. */
static bool
divisor_field(const struct pu_hit *h, char *out, size_t len, bool *selector)
{
	const char *d = divisor(h), *last;
	size_t n = 0;

	if (d == NULL || !(isalpha((unsigned char)*d) || *d == '_'))
		return false;
	last = d;
	*selector = false;
	while (isalnum((unsigned char)d[n]) || d[n] == '_' || d[n] == '.') {
		if (d[n] == '.') {
			last = d + n + 1;
			*selector = true;
		}
		n++;
	}
	n = (size_t)(d + n - last);
	if (n == 0 || n >= len)
		return false;
	memcpy(out, last, n);
	out[n] = '\0';
	return true;
}

static bool
default_of(const json_t *p, void *arg)
{
	struct satgen *g = arg;
	const json_t *f = json_object_get(p, "facts");

	return rec_get_str(f, "key") != NULL &&
	    strcmp(rec_get_str(f, "key"), g->field) == 0 &&
	    rec_get_num(f, "number", &g->dflt);
}

/* A 3c.generated-numeric-consts line declaring g's field (a name, not
 * a selector): its value in g->literal. */
static bool
const_of(const json_t *p, void *arg)
{
	struct satgen *g = arg;
	const char *eq = pu_decl_value(rec_get_str(p, "snippet"), g->field);

	return eq != NULL && parse_f64(eq, strspn(eq, "0123456789."),
	    &g->literal);
}

/* A 3c.generated-param-tags line declaring g's field: its JSON key. */
static bool
tag_of(const json_t *p, void *arg)
{
	struct satgen *g = arg;
	const char *s = rec_get_str(p, "snippet"), *k;
	size_t n = strlen(g->field), e;

	if (s == NULL)
		return false;
	while (*s == ' ' || *s == '\t')
		s++;
	if (strncmp(s, g->field, n) != 0 || !isspace((unsigned char)s[n]) ||
	    (k = strstr(s, "json:\"")) == NULL)
		return false;
	k += 6;
	e = strcspn(k, "\",");
	if (e == 0 || e >= sizeof(g->tag))
		return false;
	memcpy(g->tag, k, e);
	g->tag[e] = '\0';
	return true;
}

void
satgen_read(const struct judge *j, const struct formula *gen, bool queue,
    struct satgen *g)
{
	bool selector;

	memset(g, 0, sizeof(*g));
	if (gen->p == NULL || !(queue ? gen->queue : gen->kv))
		return;
	g->term = queue ? gen->qline : gen->kvline;
	if (satgen_literal(&g->term, &g->literal)) {
		g->kind = SG_LITERAL;
		return;
	}
	if (!divisor_field(&g->term, g->field, sizeof(g->field), &selector))
		return;
	/* A bare name may be a constant of the plugin: no YAML reaches it. */
	if (!selector && (g->dp = pu_claim_find(j,
	    "3c.generated-numeric-consts", "generated", PU_FOUND, const_of,
	    g)) != NULL) {
		g->kind = SG_CONST;
		return;
	}
	g->kind = SG_PARAM;
	g->dp = pu_claim_find(j, "3c.generated-param-defaults", "generated",
	    PU_FOUND, default_of, g);
	g->have_default = g->dp != NULL;
	g->tp = pu_claim_find(j, "3c.generated-param-tags", "generated",
	    PU_FOUND, tag_of, g);
}

bool
satgen_key_read(const struct satgen *g, const char *key)
{
	const char *dot = strrchr(key, '.');

	if (g->kind != SG_PARAM || g->tag[0] == '\0')
		return true;
	return strcasecmp(dot != NULL ? dot + 1 : key, g->tag) == 0;
}

void
satgen_text(struct sbuf *b, const struct satgen *g)
{
	if (g->kind == SG_NONE)
		return;
	sbuf_adds(b, " The generated plugin's formula divides by ");
	if (g->kind == SG_LITERAL) {
		sbuf_adds(b, "the literal ");
		ru_num_text(b, g->literal);
	} else if (g->kind == SG_CONST)
		sbuf_printf(b, "its constant %s", g->field);
	else
		sbuf_printf(b, "its parameter %s", g->field);
	sbuf_adds(b, " (");
	pu_cite(b, &g->term);
	sbuf_adds(b, ")");
	if (g->kind == SG_CONST) {
		sbuf_adds(b, ", which is ");
		ru_num_text(b, g->literal);
		sbuf_adds(b, " (");
		pu_where(b, g->dp, 0);
		sbuf_adds(b, ")");
	}
	if (g->kind == SG_PARAM && g->tag[0] != '\0') {
		sbuf_printf(b, ", read from the JSON key %s (", g->tag);
		pu_where(b, g->tp, 0);
		sbuf_adds(b, ")");
	}
	if (g->kind == SG_PARAM && g->have_default) {
		sbuf_adds(b, ", default ");
		ru_num_text(b, g->dflt);
		sbuf_adds(b, " (");
		pu_where(b, g->dp, 0);
		sbuf_adds(b, ")");
	}
	sbuf_adds(b, ".");
}
