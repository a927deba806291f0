/* fuzz_csv - libFuzzer harness: the bytes are a trace_data.csv, read by
 * lib/csvr.c and run through the trace statistics (lib/trace.c) to the
 * records.  A rejected input longjmps out of s2r_die through the hook;
 * the reader and the statistics are created before,
 * so they are freed either way. */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>

#include "csvr.h"
#include "err.h"
#include "trace.h"

static jmp_buf jmp;

static void
jump(void)
{
	longjmp(jmp, 1);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct trace_scope scope = { "p", "w", NULL };
	struct trace_header h = {0};
	struct csvr *volatile r = NULL;
	struct trace_stats *volatile s = NULL;
	FILE *volatile f;
	json_t *arr;

	if (size == 0)
		return 0;
	f = fmemopen((void *)data, size, "rb");
	if (f == NULL)
		return 0;
	s2r_die_hook = jump;
	r = csvr_attach(f, "fuzz.csv");
	s = trace_stats_new();
	if (setjmp(jmp) == 0) {
		csvr_read_header(r);
		trace_stats_fill(s, r, &h);
		arr = json_array();
		trace_stats_records(s, &scope, arr);
		json_decref(arr);
	}
	trace_stats_free(s);
	csvr_close(r);
	fclose(f);
	return 0;
}
