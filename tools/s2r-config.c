/* s2r-config - what a sim bundle's config.md and README promise about the
 * real deployment, as `expect` records; EPP configs as records; and the
 * section-by-section difference of two EPP configs (check 2c). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "configexp.h"
#include "configmd.h"
#include "eppcfg.h"
#include "err.h"
#include "rec.h"
#include "str.h"

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: s2r-config [--root DIR] SIMDIR|FILE.md...\n"
	    "       s2r-config --epp FILE [--epp OVERLAY]... [--phase P] "
	    "[--kind expect|measure]\n"
	    "       s2r-config --diff [--overlay] BASE.yaml OTHER.yaml\n"
	    "\n"
	    "  SIMDIR          read SIMDIR/config.md and SIMDIR/README.md\n"
	    "  FILE.md         read a config.md or README (\"-\": stdin)\n"
	    "  --root DIR      cite files relative to DIR\n"
	    "  --epp FILE      records of one EPP config (helm values too);\n"
	    "                  more --epp files are overlays merged onto it\n"
	    "  --phase P       scope.phase of the --epp records\n"
	    "  --kind K        record kind of --epp records (default "
	    "measure)\n"
	    "  --diff          compare two EPP configs section by section\n"
	    "  --overlay       with --diff: merge OTHER onto BASE first\n"
	    "  --help, --version\n");
}

struct opts {
	const char	*root;
	struct strv	 epp;
	const char	*phase;
	const char	*kind;
	bool		 diff;
	bool		 merge;
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

static void
emit_all(json_t *out)
{
	size_t i;
	json_t *r;

	json_array_foreach(out, i, r)
		rec_emit(stdout, json_incref(r));
	rec_finish(stdout);
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
	emit_all(out);
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
	emit_all(out);
	json_decref(out);
	sbuf_free(&how);
	eppcfg_free(cfg);
	return 0;
}

/* Options into o; -1 to go on, else the exit status. */
static int
parse_opts(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "root", required_argument, NULL, 'r' },
		{ "epp", required_argument, NULL, 'e' },
		{ "phase", required_argument, NULL, 'p' },
		{ "kind", required_argument, NULL, 'k' },
		{ "diff", no_argument, NULL, 'd' },
		{ "overlay", no_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	int ch;

	while ((ch = getopt_long(argc, argv, "r:e:p:k:do", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'r': o->root = optarg; break;
		case 'e': strv_add(&o->epp, optarg); break;
		case 'p': o->phase = optarg; break;
		case 'k': o->kind = optarg; break;
		case 'd': o->diff = true; break;
		case 'o': o->merge = true; break;
		case 'h': usage(stdout); return 0;
		case 'V': printf("s2r-config %s\n", S2R_VERSION); return 0;
		default: usage(stderr); return S2R_EXIT_BAD;
		}
	}
	if (strcmp(o->kind, "expect") != 0 && strcmp(o->kind, "measure") != 0)
		s2r_die("--kind: expected expect or measure, got \"%s\"",
		    o->kind);
	return -1;
}

/* config.md and README files, or the sim bundles holding them. */
static int
run_docs(const struct opts *o, int argc, char **argv)
{
	json_t *out;

	if (argc == 0) {
		usage(stderr);
		return S2R_EXIT_BAD;
	}
	out = json_array();
	for (int i = 0; i < argc; i++) {
		if (is_dir(argv[i]))
			read_bundle(out, argv[i]);
		else
			configexp_file(out, argv[i], cite(o, argv[i]));
	}
	configexp_conflicts(out);
	emit_all(out);
	json_decref(out);
	return 0;
}

int
main(int argc, char **argv)
{
	struct opts o = { .kind = "measure" };
	int rc;

	s2r_setprog(argv[0]);
	if ((rc = parse_opts(argc, argv, &o)) >= 0)
		return rc;
	argc -= optind;
	argv += optind;
	if (o.diff) {
		if (argc != 2 || o.epp.n != 0)
			s2r_die("--diff: expected two EPP config files");
		return run_diff(&o, argv);
	}
	if (o.merge)
		s2r_die("--overlay: only with --diff");
	if (o.epp.n == 0)
		return run_docs(&o, argc, argv);
	if (argc != 0)
		s2r_die("--epp: expected no other files");
	rc = run_epp(&o);
	strv_free(&o.epp);
	return rc;
}
