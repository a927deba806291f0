/* cmprec.c - see cmprec.h. */
#include <math.h>

#include "cmprec.h"
#include "rec.h"

json_t *
cmprec_new(const char *analysis, const char *metric, const char *stat,
    const char *unit, const char *workload, const char *cls)
{
	json_t *rec = rec_new("compare"), *scope = rec_scope_new();

	rec_set_str(rec, "analysis", analysis);
	rec_set_str(rec, "metric", metric);
	rec_set_str(rec, "stat", stat);
	rec_set_str(rec, "unit", unit);
	if (workload != NULL)
		rec_scope_set(scope, "workload", workload);
	if (cls != NULL)
		rec_scope_set(scope, "class", cls);
	rec_set(rec, "scope", scope);
	return rec;
}

json_t *
cmprec_side(const char *arm, double value, int64_t n)
{
	json_t *side = json_object();

	rec_set_str(side, "arm", arm);
	rec_set(side, "value", rec_num(value));
	if (n >= 0)
		rec_set_i64(side, "n", n);
	rec_set(side, "files", json_array());
	return side;
}

void
cmprec_side_file(json_t *side, const char *file)
{
	json_array_append_new(json_object_get(side, "files"), rec_str(file));
}

json_t *
cmprec_side_named(const char *arm, const char *file)
{
	json_t *side = json_object();

	rec_set_str(side, "arm", arm);
	rec_set(side, "files", json_array());
	cmprec_side_file(side, file);
	return side;
}

void
cmprec_side_replicas(json_t *side, const double *per, size_t k, double cv)
{
	json_t *arr;

	if (k < 2)
		return;
	arr = json_array();
	for (size_t i = 0; i < k; i++)
		json_array_append_new(arr, rec_num(per[i]));
	rec_set_i64(side, "replicas", (int64_t)k);
	rec_set(side, "per_replica", arr);
	rec_set(side, "cv", rec_num(cv));
}

void
cmprec_delta(json_t *rec, double a, double b)
{
	rec_set(rec, "delta", rec_num(b - a));
	rec_set(rec, "change_pct", rec_num(a == 0 ? NAN :
	    (b - a) / fabs(a) * 100));
}

void
cmprec_source(json_t *rec, const char *field, const char *how)
{
	json_t *src = json_object();

	rec_set_str(src, "field", field);
	rec_set_str(src, "how", how);
	rec_set(rec, "source", src);
}
