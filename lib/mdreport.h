/* mdreport.h - the parity report in Markdown: header, Summary table, a
 * section per category with evidence tables and sources, Action Items;
 * the model and its text forms are report.h's. */
#ifndef S2R_MDREPORT_H
#define S2R_MDREPORT_H

#include <jansson.h>

#include "report.h"
#include "str.h"

void	 report_md(struct sbuf *out, const struct report *rep,
	    const struct report_meta *meta);
/* The Comparison section from compare records (s2r-compare): a table per
 * workload and pair of arms, one per calibration, with the notes below
 * each; other records are passed over.  Nothing when there is none. */
void	 report_md_compare(struct sbuf *out, json_t *const *recs, size_t n);

#endif
