/* pyrepr.h - Python repr() text as jansson values.
 *
 * vLLM logs its configuration with Python's repr(): the "non-default
 * args: {...}" line is a dict repr, the engine line a "key=value, ..."
 * list whose values are reprs or bare words.  Both nest object reprs
 * (KVEventsConfig(...)), enum reprs (<CompilationMode.X: 3>), lists,
 * tuples, dicts and quoted strings, so single keys cannot be picked out
 * with a pattern: this parses the whole thing.
 *
 * Mapping: dict -> object (keys as text), list/tuple/set -> array,
 * 'str' -> string, int -> integer (real when beyond int64), float ->
 * real, True/False -> boolean, None -> null, Name(k=v, ...) -> object
 * whose first key is "__class__": "Name" (positional arguments under
 * "__args__"), <enum repr> and other bare words (torch.bfloat16, inf)
 * -> their text. */
#ifndef S2R_PYREPR_H
#define S2R_PYREPR_H

#include <stddef.h>

#include <jansson.h>

#include "perr.h"

/* Deeper nesting than this is reported as an error, not recursed into. */
#define PYREPR_MAX_DEPTH 64
/* Error messages are cut to this many bytes, NUL included. */
#define PYREPR_MAX_MSG	160

/* A repr is one line of text: an error's err->line is 1 and err->column
 * the problem's byte offset in the input plus 1. */

/* One value that fills [s, s+n) but for surrounding blanks.  NULL on
 * error, with err filled. */
json_t	*pyrepr_parse(const char *s, size_t n, struct perr *err);

/* A dict repr "{...}".  On an error inside it (a truncated line), the
 * entries before the error are returned and err is filled; NULL only
 * when not even the opening brace is there. */
json_t	*pyrepr_parse_dict(const char *s, size_t n, struct perr *err);

/* "key=value, key=value" (vLLM's engine config line).  A value that is
 * not one complete repr (served_model_name=Qwen/Qwen3-14B) is kept as
 * its text, up to the next comma outside brackets and quotes.  Like
 * pyrepr_parse_dict, returns what came before an error. */
json_t	*pyrepr_parse_kwargs(const char *s, size_t n, struct perr *err);

/* Compact text for a value (JSON, insertion order); caller frees. */
char	*pyrepr_text(const json_t *v);

#endif
