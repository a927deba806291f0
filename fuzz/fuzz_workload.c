/* fuzz_workload - libFuzzer harness for the spec readers (lib/workload.c,
 * lib/corpus.c, lib/measproto.c) and their expectations (lib/wlexpect*.c,
 * lib/wltime.c), and through them lib/yamlr.c and the exact moments in
 * lib/sampler.c.  A rejected input longjmps back from s2r_die; what was
 * allocated on the way is leaked, which is why fuzz/run turns leak
 * detection off. */
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "err.h"
#include "wlexpect.h"

static jmp_buf env;

/* Rejected inputs leak by design (see above); keep LeakSanitizer's exit
 * check from reporting that as a failure of the whole run. */
int
__lsan_is_turned_off(void)
{
	return 1;
}

static void
back(void)
{
	longjmp(env, 1);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wlspec *volatile w = NULL;
	json_t *volatile out = NULL;

	s2r_die_hook = back;
	if (setjmp(env) != 0)
		return 0;
	w = wlspec_load_buf("fuzz.yaml", (const char *)data, size);
	out = json_array();
	wlspec_expect(w, "fuzz", out);
	json_decref(out);
	wlspec_free(w);
	return 0;
}
