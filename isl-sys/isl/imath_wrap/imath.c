#include "wrap.h"
#include "../imath/imath.c"
