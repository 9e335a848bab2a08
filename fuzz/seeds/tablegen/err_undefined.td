def x {
  int a = undefined_name;
}
