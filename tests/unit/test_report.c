/* Unit tests for the report's text forms (lib/report.c), Markdown text
 * (lib/mdtext.c), strings that may be NULL (lib/err.c) and the
 * atomic write of -o FILE (lib/atomicfile.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "atomicfile.h"
#include "err.h"
#include "htmlcharts.h"
#include "htmlpage.h"
#include "htmlreport.h"
#include "mdtext.h"
#include "rec.h"
#include "report.h"
#include "reportfind.h"
#include "spill.h"
#include "unit.h"

/* The value text of one side, given as JSON. */
static char *
value(enum value_form form, const char *side, text_escape_fn *esc)
{
	json_t *j = json_loads(side, 0, NULL);
	struct sbuf b = {0};

	report_value_text(&b, j, form, esc);
	json_decref(j);
	return b.s;
}

static void
check_value(enum value_form form, const char *side, text_escape_fn *esc,
    const char *want)
{
	char *got = value(form, side, esc);

	CHECK_STR(got, want);
	free(got);
}

static void
test_value(void)
{
	check_value(VALUE_REPORT, "{\"value\": 0.25, \"unit\": \"fraction\"}",
	    md_escape_cell, "25%");
	check_value(VALUE_REPORT, "{\"value\": 40, \"unit\": \"req/s\"}",
	    md_escape_cell, "40 req/s");
	check_value(VALUE_REPORT, "{\"value\": 3, \"unit\": \"count\"}",
	    md_escape_cell, "3");
	check_value(VALUE_REPORT, "{\"value\": [1, {\"b\": \"|\"}]}",
	    md_escape_cell, "\\[1,\\{\"b\":\"\\|\"\\}\\]");
	check_value(VALUE_REPORT, "{\"value\": null}", md_escape_cell,
	    "\xe2\x80\x94");
	check_value(VALUE_REPORT, "{\"value\": \"a<b>\"}", html_escape,
	    "a&lt;b&gt;");
	/* A change record names every unit and leaves compound values out. */
	check_value(VALUE_CHANGE, "{\"value\": 3, \"unit\": \"count\"}",
	    md_escape_cell, "3 count");
	check_value(VALUE_CHANGE, "{\"value\": [1]}", md_escape_cell,
	    "\xe2\x80\x94");
	check_value(VALUE_CHANGE, "{\"value\": true}", md_escape_cell, "true");
}

static void
test_where_metric(void)
{
	json_t *v = json_loads("{\"metric\": \"class.fraction\", \"scope\": "
	    "{\"phase\": \"base\", \"workload\": \"w_1\", \"class\": \"a\\nb\", "
	    "\"client\": \"\"}, \"tolerance\": \"\xc2\xb1" "2 pp\"}", 0, NULL);
	json_t *none = json_loads("{\"scope\": {}}", 0, NULL);
	struct sbuf b = {0};

	report_where_text(&b, v, md_escape_text);
	CHECK_STR(sbuf_str(&b), "base/w\\_1");
	sbuf_reset(&b);
	report_where_text(&b, none, sbuf_adds);
	CHECK_STR(sbuf_str(&b), "bundle");
	sbuf_reset(&b);
	report_metric_text(&b, v, md_escape_cell);
	CHECK_STR(sbuf_str(&b), "class.fraction (class=a<br>b, client=(none))");
	sbuf_reset(&b);
	report_metric_text(&b, none, html_escape);
	CHECK_STR(sbuf_str(&b), "(all)");
	sbuf_reset(&b);
	report_tolerance_text(&b, v, sbuf_adds);
	report_tolerance_text(&b, none, sbuf_adds);
	CHECK_STR(sbuf_str(&b), "\xc2\xb1" "2 pp\xe2\x80\x94");
	sbuf_free(&b);
	json_decref(v);
	json_decref(none);
}

static void
test_source_diff(void)
{
	json_t *side = json_loads("{\"source\": {\"file\": \"w.yaml\", "
	    "\"line\": 17, \"field\": \"rate\", \"how\": \"a|b\"}}", 0, NULL);
	json_t *diff = json_loads("{\"value\": -2, \"unit\": \"pp\"}", 0,
	    NULL);
	struct sbuf b = {0};

	report_source_text(&b, side, md_escape_text);
	CHECK_STR(sbuf_str(&b), "w.yaml:17 rate: a\\|b");
	sbuf_reset(&b);
	report_source_text(&b, NULL, html_escape);
	CHECK_STR(sbuf_str(&b), "none");
	sbuf_reset(&b);
	report_diff_text(&b, diff, md_escape_cell);
	report_diff_text(&b, NULL, md_escape_cell);
	CHECK_STR(sbuf_str(&b), "-2.0 pp\xe2\x80\x94");
	sbuf_free(&b);
	json_decref(side);
	json_decref(diff);
}

static void
test_mdtext(void)
{
	struct sbuf b = {0};

	md_escape_cell(&b, "a|b\nc");
	md_escape_text(&b, " d\ne\x01");
	md_escape_text(&b, NULL);
	CHECK_STR(sbuf_str(&b), "a\\|b<br>c d e?");
	sbuf_reset(&b);
	md_href(&b, "out/run 1", "report(1).md");
	CHECK_STR(sbuf_str(&b), "./out/run%201/report%281%29.md");
	/* no name reads as a scheme, a query or a fragment */
	sbuf_reset(&b);
	md_href(&b, "javascript:x#y?z", "e");
	CHECK_STR(sbuf_str(&b), "./javascript:x%23y%3Fz/e");
	sbuf_reset(&b);
	md_href(&b, "/abs/\"q\"", "e");
	CHECK_STR(sbuf_str(&b), "/abs/%22q%22/e");
	sbuf_free(&b);
}

static void
test_nullstr(void)
{
	char *s = nullstr_dup("x");

	CHECK_STR(s, "x");
	CHECK(nullstr_dup(NULL) == NULL);
	CHECK(nullstr_eq(NULL, NULL));
	CHECK(!nullstr_eq(NULL, "x") && !nullstr_eq("x", NULL));
	CHECK(nullstr_eq(s, "x") && !nullstr_eq(s, "y"));
	free(s);
}

static void
test_atomicfile(void)
{
	char dir[] = "/tmp/s2r-test-atomicXXXXXX";
	char path[64], buf[32];
	struct atomicfile af;
	struct stat st;
	mode_t mask = umask(022);
	FILE *f;

	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/out.md", dir);
	atomic_write(path, "old\n", 4);
	f = atomic_open(&af, path);
	fputs("new text\n", f);
	/* Until the commit the target keeps its old contents. */
	f = fopen(path, "r");
	CHECK(f != NULL && fgets(buf, sizeof(buf), f) != NULL);
	CHECK_STR(buf, "old\n");
	fclose(f);
	atomic_commit(&af);
	f = fopen(path, "r");
	CHECK(f != NULL && fgets(buf, sizeof(buf), f) != NULL);
	CHECK_STR(buf, "new text\n");
	fclose(f);
	CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == 0644);
	CHECK(unlink(path) == 0);
	CHECK(rmdir(dir) == 0);	/* no temporary left beside it */
	umask(mask);
}

static void
add(struct report *rep, const char *json)
{
	json_error_t e;
	json_t *v = json_loads(json, 0, &e);

	CHECK(v != NULL);
	report_add(rep, v, "t", 1);
}

/* The same difference in two cells is one finding; a key that moved is
 * one finding; another value is another finding.  Order: FAIL first,
 * workload before config, the larger gap first. */
static void
test_findings(void)
{
	static const char *const one_side[] = {
	    "{\"kind\":\"verdict\",\"check\":\"2d\",\"title\":\"t\",\"scope\":"
	    "{\"phase\":\"b\",\"workload\":\"%s\"},\"metric\":\"p\",\"expected\":"
	    "{\"value\":true,\"source\":{\"file\":\"config.md\",\"line\":27,"
	    "\"field\":\"x.indexerConfig.spec\"}},\"actual\":null,\"verdict\":"
	    "\"FAIL\",\"why\":\"p x.indexerConfig.spec is gone\",\"action\":\"a\"}",
	    "{\"kind\":\"verdict\",\"check\":\"2d\",\"title\":\"t\",\"scope\":"
	    "{\"phase\":\"b\",\"workload\":\"%s\"},\"metric\":\"p\",\"expected\":"
	    "null,\"actual\":{\"value\":true,\"source\":{\"file\":\"g.yaml\","
	    "\"line\":15,\"field\":\"x.spec\"}},\"verdict\":\"FAIL\",\"why\":"
	    "\"p x.spec is new\",\"action\":\"a\"}" };
	static const char *const cells[] = { "w1", "w2" };
	struct report rep;
	struct findings fs;
	struct sbuf b = {0};
	char buf[1024];

	report_init(&rep);
	for (size_t c = 0; c < 2; c++) {
		for (size_t k = 0; k < 2; k++) {
			snprintf(buf, sizeof(buf), one_side[k], cells[c]);
			add(&rep, buf);
		}
		snprintf(buf, sizeof(buf), "{\"kind\":\"verdict\",\"check\":"
		    "\"1a\",\"title\":\"t\",\"scope\":{\"phase\":\"b\",\"workload\""
		    ":\"%s\"},\"metric\":\"q\",\"expected\":{\"value\":40,\"source\""
		    ":{\"file\":\"w.yaml\",\"line\":4}},\"actual\":{\"value\":%d,"
		    "\"source\":{\"file\":\"b/%s/t.csv\"}},\"tolerance\":\"x\","
		    "\"verdict\":\"FAIL\",\"why\":\"Expected 40, measured. "
		    "Difference: d (tolerance x). Note.\"}", cells[c], c ? 30 : 20,
		    cells[c]);
		add(&rep, buf);
	}
	add(&rep, "{\"kind\":\"verdict\",\"check\":\"1a\",\"title\":\"t\","
	    "\"scope\":{\"phase\":\"b\",\"workload\":\"w1\"},\"metric\":\"r\","
	    "\"expected\":null,\"actual\":null,\"verdict\":\"INAPPLICABLE\","
	    "\"why\":\"r cannot\"}");
	report_build(&rep);
	findings_build(&fs, &rep);
	CHECK(fs.n == 3);
	/* 1a: 20 vs 40 (gap 0.5) before 30 vs 40 (0.25), both before 2d */
	CHECK_STR(rec_get_str(finding_verdict(&fs.f[0]), "check"), "1a");
	CHECK(fs.f[0].gap == 0.5 && fs.f[1].gap == 0.25);
	CHECK_STR(report_why_note(finding_verdict(&fs.f[0])), "Note.");
	CHECK(fs.f[2].paired && fs.f[2].ncells == 2);
	CHECK(findings_number(&fs, fs.f[2].pair_cells[1]) == 3);
	for (size_t i = 0; i < rep.n; i++)	/* not the INAPPLICABLE */
		CHECK((findings_number(&fs, i) == -1) ==
		    (rep.all[i].verdict == V_INAPPLICABLE));
	finding_text(&b, &fs.f[2], &(struct report_meta){ 0 }, false,
	    sbuf_adds);
	CHECK_STR(sbuf_str(&b), "p spec moved: expected true (config.md:27 "
	    "x.indexerConfig.spec) \xe2\x86\x92 actual true (g.yaml:15 x.spec)");
	sbuf_reset(&b);
	finding_cells_text(&b, &fs.f[2], sbuf_adds);
	CHECK_STR(sbuf_str(&b), "b/w1, b/w2");
	sbuf_reset(&b);
	/* the 1a check of b/w1: a FAIL over one row not judged */
	report_check_state_text(&b, &rep.cats[CAT_WORKLOAD].workloads[0]
	    .cells[0].checks[0]);
	CHECK_STR(sbuf_str(&b), "FAIL, 1 of 2 not judged");
	sbuf_reset(&b);
	report_anchor(&b, &rep.all[fs.f[0].v]);
	CHECK_STR(sbuf_str(&b), "k-1a-b-w1-");
	sbuf_reset(&b);
	report_source_brief(&b, finding_verdict(&fs.f[0]), false, SRC_IN_CELL,
	    sbuf_adds);
	CHECK_STR(sbuf_str(&b), "t.csv");	/* the cell b/w1 is left out */
	sbuf_free(&b);
	report_release(&rep);
	findings_free(&fs);
	report_free(&rep);
}

/* Verdicts are held as text and parsed again while a section needs
 * them: the tree after a release is the record that was added, in
 * report order, whether the text stayed in memory or went to a file. */
static void
test_store(void)
{
	static const char *const recs[] = {
	    "{\"kind\":\"verdict\",\"check\":\"2a\",\"title\":\"t\",\"scope\":"
	    "{\"workload\":\"w10\"},\"verdict\":\"PASS\",\"why\":\"\\u00e9\"}",
	    "{\"kind\":\"verdict\",\"check\":\"1a\",\"title\":\"t\",\"scope\":"
	    "{\"workload\":\"w2\",\"z\":\"1\",\"a\":\"2\"},\"verdict\":\"WARN\","
	    "\"why\":\"x\",\"expected\":{\"value\":0.1}}",
	    "{\"kind\":\"verdict\",\"check\":\"1a\",\"title\":\"t\",\"scope\":"
	    "{\"workload\":\"w10\"},\"verdict\":\"FAIL\",\"why\":\"y\"}" };
	/* report order: 1a w2, 1a w10, then 2a (category 2) */
	static const size_t order[] = { 1, 2, 0 };

	for (int spilled = 0; spilled < 2; spilled++) {
		struct report rep;
		json_t *want[3];

		report_init_held(&rep, spilled ? 0 : SPILL_LIMIT);
		for (size_t i = 0; i < 3; i++) {
			want[i] = json_loads(recs[i], 0, NULL);
			report_add(&rep, json_incref(want[i]), "t", (long)i + 1);
		}
		report_build(&rep);
		CHECK(rep.n == 3 && rep.nactions == 2);
		CHECK(rep.actions[0] == 1 && rep.actions[1] == 0);
		for (size_t i = 0; i < 3; i++)
			CHECK(json_equal(want[order[i]],
			    (json_t *)report_verdict(&rep, i)));
		report_release(&rep);
		CHECK(json_equal(want[0], (json_t *)report_verdict(&rep, 2)));
		CHECK(rep.all[0].workload != NULL &&
		    strcmp(rep.all[0].workload, "w2") == 0);
		CHECK(rep.all[2].cat == CAT_CONFIG &&
		    rep.all[2].verdict == V_PASS);
		for (size_t i = 0; i < 3; i++)
			json_decref(want[i]);
		report_free(&rep);
	}
}

/* Two keys gone that end in the same name as the one key new: which one
 * moved is not guessed, the three stay three findings. */
static void
test_moved_ambiguous(void)
{
	static const char *const fields[] = { "a.spec", "b.spec" };
	struct report rep;
	struct findings fs;
	char buf[512];

	report_init(&rep);
	for (size_t k = 0; k < 2; k++) {
		snprintf(buf, sizeof(buf), "{\"kind\":\"verdict\",\"check\":"
		    "\"2d\",\"title\":\"t\",\"scope\":{\"phase\":\"b\"},"
		    "\"metric\":\"p\",\"expected\":{\"value\":1,\"source\":"
		    "{\"file\":\"c.md\",\"line\":%zu,\"field\":\"%s\"}},"
		    "\"actual\":null,\"verdict\":\"FAIL\",\"why\":\"w\"}", k + 1,
		    fields[k]);
		add(&rep, buf);
	}
	add(&rep, "{\"kind\":\"verdict\",\"check\":\"2d\",\"title\":\"t\","
	    "\"scope\":{\"phase\":\"b\"},\"metric\":\"p\",\"expected\":null,"
	    "\"actual\":{\"value\":1,\"source\":{\"file\":\"g.yaml\",\"line\":"
	    "3,\"field\":\"spec\"}},\"verdict\":\"FAIL\",\"why\":\"w\"}");
	report_build(&rep);
	findings_build(&fs, &rep);
	CHECK(fs.n == 3);
	for (size_t i = 0; i < fs.n; i++)
		CHECK(!fs.f[i].paired);
	findings_free(&fs);
	report_free(&rep);
}

/* The HTML report keeps a chart's points and bins as numbers, with every
 * shape of row the tree had. */
static void
test_chart_arrays(void)
{
	struct evidence ev = {0};
	const struct ev_array *p;
	json_t *rec = json_loads("{\"kind\":\"measure\",\"points\":"
	    "[[1,2.5],[null,\"x\",3],5,[]],\"bins\":[],\"n\":4}", 0, NULL);

	CHECK(rec != NULL);
	evidence_add_chart(&ev, rec);
	CHECK(json_object_get(ev.r[0], "points") == NULL);	/* moved */
	CHECK(json_is_array(json_object_get(ev.r[0], "bins")));	/* empty */
	CHECK(chart_array(&ev, 0, EV_BINS) == NULL);
	p = chart_array(&ev, 0, EV_POINTS);
	CHECK(p != NULL && p->n == 4);
	CHECK(chart_num(p, 0, 0) == 1 && chart_num(p, 0, 1) == 2.5);
	CHECK(isnan(chart_num(p, 0, 2)));
	CHECK(isnan(chart_num(p, 1, 0)) && isnan(chart_num(p, 1, 1)));
	CHECK(chart_num(p, 1, 2) == 3);
	CHECK(isnan(chart_num(p, 2, 0)));	/* not an array */
	CHECK(isnan(chart_num(p, 3, 0)));	/* empty */
	CHECK(isnan(chart_num(p, 4, 0)));	/* past the end */
	evidence_add(&ev, json_pack("{s:s,s:[[i]]}", "kind", "compare",
	    "points", 7));
	CHECK(json_is_array(json_object_get(ev.r[1], "points")));  /* whole */
	evidence_free(&ev);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "value text", test_value },
		{ "cell, metric and tolerance text", test_where_metric },
		{ "source and diff text", test_source_diff },
		{ "Markdown escaping and links", test_mdtext },
		{ "strings that may be NULL", test_nullstr },
		{ "atomic write", test_atomicfile },
		{ "findings, check states, anchors", test_findings },
		{ "verdicts held as text", test_store },
		{ "chart arrays as numbers", test_chart_arrays },
		{ "a moved key is not guessed", test_moved_ambiguous },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
