/* Unit tests for lib/pyrepr.c: values checked against what Python's
 * ast.literal_eval gives for the same text (worked out by hand). */
#include <stdlib.h>

#include "pyrepr.h"
#include "unit.h"

static char *
parse_text(const char *s)
{
	struct perr err;
	json_t *v = pyrepr_parse(s, strlen(s), &err);
	char *t;

	if (v == NULL)
		return NULL;
	t = pyrepr_text(v);
	json_decref(v);
	return t;
}

#define CHECK_PARSE(in, want) do { \
	char *t_ = parse_text(in); \
	CHECK_STR(t_, want); \
	free(t_); \
} while (0)

static void
test_scalars(void)
{
	CHECK_PARSE("True", "true");
	CHECK_PARSE("None", "null");
	CHECK_PARSE("40960", "40960");
	CHECK_PARSE("0.75", "0.75");
	CHECK_PARSE("-50", "-50");
	CHECK_PARSE("'it\\'s'", "\"it's\"");
	CHECK_PARSE("\"a'b\"", "\"a'b\"");
	CHECK_PARSE("'\\xe9\\u20ac'", "\"\\u00E9\\u20AC\"");
	CHECK_PARSE("torch.bfloat16", "\"torch.bfloat16\"");
	CHECK_PARSE("-inf", "\"-inf\"");
}

static void
test_nested(void)
{
	CHECK_PARSE("{'a': [1, (2, 3)], 'b': {}, 'c': {1, 2}}",
	    "{\"a\":[1,[2,3]],\"b\":{},\"c\":[1,2]}");
	CHECK_PARSE("KVEventsConfig(enable=True, topic='kv@10.0.0.1:8000@Q')",
	    "{\"__class__\":\"KVEventsConfig\",\"enable\":true,"
	    "\"topic\":\"kv@10.0.0.1:8000@Q\"}");
	CHECK_PARSE("{'mode': <CompilationMode.VLLM_COMPILE: 3>, "
	    "'g': <CUDAGraphMode.FULL: (2, 1)>}",
	    "{\"mode\":\"<CompilationMode.VLLM_COMPILE: 3>\","
	    "\"g\":\"<CUDAGraphMode.FULL: (2, 1)>\"}");
	CHECK_PARSE("F(1, x=2)", "{\"__class__\":\"F\",\"__args__\":[1],\"x\":2}");
	/* duplicate keys: the last wins, as in Python */
	CHECK_PARSE("{'a': 1, 'a': 2}", "{\"a\":2}");
}

static void
test_errors(void)
{
	struct perr err;
	json_t *v;
	char deep[200];

	CHECK(pyrepr_parse("{'a': ", 6, &err) == NULL);
	CHECK(err.msg[0] != '\0');
	CHECK(pyrepr_parse("'abc", 4, &err) == NULL);
	CHECK(err.line == 1 && err.column == 5);
	CHECK(pyrepr_parse("1 2", 3, &err) == NULL);
	memset(deep, '[', sizeof(deep));
	CHECK(pyrepr_parse(deep, sizeof(deep), &err) == NULL);
	/* a truncated dict keeps the entries before the cut */
	v = pyrepr_parse_dict("{'a': 1, 'b': [2", 16, &err);
	CHECK(v != NULL && json_object_size(v) == 1);
	CHECK(err.msg[0] != '\0');
	json_decref(v);
}

static void
test_kwargs(void)
{
	const char *s = "model='/m/Q', dtype=torch.bfloat16, max_seq_len=40960, "
	    "served_model_name=Qwen/Qwen3-14B, c={'a': [1, 2]}, "
	    "s=StructuredOutputsConfig(backend='auto'), x=None";
	struct perr err;
	json_t *v = pyrepr_parse_kwargs(s, strlen(s), &err);
	char *t = pyrepr_text(v);

	CHECK(err.msg[0] == '\0');
	CHECK_STR(t, "{\"model\":\"/m/Q\",\"dtype\":\"torch.bfloat16\","
	    "\"max_seq_len\":40960,\"served_model_name\":\"Qwen/Qwen3-14B\","
	    "\"c\":{\"a\":[1,2]},\"s\":{\"__class__\":"
	    "\"StructuredOutputsConfig\",\"backend\":\"auto\"},\"x\":null}");
	free(t);
	json_decref(v);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{"scalars", test_scalars},
		{"nested", test_nested},
		{"errors", test_errors},
		{"kwargs", test_kwargs},
		{NULL, NULL}
	};

	return unit_run(tests);
}
