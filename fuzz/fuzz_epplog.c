/* libFuzzer harness for lib/epplog.c (and lib/gpulog.c, which reads
 * the same kind of line stream). */
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "epplog.h"
#include "err.h"
#include "gpulog.h"

static jmp_buf escape;

static void
back(void)
{
	longjmp(escape, 1);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *devnull;
	static const struct gpuwindow win = { true, 0, INT64_C(1) << 62,
	    "fuzz/trace_data.csv" };
	struct logctx ctx = {0};
	struct logwarn w = {.file = "fuzz/epp.log"};
	struct epplog e;
	struct gpulog g;
	const char *s = (const char *)data, *end = s + size;
	long line = 0;

	if (devnull == NULL)
		devnull = fopen("/dev/null", "w");
	s2r_die_hook = back;
	epplog_init(&e);
	gpulog_init(&g, "fuzz/node.log", &win);
	if (setjmp(escape) != 0) {
		epplog_free(&e);
		gpulog_free(&g);
		return 0;
	}
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);

		line++;
		epplog_line(&e, s, n, "fuzz/epp.log", line, &w);
		gpulog_line(&g, s, n, line);
		s += n + 1;
	}
	ctx.out = devnull;
	epplog_emit(&e, "fuzz", &ctx);
	gpulog_emit(&g, &ctx, NULL);
	epplog_free(&e);
	gpulog_free(&g);
	return 0;
}
