/* cfgutil.c - the text of config.md cells and the expect records the
 * config.md readers build; see cfgutil.h. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cfgutil.h"
#include "err.h"
#include "numtext.h"
#include "rec.h"
#include "str.h"

/* Names as cfg_normalise() writes them: lower case, "--" dropped,
 * spaces and dashes as underscores. */
static const struct vparam vparams[] = {
	{ "vllm.model", "model model_name", V_STR, NULL, "2a" },
	{ "vllm.hardware", "gpu hardware gpu_type accelerator", V_STR, NULL,
	  "2a" },
	{ "vllm.tensor_parallel_size", "tensor_parallel_size tp tp_size "
	  "tensor_parallel", V_INT, "count", "2a" },
	{ "vllm.pipeline_parallel_size", "pipeline_parallel_size", V_INT,
	  "count", "2a" },
	{ "vllm.data_parallel_size", "data_parallel_size", V_INT, "count",
	  "2a" },
	{ "vllm.max_num_seqs", "max_num_seqs", V_INT, "count", "2a" },
	{ "vllm.max_num_batched_tokens", "max_num_batched_tokens", V_INT,
	  "tokens", "2a" },
	{ "vllm.block_size", "block_size block_size_in_tokens", V_INT,
	  "tokens", "2a" },
	{ "vllm.gpu_memory_utilization", "gpu_memory_utilization", V_NUM,
	  "fraction", "2a" },
	{ "vllm.max_model_len", "max_model_len max_seq_len", V_INT, "tokens",
	  "2a" },
	{ "vllm.enable_chunked_prefill", "enable_chunked_prefill", V_BOOL, NULL,
	  "2a" },
	{ "vllm.enable_prefix_caching", "enable_prefix_caching", V_BOOL, NULL,
	  "2a" },
	{ "vllm.dtype", "dtype", V_STR, NULL, "2a" },
	{ "vllm.kv_cache_dtype", "kv_cache_dtype", V_STR, NULL, "2a" },
	{ "vllm.swap_space", "swap_space", V_NUM, NULL, "2a" },
	{ "vllm.enforce_eager", "enforce_eager", V_BOOL, NULL, "2a" },
	{ "instances.count", "number_of_pods number_of_vllm_pods "
	  "number_of_decode_pods number_of_instances instances replicas "
	  "num_instances", V_INT, "count", "2b" },
	/* of those, the prefill-only pods of a disaggregated deployment */
	{ "instances.prefill", "prefill_replicas number_of_prefill_pods",
	  V_INT, "count", "2b" },
	{ NULL, NULL, V_STR, NULL, NULL }
};

/* Drops **, backticks and one pair of surrounding quotes; trims. */
char *
cfg_clean(const char *s)
{
	struct sbuf b = {0};
	char *r;
	size_t n;

	for (; *s != '\0'; s++) {
		if (*s == '`' || (s[0] == '*' && s[1] == '*')) {
			s += *s == '*';
			continue;
		}
		sbuf_addc(&b, *s);
	}
	r = xstrdup(sbuf_str(&b));
	sbuf_free(&b);
	s = r;
	while (isspace((unsigned char)*s))
		s++;
	n = strlen(s);
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	if (n >= 2 && (s[0] == '"' || s[0] == '\'') && s[n - 1] == s[0]) {
		s++;
		n -= 2;
	}
	s = xstrndup(s, n);
	free(r);
	return (char *)s;
}

/* "Number of vLLM pods" -> "number_of_vllm_pods"; "--block-size" ->
 * "block_size". */
char *
cfg_normalise(const char *raw)
{
	char *s = cfg_clean(raw), *p;
	const char *from = s;

	while (*from == '-')
		from++;
	p = xstrdup(from);
	free(s);
	for (s = p; *s != '\0'; s++) {
		if (*s == ' ' || *s == '-')
			*s = '_';
		else
			*s = (char)tolower((unsigned char)*s);
	}
	return p;
}

bool
cfg_word_in(const char *word, const char *list)
{
	size_t n = strlen(word);

	while (*list != '\0') {
		size_t k = strcspn(list, " ");

		if (k == n && strncmp(list, word, n) == 0)
			return true;
		list += k;
		while (*list == ' ')
			list++;
	}
	return false;
}

/* The parameter a name stands for; *negate for "no_enable_…". */
const struct vparam *
cfg_find_param(const char *name, bool *negate)
{
	*negate = false;
	for (const struct vparam *v = vparams; v->metric != NULL; v++)
		if (cfg_word_in(name, v->aliases))
			return v;
	if (strncmp(name, "no_", 3) == 0) {
		for (const struct vparam *v = vparams; v->metric != NULL; v++)
			if (v->type == V_BOOL &&
			    cfg_word_in(name + 3, v->aliases)) {
				*negate = true;
				return v;
			}
	}
	return NULL;
}

/* The first whitespace token with thousands separators removed. */
char *
cfg_first_token(const char *s)
{
	struct sbuf b = {0};
	char *r;

	while (isspace((unsigned char)*s))
		s++;
	for (; *s != '\0' && !isspace((unsigned char)*s); s++)
		if (*s != ',' || !isdigit((unsigned char)s[1]))
			sbuf_addc(&b, *s);
	/* A unicode minus (U+2212) reads as "-". */
	if (b.len >= 3 && memcmp(b.s, "\xe2\x88\x92", 3) == 0) {
		r = xstrdup(b.s + 2);
		r[0] = '-';
	} else {
		r = xstrdup(sbuf_str(&b));
	}
	sbuf_free(&b);
	return r;
}

int
cfg_bool_word(const char *w)
{
	static const char *const yes[] = { "true", "yes", "1", "on",
	    "enabled", NULL };
	static const char *const no[] = { "false", "no", "0", "off",
	    "disabled", NULL };

	for (size_t i = 0; yes[i] != NULL; i++) {
		if (strcasecmp(w, yes[i]) == 0)
			return 1;
		if (strcasecmp(w, no[i]) == 0)
			return 0;
	}
	return -1;
}

/* true/yes/1 …, else a lone "true" or "false" inside annotation text. */
static int
bool_of(const char *text)
{
	char *tok = cfg_first_token(text), *low = xstrdup(text);
	int b = cfg_bool_word(tok), t, f;

	for (char *p = low; *p != '\0'; p++)
		*p = (char)tolower((unsigned char)*p);
	t = strstr(low, "true") != NULL;
	f = strstr(low, "false") != NULL;
	if (b < 0 && t != f)
		b = t;
	free(tok);
	free(low);
	return b;
}

/* A number with a suffix, as people write them in config.md and vLLM
 * reads them: a fraction as a percentage ("90%" is vLLM's 0.9), a count
 * with vLLM's human-readable suffixes (--max-model-len 40K: k m g are
 * powers of 1000, K M G of 1024, and a binary suffix takes no decimals).
 * NULL when tok is none of these. */
static json_t *
scaled_number(enum vtype type, const char *tok)
{
	static const char suffix[] = "kmgKMG";
	size_t n = strlen(tok);
	const char *at;
	json_t *v, *r = NULL;
	double x, mult;

	if (n < 2 || (v = num_json(tok, n - 1)) == NULL)
		return NULL;
	x = json_number_value(v);
	at = strchr(suffix, tok[n - 1]);
	if (type == V_NUM && tok[n - 1] == '%')
		r = json_real(x / 100.0);
	else if (type == V_INT && at != NULL &&
	    (json_is_integer(v) || at < suffix + 3) && x >= 0) {
		mult = at < suffix + 3 ? pow(1000.0, (double)(at - suffix) + 1) :
		    pow(1024.0, (double)(at - suffix) - 2);
		if (x * mult < 9.0e15)
			r = json_integer((json_int_t)(x * mult));
	}
	json_decref(v);
	return r;
}

/* "90 %": a percent sign as the second token of text. */
static bool
percent_follows(const char *text)
{
	while (isspace((unsigned char)*text))
		text++;
	while (*text != '\0' && !isspace((unsigned char)*text))
		text++;
	while (isspace((unsigned char)*text))
		text++;
	return *text == '%';
}

/* A typed value, or NULL with *why. */
json_t *
cfg_typed_value(enum vtype type, const char *text, bool bare, bool negate,
    const char **why)
{
	char *tok;
	json_t *v;
	int b;

	switch (type) {
	case V_STR:
		if (text[0] == '\0') {
			*why = "the value cell is empty";
			return NULL;
		}
		return json_string(text);
	case V_BOOL:
		b = text[0] == '\0' && bare ? 1 : bool_of(text);
		if (b < 0) {
			*why = "expected true or false";
			return NULL;
		}
		return json_boolean(negate ? !b : b);
	case V_INT:
	case V_NUM:
		break;
	}
	tok = cfg_first_token(text);
	v = num_json(tok, strlen(tok));
	if (v == NULL)
		v = scaled_number(type, tok);
	else if (type == V_NUM && percent_follows(text)) {
		double x = json_number_value(v);

		json_decref(v);
		v = json_real(x / 100.0);
	}
	free(tok);
	if (v == NULL)
		*why = "expected a number as the first token";
	return v;
}

char *
cfg_lower(const char *s)
{
	char *r = xstrdup(s);

	for (char *p = r; *p != '\0'; p++)
		*p = (char)tolower((unsigned char)*p);
	return r;
}

void
cfgrec_add(struct cfgctx *c, const struct cfgrec *r)
{
	json_t *rec = rec_begin(&(struct rec_head){
	    .kind = r->kind != NULL ? r->kind : "expect", .check = r->check,
	    .metric = r->metric, .key = r->key, .value = r->value,
	    .unit = r->unit, .n = -1 });
	json_t *scope = rec_scope_new();

	rec_scope_set(scope, "phase", r->phase);
	rec_scope_set(scope, "class", r->cls);
	rec_end(rec, scope, rec_source(r->file != NULL ? r->file :
	    c->doc->path, r->at.line, r->at.column, r->at.field, r->at.how));
	if (r->value == NULL)
		rec_incomparable(rec, r->why);
	json_array_append_new(c->out, rec);
}
