/* runenum.h - the cells a sim2real run declares, each PRESENT, MISSING or
 * SKIP as its results folders show (docs/formats.md §1.6), and the records
 * that say so (docs/records.md, "The run and its cells"): the run record,
 * one cell record per (phase, workload, iteration), and for every declared
 * cell an expect record (run.cell) so that s2r-verdict turns a MISSING one
 * into MISSING verdicts, as it does for a workload with no cell. */
#ifndef S2R_RUNENUM_H
#define S2R_RUNENUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "runmeta.h"
#include "str.h"

enum run_status { RUN_PRESENT, RUN_MISSING, RUN_SKIP };

struct run_row {
	char		*phase, *workload;
	char		*iteration;	/* NULL: no iN level */
	enum run_status	 status;
	bool		 declared;	/* false: beyond the declaration */
	char		*path;		/* the cell folder, in the run */
	char		*why;
};

struct run_enum {
	const char	*shape;		/* legacy, replica, mixed, repeats,
				 * empty */
	int64_t		 replicas;	/* iterations enumerated per pair */
	bool		 inferred;	/* replicas undeclared: most found */
	struct run_row	*rows;
	size_t		 n, cap;
	struct strv	 repeats;	/* results.<N> folders, by N */
	struct strv	 malformed;	/* folders like iN that are not iN */
	size_t		 counts[3];	/* by enum run_status */
};

void	 run_enumerate(struct run_enum *e, const struct run_meta *m);
/* The run record, the cell records and the expect records, appended. */
void	 run_records(const struct run_enum *e, const struct run_meta *m,
	    json_t *out);
void	 run_enum_free(struct run_enum *e);
const char *run_status_name(enum run_status s);

#endif
