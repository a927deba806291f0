/* test_kineto.c - exact decimal times, the streaming scanner and the
 * Kineto reader on small in-memory traces. */
#include <stdlib.h>
#include <string.h>

#include "jsonscan.h"
#include "ktrace.h"
#include "kineto.h"
#include "unit.h"

static int64_t
scaled(const char *s, int scale, bool *ok)
{
	int64_t v = -999;

	*ok = dec_to_scaled(s, strlen(s), scale, &v);
	return v;
}

static void
test_decimal_to_ns(void)
{
	bool ok;

	CHECK(scaled("1712195495505583.250", 3, &ok) == 1712195495505583250LL && ok);
	CHECK(scaled("4203669603771.648", 3, &ok) == 4203669603771648LL && ok);
	CHECK(scaled("68.0", 3, &ok) == 68000 && ok);
	CHECK(scaled("0.0005", 3, &ok) == 1 && ok);	/* half away */
	CHECK(scaled("0.0004", 3, &ok) == 0 && ok);
	CHECK(scaled("1.5e3", 3, &ok) == 1500000 && ok);
	CHECK(scaled("-2", 3, &ok) == -2000 && ok);
	CHECK(scaled("12", 0, &ok) == 12 && ok);
	scaled("99999999999999999999", 3, &ok);
	CHECK(!ok);
	scaled("1x", 3, &ok);
	CHECK(!ok);
	scaled("", 3, &ok);
	CHECK(!ok);
}

static void
test_scanner(void)
{
	const char *doc = "{\"a\": \"x\\u00e9\\n\", \"b\": [1, 2.5e1, "
	    "{\"c\": null}], \"d\": true}";
	struct jscan *js = jscan_mem("t", doc, strlen(doc));
	struct sbuf k = {0}, v = {0};

	jscan_obj_begin(js);
	CHECK(jscan_obj_key(js, &k));
	CHECK_STR(k.s, "a");
	jscan_string(js, &v);
	CHECK_STR(v.s, "x\xc3\xa9\n");
	CHECK(jscan_obj_key(js, &k));
	CHECK_STR(k.s, "b");
	jscan_arr_begin(js);
	CHECK(jscan_arr_next(js));
	jscan_number(js, &v);
	CHECK_STR(v.s, "1");
	CHECK(jscan_arr_next(js));
	jscan_number(js, &v);
	CHECK_STR(v.s, "2.5e1");
	CHECK(jscan_arr_next(js));
	CHECK(jscan_pos(js).column == 36);
	jscan_skip(js);
	CHECK(!jscan_arr_next(js));
	CHECK(jscan_obj_key(js, &k));
	CHECK(jscan_peek(js) == J_TRUE);
	jscan_skip(js);
	CHECK(!jscan_obj_key(js, &k));
	jscan_end(js);
	jscan_close(js);
	sbuf_free(&k);
	sbuf_free(&v);
}

static void
test_markers(void)
{
	int fam, stage;
	int64_t id, c[4];

	CHECK(kmarker_parse("ProfilerStep#551", &fam, &stage, &id, c));
	CHECK(fam == MK_STEP && id == 551);
	CHECK(kmarker_parse("execute_context_3(1024)_generation_61(61)", &fam,
	    &stage, &id, c));
	CHECK(fam == MK_VLLM && stage == ST_MIXED && c[1] == 1024 &&
	    c[3] == 61);
	CHECK(kmarker_parse("execute_context_0(0)_generation_8(8)", &fam,
	    &stage, &id, c) && stage == ST_DECODE);
	CHECK(kmarker_parse("execute_new_2_cached_0", &fam, &stage, &id, c) &&
	    stage == ST_PREFILL);
	CHECK(kmarker_parse("step[DECODE bs=32]", &fam, &stage, &id, c) &&
	    fam == MK_SGLANG && stage == ST_DECODE && c[2] == 32);
	CHECK(kmarker_parse("step[EXTEND bs=4 toks=2048]", &fam, &stage, &id,
	    c) && stage == ST_PREFILL && c[1] == 2048);
	CHECK(!kmarker_parse("ProfilerStep#x", &fam, &stage, &id, c));
	CHECK(!kmarker_parse("aten::mm", &fam, &stage, &id, c));
}

static void
test_reader(void)
{
	const char *doc =
	    "{\"distributedInfo\": {\"rank\": 3, \"world_size\": 8},\n"
	    " \"traceEvents\": [\n"
	    "  {\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k1\", \"pid\": 0,"
	    " \"tid\": 7, \"ts\": 10.5, \"dur\": 1.25, \"args\": "
	    "{\"correlation\": 5, \"stream\": 7, \"device\": 0}},\n"
	    "  {\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": "
	    "\"cudaGraphLaunch\", \"pid\": 9, \"tid\": 9, \"ts\": 9, \"dur\": 1,"
	    " \"args\": {\"correlation\": 5}},\n"
	    "  {\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": "
	    "\"ProfilerStep#4\", \"pid\": 9, \"tid\": 9, \"ts\": 8, \"dur\": 5},\n"
	    "  {\"ph\": \"X\", \"cat\": \"cuda_sync\", \"name\": \"s\", \"pid\": 0,"
	    " \"tid\": 7, \"ts\": 12, \"dur\": 1},\n"
	    "  {\"ph\": \"M\", \"name\": \"process_name\", \"pid\": \"Spans\"}\n"
	    " ]}\n";
	struct ktrace *t = ktrace_new("mem", "kineto");

	kineto_read_mem(t, doc, strlen(doc), "mem");
	ktrace_attribute(t);
	CHECK(t->rank == 3 && t->world == 8);
	CHECK(t->nops == 1);
	CHECK(t->ops[0].start == 10500 && t->ops[0].dur == 1250);
	CHECK(t->ops[0].line == 3 && t->ops[0].column == 3);
	CHECK(t->ops[0].graph == 1 && t->ops[0].launch == 9000);
	CHECK(t->niters == 1 && t->iters[0].id == 4 && t->ops[0].iter == 0);
	CHECK(t->n_sync == 1 && t->n_skipped == 1);
	CHECK_STR(t->attribution, "correlation");
	ktrace_free(t);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "decimal text to integer ns, exactly", test_decimal_to_ns },
		{ "streaming scanner: strings, numbers, skip, positions",
		    test_scanner },
		{ "iteration markers: ProfilerStep, vLLM, SGLang", test_markers },
		{ "Kineto reader: ops, launches, markers, counts", test_reader },
		{ NULL, NULL },
	};

	return unit_run(tests);
}
