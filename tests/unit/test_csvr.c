/* Unit tests for lib/csvr.c: quoting, line ends, positions, chunking and
 * the fatal errors (caught through s2r_die_hook). */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "csvr.h"
#include "err.h"
#include "str.h"
#include "unit.h"

/* A stream holding exactly len bytes of s. */
static FILE *
stream(const char *s, size_t len)
{
	FILE *f = tmpfile();

	if (f == NULL || fwrite(s, 1, len, f) != len)
		abort();
	rewind(f);
	return f;
}

struct bytes {
	const char	*s;
	size_t		 len;
};

/* Reads every row of b as t.csv, column "a" an integer. */
static void
read_all(const void *arg)
{
	const struct bytes *b = arg;
	struct csvr *r = csvr_openf(stream(b->s, b->len), "t.csv");

	csvr_col(r, "a", true);
	while (csvr_next(r))
		(void)csvr_i64(r, 0);
}

/* Whether reading every row of len bytes of s dies with a message that
 * contains want. */
static bool
dies_n(const char *s, size_t len, const char *want)
{
	return unit_dies(read_all, &(struct bytes){ s, len }, want);
}

static bool
dies(const char *s, const char *want)
{
	return dies_n(s, strlen(s), want);
}

static void
test_by_name(void)
{
	const char *s = "b,a,c\n1,2,x\n3,4,\"y,z\"\n";
	FILE *f = stream(s, strlen(s));
	struct csvr *r = csvr_openf(f, "t.csv");
	long a = csvr_col(r, "a", true), c = csvr_col(r, "c", true);

	CHECK(csvr_ncols(r) == 3);
	CHECK(a == 1 && c == 2);
	CHECK(csvr_col(r, "missing", false) == -1);
	CHECK(csvr_next(r));
	CHECK(csvr_i64(r, a) == 2);
	CHECK(csvr_line(r) == 2);
	CHECK(csvr_next(r));
	CHECK_STR(csvr_str(r, c, NULL), "y,z");
	CHECK_STR(csvr_str(r, -1, NULL), "");
	CHECK(!csvr_next(r));
	CHECK(csvr_rows(r) == 2);
	csvr_close(r);
	fclose(f);
}

static void
test_quotes_and_lines(void)
{
	/* BOM, CRLF, a blank line, "" escapes and a quoted newline. */
	const char *s = "\xef\xbb\xbf" "a,b\r\n1,\"say \"\"hi\"\"\"\r\n\r\n"
	    "2,\"two\nlines\"\r\n3,last";
	FILE *f = stream(s, strlen(s));
	struct csvr *r = csvr_openf(f, "t.csv");
	size_t len;

	CHECK_STR(csvr_colname(r, 0), "a");
	CHECK(csvr_next(r) && csvr_line(r) == 2);
	CHECK_STR(csvr_str(r, 1, &len), "say \"hi\"");
	CHECK(len == 8);
	CHECK(csvr_next(r) && csvr_line(r) == 4);
	CHECK_STR(csvr_str(r, 1, NULL), "two\nlines");
	CHECK(csvr_next(r) && csvr_line(r) == 6);
	CHECK(csvr_i64(r, 0) == 3);
	CHECK_STR(csvr_str(r, 1, NULL), "last");
	CHECK(!csvr_next(r));
	csvr_close(r);
	fclose(f);
}

static void
test_typed(void)
{
	const char *s = "i,f,b,e\n-5,0.25,true,\n";
	FILE *f = stream(s, strlen(s));
	struct csvr *r = csvr_openf(f, "t.csv");

	CHECK(csvr_next(r));
	CHECK(csvr_i64(r, 0) == -5);
	CHECK(csvr_f64(r, 1) == 0.25);
	CHECK(csvr_bool(r, 2));
	CHECK(csvr_empty(r, 3));
	csvr_close(r);
	fclose(f);
}

/* A header after preamble lines of other widths (an nsys stats report):
 * each candidate replaces the one before; rows then follow the header
 * found. */
static void
test_next_header(void)
{
	const char *s = "Generating 'x'\r\n\r\nProcessing [a] with [b]... \n"
	    "Start (ns),Name\n10,\"k<1, 2>\"\n";
	const char *blank = "one\n\n\ntwo";
	const char *loose = "NOTICE: \"x\" is old\na,b\n1,\"q\"x\"\n";
	FILE *f = stream(s, strlen(s));
	struct csvr *r = csvr_attach(f, "t.csv");

	CHECK(csvr_next_header(r));
	CHECK(csvr_ncols(r) == 1 && csvr_header_line(r) == 1);
	CHECK(csvr_col(r, "Start (ns)", false) == -1);
	CHECK(csvr_next_header(r));
	CHECK(csvr_header_line(r) == 3);
	CHECK_STR(csvr_colname(r, 0), "Processing [a] with [b]... ");
	CHECK(csvr_next_header(r));
	CHECK(csvr_header_line(r) == 4 && csvr_ncols(r) == 2);
	CHECK(csvr_col(r, "Name", true) == 1);
	CHECK(csvr_next(r) && csvr_line(r) == 5);
	CHECK(csvr_i64(r, 0) == 10);
	CHECK_STR(csvr_str(r, 1, NULL), "k<1, 2>");
	CHECK(!csvr_next(r));
	csvr_close(r);
	fclose(f);
	/* No header wanted among them: the end says how many lines. */
	f = stream(blank, strlen(blank));
	r = csvr_attach(f, "t.csv");
	CHECK(csvr_next_header(r) && csvr_header_line(r) == 1);
	CHECK(csvr_next_header(r) && csvr_header_line(r) == 4);
	CHECK(!csvr_next_header(r));
	CHECK(csvr_line(r) == 5);
	csvr_close(r);
	fclose(f);
	/* Free-text preamble lines with quotes, read with loose quotes. */
	CHECK(dies(loose, "t.csv:1:1: expected a quote only around a whole"));
	f = stream(loose, strlen(loose));
	r = csvr_attach(f, "t.csv");
	csvr_loose_quotes(r);
	CHECK(csvr_next_header(r));
	CHECK_STR(csvr_colname(r, 0), "NOTICE: \"x\" is old");
	CHECK(csvr_next_header(r) && csvr_ncols(r) == 2);
	CHECK(csvr_next(r) && csvr_line(r) == 3);
	CHECK_STR(csvr_str(r, 1, NULL), "q\"x");
	csvr_close(r);
	fclose(f);
}

/* Rows spread over several 1 MiB chunks, with quoted fields (and their
 * newlines) cut by chunk boundaries: every row and line must survive. */
static void
test_chunks(void)
{
	struct sbuf b = {0};
	FILE *f;
	struct csvr *r;
	long rows = 0, bad = 0, want_line = 2;

	sbuf_adds(&b, "n,text\n");
	for (long i = 0; i < 120000; i++) {
		if (i % 7 == 0)
			sbuf_printf(&b, "%ld,\"q,\"\"%ld\"\"\n%ld\"\n", i, i, i);
		else
			sbuf_printf(&b, "%ld,plain-text-field-%ld\n", i, i);
	}
	f = stream(b.s, b.len);
	r = csvr_openf(f, "t.csv");
	while (csvr_next(r)) {
		char want[64];

		if (rows % 7 == 0)
			snprintf(want, sizeof(want), "q,\"%ld\"\n%ld", rows, rows);
		else
			snprintf(want, sizeof(want), "plain-text-field-%ld", rows);
		if (csvr_i64(r, 0) != rows || strcmp(csvr_str(r, 1, NULL),
		    want) != 0 || csvr_line(r) != want_line) {
			if (bad++ < 3)
				fprintf(stderr, "row %ld line %ld (want %ld): %s\n",
				    rows, csvr_line(r), want_line,
				    csvr_str(r, 1, NULL));
		}
		want_line += rows % 7 == 0 ? 2 : 1;
		rows++;
	}
	CHECK(b.len > 2 * (1 << 20));
	CHECK(rows == 120000);
	CHECK(bad == 0);
	csvr_close(r);
	fclose(f);
	sbuf_free(&b);
}

static void
test_errors(void)
{
	static const char bin[] = "a,b\n1,2\n3,\0\x01\n";

	CHECK(!dies("a,b\n1,2\n", ""));
	CHECK(dies("", "t.csv:1:1: expected a header row"));
	CHECK(dies("x,b\n1,2\n", "t.csv:1:1: expected a column named \"a\""));
	CHECK(dies("a;b\n1;2\n", "wrong delimiter"));
	CHECK(dies("a,b\n1,2\n3\n", "t.csv:3:2: expected 2 fields"));
	CHECK(dies("a,b\n1,2\n3,4,5\n", "t.csv:3:3: expected 2 fields"));
	CHECK(!dies("a,b\n1,2\n3,4", "x"));
	CHECK(dies("a,b\n1,2\n3,\"open\n", "t.csv:3:2: expected a closing quote"));
	CHECK(dies("a,b\n1,x\"y\n", "t.csv:2:2: expected a quote only"));
	CHECK(dies("a,b\n1,\"x\"y\n", "t.csv:2:2: expected ',' or end of line"));
	CHECK(dies("a,b\n12a,2\n", "t.csv:2:1: a: expected an integer, got \"12a\""));
	CHECK(dies("a,b\n 1,2\n", "got \" 1\""));	/* spaces are data */
	CHECK(dies("a,b\n1,\"x\ny\"\n7z,1\n", "t.csv:4:1: a: expected an integer"));
	CHECK(dies_n(bin, sizeof(bin) - 1, "t.csv:3:3: expected CSV text, got binary data"));
	/* a name the header holds twice: which column has the data? */
	CHECK(dies("a,b,a\n1,2,3\n", "t.csv:1:3: expected the column \"a\" once "
	    "in the header, got it again (columns 1 and 3)"));
	CHECK(!dies("a,b,b\n1,2,3\n", "x"));	/* one not asked for */
}

/* Integers of every length the word-at-a-time path takes (8 and 16
 * digits, with a remainder), against strtoll; and what it must refuse. */
static void
test_integers(void)
{
	static const char *ok[] = {
		"0", "7", "12345678", "00000000", "99999999", "123456789",
		"1776953414174703", "999999999999999999", "-12345678",
		"+42", "9223372036854775807", "-9223372036854775808",
	};
	static const char *bad[] = {
		"1234567a", "12345678:", "1/345678", "12345678 ", "1234 5678",
		"9223372036854775808", "1e5", "0x10",
	};
	char csv[128];

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		FILE *f;
		struct csvr *r;

		snprintf(csv, sizeof(csv), "a\n%s\n", ok[i]);
		f = stream(csv, strlen(csv));
		r = csvr_openf(f, "t.csv");
		CHECK(csvr_next(r));
		CHECK(csvr_i64(r, 0) == strtoll(ok[i], NULL, 10));
		csvr_close(r);
		fclose(f);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(csv, sizeof(csv), "a\n%s\n", bad[i]);
		CHECK(dies(csv, "t.csv:2:1: a: expected an integer"));
	}
}

/* Lines longer than the splitter's 32-byte blocks, where a quote or a
 * lone CR shows up only after several blocks were split: the line goes to
 * libcsv whole, with its commas as they were (libcsv ends a row at a lone
 * CR, as before the fast path existed). */
static void
test_long_lines(void)
{
	struct sbuf b = {0};
	FILE *f;
	struct csvr *r;

	sbuf_adds(&b, "a");
	for (int c = 1; c < 40; c++)
		sbuf_printf(&b, ",c%d", c);
	sbuf_adds(&b, "\n");
	for (int row = 0; row < 4; row++) {
		for (int c = 0; c < 40; c++) {
			if (c > 0)
				sbuf_addc(&b, ',');
			if (row == 1 && c == 35)
				sbuf_adds(&b, "\"x,\"\"y\"");
			else if (row == 2 && c == 30)
				sbuf_adds(&b, "\"p\rq\"");
			else if (row == 3 && c == 30)
				sbuf_adds(&b, "p\rq");	/* a CR ends a row */
			else
				sbuf_printf(&b, "%d", 1000000 * row + c);
		}
		sbuf_adds(&b, row == 0 ? "\r\n" : "\n");
	}
	f = stream(b.s, b.len);
	r = csvr_openf(f, "t.csv");
	CHECK(csvr_ncols(r) == 40);
	CHECK(csvr_next(r) && csvr_i64(r, 39) == 39 && csvr_line(r) == 2);
	CHECK(csvr_next(r) && csvr_i64(r, 34) == 1000034);
	CHECK_STR(csvr_str(r, 35, NULL), "x,\"y");
	CHECK(csvr_i64(r, 36) == 1000036 && csvr_line(r) == 3);
	CHECK(csvr_next(r) && csvr_i64(r, 29) == 2000029);
	CHECK_STR(csvr_str(r, 30, NULL), "p\rq");
	CHECK(csvr_i64(r, 39) == 2000039 && csvr_line(r) == 4);
	csvr_close(r);
	fclose(f);
	CHECK(dies_n(b.s, b.len, "t.csv:5:32: expected 40 fields"));
	sbuf_free(&b);
}

static const struct unit_test tests[] = {
	{ "columns by name", test_by_name },
	{ "BOM, CRLF, blank lines, quotes, line numbers", test_quotes_and_lines },
	{ "typed fields", test_typed },
	{ "header after preamble lines", test_next_header },
	{ "rows across chunk boundaries", test_chunks },
	{ "fatal errors", test_errors },
	{ "integers, word at a time", test_integers },
	{ "long lines falling back to libcsv", test_long_lines },
	{ NULL, NULL }
};

int
main(void)
{
	s2r_setprog("test_csvr");
	return unit_run(tests);
}
