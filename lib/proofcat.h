/* proofcat.h - the proof catalog (pipelines/proofs.yaml): a list of
 * queries, each with its claim id, check, kind and filters, or any_of
 * alternatives that take the entry's keys as defaults. */
#ifndef S2R_PROOFCAT_H
#define S2R_PROOFCAT_H

#include <stddef.h>

#include "goquery.h"
#include "str.h"

/* Loads a catalog; only queries whose check is in checks (when
 * checks->n > 0) are kept.  Dies on a bad catalog. */
void	gcatalog_load(const char *path, const struct strv *checks,
	    struct gquery **qs, size_t *nq);

#endif
