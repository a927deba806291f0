/* verdict.c - category and verdict names, verdict record checks and text
 * forms (the check ids themselves come from lib/checklist.c). */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "rec.h"
#include "verdict.h"

static const char *const category_names[CAT_COUNT] = {
	"Workload", "Config", "Signal", "Policy", "Runtime", "Alignment"
};

const char *const judge_verdict_names[V_COUNT + 1] = {
	"PASS", "WARN", "FAIL", "INAPPLICABLE", "MISSING", NULL
};

const char *
judge_category_name(int cat)
{
	return cat >= 0 && cat < CAT_COUNT ? category_names[cat] : NULL;
}

void
judge_verdict_record_check(const json_t *rec, const char *file, long line)
{
	const char *check = rec_get_str(rec, "check"), *key;
	json_t *scope = json_object_get(rec, "scope"), *val;

	if (!judge_check_known(check))
		s2r_die_at(file, line, 1, "verdict record: expected \"check\" "
		    "to be a checklist id (1a ... A3), got %s%.20s%s",
		    check ? "\"" : "", check ? check : "none", check ? "\"" : "");
	if (judge_verdict_of(rec_get_str(rec, "verdict")) < 0)
		s2r_die_at(file, line, 1, "verdict record: expected \"verdict\" "
		    "PASS, WARN, FAIL, INAPPLICABLE or MISSING");
	if (scope != NULL && !json_is_object(scope))
		s2r_die_at(file, line, 1, "verdict record: expected \"scope\" "
		    "to be an object");
	json_object_foreach(scope, key, val) {
		if (!json_is_string(val))
			s2r_die_at(file, line, 1, "verdict record: expected "
			    "scope key \"%.40s\" to be a string", key);
	}
}

int
judge_verdict_of(const char *s)
{
	if (s == NULL)
		return -1;
	for (int i = 0; i < V_COUNT; i++)
		if (strcmp(s, judge_verdict_names[i]) == 0)
			return i;
	return -1;
}

int
judge_natcmp(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return (a != NULL) - (b != NULL);
	while (*a && *b) {
		if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			const char *ea = a, *eb = b;

			while (*a == '0' && isdigit((unsigned char)a[1]))
				a++;
			while (*b == '0' && isdigit((unsigned char)b[1]))
				b++;
			for (ea = a; isdigit((unsigned char)*ea); ea++)
				;
			for (eb = b; isdigit((unsigned char)*eb); eb++)
				;
			if (ea - a != eb - b)
				return ea - a < eb - b ? -1 : 1;
			for (; a < ea; a++, b++)
				if (*a != *b)
					return *a < *b ? -1 : 1;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++;
		b++;
	}
	return (*a != '\0') - (*b != '\0');
}

void
judge_fmt_num(char *buf, size_t len, double v)
{
	double a = fabs(v);
	int prec;
	char *dot, *end;

	if (!isfinite(v)) {
		snprintf(buf, len, "n/a");
		return;
	}
	if (v == floor(v) && a < 1e15) {
		snprintf(buf, len, "%.0f", v == 0 ? 0.0 : v);
		return;
	}
	if (a < 0.0001) {
		snprintf(buf, len, "%.2g", v);
		return;
	}
	prec = a >= 100 ? 1 : a >= 10 ? 2 : a >= 1 ? 3 : 4;
	snprintf(buf, len, "%.*f", prec, v);
	dot = strchr(buf, '.');
	if (dot == NULL)
		return;
	end = buf + strlen(buf);
	while (end > dot + 1 && end[-1] == '0')
		*--end = '\0';
	if (end == dot + 1)
		*dot = '\0';
	if (strcmp(buf, "-0") == 0)
		snprintf(buf, len, "0");
}

void
judge_fmt_diff(char *buf, size_t len, double v, const char *unit)
{
	char num[32];

	if (unit != NULL && (strcmp(unit, "%") == 0 || strcmp(unit, "pp") == 0))
		snprintf(num, sizeof(num), "%.1f", v);
	else
		judge_fmt_num(num, sizeof(num), v);
	if (strcmp(num, "-0.0") == 0)
		snprintf(num, sizeof(num), "0.0");
	snprintf(buf, len, "%s%s%s%s", v > 0 && strcmp(num, "0.0") != 0 ?
	    "+" : "", num, unit != NULL && strcmp(unit, "%") != 0 ? " " : "",
	    unit != NULL ? unit : "");
}

void
judge_source_text(struct sbuf *b, const json_t *source)
{
	const char *file = rec_get_str(source, "file");
	const char *field = rec_get_str(source, "field");
	const char *how = rec_get_str(source, "how");
	double line, column;
	size_t start = b->len;

	if (file != NULL) {
		sbuf_adds(b, file);
		if (rec_get_num(source, "line", &line)) {
			sbuf_printf(b, ":%.0f", line);
			if (rec_get_num(source, "column", &column))
				sbuf_printf(b, ":%.0f", column);
		}
	}
	if (field != NULL)
		sbuf_printf(b, "%s%s", b->len > start ? " " : "", field);
	if (how != NULL)
		sbuf_printf(b, "%s%s", b->len > start ? ": " : "", how);
	if (b->len == start)
		sbuf_adds(b, "no source given");
}

void
judge_cell_text(struct sbuf *b, const struct jcell *c)
{
	size_t start = b->len;

	if (c == NULL) {
		sbuf_adds(b, "the bundle");
		return;
	}
	if (c->phase != NULL)
		sbuf_adds(b, c->phase);
	if (c->workload != NULL)
		sbuf_printf(b, "%s%s", b->len > start ? "/" : "", c->workload);
	if (c->iteration != NULL)
		sbuf_printf(b, "%s%s", b->len > start ? "/" : "", c->iteration);
	if (b->len == start)
		sbuf_adds(b, "all cells");
}
