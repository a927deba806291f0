/* fuzz_htmldiff - the HTML report (tables and SVG charts) and the run
 * diff over arbitrary NDJSON.  Verdicts go to the report and, by line
 * parity, to the old or new side of a diff; other records are chart
 * evidence.  Whatever the records hold, the page must never contain a
 * <script element (every value is escaped): abort() if it does. */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "htmlreport.h"
#include "mdreport.h"
#include "rec.h"
#include "rundiff.h"
#include "str.h"

static jmp_buf back;
/* Static so that they survive the longjmp and can be freed after it. */
static struct ndjson_reader r;
static struct report rep;
static struct evidence ev;
static struct rundiff d;

static void
rejected(void)
{
	longjmp(back, 1);
}

static void
run(void)
{
	struct sbuf out = {0};
	json_t *rec, *copy;

	while ((rec = ndjson_next(&r)) != NULL) {
		if (strcmp(rec_get_str(rec, "kind"), "verdict") != 0) {
			evidence_add_chart(&ev, rec);
			continue;
		}
		/* A copy: the diff keeps only what it compares of a
		 * verdict, and the report needs all of it. */
		if ((copy = json_deep_copy(rec)) == NULL)
			abort();
		rundiff_add(&d, r.line % 2 == 0, copy, "fuzz", r.line);
		report_add(&rep, rec, "fuzz", r.line);
	}
	report_build(&rep);
	report_html(&out, &rep, &(struct report_meta){ "T", "r", "s",
	    "2026-01-01" }, &ev);
	if (strstr(sbuf_str(&out), "<script") != NULL)
		abort();
	sbuf_reset(&out);
	rundiff_run(&d);
	rundiff_md(&out, &d);
	sbuf_free(&out);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	s2r_die_hook = rejected;
	report_init(&rep);
	memset(&ev, 0, sizeof(ev));
	rundiff_init(&d, 5);
	memset(&r, 0, sizeof(r));
	r.f = fmemopen((void *)data, size, "r");
	if (r.f == NULL)
		return 0;
	r.path = xstrdup("fuzz");
	if (setjmp(back) == 0)
		run();
	ndjson_close(&r);
	report_free(&rep);
	evidence_free(&ev);
	rundiff_free(&d);
	return 0;
}
