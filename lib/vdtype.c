/* vdtype.c - see vdtype.h. */
#include <string.h>

#include "vdtype.h"

const char *
vdtype_canon(const char *s)
{
	static const struct {
		const char	*names;		/* space separated */
		const char	*torch;
	} d[] = {
		{ " half float16 fp16 torch.float16 torch.half ",
		  "torch.float16" },
		{ " bfloat16 bf16 torch.bfloat16 ", "torch.bfloat16" },
		{ " float float32 fp32 torch.float32 torch.float ",
		  "torch.float32" },
		{ NULL, NULL }
	};
	char key[32];
	size_t n;

	if (s == NULL || (n = strlen(s)) == 0 || n + 3 > sizeof(key) ||
	    strchr(s, ' ') != NULL)
		return NULL;
	key[0] = ' ';
	for (size_t i = 0; i < n; i++)
		key[i + 1] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 :
		    s[i]);
	key[n + 1] = ' ';
	key[n + 2] = '\0';
	for (size_t i = 0; d[i].names != NULL; i++)
		if (strstr(d[i].names, key) != NULL)
			return d[i].torch;
	return NULL;
}
