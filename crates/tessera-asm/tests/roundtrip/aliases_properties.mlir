// Properties of ops upstream registers are visited for aliases (merged with the discardable
// attributes, sorted by name); those of unregistered ops are not.
"func.func"() <{function_type = (memref<4xi8, affine_map<(d0) -> (d0 + 1)>>) -> (), sym_name = "decl", sym_visibility = "private"}> ({
}) {a_first = affine_map<(d0) -> (d0 + 2)>, z_last = affine_map<(d0) -> (d0 + 3)>} : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "loops"}> ({
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (8)>}> ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) : () -> ()
  "foo.op"() <{m = affine_map<(d0) -> (d0 + 4)>}> {n = affine_map<(d0) -> (d0 + 5)>} : () -> ()
  "func.return"() : () -> ()
}) : () -> ()
