/* s2r-trace-stats - workload, status and latency statistics of a BLIS
 * TraceV2 trace (trace_data.csv, trace_header.yaml) as measure records.
 * See docs/man/s2r-trace-stats.1. */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvr.h"
#include "err.h"
#include "rec.h"
#include "str.h"
#include "trace.h"

static const char usage_text[] =
"usage: s2r-trace-stats [--header FILE | --no-header] [--itl FILE | --no-itl]\n"
"           [--phase P] [--workload W] [--iteration I] [--root DIR]\n"
"           [--format ndjson|text] trace_data.csv|-\n"
"\n"
"Reads a BLIS TraceV2 trace (any layout, columns by header name) and its\n"
"trace header (default: <stem>.yaml beside <stem>.csv, else\n"
"trace_header.yaml beside the CSV, when it exists) and writes measure\n"
"records (checks 1a-1h, 5d, A3) as NDJSON on stdout, with the latency\n"
"CDFs (101 points) and token histograms for the report's charts.\n"
"\n"
"  --header FILE     read this trace header instead of the default\n"
"  --no-header       read no trace header\n"
"  --itl FILE        read this per-chunk file (--record-itl) instead of\n"
"                    <stem>.itl.csv beside <stem>.csv\n"
"  --no-itl          read no per-chunk file\n"
"  --phase P, --workload W, --iteration I\n"
"                    scope of every record\n"
"  --root DIR        write source.file relative to DIR\n"
"  --format F        ndjson (default) or text (an aligned table)\n"
"  --help, --version\n";

struct opts {
	const char	*header;
	bool		 no_header;
	const char	*itl;
	bool		 no_itl;
	const char	*root;
	bool		 text;
	struct trace_scope scope;
};

static noreturn void
usage_error(const char *msg)
{
	s2r_die("%s (see --help)", msg);
}

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
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case 'H': o->header = optarg; break;
		case 'N': o->no_header = true; break;
		case 'T': o->itl = optarg; break;
		case 'I': o->no_itl = true; break;
		case 'p': o->scope.phase = optarg; break;
		case 'w': o->scope.workload = optarg; break;
		case 'i': o->scope.iteration = optarg; break;
		case 'r': o->root = optarg; break;
		case 'f':
			if (strcmp(optarg, "text") == 0)
				o->text = true;
			else if (strcmp(optarg, "ndjson") != 0)
				usage_error("--format: expected ndjson or text");
			break;
		case 'h':
			fputs(usage_text, stdout);
			exit(0);
		case 'V':
			puts("s2r-trace-stats " S2R_VERSION);
			exit(0);
		default:
			usage_error("unknown option or missing argument");
		}
	}
	if (o->header != NULL && o->no_header)
		usage_error("--header and --no-header exclude each other");
	if (o->itl != NULL && o->no_itl)
		usage_error("--itl and --no-itl exclude each other");
	if (argc - optind != 1)
		usage_error("expected one trace_data.csv (or -)");
}

/* The scope keys beyond the cell, and the status, as "k=v k=v". */
static void
text_scope(struct sbuf *b, const json_t *rec)
{
	static const char *const keys[] = { "client", "prefix_group", "class" };
	const json_t *scope = json_object_get(rec, "scope");
	const char *st = rec_get_str(rec, "status");

	sbuf_reset(b);
	for (size_t i = 0; i < 3; i++) {
		const char *v = rec_get_str(scope, keys[i]);

		if (v != NULL)
			sbuf_printf(b, "%s%s=\"%s\"", b->len ? " " : "", keys[i],
			    v);
	}
	if (st != NULL)
		sbuf_printf(b, "%sstatus=%s", b->len ? " " : "", st);
	if (b->len == 0)
		sbuf_adds(b, "-");
}

/* Distribution records (points or bins) have no one value to show. */
static bool
is_dist(const json_t *rec)
{
	return json_object_get(rec, "points") != NULL ||
	    json_object_get(rec, "bins") != NULL;
}

static void
write_text(const json_t *arr, const char *file)
{
	size_t i, w_metric = 6, w_scope = 5, w_value = 5;
	json_t *rec;
	struct sbuf sc = {0};
	char **vals = xcalloc(json_array_size(arr) + 1, sizeof(*vals));

	json_array_foreach(arr, i, rec) {
		const json_t *v = json_object_get(rec, "value");

		if (is_dist(rec))
			continue;
		vals[i] = json_is_null(v) ? xstrdup("-") : json_dumps(v,
		    JSON_ENCODE_ANY | JSON_REAL_PRECISION(REC_REAL_DIGITS));
		text_scope(&sc, rec);
		if (strlen(rec_get_str(rec, "metric")) > w_metric)
			w_metric = strlen(rec_get_str(rec, "metric"));
		if (sc.len > w_scope)
			w_scope = sc.len;
		if (strlen(vals[i]) > w_value)
			w_value = strlen(vals[i]);
	}
	printf("# %s\n", file);
	printf("%-5s  %-*s  %-*s  %*s  %-8s  %s\n", "check", (int)w_metric,
	    "metric", (int)w_scope, "scope", (int)w_value, "value", "unit", "n");
	json_array_foreach(arr, i, rec) {
		json_t *n = json_object_get(rec, "n");
		const char *unit = rec_get_str(rec, "unit");

		if (is_dist(rec))
			continue;
		text_scope(&sc, rec);
		printf("%-5s  %-*s  %-*s  %*s  %-8s  ", rec_get_str(rec, "check"),
		    (int)w_metric, rec_get_str(rec, "metric"), (int)w_scope,
		    sbuf_str(&sc), (int)w_value, vals[i], unit ? unit : "-");
		if (json_is_integer(n))
			printf("%lld\n", (long long)json_integer_value(n));
		else
			puts("-");
		free(vals[i]);
	}
	free(vals);
	sbuf_free(&sc);
	rec_finish(stdout);
}

int
main(int argc, char **argv)
{
	struct opts o = {0};
	struct trace_header h = {0};
	struct trace_stats *s;
	struct csvr *r;
	char *file;
	json_t *arr, *rec;
	size_t i;

	s2r_setprog(argv[0]);
	parse_opts(argc, argv, &o);
	file = path_display(argv[optind], o.root);
	trace_header_for(&h, argv[optind], o.header, o.no_header, o.root);
	trace_itl_for(&h, argv[optind], o.itl, o.no_itl, o.root);
	r = csvr_open(argv[optind], file);
	s = trace_stats_read(r, &h);
	csvr_close(r);
	arr = json_array();
	trace_stats_records(s, &o.scope, arr);
	if (o.text) {
		write_text(arr, file);
	} else {
		json_array_foreach(arr, i, rec)
			rec_emit(stdout, json_incref(rec));
		rec_finish(stdout);
	}
	json_decref(arr);
	trace_stats_free(s);
	trace_header_free(&h);
	free(file);
	return 0;
}
