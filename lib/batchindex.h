/* batchindex.h - the index of a batch run: one row per bundle.
 *
 * A bundle's output folder (pipelines/batch.mk) holds verdicts.ndjson,
 * report.md and report.html when it was processed, or a file named
 * "error" whose first line says why it was not.  The index counts PASS,
 * WARN, FAIL and MISSING per category, names the worst finding and links the
 * reports, in Markdown or HTML; rows are in natural name order. */
#ifndef S2R_BATCHINDEX_H
#define S2R_BATCHINDEX_H

#include <stdbool.h>
#include <stddef.h>

#include "verdict.h"
#include "str.h"

struct bi_row {
	char	*name;		/* the folder's last component */
	char	*dir;		/* as given: links are relative to it */
	char	*error;		/* NULL: processed */
	int	 counts[CAT_COUNT][V_COUNT];
	int	 total[V_COUNT];
	char	*worst;		/* the first action item, or NULL */
	int	 worst_verdict;	/* V_FAIL, V_MISSING, V_WARN or -1 */
	bool	 has_md, has_html;
};

struct bindex {
	struct bi_row	*rows;
	size_t		 n;
};

/* Reads one bundle output folder.  A verdict file that is not valid
 * records is fatal (it was written by s2r-verdict). */
void	 bindex_add(struct bindex *x, const char *dir);
void	 bindex_sort(struct bindex *x);
void	 bindex_free(struct bindex *x);
/* Bundles with a FAIL or a MISSING, and bundles that failed to process. */
size_t	 bindex_failed(const struct bindex *x);
size_t	 bindex_errors(const struct bindex *x);

void	 bindex_md(struct sbuf *out, const struct bindex *x,
	    const char *title, const char *date);
void	 bindex_html(struct sbuf *out, const struct bindex *x,
	    const char *title, const char *date);

#endif
