/* vdtype.h - vLLM's names of one dtype as one name.  vLLM's --dtype
 * takes half, float16, bfloat16, float, float32 (or auto); its engine
 * config line states the resolved torch.<dtype>; config.md may write
 * either, or bf16 / fp16 / fp32.  Pure text, no reader. */
#ifndef S2R_VDTYPE_H
#define S2R_VDTYPE_H

/* The torch name of a dtype ("half" -> "torch.float16"), or NULL when
 * s names none (auto, or anything else). */
const char	*vdtype_canon(const char *s);

#endif
