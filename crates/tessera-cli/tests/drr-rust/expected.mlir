module {
  func.func @f(%arg0: i32, %arg1: i64) -> (i32, i32, i32, i64, i64, i32) {
    %0 = "test.const"() <{value = 5 : i32}> : () -> i32
    %1 = "test.two_attr"() <{op_attr1 = 5 : i32, op_attr2 = [5 : i32, 5 : i32]}> : () -> i32
    %2 = "test.str"(%arg0) <{tag = "t"}> : (i32) -> i32
    %3 = "test.str"(%arg0) <{tag = "t"}> : (i32) -> i32
    %4 = "test.a"(%arg0) <{attr = 3 : i32}> : (i32) -> i32
    %5 = "test.f"(%4) : (i32) -> i32
    %6 = "test.b"() : () -> i32
    "test.sink"(%6) : (i32) -> ()
    "test.sink"(%arg1) {seen} : (i64) -> ()
    %7 = "test.f"(%arg1) : (i64) -> i64
    "test.sink"(%arg1) {seen} : (i64) -> ()
    %8 = "test.f"(%arg1) : (i64) -> i64
    "test.sink"(%arg0) {seen} : (i32) -> ()
    %9 = "test.f"(%arg0) : (i32) -> i32
    %10 = "test.e"(%arg0) : (i32) -> i32
    %11 = "test.f"(%arg0) : (i32) -> i32
    %12 = "test.str"(%arg0) <{tag = "here"}> : (i32) -> i32
    %13 = "test.str"(%arg0) <{tag = "fused 2"}> : (i32) -> i32
    %14 = "test.b"() : () -> i32
    "test.sink"(%14) : (i32) -> ()
    %15 = "test.b"() : () -> i32
    "test.sink"(%15) : (i32) -> ()
    %16 = "test.d"(%arg1, %11) : (i64, i32) -> i32
    "test.sink"(%16) : (i32) -> ()
    return %1, %3, %5, %7, %8, %9 : i32, i32, i32, i64, i64, i32
  }
}
