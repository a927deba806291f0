/* s2r-config - what a sim bundle's config.md and README promise about the
 * real deployment, as `expect` records; EPP configs as records; and the
 * section-by-section difference of two EPP configs (check 2c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "configexp.h"
#include "configmd.h"
#include "eppcfg.h"
#include "eppdeploy.h"
#include "err.h"
#include "rec.h"
#include "rectext.h"
#include "str.h"

static const char usage_text[] =
"usage: s2r-config [--root DIR] [--format ndjson|text] [--output FILE]\n"
"                  SIMDIR|FILE.md...\n"
"       s2r-config --epp FILE [--epp OVERLAY]... [--phase P]\n"
"                  [--deployed PIPELINERUN]... [--kind expect|measure]\n"
"                  [--format ndjson|text]\n"
"       s2r-config --diff [--overlay] [--format ndjson|text] BASE.yaml "
"OTHER.yaml\n"
"\n"
"What a sim bundle's config.md and README promise about the real\n"
"deployment (checks 2a-2d, 3c, 3d, 4a-4d) as expect records; an EPP\n"
"config as records; the section-by-section difference of two EPP\n"
"configs (check 2c).\n"
"\n"
"  SIMDIR             read SIMDIR/config.md and SIMDIR/README.md\n"
"  FILE.md            read a config.md or README (\"-\": stdin)\n"
"  -r, --root DIR     cite files relative to DIR\n"
"  -e, --epp FILE     records of one EPP config (helm values too);\n"
"                     more --epp files are overlays merged onto it\n"
"  -p, --phase P      scope.phase of the --epp records\n"
"      --deployed PR  a run's PipelineRun: when its phase param is P, an\n"
"                     epp.deployed record compares the EPP config its\n"
"                     scenarioContent deployed with the --epp config\n"
"  -k, --kind K       record kind of --epp records (default measure)\n"
"  -d, --diff         compare two EPP configs section by section\n"
"  -o, --overlay      with --diff: merge OTHER onto BASE first\n"
"      --format F     ndjson (default) or text (an aligned table)\n"
"      --output FILE  write FILE (whole or not at all) instead of stdout\n"
"                     (every form; -o is --overlay)\n"
"  -h, --help         this text\n"
"  -V, --version      the version\n";

struct opts {
	const char	*root;
	struct strv	 epp;
	struct strv	 deployed;	/* --deployed PipelineRuns */
	const char	*phase;
	const char	*kind;
	const char	*output;	/* --output */
	bool		 diff;
	bool		 merge;
	bool		 text;
};

/* path relative to root when it lies under it, else as given. */
static const char *
cite(const struct opts *o, const char *path)
{
	return path_under(path, o->root);
}

static bool
is_dir(const char *path)
{
	struct stat st;

	return strcmp(path, "-") != 0 && stat(path, &st) == 0 &&
	    S_ISDIR(st.st_mode);
}

static void
read_bundle(json_t *out, const char *dir)
{
	if (configexp_bundle(out, dir) == 0)
		s2r_die("%s: expected a sim bundle with config.md or README.md",
		    dir);
}

static struct eppcfg *
load_epp(const struct opts *o, const char *path)
{
	size_t len;
	char *buf = md_read_file(path, &len);
	const char *label = cite(o, path);
	struct epp_text src = { label, buf, len, 0, 0 };
	struct perr err;
	struct eppcfg *cfg = eppcfg_parse(&src, &err);

	free(buf);
	if (cfg == NULL)
		s2r_die_at(label, err.line, err.column, "%s", err.msg);
	return cfg;
}

/* The records, as NDJSON or tables titled title. */
static void
emit_all(const struct opts *o, json_t *out, const char *title)
{
	struct recout ro;

	rec_emit_all(recout_open(&ro, o->text, o->output), out);
	recout_close(&ro, title);
}

static int
run_diff(const struct opts *o, char **argv)
{
	struct eppcfg *a = load_epp(o, argv[0]);
	struct eppcfg *b = load_epp(o, argv[1]);
	json_t *out = json_array();

	if (o->merge) {
		struct eppcfg *merged = load_epp(o, argv[0]);

		eppcfg_overlay(merged, b);
		eppcfg_free(b);
		b = merged;
	}
	for (int s = 0; s < EPP_NSECTIONS; s++)
		json_array_append_new(out, eppcfg_diff(a, b, s));
	emit_all(o, out, "EPP config sections, BASE vs OTHER");
	json_decref(out);
	eppcfg_free(a);
	eppcfg_free(b);
	return 0;
}

static int
run_epp(const struct opts *o)
{
	struct eppcfg *cfg = load_epp(o, o->epp.v[0]);
	json_t *out = json_array();
	struct sbuf how = {0};

	sbuf_printf(&how, "EPP config (%s)", cfg->shape);
	for (size_t i = 1; i < o->epp.n; i++) {
		struct eppcfg *over = load_epp(o, o->epp.v[i]);

		eppcfg_overlay(cfg, over);
		eppcfg_free(over);
		sbuf_printf(&how, "%s %s", i == 1 ? " with overlays merged on:" :
		    ",", cite(o, o->epp.v[i]));
	}
	configexp_epp(out, cfg, o->kind, o->phase, sbuf_str(&how));
	if (o->deployed.n > 0)
		eppdeploy_all(out, cfg, cite(o, o->epp.v[0]), &o->deployed,
		    o->phase, o->root);
	emit_all(o, out, cite(o, o->epp.v[0]));
	json_decref(out);
	sbuf_free(&how);
	eppcfg_free(cfg);
	return 0;
}

static void
parse_opts(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "root", required_argument, NULL, 'r' },
		{ "epp", required_argument, NULL, 'e' },
		{ "phase", required_argument, NULL, 'p' },
		{ "kind", required_argument, NULL, 'k' },
		{ "diff", no_argument, NULL, 'd' },
		{ "overlay", no_argument, NULL, 'o' },
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'O' },
		{ "deployed", required_argument, NULL, 'D' },
		{ NULL, 0, NULL, 0 }
	};
	static const struct cli cli = { usage_text, "r:e:p:k:do", longopts };
	int ch;

	while ((ch = cli_next(&cli, argc, argv)) != -1) {
		switch (ch) {
		case 'r': o->root = optarg; break;
		case 'e': strv_add(&o->epp, optarg); break;
		case 'p': o->phase = optarg; break;
		case 'k': o->kind = optarg; break;
		case 'd': o->diff = true; break;
		case 'o': o->merge = true; break;
		case 'f': o->text = cli_format_text(optarg); break;
		case 'O': o->output = optarg; break;
		case 'D': strv_add(&o->deployed, optarg); break;
		default: cli_unreachable(ch);
		}
	}
	if (strcmp(o->kind, "expect") != 0 && strcmp(o->kind, "measure") != 0)
		s2r_usage_error("--kind: expected expect or measure, got "
		    "\"%s\"", o->kind);
	if (o->deployed.n > 0 && (o->epp.n == 0 || o->phase == NULL))
		s2r_usage_error("--deployed: expected --epp FILE and --phase");
}

/* config.md and README files, or the sim bundles holding them.  A file
 * named on its own must hold something s2r-config reads: anything else
 * (a trace, a log) is a mistake, not an empty bundle. */
static int
run_docs(const struct opts *o, int argc, char **argv)
{
	json_t *out;

	if (argc == 0)
		s2r_usage_error("expected a SIMDIR, a config.md or README, "
		    "--epp FILE or --diff");
	out = json_array();
	for (int i = 0; i < argc; i++) {
		size_t before = json_array_size(out);

		if (is_dir(argv[i])) {
			read_bundle(out, argv[i]);
			continue;
		}
		configexp_file(out, argv[i], cite(o, argv[i]));
		if (json_array_size(out) == before)
			s2r_die_at(cite(o, argv[i]), 0, 0, "expected a "
			    "config.md or README with the configuration of a "
			    "sim bundle (vLLM or EPP tables, fenced YAML, blis "
			    "commands, priority tiers), found none");
	}
	configexp_conflicts(out);
	emit_all(o, out, argc == 1 ? cite(o, argv[0]) : "sim bundle "
	    "configuration");
	json_decref(out);
	return 0;
}

int
main(int argc, char **argv)
{
	struct opts o = { .kind = "measure" };
	int rc;

	s2r_setprog(argv[0]);
	parse_opts(argc, argv, &o);
	argc -= optind;
	argv += optind;
	if (o.diff) {
		if (argc != 2 || o.epp.n != 0)
			s2r_usage_error("--diff: expected two EPP config "
			    "files");
		return run_diff(&o, argv);
	}
	if (o.merge)
		s2r_usage_error("--overlay: only with --diff");
	if (o.epp.n == 0)
		return run_docs(&o, argc, argv);
	if (argc != 0)
		s2r_usage_error("--epp: expected no other files");
	rc = run_epp(&o);
	strv_free(&o.epp);
	strv_free(&o.deployed);
	return rc;
}
