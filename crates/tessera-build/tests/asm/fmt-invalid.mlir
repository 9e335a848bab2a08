// Inputs the compiled forms must reject exactly as the format engine does (same message, same
// place): one chunk each.
func.func @f(%a: i32) {
  %0 = fmt.binary %a : i32
  return
}
// -----
func.func @f(%a: i32) {
  %0 = fmt.cmp bogus, %a, %a : i32
  return
}
// -----
func.func @f(%a: i32) {
  %0 = fmt.cmp 3, %a, %a : i32
  return
}
// -----
func.func @f(%a: i32) {
  fmt.print %a
  return
}
// -----
func.func @f(%a: i32) {
  %0 = fmt.select %a, %a, %a : i32
  return
}
// -----
func.func @f(%a: i32) {
  fmt.segments %a [%a : i32, i32
  return
}
// -----
func.func @f(%a: i32) {
  %0 = fmt.const 42 <medium> #fmt.mode<slow>
  return
}
// -----
func.func @f(%a: i32) {
  fmt.sym "s"
  return
}
// -----
func.func @f(%a: i32) {
  fmt.pack %a : i32, i32 ->
  return
}
// -----
func.func @f(%a: i32) {
  fmt.flags nontemporal %a by x : i32
  return
}
// -----
func.func @f(%a: i32) {
  fmt.bounds lower = %a
  return
}
