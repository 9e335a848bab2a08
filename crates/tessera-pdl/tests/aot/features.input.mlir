module {
  %a = "t.src"() : () -> i32
  %b = "t.src"() : () -> i32
  "t.wide"(%a, %b) : (i32, i32) -> ()
  "t.wide"() : () -> ()
  %c:2 = "t.concat"(%a, %b) : (i32, i32) -> (i32, f32)
  %l = "t.left"(%a) : (i32) -> i32
  %r = "t.right"(%a) : (i32) -> i32
  %k = "t.const"() {value = 1 : i32} : () -> i32
  %k2 = "t.const"() {value = 2 : i32} : () -> i32
  "t.dead"() : () -> ()
  %n1 = "t.neg"(%b) : (i32) -> i32
  %n2 = "t.neg"(%n1) : (i32) -> i32
  "t.native_me"() : () -> ()
  "t.use"(%c#0, %c#1, %l, %r, %k, %k2, %n2) : (i32, f32, i32, i32, i32, i32, i32) -> ()
}
