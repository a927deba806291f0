/* rules_args.h - check 5a, the vLLM arguments per server log
 * (rules_args.c); rules_runtime.c's table calls it. */
#ifndef S2R_RULES_ARGS_H
#define S2R_RULES_ARGS_H

#include "judge.h"

/* 5a: vllm.args per instance, each parameter of config.md that differs,
 * and each parameter config.md does not give on which the instance
 * differs from its siblings. */
void	rule_vllm_args(struct judge *j, const struct rule *r,
	    const struct jcell *c);

#endif
