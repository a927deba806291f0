/* test_jsonscan.c - the scanner's fast paths: text views, exact decimal
 * shortcuts, and above all the read-buffer boundary.  A file is read in
 * 1 MiB pieces, a memory buffer in one: the same bytes read both ways
 * must give the same trace, the same positions and the same error
 * message wherever the boundary falls inside a token. */
#include <fcntl.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <zlib.h>

#include "err.h"
#include "jsonscan.h"
#include "ktrace.h"
#include "kineto.h"
#include "unit.h"

#define BUFSZ	(1024 * 1024)	/* jsonscan.c's read size */

static bool
text_is(const struct jtext *t, const char *want, bool copied)
{
	return t->len == strlen(want) && memcmp(t->s, want, t->len) == 0 &&
	    t->copied == copied;
}

static void
test_views(void)
{
	const char *doc = "{\"ph\": \"X\", \"n\\u0061me\": \"caf\xc3\xa9\", "
	    "\"ts\": 1.5e3, \"x\": [1, {\"y\": null}], \"\\u0000k\": \"a\\\"b\","
	    " \"e\": \"\"}";
	struct jscan *js = jscan_mem("t", doc, strlen(doc));
	struct jtext k, v;
	enum jtype t;

	jscan_obj_begin(js);
	CHECK(jscan_obj_key_text(js, &k) && text_is(&k, "ph", false));
	jscan_scalar_text(js, &v, &t);
	CHECK(t == J_STRING && text_is(&v, "X", false));
	CHECK(jscan_obj_key_text(js, &k) && text_is(&k, "name", true));
	jscan_scalar_text(js, &v, &t);	/* non-ASCII: decoded copy */
	CHECK(t == J_STRING && text_is(&v, "caf\xc3\xa9", true));
	CHECK(jscan_obj_key_text(js, &k) && text_is(&k, "ts", false));
	jscan_scalar_text(js, &v, &t);
	CHECK(t == J_NUMBER && text_is(&v, "1.5e3", false));
	CHECK(jscan_obj_key_text(js, &k) && text_is(&k, "x", false));
	jscan_scalar_text(js, &v, &t);	/* not a scalar: skipped */
	CHECK(t == J_ARRAY && v.len == 0);
	CHECK(jscan_obj_key_text(js, &k) && k.copied && k.len == 2 &&
	    k.s[0] == '\0' && k.s[1] == 'k');
	jscan_scalar_text(js, &v, &t);
	CHECK(text_is(&v, "a\"b", true));
	CHECK(jscan_pos(js).column == 87);
	CHECK(jscan_obj_key_text(js, &k) && text_is(&k, "e", false));
	jscan_scalar_text(js, &v, &t);
	CHECK(t == J_STRING && text_is(&v, "", false));
	CHECK(!jscan_obj_key_text(js, &k));
	jscan_end(js);
	jscan_close(js);
}

static int64_t
scaled(const char *s, int scale, bool *ok)
{
	int64_t v = -999;

	*ok = dec_to_scaled(s, strlen(s), scale, &v);
	return v;
}

/* The "-ddd.ddd" shortcut at its edges; values worked out by hand. */
static void
test_decimal_edges(void)
{
	bool ok;

	CHECK(scaled("9223372036854775.807", 3, &ok) == INT64_MAX && ok);
	scaled("9223372036854775.808", 3, &ok);
	CHECK(!ok);
	scaled("-9223372036854775.808", 3, &ok);	/* as the general path */
	CHECK(!ok);
	CHECK(scaled("-9223372036854775.807", 3, &ok) == -INT64_MAX && ok);
	CHECK(scaled("-0.0005", 3, &ok) == -1 && ok);	/* half away */
	CHECK(scaled("-0.0004999", 3, &ok) == 0 && ok);
	CHECK(scaled("0.000999", 3, &ok) == 1 && ok);
	CHECK(scaled("000.5", 3, &ok) == 500 && ok);
	CHECK(scaled("1.", 3, &ok) == 1000 && ok);
	scaled("9999999999999999999", 0, &ok);
	CHECK(!ok);
	CHECK(scaled("999999999999999999.9", 0, &ok) ==
	    1000000000000000000LL && ok);
	CHECK(scaled("0.9999999999999999999", 0, &ok) == 1 && ok);
	CHECK(scaled("0.4999999999999999999", 0, &ok) == 0 && ok);
	/* 20 digits: the general path, same rounding */
	CHECK(scaled("1234567890123456.7895", 3, &ok) ==
	    1234567890123456790LL && ok);
	scaled("1844674407370955.1615", 4, &ok);
	CHECK(!ok);
	scaled("12345678901234567.89", 3, &ok);
	CHECK(!ok);
	scaled("1.2.3", 3, &ok);
	CHECK(!ok);
	scaled("-", 3, &ok);
	CHECK(!ok);
	CHECK(scaled("+1.5", 3, &ok) == 1500 && ok);
	CHECK(scaled(".5", 3, &ok) == 500 && ok);
	scaled("5", 25, &ok);
	CHECK(!ok);
	CHECK(scaled("0", 25, &ok) == 0 && ok);
}

/* One event of each shape the reader handles, with escapes, UTF-8,
 * numbers as strings and nested values to skip. */
static const char window[] =
    "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"void k<\\u00e9>(int)"
    "\", \"pid\": 0, \"tid\": 7, \"ts\": 1712195495505583.250, \"dur\": "
    "24.000, \"args\": {\"External id\": 2, \"device\": 0, \"stream\": 7, "
    "\"correlation\": 1001, \"grid\": [132, 1, 1], \"s\": \"caf\xc3\xa9"
    "\"}},\n"
    "  {\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": "
    "\"cudaGraphLaunch\", \"pid\": \"4242\", \"tid\": 4242, \"args\": "
    "{\"correlation\": 1001}, \"ts\": \"1712195495505535.25\", \"dur\": 3},\n"
    "  {\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#7\","
    "\"pid\":4242,\"tid\":4242,\"ts\":1712195495505500,\"dur\":1e3},\n"
    "  {\"ph\": \"X\", \"cat\": \"Memcpy\", \"name\": \"Memcpy HtoD "
    "(Pageable -> Device)\", \"pid\": 0, \"tid\": 7,\r\n\t\"ts\": "
    "1712195495505600.5, \"dur\": 1.5, \"args\": {\"device\": 0, \"stream\":"
    " 7, \"correlation\": 1002, \"extra\": {\"a\": [true, false, null, "
    "-1.5e-3]}}},\n"
    "  {\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": \"Spans\", "
    "\"tid\": \"x\\\"y\", \"args\": {\"name\": \"\xe4\xb8\xad\"}}";

/*
 * The document: `lead` spaces, then a filler event, then the window,
 * then another buffer's worth of filler (so that the next read
 * overwrites every byte of the first: a view kept across a refill would
 * see other text).  Reading from byte k of it (white space is valid
 * JSON) puts the buffer boundary k bytes into the window: one file
 * serves every boundary.
 */
static void
make_doc(struct sbuf *doc, size_t lead, const char *win)
{
	static const char head[] = "{\"traceEvents\": [\n  {\"ph\": \"i\", "
	    "\"name\": \"";
	static const char tail[] = "\"},\n  ";
	static char *filler;
	size_t fill = BUFSZ - lead - (sizeof(head) - 1) - (sizeof(tail) - 1);

	if (filler == NULL) {
		filler = xmalloc(BUFSZ);
		for (size_t i = 0; i < BUFSZ; i++)
			filler[i] = (char)('a' + i % 26);
	}
	sbuf_reset(doc);
	for (size_t i = 0; i < lead; i++)
		sbuf_addc(doc, ' ');
	sbuf_adds(doc, head);
	sbuf_add(doc, filler, fill);
	sbuf_adds(doc, tail);
	sbuf_adds(doc, win);
	sbuf_adds(doc, ",\n  {\"ph\": \"i\", \"name\": \"");
	sbuf_add(doc, filler, BUFSZ);
	sbuf_adds(doc, "\"}\n]}\n");
}

/* An unlinked temporary file holding doc (gzip-compressed when gz). */
static int
temp_file(const struct sbuf *doc, bool gz)
{
	char path[] = "/tmp/s2r-jsonscan-XXXXXX";
	int fd = mkstemp(path);

	if (fd < 0)
		return -1;
	unlink(path);
	if (gz) {
		gzFile g = gzdopen(dup(fd), "wb1");

		gzwrite(g, doc->s, (unsigned)doc->len);
		gzclose(g);
	} else if (write(fd, doc->s, doc->len) != (ssize_t)doc->len) {
		close(fd);
		return -1;
	}
	return fd;
}

/* A descriptor reading file from byte `from` (the reader closes it). */
static int
reader_at(int file, size_t from)
{
	lseek(file, (off_t)from, SEEK_SET);
	return dup(file);
}

static bool
same_trace(const struct ktrace *a, const struct ktrace *b)
{
	if (a->nops != b->nops || a->nlaunch != b->nlaunch ||
	    a->nmarks != b->nmarks || a->n_skipped != b->n_skipped ||
	    a->names.n != b->names.n)
		return false;
	for (size_t i = 0; i < a->names.n; i++)
		if (strcmp(a->names.s[i], b->names.s[i]) != 0)
			return false;
	for (size_t i = 0; i < a->nops; i++) {
		const struct kop *x = &a->ops[i], *y = &b->ops[i];

		if (x->start != y->start || x->dur != y->dur ||
		    x->corr != y->corr || x->name != y->name ||
		    x->dev != y->dev || x->stream != y->stream ||
		    x->line != y->line || x->column != y->column ||
		    x->cat != y->cat)
			return false;
	}
	for (size_t i = 0; i < a->nlaunch; i++)
		if (a->launch[i].corr != b->launch[i].corr ||
		    a->launch[i].pid != b->launch[i].pid ||
		    a->launch[i].ts != b->launch[i].ts ||
		    a->launch[i].graph != b->launch[i].graph)
			return false;
	for (size_t i = 0; i < a->nmarks; i++)
		if (a->marks[i].start != b->marks[i].start ||
		    a->marks[i].end != b->marks[i].end ||
		    a->marks[i].line != b->marks[i].line ||
		    a->marks[i].column != b->marks[i].column)
			return false;
	return true;
}

/* Reads doc from byte `from` of file (or of gz, its compressed copy)
 * and from memory; true when both give the same trace. */
static bool
read_both(const struct sbuf *doc, int file, size_t from, bool gz,
    struct ktrace **mem_out)
{
	struct ktrace *m = ktrace_new("t.json", "kineto");
	struct ktrace *f = ktrace_new("t.json", "kineto");
	bool same;

	kineto_read_mem(m, doc->s + from, doc->len - from, "t.json");
	kineto_read_fd(f, reader_at(file, gz ? 0 : from), "t.json");
	same = same_trace(m, f);
	ktrace_free(f);
	*mem_out = m;
	return same;
}

static void
test_boundary(void)
{
	struct sbuf doc = {0}, cut = {0};
	size_t lead = sizeof(window), bad = 0;
	struct ktrace *m;
	int file;

	make_doc(&doc, lead, window);
	file = temp_file(&doc, false);
	CHECK(file >= 0);
	for (size_t into = 0; into <= lead; into++) {
		if (!read_both(&doc, file, lead - into, false, &m) &&
		    bad++ < 3)
			fprintf(stderr, "boundary %zu bytes into the window: "
			    "file and memory reads differ\n", into);
		if (into == 0)	/* the reader saw the window at all */
			CHECK(m->nops == 2 && m->nlaunch == 1 &&
			    m->nmarks == 1 && m->ops[0].line == 3 &&
			    m->ops[1].line == 6 && m->ops[1].column == 3 &&
			    m->ops[1].dur == 1500);
		ktrace_free(m);
	}
	close(file);
	/* gzip: inflated straight into the buffer, same boundary */
	for (size_t into = 0; into <= lead; into += 97) {
		sbuf_reset(&cut);
		sbuf_add(&cut, doc.s + lead - into, doc.len - lead + into);
		file = temp_file(&cut, true);
		CHECK(file >= 0);
		if (!read_both(&cut, file, 0, true, &m) && bad++ < 3)
			fprintf(stderr, "gzip boundary %zu bytes into the "
			    "window: file and memory reads differ\n", into);
		ktrace_free(m);
		close(file);
	}
	CHECK(bad == 0);
	sbuf_free(&doc);
	sbuf_free(&cut);
}

static jmp_buf back;

static void
jump_back(void)
{
	longjmp(back, 1);
}

/* The one line a read dies with ("" when it does not): of the bytes
 * of doc from `from` on, in memory or (file >= 0) from the file. */
static void
die_message(const struct sbuf *doc, int file, size_t from, char *msg,
    size_t cap)
{
	struct ktrace *volatile t = ktrace_new("t.json", "kineto");
	char errpath[] = "/tmp/s2r-jsonscan-err-XXXXXX";
	int errfd, saved;
	ssize_t n;

	errfd = mkstemp(errpath);
	unlink(errpath);
	fflush(stderr);
	saved = dup(STDERR_FILENO);
	dup2(errfd, STDERR_FILENO);
	s2r_die_hook = jump_back;
	if (setjmp(back) == 0) {
		if (file >= 0)
			kineto_read_fd(t, reader_at(file, from), "t.json");
		else
			kineto_read_mem(t, doc->s + from, doc->len - from,
			    "t.json");
	} else {
		kineto_reset();
	}
	s2r_die_hook = NULL;
	ktrace_free(t);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	n = pread(errfd, msg, cap - 1, 0);
	msg[n > 0 ? n : 0] = '\0';
	close(errfd);
}

/* Broken windows: every message names the same place whether the
 * boundary cuts the bad token or not. */
static void
test_boundary_errors(void)
{
	static const char *const bad[] = {
		"{\"ph\": \"X\", \"cat\"; \"kernel\"}",
		"{\"ph\": \"X\", \"cat\": \"ker\\qnel\"}",
		"{\"ph\": \"X\", \"ts\": 17121954955.e3}",
		"{\"ph\": \"X\", \"ts\": -x}",
		"{\"ph\": \"X\", \"name\": \"a\tb\"}",
		"{\"ph\": \"X\", \"args\": {\"grid\": [1, 2 3]}}",
		"{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k\", "
		    "\"ts\": 1, \"dur\": -2.5, \"pid\": 0}",
		"{\"ph\": \"X\", \"ts\": \"1.2.3\"}",
		"{\"ph\": \"X\", \"args\": {\"x\": tru}}",
	};
	struct sbuf doc = {0};
	char want[512], got[512];
	size_t fails = 0;

	for (size_t b = 0; b < sizeof(bad) / sizeof(bad[0]); b++) {
		size_t lead = strlen(bad[b]);
		int file;

		make_doc(&doc, lead, bad[b]);
		file = temp_file(&doc, false);
		CHECK(file >= 0);
		for (size_t into = 0; into <= lead; into++) {
			die_message(&doc, -1, lead - into, want, sizeof(want));
			die_message(&doc, file, lead - into, got, sizeof(got));
			if ((want[0] == '\0' || strcmp(want, got) != 0) &&
			    fails++ < 3)
				fprintf(stderr, "case %zu at %zu: memory "
				    "\"%s\", file \"%s\"\n", b, into, want, got);
		}
		close(file);
	}
	CHECK(fails == 0);
	sbuf_free(&doc);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "text views of keys and scalars", test_views },
		{ "exact decimals at the fast path's edges",
		    test_decimal_edges },
		{ "file and memory reads agree wherever the buffer ends",
		    test_boundary },
		{ "bad input: same message wherever the buffer ends",
		    test_boundary_errors },
		{ NULL, NULL },
	};

	return unit_run(tests);
}
