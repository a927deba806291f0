/* fuzz_yaml - lib/yamlr over arbitrary bytes: every input either loads
 * into a tree whose nodes all have positive lines, or is rejected with a
 * located message; never a crash, leak or hang. */
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>

#include "err.h"
#include "yamlr.h"

static void
walk(const struct ynode *n, int depth)
{
	if (n == NULL || depth > 300)
		return;
	if (n->line <= 0 || n->column <= 0)
		abort();
	for (size_t i = 0; i < n->n; i++)
		walk(n->items[i], depth + 1);
	(void)ypath(n, "a.0.b");
	(void)yscalar_is_null(n);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct perr err;
	struct ydoc *doc;

	doc = ydoc_load_buf("fuzz.yaml", (const char *)data, size, 0, &err);
	if (doc == NULL) {
		if (err.msg[0] == '\0')
			abort();
		return 0;
	}
	for (size_t i = 0; i < doc->ndocs; i++)
		walk(doc->docs[i], 0);
	ydoc_free(doc);
	return 0;
}
