// A PDL pattern creating an op of tests/typed/ops.td without result types that no
// replacement gives either, so the op infers them (ODS): the compiled rewriter calls the
// typed builder `state_inferred`.
pdl.pattern @SplitToAdd : benefit(1) {
  %lhs = pdl.operand
  %rhs = pdl.operand
  %types = pdl.types
  %split = pdl.operation "gen.split"(%lhs, %rhs : !pdl.value, !pdl.value) -> (%types : !pdl.range<type>)
  pdl.rewrite %split {
    %add = pdl.operation "gen.add"(%lhs, %rhs : !pdl.value, !pdl.value)
    %sum = pdl.result 0 of %add
    pdl.replace %split with (%sum : !pdl.value)
  }
}
