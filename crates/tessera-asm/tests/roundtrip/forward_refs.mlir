// Forward references to values defined later in a graph region (the
// top-level module body is graph-like), and to later blocks.
"foo.use"(%later, %pair#1) : (i32, f32) -> ()
%later = "foo.def"(%pair#0) : (i32) -> i32
%pair:2 = "foo.def2"(%later) : (i32) -> (i32, f32)
"foo.graph"() ({
  "foo.use"(%c) : (i8) -> ()
  %c = "foo.def"(%c) : (i8) -> i8
}) : () -> ()
"foo.cfg"() ({
  "foo.br"()[^later] : () -> ()
^later:
  "foo.br"()[^later] : () -> ()
}) : () -> ()
// A nested region may use a value defined later in the enclosing graph region.
"foo.outer"() ({
  "foo.use"(%defined_after) : (i16) -> ()
}) : () -> ()
%defined_after = "foo.def"() : () -> i16
