/* svg.c - inline SVG charts (see svg.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "svg.h"

#define W		680	/* whole chart */
#define PLOT_L		76	/* plot area: left edge */
#define PLOT_R		(W - 24)
#define PLOT_T		44
#define PLOT_H		220
#define PLOT_B		(PLOT_T + PLOT_H)
#define LINE_H		16	/* one line of small text */
#define SOURCE_WRAP	100	/* characters per source line */
#define CAT_CHARS	16	/* bar category labels are cut here */

void
svg_escape(struct sbuf *o, const char *s)
{
	if (s == NULL)
		return;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '&':
			sbuf_adds(o, "&amp;");
			break;
		case '<':
			sbuf_adds(o, "&lt;");
			break;
		case '>':
			sbuf_adds(o, "&gt;");
			break;
		case '"':
			sbuf_adds(o, "&quot;");
			break;
		case '\'':
			sbuf_adds(o, "&#39;");
			break;
		default:
			if ((*p < 0x20 && *p != '\t' && *p != '\n') ||
			    *p == 0x7f)
				sbuf_addc(o, '?');
			else
				sbuf_addc(o, (char)*p);
			break;
		}
	}
}

void
svg_fmt(char *buf, size_t len, double v)
{
	double a = fabs(v);
	int dec;

	if (!isfinite(v)) {
		snprintf(buf, len, "?");
		return;
	}
	if (a < 5e-13) {
		snprintf(buf, len, "0");
		return;
	}
	if (a >= 1e9 || a < 1e-4) {
		snprintf(buf, len, "%.3g", v);
		return;
	}
	dec = 4 - ((int)floor(log10(a)) + 1);
	if (dec < 0)
		dec = 0;
	if (dec > 6)
		dec = 6;
	snprintf(buf, len, "%.*f", dec, v);
	if (strchr(buf, '.') != NULL) {
		char *e = buf + strlen(buf) - 1;

		while (*e == '0')
			*e-- = '\0';
		if (*e == '.')
			*e = '\0';
	}
	if (strcmp(buf, "-0") == 0)
		snprintf(buf, len, "0");
}

size_t
svg_ticks(double lo, double hi, size_t max_ticks, double *ticks,
    double *stepp)
{
	static const double mult[] = { 1, 2, 5 };
	double span = hi - lo, base, step = 1, first;
	size_t n = 0;

	if (max_ticks < 2 || !isfinite(span) || span <= 0) {
		ticks[0] = lo;
		if (stepp != NULL)
			*stepp = 1;
		return 1;
	}
	base = pow(10, floor(log10(span / (double)max_ticks)));
	for (int k = 0; k < 4; k++, base *= 10) {
		size_t i;

		for (i = 0; i < 3; i++) {
			step = base * mult[i];
			if (floor(hi / step) - ceil(lo / step) + 1 <=
			    (double)max_ticks)
				break;
		}
		if (i < 3)
			break;
	}
	first = ceil(lo / step - 1e-9) * step;
	for (double t = first; t <= hi + step * 1e-9 && n < max_ticks;
	    t = first + step * (double)n) {
		ticks[n++] = fabs(t) < step * 1e-9 ? 0 : t;
	}
	if (stepp != NULL)
		*stepp = step;
	return n;
}

const char *
svg_verdict_color(const char *v)
{
	if (v == NULL)
		return "#57606a";
	if (strcmp(v, "PASS") == 0)
		return "#1a7f37";
	if (strcmp(v, "WARN") == 0)
		return "#9a6700";
	if (strcmp(v, "FAIL") == 0)
		return "#cf222e";
	if (strcmp(v, "MISSING") == 0)
		return "#8250df";
	return "#6e7781";
}

/* --- geometry ------------------------------------------------------- */

struct range {
	double	lo, hi;
	bool	any;
	bool	log;		/* log10 scale: positive values only */
};

/* v has a place on an axis of range r. */
static bool
plottable(const struct range *r, double v)
{
	return isfinite(v) && (!r->log || v > 0);
}

static void
range_add(struct range *r, double v)
{
	if (!plottable(r, v))
		return;
	if (!r->any) {
		r->lo = r->hi = v;
		r->any = true;
		return;
	}
	if (v < r->lo)
		r->lo = v;
	if (v > r->hi)
		r->hi = v;
}

/* A log range out to whole decades, a tick at each, and at 2 and 5
 * times each when there are at most two decades. */
static void
range_nice_log(struct range *r, double *ticks, size_t *nticks)
{
	static const double mult[] = { 1, 2, 5 };
	double lo, hi;
	size_t steps;

	if (!r->any)
		r->lo = r->hi = 1;
	lo = floor(log10(r->lo));
	hi = ceil(log10(r->hi));
	if (hi <= lo)
		hi = lo + 1;
	if (hi - lo > 12)	/* 16 ticks at most */
		lo = hi - 12;
	r->lo = pow(10, lo);
	r->hi = pow(10, hi);
	steps = hi - lo <= 2 ? 3 : 1;
	*nticks = 0;
	for (double d = lo; d <= hi; d++)
		for (size_t k = 0; k < steps && *nticks < 16; k++)
			if (d < hi || k == 0)
				ticks[(*nticks)++] = mult[k] * pow(10, d);
}

/* Rounds the range out to whole ticks so the data never touches the
 * frame; a single value gets a unit-wide range around it. */
static void
range_nice(struct range *r, double *ticks, size_t *nticks)
{
	double step;

	if (r->log) {
		range_nice_log(r, ticks, nticks);
		return;
	}
	if (!r->any) {
		r->lo = 0;
		r->hi = 1;
	}
	if (r->hi - r->lo <= fabs(r->hi) * 1e-12) {
		double pad = r->hi == 0 ? 1 : fabs(r->hi) * 0.1;

		r->lo -= pad;
		r->hi += pad;
	}
	*nticks = svg_ticks(r->lo, r->hi, 6, ticks, &step);
	r->lo = floor(r->lo / step + 1e-9) * step;
	r->hi = ceil(r->hi / step - 1e-9) * step;
	*nticks = svg_ticks(r->lo, r->hi, 8, ticks, &step);
}

static double
scale(double v, const struct range *r, double a, double b)
{
	if (r->log)
		return a + (log10(fmax(v, r->lo)) - log10(r->lo)) /
		    (log10(r->hi) - log10(r->lo)) * (b - a);
	return a + (v - r->lo) / (r->hi - r->lo) * (b - a);
}

static void
num(struct sbuf *o, double v)
{
	sbuf_printf(o, "%.1f", v);
}

/* Presentation attributes rather than page CSS, so a chart copied out of
 * the page (or shown without the stylesheet) still looks the same. */
static const char *
text_style(const char *cls)
{
	if (strcmp(cls, "title") == 0)
		return "font-size=\"15\" font-weight=\"bold\" fill=\"#24292f\"";
	if (strcmp(cls, "badge") == 0)
		return "font-size=\"12\" font-weight=\"bold\" fill=\"#ffffff\"";
	if (strcmp(cls, "label") == 0)
		return "font-size=\"13\" fill=\"#24292f\"";
	if (strcmp(cls, "source") == 0)
		return "font-size=\"11\" fill=\"#57606a\"";
	if (strcmp(cls, "nodata") == 0)
		return "font-size=\"14\" fill=\"#6e7781\"";
	return "font-size=\"11\" fill=\"#24292f\"";	/* tick, legend */
}

static void
text(struct sbuf *o, double x, double y, const char *anchor,
    const char *cls, const char *s)
{
	sbuf_adds(o, "<text x=\"");
	num(o, x);
	sbuf_adds(o, "\" y=\"");
	num(o, y);
	sbuf_printf(o, "\" text-anchor=\"%s\" class=\"%s\" %s>", anchor, cls,
	    text_style(cls));
	svg_escape(o, s);
	sbuf_adds(o, "</text>\n");
}

static void
line(struct sbuf *o, double x1, double y1, double x2, double y2,
    const char *style)
{
	sbuf_adds(o, "<line x1=\"");
	num(o, x1);
	sbuf_adds(o, "\" y1=\"");
	num(o, y1);
	sbuf_adds(o, "\" x2=\"");
	num(o, x2);
	sbuf_adds(o, "\" y2=\"");
	num(o, y2);
	sbuf_printf(o, "\" %s/>\n", style);
}

/* --- pieces --------------------------------------------------------- */

static bool
is_bar(const struct svg_chart *c)
{
	return c->kind == SVG_BARS || c->kind == SVG_STACKED;
}

static struct range
y_range(const struct svg_chart *c)
{
	struct range r = {0};

	if (c->y_from_zero || is_bar(c) || c->kind == SVG_HIST)
		range_add(&r, 0);
	if (c->ymax_hint > 0)
		range_add(&r, c->ymax_hint);
	if (c->kind == SVG_STACKED) {
		for (size_t i = 0; i < c->ncats; i++) {
			double sum = 0;

			for (size_t s = 0; s < c->nseries; s++)
				if (i < c->series[s].n &&
				    isfinite(c->series[s].y[i]))
					sum += c->series[s].y[i];
			range_add(&r, sum);
		}
		return r;
	}
	for (size_t s = 0; s < c->nseries; s++)
		for (size_t i = 0; i < c->series[s].n; i++)
			range_add(&r, c->series[s].y[i]);
	return r;
}

static struct range
x_range(const struct svg_chart *c)
{
	struct range r = { .log = c->x_log };

	for (size_t s = 0; s < c->nseries; s++) {
		size_t n = c->series[s].n;

		if (c->series[s].x == NULL)
			continue;
		if (c->kind == SVG_HIST && n > 0)
			n++;	/* the last bin's right edge */
		for (size_t i = 0; i < n; i++)
			range_add(&r, c->series[s].x[i]);
	}
	for (size_t m = 0; m < c->nmarkers; m++)
		range_add(&r, c->markers[m].x);
	return r;
}

static void
y_axis(struct sbuf *o, const struct range *yr, const double *ticks,
    size_t nticks)
{
	char buf[32];

	for (size_t i = 0; i < nticks; i++) {
		double y = scale(ticks[i], yr, PLOT_B, PLOT_T);

		line(o, PLOT_L, y, PLOT_R, y, "class=\"grid\" stroke=\"#d8dee4\"");
		svg_fmt(buf, sizeof(buf), ticks[i]);
		text(o, PLOT_L - 6, y + 4, "end", "tick", buf);
	}
}

static void
x_axis(struct sbuf *o, const struct range *xr, const double *ticks,
    size_t nticks)
{
	char buf[32];

	for (size_t i = 0; i < nticks; i++) {
		double x = scale(ticks[i], xr, PLOT_L, PLOT_R);

		line(o, x, PLOT_B, x, PLOT_B + 4, "class=\"axis\" stroke=\"#24292f\"");
		svg_fmt(buf, sizeof(buf), ticks[i]);
		text(o, x, PLOT_B + LINE_H, "middle", "tick", buf);
	}
}

/* One small translucent dot per point: overlapping requests darken. */
static size_t
draw_points(struct sbuf *o, const struct svg_series *se,
    const struct range *xr, const struct range *yr)
{
	size_t drawn = 0;

	for (size_t i = 0; i < se->n; i++) {
		if (!plottable(xr, se->x[i]) || !isfinite(se->y[i]))
			continue;
		sbuf_adds(o, "<circle class=\"dot\" cx=\"");
		num(o, scale(se->x[i], xr, PLOT_L, PLOT_R));
		sbuf_adds(o, "\" cy=\"");
		num(o, scale(se->y[i], yr, PLOT_B, PLOT_T));
		sbuf_printf(o, "\" r=\"2\" fill=\"%s\" fill-opacity=\"0.5\"/>\n",
		    se->color);
		drawn++;
	}
	return drawn;
}

static size_t
draw_xy(struct sbuf *o, const struct svg_chart *c, const struct range *xr,
    const struct range *yr)
{
	size_t drawn = 0;

	for (size_t s = 0; s < c->nseries; s++) {
		const struct svg_series *se = &c->series[s];
		bool first = true;

		if (se->n == 0 || se->x == NULL)
			continue;
		if (c->kind == SVG_SCATTER) {
			drawn += draw_points(o, se, xr, yr);
			continue;
		}
		sbuf_printf(o, "<polyline class=\"series\" fill=\"none\" "
		    "stroke=\"%s\" stroke-width=\"2\"%s points=\"",
		    se->color, se->dashed ? " stroke-dasharray=\"6 4\"" : "");
		for (size_t i = 0; i < se->n; i++) {
			double x = scale(se->x[i], xr, PLOT_L, PLOT_R);
			double y = scale(se->y[i], yr, PLOT_B, PLOT_T);

			if (!plottable(xr, se->x[i]) || !isfinite(se->y[i]))
				continue;
			if (c->kind == SVG_STEPS && !first) {
				num(o, x);
				sbuf_addc(o, ',');
				num(o, scale(se->y[i - 1], yr, PLOT_B, PLOT_T));
				sbuf_addc(o, ' ');
			}
			num(o, x);
			sbuf_addc(o, ',');
			num(o, y);
			sbuf_addc(o, ' ');
			first = false;
		}
		sbuf_adds(o, "\"/>\n");
		for (size_t i = 0; i < se->n && c->kind == SVG_LINES; i++) {
			if (!plottable(xr, se->x[i]) || !isfinite(se->y[i]))
				continue;
			sbuf_adds(o, "<circle class=\"point\" cx=\"");
			num(o, scale(se->x[i], xr, PLOT_L, PLOT_R));
			sbuf_adds(o, "\" cy=\"");
			num(o, scale(se->y[i], yr, PLOT_B, PLOT_T));
			sbuf_printf(o, "\" r=\"3\" fill=\"%s\"/>\n", se->color);
		}
		drawn += se->n;
	}
	return drawn;
}

/* One rect per bin, edges on the numeric x axis; a series drawn over
 * another stays visible through its opacity. */
static size_t
draw_hist(struct sbuf *o, const struct svg_chart *c, const struct range *xr,
    const struct range *yr)
{
	size_t drawn = 0;
	char lo[32], hi[32], val[32];

	for (size_t s = 0; s < c->nseries; s++) {
		const struct svg_series *se = &c->series[s];

		for (size_t i = 0; se->x != NULL && i < se->n; i++) {
			double x0, x1, y0 = scale(0, yr, PLOT_B, PLOT_T), y1;

			if (!isfinite(se->x[i]) || !isfinite(se->x[i + 1]) ||
			    !isfinite(se->y[i]))
				continue;
			x0 = scale(se->x[i], xr, PLOT_L, PLOT_R);
			x1 = scale(se->x[i + 1], xr, PLOT_L, PLOT_R);
			y1 = scale(se->y[i], yr, PLOT_B, PLOT_T);
			svg_fmt(lo, sizeof(lo), se->x[i]);
			svg_fmt(hi, sizeof(hi), se->x[i + 1]);
			svg_fmt(val, sizeof(val), se->y[i]);
			sbuf_adds(o, "<rect class=\"bin\" x=\"");
			num(o, x0);
			sbuf_adds(o, "\" y=\"");
			num(o, y1);
			sbuf_adds(o, "\" width=\"");
			num(o, x1 - x0);
			sbuf_adds(o, "\" height=\"");
			num(o, y0 - y1);
			sbuf_printf(o, "\" fill=\"%s\" fill-opacity=\"0.6\" "
			    "stroke=\"#ffffff\" stroke-width=\"0.5\"><title>",
			    se->color);
			svg_escape(o, se->label);
			sbuf_printf(o, ": [%s, %s) = %s</title></rect>\n", lo, hi,
			    val);
			drawn++;
		}
	}
	return drawn;
}

static void
draw_markers(struct sbuf *o, const struct svg_chart *c,
    const struct range *xr)
{
	for (size_t m = 0; m < c->nmarkers; m++) {
		const struct svg_marker *mk = &c->markers[m];
		char style[96];

		if (!isfinite(mk->x))
			continue;
		snprintf(style, sizeof(style), "class=\"marker\" stroke=\"%s\" "
		    "stroke-width=\"2\"%s", mk->color,
		    mk->dashed ? " stroke-dasharray=\"3 3\"" : "");
		line(o, scale(mk->x, xr, PLOT_L, PLOT_R), PLOT_T,
		    scale(mk->x, xr, PLOT_L, PLOT_R), PLOT_B, style);
	}
}

static void
cat_label(struct sbuf *o, double x, const char *s)
{
	char cut[CAT_CHARS + 8];
	size_t n = strlen(s);

	/* Keep the end: pod names share their prefix and differ at the
	 * end.  The cut never starts inside a UTF-8 sequence. */
	if (n > CAT_CHARS) {
		const char *tail = s + n - (CAT_CHARS - 1);

		while (((unsigned char)*tail & 0xc0) == 0x80)
			tail++;
		memcpy(cut, "\xe2\x80\xa6", 3);	/* … */
		snprintf(cut + 3, sizeof(cut) - 3, "%s", tail);
		s = cut;
	}
	sbuf_adds(o, "<text x=\"");
	num(o, x);
	sbuf_adds(o, "\" y=\"");
	num(o, PLOT_B + 12);
	sbuf_printf(o, "\" text-anchor=\"end\" class=\"tick\" %s "
	    "transform=\"rotate(-30 ", text_style("tick"));
	num(o, x);
	sbuf_addc(o, ' ');
	num(o, PLOT_B + 12);
	sbuf_adds(o, ")\">");
	svg_escape(o, s);
	sbuf_adds(o, "</text>\n");
}

static void
bar(struct sbuf *o, double x, double y, double w, double h,
    const char *color, const struct svg_series *se, const char *cat,
    double v)
{
	char buf[32];

	svg_fmt(buf, sizeof(buf), v);
	sbuf_adds(o, "<rect class=\"bar\" x=\"");
	num(o, x);
	sbuf_adds(o, "\" y=\"");
	num(o, y);
	sbuf_adds(o, "\" width=\"");
	num(o, w);
	sbuf_adds(o, "\" height=\"");
	num(o, h < 0.5 && v != 0 ? 0.5 : h);
	sbuf_printf(o, "\" fill=\"%s\"><title>", color);
	svg_escape(o, cat);
	sbuf_adds(o, ": ");
	svg_escape(o, se->label);
	sbuf_printf(o, " = %s</title></rect>\n", buf);
}

static size_t
draw_bars(struct sbuf *o, const struct svg_chart *c, const struct range *yr)
{
	double slot = (double)(PLOT_R - PLOT_L) / (double)c->ncats;
	double inner = slot * 0.8;
	size_t groups = c->kind == SVG_STACKED ? 1 : c->nseries;
	double bw = groups ? inner / (double)groups : inner;
	size_t drawn = 0;

	for (size_t i = 0; i < c->ncats; i++) {
		double x0 = PLOT_L + slot * (double)i + slot * 0.1;
		double base = 0;

		for (size_t s = 0; s < c->nseries; s++) {
			const struct svg_series *se = &c->series[s];
			double v, top, bot, x;

			if (i >= se->n || !isfinite(se->y[i]))
				continue;
			v = se->y[i];
			if (c->kind == SVG_STACKED) {
				bot = scale(base, yr, PLOT_B, PLOT_T);
				base += v;
				top = scale(base, yr, PLOT_B, PLOT_T);
				x = x0;
			} else {
				bot = scale(v < 0 ? v : 0, yr, PLOT_B, PLOT_T);
				top = scale(v < 0 ? 0 : v, yr, PLOT_B, PLOT_T);
				x = x0 + bw * (double)s;
			}
			bar(o, x, top, bw, bot - top, se->color, se,
			    c->cats[i], v);
			drawn++;
		}
		cat_label(o, x0 + inner / 2, c->cats[i]);
	}
	return drawn;
}

/* Legend rows: swatch plus label, wrapped at the chart width.  Returns
 * the y below the last row. */
static double
legend(struct sbuf *o, const struct svg_chart *c, double y)
{
	double x = PLOT_L;

	if (c->nseries == 0 && c->nmarkers == 0)
		return y;
	y += LINE_H;
	for (size_t s = 0; s < c->nseries; s++) {
		const struct svg_series *se = &c->series[s];
		double w = 28 + 6.5 * (double)strlen(se->label ? se->label : "");

		if (x > PLOT_L && x + w > PLOT_R) {
			x = PLOT_L;
			y += LINE_H;
		}
		if (is_bar(c) || c->kind == SVG_HIST)
			sbuf_printf(o, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" "
			    "height=\"10\" fill=\"%s\"/>\n", x, y - 9,
			    se->color);
		else if (c->kind == SVG_SCATTER)
			sbuf_printf(o, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" "
			    "fill=\"%s\"/>\n", x + 8, y - 4, se->color);
		else
			sbuf_printf(o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
			    "y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"%s/>\n",
			    x, y - 4, x + 16, y - 4, se->color,
			    se->dashed ? " stroke-dasharray=\"6 4\"" : "");
		text(o, x + 20, y, "start", "legend", se->label);
		x += w;
	}
	for (size_t m = 0; m < c->nmarkers; m++) {
		const struct svg_marker *mk = &c->markers[m];
		double w = 28 + 6.5 * (double)strlen(mk->label ? mk->label : "");

		if (x > PLOT_L && x + w > PLOT_R) {
			x = PLOT_L;
			y += LINE_H;
		}
		sbuf_printf(o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"%s/>\n",
		    x + 7, y - 11, x + 7, y + 1, mk->color,
		    mk->dashed ? " stroke-dasharray=\"3 3\"" : "");
		text(o, x + 20, y, "start", "legend", mk->label);
		x += w;
	}
	return y;
}

/* The source, wrapped into at most three lines (cut with … after). */
static double
source_lines(struct sbuf *o, const char *src, double y)
{
	struct sbuf chunk = {0};
	size_t len = strlen(src), off = 0;

	for (int row = 0; row < 3 && off < len; row++) {
		size_t n = len - off > SOURCE_WRAP ? SOURCE_WRAP : len - off;

		/* Cut at a space, never inside a UTF-8 sequence. */
		if (off + n < len) {
			size_t k = n;

			while (k > SOURCE_WRAP / 2 && src[off + k] != ' ')
				k--;
			if (src[off + k] == ' ')
				n = k;
			while (n > 1 && ((unsigned char)src[off + n] & 0xc0) ==
			    0x80)
				n--;
		}
		sbuf_reset(&chunk);
		if (row == 0)
			sbuf_adds(&chunk, "Source: ");
		sbuf_add(&chunk, src + off, n);
		if (row == 2 && off + n < len)
			sbuf_adds(&chunk, " \xe2\x80\xa6");
		y += LINE_H;
		text(o, 8, y, "start", "source", sbuf_str(&chunk));
		off += n;
		while (off < len && src[off] == ' ')
			off++;
	}
	sbuf_free(&chunk);
	return y;
}

size_t
svg_chart(struct sbuf *o, const struct svg_chart *c)
{
	struct sbuf body = {0};
	struct range xr = {0}, yr = y_range(c);
	double xt[16], yt[16], y;
	size_t nxt = 0, nyt, drawn;
	const char *frame = svg_verdict_color(c->status);

	range_nice(&yr, yt, &nyt);
	y_axis(&body, &yr, yt, nyt);
	if (is_bar(c)) {
		drawn = c->ncats ? draw_bars(&body, c, &yr) : 0;
		y = PLOT_B + 64;
	} else {
		xr = x_range(c);
		range_nice(&xr, xt, &nxt);
		x_axis(&body, &xr, xt, nxt);
		if (c->kind == SVG_HIST)
			drawn = draw_hist(&body, c, &xr, &yr);
		else
			drawn = draw_xy(&body, c, &xr, &yr);
		draw_markers(&body, c, &xr);
		y = PLOT_B + 22;
	}
	line(&body, PLOT_L, PLOT_T, PLOT_L, PLOT_B, "class=\"axis\" stroke=\"#24292f\"");
	line(&body, PLOT_L, PLOT_B, PLOT_R, PLOT_B, "class=\"axis\" stroke=\"#24292f\"");
	if (drawn == 0)
		text(&body, (PLOT_L + PLOT_R) / 2.0, PLOT_T + PLOT_H / 2.0,
		    "middle", "nodata", "no data");
	y += LINE_H;
	text(&body, (PLOT_L + PLOT_R) / 2.0, y, "middle", "label",
	    c->xlabel ? c->xlabel : "");
	y = legend(&body, c, y);
	y = source_lines(&body, c->source ? c->source : "(not given)", y);
	y += 10;

	sbuf_adds(o, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" "
	    "font-family=\"sans-serif\"");
	if (c->id != NULL) {
		sbuf_adds(o, " id=\"");
		svg_escape(o, c->id);
		sbuf_addc(o, '"');
	}
	sbuf_printf(o, " width=\"%d\" height=\"%.0f\" viewBox=\"0 0 %d %.0f\" "
	    "role=\"img\" data-points=\"%zu\"", W, y, W, y, drawn);
	if (c->status != NULL) {
		sbuf_adds(o, " data-status=\"");
		svg_escape(o, c->status);
		sbuf_addc(o, '"');
	}
	sbuf_adds(o, ">\n<title>");
	svg_escape(o, c->title);
	sbuf_adds(o, "</title>\n");
	sbuf_printf(o, "<rect class=\"frame\" x=\"0.5\" y=\"0.5\" width=\"%d\" "
	    "height=\"%.0f\" fill=\"#ffffff\" stroke=\"%s\" stroke-width=\"%s\"/>\n",
	    W - 1, y - 1, frame, c->status ? "2" : "1");
	text(o, 8, 20, "start", "title", c->title);
	if (c->status != NULL) {
		sbuf_printf(o, "<rect x=\"%d\" y=\"6\" width=\"96\" height=\"20\" "
		    "rx=\"3\" fill=\"%s\"/>\n", W - 104, frame);
		text(o, W - 56, 20, "middle", "badge", c->status);
	}
	sbuf_adds(o, "<text x=\"16\" y=\"");
	num(o, (PLOT_T + PLOT_B) / 2.0);
	sbuf_printf(o, "\" text-anchor=\"middle\" class=\"label\" %s "
	    "transform=\"rotate(-90 16 ", text_style("label"));
	num(o, (PLOT_T + PLOT_B) / 2.0);
	sbuf_adds(o, ")\">");
	svg_escape(o, c->ylabel);
	sbuf_adds(o, "</text>\n");
	sbuf_add(o, sbuf_str(&body), body.len);
	sbuf_adds(o, "</svg>\n");
	sbuf_free(&body);
	return drawn;
}
