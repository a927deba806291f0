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
	if (*slash == '=')	/* x /= threshold */
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

	/* 5, 0.8, 5e0 (a conversion, float64(5), is left unread) */
	return eq != NULL && parse_f64(eq, strspn(eq, "0123456789.eE+-"),
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

/* Whether a line divides: a '/' before any trailing comment. */
static bool
has_division(const char *code)
{
	const char *c = strstr(code, "//");

	return memchr(code, '/', c != NULL ? (size_t)(c - code) :
	    strlen(code)) != NULL;
}

/* The name a masked code line assigns ("depth := m.X", "q = ..."). */
static bool
assigned_name(const char *code, char *out, size_t len)
{
	size_t n = 0;

	while (isalnum((unsigned char)code[n]) || code[n] == '_')
		n++;
	if (n == 0 || n >= len || (strncmp(code + n, " := ", 4) != 0 &&
	    strncmp(code + n, " = ", 3) != 0))
		return false;
	memcpy(out, code, n);
	out[n] = '\0';
	return true;
}

/* Following a signal through the names it is assigned to. */
struct follow {
	char		 name[64];
	long		 after;		/* lines after this one */
	struct pu_hit	 div;		/* the line dividing the name */
	bool		 found;
	long		 next;		/* the first line assigning it on */
	char		 nextname[64];
	char		 nextcode[256];
};

/* Whether name is divided right where it occurs in code: "name / x",
 * "float64(name) / x", "name /= x". */
static bool
divided_at(const char *code, const char *name)
{
	size_t n = strlen(name);

	for (const char *w = strstr(code, name); w != NULL;
	    w = strstr(w + 1, name)) {
		const char *e = w + n;

		if ((w > code && (isalnum((unsigned char)w[-1]) ||
		    w[-1] == '_' || w[-1] == '.')) || isalnum((unsigned
		    char)*e) || *e == '_')
			continue;
		while (*e == ')' || *e == ' ' || *e == '\t')
			e++;
		if (*e == '/')
			return true;
	}
	return false;
}

static bool
follow_line(long line, const char *code, const char *text, void *arg)
{
	struct follow *fl = arg;
	char nm[64];

	if (line <= fl->after || strstr(code, fl->name) == NULL)
		return false;
	if (divided_at(code, fl->name)) {
		fl->div.line = line;
		snprintf(fl->div.code, sizeof(fl->div.code), "%s", text);
		return fl->found = true;
	}
	if (fl->next == 0 && assigned_name(code, nm, sizeof(nm)) &&
	    strcmp(nm, fl->name) != 0 && strstr(code + strlen(nm),
	    fl->name) != NULL) {
		fl->next = line;
		snprintf(fl->nextname, sizeof(fl->nextname), "%s", nm);
		snprintf(fl->nextcode, sizeof(fl->nextcode), "%s", text);
	}
	return false;
}

/* A term line that reads the signal but has no '/': the signal may be
 * divided further on, through the name the line assigns ("depth :=
 * m.WaitingQueueSize" … "float64(depth) / threshold", or "q /= t"), up
 * to three names deep.  True (term moved to the dividing line) when it
 * is; false: the signal is divided by nothing. */
static bool
follow_division(const json_t *p, struct pu_hit *term)
{
	struct follow fl;
	bool ok = assigned_name(term->code, fl.name, sizeof(fl.name));

	fl.after = term->line;
	for (int hop = 0; ok && hop < 3; hop++) {
		fl.found = false;
		fl.next = 0;
		pu_each_line(p, follow_line, &fl);
		if (fl.found) {
			fl.div.p = term->p;
			*term = fl.div;
			return true;
		}
		if (fl.next == 0)
			break;
		fl.after = fl.next;
		memmove(fl.name, fl.nextname, sizeof(fl.name));
	}
	return false;
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
	if (!has_division(g->term.code) &&
	    !follow_division(gen->p, &g->term)) {
		g->kind = SG_UNDIVIDED;
		return;
	}
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
	if (g->kind == SG_UNDIVIDED) {
		sbuf_adds(b, " The generated plugin's formula reads the signal "
		    "but divides it by no threshold (");
		pu_cite(b, &g->term);
		sbuf_adds(b, "): its term is the raw signal, not a ratio to "
		    "a threshold.");
		return;
	}
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
