#ifndef _ISL_INCLUDE_ISL_STDINT_H
#define _ISL_INCLUDE_ISL_STDINT_H 1
/* What isl's `configure` writes on a system with <stdint.h>. */
#include <stdint.h>
#endif
