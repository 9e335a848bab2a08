func.func @f(%a: i32, %wide: i64) -> (i32, i32, i32, i32, i32) {
  %zero = calc.const 0
  %two = calc.const 2
  %three = calc.const 3
  %0 = calc.add %a, %zero
  %1 = calc.neg %0
  %2 = calc.neg %1
  %3 = calc.mul %2, %two
  %4 = calc.mul %2, %three
  %5 = calc.trunc %a : i32
  %6 = calc.trunc %wide : i64
  return %2, %3, %4, %5, %6 : i32, i32, i32, i32, i32
}
