/* Unit tests for lib/svg.c, lib/rundiff.c tolerance parsing and the
 * HTML escaping shared by the report and the index. */
#include <stdlib.h>
#include <string.h>

#include "htmlpage.h"
#include "rundiff.h"
#include "svg.h"
#include "unit.h"

static void
fmt(double v, const char *want)
{
	char buf[32];

	svg_fmt(buf, sizeof(buf), v);
	CHECK_STR(buf, want);
}

static void
test_fmt(void)
{
	fmt(0, "0");
	fmt(1, "1");
	fmt(0.5, "0.5");
	fmt(1234.5678, "1235");
	fmt(12.345678, "12.35");
	fmt(-0.25, "-0.25");
	fmt(100000, "100000");
	fmt(0.00012345, "0.000123");	/* at most 6 decimals */
	fmt(2e-7, "2e-07");
}

static void
test_ticks(void)
{
	double t[16], step;
	size_t n;

	/* 0..1 in at most 6 ticks: steps of 0.2 */
	n = svg_ticks(0, 1, 6, t, &step);
	CHECK(n == 6);
	CHECK_NEAR(step, 0.2, 1e-12);
	CHECK_NEAR(t[0], 0, 0);
	CHECK_NEAR(t[5], 1, 1e-12);
	/* 0..600: 0, 100, ..., 600 (7 ticks with max 8) */
	n = svg_ticks(0, 600, 8, t, &step);
	CHECK(n == 7);
	CHECK_NEAR(step, 100, 1e-9);
	/* 2000..6000: steps of 1000 with max 6 */
	n = svg_ticks(2000, 6000, 6, t, &step);
	CHECK(n == 5);
	CHECK_NEAR(t[0], 2000, 1e-9);
	/* an empty range gives one tick, never a division by zero */
	n = svg_ticks(5, 5, 6, t, &step);
	CHECK(n == 1);
}

static void
test_escape(void)
{
	struct sbuf b = {0};

	html_escape(&b, "<script>a&b\"c'd</script>\x01");
	CHECK_STR(sbuf_str(&b),
	    "&lt;script&gt;a&amp;b&quot;c&#39;d&lt;/script&gt;?");
	sbuf_free(&b);
}

static void
test_chart(void)
{
	static const double x[] = { 10, 20, 40 }, y[] = { 0.5, 0.9, 1 };
	struct svg_series s = { "real <a>", x, y, 3, "#0969da", false };
	struct svg_chart c = { 0 };
	struct sbuf b = {0};

	c.id = "c1";
	c.title = "TTFT & more";
	c.xlabel = "TTFT (ms)";
	c.ylabel = "fraction";
	c.source = "a.csv";
	c.status = "FAIL";
	c.kind = SVG_LINES;
	c.series = &s;
	c.nseries = 1;
	CHECK(svg_chart(&b, &c) == 3);
	CHECK(strstr(sbuf_str(&b), "<title>TTFT &amp; more</title>") != NULL);
	CHECK(strstr(sbuf_str(&b), "real &lt;a&gt;") != NULL);
	CHECK(strstr(sbuf_str(&b), "data-status=\"FAIL\"") != NULL);
	CHECK(strstr(sbuf_str(&b), "Source: a.csv") != NULL);
	CHECK(strstr(sbuf_str(&b), "stroke=\"#cf222e\"") != NULL);
	/* three circles, one polyline */
	CHECK(strstr(strstr(strstr(strstr(sbuf_str(&b), "<circle"), "") + 1,
	    "<circle"), "<circle") != NULL);
	sbuf_reset(&b);
	s.n = 0;
	CHECK(svg_chart(&b, &c) == 0);
	CHECK(strstr(sbuf_str(&b), ">no data<") != NULL);
	sbuf_free(&b);
}

/* The x of the <text> element whose text starts at t. */
static double
tick_x(const char *t)
{
	const char *open = t;

	while (strncmp(open, "<text x=\"", 9) != 0)
		open--;
	return strtod(open + 9, NULL);
}

/* A log x axis: decade ticks, the decades evenly spaced, x <= 0 left out. */
static void
test_log_axis(void)
{
	static const double x[] = { 0, 20, 400, 9000 }, y[] = { 0, .3, .6, 1 };
	struct svg_series s = { "real", x, y, 4, "#0969da", false };
	struct svg_chart c = { 0 };
	struct sbuf b = {0};
	const char *p, *t10, *t100, *t1000, *t10000;
	double x10, x100, x1000, x10000;

	c.title = "TTFT CDF";
	c.kind = SVG_STEPS;
	c.series = &s;
	c.nseries = 1;
	c.x_log = true;
	svg_chart(&b, &c);
	p = sbuf_str(&b);
	t10 = strstr(p, "class=\"tick\" font-size=\"11\" fill=\"#24292f\">10<");
	t100 = strstr(p, ">100<");
	t1000 = strstr(p, ">1000<");
	t10000 = strstr(p, ">10000<");
	CHECK(t10 != NULL && t100 != NULL && t1000 != NULL && t10000 != NULL);
	CHECK(strstr(p, ">20<") == NULL);	/* three decades: no 2, 5 */
	/* the tick labels' x: 76 + k * (656 - 76) / 3 */
	x10 = tick_x(t10);
	x100 = tick_x(t100);
	x1000 = tick_x(t1000);
	x10000 = tick_x(t10000);
	CHECK_NEAR(x10, 76, 0.05);
	CHECK_NEAR(x100 - x10, (656 - 76) / 3.0, 0.1);
	CHECK_NEAR(x1000 - x100, x100 - x10, 0.1);
	CHECK_NEAR(x10000, 656, 0.05);
	/* 20, 400, 9000 drawn as steps (two points a step after the first);
	 * 0 has no place on a log axis */
	p = strstr(p, "<polyline");
	CHECK(p != NULL);
	{
		size_t pairs = 0;

		for (const char *q = strstr(p, "points=\"") + 8; *q != '"'; q++)
			pairs += *q == ',';
		CHECK(pairs == 5);
	}
	sbuf_free(&b);
}

static void
test_tolerance(void)
{
	double v = -1;

	CHECK(rundiff_tolerance("\xc2\xb1" "5%", &v) == '%');
	CHECK_NEAR(v, 5, 0);
	CHECK(rundiff_tolerance("\xc2\xb1" "1% (WARN to \xc2\xb1" "5%)", &v) == '%');
	CHECK_NEAR(v, 1, 0);
	CHECK(rundiff_tolerance("\xc2\xb1" "2 pp", &v) == 'p');
	CHECK_NEAR(v, 2, 0);
	CHECK(rundiff_tolerance("exact", &v) == 'x');
	CHECK(rundiff_tolerance("0.8-1.2", &v) == 0);
	CHECK(rundiff_tolerance("\xc2\xb1x%", &v) == 0);
	CHECK(rundiff_tolerance(NULL, &v) == 0);
}

static json_t *
verdict(const char *v, double actual, const char *tol)
{
	json_t *r = json_pack("{s:s, s:s, s:s, s:{s:s}, s:s, s:{s:f, s:s}, s:s, s:s}",
	    "kind", "verdict", "check", "1a", "title", "t", "scope", "phase",
	    "p", "metric", "qps.actual", "actual", "value", actual, "unit",
	    "req/s", "tolerance", tol, "verdict", v);

	return r;
}

static void
test_rundiff(void)
{
	struct rundiff d;

	rundiff_init(&d, 5);
	rundiff_add(&d, false, verdict("PASS", 40, "\xc2\xb1" "5%"), "o", 1);
	rundiff_add(&d, true, verdict("PASS", 41, "\xc2\xb1" "5%"), "n", 1);
	rundiff_run(&d);
	CHECK(d.n == 0);	/* +2.5%: within */
	rundiff_free(&d);

	rundiff_init(&d, 5);
	rundiff_add(&d, false, verdict("PASS", 40, "\xc2\xb1" "5%"), "o", 1);
	rundiff_add(&d, true, verdict("PASS", 43, "\xc2\xb1" "5%"), "n", 1);
	rundiff_run(&d);
	CHECK(d.n == 1 && d.counts[RD_MOVED] == 1);	/* +7.5% */
	rundiff_free(&d);

	rundiff_init(&d, 5);
	rundiff_add(&d, false, verdict("PASS", 40, "\xc2\xb1" "5%"), "o", 1);
	rundiff_add(&d, true, verdict("FAIL", 30, "\xc2\xb1" "5%"), "n", 1);
	rundiff_add(&d, true, verdict("WARN", 30, "\xc2\xb1" "5%"), "n", 2);
	rundiff_run(&d);
	/* the first duplicate pairs with the old one, the second is added */
	CHECK(d.counts[RD_FLIPPED] == 1 && d.worse == 1);
	CHECK(d.counts[RD_ADDED] == 1);
	rundiff_free(&d);

	/* A diff holds a verdict as text until it is compared: the change
	 * carries the exact value and the scope in its order. */
	rundiff_init(&d, 5);
	rundiff_add(&d, false, verdict("PASS", 0.1 + 0.2, "\xc2\xb1" "5%"), "o",
	    1);
	rundiff_add(&d, true, verdict("FAIL", 1e-300 / 3, "\xc2\xb1" "5%"), "n",
	    1);
	rundiff_run(&d);
	CHECK(d.n == 1);
	CHECK(json_real_value(json_object_get(json_object_get(d.changes[0],
	    "old"), "value")) == 0.1 + 0.2);
	CHECK(json_real_value(json_object_get(json_object_get(d.changes[0],
	    "new"), "value")) == 1e-300 / 3);
	CHECK(json_object_size(json_object_get(d.changes[0], "scope")) == 1);
	CHECK(d.old.e[0].v == NULL && d.old.e[0].text != NULL);
	rundiff_free(&d);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "svg_fmt", test_fmt },
		{ "svg_ticks", test_ticks },
		{ "html escaping", test_escape },
		{ "svg_chart", test_chart },
		{ "log x axis", test_log_axis },
		{ "tolerance strings", test_tolerance },
		{ "run diff", test_rundiff },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
