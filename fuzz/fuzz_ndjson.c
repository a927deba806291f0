/* fuzz_ndjson - the NDJSON record reader, the judge, the end-record
 * count of a verdict stream and the Markdown report over arbitrary bytes.  A rejected input longjmps back through
 * s2r_die_hook instead of exiting; everything built so far is freed. */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "judge.h"
#include "mdreport.h"
#include "rec.h"
#include "str.h"
#include "tolerance.h"
#include "vstream.h"

static jmp_buf back;
/* Static so that they survive the longjmp and can be freed after it. */
static struct tolerances t;
static struct ndjson_reader r;
static struct judge j;
static struct report rep;

static void
rejected(void)
{
	longjmp(back, 1);
}

static void
run(void)
{
	struct sbuf md = {0};
	struct vstream vs = {0};
	json_t *rec, **v;
	FILE *devnull;
	size_t n;

	while ((rec = ndjson_next(&r)) != NULL) {
		vstream_add(&vs, rec, "fuzz", r.line);
		/* Verdict records go to the report, the rest to the judge. */
		if (strcmp(rec_get_str(rec, "kind"), "verdict") == 0)
			report_add(&rep, rec, "fuzz", r.line);
		else
			judge_add(&j, rec, "fuzz", r.line);
	}
	judge_run(&j, NULL);
	n = judge_verdicts(&j, &v);
	for (size_t i = 0; i < n; i++)
		report_add(&rep, json_incref(v[i]), "judge", (long)i + 1);
	free(v);
	devnull = fopen("/dev/null", "w");
	if (devnull != NULL) {
		judge_write(&j, devnull);
		vstream_write_end(devnull, n);
		fclose(devnull);
	}
	if (vstream_cut(&vs) == NULL && vs.ends == 0 && vs.total > 0)
		abort();	/* verdicts without an end are cut */
	report_build(&rep);
	report_md(&md, &rep, &(struct report_meta){ "T", "r", "s",
	    "2026-01-01" });
	sbuf_free(&md);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	s2r_die_hook = rejected;
	tol_defaults(&t);
	judge_init(&j, &t);
	report_init(&rep);
	memset(&r, 0, sizeof(r));
	r.f = fmemopen((void *)data, size, "r");
	if (r.f == NULL)
		return 0;
	r.path = xstrdup("fuzz");
	if (setjmp(back) == 0)
		run();
	ndjson_close(&r);
	report_free(&rep);
	judge_free(&j);
	return 0;
}
