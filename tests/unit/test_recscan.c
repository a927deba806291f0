/* Unit tests for lib/recscan.c (a record line checked and its judge keys
 * pulled without jansson), lib/jparse.c (the tree of checked text built
 * without jansson's parser) and jstore_add(), which keeps such a line
 * with the same keys that parsing it would give. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "jparse.h"
#include "jstore.h"
#include "recscan.h"
#include "unit.h"

static bool
takes(const char *line, struct recscan *rs)
{
	return recscan_line(rs, line, strlen(line));
}

static bool
text_eq(struct rs_text t, const char *want)
{
	return t.s != NULL && rs_text_is(t, want);
}

static void
test_pulls(void)
{
	struct recscan rs;

	CHECK(takes(" {\"kind\":\"measure\",\"check\":\"1a\",\"metric\":"
	    "\"qps\",\"value\":40.2,\"n\":[1,true,null,{\"x\":-0.5e-3}],"
	    "\"scope\":{\"workload\":\"w\\u0041\",\"class\":\"caf\u00e9\"},"
	    "\"source\":{\"file\":\"a\\/b\"},\"comparable\":false}\r", &rs) ==
	    false);	/* a \u escape: jansson's */
	CHECK(takes(" {\"kind\":\"measure\",\"check\":\"1a\",\"metric\":"
	    "\"qps\",\"value\":40.2,\"n\":[1,true,null,{\"x\":-0.5e-3}],"
	    "\"scope\":{\"workload\":\"w\",\"class\":\"caf\u00e9\"},"
	    "\"source\":{\"file\":\"a\\/b\"},\"comparable\":false} ", &rs));
	CHECK(text_eq(rs.kind, "measure") && text_eq(rs.check, "1a") &&
	    text_eq(rs.metric, "qps"));
	CHECK(rs.has_value && rs.value == 40.2 && !rs.charts);
	CHECK(rs.nscope == 2 && text_eq(rs.key[0], "workload") &&
	    text_eq(rs.val[0], "w") && text_eq(rs.val[1], "caf\u00e9"));
	CHECK(takes("{\"kind\":\"x\",\"value\":-12,\"points\":[[1,2]]}", &rs));
	CHECK(rs.has_value && rs.value == -12 && rs.charts);
	CHECK(takes("{\"kind\":\"x\",\"value\":\"7\"}", &rs) && !rs.has_value);
	CHECK(takes("{\"kind\":\"x\",\"value\":1E+2}", &rs) && rs.value == 100);
	CHECK(takes("{\"kind\":\"x\",\"metric\":\"a\\\"b\",\"scope\":{}}", &rs)
	    == false);	/* an escape in a pulled string */
	CHECK(takes("{\"kind\":\"x\",\"how\":\"a\\\"b \\\\ \\n\"}", &rs));
	/* a verdict's title and verdict, for s2r-report */
	CHECK(takes("{\"kind\":\"verdict\",\"check\":\"1a\",\"title\":"
	    "\"Rate \xe2\x80\x94 QPS\",\"verdict\":\"PASS\"}", &rs));
	CHECK(text_eq(rs.title, "Rate \xe2\x80\x94 QPS") &&
	    text_eq(rs.verdict, "PASS"));
	CHECK(takes("{\"kind\":\"verdict\"}", &rs) && rs.title.s == NULL &&
	    rs.verdict.s == NULL);
	CHECK(takes("{\"kind\":\"verdict\",\"title\":\"a\\u00e9\"}", &rs)
	    == false);
	CHECK(takes("{\"kind\":\"verdict\",\"verdict\":1}", &rs) == false);
}

static void
test_leaves(void)
{
	static const char *const lines[] = {
		"", "   ", "[]", "{}", "{\"kind\":5}", "{\"kind\":\"x\"} x",
		"{\"kind\":\"x\",}", "{\"kind\":\"x\",\"kind\":\"y\"}",
		"{\"kind\":\"x\",\"a\":{\"b\":1,\"b\":2}}",
		"{\"kind\":\"x\",\"a\":1234567890123456789}",
		"{\"kind\":\"x\",\"a\":1e400}", "{\"kind\":\"x\",\"a\":01}",
		"{\"kind\":\"x\",\"a\":1.}", "{\"kind\":\"x\",\"a\":.5}",
		"{\"kind\":\"x\",\"a\":-}", "{\"kind\":\"x\",\"a\":+1}",
		"{\"kind\":\"x\",\"a\":1e}", "{\"kind\":\"x\",\"a\":tru}",
		"{\"kind\":\"x\",\"a\":\"\t\"}", "{\"kind\":\"x\",\"a\":\"\xff\"}",
		"{\"kind\":\"x\",\"a\":\"\xed\xa0\x80\"}",
		"{\"kind\":\"x\",\"a\":\"\\x\"}", "{\"kind\":\"x\",\"a\":\"open}",
		"{\"kind\":\"x\",\"scope\":{\"n\":1}}",
		"{\"kind\":\"x\",\"scope\":\"w\"}",
		"{\"kind\":\"x\",\"source\":\"f\"}",
		"{\"kind\":\"x\",\"comparable\":\"yes\"}",
		"{\"kind\":\"x\",\"check\":null}",
		"{\"kind\":\"x\",\"a\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
		    "]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}",
		"{\"kind\":\"x\",\"scope\":{\"a\":\"1\",\"b\":\"1\",\"c\":\"1\","
		    "\"d\":\"1\",\"e\":\"1\",\"f\":\"1\",\"g\":\"1\",\"h\":\"1\","
		    "\"i\":\"1\",\"j\":\"1\",\"k\":\"1\",\"l\":\"1\",\"m\":\"1\","
		    "\"n\":\"1\",\"o\":\"1\",\"p\":\"1\",\"q\":\"1\"}}",
		NULL
	};
	struct recscan rs;

	for (size_t i = 0; lines[i] != NULL; i++) {
		if (takes(lines[i], &rs)) {
			fprintf(stderr, "took %s\n", lines[i]);
			CHECK(false);
		}
	}
	/* A NUL byte inside the line. */
	CHECK(!recscan_line(&rs, "{\"kind\":\"x\0\"}", 13));
}

/* jstore_add() gives a line the keys, sub-scope and value that parsing
 * and sealing it gives. */
static void
test_same_keys(void)
{
	static const char *const lines[] = {
		"{\"kind\":\"measure\",\"metric\":\"qps\",\"value\":0.1,"
		    "\"scope\":{\"workload\":\"w1\",\"phase\":\"p\",\"z\":\"1\","
		    "\"class\":\"c\",\"clas\":\"d\"}}",
		"{\"kind\":\"expect\",\"metric\":\"m\",\"value\":3,"
		    "\"scope\":{\"iteration\":\"i2\"}}",
		"{\"kind\":\"run.cell\"}",
		"{\"kind\":\"measure\",\"value\":true,\"scope\":{}}",
		NULL
	};
	struct jstore a, b;
	struct recscan rs;
	json_t *rec;

	jstore_init(&a);
	jstore_init(&b);
	for (size_t i = 0; lines[i] != NULL; i++) {
		size_t len = strlen(lines[i]);

		CHECK(recscan_line(&rs, lines[i], len));
		CHECK(jstore_add(&a, lines[i], len, &rs) == i);
		rec = json_loads(lines[i], 0, NULL);
		jstore_seal(&b, jstore_push(&b, rec), lines[i], len);
		jstore_release(&b);
		for (int f = 0; f < JK_NFIELDS; f++) {
			const char *x = a.keys[i].f[f], *y = b.keys[i].f[f];

			CHECK((x == NULL && y == NULL) || (x != NULL &&
			    y != NULL && strcmp(x, y) == 0));
		}
		CHECK(a.sub[i] != NULL && b.sub[i] != NULL);
		CHECK_STR(a.sub[i], b.sub[i]);
		CHECK((isnan(a.num[i]) && isnan(b.num[i])) ||
		    a.num[i] == b.num[i]);
	}
	/* Kept unparsed; read back when asked, as the line says. */
	CHECK(a.parses == 0 && a.nlive == 0);
	CHECK(json_integer_value(json_object_get(jstore_get(&a, 1),
	    "value")) == 3);
	jstore_free(&a);
	jstore_free(&b);
}

/* jparse() builds jansson's tree: the same json_dumps() text. */
static bool
same_tree(const char *text)
{
	const size_t flags = JSON_COMPACT | JSON_ENCODE_ANY |
	    JSON_REAL_PRECISION(17);
	json_t *got = jparse(text, strlen(text));
	json_t *want = json_loads(text, JSON_DECODE_ANY, NULL);
	char *a = got ? json_dumps(got, flags) : NULL;
	char *b = want ? json_dumps(want, flags) : NULL;
	bool ok = a != NULL && b != NULL && strcmp(a, b) == 0 &&
	    json_equal(got, want);

	if (!ok)
		fprintf(stderr, "jparse %s: got %s, want %s\n", text,
		    a ? a : "NULL", b ? b : "NULL");
	free(a);
	free(b);
	json_decref(got);
	json_decref(want);
	return ok;
}

static void
test_values(void)
{
	static const char *const same[] = {
		"{\"b\":1,\"a\":[2.5,-0,-0.0,1e-400,1E+3,true,false,null]}",
		"\"\\u00e9 \\ud83d\\ude00 \\\" \\\\ \\/ \\b\\f\\n\\r\\t\"",
		" [ {} , [ ] , \"x\" ] ", "{\"k\":\"v\",\"k\":\"w\",\"j\":1}",
		"9223372036854775807", "-9223372036854775808", "0.1",
		"{\"\\u00e9\":{\"deep\":[[[{\"x\":1}]]]}}", NULL
	};
	static const char *const refused[] = {
		"\"\\u0000\"", "\"\\udc00\"", "\"\\ud800\\u0041\"",
		"9223372036854775808", "1e400", "{\"a\":}", "[1,]", NULL
	};

	for (size_t i = 0; same[i] != NULL; i++)
		CHECK(same_tree(same[i]));
	for (size_t i = 0; refused[i] != NULL; i++) {
		json_t *v = jparse(refused[i], strlen(refused[i]));

		if (v != NULL)
			fprintf(stderr, "jparse took %s\n", refused[i]);
		CHECK(v == NULL);
		json_decref(v);
		CHECK(!recscan_valid(refused[i], strlen(refused[i])));
	}
	/* A short string that repeats is one jansson string; a long one is
	 * not shared. */
	{
		static const char t[] = "{\"u\":\"req/s\",\"w\":\"%s\"}";
		char big[200], text[300];
		json_t *a, *b;

		memset(big, 'x', sizeof(big) - 1);
		big[sizeof(big) - 1] = '\0';
		snprintf(text, sizeof(text), t, big);
		a = jparse(text, strlen(text));
		b = jparse(text, strlen(text));
		CHECK(a != NULL && b != NULL);
		CHECK(json_object_get(a, "u") == json_object_get(b, "u"));
		CHECK(json_object_get(a, "w") != json_object_get(b, "w"));
		CHECK(json_equal(a, b));
		json_decref(a);
		json_decref(b);
	}
	/* The checker: escapes are fine, a repeated key is jansson's. */
	CHECK(recscan_valid(same[1], strlen(same[1])));
	CHECK(recscan_valid(same[2], strlen(same[2])));
	CHECK(!recscan_valid(same[0], strlen(same[0])));	/* 1e-400: jansson's */
	CHECK(!recscan_valid(same[3], strlen(same[3])));
	CHECK(!recscan_valid("1 2", 3));
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "pulls", test_pulls },
		{ "leaves", test_leaves },
		{ "same_keys", test_same_keys },
		{ "values", test_values },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
