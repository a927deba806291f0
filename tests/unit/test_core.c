/* Unit tests for lib/str.c and lib/rec.c. */
#include <stdlib.h>
#include <unistd.h>

#include "rec.h"
#include "str.h"
#include "unit.h"

static void
test_parse_i64(void)
{
	int64_t v = 0;

	CHECK(parse_i64("12", 2, &v) && v == 12);
	CHECK(parse_i64("-9223372036854775808", 20, &v) && v == INT64_MIN);
	CHECK(parse_i64("9223372036854775807", 19, &v) && v == INT64_MAX);
	CHECK(!parse_i64("9223372036854775808", 19, &v));
	CHECK(!parse_i64("12a", 3, &v));
	CHECK(!parse_i64("", 0, &v));
	CHECK(!parse_i64("-", 1, &v));
	CHECK(!parse_i64(" 1", 2, &v));
}

static void
test_parse_f64(void)
{
	double v = 0;

	CHECK(parse_f64("0.5", 3, &v) && v == 0.5);
	CHECK(parse_f64("1e3", 3, &v) && v == 1000);
	CHECK(!parse_f64("nan", 3, &v));
	CHECK(!parse_f64("inf", 3, &v));
	CHECK(!parse_f64("0x10", 4, &v));
	CHECK(!parse_f64("1e999", 5, &v));
	CHECK(!parse_f64("1.5 ", 4, &v));
}

static void
test_sbuf(void)
{
	struct sbuf b = {0};

	CHECK_STR(sbuf_str(&b), "");
	sbuf_adds(&b, "a");
	sbuf_printf(&b, "%d-%s", 42, "x");
	sbuf_addc(&b, '!');
	CHECK_STR(sbuf_str(&b), "a42-x!");
	sbuf_reset(&b);
	CHECK_STR(sbuf_str(&b), "");
	sbuf_free(&b);
}

static void
test_strv(void)
{
	struct strv sv = {0};

	strv_add(&sv, "b");
	strv_add(&sv, "a");
	strv_sort(&sv);
	CHECK_STR(sv.v[0], "a");
	CHECK(strv_find(&sv, "b") == 1);
	CHECK(strv_find(&sv, "c") == -1);
	strv_free(&sv);
}

static void
test_paths(void)
{
	char dir[] = "/tmp/s2r-paths-XXXXXX", link[64], file[96], via[96];
	char *shown;
	FILE *f;

	CHECK_STR(path_under("bundle/a/trace.csv", "bundle//"), "a/trace.csv");
	CHECK_STR(path_under("bundlex/a.csv", "bundle"), "bundlex/a.csv");
	CHECK_STR(path_under("a.csv", NULL), "a.csv");
	/* A root reached through a symlink, and a missing file in it. */
	CHECK(mkdtemp(dir) != NULL);
	snprintf(link, sizeof(link), "%s-link", dir);
	snprintf(file, sizeof(file), "%s/t.csv", dir);
	snprintf(via, sizeof(via), "%s/gone.csv", link);
	CHECK(symlink(dir, link) == 0);
	CHECK((f = fopen(file, "w")) != NULL && fclose(f) == 0);
	CHECK_STR(shown = path_display(file, link), "t.csv");
	free(shown);
	CHECK_STR(shown = path_display(via, dir), "gone.csv");
	free(shown);
	CHECK_STR(shown = path_display("-", dir), "<stdin>");
	free(shown);
	CHECK_STR(shown = path_display("/elsewhere/x.csv", dir),
	    "/elsewhere/x.csv");
	free(shown);
	unlink(file);
	unlink(link);
	rmdir(dir);
}

static void
test_rec_num(void)
{
	json_t *n = rec_num(40.0);

	CHECK(json_is_integer(n) && json_integer_value(n) == 40);
	json_decref(n);
	n = rec_num(0.25);
	CHECK(json_is_real(n));
	json_decref(n);
	n = rec_num(NAN);
	CHECK(json_is_null(n));
	json_decref(n);
}

static void
test_scope_order(void)
{
	json_t *scope = rec_scope_new();
	char *key, *dump;

	rec_scope_set(scope, "client", "c1");
	rec_scope_set(scope, "phase", "baseline");
	rec_scope_set(scope, "workload", "w1");
	key = rec_scope_key(scope);
	CHECK_STR(key, "phase=baseline,workload=w1,client=c1");
	dump = json_dumps(scope, JSON_COMPACT);
	CHECK_STR(dump, "{\"phase\":\"baseline\",\"workload\":\"w1\",\"client\":\"c1\"}");
	free(key);
	free(dump);
	json_decref(scope);
}

static void
test_source(void)
{
	json_t *src = rec_source("w.yaml", 12, 0, "aggregate_rate", NULL);
	char *dump = json_dumps(src, JSON_COMPACT);

	CHECK_STR(dump, "{\"file\":\"w.yaml\",\"line\":12,\"field\":\"aggregate_rate\"}");
	free(dump);
	json_decref(src);
}

static void
test_emit_deterministic(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	json_t *rec = rec_new("measure");

	rec_set_str(rec, "metric", "qps.actual");
	rec_set_num(rec, "value", 1.0 / 3.0);
	rec_set_str(rec, "bad", "caf\xe9");
	rec_emit(f, rec);
	fclose(f);
	CHECK_STR(buf, "{\"kind\":\"measure\",\"metric\":\"qps.actual\","
	    "\"value\":0.3333333333,\"bad\":\"caf?\"}\n");
	free(buf);
}

static void
test_ndjson_reader(void)
{
	char path[] = "/tmp/s2r-unit-XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");
	struct ndjson_reader r;
	json_t *rec;
	int n = 0;

	fputs("{\"kind\":\"a\"}\n\n{\"kind\":\"b\",\"x\":1}\r\n", f);
	fclose(f);
	ndjson_open(&r, path);
	while ((rec = ndjson_next(&r)) != NULL) {
		n++;
		json_decref(rec);
	}
	CHECK(n == 2);
	CHECK(r.line == 3);
	ndjson_close(&r);
	unlink(path);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "parse_i64", test_parse_i64 },
		{ "parse_f64", test_parse_f64 },
		{ "sbuf", test_sbuf },
		{ "strv", test_strv },
		{ "path_under, path_display", test_paths },
		{ "rec_num", test_rec_num },
		{ "scope_order", test_scope_order },
		{ "source", test_source },
		{ "emit_deterministic", test_emit_deterministic },
		{ "ndjson_reader", test_ndjson_reader },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
