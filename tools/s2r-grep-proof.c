/* s2r-grep-proof - Go-aware code evidence for checks 3a-3d and 4a-4d.
 *
 * Option parsing and wiring only: the lexer is lib/golex.c, the index and
 * the queries lib/goindex.c and lib/goquery.c, the single-pass driver and
 * its records lib/proofrun.c, the catalog lib/proofcat.c, sources
 * lib/gitsrc.c.  See docs/man/s2r-grep-proof.1. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomicfile.h"
#include "cli.h"
#include "err.h"
#include "goquery.h"
#include "proofcat.h"
#include "proofrun.h"
#include "str.h"

static const char usage_text[] =
"usage: s2r-grep-proof SOURCE... [FILTERS] [OUTPUT] QUERY\n"
"       s2r-grep-proof SOURCE... --catalog FILE [--check ID]...\n"
"sources (repeat; each record carries label and commit):\n"
"  --root DIR | --git-dir DIR [--rev REV]   a router codebase\n"
"  --label NAME  --commit SHA               for the last source\n"
"  --real DIR    the real bundle's generated/ plugins\n"
"  --sim DIR     the sim bundle's algorithm/ or algorithms/\n"
"queries (one):\n"
"  --func NAME [--recv T]  --type NAME  --field NAME [--in-type T]\n"
"  --const NAME | --var NAME [--whole-block]\n"
"  --assign LHS_RE  --call CALLEE_RE  --keyval KEY_RE [--value RE]"
" [--enclosing]\n"
"  --string LITERAL  --regex ERE [--code-only] [--whole-block]\n"
"  --yaml-key PATH\n"
"  --registration TYPESTRING  --scale SIGNAL  --dispatch SIGNAL\n"
"  --readers SIGNAL (funcs whose body names it)\n"
"  --signals NAME (with --scale, --dispatch, --readers: more signals)\n"
"filters: --include GLOB --exclude GLOB --path SUBSTR\n"
"  --tests include|exclude|only --generated include|exclude\n"
"  --max-hits N --unique --expect-none\n"
"output: --claim ID --check ID --title TEXT --format ndjson|text\n"
"  --max-lines N --no-doc  -o, --output FILE (written whole or not at all)\n"
"  --facts empty_pool,signals,returns,metrics,calls\n"
"  -h, --help  this text    -V, --version  the version\n"
"exit: 0 found, 1 not found, 2 error, 3 ambiguous\n";

enum {
	O_ROOT = 256, O_GITDIR, O_REV, O_LABEL, O_COMMIT, O_REAL, O_SIM,
	O_FUNC, O_TYPE, O_FIELD, O_CONST, O_VAR, O_ASSIGN, O_CALL, O_KEYVAL,
	O_STRING, O_REGEX, O_YAML, O_REG, O_SCALE, O_DISPATCH, O_READERS,
	O_RECV, O_INTYPE, O_VALUE, O_WHOLE, O_ENCL, O_CODEONLY, O_NONE,
	O_INCLUDE, O_EXCLUDE, O_PATH, O_TESTS, O_GEN, O_MAXHITS, O_UNIQUE,
	O_MAXLINES, O_NODOC, O_FACTS, O_SIGNALS, O_CLAIM, O_CHECK, O_TITLE,
	O_FORMAT, O_CATALOG, O_OUTPUT = 'o'
};

static const struct option longopts[] = {
	{ "root", 1, NULL, O_ROOT }, { "git-dir", 1, NULL, O_GITDIR },
	{ "rev", 1, NULL, O_REV }, { "label", 1, NULL, O_LABEL },
	{ "commit", 1, NULL, O_COMMIT }, { "real", 1, NULL, O_REAL },
	{ "sim", 1, NULL, O_SIM }, { "func", 1, NULL, O_FUNC },
	{ "type", 1, NULL, O_TYPE }, { "field", 1, NULL, O_FIELD },
	{ "const", 1, NULL, O_CONST }, { "var", 1, NULL, O_VAR },
	{ "assign", 1, NULL, O_ASSIGN }, { "call", 1, NULL, O_CALL },
	{ "keyval", 1, NULL, O_KEYVAL }, { "string", 1, NULL, O_STRING },
	{ "regex", 1, NULL, O_REGEX }, { "yaml-key", 1, NULL, O_YAML },
	{ "registration", 1, NULL, O_REG }, { "scale", 1, NULL, O_SCALE },
	{ "dispatch", 1, NULL, O_DISPATCH }, { "readers", 1, NULL, O_READERS },
	{ "recv", 1, NULL, O_RECV },
	{ "in-type", 1, NULL, O_INTYPE }, { "value", 1, NULL, O_VALUE },
	{ "whole-block", 0, NULL, O_WHOLE }, { "enclosing", 0, NULL, O_ENCL },
	{ "code-only", 0, NULL, O_CODEONLY },
	{ "expect-none", 0, NULL, O_NONE }, { "include", 1, NULL, O_INCLUDE },
	{ "exclude", 1, NULL, O_EXCLUDE }, { "path", 1, NULL, O_PATH },
	{ "tests", 1, NULL, O_TESTS }, { "generated", 1, NULL, O_GEN },
	{ "max-hits", 1, NULL, O_MAXHITS }, { "unique", 0, NULL, O_UNIQUE },
	{ "max-lines", 1, NULL, O_MAXLINES }, { "no-doc", 0, NULL, O_NODOC },
	{ "facts", 1, NULL, O_FACTS }, { "signals", 1, NULL, O_SIGNALS },
	{ "claim", 1, NULL, O_CLAIM }, { "check", 1, NULL, O_CHECK },
	{ "title", 1, NULL, O_TITLE }, { "format", 1, NULL, O_FORMAT },
	{ "catalog", 1, NULL, O_CATALOG }, { "output", 1, NULL, O_OUTPUT },
	{ NULL, 0, NULL, 0 }
};

struct args {
	struct gsource	*srcs;
	size_t		 nsrc;
	struct gquery	 q;
	bool		 has_kind;
	struct strv	 checks;
	char		*catalog;
	const char	*output;	/* -o */
	struct gproof_opts o;
};

static struct gsource *
last_source(struct args *c, const char *opt)
{
	if (c->nsrc == 0)
		s2r_usage_error("%s: expected after --root, --git-dir, --real "
		    "or --sim", opt);
	return &c->srcs[c->nsrc - 1];
}

static void
set_facts(struct args *c, const char *arg)
{
	char *t = xstrdup(arg), *save = NULL;
	unsigned bit;

	for (char *f = strtok_r(t, ",", &save); f; f = strtok_r(NULL, ",",
	    &save)) {
		if (!gquery_fact_parse(f, &bit))
			s2r_usage_error("--facts: expected empty_pool, signals, "
			    "returns, metrics or calls, got %s", f);
		c->q.facts |= bit;
	}
	free(t);
}

/* Each handler takes the options of one group and says whether ch was
 * one of them. */
static bool
source_opt(struct args *c, int ch, const char *arg)
{
	struct gsource *s;

	switch (ch) {
	case O_ROOT:
		gsource_add_tree(&c->srcs, &c->nsrc, ROLE_ROUTER, arg);
		return true;
	case O_GITDIR:
		gsource_add_git(&c->srcs, &c->nsrc, arg);
		return true;
	case O_REAL:
		gsource_add_tree(&c->srcs, &c->nsrc, ROLE_GENERATED, arg);
		return true;
	case O_SIM:
		gsource_add_tree(&c->srcs, &c->nsrc, ROLE_SIM, arg);
		return true;
	case O_REV:
		s = last_source(c, "--rev");
		if (s->git_dir == NULL)
			s2r_usage_error("--rev: expected after --git-dir");
		xstrset(&s->rev, arg);
		return true;
	case O_LABEL:
		xstrset(&last_source(c, "--label")->label, arg);
		return true;
	case O_COMMIT:
		xstrset(&last_source(c, "--commit")->commit, arg);
		return true;
	}
	return false;
}

/* The query options, in enum qkind's terms. */
static const struct {
	int		opt;
	enum qkind	kind;
} kind_opts[] = {
	{ O_FUNC, Q_FUNC }, { O_TYPE, Q_TYPE }, { O_FIELD, Q_FIELD },
	{ O_CONST, Q_CONST }, { O_VAR, Q_VAR }, { O_ASSIGN, Q_ASSIGN },
	{ O_CALL, Q_CALL }, { O_KEYVAL, Q_KEYVAL }, { O_STRING, Q_STRING },
	{ O_REGEX, Q_REGEX }, { O_YAML, Q_YAML }, { O_REG, Q_REGISTRATION },
	{ O_SCALE, Q_SCALE }, { O_DISPATCH, Q_DISPATCH },
	{ O_READERS, Q_READERS }
};

static bool
kind_opt(struct args *c, int ch, const char *arg)
{
	size_t i = 0;

	while (i < sizeof(kind_opts) / sizeof(kind_opts[0]) &&
	    kind_opts[i].opt != ch)
		i++;
	if (i == sizeof(kind_opts) / sizeof(kind_opts[0]))
		return false;
	if (c->has_kind)
		s2r_usage_error("expected exactly one query option");
	c->has_kind = true;
	c->q.kind = kind_opts[i].kind;
	if (c->q.kind == Q_SCALE || c->q.kind == Q_DISPATCH ||
	    c->q.kind == Q_READERS)
		strv_add(&c->q.signals, arg);
	else
		c->q.name = xstrdup(arg);
	return true;
}

/* What the query matches beyond its name. */
static bool
match_opt(struct args *c, int ch, const char *arg)
{
	switch (ch) {
	case O_RECV: c->q.recv = xstrdup(arg); return true;
	case O_INTYPE: c->q.in_type = xstrdup(arg); return true;
	case O_VALUE: c->q.value_pat = xstrdup(arg); return true;
	case O_WHOLE: c->q.whole_block = true; return true;
	case O_ENCL: c->q.enclosing = true; return true;
	case O_CODEONLY: c->q.code_only = true; return true;
	case O_FACTS: set_facts(c, arg); return true;
	case O_SIGNALS: strv_add(&c->q.signals, arg); return true;
	}
	return false;
}

static bool
filter_opt(struct args *c, int ch, const char *arg)
{
	switch (ch) {
	case O_INCLUDE: strv_add(&c->q.include, arg); return true;
	case O_EXCLUDE: strv_add(&c->q.exclude, arg); return true;
	case O_PATH: strv_add(&c->q.paths, arg); return true;
	case O_TESTS:
		if (!gquery_tests_parse(arg, &c->q.tests))
			s2r_usage_error("--tests: expected include, exclude or "
			    "only, got %s", arg);
		return true;
	case O_GEN:
		if (strcmp(arg, "include") != 0 && strcmp(arg, "exclude") != 0)
			s2r_usage_error("--generated: expected include or "
			    "exclude, got %s", arg);
		c->q.generated = strcmp(arg, "include") == 0;
		return true;
	case O_MAXHITS:
		c->q.max_hits = (long)cli_i64("--max-hits", arg, 0, LONG_MAX);
		return true;
	case O_UNIQUE: c->q.unique = true; return true;
	case O_NONE: c->q.expect_none = true; return true;
	}
	return false;
}

static bool
output_opt(struct args *c, int ch, const char *arg)
{
	switch (ch) {
	case O_CLAIM: xstrset(&c->q.id, arg); return true;
	case O_CHECK:
		strv_add(&c->checks, arg);
		xstrset(&c->q.check, arg);
		return true;
	case O_TITLE: xstrset(&c->q.title, arg); return true;
	case O_FORMAT: c->o.text = cli_format_text(arg); return true;
	case O_MAXLINES:
		c->q.max_lines = (long)cli_i64("--max-lines", arg, 0, LONG_MAX);
		return true;
	case O_NODOC: c->q.doc = false; return true;
	case O_CATALOG: xstrset(&c->catalog, arg); return true;
	case O_OUTPUT: c->output = arg; return true;
	}
	return false;
}

static void
check_cli(const struct args *c, int argc, char **argv)
{
	if (optind < argc)
		s2r_usage_error("unexpected argument: %s", argv[optind]);
	if (c->nsrc == 0)
		s2r_usage_error("expected a source: --root, --git-dir, --real "
		    "or --sim");
	if (c->catalog != NULL && c->has_kind)
		s2r_usage_error("--catalog and a query option exclude each "
		    "other");
	if (c->catalog == NULL && !c->has_kind)
		s2r_usage_error("expected a query option or --catalog");
}

static void
parse(struct args *c, int argc, char **argv)
{
	static const struct cli spec = { usage_text, "o:", longopts };
	int ch;

	while ((ch = cli_next(&spec, argc, argv)) != -1)
		if (!source_opt(c, ch, optarg) && !kind_opt(c, ch, optarg) &&
		    !match_opt(c, ch, optarg) && !filter_opt(c, ch, optarg) &&
		    !output_opt(c, ch, optarg))
			cli_unreachable(ch);
	check_cli(c, argc, argv);
}

static void
free_cli(struct args *c)
{
	for (size_t i = 0; i < c->nsrc; i++)
		gsource_free(&c->srcs[i]);
	free(c->srcs);
	strv_free(&c->checks);
	free(c->catalog);
}

int
main(int argc, char **argv)
{
	struct args c;
	struct gquery *qs;
	struct atomicfile af;
	size_t nq;
	int status;
	char msg[300];

	s2r_setprog(argv[0]);
	memset(&c, 0, sizeof(c));
	gquery_init(&c.q);
	c.o.out = stdout;
	parse(&c, argc, argv);
	if (c.output != NULL)
		c.o.out = atomic_open(&af, c.output);
	if (c.catalog != NULL) {
		gquery_free(&c.q);
		gcatalog_load(c.catalog, &c.checks, &qs, &nq);
		if (nq == 0)
			s2r_die("%s: no query for the selected checks",
			    c.catalog);
	} else {
		gquery_default_id(&c.q);
		if (!gquery_compile(&c.q, msg, sizeof(msg)))
			s2r_usage_error("%s", msg);
		qs = xmalloc(sizeof(*qs));
		qs[0] = c.q;
		nq = 1;
	}
	status = gproof_run(qs, nq, c.srcs, c.nsrc, c.catalog != NULL, &c.o);
	/* Not found (1) and ambiguous (3) are findings: the file is whole. */
	if (c.output != NULL)
		atomic_commit(&af);
	for (size_t i = 0; i < nq; i++)
		gquery_free(&qs[i]);
	free(qs);
	free_cli(&c);
	return status;
}
