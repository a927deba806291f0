/* s2r-run - the cells a sim2real run directory declares, each PRESENT,
 * MISSING or SKIP, as run, cell and expect records.
 * See docs/man/s2r-run.1. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "err.h"
#include "rec.h"
#include "rectext.h"
#include "runenum.h"
#include "runmeta.h"

static const char usage_text[] =
"usage: s2r-run [--root DIR] [--format ndjson|text | --generated |\n"
"               --translation] [-o FILE]\n"
"               RUNDIR\n"
"\n"
"Reads a sim2real run directory (workspace/runs/<run>/): run_metadata.json,\n"
"manifest.assembly.yaml (else progress.json), the translation's\n"
"translation_output.json (workspace/translations/<translation_hash>/ or\n"
"the run's own), and its results/ (replicas results/<phase>/<workload>/iN/)\n"
"or repeat folders results.<N>/.  Writes one run record, one cell record\n"
"per declared (phase, workload, iteration) with its status (PRESENT,\n"
"MISSING, SKIP: an algorithm the translation does not list) and, for\n"
"every declared cell, an expect record run.cell, so that s2r-verdict\n"
"reports a MISSING cell's checks as MISSING.\n"
"\n"
"  --root DIR        write source.file relative to DIR\n"
"  --generated       print only the folder of the generated configs (the\n"
"                    translation's generated/, else the run's), relative to\n"
"                    DIR, or nothing when there is none\n"
"  --translation     print only the translation's folder\n"
"                    (workspace/translations/<translation_hash>/) relative\n"
"                    to DIR, or nothing when the run's own files stand in;\n"
"                    neither option reads the translation's files\n"
"  --format F        ndjson (default) or text (an aligned table)\n"
"  -o, --output FILE write FILE (whole or not at all) instead of stdout\n"

"  -h, --help        this text\n"
"  -V, --version     the version\n";

/* --generated, --translation: a folder of the run's translation,
 * located without reading its files (discover.sh checks them first). */
static int
print_folder(const char *dir, const char *root, bool generated)
{
	struct run_meta m;
	const char *f;

	run_meta_locate(&m, dir, root);
	f = generated ? m.generated : m.translation;
	if (f != NULL && printf("%s\n", f) < 0)
		s2r_die("write error on standard output");
	run_meta_free(&m);
	return 0;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "root", required_argument, NULL, 'r' },
		{ "format", required_argument, NULL, 'f' },
		{ "generated", no_argument, NULL, 'g' },
		{ "translation", no_argument, NULL, 't' },
		{ "output", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 }
	};
	static const struct cli cli = { usage_text, "o:", longopts };
	const char *root = NULL, *output = NULL;
	bool text = false, generated = false, translation = false;
	struct run_meta m;
	struct run_enum e;
	struct recout out;
	json_t *recs;
	int c;

	s2r_setprog(argv[0]);
	while ((c = cli_next(&cli, argc, argv)) != -1) {
		switch (c) {
		case 'r': root = optarg; break;
		case 'f': text = cli_format_text(optarg); break;
		case 'g': generated = true; break;
		case 't': translation = true; break;
		case 'o': output = optarg; break;
		default: cli_unreachable(c);
		}
	}
	if (argc - optind != 1)
		s2r_usage_error("expected one run folder");
	if ((generated || translation) && output != NULL)
		s2r_usage_error("--%s prints the folder on stdout: expected "
		    "no -o", generated ? "generated" : "translation");
	if (generated && translation)
		s2r_usage_error("--generated and --translation: expected one");
	if (generated || translation)
		return print_folder(argv[optind], root, generated);
	run_meta_read(&m, argv[optind], root);
	run_enumerate(&e, &m);
	recs = json_array();
	run_records(&e, &m, recs);
	rec_emit_all(recout_open(&out, text, output), recs);
	recout_close(&out, m.name);
	json_decref(recs);
	run_enum_free(&e);
	run_meta_free(&m);
	return 0;
}
