/* sendlag.c - requests sent late against their planned arrival. */
#include <stdint.h>
#include <stdlib.h>

#include "err.h"
#include "sendlag.h"

void
sendlag_add(struct sendlag *s, int64_t id, int64_t send, int64_t arrival)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 256;
		s->id = xreallocarray(s->id, s->cap, sizeof(*s->id));
		s->d = xreallocarray(s->d, s->cap, sizeof(*s->d));
	}
	s->id[s->n] = id;
	s->d[s->n++] = send - arrival;
}

void
sendlag_finish(struct sendlag *s)
{
	int64_t least = INT64_MAX;

	s->late = s->latest = 0;
	for (size_t i = 0; i < s->n; i++)
		least = s->d[i] < least ? s->d[i] : least;
	for (size_t i = 0; i < s->n; i++) {
		int64_t lag = s->d[i] - least;

		s->latest = lag > s->latest ? lag : s->latest;
		if (lag < SENDLAG_LATE_US)
			continue;
		if (s->late < SENDLAG_EXAMPLES)
			s->ex[s->late] = s->id[i];
		s->late++;
	}
}

void
sendlag_how(struct sbuf *b, const struct sendlag *s)
{
	sbuf_printf(b, "first-round requests sent %d ms or more after their "
	    "planned arrival: send_time_us - arrival_time_us less its least "
	    "value over the trace (the clocks differ by a constant); the "
	    "latest %.3f ms; n = first-round requests", SENDLAG_LATE_US / 1000,
	    (double)s->latest / 1000);
	sbuf_ids(b, s->ex, s->late, SENDLAG_EXAMPLES);
}

void
sendlag_free(struct sendlag *s)
{
	free(s->id);
	free(s->d);
	*s = (struct sendlag){ 0 };
}
