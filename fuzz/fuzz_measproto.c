/* fuzz_measproto - lib/measproto over arbitrary bytes as a
 * measurement.yaml (kind: measurement-protocol), and go_duration_us over
 * its first line: every input is either rejected with a located message
 * or yields values of their declared types (integers and durations >= 0,
 * each with its text and line); never a crash or a hang. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "fuzz.h"
#include "measproto.h"

static struct measproto mp;

/* The first line (at most 63 bytes) as a Go duration. */
static void
duration(const uint8_t *data, size_t size)
{
	char text[64];
	size_t n = 0;
	int64_t us;

	while (n < size && n < sizeof(text) - 1 && data[n] != '\n' &&
	    data[n] != '\0') {
		text[n] = (char)data[n];
		n++;
	}
	text[n] = '\0';
	(void)go_duration_us(text, &us);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	duration(data, size);
	if (setjmp(fuzz_back) != 0) {
		measproto_free(&mp);
		return 0;
	}
	(void)measproto_is_doc((const char *)data, size);
	measproto_load_buf(&mp, "fuzz.yaml", (const char *)data, size);
	if (mp.version < 1)
		abort();
	for (int k = 0; k < MP_NKEYS; k++) {
		const struct mp_value *v = &mp.v[k];

		if (!v->set)
			continue;
		if (v->s == NULL || v->line < 1 || v->column < 1)
			abort();
		if ((mp_key_types[k] == MP_INT ||
		    mp_key_types[k] == MP_DURATION) && v->i < 0)
			abort();
	}
	measproto_free(&mp);
	return 0;
}
