/* configmd.h - the Markdown a sim bundle's config.md and README are made of.
 *
 * Only what the config checks read: ATX headings, pipe tables and fenced
 * code blocks, each with the line (and column) it starts on, plus the
 * remaining prose lines.  Every table, fence and prose line remembers the
 * nearest heading above it, because config.md means by position: "the
 * first table under a heading that says vLLM Pod Configuration". */
#ifndef S2R_CONFIGMD_H
#define S2R_CONFIGMD_H

#include <stdbool.h>
#include <stddef.h>

#include "perr.h"

struct md_cell {
	char	*text;		/* trimmed; "\|" and backslash escapes undone */
	long	 column;	/* 1-based byte column of the text */
};

struct md_row {
	struct md_cell	*cells;
	size_t		 n;	/* ragged rows keep what they have */
	size_t		 cap;
	long		 line;
};

struct md_table {
	long		 heading;	/* index into headings; -1: none above */
	struct md_row	 head;
	struct md_row	*rows;		/* body rows, delimiter row left out */
	size_t		 nrows, caprows;
};

struct md_heading {
	int	 level;
	char	*text;		/* without the #s and closing sequence */
	long	 line;
	long	 column;
};

struct md_fence {
	long	 heading;
	char	*info;		/* info string, trimmed; "" when none */
	char	*lang;		/* its first word, lower case */
	char	*body;		/* content lines, the fence's indent removed */
	size_t	 len;
	long	 line;		/* the opening fence */
	long	 body_line;	/* line of the first content line */
	long	 indent;	/* columns removed from each content line */
	bool	 closed;	/* false: ran to the end of the file */
};

struct md_text {
	long	 heading;
	long	 line;
	char	*text;		/* the line, trimmed */
};

struct mddoc {
	char			*path;
	struct md_heading	*headings;
	size_t			 nheadings, capheadings;
	struct md_table		*tables;
	size_t			 ntables, captables;
	struct md_fence		*fences;
	size_t			 nfences, capfences;
	struct md_text		*texts;
	size_t			 ntexts, captexts;
};

/* Parses a Markdown buffer.  NULL (with *err) for input that is not text
 * (NUL or other control bytes) and for a code fence left open at the end
 * of the file: Markdown runs it to the end, which in a cut config.md
 * drops every table and block after it without a word. */
struct mddoc	*mddoc_parse(const char *label, const char *buf, size_t len,
		    struct perr *err);
/* Reads and parses path ("-": stdin); dies (exit 2) on failure. */
struct mddoc	*mddoc_load_file(const char *path);
void		 mddoc_free(struct mddoc *doc);

/* The heading text for an index (tables[i].heading …); "" for -1. */
const char	*mddoc_heading(const struct mddoc *doc, long index);
/* The cell text of a row, "" where a ragged row has no such cell. */
const char	*md_cell(const struct md_row *row, size_t i);
long		 md_cell_column(const struct md_row *row, size_t i);
/* Header column whose text equals name ignoring case; -1 if none. */
long		 md_table_column(const struct md_table *t, const char *name);

/* Reads a whole file ("-": stdin) into a NUL-terminated buffer; dies with
 * "path: cannot open: …" (exit 2) when it cannot.  Caller frees. */
char		*md_read_file(const char *path, size_t *len);

#endif
