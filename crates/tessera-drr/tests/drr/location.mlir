func.func @named(%arg0: i32) -> i32 {
  %0 = "test.f"(%arg0) : (i32) -> i32 loc("f")
  %1 = "test.e"(%0) : (i32) -> i32 loc("e")
  return %1 : i32
}
func.func @fused(%arg0: i32) -> i32 {
  %0 = "test.same"(%arg0) : (i32) -> i32 loc("s")
  %1 = "test.e"(%0) : (i32) -> i32 loc("e")
  return %1 : i32
}
func.func @tagged() -> i32 {
  %0 = "test.b"() : () -> i32 loc("b")
  %1 = "test.e"(%0) : (i32) -> i32 loc("e")
  return %1 : i32
}
