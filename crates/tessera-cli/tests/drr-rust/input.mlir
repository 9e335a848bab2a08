func.func @f(%arg0: i32, %arg1: i64) -> (i32, i32, i32, i64, i64, i32) {
  %c = "test.const"() {value = 5 : i32} : () -> i32
  %0 = "test.e"(%c) : (i32) -> i32
  %s = "test.str"(%arg0) {tag = "t"} : (i32) -> i32
  %1 = "test.f"(%s) : (i32) -> i32
  %t = "test.a"(%arg0) {attr = 3 : i32} : (i32) -> i32
  %2 = "test.f"(%t) : (i32) -> i32
  "test.sink"(%s) : (i32) -> ()
  %3:2 = "test.pair"(%arg0, %arg1) : (i32, i64) -> (i64, i64)
  %4 = "test.same"(%arg0) : (i32) -> i32
  %5 = "test.e"(%arg0) : (i32) -> i32
  %f = "test.f"(%arg0) : (i32) -> i32
  %6 = "test.same"(%f) : (i32) -> i32
  %7 = "test.d"(%arg0, %f) : (i32, i32) -> i32
  "test.sink"(%6) : (i32) -> ()
  "test.sink"(%7) : (i32) -> ()
  %8 = "test.d"(%arg1, %f) : (i64, i32) -> i32
  "test.sink"(%8) : (i32) -> ()
  return %0, %1, %2, %3#0, %3#1, %4 : i32, i32, i32, i64, i64, i32
}
