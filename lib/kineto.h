/* kineto.h - PyTorch profiler (Kineto) Chrome-trace JSON, streamed.
 *
 * The trace is walked event by event (never loaded whole): GPU kernels,
 * memcpy and memset rows become operations; cuda_runtime / cuda_driver
 * calls with a correlation id become launches; ProfilerStep#N, vLLM
 * execute_... and SGLang step[...] annotations become markers (host ones
 * from user_annotation, GPU-projected ones from gpu_user_annotation);
 * distributedInfo gives rank and world size.  "ts" and "dur" are
 * converted from their decimal text to integer nanoseconds exactly.
 * cuda_sync rows and other categories are counted, not used. */
#ifndef S2R_KINETO_H
#define S2R_KINETO_H

#include <stddef.h>

#include "ktrace.h"

/* Reads from fd (plain or gzip; closed when done).  Dies with
 * label:line:column on anything that is not a readable trace. */
void	kineto_read_fd(struct ktrace *t, int fd, const char *label);
void	kineto_read_mem(struct ktrace *t, const void *buf, size_t len,
	    const char *label);

/* Frees what a read left behind when s2r_die_hook jumped out of it. */
void	kineto_reset(void);

#endif
