/* isl's version string (`isl_version()`): isl 0.27 with optimist's three fixes (`optimist.3`). */
#define GIT_HEAD_ID "isl-0.27+optimist.3"
