// run: 
// setup: 0
// Issue 40: int n; n = 5; int B[n]; a local array sized by a local assigned a constant before its
// declaration. Local arrays are allocated when the function starts: the size now takes the constant
// (before: the interpreter refused, the C fallback read n uninitialized).
void k(int A[100]) {
  int n;
  n = 5;
  int B[n];
  for (int i = 0; i < n; i++) B[i] = i;
  for (int i = 0; i < n; i++) A[i] = B[i] * 2;
}
