/* htmlpage.c - HTML escaping and page furniture (see htmlpage.h). */
#include "htmlpage.h"
#include "svg.h"

void
html_escape(struct sbuf *o, const char *s)
{
	svg_escape(o, s);
}

static const char css[] =
	"body{font-family:sans-serif;margin:2em auto;max-width:72em;"
	"padding:0 1em;color:#24292f;line-height:1.4}\n"
	"table{border-collapse:collapse;margin:.5em 0 1em}\n"
	"th,td{border:1px solid #d0d7de;padding:.25em .6em;text-align:left;"
	"vertical-align:top}\n"
	"th{background:#f6f8fa}\n"
	"td.num{text-align:right}\n"
	".v-PASS{background:#dafbe1;color:#1a7f37;font-weight:bold}\n"
	".v-WARN{background:#fff8c5;color:#9a6700;font-weight:bold}\n"
	".v-FAIL{background:#ffebe9;color:#cf222e;font-weight:bold}\n"
	".v-MISSING{background:#fbefff;color:#8250df;font-weight:bold}\n"
	".v-INAPPLICABLE{background:#f6f8fa;color:#6e7781}\n"
	".v-ERROR{background:#ffebe9;color:#cf222e;font-weight:bold}\n"
	"figure{margin:1em 0;display:inline-block;vertical-align:top}\n"
	"figcaption{font-size:.85em;color:#57606a;max-width:680px}\n"
	"svg.chart{font-family:sans-serif;max-width:100%;height:auto}\n"
	"code,.src{font-family:monospace;font-size:.9em}\n"
	"details{margin:.3em 0 1em}\n";

void
html_begin(struct sbuf *o, const char *title)
{
	sbuf_adds(o, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\""
	    "default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width\">\n"
	    "<title>");
	html_escape(o, title);
	sbuf_printf(o, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", css);
}

void
html_end(struct sbuf *o)
{
	sbuf_adds(o, "</body>\n</html>\n");
}
