module {
  pdl.pattern : benefit(0) {
    %0 = operands loc(#loc1)
    %1 = types loc(#loc1)
    %2 = operation "test.anonymous"(%0 : !pdl.range<value>)  -> (%1 : !pdl.range<type>) loc(#loc1)
    rewrite %2 {
      erase %2 loc(#loc2)
    } loc(#loc2)
  } loc(#loc)
} loc(#loc)
#loc = loc("within split at tests/mlir/decl.pdll:1 offset ":4:1)
#loc1 = loc("within split at tests/mlir/decl.pdll:1 offset ":4:18)
#loc2 = loc("within split at tests/mlir/decl.pdll:1 offset ":4:12)
// -----
module {
  pdl.pattern @NamedWithBenefit : benefit(10) {
    %0 = operands loc(#loc1)
    %1 = types loc(#loc1)
    %2 = operation "test.op"(%0 : !pdl.range<value>)  -> (%1 : !pdl.range<type>) loc(#loc1)
    rewrite %2 {
      erase %2 loc(#loc2)
    } loc(#loc2)
  } loc(#loc)
} loc(#loc)
#loc = loc("within split at tests/mlir/decl.pdll:6 offset ":3:1)
#loc1 = loc("within split at tests/mlir/decl.pdll:6 offset ":3:52)
#loc2 = loc("within split at tests/mlir/decl.pdll:6 offset ":3:46)
// -----
module {
  pdl.pattern @Recursive : benefit(2) {
    %0 = operands loc(#loc1)
    %1 = types loc(#loc1)
    %2 = operation "test.op"(%0 : !pdl.range<value>)  -> (%1 : !pdl.range<type>) loc(#loc1)
    rewrite %2 {
      erase %2 loc(#loc2)
    } loc(#loc2)
  } loc(#loc)
} loc(#loc)
#loc = loc("within split at tests/mlir/decl.pdll:10 offset ":3:1)
#loc1 = loc("within split at tests/mlir/decl.pdll:10 offset ":4:14)
#loc2 = loc("within split at tests/mlir/decl.pdll:10 offset ":5:3)
// -----
module {
  pdl.pattern @DefaultBenefit : benefit(0) {
    %0 = operands loc(#loc1)
    %1 = types loc(#loc1)
    %2 = operation "test.inner"(%0 : !pdl.range<value>)  -> (%1 : !pdl.range<type>) loc(#loc1)
    %3 = results of %2  loc(#loc2)
    %4 = operands loc(#loc3)
    %5 = types loc(#loc3)
    %6 = operation "test.other"(%4 : !pdl.range<value>)  -> (%5 : !pdl.range<type>) loc(#loc3)
    %7 = results of %6  loc(#loc3)
    %8 = types loc(#loc4)
    %9 = operation "test.outer"(%3, %7 : !pdl.range<value>, !pdl.range<value>)  -> (%8 : !pdl.range<type>) loc(#loc4)
    rewrite %9 {
      erase %9 loc(#loc5)
    } loc(#loc5)
  } loc(#loc)
} loc(#loc)
#loc = loc("within split at tests/mlir/decl.pdll:17 offset ":4:1)
#loc1 = loc("within split at tests/mlir/decl.pdll:17 offset ":5:15)
#loc2 = loc("within split at tests/mlir/decl.pdll:17 offset ":6:29)
#loc3 = loc("within split at tests/mlir/decl.pdll:17 offset ":6:36)
#loc4 = loc("within split at tests/mlir/decl.pdll:17 offset ":6:14)
#loc5 = loc("within split at tests/mlir/decl.pdll:17 offset ":7:3)
// -----
module {
  pdl.pattern @NativeConstraints : benefit(0) {
    %0 = operand loc(#loc2)
    apply_native_constraint "NativeValue"(%0 : !pdl.value) loc(#loc3)
    %1 = attribute loc(#loc4)
    apply_native_constraint "NativeTwo"(%0, %1 : !pdl.value, !pdl.attribute) loc(#loc5)
    %2 = types loc(#loc6)
    %3 = operation "test.op"(%0 : !pdl.value)  {"a" = %1} -> (%2 : !pdl.range<type>) loc(#loc6)
    rewrite %3 {
      erase %3 loc(#loc7)
    } loc(#loc7)
  } loc(#loc1)
} loc(#loc)
#loc = loc("within split at tests/mlir/decl.pdll:26 offset ":3:1)
#loc1 = loc("within split at tests/mlir/decl.pdll:26 offset ":6:1)
#loc2 = loc("within split at tests/mlir/decl.pdll:26 offset ":7:7)
#loc3 = loc("within split at tests/mlir/decl.pdll:26 offset ":7:22)
#loc4 = loc("within split at tests/mlir/decl.pdll:26 offset ":8:7)
#loc5 = loc("within split at tests/mlir/decl.pdll:26 offset ":9:3)
#loc6 = loc("within split at tests/mlir/decl.pdll:26 offset ":10:9)
#loc7 = loc("within split at tests/mlir/decl.pdll:26 offset ":10:3)
// -----
module {
  pdl.pattern @InlinedConstraint : benefit(0) {
    %0 = operands loc(#loc2)
    %1 = types loc(#loc2)
    %2 = operation "test.inner"(%0 : !pdl.range<value>)  -> (%1 : !pdl.range<type>) loc(#loc2)
    %3 = result 0 of %2 loc(#loc3)
    %4 = result 0 of %2 loc(#loc3)
    %5 = result 0 of %2 loc(#loc3)
    %6 = result 0 of %2 loc(#loc3)
    %7 = types loc(#loc4)
    %8 = operation "test.root"(%4, %6 : !pdl.value, !pdl.value)  -> (%7 : !pdl.range<type>) loc(#loc4)
    rewrite %8 {
      erase %8 loc(#loc5)
    } loc(#loc5)
  } loc(#loc1)
} loc(#loc)
#loc = loc("within split at tests/mlir/decl.pdll:38 offset ":4:1)
#loc1 = loc("within split at tests/mlir/decl.pdll:38 offset ":9:1)
#loc2 = loc("within split at tests/mlir/decl.pdll:38 offset ":10:15)
#loc3 = loc("within split at tests/mlir/decl.pdll:38 offset ":5:15)
#loc4 = loc("within split at tests/mlir/decl.pdll:38 offset ":11:9)
#loc5 = loc("within split at tests/mlir/decl.pdll:38 offset ":11:3)
// -----
module {
  pdl.pattern @ConstraintResults : benefit(0) {
    %0 = operands loc(#loc2)
    %1 = types loc(#loc2)
    %2 = operation "test.producer"(%0 : !pdl.range<value>)  -> (%1 : !pdl.range<type>) loc(#loc2)
    %3 = result 0 of %2 loc(#loc3)
    %4 = types loc(#loc4)
    %5 = operation "test.root"(%3 : !pdl.value)  -> (%4 : !pdl.range<type>) loc(#loc4)
    rewrite %5 {
      erase %5 loc(#loc5)
    } loc(#loc5)
  } loc(#loc1)
} loc(#loc)
#loc = loc("within split at tests/mlir/decl.pdll:51 offset ":3:1)
#loc1 = loc("within split at tests/mlir/decl.pdll:51 offset ":8:1)
#loc2 = loc("within split at tests/mlir/decl.pdll:51 offset ":9:39)
#loc3 = loc("within split at tests/mlir/decl.pdll:51 offset ":4:10)
#loc4 = loc("within split at tests/mlir/decl.pdll:51 offset ":9:14)
#loc5 = loc("within split at tests/mlir/decl.pdll:51 offset ":11:3)
// -----
module {
  pdl.pattern @NativeConstraintResults : benefit(0) {
    %0 = operands loc(#loc2)
    %1 = types loc(#loc2)
    %2 = operation "test.producer"(%0 : !pdl.range<value>)  -> (%1 : !pdl.range<type>) loc(#loc2)
    %3:2 = apply_native_constraint "NativeResult"(%2 : !pdl.operation) : !pdl.value, !pdl.type loc(#loc3)
    %4 = results of %2  loc(#loc4)
    %5 = operation "test.root"(%3#0, %4 : !pdl.value, !pdl.range<value>)  -> (%3#1 : !pdl.type) loc(#loc5)
    rewrite %5 {
      erase %5 loc(#loc6)
    } loc(#loc6)
  } loc(#loc1)
} loc(#loc)
#loc = loc("within split at tests/mlir/decl.pdll:64 offset ":3:1)
#loc1 = loc("within split at tests/mlir/decl.pdll:64 offset ":5:1)
#loc2 = loc("within split at tests/mlir/decl.pdll:64 offset ":6:18)
#loc3 = loc("within split at tests/mlir/decl.pdll:64 offset ":7:14)
#loc4 = loc("within split at tests/mlir/decl.pdll:64 offset ":8:36)
#loc5 = loc("within split at tests/mlir/decl.pdll:64 offset ":8:14)
#loc6 = loc("within split at tests/mlir/decl.pdll:64 offset ":9:3)
// -----
module {
  pdl.pattern @NativeRewrites : benefit(0) {
    %0 = operand loc(#loc2)
    %1 = types loc(#loc3)
    %2 = operation "test.root"(%0 : !pdl.value)  -> (%1 : !pdl.range<type>) loc(#loc3)
    rewrite %2 {
      %3 = apply_native_rewrite "NativeBuild"(%0 : !pdl.value) : !pdl.operation loc(#loc5)
      %4:2 = apply_native_rewrite "NativeTwoResults"(%3 : !pdl.operation) : !pdl.value, !pdl.range<type> loc(#loc6)
      apply_native_rewrite "NativeNothing"(%2 : !pdl.operation) loc(#loc7)
      %5 = operation "test.new"(%4#0 : !pdl.value)  -> (%4#1 : !pdl.range<type>) loc(#loc8)
      replace %2 with %5 loc(#loc9)
    } loc(#loc4)
  } loc(#loc1)
} loc(#loc)
#loc = loc("within split at tests/mlir/decl.pdll:75 offset ":3:1)
#loc1 = loc("within split at tests/mlir/decl.pdll:75 offset ":7:1)
#loc2 = loc("within split at tests/mlir/decl.pdll:75 offset ":8:28)
#loc3 = loc("within split at tests/mlir/decl.pdll:75 offset ":8:14)
#loc4 = loc("within split at tests/mlir/decl.pdll:75 offset ":9:3)
#loc5 = loc("within split at tests/mlir/decl.pdll:75 offset ":10:17)
#loc6 = loc("within split at tests/mlir/decl.pdll:75 offset ":11:16)
#loc7 = loc("within split at tests/mlir/decl.pdll:75 offset ":12:5)
#loc8 = loc("within split at tests/mlir/decl.pdll:75 offset ":13:23)
#loc9 = loc("within split at tests/mlir/decl.pdll:75 offset ":13:5)
// -----
module {
  pdl.pattern @PdllRewrites : benefit(0) {
    %0 = operand loc(#loc2)
    %1 = types loc(#loc3)
    %2 = operation "test.root"(%0 : !pdl.value)  -> (%1 : !pdl.range<type>) loc(#loc3)
    rewrite %2 {
      %3 = operation "test.built"(%0 : !pdl.value)  loc(#loc5)
      %4 = operation "test.built"(%0 : !pdl.value)  loc(#loc5)
      %5 = operation "test.lambda"(%0 : !pdl.value)  loc(#loc6)
      erase %4 loc(#loc7)
      replace %2 with %5 loc(#loc8)
    } loc(#loc4)
  } loc(#loc1)
} loc(#loc)
#loc = loc("within split at tests/mlir/decl.pdll:91 offset ":3:1)
#loc1 = loc("within split at tests/mlir/decl.pdll:91 offset ":10:1)
#loc2 = loc("within split at tests/mlir/decl.pdll:91 offset ":11:28)
#loc3 = loc("within split at tests/mlir/decl.pdll:91 offset ":11:14)
#loc4 = loc("within split at tests/mlir/decl.pdll:91 offset ":12:3)
#loc5 = loc("within split at tests/mlir/decl.pdll:91 offset ":4:12)
#loc6 = loc("within split at tests/mlir/decl.pdll:91 offset ":7:38)
#loc7 = loc("within split at tests/mlir/decl.pdll:91 offset ":8:28)
#loc8 = loc("within split at tests/mlir/decl.pdll:91 offset ":16:5)
// -----
module {
  pdl.pattern @InlineLambdas : benefit(0) {
    %0 = operand loc(#loc2)
    %1 = types loc(#loc3)
    %2 = operation "test.root"(%0 : !pdl.value)  -> (%1 : !pdl.range<type>) loc(#loc3)
    apply_native_constraint "Native"(%0 : !pdl.value) loc(#loc4)
    rewrite %2 {
      erase %2 loc(#loc6)
    } loc(#loc5)
  } loc(#loc1)
} loc(#loc)
#loc = loc("within split at tests/mlir/decl.pdll:110 offset ":3:1)
#loc1 = loc("within split at tests/mlir/decl.pdll:110 offset ":5:1)
#loc2 = loc("within split at tests/mlir/decl.pdll:110 offset ":6:28)
#loc3 = loc("within split at tests/mlir/decl.pdll:110 offset ":6:14)
#loc4 = loc("within split at tests/mlir/decl.pdll:110 offset ":7:30)
#loc5 = loc("within split at tests/mlir/decl.pdll:110 offset ":8:3)
#loc6 = loc("within split at tests/mlir/decl.pdll:110 offset ":9:5)
// -----
module {
  pdl.pattern @ConstraintOnArguments : benefit(0) {
    %0 = operand loc(#loc2)
    %1 = types loc(#loc3)
    %2 = operation "test.root"(%0 : !pdl.value)  -> (%1 : !pdl.range<type>) loc(#loc3)
    apply_native_constraint "ArgConstraint"(%0 : !pdl.value) loc(#loc4)
    apply_native_constraint "ResultConstraint"(%0 : !pdl.value) loc(#loc5)
    rewrite %2 {
      erase %2 loc(#loc6)
    } loc(#loc6)
  } loc(#loc1)
} loc(#loc)
#loc = loc("within split at tests/mlir/decl.pdll:122 offset ":3:1)
#loc1 = loc("within split at tests/mlir/decl.pdll:122 offset ":7:1)
#loc2 = loc("within split at tests/mlir/decl.pdll:122 offset ":8:28)
#loc3 = loc("within split at tests/mlir/decl.pdll:122 offset ":8:14)
#loc4 = loc("within split at tests/mlir/decl.pdll:122 offset ":5:27)
#loc5 = loc("within split at tests/mlir/decl.pdll:122 offset ":5:45)
#loc6 = loc("within split at tests/mlir/decl.pdll:122 offset ":10:3)
