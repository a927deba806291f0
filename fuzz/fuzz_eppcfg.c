/* fuzz_eppcfg - lib/eppcfg over arbitrary bytes: an input is read as an
 * EPP config (any shape) or rejected with a located message; a config
 * read is overlaid on itself and diffed against itself, which must find
 * every section equal. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "configexp.h"
#include "eppcfg.h"
#include "err.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct epp_text src = { "fuzz.yaml", (const char *)data, size, 0, 0 };
	struct perr err;
	struct eppcfg *a, *b;
	json_t *out;

	a = eppcfg_parse(&src, &err);
	if (a == NULL) {
		if (err.msg[0] == '\0')
			abort();
		return 0;
	}
	b = eppcfg_parse(&src, &err);
	if (b == NULL)
		abort();
	eppcfg_overlay(b, a);
	for (int s = 0; s < EPP_NSECTIONS; s++) {
		json_t *d = eppcfg_diff(a, a, s);

		if (strcmp(json_string_value(json_object_get(d, "value")),
		    "equal") != 0)
			abort();
		json_decref(d);
		json_decref(eppcfg_diff(a, b, s));
	}
	out = json_array();
	configexp_epp(out, b, "measure", "p", "fuzz");
	json_decref(out);
	eppcfg_free(a);
	eppcfg_free(b);
	return 0;
}
