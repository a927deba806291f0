/* s2r-grep-proof - Go-aware code evidence for checks 3a-3d and 4a-4d.
 *
 * Option parsing and wiring only; the lexer is lib/golex.c, the queries,
 * the single-pass driver and the catalog are lib/goquery.c, sources are
 * lib/gitsrc.c.  See docs/man/s2r-grep-proof.1. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "goquery.h"
#include "proofcat.h"
#include "proofrun.h"
#include "str.h"

static void
usage(FILE *f)
{
	fputs("usage: s2r-grep-proof SOURCE... [FILTERS] [OUTPUT] QUERY\n"
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
	    "  --string LITERAL  --regex ERE [--code-only]  --yaml-key PATH\n"
	    "  --registration TYPESTRING  --scale SIGNAL  --dispatch SIGNAL\n"
	    "filters: --include GLOB --exclude GLOB --path SUBSTR\n"
	    "  --tests include|exclude|only --generated include|exclude\n"
	    "  --max-hits N --unique --expect-none\n"
	    "output: --claim ID --check ID --title TEXT --format ndjson|text\n"
	    "  --max-lines N --no-doc --facts empty_pool,signals,returns\n"
	    "exit: 0 found, 1 not found, 2 error, 3 ambiguous\n", f);
}

enum {
	O_ROOT = 256, O_GITDIR, O_REV, O_LABEL, O_COMMIT, O_REAL, O_SIM,
	O_FUNC, O_TYPE, O_FIELD, O_CONST, O_VAR, O_ASSIGN, O_CALL, O_KEYVAL,
	O_STRING, O_REGEX, O_YAML, O_REG, O_SCALE, O_DISPATCH,
	O_RECV, O_INTYPE, O_VALUE, O_WHOLE, O_ENCL, O_CODEONLY, O_NONE,
	O_INCLUDE, O_EXCLUDE, O_PATH, O_TESTS, O_GEN, O_MAXHITS, O_UNIQUE,
	O_MAXLINES, O_NODOC, O_FACTS, O_SIGNALS, O_CLAIM, O_CHECK, O_TITLE,
	O_FORMAT, O_CATALOG, O_HELP, O_VERSION
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
	{ "dispatch", 1, NULL, O_DISPATCH }, { "recv", 1, NULL, O_RECV },
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
	{ "catalog", 1, NULL, O_CATALOG }, { "help", 0, NULL, O_HELP },
	{ "version", 0, NULL, O_VERSION }, { NULL, 0, NULL, 0 }
};

struct cli {
	struct gsource	*srcs;
	size_t		 nsrc;
	struct gquery	 q;
	bool		 has_kind;
	struct strv	 checks;
	char		*catalog;
	struct gproof_opts o;
};

static noreturn void
bad_usage(const char *msg, const char *arg)
{
	/* One line: the tool's errors are always a single line. */
	s2r_warn(msg, arg);
	exit(S2R_EXIT_BAD);
}

static struct gsource *
new_source(struct cli *c, enum gsrc_role role, const char *dir)
{
	struct gsource *s;
	const char *base = strrchr(dir, '/');

	c->srcs = xreallocarray(c->srcs, c->nsrc + 1, sizeof(*c->srcs));
	s = &c->srcs[c->nsrc++];
	memset(s, 0, sizeof(*s));
	s->role = role;
	s->label = xstrdup(role == ROLE_GENERATED ? "real" : role == ROLE_SIM ?
	    "sim" : base && base[1] ? base + 1 : dir);
	return s;
}

static struct gsource *
last_source(struct cli *c, const char *opt)
{
	if (c->nsrc == 0)
		bad_usage("%s: expected after --root, --git-dir, --real or "
		    "--sim", opt);
	return &c->srcs[c->nsrc - 1];
}

static void
set_kind(struct cli *c, enum qkind k, const char *arg)
{
	if (c->has_kind)
		bad_usage("%s", "expected exactly one query option");
	c->has_kind = true;
	c->q.kind = k;
	if (k == Q_SCALE || k == Q_DISPATCH)
		strv_add(&c->q.signals, arg);
	else
		c->q.name = xstrdup(arg);
}

static long
number(const char *opt, const char *arg)
{
	int64_t v;

	if (!parse_i64(arg, strlen(arg), &v) || v < 0)
		bad_usage("%s: expected a non-negative integer", opt);
	return (long)v;
}

static void
set_facts(struct cli *c, const char *arg)
{
	char *t = xstrdup(arg), *save = NULL;

	for (char *f = strtok_r(t, ",", &save); f; f = strtok_r(NULL, ",",
	    &save)) {
		if (strcmp(f, "empty_pool") == 0)
			c->q.facts |= GF_EMPTY_POOL;
		else if (strcmp(f, "signals") == 0)
			c->q.facts |= GF_SIGNALS;
		else if (strcmp(f, "returns") == 0)
			c->q.facts |= GF_RETURNS;
		else
			bad_usage("--facts: expected empty_pool, signals or "
			    "returns, got %s", f);
	}
	free(t);
}

static void
source_opt(struct cli *c, int ch, const char *arg)
{
	struct gsource *s;

	switch (ch) {
	case O_ROOT:
		new_source(c, ROLE_ROUTER, arg)->root = xstrdup(arg);
		break;
	case O_GITDIR:
		new_source(c, ROLE_ROUTER, arg)->git_dir = xstrdup(arg);
		break;
	case O_REAL:
		s = new_source(c, ROLE_GENERATED, arg);
		s->root = xstrdup(arg);
		strv_add(&s->prefixes, "generated/");
		break;
	case O_SIM:
		s = new_source(c, ROLE_SIM, arg);
		s->root = xstrdup(arg);
		strv_add(&s->prefixes, "algorithm/");
		strv_add(&s->prefixes, "algorithms/");
		break;
	case O_REV:
		s = last_source(c, "--rev");
		if (s->git_dir == NULL)
			bad_usage("%s: expected after --git-dir", "--rev");
		free(s->rev);
		s->rev = xstrdup(arg);
		break;
	case O_LABEL:
		s = last_source(c, "--label");
		free(s->label);
		s->label = xstrdup(arg);
		break;
	case O_COMMIT:
		s = last_source(c, "--commit");
		free(s->commit);
		s->commit = xstrdup(arg);
		break;
	}
}

static void
parse(struct cli *c, int argc, char **argv)
{
	int ch;

	opterr = 0;	/* our own one-line message instead */
	while ((ch = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (ch) {
		case O_ROOT: case O_GITDIR: case O_REAL: case O_SIM:
		case O_REV: case O_LABEL: case O_COMMIT:
			source_opt(c, ch, optarg);
			break;
		case O_FUNC: set_kind(c, Q_FUNC, optarg); break;
		case O_TYPE: set_kind(c, Q_TYPE, optarg); break;
		case O_FIELD: set_kind(c, Q_FIELD, optarg); break;
		case O_CONST: set_kind(c, Q_CONST, optarg); break;
		case O_VAR: set_kind(c, Q_VAR, optarg); break;
		case O_ASSIGN: set_kind(c, Q_ASSIGN, optarg); break;
		case O_CALL: set_kind(c, Q_CALL, optarg); break;
		case O_KEYVAL: set_kind(c, Q_KEYVAL, optarg); break;
		case O_STRING: set_kind(c, Q_STRING, optarg); break;
		case O_REGEX: set_kind(c, Q_REGEX, optarg); break;
		case O_YAML: set_kind(c, Q_YAML, optarg); break;
		case O_REG: set_kind(c, Q_REGISTRATION, optarg); break;
		case O_SCALE: set_kind(c, Q_SCALE, optarg); break;
		case O_DISPATCH: set_kind(c, Q_DISPATCH, optarg); break;
		case O_RECV: c->q.recv = xstrdup(optarg); break;
		case O_INTYPE: c->q.in_type = xstrdup(optarg); break;
		case O_VALUE: c->q.value_pat = xstrdup(optarg); break;
		case O_WHOLE: c->q.whole_block = true; break;
		case O_ENCL: c->q.enclosing = true; break;
		case O_CODEONLY: c->q.code_only = true; break;
		case O_NONE: c->q.expect_none = true; break;
		case O_INCLUDE: strv_add(&c->q.include, optarg); break;
		case O_EXCLUDE: strv_add(&c->q.exclude, optarg); break;
		case O_PATH: strv_add(&c->q.paths, optarg); break;
		case O_TESTS:
			if (strcmp(optarg, "include") == 0)
				c->q.tests = QT_INCLUDE;
			else if (strcmp(optarg, "exclude") == 0)
				c->q.tests = QT_EXCLUDE;
			else if (strcmp(optarg, "only") == 0)
				c->q.tests = QT_ONLY;
			else
				bad_usage("--tests: expected include, exclude "
				    "or only, got %s", optarg);
			break;
		case O_GEN:
			if (strcmp(optarg, "include") != 0 &&
			    strcmp(optarg, "exclude") != 0)
				bad_usage("--generated: expected include or "
				    "exclude, got %s", optarg);
			c->q.generated = strcmp(optarg, "include") == 0;
			break;
		case O_MAXHITS: c->q.max_hits = number("--max-hits", optarg);
			break;
		case O_MAXLINES: c->q.max_lines = number("--max-lines", optarg);
			break;
		case O_UNIQUE: c->q.unique = true; break;
		case O_NODOC: c->q.doc = false; break;
		case O_FACTS: set_facts(c, optarg); break;
		case O_SIGNALS: strv_add(&c->q.signals, optarg); break;
		case O_CLAIM: free(c->q.id); c->q.id = xstrdup(optarg); break;
		case O_CHECK:
			strv_add(&c->checks, optarg);
			free(c->q.check);
			c->q.check = xstrdup(optarg);
			break;
		case O_TITLE: free(c->q.title); c->q.title = xstrdup(optarg);
			break;
		case O_FORMAT:
			if (strcmp(optarg, "text") != 0 &&
			    strcmp(optarg, "ndjson") != 0)
				bad_usage("--format: expected ndjson or text, "
				    "got %s", optarg);
			c->o.text = strcmp(optarg, "text") == 0;
			break;
		case O_CATALOG: free(c->catalog); c->catalog = xstrdup(optarg);
			break;
		case O_HELP: usage(stdout); exit(0);
		case O_VERSION: puts("s2r-grep-proof " S2R_VERSION); exit(0);
		default:
			s2r_warn("%s: unknown option or missing argument; see "
			    "--help", argv[optind - 1]);
			exit(S2R_EXIT_BAD);
		}
	}
	if (optind < argc)
		bad_usage("unexpected argument: %s", argv[optind]);
	if (c->nsrc == 0)
		bad_usage("%s", "expected a source: --root, --git-dir, --real "
		    "or --sim");
	if (c->catalog != NULL && c->has_kind)
		bad_usage("%s", "--catalog and a query option exclude each "
		    "other");
	if (c->catalog == NULL && !c->has_kind)
		bad_usage("%s", "expected a query option or --catalog");
}

static void
free_cli(struct cli *c)
{
	for (size_t i = 0; i < c->nsrc; i++) {
		free(c->srcs[i].label);
		free(c->srcs[i].root);
		free(c->srcs[i].git_dir);
		free(c->srcs[i].rev);
		free(c->srcs[i].commit);
		strv_free(&c->srcs[i].prefixes);
	}
	free(c->srcs);
	strv_free(&c->checks);
	free(c->catalog);
}

int
main(int argc, char **argv)
{
	struct cli c;
	struct gquery *qs;
	size_t nq;
	int status;
	char msg[300];

	s2r_setprog(argv[0]);
	memset(&c, 0, sizeof(c));
	gquery_init(&c.q);
	c.o.out = stdout;
	parse(&c, argc, argv);
	if (c.catalog != NULL) {
		gquery_free(&c.q);
		gcatalog_load(c.catalog, &c.checks, &qs, &nq);
		if (nq == 0)
			s2r_die("%s: no query for the selected checks",
			    c.catalog);
	} else {
		if (c.q.id == NULL) {
			snprintf(msg, sizeof(msg), "%s %s",
			    gquery_kind_name(c.q.kind), c.q.name ? c.q.name :
			    c.q.signals.v[0]);
			c.q.id = xstrdup(msg);
		}
		if (!gquery_compile(&c.q, msg, sizeof(msg)))
			bad_usage("%s", msg);
		qs = xmalloc(sizeof(*qs));
		qs[0] = c.q;
		nq = 1;
	}
	status = gproof_run(qs, nq, c.srcs, c.nsrc, c.catalog != NULL, &c.o);
	for (size_t i = 0; i < nq; i++)
		gquery_free(&qs[i]);
	free(qs);
	free_cli(&c);
	return status;
}
