def x { int a = !div(1, 0); }
