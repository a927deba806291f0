/* fuzz_promscrape - lib/promscrape over arbitrary bytes as one scrape of
 * metrics/raw/ (through fuzz.h's scratch file, since the reader opens a
 * path): every input is either rejected with a located message (the die
 * hook jumps back) or read into gauges that are finite or absent, with a
 * pod and a time.  Never a crash, a hang or a gauge out of its range. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "err.h"
#include "fuzz.h"
#include "promscrape.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct promscrape s;
	const char *path;

	fuzz_fds_mark();
	if (setjmp(fuzz_back) != 0) {
		fuzz_fds_close();
		return 0;
	}
	path = fuzz_scratch(data, size);
	promscrape_read(&s, path, "pod-a_1789000000_metrics.log");
	for (int g = 0; g < PS_NGAUGES; g++)
		if (!isnan(s.v[g]) && !isfinite(s.v[g]))
			abort();	/* infinities are left out */
	if (s.pod == NULL)
		abort();
	promscrape_free(&s);
	return 0;
}
