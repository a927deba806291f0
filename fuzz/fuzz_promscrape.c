/* fuzz_promscrape - lib/promscrape over arbitrary bytes as one scrape of
 * metrics/raw/ (through a memory file, since the reader opens a path):
 * every input is either rejected with a located message (the die hook
 * jumps back) or read into gauges that are finite or absent, with a pod
 * and a time.  Never a crash, a hang or a gauge out of its range. */
#define _GNU_SOURCE	/* memfd_create */
#include <math.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "err.h"
#include "promscrape.h"

static jmp_buf back;
static int fd = -1;

static void
jump_back(void)
{
	longjmp(back, 1);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	s2r_die_hook = jump_back;
	fd = memfd_create("scrape", 0);
	return fd < 0 ? 1 : 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct promscrape s;
	char path[64];

	if (setjmp(back) != 0)
		return 0;
	if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) !=
	    (ssize_t)size)
		return 0;
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	promscrape_read(&s, path, "pod-a_1789000000_metrics.log");
	for (int g = 0; g < PS_NGAUGES; g++)
		if (!isnan(s.v[g]) && !isfinite(s.v[g]))
			abort();	/* infinities are left out */
	if (s.pod == NULL)
		abort();
	promscrape_free(&s);
	return 0;
}
