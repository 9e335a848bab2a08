func.func @f(%a: i32, %b: i32, %c: f32, %d: i32) -> (i32, i32, i64, i32) {
  %0 = "demo.neg"(%a) : (i32) -> i32
  %1 = "demo.neg"(%b) : (i32) -> i32
  %2 = "demo.use"(%b) : (i32) -> i32
  %3 = "demo.pack"(%a, %b, %c) : (i32, i32, f32) -> i64
  %4 = "demo.neg"(%d) : (i32) -> i32
  %5 = "demo.pack"(%a, %b) : (i32, i32) -> i64
  return %0, %1, %3, %4 : i32, i32, i64, i32
}
