/* fuzz_corpus - lib/corpus over arbitrary bytes as a sim2real corpus
 * workload (both shapes): every input is either rejected with a located
 * message or yields concurrent_sessions >= 1, total_sessions >= 0,
 * min_rounds >= 1 and a think time >= 0, each with the line it came
 * from; never a crash or a hang. */
#include <stdint.h>
#include <stdlib.h>

#include "corpus.h"
#include "err.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct corpus *c;

	if (setjmp(fuzz_back) != 0)
		return 0;
	(void)corpus_is_doc((const char *)data, size);
	c = corpus_load_buf("fuzz.yaml", (const char *)data, size);
	if (c->concurrent < 1 || c->total < 0 || c->min_rounds < 1 ||
	    c->concurrent_at.line < 1 || c->total_at.line < 1)
		abort();
	if (c->min_rounds_set && c->min_rounds_at.line < 1)
		abort();
	if (c->think_set && (c->max_think_us < 0 || c->think_at.line < 1 ||
	    c->max_think_text == NULL))
		abort();
	if (c->growth == NULL)
		abort();
	corpus_free(c);
	return 0;
}
