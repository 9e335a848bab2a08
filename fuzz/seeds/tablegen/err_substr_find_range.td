def x { int y = !find("abc", "b", 9); string z = !substr("abc", 1, -1); }
