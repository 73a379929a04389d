/* isl's configuration for optimist's build of isl 0.27 (what isl's `configure` writes, fixed
 * here so that every build of optimist-isl-sys is configured alike: in this workspace, as a
 * dependency, from the packaged crate, through `cargo install`). It holds for a C compiler of
 * the GNU family (gcc, clang) on a Unix-like system; `build.rs` refuses any other.
 *
 * The two lines that matter: isl's own big integers (imath) with the small-integer
 * optimisation (`--with-int=imath-32`): values that fit in 32 bits skip the big-integer code. */
#define USE_IMATH_FOR_MP /**/
#define USE_SMALL_INT_OPT /**/

#define GCC_WARN_UNUSED_RESULT __attribute__((__warn_unused_result__))
#define HAVE___ATTRIBUTE__ 1
#define HAVE_DECL_FFS 1
#define HAVE_DECL___BUILTIN_FFS 1
#define HAVE_DECL__BITSCANFORWARD 0
#define HAVE_DECL_SNPRINTF 1
#define HAVE_DECL__SNPRINTF 0
#define HAVE_DECL_STRCASECMP 1
#define HAVE_DECL__STRICMP 0
#define HAVE_DECL_STRNCASECMP 1
#define HAVE_DECL__STRNICMP 0
#define HAVE_INTTYPES_H 1
#define HAVE_STDINT_H 1
#define HAVE_STDIO_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STRINGS_H 1
#define HAVE_STRING_H 1
#define HAVE_SYS_STAT_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_UNISTD_H 1
#define STDC_HEADERS 1

#define PACKAGE "isl"
#define PACKAGE_BUGREPORT "isl-development@googlegroups.com"
#define PACKAGE_NAME "isl"
#define PACKAGE_STRING "isl 0.27"
#define PACKAGE_TARNAME "isl"
#define PACKAGE_URL ""
#define PACKAGE_VERSION "0.27"
#define VERSION "0.27"

#include <isl_config_post.h>
