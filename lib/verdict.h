/* verdict.h - the verdict vocabulary: check ids and their categories,
 * verdict values, cells, and the text forms of numbers, differences and
 * sources.  Renderers (the Markdown and HTML reports, run diffs, batch
 * indexes) need only this; judge.h is the rule engine that makes
 * verdicts. */
#ifndef S2R_VERDICT_H
#define S2R_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "str.h"

enum jcategory {
	CAT_WORKLOAD, CAT_CONFIG, CAT_SIGNAL, CAT_POLICY, CAT_RUNTIME,
	CAT_ALIGNMENT, CAT_COUNT
};

/* "Workload" …; NULL outside the enum. */
const char	*judge_category_name(int cat);
/* These three answer from the rule tables (checklist.h): the category of
 * a check id or of its area prefix ("1a", "1" → CAT_WORKLOAD), -1 when
 * unknown. */
int		 judge_category_of(const char *check);
/* Whether check is the id of a rule ("1a" ... "A3"). */
bool		 judge_check_known(const char *check);
/* The title of a check ("Arrival rate (QPS)"), NULL when unknown. */
const char	*judge_check_title(const char *check);

/* The verdict values, in report order. */
enum jverdict_value { V_PASS, V_WARN, V_FAIL, V_INAPPLICABLE, V_MISSING,
	V_COUNT };
extern const char *const judge_verdict_names[];
/* -1 when s is not a verdict value. */
int		 judge_verdict_of(const char *s);
/* Dies with file:line unless rec is a verdict record a reader can trust:
 * a known check, a verdict name, a scope of strings. */
void		 judge_verdict_record_check(const json_t *rec, const char *file,
		    long line);

/* A cell: NULL members are absent from the scope. */
struct jcell {
	/* Interned by the judge's record store: equal values, one pointer. */
	const char *phase;
	const char *workload;
	const char *iteration;
	bool	 measured;	/* false: only expectations name it */
};

/* NULL first, then natural order ("i2" before "i10"). */
int	 judge_natcmp(const char *a, const char *b);

/* Text helpers shared with the report. */
/* A number with at most 4 significant decimals, no exponent. */
void	 judge_fmt_num(char *buf, size_t len, double v);
/* A signed difference: "+0.5%", "-2.0 pp" (one decimal for % and pp),
 * "+3 tokens". */
void	 judge_fmt_diff(char *buf, size_t len, double v, const char *unit);
/* "workloads/w1.yaml:17 aggregate_rate (how)" for a record's source. */
void	 judge_source_text(struct sbuf *b, const json_t *source);
/* The cell as "baseline/w1/i0" (absent parts left out; "all" if none). */
void	 judge_cell_text(struct sbuf *b, const struct jcell *c);

#endif
