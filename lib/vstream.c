/* vstream.c - the end of a verdict stream; see vstream.h. */
#include <stdbool.h>
#include <string.h>

#include "err.h"
#include "rec.h"
#include "vstream.h"

void
vstream_write_end(FILE *out, size_t verdicts)
{
	json_t *end = rec_new("end");

	rec_set_str(end, "tool", "s2r-verdict");
	rec_set_i64(end, "verdicts", (int64_t)verdicts);
	rec_emit(out, end);
	rec_finish(out);
}

void
vstream_add(struct vstream *s, const json_t *rec, const char *file,
    long line)
{
	const char *kind = rec_get_str(rec, "kind");
	const json_t *n;

	if (strcmp(kind, "verdict") == 0) {
		vstream_add_verdict(s);
		return;
	}
	if (strcmp(kind, "end") != 0) {
		vstream_add_other(s);
		return;
	}
	s->records++;
	n = json_object_get(rec, "verdicts");
	if (!json_is_integer(n) || json_integer_value(n) != s->verdicts)
		s2r_die_at(file, line, 1, "end record: expected \"verdicts\": "
		    "%ld (the verdicts since the start or the end record "
		    "before), got %s", s->verdicts, json_is_integer(n) ?
		    "another count (verdicts lost or added?)" :
		    "no count");
	s->verdicts = 0;
	s->ends++;
}

void
vstream_add_verdict(struct vstream *s)
{
	s->records++;
	s->verdicts++;
	s->total++;
}

void
vstream_add_other(struct vstream *s)
{
	s->records++;
}

const char *
vstream_cut(const struct vstream *s)
{
	if (s->verdicts > 0)
		return "the verdicts have no end record after them: the stream "
		    "was cut (s2r-verdict died?) or is not s2r-verdict's "
		    "output";
	return NULL;
}

void
vstream_done(const struct vstream *s, struct vstream *all, const char *label)
{
	const char *why = vstream_cut(s);
	bool is_stdin = strcmp(label, "-") == 0;

	if (is_stdin && s->records == 0)
		why = "no records: expected s2r-verdict's output (did it fail?)";
	if (why != NULL)
		s2r_die("%s: %s", is_stdin ? "<stdin>" : label, why);
	all->records += s->records;
	all->total += s->total;
	all->ends += s->ends;
}

const char *
vstream_empty(const struct vstream *all)
{
	if (all->total > 0)
		return NULL;
	if (all->ends == 0)
		return "no verdicts: expected s2r-verdict's output, got no "
		    "verdicts and no end record (did s2r-verdict fail?)";
	return "no verdicts: s2r-verdict judged nothing (its input held no "
	    "records any check applies to)";
}
