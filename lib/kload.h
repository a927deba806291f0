/* kload.h - profiler traces from files.  The format is told by the
 * content: gzip, or JSON that is not s2r records, is Kineto (lib/kineto);
 * JSON whose first line is an object with a string "kind" is s2r
 * kernel/iter records (read here); anything else is an nsys stats CSV
 * report (lib/nsys). */
#ifndef S2R_KLOAD_H
#define S2R_KLOAD_H

#include <stddef.h>

#include "ktrace.h"

/* Reads any supported trace: Kineto JSON (plain or gzip), nsys stats CSV
 * reports, s2r kernel/iter NDJSON.  Dies (exit 2) on bad input. */
struct ktrace	*ktrace_load(const char *path);
/* Loads every path; nsys CSV reports (one per report kind) are merged
 * into one trace, every other file is a trace of its own.  Every trace
 * is attributed.  Returns the count; *out is an array to ktrace_free. */
size_t		 ktrace_load_all(char *const *paths, size_t n,
		    struct ktrace ***out);

#endif
