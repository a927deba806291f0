/* krefuse.c - a trace tool's refusal of its input as a record (see
 * krefuse.h). */
#include <stdio.h>

#include <jansson.h>

#include "atomicfile.h"
#include "err.h"
#include "krefuse.h"
#include "rec.h"

static struct {
	const char	*check, *tool, *output, *fallback;
} armed;

static void
write_refusal(void)
{
	const char *file, *msg;
	long line, column;
	struct atomicfile af;
	char how[256];
	json_t *r;
	FILE *out;

	/* A failure while writing the record dies plainly, hook unset. */
	s2r_die_hook = NULL;
	msg = s2r_last_fatal(&file, &line, &column);
	if (msg[0] == '\0')	/* a usage error: nothing was refused */
		return;
	snprintf(how, sizeof(how), "%s refused its input (exit 2): the "
	    "message it wrote, located where its reader stopped", armed.tool);
	r = rec_begin(&(struct rec_head){ .kind = "summary",
	    .check = armed.check, .metric = "input.refused",
	    .value = rec_str(msg), .n = -1 });
	rec_set(r, "scope", json_object());
	rec_set(r, "details", json_pack("{s:s}", "tool", armed.tool));
	rec_end(r, NULL, rec_source(file != NULL ? file :
	    armed.fallback, line, column, NULL, how));
	out = armed.output != NULL ? atomic_open(&af, armed.output) : stdout;
	rec_emit(out, r);
	if (armed.output != NULL)
		atomic_commit(&af);
	else
		rec_finish(out);
}

void
krefuse_arm(const char *check, const char *tool, const char *output,
    const char *fallback)
{
	armed.check = check;
	armed.tool = tool;
	armed.output = output;
	armed.fallback = fallback;
	s2r_die_hook = write_refusal;
}
