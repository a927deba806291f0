/* libFuzzer harness for lib/vllmlog.c and lib/vllmrec.c: the input is a
 * log, split into lines as the reader would, then the records are built
 * (to /dev/null). */
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "vllmlog.h"

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
	struct logctx ctx = {0};
	struct vllmlog v;
	const char *s = (const char *)data, *end = s + size;
	long line = 0;

	if (devnull == NULL)
		devnull = fopen("/dev/null", "w");
	s2r_die_hook = back;
	vllmlog_init(&v, "fuzz/x_vllm.log");
	if (setjmp(escape) != 0) {
		vllmlog_free(&v);
		return 0;
	}
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);

		vllmlog_line(&v, s, n, ++line);
		s += n + 1;
	}
	ctx.out = devnull;
	ctx.phase = "p";
	vllmlog_emit(&v, &ctx);
	{
		struct vllmlog *one = &v;

		vllmlog_emit_cell(&one, 1, "fuzz", &ctx);
	}
	vllmlog_free(&v);
	return 0;
}
