/* fuzz_compare - s2r-compare's analyses over arbitrary bytes read as a
 * trace CSV: the file as both arms of an A/B, its timeline, and its
 * calibration against itself.  Every input is either rejected with a
 * located message (the die hook jumps back) or yields records; never a
 * crash, a hang, or a trace compared with itself that is not within the
 * noise (A/B) or the tolerance (calibration). */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "cmpab.h"
#include "cmpcal.h"
#include "cmparm.h"
#include "cmptime.h"
#include "err.h"
#include "fuzz.h"
#include "rec.h"
#include "csvr.h"
#include "reqpop.h"

static const char *path;
static struct reqpop pop;

static void
cleanup(void)
{
	fuzz_csv_close();
	reqpop_free(&pop);
}

/* Same trace both sides: every judged change is zero, so within noise. */
static void
check_self(const json_t *arr)
{
	size_t i;
	json_t *rec;

	json_array_foreach(arr, i, rec) {
		const char *j = rec_get_str(rec, "judgement");

		if (j != NULL && strcmp(j, "within_noise") != 0 &&
		    strcmp(j, "within_tolerance") != 0)
			abort();
	}
}

/* ab's tap feeds a timeline as it reads (s2r-compare ab --timeline): it
 * must say what a timeline of its own read says. */
static struct cmp_tl *tl;

static void
tap_row(void *ctx, const struct cmp_row *row, int64_t rowno)
{
	(void)ctx;
	if (tl == NULL)
		tl = cmp_tl_new();
	cmp_tl_row(tl, row, rowno);
}

static void
tap_end(void *ctx, const struct cmp_workload *w, const struct cmp_arm *arm,
    const struct cmp_cell *cell)
{
	if (tl == NULL)
		tl = cmp_tl_new();
	cmp_tl_end(tl, w, arm, cell, ctx);
	tl = NULL;
}

static void
check_tapped(const json_t *tapped, const json_t *own)
{
	size_t i;
	json_t *rec;

	json_array_foreach(own, i, rec)
		if (!json_equal(rec, json_array_get(tapped, i)))
			abort();
}

/* The analyses read the file themselves, and a rejection from inside
 * them leaks what they hold (open files too): only inputs the request
 * reader accepts (it checks the same fields, and cleans up) and whose
 * header the analyses' columns accept go on, so a rejection there is
 * itself a finding. */
static void
run(void)
{
	struct cmp_plan plan = { .no_header = true };
	json_t *arr = json_array(), *tapped = json_array();
	struct cmp_tap tap = { tap_row, tap_end, tapped };
	struct cmp_ab_opts ao = { Q_EXCLUSIVE, 5, NULL, &tap };
	struct cmp_cal_opts co = { Q_LINEAR, -1, NULL, NULL };

	cmp_plan_add(&plan, path, "a", "w", NULL);
	cmp_plan_add(&plan, path, "b", "w", NULL);
	cmp_plan_finish(&plan, NULL);
	cmp_ab_workload(&plan.w[0], &ao, arr);
	check_self(arr);
	json_array_clear(arr);
	cmp_timeline_cell(&plan.w[0], &plan.w[0].arms[0],
	    &plan.w[0].arms[0].cells[0], arr);
	check_tapped(tapped, arr);
	json_decref(tapped);
	cmp_calibrate(&pop, &pop, &co, arr);
	check_self(arr);
	json_decref(arr);
	cmp_plan_free(&plan);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct csvr *r;

	path = fuzz_scratch(data, size);
	if (setjmp(fuzz_back) != 0) {
		cleanup();
		return 0;
	}
	reqpop_init(&pop, "fuzz.csv", REQFMT_TRACE_CSV);
	if ((r = fuzz_csv_open(data, size, "fuzz.csv")) == NULL)
		return 0;
	csvr_read_header(r);
	/* The columns the analyses read and reqpop does not (slo_class,
	 * error_message): a header naming one twice is theirs to reject. */
	cmp_cols_find(&(struct cmp_cols){0}, r);
	reqpop_read_csv(&pop, r, NULL);
	if (setjmp(fuzz_back) != 0)
		abort();	/* the analyses rejected what reqpop took */
	run();
	cleanup();
	return 0;
}
