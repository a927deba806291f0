/* sendlag.c - requests sent late against their planned arrival. */
#include <stdint.h>

#include "sendlag.h"

void
sendlag_add(struct sendlag *s, int64_t id, int64_t send, int64_t arrival)
{
	if (s->n++ == 0)
		s->d0 = send - arrival;
	ivals_add(&s->id, id);
	ivals_add(&s->d, send - arrival - s->d0);
}

void
sendlag_finish(struct sendlag *s)
{
	int64_t least = INT64_MAX;

	s->late = s->latest = 0;
	for (size_t i = 0; i < s->n; i++)
		least = ivals_at(&s->d, i) < least ? ivals_at(&s->d, i) : least;
	for (size_t i = 0; i < s->n; i++) {
		int64_t lag = ivals_at(&s->d, i) - least;

		s->latest = lag > s->latest ? lag : s->latest;
		if (lag < SENDLAG_LATE_US)
			continue;
		if (s->late < SENDLAG_EXAMPLES)
			s->ex[s->late] = ivals_at(&s->id, i);
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
	ivals_free(&s->id);
	ivals_free(&s->d);
	*s = (struct sendlag){ 0 };
}
