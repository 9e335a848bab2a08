// A single explicit top-level module is not wrapped in another one.
module {
  %0 = "foo.op"() : () -> i32
  "foo.use"(%0) : (i32) -> ()
}
