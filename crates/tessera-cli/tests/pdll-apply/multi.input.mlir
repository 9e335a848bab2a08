func.func @g(%a: i32, %b: i32, %c: f32) -> (i32, i32, i32, f32, i64) {
  %0 = "demo.neg"(%a) : (i32) -> i32
  %1 = "demo.neg"(%0) : (i32) -> i32
  %2 = "demo.sub"(%b, %b) : (i32, i32) -> i32
  "demo.marker"() : () -> ()
  %3:2 = "demo.swap"(%1, %c) : (i32, f32) -> (i32, f32)
  %4 = "demo.wrap"(%a, %b, %c) : (i32, i32, f32) -> i32
  %5 = "demo.neg"(%2) : (i32) -> i32
  %6 = "demo.use"(%4) : (i32) -> i64
  return %5, %3#0, %2, %3#1, %6 : i32, i32, i32, f32, i64
}
