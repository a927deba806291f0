/* proofutil.c - proof records, snippets, evidence and bundle-wide
 * verdicts for the code-proof rules (3a-4d). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "golex.h"
#include "judge.h"
#include "proofutil.h"
#include "rec.h"
#include "ruleutil.h"
#include "str.h"

/* --- proof records ------------------------------------------------- */

bool
pu_is_proof(const json_t *rec)
{
	return strcmp(rec_get_str(rec, "kind"), "proof") == 0;
}

const char *
pu_role(const json_t *p)
{
	const char *r = rec_get_str(json_object_get(p, "source"), "role");

	return r != NULL ? r : "";
}

const char *
pu_label(const json_t *p)
{
	const char *l = rec_get_str(json_object_get(p, "source"), "label");

	return l != NULL && *l ? l : pu_role(p);
}

bool
pu_found(const json_t *p)
{
	const char *s = rec_get_str(p, "status");

	return s != NULL && (strcmp(s, "found") == 0 ||
	    strcmp(s, "ambiguous") == 0);
}

bool
pu_status_is(const json_t *p, const char *status)
{
	const char *s = rec_get_str(p, "status");

	return s != NULL && strcmp(s, status) == 0;
}

static bool
is_claim(const json_t *p, const char *claim, const char *role)
{
	const char *c = rec_get_str(p, "claim");

	return pu_is_proof(p) && c != NULL && strcmp(c, claim) == 0 &&
	    (role == NULL || strcmp(pu_role(p), role) == 0);
}

void
pu_claim_list(const struct judge *j, const char *claim, const char *role,
    struct ru_list *out)
{
	struct ru_list l;

	memset(out, 0, sizeof(*out));
	ru_select(j, &(struct jsel){ .kind = "proof" }, &l);
	for (size_t i = 0; i < l.n; i++)
		if (is_claim(l.v[i], claim, role))
			ru_list_add(out, l.v[i]);
	ru_list_free(&l);
}

const json_t *
pu_claim_find(const struct judge *j, const char *claim, const char *role,
    enum pu_status status, pu_match *match, void *arg)
{
	struct ru_list l;
	const json_t *found = NULL;

	ru_select(j, &(struct jsel){ .kind = "proof" }, &l);
	for (size_t i = 0; i < l.n && found == NULL; i++) {
		const json_t *p = l.v[i];

		if (!is_claim(p, claim, role) ||
		    (status == PU_FOUND && !pu_found(p)))
			continue;
		if (match == NULL || match(p, arg))
			found = p;
	}
	ru_list_free(&l);
	return found;
}

const json_t *
pu_fact_find(const json_t *p, const char *list, const char *field,
    const char *value, pu_match *match, void *arg)
{
	const json_t *items = json_object_get(json_object_get(p, "facts"),
	    list);
	json_t *x;
	size_t k;

	json_array_foreach(items, k, x) {
		const char *s = rec_get_str(x, field);

		if (s != NULL && strcmp(s, value) == 0 &&
		    (match == NULL || match(x, arg)))
			return x;
	}
	return NULL;
}

struct named_default {
	const char	*name;
	double		 v;
	long		 line;
};

static bool
numbered(const json_t *x, void *v)
{
	return rec_get_num(x, "number", v);
}

static bool
default_named(const json_t *p, void *arg)
{
	struct named_default *d = arg;
	const json_t *x = pu_fact_find(p, "values", "name", d->name,
	    numbered, &d->v);

	if (x == NULL)
		return false;
	d->line = (long)json_number_value(json_object_get(x, "line"));
	return true;
}

const json_t *
pu_router_default(const struct judge *j, enum pu_status status,
    const char *name, double *v, long *line)
{
	struct named_default d = { name, 0, 0 };
	const json_t *p = pu_claim_find(j, "3c.router-defaults", "router",
	    status, default_named, &d);

	if (p != NULL) {
		*v = d.v;
		*line = d.line;
	}
	return p;
}

long
pu_claim_hits(const struct judge *j, const char *claim, const char *role,
    long *shown)
{
	struct ru_list l;
	struct strv labels = {0};
	long total = 0;

	*shown = 0;
	pu_claim_list(j, claim, role, &l);
	for (size_t i = 0; i < l.n; i++) {
		double h = 0, most = 0;

		if (pu_found(l.v[i]))
			(*shown)++;
		if (strv_find(&labels, pu_label(l.v[i])) >= 0)
			continue;
		/* Each record of a source carries the source's total. */
		strv_add(&labels, pu_label(l.v[i]));
		for (size_t k = i; k < l.n; k++)
			if (strcmp(pu_label(l.v[k]), pu_label(l.v[i])) == 0 &&
			    rec_get_num(l.v[k], "hits", &h) && h > most)
				most = h;
		total += (long)most;
	}
	strv_free(&labels);
	ru_list_free(&l);
	return total;
}

void
pu_cap_text(struct sbuf *b, const struct judge *j, const char *claim,
    const char *role)
{
	long shown, total = pu_claim_hits(j, claim, role, &shown);

	if (total > shown)
		sbuf_printf(b, " (%ld hits, %ld shown as records: claim %s is "
		    "capped by max_hits; the rest are listed in its capped "
		    "record)", total, shown, claim);
}

const json_t *
pu_first_found(const struct judge *j, const char *claim, const char *role)
{
	return pu_claim_find(j, claim, role, PU_FOUND, NULL, NULL);
}

const json_t *
pu_bundle_find(const struct judge *j, const char *kind, const char *metric,
    pu_match *match, void *arg)
{
	struct ru_list l;
	const json_t *found = NULL;

	ru_select(j, &(struct jsel){ .kind = kind, .metric = metric }, &l);
	for (size_t i = 0; i < l.n && found == NULL; i++)
		if (match == NULL || match(l.v[i], arg))
			found = l.v[i];
	ru_list_free(&l);
	return found;
}

void
pu_availability(const struct judge *j, struct pu_avail *av)
{
	double n;
	struct ru_list l;

	memset(av, 0, sizeof(*av));
	ru_select(j, &(struct jsel){ .kind = "proof" }, &l);
	for (size_t i = 0; i < l.n; i++) {
		const json_t *p = l.v[i];
		const char *role;
		bool code;

		if (pu_status_is(p, "no_source"))
			continue;
		role = pu_role(p);
		code = pu_found(p) || (rec_get_num(p, "files_scanned", &n) &&
		    n > 0);
		if (strcmp(role, "router") == 0) {
			av->router = true;
			if (strv_find(&av->labels, pu_label(p)) < 0)
				strv_add(&av->labels, pu_label(p));
		} else if (strcmp(role, "generated") == 0 && code)
			av->generated = true;
		else if (strcmp(role, "sim") == 0 && code)
			av->sim = true;
	}
	ru_list_free(&l);
}

/* --- snippets ------------------------------------------------------ */

static long
snippet_start(const json_t *p)
{
	const json_t *src = json_object_get(p, "source");
	double v;

	if (rec_get_num(src, "doc_line", &v) && v >= 1)
		return (long)v;
	return rec_get_num(src, "line", &v) ? (long)v : 0;
}

static void
trim_into(char *dst, size_t len, const char *s, size_t n)
{
	str_trim(&s, &n);
	if (n >= len)
		n = len - 1;
	memcpy(dst, s, n);
	dst[n] = '\0';
}

static bool
ident_byte(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Does text hold needle with no identifier byte running on at either
 * end (QueueDepth is not in QueueDepthThreshold)? */
static bool
has_whole(const char *text, const char *needle)
{
	size_t n = strlen(needle);
	bool head = isalnum((unsigned char)needle[0]) || needle[0] == '_';
	bool tail = n > 0 && (isalnum((unsigned char)needle[n - 1]) ||
	    needle[n - 1] == '_');

	for (const char *p = text; (p = strstr(p, needle)) != NULL; p++)
		if ((!head || p == text || !ident_byte(p[-1])) &&
		    (!tail || !ident_byte(p[n])))
			return true;
	return false;
}

/* The snippet with its comments and literal contents blanked (golex),
 * byte for byte as long: a proof's words are searched in code only, so a
 * doc comment that says max( or a log string naming a signal proves
 * nothing.  Caller frees; NULL without a snippet or memory. */
static char *
snippet_mask(const char *s)
{
	size_t n = strlen(s);
	char *mask = malloc(n + 1);
	unsigned char *cls = malloc(n + 1);

	if (mask == NULL || cls == NULL) {
		free(mask);
		free(cls);
		return NULL;
	}
	golex_mask(s, n, mask, cls, NULL);
	mask[n] = '\0';
	free(cls);
	return mask;
}

/* Whether a code line (masked) is a logging or formatting call: a
 * value it names is shown, not used. */
bool
pu_log_line(const char *code)
{
	static const char *const calls[] = { ".Info(", ".Infof(", ".Error(",
	    ".Errorf(", ".Debug(", ".Debugf(", ".Warn(", ".Warnf(", "Printf(",
	    "Println(", "Sprintf(", ".V(", NULL };

	for (size_t i = 0; calls[i] != NULL; i++)
		if (strstr(code, calls[i]) != NULL)
			return true;
	return false;
}

static bool
find_line(const json_t *p, const char *const *needles, bool uses,
    struct pu_hit *h)
{
	const char *s = rec_get_str(p, "snippet");
	long line = snippet_start(p);
	char *mask, *m;
	bool found = false;

	if (s == NULL || line < 1 || (mask = snippet_mask(s)) == NULL)
		return false;
	for (m = mask; *s != '\0' && !found; line++) {
		const char *end = strchr(s, '\n');
		size_t n = end != NULL ? (size_t)(end - s) : strlen(s);
		char buf[512];

		trim_into(buf, sizeof(buf), m, n);
		for (size_t k = 0; needles[k] != NULL && !found; k++) {
			if (!has_whole(buf, needles[k]) ||
			    (uses && pu_log_line(buf)))
				continue;
			h->p = p;
			h->line = line;
			trim_into(h->code, sizeof(h->code), s, n);
			found = true;
		}
		if (end == NULL)
			break;
		s = end + 1;
		m += n + 1;
	}
	free(mask);
	return found;
}

bool
pu_each_line(const json_t *p, pu_line_fn *fn, void *arg)
{
	const char *s = rec_get_str(p, "snippet");
	long line = snippet_start(p);
	char *mask, *m;
	bool stop = false;

	if (s == NULL || line < 1 || (mask = snippet_mask(s)) == NULL)
		return false;
	for (m = mask; *s != '\0' && !stop; line++) {
		const char *end = strchr(s, '\n');
		size_t n = end != NULL ? (size_t)(end - s) : strlen(s);
		char code[512], text[512];

		trim_into(code, sizeof(code), m, n);
		trim_into(text, sizeof(text), s, n);
		stop = fn(line, code, text, arg);
		if (end == NULL)
			break;
		s = end + 1;
		m += n + 1;
	}
	free(mask);
	return stop;
}

bool
pu_find_line(const json_t *p, const char *const *needles, struct pu_hit *h)
{
	return find_line(p, needles, false, h);
}

bool
pu_find_use(const json_t *p, const char *const *needles, struct pu_hit *h)
{
	return find_line(p, needles, true, h);
}

bool
pu_code_has(const json_t *p, const char *needle)
{
	const char *s = rec_get_str(p, "snippet");
	char *mask;
	bool has;

	if (s == NULL || (mask = snippet_mask(s)) == NULL)
		return false;
	has = strstr(mask, needle) != NULL;
	free(mask);
	return has;
}

const char *
pu_decl_value(const char *s, const char *name)
{
	size_t n = strlen(name), k;

	if (s == NULL)
		return NULL;
	s += strspn(s, " \t");
	if (strncmp(s, "const", 5) == 0 || strncmp(s, "var", 3) == 0) {
		k = strcspn(s, " \t");
		s += k + strspn(s + k, " \t");
	}
	if (strncmp(s, name, n) != 0 || (s[n] != ' ' && s[n] != '\t' &&
	    s[n] != '=') || (s = strchr(s + n, '=')) == NULL)
		return NULL;
	return s + 1 + strspn(s + 1, " \t");
}

bool
pu_icontains(const char *s, const char *word)
{
	size_t n = strlen(word);

	for (; *s != '\0'; s++)
		if (strncasecmp(s, word, n) == 0)
			return true;
	return false;
}

void
pu_where(struct sbuf *b, const json_t *p, long line)
{
	const json_t *src = json_object_get(p, "source");
	double v;

	sbuf_printf(b, "%s %s", pu_label(p), rec_get_str(src, "file") ?
	    rec_get_str(src, "file") : "?");
	if (line < 1 && rec_get_num(src, "line", &v))
		line = (long)v;
	if (line >= 1)
		sbuf_printf(b, ":%ld", line);
}

void
pu_cite(struct sbuf *b, const struct pu_hit *h)
{
	pu_where(b, h->p, h->line);
	sbuf_printf(b, " `%s`", h->code);
}

/* --- verdicts ------------------------------------------------------ */

json_t *
pu_proof_side(const json_t *p, long line, json_t *value)
{
	const json_t *src = json_object_get(p, "source");
	const char *commit = rec_get_str(src, "commit");
	struct sbuf how = {0};
	json_t *side = json_object(), *s = json_object();
	double v;

	if (rec_get_str(src, "file") != NULL)
		rec_set_str(s, "file", rec_get_str(src, "file"));
	if (line < 1 && rec_get_num(src, "line", &v))
		line = (long)v;
	if (line >= 1)
		rec_set_i64(s, "line", line);
	if (rec_get_str(p, "symbol") != NULL)
		rec_set_str(s, "field", rec_get_str(p, "symbol"));
	sbuf_printf(&how, "%s code (%s", pu_role(p), pu_label(p));
	if (commit != NULL)
		sbuf_printf(&how, " @ %.12s", commit);
	sbuf_printf(&how, "), s2r-grep-proof claim %s",
	    rec_get_str(p, "claim") ? rec_get_str(p, "claim") : "?");
	rec_set_str(s, "how", sbuf_str(&how));
	sbuf_free(&how);
	rec_set(side, "value", value != NULL ? value : json_null());
	rec_set(side, "source", s);
	return side;
}

json_t *
pu_hit_side(const struct pu_hit *h)
{
	return pu_proof_side(h->p, h->line, json_string(h->code));
}

void
pu_ev_add(json_t *ev, const char *what, const json_t *p)
{
	struct sbuf lb = {0};
	const char *label;
	const json_t *src = json_object_get(p, "source");
	json_t *item = json_object(), *s = json_object();
	static const char *const keys[] = { "label", "role", "commit",
	    "file", "line", "end_line" };
	double files;

	if (strcmp(pu_role(p), "router") == 0)
		sbuf_printf(&lb, "router %s: %s", pu_label(p), what);
	else
		sbuf_printf(&lb, "%s: %s", strcmp(pu_role(p), "sim") == 0 ?
		    "sim algorithm" : "generated plugin", what);
	label = sbuf_str(&lb);
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		json_t *v = json_object_get(src, keys[i]);

		if (v != NULL && !(json_is_string(v) &&
		    *json_string_value(v) == '\0'))
			rec_set(s, keys[i], json_deep_copy(v));
	}
	if (snippet_start(p) >= 1 && rec_get_str(src, "file") != NULL)
		rec_set_i64(s, "line", snippet_start(p));
	if (pu_found(p)) {
		rec_set_str(item, "label", label);
		rec_set(item, "source", s);
		rec_set_str(item, "snippet", rec_get_str(p, "snippet"));
	} else if (pu_status_is(p, "capped")) {
		struct sbuf l = {0};
		double shown = 0, hits = 0;

		rec_get_num(p, "shown", &shown);
		rec_get_num(p, "hits", &hits);
		sbuf_printf(&l, "%s: %.0f more hits past max_hits (%.0f of %.0f "
		    "shown), listed by file and line in the capped record",
		    label, hits - shown, shown, hits);
		rec_set_str(item, "label", sbuf_str(&l));
		rec_set(item, "source", s);
		sbuf_free(&l);
	} else {
		struct sbuf l = {0};

		sbuf_printf(&l, "%s: not found", label);
		if (rec_get_num(p, "files_scanned", &files) && files > 0)
			sbuf_printf(&l, " in %.0f file%s", files,
			    files == 1 ? "" : "s");
		if (rec_get_str(p, "why") != NULL)
			sbuf_printf(&l, " (%s)", rec_get_str(p, "why"));
		rec_set_str(item, "label", sbuf_str(&l));
		rec_set(item, "source", s);
		sbuf_free(&l);
	}
	json_array_append_new(ev, item);
	sbuf_free(&lb);
}

void
pu_ev_claim(json_t *ev, const struct judge *j, const char *claim,
    const char *role, const char *what)
{
	struct ru_list l;

	pu_claim_list(j, claim, role, &l);
	for (size_t i = 0; i < l.n; i++)
		if (!pu_status_is(l.v[i], "no_source"))
			pu_ev_add(ev, what, l.v[i]);
	ru_list_free(&l);
}

void
pu_out_init(struct pu_out *o, const char *metric)
{
	memset(o, 0, sizeof(*o));
	o->metric = metric;
	o->evidence = json_array();
}

void
pu_out_emit(struct judge *j, const struct rule *r, struct pu_out *o,
    enum jverdict_value v, const char *action)
{
	judge_emit(j, r, NULL, &(struct jverdict){ .metric = o->metric,
	    .sub = o->sub, .expect = o->expect, .measure = o->actual,
	    .verdict = v, .why = sbuf_str(&o->why),
	    .action = v == V_WARN || v == V_FAIL ? action : NULL,
	    .evidence = o->evidence });
	json_decref(o->sub);
	json_decref(o->expect);
	json_decref(o->actual);
	json_decref(o->evidence);
	sbuf_free(&o->why);
	memset(o, 0, sizeof(*o));
}

json_t *
pu_phase_sub(const char *phase, const char *class)
{
	json_t *sub = rec_scope_new();

	rec_scope_set(sub, "phase", phase);
	rec_scope_set(sub, "class", class);
	return sub;
}

json_t *
pu_rec_side(const json_t *rec)
{
	json_t *v;

	if (rec == NULL)
		return NULL;
	v = json_object_get(rec, "value");
	return ru_side(v != NULL ? json_deep_copy(v) : json_null(),
	    rec_get_str(rec, "unit"), rec, NULL);
}

/* --- EPP arms ------------------------------------------------------ */

const char *
pu_epp_arms(const struct judge *j, struct strv *arms)
{
	static const char *const kinds[] = { "measure", "expect" };

	memset(arms, 0, sizeof(*arms));
	for (size_t k = 0; k < 2; k++) {
		struct ru_list l;

		ru_select(j, &(struct jsel){ .kind = kinds[k],
		    .metric = "epp.*" }, &l);
		for (size_t i = 0; i < l.n; i++) {
			const char *ph = rec_scope_str(l.v[i], "phase");

			if (ph != NULL && strv_find(arms, ph) < 0)
				strv_add(arms, ph);
		}
		ru_list_free(&l);
		if (arms->n > 0) {
			strv_sort(arms);
			return kinds[k];
		}
	}
	return NULL;
}

void
pu_arm_recs(const struct judge *j, const char *kind, const char *metric,
    const char *phase, struct ru_list *out)
{
	ru_select(j, &(struct jsel){ .kind = kind, .metric = metric,
	    .ph = JM_IS, .phase = phase }, out);
}

/* Whether the generated plugin's Register call (arg: its proof) names
 * the const of a type (its name in arg) and a factory of the receiver of
 * an admission function. */
struct reg_want {
	const struct judge	*j;
	const char		*cname;
};

static bool
admit_receiver(const json_t *p, void *arg)
{
	const json_t *facts = json_object_get(p, "facts");
	const char *name = rec_get_str(facts, "name");
	const char *recv = rec_get_str(facts, "receiver");
	const char *factory = arg;

	return name != NULL && pu_icontains(name, "admit") && recv != NULL &&
	    strncmp(factory, recv, strlen(recv)) == 0;
}

static bool
registers_admitter(const json_t *p, void *arg)
{
	const struct reg_want *w = arg;
	const json_t *args = json_object_get(json_object_get(p, "facts"),
	    "args");
	const char *c = json_string_value(json_array_get(args, 0));
	const char *f = json_string_value(json_array_get(args, 1));

	return c != NULL && f != NULL && strcmp(c, w->cname) == 0 &&
	    pu_claim_find(w->j, "4d.generated-admit-returns", "generated",
	    PU_FOUND, admit_receiver, (void *)f) != NULL;
}

/* Whether the type const of p ("const XType = \"x\"") is type and the
 * generated plugin registers it with an admission plugin's factory. */
static bool
admitter_const(const json_t *p, void *arg)
{
	const struct reg_want *w = arg;
	const char *m = rec_get_str(json_object_get(p, "facts"), "match");
	const char *type = w->cname, *q;
	char name[128];
	struct reg_want rw = { w->j, name };

	if (m == NULL || (q = strchr(m, '"')) == NULL ||
	    strncmp(q + 1, type, strlen(type)) != 0 ||
	    q[1 + strlen(type)] != '"')
		return false;
	if (strncmp(m, "const", 5) == 0)
		m += 5;
	if (sscanf(m, " %127[A-Za-z0-9_]", name) != 1)
		return false;
	return pu_claim_find(w->j, "4a.generated-register", "generated",
	    PU_FOUND, registers_admitter, &rw) != NULL;
}

bool
pu_is_admission_type(const struct judge *j, const char *type)
{
	struct reg_want w = { j, type };

	if (type == NULL)
		return false;
	if (strstr(type, "admi") != NULL || strstr(type, "shed") != NULL)
		return true;
	/* a name that says nothing: the generated plugin's own type, when
	 * the code registers it with an admission function's factory */
	return j != NULL && pu_claim_find(j, "4a.generated-type-consts",
	    "generated", PU_FOUND, admitter_const, &w) != NULL;
}

const char *
pu_str_value(const json_t *rec)
{
	return json_string_value(json_object_get(rec, "value"));
}

