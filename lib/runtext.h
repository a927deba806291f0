/* runtext.h - the report's Run section: the run record and the cell
 * records of s2r-run (docs/records.md, "The run and its cells") as a
 * table of every declared cell, PRESENT, MISSING or SKIP, in Markdown or
 * HTML. */
#ifndef S2R_RUNTEXT_H
#define S2R_RUNTEXT_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "str.h"

/* Whether rec is one of the records this section shows. */
int	 runtext_wants(const json_t *rec);
/* Whether a record of this kind is. */
bool	 runtext_wants_kind(const char *kind);
/* The section, from the run and cell records among recs[0, n); nothing
 * when there is none. */
void	 report_md_run(struct sbuf *o, json_t *const *recs, size_t n);
void	 report_html_run(struct sbuf *o, json_t *const *recs, size_t n);

#endif
