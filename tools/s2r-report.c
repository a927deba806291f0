/* s2r-report - the human-readable parity report from verdict records.
 *
 * The only tool in s2r that formats for humans (DESIGN.md §2).  Reads
 * verdicts, groups them (lib/mdreport.c) and writes Markdown to stdout or,
 * atomically, to -o FILE. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "err.h"
#include "mdreport.h"
#include "str.h"

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: s2r-report [--real PATH] [--sim PATH] [--date YYYY-MM-DD] "
	    "[--title T]\n"
	    "                  [--format md] [-o FILE] [FILE...|-]\n"
	    "\n"
	    "Reads verdict records (NDJSON) and writes the Markdown parity report.\n"
	    "\n"
	    "  -r, --real PATH    the real bundle named in the header\n"
	    "  -s, --sim PATH     the sim bundle named in the header\n"
	    "  -d, --date DATE    report date (default: SOURCE_DATE_EPOCH, else today, UTC)\n"
	    "  -t, --title T      report title (default \"Sim2Real Parity Report\")\n"
	    "  -f, --format FMT   md (the only format so far)\n"
	    "  -o, --output FILE  write FILE atomically instead of stdout\n"
	    "  -h, --help         this help\n"
	    "  -V, --version      version\n"
	    "\n"
	    "Exit status: 0 no FAIL, 1 some FAIL, 2 bad usage or input.\n");
}

static bool
valid_date(const char *s)
{
	int y, m, d;
	char tail;

	if (strlen(s) != 10 || s[4] != '-' || s[7] != '-')
		return false;
	for (size_t i = 0; i < 10; i++)
		if (i != 4 && i != 7 && (s[i] < '0' || s[i] > '9'))
			return false;
	if (sscanf(s, "%4d-%2d-%2d%c", &y, &m, &d, &tail) != 3)
		return false;
	return m >= 1 && m <= 12 && d >= 1 && d <= 31;
}

/* --date, else SOURCE_DATE_EPOCH (reproducible builds), else the clock. */
static void
report_date(char *buf, size_t len, const char *given)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	int64_t secs;
	time_t t;
	struct tm tm;

	if (given != NULL) {
		snprintf(buf, len, "%s", given);
		return;
	}
	if (sde != NULL && *sde != '\0') {
		if (!parse_i64(sde, strlen(sde), &secs) || secs < 0)
			s2r_die("SOURCE_DATE_EPOCH: expected seconds since the "
			    "epoch, got \"%.40s\"", sde);
		t = (time_t)secs;
	} else
		t = time(NULL);
	if (gmtime_r(&t, &tm) == NULL)
		s2r_die("SOURCE_DATE_EPOCH: out of range");
	strftime(buf, len, "%Y-%m-%d", &tm);
}

/* Temporary name in the same directory, then rename: a reader never sees
 * a half-written report under the final name. */
static void
write_atomic(const char *path, const struct sbuf *text)
{
	struct sbuf tmp = {0};
	mode_t mask;
	FILE *f;
	int fd;

	sbuf_printf(&tmp, "%s.tmpXXXXXX", path);
	fd = mkstemp(tmp.s);
	if (fd < 0)
		s2r_die("%s: cannot create a temporary file: %s", path,
		    strerror(errno));
	mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	f = fdopen(fd, "w");
	if (f == NULL || fwrite(text->s, 1, text->len, f) != text->len ||
	    fflush(f) != 0 || fsync(fileno(f)) != 0 || fclose(f) != 0) {
		unlink(tmp.s);
		s2r_die("%s: write error: %s", path, strerror(errno));
	}
	if (rename(tmp.s, path) != 0) {
		unlink(tmp.s);
		s2r_die("%s: cannot rename into place: %s", path,
		    strerror(errno));
	}
	sbuf_free(&tmp);
}

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "real", required_argument, NULL, 'r' },
		{ "sim", required_argument, NULL, 's' },
		{ "date", required_argument, NULL, 'd' },
		{ "title", required_argument, NULL, 't' },
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct report_meta meta = { "Sim2Real Parity Report", NULL, NULL, NULL };
	const char *date = NULL, *output = NULL;
	struct report rep;
	struct sbuf text = {0};
	char datebuf[32];
	int ch, fails;

	s2r_setprog(argv[0]);
	while ((ch = getopt_long(argc, argv, "r:s:d:t:f:o:hV", opts,
	    NULL)) != -1) {
		switch (ch) {
		case 'r':
			meta.real = optarg;
			break;
		case 's':
			meta.sim = optarg;
			break;
		case 'd':
			if (!valid_date(optarg))
				s2r_die("--date: expected YYYY-MM-DD, got "
				    "\"%.40s\"", optarg);
			date = optarg;
			break;
		case 't':
			meta.title = optarg;
			break;
		case 'f':
			if (strcmp(optarg, "md") != 0)
				s2r_die("--format: expected md, got \"%.40s\"",
				    optarg);
			break;
		case 'o':
			output = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			puts("s2r-report " S2R_VERSION);
			return 0;
		default:
			usage(stderr);
			return S2R_EXIT_BAD;
		}
	}
	report_date(datebuf, sizeof(datebuf), date);
	meta.date = datebuf;
	report_init(&rep);
	if (optind == argc)
		report_read(&rep, "-");
	for (int i = optind; i < argc; i++)
		report_read(&rep, argv[i]);
	report_build(&rep);
	report_md(&text, &rep, &meta);
	fails = rep.total[V_FAIL];
	if (output != NULL)
		write_atomic(output, &text);
	else if (fwrite(text.s, 1, text.len, stdout) != text.len ||
	    fflush(stdout) != 0)
		s2r_die("write error on standard output");
	sbuf_free(&text);
	report_free(&rep);
	return fails > 0 ? 1 : 0;
}
