/* fuzz_reqload - lib/reqload over arbitrary bytes as one side of a
 * comparison given by path (s2r-latency --real/--sim, s2r-compare
 * calibrate): told apart by content, a BLIS metrics JSON or a TraceV2
 * CSV.  Every input is either rejected with a located message or read as
 * the format its first byte says, with the rows it holds; never a crash,
 * a hang or a descriptor left open. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "fuzz.h"
#include "reqload.h"
#include "reqpop.h"

static struct reqpop pop;

/* What reqload's content test should have said: '{' or a gzip magic
 * byte after white space and a UTF-8 BOM is JSON. */
static enum reqfmt
expected_fmt(const uint8_t *data, size_t size)
{
	size_t i = 0;

	while (i < size && strchr(" \t\r\n\xef\xbb\xbf", data[i]) != NULL &&
	    data[i] != '\0')
		i++;
	return i < size && (data[i] == '{' || data[i] == 0x1f) ?
	    REQFMT_BLIS_JSON : REQFMT_TRACE_CSV;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct reqload_opts o = { NULL, true, NULL };
	const char *path = fuzz_scratch(data, size);

	memset(&pop, 0, sizeof(pop));
	fuzz_fds_mark();
	if (setjmp(fuzz_back) != 0) {
		fuzz_fds_close();
		reqpop_free(&pop);
		return 0;
	}
	reqpop_load(&pop, path, &o);
	if (pop.fmt != expected_fmt(data, size))
		abort();
	for (size_t i = 1; pop.has_ids && i < pop.n; i++)
		if (pop.v[i - 1].id >= pop.v[i].id)
			abort();	/* sorted, each id once */
	reqpop_free(&pop);
	return 0;
}
