/* fuzz_runmeta - lib/runmeta over arbitrary bytes as one file of a run
 * directory (the first byte picks run_metadata.json,
 * manifest.assembly.yaml or progress.json; the rest is its content):
 * every input is either rejected with a located message (the die hook
 * jumps back) or read into a declaration whose pairs all name a phase
 * and a workload, once each, and whose replica count is not negative.
 * Never a crash or a hang. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "fuzz.h"
#include "runmeta.h"

static const char *const names[] = {
	"run_metadata.json", "manifest.assembly.yaml", "progress.json"
};
static char dir[] = "/tmp/s2r-fuzz-run.XXXXXX";
static struct run_meta meta;

/* dir holds exactly the file the input names, with the input's bytes. */
static void
put(const uint8_t *data, size_t size)
{
	static bool made;
	char path[sizeof(dir) + 32];
	FILE *f;

	/* once: mkdtemp's name may itself end in 'X' (1 in 62), which
	 * made a second mkdtemp fail and the harness abort */
	if (!made && mkdtemp(dir) == NULL)
		abort();
	made = true;
	for (size_t i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		unlink(path);
	}
	snprintf(path, sizeof(path), "%s/%s", dir, names[data[0] % 3]);
	if ((f = fopen(path, "wb")) == NULL)
		abort();
	if (size > 1 && fwrite(data + 1, 1, size - 1, f) != size - 1)
		abort();
	if (fclose(f) != 0)
		abort();
}

static void
check(const struct run_meta *m)
{
	if (m->replicas < 0 || m->npairs > m->cappairs)
		abort();
	for (size_t i = 0; i < m->npairs; i++) {
		if (m->pairs[i].phase == NULL || m->pairs[i].workload == NULL)
			abort();
		for (size_t k = 0; k < i; k++)
			if (strcmp(m->pairs[k].phase, m->pairs[i].phase) == 0 &&
			    strcmp(m->pairs[k].workload,
			    m->pairs[i].workload) == 0)
				abort();	/* each pair once */
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	put(data, size);
	fuzz_fds_mark();
	if (setjmp(fuzz_back) != 0) {
		fuzz_fds_close();
		return 0;
	}
	run_meta_read(&meta, dir, NULL);
	check(&meta);
	run_meta_free(&meta);
	return 0;
}
