func.func @carry(%arg0: i32) -> (i32, i32) {
  %0 = "test.opt"(%arg0) {maybe = 3 : i32} : (i32) -> i32
  %1 = "test.opt"(%arg0) : (i32) -> i32
  return %0, %1 : i32, i32
}
func.func @default(%arg0: i32) -> (i32, i32, i32) {
  %0 = "test.def"(%arg0) {level = 3 : i32} : (i32) -> i32
  %1 = "test.def"(%arg0) : (i32) -> i32
  %2 = "test.def"(%arg0) {level = 7 : i32} : (i32) -> i32
  return %0, %1, %2 : i32, i32, i32
}
func.func @opt_one() -> (i32, i32, i32) {
  %0 = "test.b"() : () -> i32
  %1 = "test.opt"(%0) {maybe = 1 : i32} : (i32) -> i32
  %2 = "test.opt"(%0) : (i32) -> i32
  %3 = "test.opt"(%0) {maybe = 2 : i32} : (i32) -> i32
  return %1, %2, %3 : i32, i32, i32
}

func.func @unit(%arg0: i32) -> (i32, i32) {
  %0 = "test.unit"(%arg0) {flag} : (i32) -> i32
  %1 = "test.unit"(%arg0) : (i32) -> i32
  return %0, %1 : i32, i32
}
