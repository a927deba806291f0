/* fuzz_recscan - recscan_line(), recscan_valid() and jparse() against
 * jansson on arbitrary bytes.  A value recscan_valid() takes must be one
 * json_loadb() (JSON_REJECT_DUPLICATES) takes; a tree jparse() builds
 * from what jansson takes must be jansson's (types, values, member
 * order: the same json_dumps() text).  Then recscan_line(): a
 * line it takes must be one json_loadb() (JSON_REJECT_DUPLICATES) takes,
 * an object whose "kind" is a string, and what it pulls (kind, check,
 * metric, title, verdict, scope, a numeric value, chart members) must
 * be what jansson reads there, and jstore_add() must keep it under the
 * keys that sealing jansson's record gives.  A line it leaves to jansson
 * is no finding. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "jparse.h"
#include "jstore.h"
#include "recscan.h"

static void
same_text(struct rs_text t, const json_t *v)
{
	if (t.s == NULL) {
		if (json_is_string(v))
			abort();
		return;
	}
	if (!json_is_string(v) || json_string_length(v) != t.len ||
	    memcmp(json_string_value(v), t.s, t.len) != 0)
		abort();
}

static void
same_scope(const struct recscan *rs, const json_t *scope)
{
	if (scope == NULL) {
		if (rs->nscope != 0)
			abort();
		return;
	}
	if (!json_is_object(scope) || json_object_size(scope) != rs->nscope)
		abort();
	for (size_t i = 0; i < rs->nscope; i++) {
		char *key = strndup(rs->key[i].s, rs->key[i].len);

		same_text(rs->val[i], json_object_get(scope, key));
		free(key);
	}
}

static void
same_value(const struct recscan *rs, const json_t *v)
{
	if (rs->has_value != json_is_number(v))
		abort();
	if (rs->has_value && rs->value != json_number_value(v) &&
	    !(isnan(rs->value) && isnan(json_number_value(v))))
		abort();
}

static bool
same_str(const char *a, const char *b)
{
	return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}

/* rec (taken) sealed in one store, the line added to another. */
static void
same_keys(const struct recscan *rs, json_t *rec, const char *line,
    size_t len)
{
	struct jstore a, b;

	jstore_init(&a);
	jstore_init(&b);
	jstore_add(&a, line, len, rs);
	jstore_seal(&b, jstore_push(&b, rec), line, len);
	for (int f = 0; f < JK_NFIELDS; f++)
		if (!same_str(a.keys[0].f[f], b.keys[0].f[f]))
			abort();
	if (!same_str(a.sub[0], b.sub[0]))
		abort();
	if (a.num[0] != b.num[0] && !(isnan(a.num[0]) && isnan(b.num[0])))
		abort();
	jstore_free(&a);
	jstore_free(&b);
}

/* jparse() of text jansson read as want: NULL, or want's own tree. */
static void
same_tree(const char *text, size_t len, const json_t *want)
{
	const size_t flags = JSON_COMPACT | JSON_ENCODE_ANY |
	    JSON_REAL_PRECISION(17);
	json_t *got = jparse(text, len);
	char *a, *b;

	if (got == NULL)
		return;
	a = json_dumps(got, flags);
	b = json_dumps(want, flags);
	if (!json_equal(got, want) || a == NULL || b == NULL ||
	    strcmp(a, b) != 0)
		abort();
	free(a);
	free(b);
	json_decref(got);
}

static void
check_values(const char *text, size_t len)
{
	json_error_t err;
	json_t *any = json_loadb(text, len, JSON_DECODE_ANY, &err);
	json_t *strict = json_loadb(text, len, JSON_DECODE_ANY |
	    JSON_REJECT_DUPLICATES, &err);

	if (recscan_valid(text, len) && strict == NULL)
		abort();
	if (any != NULL)
		same_tree(text, len, any);
	json_decref(any);
	json_decref(strict);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct recscan rs;
	json_error_t err;
	json_t *rec;
	bool charts;

	check_values((const char *)data, size);
	if (!recscan_line(&rs, (const char *)data, size))
		return 0;
	rec = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES,
	    &err);
	if (rec == NULL || !json_is_object(rec))
		abort();
	same_text(rs.kind, json_object_get(rec, "kind"));
	if (json_object_get(rec, "check") != NULL)
		same_text(rs.check, json_object_get(rec, "check"));
	if (json_object_get(rec, "metric") != NULL)
		same_text(rs.metric, json_object_get(rec, "metric"));
	if (json_object_get(rec, "title") != NULL)
		same_text(rs.title, json_object_get(rec, "title"));
	if (json_object_get(rec, "verdict") != NULL)
		same_text(rs.verdict, json_object_get(rec, "verdict"));
	same_scope(&rs, json_object_get(rec, "scope"));
	same_value(&rs, json_object_get(rec, "value"));
	charts = json_object_get(rec, "points") != NULL ||
	    json_object_get(rec, "bins") != NULL ||
	    json_object_get(rec, "columns") != NULL;
	if (charts != rs.charts)
		abort();
	same_keys(&rs, rec, (const char *)data, size);
	return 0;
}
