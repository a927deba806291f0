/* Unit tests for lib/yamlr.c. */
#include <string.h>

#include "str.h"
#include "yamlr.h"
#include "unit.h"

static struct ydoc *
load(const char *text, struct perr *err)
{
	return ydoc_load_buf("t.yaml", text, strlen(text), 0, err);
}

static void
test_lines(void)
{
	struct perr err;
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
	struct perr err;
	struct ydoc *doc = load("a: &x {process: poisson, cv: 2}\nb: *x\n", &err);
	const struct ynode *root = ydoc_root(doc);

	CHECK(doc != NULL);
	CHECK_STR(yscalar(ypath(root, "b.process")), "poisson");
	ydoc_free(doc);
}

static void
test_errors(void)
{
	struct perr err;

	CHECK(load("a: [1, 2\n", &err) == NULL);
	CHECK(err.line >= 1 && err.msg[0] != '\0');
	CHECK(load("a: 1\na: 2\n", &err) == NULL);
	CHECK(err.line == 2 && strstr(err.msg, "duplicate") != NULL);
	CHECK(load("a: *nope\n", &err) == NULL);
	CHECK(err.line == 1 && err.column == 4 &&
	    strcmp(err.msg, "expected an alias to an anchor defined before "
	    "it, got *nope") == 0);
	CHECK(ydoc_load_buf("t", "a: 1\0b", 6, 0, &err) == NULL);
	CHECK(strstr(err.msg, "NUL") != NULL);
}

static void
test_multi_doc_and_offset(void)
{
	struct perr err;
	struct ydoc *doc = ydoc_load_buf("c.md", "a: 1\n---\nb: 2\n", 14, 10,
	    &err);

	CHECK(doc != NULL && doc->ndocs == 2);
	CHECK(ymap_get(doc->docs[1], "b")->line == 13);
	ydoc_free(doc);
}

static void
test_scalars(void)
{
	struct perr err;
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

/* An alias inside its own anchor would make the tree a cycle, and nested
 * aliases can stand for billions of nodes: both are errors at the alias,
 * so every walk over a loaded tree ends. */
static void
test_alias_limits(void)
{
	struct perr err;
	struct sbuf b = {0};
	struct ydoc *doc;

	CHECK(load("a: &x\n  b: [1, *x]\n", &err) == NULL);
	CHECK(err.line == 2 && err.column == 10 &&
	    strstr(err.msg, "cycle") != NULL);
	/* An open anchor with children loaded already is still open. */
	CHECK(load("a: &x\n  k: 1\n  b: *x\n", &err) == NULL);
	CHECK(err.line == 3 && err.column == 6 &&
	    strstr(err.msg, "cycle") != NULL);
	/* Level k holds ten aliases to level k-1, 111...1 (k+2 ones) nodes
	 * expanded: up to level 4, 123,440 nodes are reached through
	 * aliases; level 5 adds 1,111,110 and passes the million. */
	sbuf_adds(&b, "l0: &l0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n");
	for (int k = 1; k <= 4; k++) {
		sbuf_printf(&b, "l%d: &l%d [", k, k);
		for (int i = 0; i < 10; i++)
			sbuf_printf(&b, "%s*l%d", i ? ", " : "", k - 1);
		sbuf_adds(&b, "]\n");
	}
	doc = load(sbuf_str(&b), &err);
	CHECK(doc != NULL && ymap_get(ydoc_root(doc), "l4")->weight == 111111);
	ydoc_free(doc);
	sbuf_adds(&b, "l5: [*l4, *l4, *l4, *l4, *l4, *l4, *l4, *l4, *l4, *l4]\n");
	CHECK(load(sbuf_str(&b), &err) == NULL);
	CHECK(err.line == 6 && strstr(err.msg, "alias bomb") != NULL);
	sbuf_free(&b);
}

/* Maps of more than a few keys are indexed: every key is still found, a
 * repeated one is still an error at its second line, wherever it falls
 * in the index's growth, and the map keeps its file order. */
static void
test_big_maps(void)
{
	struct perr err;
	struct sbuf b = {0};
	struct ydoc *doc;
	const struct ynode *root;
	bool all = true;

	for (int i = 0; i < 5000; i++)
		sbuf_printf(&b, "k%d: %d\n", i, i);
	doc = load(sbuf_str(&b), &err);
	root = ydoc_root(doc);
	CHECK(doc != NULL && root->n == 5000 && root->index != NULL);
	for (int i = 0; doc != NULL && i < 5000; i++) {
		char key[16];
		int64_t v;

		snprintf(key, sizeof(key), "k%d", i);
		all &= yscalar_i64(ymap_get(root, key), &v) && v == i &&
		    strcmp(root->keys[i]->value, key) == 0;
	}
	CHECK(all);
	CHECK(ymap_get(root, "k5000") == NULL && ymap_get(root, "") == NULL);
	ydoc_free(doc);
	/* 9 keys (the first indexed map), 17, 33, 4097: a duplicate of
	 * the first key and of the last before it */
	for (int n = 9; n <= 4097; n = 2 * n - 1) {
		sbuf_reset(&b);
		for (int i = 0; i < n; i++)
			sbuf_printf(&b, "k%d: %d\n", i, i);
		sbuf_adds(&b, "k0: again\n");
		CHECK(load(sbuf_str(&b), &err) == NULL);
		CHECK(err.line == n + 1 && err.column == 1 &&
		    strcmp(err.msg, "duplicate mapping key \"k0\"") == 0);
		sbuf_reset(&b);
		for (int i = 0; i < n; i++)
			sbuf_printf(&b, "k%d: %d\n", i, i);
		sbuf_printf(&b, "k%d: again\n", n - 1);
		CHECK(load(sbuf_str(&b), &err) == NULL && err.line == n + 1);
	}
	sbuf_free(&b);
}

/* Anchors are looked up by name: the latest of a name wins, as YAML
 * says, and one never defined is an error naming it. */
static void
test_anchor_names(void)
{
	struct perr err;
	struct sbuf b = {0};
	struct ydoc *doc = load("a: &x 1\nb: &x 2\nc: *x\n", &err);

	CHECK(doc != NULL && strcmp(yscalar(ypath(ydoc_root(doc), "c")),
	    "2") == 0);
	ydoc_free(doc);
	for (int i = 0; i < 3000; i++)
		sbuf_printf(&b, "a%d: &x%d v%d\n", i, i, i);
	for (int i = 0; i < 3000; i++)
		sbuf_printf(&b, "b%d: *x%d\n", i, 2999 - i);
	doc = load(sbuf_str(&b), &err);
	CHECK(doc != NULL && strcmp(yscalar(ymap_get(ydoc_root(doc), "b0")),
	    "v2999") == 0);
	ydoc_free(doc);
	sbuf_adds(&b, "c: *x3000\n");
	CHECK(load(sbuf_str(&b), &err) == NULL && err.line == 6001 &&
	    strstr(err.msg, "got *x3000") != NULL);
	sbuf_free(&b);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "lines", test_lines },
		{ "flow_and_alias", test_flow_and_alias },
		{ "errors", test_errors },
		{ "alias_limits", test_alias_limits },
		{ "multi_doc_and_offset", test_multi_doc_and_offset },
		{ "scalars", test_scalars },
		{ "big_maps", test_big_maps },
		{ "anchor_names", test_anchor_names },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
