/* mdreport.h - the parity report in Markdown: header, Summary table, a
 * section per category with evidence tables and sources, Action Items;
 * the model and its text forms are report.h's. */
#ifndef S2R_MDREPORT_H
#define S2R_MDREPORT_H

#include "report.h"
#include "str.h"

void	 report_md(struct sbuf *out, const struct report *rep,
	    const struct report_meta *meta);

#endif
