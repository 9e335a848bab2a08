class C<int a> { int v = a; }
def x : C<"str">;
