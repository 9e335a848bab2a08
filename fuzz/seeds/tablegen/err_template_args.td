class C<int a, int b> { int sum = !add(a, b); }
def x : C<1>;
