/* rundiff.h - what changed between two runs of the same experiment.
 *
 * Two sets of verdict records (an old and a new s2r-verdict output) are
 * matched by (check, metric, scope) - the n-th duplicate of a key with
 * the n-th - and every difference becomes a "change" record:
 *   flipped  the verdict changed (worse or better by report_rank);
 *   moved    same verdict, but the measured (actual) value moved by more
 *            than the verdict's own tolerance: "±5%" relative, "±2 pp"
 *            absolute on fractions, "exact"/"equal" any change, anything
 *            else by the default relative threshold;
 *   added / removed  the verdict exists on one side only.
 * A flip or move whose tolerance differs between the runs carries the old
 * one (old_tolerance) and says whether the tolerance alone explains it.
 * Changes come out sorted (check, scope, metric), so the same inputs give
 * the same bytes. */
#ifndef S2R_RUNDIFF_H
#define S2R_RUNDIFF_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "str.h"

enum rd_change { RD_FLIPPED, RD_MOVED, RD_ADDED, RD_REMOVED, RD_COUNT };
extern const char *const rundiff_change_names[];

/* A verdict as a diff holds it: what it compares of it (rundiff.c:
 * trim), as compact JSON, parsed again only while it is compared. */
struct rd_entry {
	char	*text;
	size_t	 len;
	json_t	*v;		/* its tree, while read or compared */
	long	 line;
	char	*key;
};

struct rd_side {
	char		*path;
	struct rd_entry	*e;
	size_t		 n, cap;
};

struct rundiff {
	struct rd_side	 old, new;
	double		 move_pct;	/* default relative threshold, % */
	json_t		**changes;	/* change records, sorted */
	size_t		 n;
	int		 counts[RD_COUNT];
	int		 worse, better;	/* among the flips */
	int		 by_tolerance;	/* flips whose value did not move:
					 * the tolerance changed */
	size_t		 shared;	/* verdicts matched in both runs */
};

/* The runs share fewer than half of the verdicts either has: a diff of
 * mostly added and removed verdicts, likely of two experiments. */
bool	 rundiff_few_shared(const struct rundiff *d);

void	 rundiff_init(struct rundiff *d, double move_pct);
/* Reads the verdict records of path ("-": stdin) into side old or new;
 * other kinds are passed over.  A malformed verdict is fatal
 * (file:line:column). */
void	 rundiff_read(struct rundiff *d, bool is_new, const char *path);
/* Adds one record (takes rec) as if read from file:line. */
void	 rundiff_add(struct rundiff *d, bool is_new, json_t *rec,
	    const char *file, long line);
void	 rundiff_run(struct rundiff *d);
void	 rundiff_free(struct rundiff *d);

/* Parses a tolerance string: kind '%' (relative), 'p' (pp), 'x'
 * (exact), or 0 (not understood); *value the number for % and pp. */
int	 rundiff_tolerance(const char *tol, double *value);

/* The Markdown listing of the changes. */
void	 rundiff_md(struct sbuf *out, const struct rundiff *d);

#endif
