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
 * pipelines/proofs.yaml. */
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
