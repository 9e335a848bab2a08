class C { int a = ?; int b = !add(a, 1); }
multiclass M { def _a : C; }
defm y : M;
