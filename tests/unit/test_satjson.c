/* test_satjson.c - blis observe's saturation report in its three shapes
 * (lib/satjson.c): levels, detectors, places, the trailing-window
 * plurality of a trace without a final block, and every bad input dying
 * with file:line:column.  Expected values are worked out by hand. */
#include <string.h>

#include "jsonscan.h"
#include "satjson.h"
#include "unit.h"

static void
parse(struct satreport *r, const char *text)
{
	struct jscan *js = jscan_mem("s.json", text, strlen(text));

	satjson_read(r, js, "s.json");
	jscan_close(js);
}

static void
test_levels(void)
{
	CHECK(sat_level_of("STABLE") == SAT_STABLE);
	CHECK(sat_level_of("BACKLOGGED") == SAT_BACKLOGGED);
	CHECK(sat_level_of("OVERLOADED") == SAT_OVERLOADED);
	CHECK(sat_level_of("UNSATURATED") == SAT_STABLE);
	CHECK(sat_level_of("TRANSIENT_BACKLOG") == SAT_BACKLOGGED);
	CHECK(sat_level_of("PERSISTENTLY_SATURATED") == SAT_OVERLOADED);
	CHECK(sat_level_of("overloaded") == SAT_UNKNOWN);
	CHECK(sat_level_name(SAT_UNKNOWN) == NULL);
	CHECK_STR(sat_level_name(SAT_OVERLOADED), "OVERLOADED");
}

static void
test_old_shapes(void)
{
	struct satreport r;

	parse(&r, "{\n  \"level\": \"OVERLOADED\",\n  \"score\": 0.5,\n"
	    "  \"confidence\": 1,\n  \"signals\": {\"a\": 1}\n}");
	CHECK(r.shape == SAT_SHAPE_RESULT && r.ndet == 1);
	CHECK(r.det[0].level == SAT_OVERLOADED);
	CHECK(r.det[0].line == 2 && r.det[0].column == 12);
	CHECK_NEAR(r.score, 0.5, 0);
	satjson_free(&r);
	parse(&r, "{\"classification\": \"TRANSIENT_BACKLOG\", \"slope\": 0.1,"
	    " \"windows\": [{\"StartUs\": 0}]}");
	CHECK(r.shape == SAT_SHAPE_DRIFT && r.ndet == 1);
	CHECK(r.det[0].level == SAT_BACKLOGGED);
	CHECK_STR(r.det[0].written, "TRANSIENT_BACKLOG");
	satjson_free(&r);
	parse(&r, "{\"level\": \"SOMETHING_NEW\"}");
	CHECK(r.det[0].level == SAT_UNKNOWN);
	satjson_free(&r);
}

static void
test_final(void)
{
	struct satreport r;

	parse(&r, "{\"final\": {\"threshold\": \"OVERLOADED\", "
	    "\"composite\": \"STABLE\"}, \"trace\": [{\"timestamp\": 0, "
	    "\"detector\": \"composite\", \"result\": {\"level\": "
	    "\"BACKLOGGED\", \"signals\": {}}}]}");
	CHECK(r.shape == SAT_SHAPE_NEW && r.has_final && r.ndet == 2);
	/* sorted by name; the final block wins over the trace */
	CHECK_STR(r.det[0].name, "composite");
	CHECK(r.det[0].level == SAT_STABLE && r.det[0].nrecords == 1);
	CHECK_STR(r.det[1].name, "threshold");
	CHECK(r.det[1].level == SAT_OVERLOADED && r.det[1].nrecords == 0);
	CHECK(r.det[1].line == 1 && r.det[1].column == 25);
	satjson_free(&r);
	parse(&r, "{\"trace\": []}");
	CHECK(r.shape == SAT_SHAPE_NEW && r.ndet == 0 && !r.has_final);
	satjson_free(&r);
}

/* records at t (s) with levels: only those within 30 s of the last count */
static void
test_trailing_window(void)
{
	static const struct { int t_s; const char *lv; } recs[] = {
		{ 0, "OVERLOADED" }, { 1, "OVERLOADED" }, { 2, "OVERLOADED" },
		{ 40, "STABLE" }, { 50, "BACKLOGGED" }, { 60, "BACKLOGGED" },
		{ 70, "STABLE" },
	};
	struct sbuf text = {0};
	struct satreport r;

	sbuf_adds(&text, "{\"trace\": [");
	for (size_t i = 0; i < sizeof(recs) / sizeof(recs[0]); i++)
		sbuf_printf(&text, "%s{\"timestamp\": %lld, \"detector\": "
		    "\"d\", \"result\": {\"level\": \"%s\"}}", i ? ", " : "",
		    recs[i].t_s * 1000000LL, recs[i].lv);
	sbuf_adds(&text, "]}");
	parse(&r, sbuf_str(&text));
	/* window [40, 70]: STABLE 2, BACKLOGGED 2: the tie goes to the
	 * more severe level; the early OVERLOADED records fell out */
	CHECK(r.ndet == 1 && r.det[0].written == NULL);
	CHECK(r.det[0].counts[SAT_STABLE] == 2);
	CHECK(r.det[0].counts[SAT_BACKLOGGED] == 2);
	CHECK(r.det[0].counts[SAT_OVERLOADED] == 0);
	CHECK(r.det[0].nwindow == 4 && r.det[0].nrecords == 7);
	CHECK(r.det[0].level == SAT_BACKLOGGED);
	satjson_free(&r);
	sbuf_free(&text);
}

static void
read_text(const void *arg)
{
	struct satreport r;

	parse(&r, arg);
}

static void
test_bad(void)
{
	CHECK(unit_dies(read_text, "[1]", "s.json:1:1: expected a saturation "
	    "report object"));
	CHECK(unit_dies(read_text, "{\"slope\": 1}", "s.json:1:1: expected a "
	    "saturation report (final/trace, level or classification)"));
	CHECK(unit_dies(read_text, "{\"level\": \"STABLE\", \"trace\": []}",
	    "s.json:1:1: expected one saturation report shape"));
	CHECK(unit_dies(read_text, "{\"level\": 2}", "s.json:1:11: expected "
	    "level: a string"));
	CHECK(unit_dies(read_text, "{\"final\": {\"c\": null}}", "s.json:1:17:"
	    " expected final: a level"));
	CHECK(unit_dies(read_text, "{\"trace\": [{\"timestamp\": 1.5, "
	    "\"detector\": \"c\", \"result\": {\"level\": \"STABLE\"}}]}",
	    "s.json:1:26: expected trace[].timestamp: whole"));
	CHECK(unit_dies(read_text, "{\"trace\": [{\"timestamp\": 1, "
	    "\"result\": {\"level\": \"STABLE\"}}]}", "s.json:1:12: expected "
	    "a trace record with timestamp, detector and result.level"));
	CHECK(unit_dies(read_text, "{\"trace\": [{\"timestamp\": 5, "
	    "\"detector\": \"c\", \"result\": {\"level\": \"STABLE\"}}, "
	    "{\"timestamp\": 4, \"detector\": \"c\", \"result\": {\"level\": "
	    "\"STABLE\"}}]}", "expected trace records in ascending timestamp"));
	CHECK(unit_dies(read_text, "{\"level\": \"STABLE\"} x", "s.json:1:21:"));
	CHECK(unit_dies(read_text, "{\"level\": \"STAB", "s.json:1:"));
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "levels", test_levels },
		{ "old shapes", test_old_shapes },
		{ "final block", test_final },
		{ "trailing window", test_trailing_window },
		{ "bad input", test_bad },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
