class C<int a> { int v = a; }
def x : C<1, 2>;
