/* numtext.c - numbers inside text; see numtext.h. */
#include <ctype.h>
#include <stdint.h>

#include "numtext.h"
#include "rec.h"
#include "str.h"

json_t *
num_json(const char *s, size_t n)
{
	int64_t i;
	double d;

	if (parse_i64(s, n, &i))
		return rec_i64(i);
	if (parse_f64(s, n, &d))
		return rec_num(d);
	return NULL;
}

size_t
num_lead(const char *s, size_t n, double *out)
{
	size_t k = 0;

	while (k < n && (isdigit((unsigned char)s[k]) || s[k] == '.'))
		k++;
	return k > 0 && parse_f64(s, k, out) ? k : 0;
}
