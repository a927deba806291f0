/* cli.h - the one command-line idiom of every s2r tool
 * (docs/architecture.md, "Tools"):
 *
 *   -h, --help       the tool's usage text on stdout, exit 0;
 *   -V, --version    "prog VERSION" on stdout, exit 0;
 *   bad usage        one line "prog: what was expected (see --help)" on
 *                    stderr, exit 2: an unknown option names itself, a
 *                    missing argument names its option.
 *
 * A tool lists its own options (without help and version, which cli_next
 * adds) and reads them in a plain getopt_long loop:
 *
 *   while ((ch = cli_next(&cli, argc, argv)) != -1)
 *           switch (ch) { ... default: cli_unreachable(ch); } */
#ifndef S2R_CLI_H
#define S2R_CLI_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdnoreturn.h>

struct cli {
	const char		*usage;		/* the --help text */
	const char		*shortopts;	/* getopt's, without h and V;
						 * a leading '-' gives operands
						 * in order, as option 1 */
	const struct option	*longopts;	/* ends with a NULL name */
};

/* The next option of argv as getopt_long gives it (optarg set), -1 after
 * the last; --help, --version and every kind of bad usage end the program
 * here. */
int	cli_next(const struct cli *c, int argc, char **argv);

noreturn void s2r_usage_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/* An option a tool listed but its switch forgot: a bug, said as one. */
noreturn void cli_unreachable(int ch);

/* Option values, or a usage error naming opt: a number >= min (> min
 * when above), a whole number in [min, max], ndjson or text (true for
 * text). */
double	cli_f64(const char *opt, const char *arg, double min, bool above);
int64_t	cli_i64(const char *opt, const char *arg, int64_t min, int64_t max);
bool	cli_format_text(const char *arg);

/* A folder given where a file is expected, as the user means it: path
 * itself, or path/name when path is a folder holding name (a cell folder
 * for its trace_data.csv).  Caller frees. */
char	*cli_in_folder(const char *path, const char *name);

#endif
