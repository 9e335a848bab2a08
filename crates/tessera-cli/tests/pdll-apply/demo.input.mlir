func.func @f(%a: i32, %b: i32) -> i32 {
  %z = "demo.zero"() : () -> i32
  %0 = "demo.copy"(%a) : (i32) -> i32
  %1 = "demo.add"(%0, %z) : (i32, i32) -> i32
  %2 = "demo.copy"(%1) : (i32) -> i32
  %3 = "demo.mul"(%2, %b) : (i32, i32) -> i32
  return %3 : i32
}
