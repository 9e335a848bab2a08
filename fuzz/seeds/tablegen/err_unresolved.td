class C { int a = ?; int b = !add(a, 1); }
def x : C;
