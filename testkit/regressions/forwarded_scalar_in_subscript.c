// run: 
// setup: 0
// Issue 40, from another polyhedral tool's tests: the subscript of A[i] reads i, which DeLICM
// forwarded (i = i * i of i = 1); the subscript kept the removed read (JIT: 'access a1 has no
// index', C: A indexed by its own address, SIGSEGV).
void k(int A[10]) { int i = 1; i = i * i; A[i] = 1; A[0] = 0; }
