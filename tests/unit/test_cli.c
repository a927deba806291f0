/* Unit tests for lib/cli.c (option values, bad usage in one line, a
 * folder given for a file) and lib/rectext.c (records as tables). */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "cli.h"
#include "err.h"
#include "rectext.h"
#include "unit.h"

/* ---- cli ---- */

static const char *const *argv_under_test;

static void
next_all(const void *arg)
{
	static const struct option longopts[] = {
		{ "rules", required_argument, NULL, 'r' },
		{ "whole", no_argument, NULL, 'w' },
		{ NULL, 0, NULL, 0 }
	};
	static const struct cli cli = { "usage: t\n", "r:w", longopts };
	int argc = 0;

	while (argv_under_test[argc] != NULL)
		argc++;
	optind = 0;	/* glibc: start over */
	while (cli_next(&cli, argc, (char **)argv_under_test) != -1)
		;
}

static bool
usage_dies(const char *const *argv, const char *want)
{
	argv_under_test = argv;
	return unit_dies(next_all, NULL, want);
}

static void
test_bad_usage(void)
{
	static const char *const unknown[] = { "t", "--bogus", NULL };
	static const char *const unknown_short[] = { "t", "-x", NULL };
	static const char *const missing[] = { "t", "--rules", NULL };
	static const char *const missing_short[] = { "t", "-r", NULL };
	static const char *const given[] = { "t", "--whole=yes", NULL };
	static const char *const good[] = { "t", "-w", "--rules", "f", "x",
	    NULL };

	s2r_setprog("t");
	CHECK(usage_dies(unknown, "t: unknown option --bogus (see --help)\n"));
	CHECK(usage_dies(unknown_short, "t: unknown option -x (see --help)"));
	CHECK(usage_dies(missing, "t: --rules: expected an argument"));
	CHECK(usage_dies(missing_short, "t: -r: expected an argument"));
	CHECK(usage_dies(given, "t: --whole: expected no argument"));
	CHECK(!usage_dies(good, ""));
}

static void
f64_of(const void *arg)
{
	cli_f64("--factor", arg, 0, true);
}

static void
i64_of(const void *arg)
{
	cli_i64("--top", arg, 1, 10);
}

static void
format_of(const void *arg)
{
	cli_format_text(arg);
}

static void
test_values(void)
{
	CHECK(cli_f64("--f", "2.5", 0, false) == 2.5);
	CHECK(cli_f64("--f", "0", 0, false) == 0);
	CHECK(unit_dies(f64_of, "0", "--factor: expected a number above 0, "
	    "got \"0\""));
	CHECK(unit_dies(f64_of, "-1", "above 0"));
	CHECK(unit_dies(f64_of, "1x", "got \"1x\""));
	CHECK(cli_i64("--t", "10", 1, 10) == 10);
	CHECK(unit_dies(i64_of, "11", "--top: expected a whole number from 1 "
	    "to 10, got \"11\""));
	CHECK(unit_dies(i64_of, "1.5", "got \"1.5\""));
	CHECK(cli_format_text("text") && !cli_format_text("ndjson"));
	CHECK(unit_dies(format_of, "xml", "--format: expected ndjson or text, "
	    "got \"xml\""));
}

static void
in_folder_of(const void *dir)
{
	free(cli_in_folder(dir, "trace_data.csv"));
}

static void
test_in_folder(void)
{
	char dir[] = "/tmp/s2r-unit-XXXXXX";
	char file[64];
	char *got;
	FILE *f;

	if (mkdtemp(dir) == NULL)
		abort();
	got = cli_in_folder("x.csv", "trace_data.csv");
	CHECK_STR(got, "x.csv");
	free(got);
	got = cli_in_folder("-", "trace_data.csv");
	CHECK_STR(got, "-");
	free(got);
	CHECK(unit_dies(in_folder_of, dir, "expected a trace_data.csv, got a "
	    "folder without one"));
	snprintf(file, sizeof(file), "%s/trace_data.csv", dir);
	if ((f = fopen(file, "w")) == NULL)
		abort();
	fclose(f);
	got = cli_in_folder(dir, "trace_data.csv");
	CHECK_STR(got, file);
	free(got);
	unlink(file);
	rmdir(dir);
}

/* ---- rectext ---- */

/* The tables of the NDJSON lines of text, under the title "t". */
static char *
tables(const char *text)
{
	json_t *recs = json_array();
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	for (const char *p = text; *p != '\0'; ) {
		const char *nl = strchr(p, '\n');
		json_error_t e;

		json_array_append_new(recs, json_loadb(p, (size_t)(nl - p), 0,
		    &e));
		p = nl + 1;
	}
	rectext_write(f, recs, "t");
	fclose(f);
	json_decref(recs);
	return buf;
}

static void
test_metric_table(void)
{
	char *got = tables(
	    "{\"kind\":\"measure\",\"check\":\"1b\",\"metric\":\"class.fraction\","
	    "\"value\":0.1629166667,\"unit\":\"fraction\",\"n\":2400,"
	    "\"scope\":{\"phase\":\"b\",\"class\":\"batch\"}}\n"
	    "{\"kind\":\"measure\",\"check\":\"1c\",\"metric\":\"input_tokens.p90\","
	    "\"value\":1048.1,\"unit\":\"tokens\",\"n\":7,\"scope\":{\"phase\":\"b\"}}\n"
	    "{\"kind\":\"measure\",\"check\":\"1a\",\"metric\":\"qps.actual\","
	    "\"value\":20.68999798,\"unit\":\"req/s\",\"scope\":{\"phase\":\"b\"}}\n"
	    "{\"kind\":\"measure\",\"check\":\"5d\",\"metric\":\"status.count\","
	    "\"status\":\"shed\",\"value\":1,\"unit\":\"count\",\"n\":4,"
	    "\"scope\":{\"phase\":\"b\",\"class\":\"x\"}}\n"
	    "{\"kind\":\"measure\",\"check\":\"A3\",\"metric\":\"ttft_ms.cdf\","
	    "\"value\":null,\"points\":[],\"scope\":{\"phase\":\"b\"}}\n");

	/* phase is shared: on the title line; 16.29 % by hand from
	 * 0.1629166667; 1048.1 and 20.68999798 to 4 digits; the CDF has
	 * no one value and is left out. */
	CHECK_STR(got,
	    "# t  phase=\"b\"\n"
	    "check  metric            scope                   value  unit      n\n"
	    "1b     class.fraction    class=\"batch\"          16.29%  fraction  2400\n"
	    "1c     input_tokens.p90  -                        1048  tokens    7\n"
	    "1a     qps.actual        -                       20.69  req/s     -\n"
	    "5d     status.count      class=\"x\" status=shed       1  count     4\n");
	free(got);
}

static void
test_why_and_kinds(void)
{
	char *got = tables(
	    "{\"kind\":\"expect\",\"check\":\"1a\",\"metric\":\"qps.intended\","
	    "\"value\":null,\"unit\":\"req/s\",\"scope\":{},"
	    "\"comparable\":false,\"why\":\"closed loop\"}\n"
	    "{\"kind\":\"expect\",\"check\":\"1a\",\"metric\":\"requests.count\","
	    "\"value\":100,\"unit\":\"count\",\"scope\":{}}\n"
	    "{\"kind\":\"op\",\"check\":\"A1\",\"op\":\"attention\","
	    "\"sim_ns\":1990000,\"meas_ns\":2101000,\"rel\":0.05577889447,"
	    "\"status\":\"matched\",\"kernel_names\":[\"x\"],"
	    "\"scope\":{\"iteration\":\"3\",\"rank\":\"0\"}}\n"
	    "{\"kind\":\"op\",\"check\":\"A1\",\"op\":\"lm_head\",\"sim_ns\":90000,"
	    "\"rel\":null,\"status\":\"unmapped_simulated\","
	    "\"scope\":{\"iteration\":\"4\",\"rank\":\"0\"}}\n");

	/* why only where a value cannot be judged, no blanks after an
	 * empty one; op records in their own table, members in the listed
	 * order, rel as a percentage (5.578 % by hand). */
	CHECK_STR(got,
	    "# t\n"
	    "check  metric          scope  value  unit   n  why\n"
	    "1a     qps.intended    -          -  req/s  -  closed loop\n"
	    "1a     requests.count  -        100  count  -\n"
	    "\n"
	    "# op records  rank=\"0\"\n"
	    "scope                 op   sim_ns  meas_ns     rel              status\n"
	    "iteration=\"3\"  attention  1990000  2101000  5.578%             matched\n"
	    "iteration=\"4\"    lm_head    90000        -       -  unmapped_simulated\n");
	free(got);
}

static void
test_long_cells(void)
{
	char line[400], *got;
	const char *row;

	snprintf(line, sizeof(line), "{\"kind\":\"measure\",\"check\":\"5e\","
	    "\"metric\":\"log.evidence.WARNING\",\"value\":\"%0100d\","
	    "\"scope\":{}}\n", 7);
	got = tables(line);
	/* a value cell is cut to 60 bytes, "..." last */
	row = strchr(strchr(got, '\n') + 1, '\n') + 1;
	CHECK(strstr(row, "0000...  -     -\n") != NULL);
	CHECK(strlen(row) < 120);
	free(got);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "bad usage: one line naming the option", test_bad_usage },
		{ "option values and --format", test_values },
		{ "a folder given for a file", test_in_folder },
		{ "metric table: numbers, shared scope", test_metric_table },
		{ "why column, a table per kind", test_why_and_kinds },
		{ "long cells are cut", test_long_cells },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
