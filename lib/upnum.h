/* upnum.h - upstream's check numbering beside the procedure's, as the
 * Markdown report's appendix (s2r-report --upstream): the upstream
 * sim2real-check skill renumbered the runtime checks (its 5c is the EPP
 * runtime s2r calls 5g, ...; docs/checks.md §6), so people comparing with
 * an upstream report find each check here, with its verdicts in this
 * report. */
#ifndef S2R_UPNUM_H
#define S2R_UPNUM_H

#include "report.h"
#include "str.h"

/* The appendix: a row per upstream check with its s2r id, title and the
 * counts of its verdicts in rep. */
void		 report_md_upstream(struct sbuf *out, const struct report *rep);

#endif
