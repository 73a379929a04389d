/* isl's version string (`isl_version()`): isl 0.27 with optimist's four fixes (`optimist.4`). */
#define GIT_HEAD_ID "isl-0.27+optimist.4"
