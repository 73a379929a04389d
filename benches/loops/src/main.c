/* The loop collection's driver (benches/loops/gen.py writes this file): runs every loop
 * (or those named on the command line), printing its name, type, seconds and the hash of
 * the arrays and of the values handed to `sink`. */
#include "loops.h"
#include <stdio.h>
#include <string.h>
#include <time.h>

extern const struct loop loops_float0[]; extern const int n_loops_float0;
extern const struct loop loops_float1[]; extern const int n_loops_float1;
extern const struct loop loops_float2[]; extern const int n_loops_float2;
extern const struct loop loops_float3[]; extern const int n_loops_float3;
extern const struct loop loops_double0[]; extern const int n_loops_double0;
extern const struct loop loops_double1[]; extern const int n_loops_double1;
extern const struct loop loops_double2[]; extern const int n_loops_double2;
extern const struct loop loops_double3[]; extern const int n_loops_double3;

static unsigned long sunk = 1469598103934665603UL;
void dummy(void *p, void *q) { __asm__ volatile("" : : "r"(p), "r"(q) : "memory"); }
void sink(double x) { sunk = hash_bytes(sunk, &x, sizeof x); }
unsigned long hash_bytes(unsigned long h, const void *p, unsigned long n) {
  const unsigned char *s = p;
  for (unsigned long k = 0; k < n; k++) { h ^= s[k]; h *= 1099511628211UL; }
  return h;
}

static void run(const struct loop *l, int argc, char **argv) {
  if (argc > 1) {
    int named = 0;
    for (int k = 1; k < argc; k++) named |= strcmp(argv[k], l->name) == 0;
    if (!named) return;
  }
  l->init();
  sunk = 1469598103934665603UL;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  l->run();
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
  printf("%s %s %.6f %016lx %016lx\n", l->name, l->type, s, l->hash(), sunk);
}

int main(int argc, char **argv) {
  for (int k = 0; k < n_loops_float0; k++) run(&loops_float0[k], argc, argv);
  for (int k = 0; k < n_loops_float1; k++) run(&loops_float1[k], argc, argv);
  for (int k = 0; k < n_loops_float2; k++) run(&loops_float2[k], argc, argv);
  for (int k = 0; k < n_loops_float3; k++) run(&loops_float3[k], argc, argv);
  for (int k = 0; k < n_loops_double0; k++) run(&loops_double0[k], argc, argv);
  for (int k = 0; k < n_loops_double1; k++) run(&loops_double1[k], argc, argv);
  for (int k = 0; k < n_loops_double2; k++) run(&loops_double2[k], argc, argv);
  for (int k = 0; k < n_loops_double3; k++) run(&loops_double3[k], argc, argv);
  return 0;
}
