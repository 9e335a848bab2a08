class C;
def x { C c = !cast<C>("missing"); }
