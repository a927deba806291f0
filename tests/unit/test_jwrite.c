/* Unit tests for lib/jwrite.c: the same bytes json_dumps(REC_EMIT_FLAGS)
 * writes for the value built with rec.h, on strings (escapes, non-ASCII,
 * invalid UTF-8), numbers and nested values. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "jwrite.h"
#include "rec.h"
#include "unit.h"

/* json_dumps() of v (taken), as a string to compare. */
static char *
dumped(json_t *v)
{
	char *s = json_dumps(v, REC_EMIT_FLAGS | JSON_ENCODE_ANY);

	json_decref(v);
	return s;
}

static bool
same_str(const char *s)
{
	struct sbuf b = {0};
	char *want = dumped(rec_str(s));
	bool ok;

	jw_str(&b, s);
	ok = want != NULL && strcmp(sbuf_str(&b), want) == 0;
	if (!ok)
		fprintf(stderr, "string: got %s, want %s\n", sbuf_str(&b),
		    want ? want : "(null)");
	free(want);
	sbuf_free(&b);
	return ok;
}

static bool
same_num(double v)
{
	struct sbuf b = {0};
	char *want = dumped(rec_num(v));
	bool ok;

	jw_num(&b, v);
	ok = want != NULL && strcmp(sbuf_str(&b), want) == 0;
	if (!ok)
		fprintf(stderr, "number %.17g: got %s, want %s\n", v,
		    sbuf_str(&b), want ? want : "(null)");
	free(want);
	sbuf_free(&b);
	return ok;
}

static void
test_strings(void)
{
	static const char *const cases[] = {
		"", "plain", "quote \" and \\ back", "\b\f\n\r\t",
		"\x01\x1f\x7f", "slash /", "\u00b1 5%", "caf\u00e9 \u20ac",
		"\xf0\x9f\x98\x80 astral", "\xff bad", "ok \xc3\xa9 then \xc3",
		"\xc0\xaf overlong", "\xed\xa0\x80 surrogate",
		"\xf4\x90\x80\x80 too big", "\xe2\x82 cut", NULL
	};

	for (size_t i = 0; cases[i] != NULL; i++)
		CHECK(same_str(cases[i]));
	/* Every byte after a few prefixes: valid or not, jansson's bytes. */
	for (int c = 1; c < 256; c++) {
		char s[4] = { (char)c, 0 }, t[4] = { (char)0xc3, (char)c, 0 };

		CHECK(same_str(s));
		CHECK(same_str(t));
	}
}

static void
test_numbers(void)
{
	static const double cases[] = {
		0, -0.0, 1, -1, 0.1, -2.5, 40.2, 1.0 / 3, 123456789.125,
		1e-5, 1e-300, 1e20, 1.5e22, -7.25e-11, 9007199254740991.0,
		9007199254740992.0, 1e300, 12345678901.5, 0.30000000000000004
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CHECK(same_num(cases[i]));
	/* Not finite: null, as rec_num() holds it. */
	CHECK(same_num(NAN));
	CHECK(same_num(INFINITY));
	/* A spread of magnitudes and digits. */
	for (int e = -30; e <= 30; e++)
		CHECK(same_num(1.2345678912345 * pow(10, e)));
}

static void
test_values(void)
{
	static const char text[] = "{\"file\":\"a/b.csv\",\"line\":12,"
	    "\"x\":[1,2.5,true,false,null,{\"k\":\"\\u00e9\\u0000z\"}],"
	    "\"big\":-9223372036854775807,\"e\":1e-7,\"z\":{}}";
	json_t *v = json_loads(text, JSON_ALLOW_NUL, NULL);
	struct sbuf b = {0};
	char *want;

	CHECK(v != NULL);
	want = json_dumps(v, REC_EMIT_FLAGS);
	jw_value(&b, v);
	CHECK_STR(sbuf_str(&b), want);
	free(want);
	json_decref(v);
	/* Members: a comma after the first only. */
	sbuf_reset(&b);
	sbuf_addc(&b, '{');
	jw_key_str(&b, "a", "1");
	jw_key_str(&b, "gone", NULL);
	jw_key(&b, "b");
	jw_num(&b, 2);
	sbuf_addc(&b, '}');
	CHECK_STR(sbuf_str(&b), "{\"a\":\"1\",\"b\":2}");
	/* What rec_str() keeps of bytes that are not UTF-8. */
	sbuf_reset(&b);
	jw_clean(&b, "ok \xff\xc3\xa9");
	CHECK_STR(sbuf_str(&b), "ok ???");
	sbuf_reset(&b);
	jw_clean(&b, "ok \xc3\xa9");
	CHECK_STR(sbuf_str(&b), "ok \xc3\xa9");
	sbuf_free(&b);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "strings", test_strings },
		{ "numbers", test_numbers },
		{ "values", test_values },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
