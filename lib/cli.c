/* cli.c - options, help, version and usage errors (see cli.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "err.h"
#include "str.h"

void
s2r_usage_error(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", s2r_prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs(" (see --help)\n", stderr);
	if (s2r_die_hook != NULL)
		s2r_die_hook();
	exit(S2R_EXIT_BAD);
}

void
cli_unreachable(int ch)
{
	s2r_die("internal error: option %d has no handler", ch);
}

/* getopt_long's '?': an unknown option, an ambiguous abbreviation or an
 * argument given to an option that takes none. */
static noreturn void
bad_option(char **argv)
{
	const char *arg = argv[optind - 1];
	size_t name = strcspn(arg, "=");

	if (strncmp(arg, "--", 2) != 0)
		s2r_usage_error("unknown option -%c", optopt);
	if (arg[name] == '=' && optopt != 0)
		s2r_usage_error("%.*s: expected no argument", (int)name, arg);
	s2r_usage_error("unknown option %.*s", (int)name, arg);
}

int
cli_next(const struct cli *c, int argc, char **argv)
{
	static const struct option std[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
	};
	struct option longopts[64];
	char shortopts[64];
	size_t n = 0;
	int ch;

	const char *own = c->shortopts != NULL ? c->shortopts : "";
	/* getopt's ordering mode ('-': operands in order, as option 1; '+')
	 * must come first, then ':': a missing argument is ':', told apart
	 * from '?'. */
	const char *mode = *own == '-' ? "-" : *own == '+' ? "+" : "";

	if (snprintf(shortopts, sizeof(shortopts), "%s:%shV", mode,
	    own + strlen(mode)) >= (int)sizeof(shortopts))
		s2r_die("internal error: too many short options");
	for (; c->longopts != NULL && c->longopts[n].name != NULL; n++) {
		if (n + 3 > sizeof(longopts) / sizeof(longopts[0]))
			s2r_die("internal error: too many long options");
		longopts[n] = c->longopts[n];
	}
	longopts[n++] = std[0];
	longopts[n++] = std[1];
	memset(&longopts[n], 0, sizeof(longopts[n]));
	opterr = 0;
	switch (ch = getopt_long(argc, argv, shortopts, longopts, NULL)) {
	case 'h':
		fputs(c->usage, stdout);
		exit(fflush(stdout) == 0 ? 0 : S2R_EXIT_BAD);
	case 'V':
		printf("%s %s\n", s2r_prog, S2R_VERSION);
		exit(fflush(stdout) == 0 ? 0 : S2R_EXIT_BAD);
	case ':':
		if (strncmp(argv[optind - 1], "--", 2) == 0)
			s2r_usage_error("%s: expected an argument",
			    argv[optind - 1]);
		s2r_usage_error("-%c: expected an argument", optopt);
	case '?':
		bad_option(argv);
	}
	return ch;
}

double
cli_f64(const char *opt, const char *arg, double min, bool above)
{
	double v;

	if (!parse_f64(arg, strlen(arg), &v) || v < min ||
	    (above && v == min))
		s2r_usage_error("%s: expected a number %s %g, got \"%.40s\"",
		    opt, above ? "above" : ">=", min, arg);
	return v;
}

int64_t
cli_i64(const char *opt, const char *arg, int64_t min, int64_t max)
{
	int64_t v;

	if (parse_i64(arg, strlen(arg), &v) && v >= min && v <= max)
		return v;
	if (max == INT64_MAX)
		s2r_usage_error("%s: expected a whole number >= %lld, got "
		    "\"%.40s\"", opt, (long long)min, arg);
	s2r_usage_error("%s: expected a whole number from %lld to %lld, got "
	    "\"%.40s\"", opt, (long long)min, (long long)max, arg);
}

bool
cli_format_text(const char *arg)
{
	if (strcmp(arg, "text") != 0 && strcmp(arg, "ndjson") != 0)
		s2r_usage_error("--format: expected ndjson or text, got "
		    "\"%.40s\"", arg);
	return strcmp(arg, "text") == 0;
}

char *
cli_in_folder(const char *path, const char *name)
{
	struct stat st;
	struct sbuf in = {0};

	if (strcmp(path, "-") == 0 || stat(path, &st) != 0 ||
	    !S_ISDIR(st.st_mode))
		return xstrdup(path);
	sbuf_adds(&in, path);
	if (in.len > 0 && in.s[in.len - 1] != '/')
		sbuf_addc(&in, '/');
	sbuf_adds(&in, name);
	if (stat(in.s, &st) != 0)
		s2r_usage_error("%s: expected a %s, got a folder without one",
		    path, name);
	return in.s;
}
