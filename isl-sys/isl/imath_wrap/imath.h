#include "wrap.h"
#include "../imath/imath.h"
