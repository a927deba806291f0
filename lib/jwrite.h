/* jwrite.h - JSON text written straight into a buffer, byte for byte
 * what json_dumps(REC_EMIT_FLAGS) writes for the same record built with
 * rec.h (compact, ASCII only, reals with REC_REAL_DIGITS digits).
 *
 * s2r-verdict writes close to one verdict per input record; building
 * each as a jansson tree only to dump it took a third of its time.  The
 * writer is used member by member: jw_key() opens a member of the object
 * the buffer is in (a comma unless the object was just opened). */
#ifndef S2R_JWRITE_H
#define S2R_JWRITE_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "str.h"

/* s as rec_str() keeps it: itself when it is UTF-8, else with '?' for
 * every byte beyond ASCII; appended to b without quotes. */
void	 jw_clean(struct sbuf *b, const char *s);
/* A JSON string of s (as rec_str() would hold it). */
void	 jw_str(struct sbuf *b, const char *s);
/* A number as rec_num() holds it: an integer when integral, else a real,
 * null when not finite. */
void	 jw_num(struct sbuf *b, double v);
/* Any jansson value; objects in their own member order. */
void	 jw_value(struct sbuf *b, const json_t *v);
/* `"key":` after a comma unless it is the object's first member. */
void	 jw_key(struct sbuf *b, const char *key);
/* jw_key() and jw_str(), both left out when s is NULL (rec_set_str). */
void	 jw_key_str(struct sbuf *b, const char *key, const char *s);

#endif
