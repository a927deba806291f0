/* s2r-expect - what a sim bundle says the real run should show: `expect`
 * records for the workload checks 1a-1h from the workload specs (BLIS
 * WorkloadSpecs, corpus workloads) and the measurement protocol.
 *
 * Every spec is parsed and every record built before anything is
 * written, so a bad spec exits 2 with nothing on stdout. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "cli.h"
#include "configexp.h"
#include "err.h"
#include "rec.h"
#include "rectext.h"
#include "runspec.h"
#include "scenario.h"
#include "str.h"
#include "wlexpect.h"

struct spec {
	char	*path;		/* to open */
	char	*file;		/* source.file */
	char	*name;		/* workload name: file name less .yaml */
};

struct mapping {
	char	*cell, *spec;
	bool	 used;
};

struct opts {
	const char	*as;
	const char	*root;
	const char	*output;	/* -o */
	const char	*run;		/* --run */
	struct mapping	*maps;
	size_t		 nmaps;
	bool		 text;
	bool		 scenarios;	/* --scenarios */
};

/* The specs to read and the sim bundles they came from. */
struct input {
	struct spec	*specs;
	size_t		 nspecs;
	struct strv	 dirs;
};

static const char usage_text[] =
"usage: s2r-expect [--as NAME] [--map CELL=SPEC]... [--run RUNDIR] [--root DIR]\n"
"                  [--format ndjson|text] [-o FILE] SIMDIR|SPEC.yaml...\n"
"\n"
"What a sim bundle says the real run should show: expect records for the\n"
"workload checks 1a-1h from BLIS workload specs (exact sampler moments),\n"
"and for a SIMDIR also the configuration its config.md and README give\n"
"(checks 2a-2d, 3c, 3d, 4a-4d, as s2r-config).\n"
"\n"
"  SIMDIR            a sim bundle: reads SIMDIR/workloads/*.yaml, its\n"
"                    measurement.yaml and config.md\n"
"  --as NAME         name the workload NAME (one spec only)\n"
"  --map CELL=SPEC   records of spec SPEC (file name without .yaml)\n"
"                    are also written for the real cell CELL\n"
"  --run RUNDIR      also the workload specs RUNDIR's PipelineRuns embed\n"
"                    (cluster/pipelinerun-*.yaml, param workloadSpec) for\n"
"                    workloads no spec names; cited relative to RUNDIR\n"
"  --root DIR        write source.file relative to DIR\n"
"  --scenarios       print only the paths of the scenarios each SIMDIR's\n"
"                    transfer.yaml names (each ended by a NUL byte), so\n"
"                    that a pipeline can check them before reading them\n"
"  --format F        ndjson (default) or text (an aligned table)\n"
"  -o, --output FILE write FILE (whole or not at all) instead of stdout\n"

"  -h, --help        this text\n"
"  -V, --version     the version\n";

static char *
strip_yaml(const char *path)
{
	const char *base = strrchr(path, '/');
	char *name = xstrdup(base ? base + 1 : path);
	size_t n = strlen(name);

	if (n > 5 && strcmp(name + n - 5, ".yaml") == 0)
		name[n - 5] = '\0';
	else if (n > 4 && strcmp(name + n - 4, ".yml") == 0)
		name[n - 4] = '\0';
	return name;
}

/* source.file: relative to root when path is under it. */
static char *
display_name(const char *path, const char *root)
{
	return xstrdup(path_under(path, root));
}

static void
add_spec(struct spec **v, size_t *n, const char *path, const char *file)
{
	*v = xreallocarray(*v, *n + 1, sizeof(**v));
	(*v)[*n].path = xstrdup(path);
	(*v)[*n].file = xstrdup(file);
	(*v)[*n].name = strip_yaml(path);
	(*n)++;
}

/* SIMDIR/workloads/<name>.yaml in name order; file relative to the bundle. */
static void
add_bundle(struct spec **v, size_t *n, const char *dir, const char *root)
{
	struct sbuf wd = { 0 };
	struct strv names = { 0 };
	struct dirent *e;
	DIR *d;

	sbuf_printf(&wd, "%s/workloads", dir);
	if ((d = opendir(wd.s)) == NULL)
		s2r_die("%s: cannot open: not a sim bundle (no workloads/)",
		    wd.s);
	while ((e = readdir(d)) != NULL)
		if (e->d_name[0] != '.' && (str_has_suffix(e->d_name, ".yaml") ||
		    str_has_suffix(e->d_name, ".yml")))
			strv_add(&names, e->d_name);
	closedir(d);
	strv_sort(&names);
	if (names.n == 0)
		s2r_die("%s: no workload specs (*.yaml)", wd.s);
	for (size_t i = 0; i < names.n; i++) {
		struct sbuf p = { 0 }, f = { 0 };
		char *file;

		sbuf_printf(&p, "%s/%s", wd.s, names.v[i]);
		sbuf_printf(&f, "workloads/%s", names.v[i]);
		file = root ? display_name(p.s, root) : xstrdup(f.s);
		add_spec(v, n, p.s, file);
		free(file);
		sbuf_free(&p);
		sbuf_free(&f);
	}
	strv_free(&names);
	sbuf_free(&wd);
}

/* A sim bundle's specs, or one spec file. */
static void
add_input(struct input *in, const char *arg, const char *root)
{
	struct stat st;
	char *file;

	if (strcmp(arg, "-") != 0 && stat(arg, &st) == 0 &&
	    S_ISDIR(st.st_mode)) {
		add_bundle(&in->specs, &in->nspecs, arg, root);
		strv_add(&in->dirs, arg);
		return;
	}
	file = display_name(arg, root);
	add_spec(&in->specs, &in->nspecs, arg, file);
	free(file);
}

static void
add_map(struct opts *o, const char *arg)
{
	const char *eq = strchr(arg, '=');

	if (eq == NULL || eq == arg || eq[1] == '\0')
		s2r_usage_error("--map %s: expected CELL=SPEC", arg);
	o->maps = xreallocarray(o->maps, o->nmaps + 1, sizeof(*o->maps));
	o->maps[o->nmaps].cell = xstrndup(arg, (size_t)(eq - arg));
	o->maps[o->nmaps].spec = strip_yaml(eq + 1);
	o->maps[o->nmaps++].used = false;
}

/* Records for one spec under every name it is known by. */
static void
expect_spec(const struct spec *s, struct opts *o, json_t *out)
{
	struct wlspec *w = wlspec_load(s->path, s->file);
	bool mapped = false;

	for (size_t i = 0; i < o->nmaps; i++)
		if (strcmp(o->maps[i].spec, s->name) == 0) {
			wlspec_expect(w, o->maps[i].cell, out);
			o->maps[i].used = mapped = true;
		}
	if (!mapped)
		wlspec_expect(w, o->as ? o->as : s->name, out);
	wlspec_free(w);
}

static void
parse_opts(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "as", required_argument, NULL, 'a' },
		{ "map", required_argument, NULL, 'm' },
		{ "root", required_argument, NULL, 'r' },
		{ "run", required_argument, NULL, 'R' },
		{ "scenarios", no_argument, NULL, 'S' },
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 }
	};
	static const struct cli cli = { usage_text, "o:", longopts };
	int ch;

	while ((ch = cli_next(&cli, argc, argv)) != -1) {
		switch (ch) {
		case 'a': o->as = optarg; break;
		case 'm': add_map(o, optarg); break;
		case 'r': o->root = optarg; break;
		case 'R': o->run = optarg; break;
		case 'S': o->scenarios = true; break;
		case 'f': o->text = cli_format_text(optarg); break;
		case 'o': o->output = optarg; break;
		default: cli_unreachable(ch);
		}
	}
	if (optind == argc)
		s2r_usage_error("expected a SIMDIR or workload specs");
	if (o->scenarios && o->output != NULL)
		s2r_usage_error("--scenarios prints the paths on stdout: "
		    "expected no -o");
}

/* --scenarios: the scenario paths of each SIMDIR, NUL-terminated (a
 * path may hold a newline; discover.sh checks them). */
static int
print_scenarios(int argc, char **argv)
{
	struct strv paths = {0};
	struct stat st;

	for (int a = optind; a < argc; a++)
		if (stat(argv[a], &st) == 0 && S_ISDIR(st.st_mode))
			scenario_paths(argv[a], &paths);
	for (size_t i = 0; i < paths.n; i++)
		if (fputs(paths.v[i], stdout) == EOF ||
		    putchar('\0') == EOF)
			break;
	strv_free(&paths);
	if (fflush(stdout) != 0 || ferror(stdout))
		s2r_die("stdout: cannot write");
	return 0;
}

static void
input_free(struct input *in, struct opts *o)
{
	for (size_t i = 0; i < in->nspecs; i++) {
		free(in->specs[i].path);
		free(in->specs[i].file);
		free(in->specs[i].name);
	}
	free(in->specs);
	strv_free(&in->dirs);
	for (size_t i = 0; i < o->nmaps; i++) {
		free(o->maps[i].cell);
		free(o->maps[i].spec);
	}
	free(o->maps);
}

/* The config part (checks 2a-2d, 3d, 4a-4d) goes in the same array: what
 * each bundle's config.md and README promise, so one run describes the
 * whole bundle.  A bundle without them has none. */
int
main(int argc, char **argv)
{
	struct opts o = { 0 };
	struct input in = { 0 };
	struct recout ro;
	json_t *out;
	size_t i;

	s2r_setprog(argv[0]);
	parse_opts(argc, argv, &o);
	if (o.scenarios)
		return print_scenarios(argc, argv);
	for (int a = optind; a < argc; a++)
		add_input(&in, argv[a], o.root);
	if (o.as != NULL && in.nspecs != 1)
		s2r_usage_error("--as %s: expected exactly one workload spec, "
		    "got %zu", o.as, in.nspecs);
	out = json_array();
	for (i = 0; i < in.nspecs; i++)
		expect_spec(&in.specs[i], &o, out);
	for (i = 0; i < o.nmaps; i++)
		if (!o.maps[i].used)
			s2r_die("--map %s=%s: no workload spec named %s",
			    o.maps[i].cell, o.maps[i].spec, o.maps[i].spec);
	if (o.run != NULL)
		runspec_expect(o.run, out);
	for (i = 0; i < in.dirs.n; i++) {
		wlspec_bundle_protocol(out, in.dirs.v[i]);
		configexp_bundle(out, in.dirs.v[i]);
		scenario_bundle(out, in.dirs.v[i]);
	}
	if (in.dirs.n > 0)
		configexp_conflicts(out);
	if (o.run != NULL)
		runspec_deployed(o.run, out);
	rec_emit_all(recout_open(&ro, o.text, o.output), out);
	recout_close(&ro, argc - optind == 1 ? argv[optind] :
	    "workload specs");
	json_decref(out);
	input_free(&in, &o);
	return 0;
}
