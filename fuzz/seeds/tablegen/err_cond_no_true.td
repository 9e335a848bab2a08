class C<int n> { int v = !cond(!eq(n, 1): 1); }
def x : C<2>;
