/* Shared by the loop collection's files (benches/loops/gen.py writes this file). */
#ifndef LOOPS_H
#define LOOPS_H
#include <math.h>
#define N 32000
#define M 256
/* Repetitions of each loop: the benchmark's defaults; the tests pass -DREPS=1. */
#ifndef REPS
#define REPS 400
#endif
#ifndef REPS_2D
#define REPS_2D (REPS / 4 + 1)
#endif
struct loop {
  const char *name, *type, *kind;
  void (*run)(void);
  void (*init)(void);
  unsigned long (*hash)(void);
};
void dummy(void *p, void *q);
void sink(double x);
unsigned long hash_bytes(unsigned long h, const void *p, unsigned long n);
#endif
