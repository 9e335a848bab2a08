func.func @f(%a: i32, %b: i32, %c: i32) -> (i32, i32, i32) {
  %0 = "gen.split"(%a, %b) : (i32, i32) -> i32
  %1 = "gen.add"(%b, %c) : (i32, i32) -> i32
  %2 = "gen.add"(%a, %1) : (i32, i32) -> i32
  %3 = "gen.swap"(%b, %c) : (i32, i32) -> i32
  %4 = "gen.swap"(%a, %3) : (i32, i32) -> i32
  return %0, %2, %4 : i32, i32, i32
}
