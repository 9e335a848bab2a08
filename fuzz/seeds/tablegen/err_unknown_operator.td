def x { int a = !bogus(1); }
