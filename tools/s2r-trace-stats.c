/* s2r-trace-stats - workload, status and latency statistics of a BLIS
 * TraceV2 trace (trace_data.csv, trace_header.yaml) as measure records.
 * See docs/man/s2r-trace-stats.1. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "csvr.h"
#include "err.h"
#include "rec.h"
#include "rectext.h"
#include "str.h"
#include "trace.h"

static const char usage_text[] =
"usage: s2r-trace-stats [--header FILE | --no-header] [--itl FILE | --no-itl]\n"
"           [--phase P] [--workload W] [--iteration I] [--root DIR]\n"
"           [--format ndjson|text] [-o FILE] trace_data.csv|CELLDIR|-\n"
"\n"
"Reads a BLIS TraceV2 trace (any layout, columns by header name; for a\n"
"cell folder its trace_data.csv) and its trace header (default:\n"
"<stem>.yaml beside <stem>.csv, else trace_header.yaml beside the CSV,\n"
"when it exists) and writes measure records (checks 1a-1h, 5d, A3) as\n"
"NDJSON on stdout, with the latency CDFs (101 points) and token\n"
"histograms for the report's charts.\n"
"\n"
"  --header FILE     read this trace header instead of the default\n"
"  --no-header       read no trace header\n"
"  --itl FILE        read this per-chunk ITL file (blis observe) instead of\n"
"                    <stem>.itl.csv beside <stem>.csv\n"
"  --no-itl          read no per-chunk file\n"
"  --phase P, --workload W, --iteration I\n"
"                    scope of every record\n"
"  --root DIR        write source.file relative to DIR\n"
"  --format F        ndjson (default) or text (an aligned table)\n"
"  -o, --output FILE write FILE (whole or not at all) instead of stdout\n"
"  -h, --help        this text\n"
"  -V, --version     the version\n";

struct opts {
	const char	*header;
	bool		 no_header;
	const char	*itl;
	bool		 no_itl;
	const char	*root;
	bool		 text;
	const char	*output;
	struct trace_scope scope;
};

static void
parse_opts(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "header", required_argument, NULL, 'H' },
		{ "no-header", no_argument, NULL, 'N' },
		{ "itl", required_argument, NULL, 'T' },
		{ "no-itl", no_argument, NULL, 'I' },
		{ "phase", required_argument, NULL, 'p' },
		{ "workload", required_argument, NULL, 'w' },
		{ "iteration", required_argument, NULL, 'i' },
		{ "root", required_argument, NULL, 'r' },
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 }
	};
	static const struct cli cli = { usage_text, "o:", longopts };
	int c;

	while ((c = cli_next(&cli, argc, argv)) != -1) {
		switch (c) {
		case 'H': o->header = optarg; break;
		case 'N': o->no_header = true; break;
		case 'T': o->itl = optarg; break;
		case 'I': o->no_itl = true; break;
		case 'p': o->scope.phase = optarg; break;
		case 'w': o->scope.workload = optarg; break;
		case 'i': o->scope.iteration = optarg; break;
		case 'r': o->root = optarg; break;
		case 'f': o->text = cli_format_text(optarg); break;
		case 'o': o->output = optarg; break;
		default: cli_unreachable(c);
		}
	}
	if (o->header != NULL && o->no_header)
		s2r_usage_error("--header and --no-header exclude each other");
	if (o->itl != NULL && o->no_itl)
		s2r_usage_error("--itl and --no-itl exclude each other");
	if (argc - optind != 1)
		s2r_usage_error("expected one trace_data.csv (or -)");
}

int
main(int argc, char **argv)
{
	struct opts o = {0};
	struct trace_header h = {0};
	struct trace_stats *s;
	struct csvr *r;
	struct recout out;
	char *path, *file;
	json_t *arr;

	s2r_setprog(argv[0]);
	parse_opts(argc, argv, &o);
	path = cli_in_folder(argv[optind], "trace_data.csv");
	file = path_display(path, o.root);
	trace_header_for(&h, path, o.header, o.no_header, o.root);
	trace_itl_for(&h, path, o.itl, o.no_itl, o.root);
	r = csvr_open(path, file);
	s = trace_stats_read(r, &h);
	csvr_close(r);
	arr = json_array();
	trace_stats_records(s, &o.scope, arr);
	rec_emit_all(recout_open(&out, o.text, o.output), arr);
	recout_close(&out, file);
	json_decref(arr);
	trace_stats_free(s);
	trace_header_free(&h);
	free(file);
	free(path);
	return 0;
}
