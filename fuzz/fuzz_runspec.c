/* fuzz_runspec - what s2r-expect reads from folders rather than one
 * buffer: a sim bundle's transfer.yaml with the scenario its baselines
 * name (lib/scenario: scenario_bundle, scenario_paths), or a run's two
 * PipelineRuns (lib/runspec: the specs they embed against a sim spec of
 * workload "w", the scenarios they deployed against the sim's).  The
 * first byte picks which; the rest is two files split at the first NUL
 * byte.  Every input is rejected with a located message (the die hook
 * jumps back) or gives records that all have a check and a metric, and
 * paths that stay inside the bundle.  Never a crash or a hang. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "err.h"
#include "fuzz.h"
#include "runspec.h"
#include "scenario.h"
#include "str.h"
#include "wlexpect.h"

/* The sim's own spec of workload w, for the PipelineRuns to differ from. */
static const char sim_spec[] =
    "version: \"2\"\nseed: 1\naggregate_rate: 10\nnum_requests: 100\n"
    "clients:\n  - id: c\n    rate_fraction: 1\n"
    "    arrival: {process: poisson}\n"
    "    input_distribution: {type: constant, params: {value: 8}}\n"
    "    output_distribution: {type: constant, params: {value: 8}}\n";

static char dir[] = "/tmp/s2r-fuzz-runspec.XXXXXX";
static json_t *recs;
static struct strv paths;
static struct wlspec *spec;

/* dir/rel holds the n bytes at p (a folder of it made first). */
static void
put(const char *rel, const uint8_t *p, size_t n)
{
	char path[sizeof(dir) + 64];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	if ((f = fopen(path, "wb")) == NULL)
		abort();
	if (n > 0 && fwrite(p, 1, n, f) != n)
		abort();
	if (fclose(f) != 0)
		abort();
}

/* The scratch folder with exactly the two files of this input's mode. */
static void
setup(bool run, const uint8_t *a, size_t na, const uint8_t *b, size_t nb)
{
	static const char *const all[] = { "transfer.yaml", "baselines/b.yaml",
	    "cluster/pipelinerun-a.yaml", "cluster/pipelinerun-b.yaml" };
	char path[sizeof(dir) + 64];
	static bool made;

	/* once: mkdtemp's name may itself end in 'X' */
	if (!made) {
		if (mkdtemp(dir) == NULL)
			abort();
		made = true;
		snprintf(path, sizeof(path), "%s/baselines", dir);
		mkdir(path, 0700);
		snprintf(path, sizeof(path), "%s/cluster", dir);
		mkdir(path, 0700);
	}
	for (size_t i = 0; i < 4; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, all[i]);
		unlink(path);
	}
	put(all[run ? 2 : 0], a, na);
	put(all[run ? 3 : 1], b, nb);
}

/* Every record has a check and a metric. */
static void
check_recs(void)
{
	size_t i;
	json_t *r;

	json_array_foreach(recs, i, r)
		if (!json_is_string(json_object_get(r, "check")) ||
		    !json_is_string(json_object_get(r, "metric")))
			abort();
}

static void
clean(void)
{
	json_decref(recs);
	recs = NULL;
	strv_free(&paths);
	if (spec != NULL)
		wlspec_free(spec);
	spec = NULL;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul;
	size_t na;
	bool run;

	if (size == 0)
		return 0;
	run = data[0] & 1;
	nul = memchr(data + 1, '\0', size - 1);
	na = nul != NULL ? (size_t)(nul - (data + 1)) : size - 1;
	setup(run, data + 1, na, nul != NULL ? nul + 1 : data + size,
	    nul != NULL ? size - 1 - na - 1 : 0);
	fuzz_fds_mark();
	if (setjmp(fuzz_back) != 0) {
		fuzz_fds_close();
		clean();
		return 0;
	}
	recs = json_array();
	if (run) {
		spec = wlspec_load_buf("workloads/w.yaml", sim_spec,
		    strlen(sim_spec));
		wlspec_expect(spec, "w", recs);
		runspec_expect(dir, recs);
		runspec_deployed(dir, recs);
	} else {
		scenario_paths(dir, &paths);
		for (size_t i = 0; i < paths.n; i++)
			if (paths.v[i][0] == '/' ||
			    strstr(paths.v[i], "..") != NULL)
				abort();	/* out of the bundle */
		scenario_bundle(recs, dir);
	}
	check_recs();
	clean();
	return 0;
}
