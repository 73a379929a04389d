// run: 
// setup: 0
// Issue 40: the same as forwarded_scalar_in_subscript through a copy (c = b): a panic
// (index out of bounds in Scop::access) after the model was renumbered.
void k(int a[10]) { int b, c; b = 1; c = b; b = 2; a[c] = 5; }
