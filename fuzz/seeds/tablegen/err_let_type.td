class C { int a = 1; }
def d : C { let a = "str"; }
