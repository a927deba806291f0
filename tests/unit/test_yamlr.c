/* Unit tests for lib/yamlr.c. */
#include <string.h>

#include "yamlr.h"
#include "unit.h"

static struct ydoc *
load(const char *text, struct yerror *err)
{
	return ydoc_load_buf("t.yaml", text, strlen(text), 0, err);
}

static void
test_lines(void)
{
	struct yerror err;
	struct ydoc *doc = load("version: \"2\"\naggregate_rate: 40\n"
	    "clients:\n  - id: a\n    rate_fraction: 0.7\n", &err);
	const struct ynode *root = ydoc_root(doc), *n;
	double v;

	CHECK(doc != NULL);
	n = ymap_get(root, "aggregate_rate");
	CHECK(n != NULL && n->line == 2 && n->column == 17);
	CHECK(yscalar_f64(n, &v) && v == 40);
	n = ypath(root, "clients.0.rate_fraction");
	CHECK(n != NULL && n->line == 5);
	CHECK(yscalar_f64(n, &v) && v == 0.7);
	n = ymap_get(root, "version");
	CHECK(n != NULL && !n->plain);
	CHECK(ypath(root, "clients.1") == NULL);
	ydoc_free(doc);
}

static void
test_flow_and_alias(void)
{
	struct yerror err;
	struct ydoc *doc = load("a: &x {process: poisson, cv: 2}\nb: *x\n", &err);
	const struct ynode *root = ydoc_root(doc);

	CHECK(doc != NULL);
	CHECK_STR(yscalar(ypath(root, "b.process")), "poisson");
	ydoc_free(doc);
}

static void
test_errors(void)
{
	struct yerror err;

	CHECK(load("a: [1, 2\n", &err) == NULL);
	CHECK(err.line >= 1 && err.msg[0] != '\0');
	CHECK(load("a: 1\na: 2\n", &err) == NULL);
	CHECK(err.line == 2 && strstr(err.msg, "duplicate") != NULL);
	CHECK(load("a: *nope\n", &err) == NULL);
	CHECK(ydoc_load_buf("t", "a: 1\0b", 6, 0, &err) == NULL);
	CHECK(strstr(err.msg, "NUL") != NULL);
}

static void
test_multi_doc_and_offset(void)
{
	struct yerror err;
	struct ydoc *doc = ydoc_load_buf("c.md", "a: 1\n---\nb: 2\n", 14, 10,
	    &err);

	CHECK(doc != NULL && doc->ndocs == 2);
	CHECK(ymap_get(doc->docs[1], "b")->line == 13);
	ydoc_free(doc);
}

static void
test_scalars(void)
{
	struct yerror err;
	struct ydoc *doc = load("t: yes\nf: False\nn: ~\ni: 12\ns: '~'\n", &err);
	const struct ynode *root = ydoc_root(doc);
	bool b;
	int64_t i;

	CHECK(yscalar_bool(ymap_get(root, "t"), &b) && b);
	CHECK(yscalar_bool(ymap_get(root, "f"), &b) && !b);
	CHECK(yscalar_is_null(ymap_get(root, "n")));
	CHECK(!yscalar_is_null(ymap_get(root, "s")));
	CHECK(yscalar_i64(ymap_get(root, "i"), &i) && i == 12);
	ydoc_free(doc);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "lines", test_lines },
		{ "flow_and_alias", test_flow_and_alias },
		{ "errors", test_errors },
		{ "multi_doc_and_offset", test_multi_doc_and_offset },
		{ "scalars", test_scalars },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
