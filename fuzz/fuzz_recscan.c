/* fuzz_recscan - recscan_line() against jansson on arbitrary bytes: a
 * line it takes must be one json_loadb() (JSON_REJECT_DUPLICATES) takes,
 * an object whose "kind" is a string, and what it pulls (kind, check,
 * metric, scope, a numeric value, chart members) must be what jansson
 * reads there.  A line it leaves to jansson is no finding. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

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

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct recscan rs;
	json_error_t err;
	json_t *rec;
	bool charts;

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
	same_scope(&rs, json_object_get(rec, "scope"));
	same_value(&rs, json_object_get(rec, "value"));
	charts = json_object_get(rec, "points") != NULL ||
	    json_object_get(rec, "bins") != NULL ||
	    json_object_get(rec, "columns") != NULL;
	if (charts != rs.charts)
		abort();
	json_decref(rec);
	return 0;
}
