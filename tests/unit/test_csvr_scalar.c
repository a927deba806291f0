/* The CSV reader's portable splitter, which machines without SSE2 run,
 * under the same unit tests as the SSE2 one: lib/csvr.c is compiled in
 * here with S2R_NO_SIMD, so the library's copy is not linked. */
#define S2R_NO_SIMD 1
#include "../../lib/csvr.c"
#include "test_csvr.c"
