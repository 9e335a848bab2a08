def x {
  int a = !add("a", 1);
}
