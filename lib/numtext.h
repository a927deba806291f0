/* numtext.h - numbers inside text, over str.h's strict parsers: the
 * record value a token spells ("64", "0.95", "1e3"), and the decimal
 * number at the head of a token ("35C", "6.0%", "81559MiB"). */
#ifndef S2R_NUMTEXT_H
#define S2R_NUMTEXT_H

#include <stddef.h>

#include <jansson.h>

/* [s, s+n) as a record number: an exact integer when it is one
 * (parse_i64), else the double (parse_f64, through rec_num); NULL when
 * it is not a number. */
json_t	*num_json(const char *s, size_t n);

/* The digits and dots at the head of [s, s+n) as a double (no sign, no
 * exponent); returns how many bytes it took, 0 when they are no number. */
size_t	 num_lead(const char *s, size_t n, double *out);

#endif
