/* Unit tests for lib/str.c, lib/rec.c, lib/err.c's string helpers and
 * lib/perr.c. */
#include <dirent.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "atomicfile.h"
#include "err.h"
#include "perr.h"
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

/* The one builder: the head in the contract's order whatever members
 * are set, NULL strings and n < 0 left out, a NULL value written null,
 * then scope, the caller's extras, source, comparable and why. */
static void
test_rec_builder(void)
{
	json_t *rec = rec_begin(&(struct rec_head){ .kind = "measure",
	    .check = "5d", .metric = "status.count", .status = "shed",
	    .value = rec_i64(3), .unit = "count", .n = 10 });
	json_t *scope = rec_scope_new();
	char *dump;

	rec_scope_set(scope, "class", "batch");
	rec_end(rec, scope, rec_source("t.csv", 0, 0, "status", NULL));
	dump = json_dumps(rec, JSON_COMPACT);
	CHECK_STR(dump, "{\"kind\":\"measure\",\"check\":\"5d\","
	    "\"metric\":\"status.count\",\"status\":\"shed\",\"value\":3,"
	    "\"unit\":\"count\",\"n\":10,\"scope\":{\"class\":\"batch\"},"
	    "\"source\":{\"file\":\"t.csv\",\"field\":\"status\"}}");
	free(dump);
	json_decref(rec);

	rec = rec_begin(&(struct rec_head){ .kind = "expect", .check = "2a",
	    .metric = "vllm.model", .key = "--model", .n = -1 });
	rec_set(rec, "scope", rec_scope_new());
	rec_set(rec, "values", json_array());
	rec_end(rec, NULL, rec_source("c.md", 3, 5, NULL, NULL));
	rec_incomparable(rec, "two values");
	dump = json_dumps(rec, JSON_COMPACT);
	CHECK_STR(dump, "{\"kind\":\"expect\",\"check\":\"2a\","
	    "\"metric\":\"vllm.model\",\"key\":\"--model\",\"value\":null,"
	    "\"scope\":{},\"values\":[],\"source\":{\"file\":\"c.md\","
	    "\"line\":3,\"column\":5},\"comparable\":false,"
	    "\"why\":\"two values\"}");
	CHECK_STR(rec_scope_str(rec, "class") ? "?" : "absent", "absent");
	free(dump);
	json_decref(rec);
}

static void
test_rec_getters(void)
{
	json_t *rec = json_pack("{s:i, s:f, s:s, s:{s:s}}", "n", 7, "x", 1.5,
	    "s", "t", "scope", "phase", "baseline");
	int64_t v = 0;

	CHECK(rec_get_i64(rec, "n", &v) && v == 7);
	CHECK(!rec_get_i64(rec, "x", &v) && v == 7);
	CHECK(!rec_get_i64(rec, "s", &v) && !rec_get_i64(rec, "no", &v));
	CHECK_STR(rec_scope_str(rec, "phase"), "baseline");
	CHECK(rec_scope_str(rec, "workload") == NULL);
	CHECK(rec_scope_str(json_object_get(rec, "s"), "phase") == NULL);
	json_decref(rec);
}

static void
test_strings(void)
{
	const char *s = " \t a b \n";
	size_t n = strlen(s);
	char *d = NULL;

	CHECK(str_skip_space(s, n, 0) == 3 && str_skip_space(s, n, 4) == 5);
	CHECK(str_skip_space(s, n, 6) == n && str_skip_space(s, 0, 0) == 0);
	str_trim(&s, &n);
	CHECK(n == 3 && strncmp(s, "a b", 3) == 0);
	s = "  ";
	n = 2;
	str_trim(&s, &n);
	CHECK(n == 0);
	xstrset(&d, "one");
	xstrset(&d, "two");
	CHECK_STR(d, "two");
	free(d);
	d = nullstr_dup(NULL);
	CHECK(d == NULL && nullstr_eq(NULL, NULL) && !nullstr_eq("a", NULL));
	CHECK(nullstr_eq("a", "a") && !nullstr_eq("a", "b"));
}

static void
test_perr(void)
{
	struct perr e = {0};
	char big[400];

	CHECK(!perr_set(&e, 3, 7, "expected %s, got %d", "a map", 4));
	CHECK(e.line == 3 && e.column == 7);
	CHECK_STR(e.msg, "expected a map, got 4");
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	perr_set(&e, 0, 0, "%s", big);
	CHECK(strlen(e.msg) == sizeof(e.msg) - 1);
}

/* A tool that dies half way through a file written with atomic_open()
 * leaves neither the file nor its temporary (exit removes it); one that
 * commits leaves the file alone. */
static void
test_atomic_exit(void)
{
	char dir[] = "/tmp/s2r-test-atomic.XXXXXX", path[128];
	struct atomicfile af;
	int status = -1;
	pid_t pid;
	DIR *d;
	struct dirent *e;
	size_t n = 0;

	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/out.ndjson", dir);
	fflush(stdout);
	fflush(stderr);
	if ((pid = fork()) == 0) {
		FILE *f = atomic_open(&af, path);

		fputs("{\"kind\":\"measure\"}\n", f);
		fflush(f);
		freopen("/dev/null", "w", stderr);
		s2r_die("bad input half way");
	}
	waitpid(pid, &status, 0);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 2);
	if ((d = opendir(dir)) != NULL) {
		while ((e = readdir(d)) != NULL)
			n += e->d_name[0] != '.';
		closedir(d);
	}
	CHECK(n == 0);
	atomic_write(path, "x\n", 2);
	CHECK(access(path, R_OK) == 0);
	unlink(path);
	rmdir(dir);
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
		{ "rec_begin, rec_end, rec_incomparable", test_rec_builder },
		{ "rec_get_i64, rec_scope_str", test_rec_getters },
		{ "str_skip_space, str_trim, xstrset, nullstr", test_strings },
		{ "perr_set", test_perr },
		{ "atomic_exit", test_atomic_exit },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
