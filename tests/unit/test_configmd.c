/* test_configmd - Markdown headings, pipe tables and fences with lines. */
#include <string.h>

#include "configmd.h"
#include "unit.h"

static struct mddoc *
parse(const char *text)
{
	struct perr err;

	return mddoc_parse("t.md", text, strlen(text), &err);
}

static void
test_headings(void)
{
	struct mddoc *d = parse("# Title #\n\n  ## Sub — Part ##\n#no\n"
	    "####### seven\n### \n");

	CHECK(d != NULL);
	CHECK(d->nheadings == 3);
	CHECK_STR(d->headings[0].text, "Title");
	CHECK(d->headings[0].level == 1 && d->headings[0].line == 1);
	CHECK_STR(d->headings[1].text, "Sub — Part");
	CHECK(d->headings[1].level == 2 && d->headings[1].line == 3);
	CHECK(d->headings[1].column == 6);
	CHECK_STR(d->headings[2].text, "");
	CHECK(d->ntexts == 2);	/* "#no" and "####### seven" are text */
	mddoc_free(d);
}

static void
test_tables(void)
{
	struct mddoc *d = parse(
	    "## T\n"
	    "| Parameter | Value | Notes |\n"
	    "|:---|---:|:-:|\n"
	    "| `a` | 1 | x \\| y |\n"
	    "| b | 2 |\n"
	    "c | 3 | z | extra\n"
	    "\n"
	    "| not | a table |\n"
	    "just text\n");
	const struct md_table *t;

	CHECK(d->ntables == 1);
	t = &d->tables[0];
	CHECK(t->heading == 0);
	CHECK(t->head.line == 2 && t->head.n == 3);
	CHECK(md_table_column(t, "value") == 1);
	CHECK(md_table_column(t, "nope") == -1);
	CHECK(t->nrows == 3);
	CHECK_STR(md_cell(&t->rows[0], 0), "`a`");
	CHECK_STR(md_cell(&t->rows[0], 2), "x | y");
	CHECK(t->rows[0].line == 4);
	CHECK(md_cell_column(&t->rows[0], 1) == 9);
	CHECK(t->rows[1].n == 2);			/* ragged */
	CHECK_STR(md_cell(&t->rows[1], 2), "");
	CHECK(t->rows[2].n == 4);
	CHECK_STR(md_cell(&t->rows[2], 0), "c");
	CHECK(d->ntexts == 2);
	mddoc_free(d);
}

static void
test_fences(void)
{
	struct mddoc *d = parse(
	    "# H\n"
	    "```yaml title\n"
	    "a: 1\n"
	    "# not a heading\n"
	    "| x | y |\n"
	    "|---|---|\n"
	    "```\n"
	    "~~~~\n"
	    "~~~\n"
	    "~~~~~\n"
	    "   ```bash\n"
	    "   blis run \\\n"
	    "     --x 1\n"
	    "```\n"
	    "``` a`b\n"
	    "````\n"
	    "open\n"
	    "````\n");
	const struct md_fence *f;
	struct perr err;

	CHECK(d->nheadings == 1 && d->ntables == 0);
	CHECK(d->nfences == 4);
	f = &d->fences[0];
	CHECK_STR(f->info, "yaml title");
	CHECK_STR(f->lang, "yaml");
	CHECK(f->line == 2 && f->body_line == 3 && f->closed);
	CHECK_STR(f->body, "a: 1\n# not a heading\n| x | y |\n|---|---|\n");
	f = &d->fences[1];
	CHECK_STR(f->body, "~~~\n");		/* shorter run stays inside */
	f = &d->fences[2];
	CHECK(f->indent == 3);
	CHECK_STR(f->lang, "bash");
	CHECK_STR(f->body, "blis run \\\n  --x 1\n");
	f = &d->fences[3];			/* ``` a`b is text */
	CHECK(f->line == 16 && f->closed);
	CHECK_STR(f->body, "open\n");
	mddoc_free(d);
	/* A fence left open to the end of the file (a cut file) hides all
	 * after it: an error where it opens, not a silent code block. */
	CHECK(mddoc_parse("c.md", "# H\n\n  ```yaml\na: 1\n| x |\n",
	    strlen("# H\n\n  ```yaml\na: 1\n| x |\n"), &err) == NULL);
	CHECK(err.line == 3 && err.column == 3 &&
	    strstr(err.msg, "expected the code fence opened here to be "
	    "closed, got the end of the file") != NULL &&
	    strstr(err.msg, "read as yaml") != NULL);
}

static void
test_crlf_bom_binary(void)
{
	struct perr err;
	struct mddoc *d = parse("\xEF\xBB\xBF# A\r\n| k | v |\r\n|---|---|\r\n"
	    "| x | 1 |\r\n");

	CHECK(d->nheadings == 1);
	CHECK_STR(d->headings[0].text, "A");
	CHECK(d->ntables == 1);
	CHECK_STR(md_cell(&d->tables[0].rows[0], 1), "1");
	mddoc_free(d);
	CHECK(mddoc_parse("b.md", "ok\nab\001c", 8, &err) == NULL);
	CHECK(err.line == 2 && err.column == 3);
	CHECK(strstr(err.msg, "0x01") != NULL);
	CHECK(mddoc_parse("b.md", "a\0b", 3, &err) == NULL);
	d = parse("");
	CHECK(d != NULL && d->ntexts == 0);
	CHECK_STR(mddoc_heading(d, -1), "");
	mddoc_free(d);
}

static const struct unit_test tests[] = {
	{ "headings", test_headings },
	{ "tables", test_tables },
	{ "fences", test_fences },
	{ "crlf_bom_binary", test_crlf_bom_binary },
	{ NULL, NULL }
};

int
main(void)
{
	return unit_run(tests);
}
