/* rules_override.c - a part of check 4c (rules_tiers.c): does the
 * generated plugin run the treatment config's parameters, or does it
 * overwrite one with a literal after decoding them?
 *
 * 4c compares the deployed EPP config's parameters with the sim's; that
 * comparison means something only if the plugin keeps what it decoded.
 * An assignment of a number literal to a parameter field (p.X = 0.5, a
 * debugging override or an old tuning left in) after the factory's
 * json.Unmarshal, or in any function that decodes nothing (the admission
 * path itself), replaces the config's value whatever the YAML says.  The
 * proof claims are 4c.generated-param-overrides (the assignments),
 * 4c.generated-field-tags (which config key each field is read from) and
 * 4c.generated-param-decode (where the config is decoded); see
 * pipelines/proofs.yaml.  Two more ways the config's value never runs: a
 * deployed key no field of the plugin reads (encoding/json drops unknown
 * keys: sheddable_shed_start for sheddableShedStart) and a parameter the
 * sim plans for the arm that the deployed config lacks (the compiled-in
 * default runs), or a key the plugin reads deployed under another
 * plugin (a plugins-list entry moved between the plugin's name and its
 * parameters block: the other plugin ignores it).  4d's reading of the tier parameters' JSON keys (a field
 * read from another tier's key) is here too. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "judge.h"
#include "proofutil.h"
#include "rec.h"
#include "rules_override.h"
#include "ruleutil.h"
#include "str.h"

/* The field whose JSON tag is key (claim 4c.generated-field-tags) into
 * field; false when no tagged field reads key. */
static bool
tagged_field(const struct judge *j, const char *key, char *field, size_t n)
{
	struct ru_list l;
	bool found = false;

	pu_claim_list(j, "4c.generated-field-tags", "generated", &l);
	for (size_t i = 0; i < l.n && !found; i++) {
		const char *m = rec_get_str(json_object_get(l.v[i], "facts"),
		    "match"), *tag;
		char f[128], k[128];

		if (!pu_found(l.v[i]) || m == NULL ||
		    (tag = strstr(m, "json:\"")) == NULL ||
		    sscanf(m, " %127[A-Za-z0-9_]", f) != 1 ||
		    sscanf(tag + 6, "%127[^\",]", k) != 1 || strcmp(k, key) != 0)
			continue;
		snprintf(field, n, "%s", f);
		found = true;
	}
	ru_list_free(&l);
	return found;
}

/* The line of the first decode call in function fn (claim
 * 4c.generated-param-decode) of the same file as p; 0 when none. */
static long
decode_line(const struct judge *j, const json_t *p, const char *fn)
{
	const char *file = rec_get_str(json_object_get(p, "source"), "file");
	struct ru_list l;
	long line = 0;

	pu_claim_list(j, "4c.generated-param-decode", "generated", &l);
	for (size_t i = 0; i < l.n && line == 0; i++) {
		const json_t *src = json_object_get(l.v[i], "source");
		const char *f = rec_get_str(json_object_get(json_object_get(
		    l.v[i], "facts"), "enclosing_func"), "symbol");
		double ln = 0;

		if (pu_found(l.v[i]) && f != NULL && fn != NULL &&
		    strcmp(f, fn) == 0 && file != NULL && strcmp(file,
		    rec_get_str(src, "file")) == 0 && rec_get_num(src,
		    "line", &ln))
			line = (long)ln;
	}
	ru_list_free(&l);
	return line;
}

/* Whether the assignment in p ("p.Field = 0.5") sets field, its literal
 * into *value. */
static bool
assigns_field(const json_t *p, const char *field, json_t **value)
{
	const char *m = rec_get_str(json_object_get(p, "facts"), "match");
	const char *eq = m != NULL ? strchr(m, '=') : NULL;
	const char *e = eq;
	double v;
	size_t n = strlen(field), len;

	if (eq == NULL)
		return false;
	while (e > m && isspace((unsigned char)e[-1]))
		e--;
	if ((size_t)(e - m) <= n || e[-(long)n - 1] != '.' ||
	    strncasecmp(e - n, field, n) != 0)
		return false;
	for (eq++; isspace((unsigned char)*eq); eq++)
		;
	len = strcspn(eq, " \t/");
	if (!parse_f64(eq, len, &v))
		return false;
	*value = json_real(v);
	return true;
}

const json_t *
override_find(const struct judge *j, const char *key, json_t **value)
{
	char field[128];
	struct ru_list l;
	const json_t *hit = NULL;

	*value = NULL;
	if (key == NULL)
		return NULL;
	/* no tag names it: encoding/json matches the field's own name */
	if (!tagged_field(j, key, field, sizeof(field)))
		snprintf(field, sizeof(field), "%s", key);
	pu_claim_list(j, "4c.generated-param-overrides", "generated", &l);
	for (size_t i = 0; i < l.n && hit == NULL; i++) {
		const char *fn = rec_get_str(json_object_get(json_object_get(
		    l.v[i], "facts"), "enclosing_func"), "symbol");
		double ln = 0;
		long dec;

		if (!pu_found(l.v[i]) || fn == NULL ||
		    !assigns_field(l.v[i], field, value))
			continue;
		rec_get_num(json_object_get(l.v[i], "source"), "line", &ln);
		dec = decode_line(j, l.v[i], fn);
		/* set before the decode: a default the config may replace */
		if (dec > 0 && (long)ln < dec) {
			json_decref(*value);
			*value = NULL;
			continue;
		}
		hit = l.v[i];
	}
	ru_list_free(&l);
	return hit;
}

/* ---- keys the plugin does not read, parameters not deployed ---- */

/* Whether the generated code declares type as a plugin type (claim
 * 4a.generated-type-consts: const XType = "type"). */
static bool
type_const(const json_t *p, void *arg)
{
	const char *m = rec_get_str(json_object_get(p, "facts"), "match");
	const char *type = arg, *q = m != NULL ? strchr(m, '"') : NULL;

	return q != NULL && strncmp(q + 1, type, strlen(type)) == 0 &&
	    q[1 + strlen(type)] == '"';
}

/* Whether claim id has a hit past its max_hits (a field among them may
 * read the key: nothing can be said unread). */
static bool
claim_capped(const struct judge *j, const char *id)
{
	struct ru_list l;
	bool capped = false;

	pu_claim_list(j, id, "generated", &l);
	for (size_t i = 0; i < l.n && !capped; i++)
		capped = pu_status_is(l.v[i], "capped");
	ru_list_free(&l);
	return capped;
}

/* Whether the field a hit of claim id declares is read from key: its
 * tag (4c.generated-field-tags) or, untagged, its own name
 * (4c.generated-field-names), case ignored as encoding/json matches
 * keys; *any (when not NULL): some field is tagged. */
static bool
field_reads(const struct judge *j, const char *id, const char *key,
    size_t n, bool *any)
{
	struct ru_list l;
	bool hit = false, tagged = strcmp(id, "4c.generated-field-tags") == 0;

	pu_claim_list(j, id, "generated", &l);
	for (size_t i = 0; i < l.n && !hit; i++) {
		const char *m = rec_get_str(json_object_get(l.v[i], "facts"),
		    "match"), *name;

		if (!pu_found(l.v[i]) || m == NULL)
			continue;
		if (tagged && (name = strstr(m, "json:\"")) == NULL)
			continue;
		if (any != NULL && tagged)
			*any = true;
		/* json:",omitempty" names no key: the field's own is read */
		bool by_tag = tagged && name[6] != ',';

		name = by_tag ? name + 6 : m + strspn(m, " \t");
		hit = strcspn(name, by_tag ? "\"," : " \t") == n &&
		    strncasecmp(name, key, n) == 0;
	}
	ru_list_free(&l);
	return hit;
}

/* Whether some field of the generated plugin is read from key (or the
 * hits were capped); *any: some field is tagged. */
static bool
tag_reads(const struct judge *j, const char *key, size_t n, bool *any)
{
	*any = false;
	return field_reads(j, "4c.generated-field-tags", key, n, any) ||
	    field_reads(j, "4c.generated-field-names", key, n, NULL) ||
	    claim_capped(j, "4c.generated-field-tags") ||
	    claim_capped(j, "4c.generated-field-names");
}

/* Whether the arm deploys plugin name (the epp.plugin key) with a
 * parameter key (n bytes). */
static bool
plugin_has_param(const struct judge *j, const char *arm, const char *name,
    const char *key, size_t n)
{
	struct ru_list l;
	bool has = false;
	size_t nl = strlen(name);

	pu_arm_recs(j, "measure", "epp.plugin.parameter", arm, &l);
	for (size_t i = 0; i < l.n && !has; i++) {
		const char *k = rec_get_str(l.v[i], "key");

		has = k != NULL && strncmp(k, name, nl) == 0 && k[nl] == '.' &&
		    strncasecmp(k + nl + 1, key, n) == 0 &&
		    (k[nl + 1 + n] == '\0' || k[nl + 1 + n] == '.');
	}
	ru_list_free(&l);
	return has;
}

/* A key a field of the generated plugin reads, deployed under another
 * plugin (owner, of type type, not generated: a plugins-list entry moved
 * between the generated plugin's name and its parameters block) while
 * the generated plugin deployed in the arm gets no value for it: the
 * owner ignores it and the generated plugin runs its compiled-in
 * default.  Says so into why; whether it is. */
static bool
param_misplaced(const struct judge *j, const char *arm, const char *owner,
    const char *type, const char *key, size_t n, struct sbuf *why)
{
	struct ru_list l;
	const char *gen = NULL, *gname = NULL;

	if (!field_reads(j, "4c.generated-field-tags", key, n, NULL) &&
	    !field_reads(j, "4c.generated-field-names", key, n, NULL))
		return false;
	pu_arm_recs(j, "measure", "epp.plugin", arm, &l);
	for (size_t i = 0; i < l.n && gen == NULL; i++) {
		const char *t = pu_str_value(l.v[i]);

		if (t != NULL && pu_claim_find(j, "4a.generated-type-consts",
		    "generated", PU_FOUND, type_const, (void *)t) != NULL) {
			gen = t;
			gname = rec_get_str(l.v[i], "key");
		}
	}
	ru_list_free(&l);
	if (gen == NULL || gname == NULL ||
	    plugin_has_param(j, arm, gname, key, n))
		return false;
	sbuf_printf(why, ", but it is deployed under plugin %s (type %s), "
	    "not the generated plugin %s (type %s) whose field reads the "
	    "key \"%.*s\": %s ignores it and %s runs its compiled-in "
	    "default (an entry of the plugins list between %s and its "
	    "parameters?)", owner, type, gname, gen, (int)n, key, type, gen,
	    gname);
	return true;
}

bool
param_unread(const struct judge *j, const char *arm, const json_t *rec,
    struct sbuf *why)
{
	const char *key = rec_get_str(rec, "key"), *dot, *type = NULL;
	struct ru_list l;
	size_t n;
	bool any;

	if (key == NULL || (dot = strchr(key, '.')) == NULL)
		return false;
	pu_arm_recs(j, "measure", "epp.plugin", arm, &l);
	for (size_t i = 0; i < l.n && type == NULL; i++) {
		const char *k = rec_get_str(l.v[i], "key");

		if (k != NULL && strlen(k) == (size_t)(dot - key) &&
		    strncmp(k, key, (size_t)(dot - key)) == 0)
			type = pu_str_value(l.v[i]);
	}
	ru_list_free(&l);
	n = strcspn(dot + 1, ".");	/* the top-level key */
	if (type != NULL && pu_claim_find(j, "4a.generated-type-consts",
	    "generated", PU_FOUND, type_const, (void *)type) == NULL) {
		char owner[128];

		snprintf(owner, sizeof(owner), "%.*s", (int)(dot - key), key);
		return param_misplaced(j, arm, owner, type, dot + 1, n, why);
	}
	if (type == NULL || tag_reads(j, dot + 1, n, &any) || !any)
		return false;
	sbuf_printf(why, ", but no field of the generated plugin (%s) is "
	    "read from the key \"%.*s\": encoding/json drops it and the "
	    "plugin runs its compiled-in default", type, (int)n, dot + 1);
	return true;
}

size_t
params_missing(const struct judge *j, const char *arm,
    const struct ru_list *deployed, const char *(*tier_of)(const char *),
    const char *tier, struct sbuf *why)
{
	struct ru_list plan;
	size_t n = 0;

	/* a deployed record with no key may be the one: nothing is said
	 * missing (4c says the record was not compared) */
	for (size_t m = 0; m < deployed->n; m++)
		if (rec_get_str(deployed->v[m], "key") == NULL)
			return 0;
	pu_arm_recs(j, "expect", "epp.plugin.parameter", arm, &plan);
	for (size_t i = 0; i < plan.n; i++) {
		const char *k = rec_get_str(plan.v[i], "key"), *d;
		const char *name = k != NULL && (d = strchr(k, '.')) != NULL ?
		    d + 1 : k, *t;
		bool have = false;

		if (name == NULL)
			continue;
		t = tier_of(name);
		if (tier == NULL ? t != NULL : t == NULL || strcmp(t, tier))
			continue;
		/* case ignored: encoding/json matches keys so */
		for (size_t m = 0; m < deployed->n && !have; m++) {
			const char *dk = rec_get_str(deployed->v[m], "key");

			have = dk != NULL && (d = strchr(dk, '.')) != NULL &&
			    strcasecmp(d + 1, name) == 0;
		}
		if (have)
			continue;
		if (why != NULL) {
			sbuf_printf(why, "%s%s = ", n ? "; " : " Not deployed: "
			    "the sim's ", name);
			ru_value_at(why, plan.v[i]);
		}
		n++;
	}
	ru_list_free(&plan);
	if (why != NULL && n > 0)
		sbuf_adds(why, ": the plugin runs its compiled-in default for "
		    "what the deployed config does not set.");
	return n;
}

/* The sim has treatment parameters and the arms' EPP configs were
 * deployed, yet none gives a plugin a parameter (a parameters block
 * dropped or keyed wrong): the plugins run their compiled-in defaults,
 * which may or may not be the sim's, so WARN rather than MISSING. */
void
deployed_bare(struct pu_out *o, const struct strv *arms)
{
	sbuf_adds(&o->why, "The sim side has treatment parameters, but the "
	    "EPP configs deployed for ");
	for (size_t i = 0; i < arms->n; i++)
		sbuf_printf(&o->why, "%s%s", i ? ", " : "", arms->v[i]);
	sbuf_adds(&o->why, " give no plugin a parameter (a parameters block "
	    "dropped or keyed wrong?): the plugins run their compiled-in "
	    "defaults, which this check cannot compare with the sim's (3c "
	    "reads the generated plugin's thresholds).");
}

/* ---- the JSON keys the tier parameters are read from ---- */

/* The tier (sheddable, batch) and the ramp end (start, full) that a
 * field or JSON key names, case ignored; NULL when it names none. */
static const char *
tag_tier(const char *s)
{
	bool sh = pu_icontains(s, "sheddable"), ba = pu_icontains(s, "batch");

	return sh == ba ? NULL : sh ? "sheddable" : "batch";
}

static const char *
tag_end(const char *s)
{
	bool st = pu_icontains(s, "start");
	bool fu = pu_icontains(s, "full") || pu_icontains(s, "max");

	return st == fu ? NULL : st ? "start" : "full";
}

static bool
names_differ(const char *a, const char *b)
{
	return a != NULL && b != NULL && strcmp(a, b) != 0;
}

/* The generated plugin's tier parameters read from another tier's (or
 * the other ramp end's) JSON key (claim 4d.generated-tier-tags): the
 * config's value lands in the wrong ramp although the config and the
 * switch read right.  Says which in bad; how many. */
size_t
tag_mismatches(const struct judge *j, struct sbuf *bad)
{
	struct ru_list l;
	size_t n = 0;

	pu_claim_list(j, "4d.generated-tier-tags", "generated", &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *m = rec_get_str(json_object_get(l.v[i], "facts"),
		    "match"), *tag;
		char field[128], key[128];

		if (!pu_found(l.v[i]) || m == NULL ||
		    (tag = strstr(m, "json:\"")) == NULL ||
		    sscanf(m, "%127[A-Za-z0-9_]", field) != 1 ||
		    sscanf(tag + 6, "%127[^\",]", key) != 1)
			continue;
		if (!names_differ(tag_tier(field), tag_tier(key)) &&
		    !names_differ(tag_end(field), tag_end(key)))
			continue;
		sbuf_printf(bad, "%s%s is read from the key \"%s\" (",
		    n ? "; " : "", field, key);
		pu_where(bad, l.v[i], 0);
		sbuf_adds(bad, ")");
		n++;
	}
	ru_list_free(&l);
	return n;
}
