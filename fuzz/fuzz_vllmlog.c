/* libFuzzer harness for lib/vllmlog.c and lib/vllmrec.c: the input is a
 * log file, read through lib/infile and the bounded line reader of
 * lib/logkit (colour sequences stripped) as s2r-log-extract reads it,
 * then the records are built (to /dev/null). */
#define _GNU_SOURCE	/* memfd_create: a file in memory, no disk */
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "err.h"
#include "vllmlog.h"

static jmp_buf escape;

static void
back(void)
{
	longjmp(escape, 1);
}

/* The input as a file the reader opens by name, like any log. */
static int
as_file(const uint8_t *data, size_t size, char *path, size_t len)
{
	int fd = memfd_create("fuzz.log", 0);

	if (fd < 0 || (size > 0 && write(fd, data, size) != (ssize_t)size))
		abort();
	snprintf(path, len, "/proc/self/fd/%d", fd);
	return fd;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *devnull;
	struct logctx ctx = {0};
	struct vllmlog v;
	char path[64];
	int fd;

	if (devnull == NULL)
		devnull = fopen("/dev/null", "w");
	s2r_die_hook = back;
	fd = as_file(data, size, path, sizeof(path));
	vllmlog_init(&v, "fuzz/x_vllm.log");
	if (setjmp(escape) != 0) {
		vllmlog_free(&v);
		close(fd);
		return 0;
	}
	if (!vllmlog_read(&v, path))
		abort();
	ctx.out = devnull;
	ctx.phase = "p";
	vllmlog_emit(&v, &ctx);
	{
		struct vllmlog *one = &v;

		vllmlog_emit_cell(&one, 1, "fuzz", &ctx);
	}
	vllmlog_free(&v);
	close(fd);
	return 0;
}
