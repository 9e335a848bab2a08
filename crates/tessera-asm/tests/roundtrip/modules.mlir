// builtin.module: custom and generic forms, named, with attributes, nested.
module @outer attributes {foo.attr = 1 : i32} {
  module {
    "foo.op"() : () -> ()
  }
  module @named {
    module @deeper attributes {foo.unit} {
    }
  }
  "builtin.module"() ({
    "foo.generic_inside"() : () -> ()
  }) {sym_name = "generic_named"} : () -> ()
  "builtin.module"() ({
  ^bb0:
  }) : () -> ()
  module @"quoted name" {
  }
}
