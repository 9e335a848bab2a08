func.func @f(%arg0: i32) -> i32 {
  %0 = "test.a"(%arg0) {attr = 5 : i64} : (i32) -> i32
  return %0 : i32
}
