class C { int a = 1; }
def x : C { let b = 2; }
