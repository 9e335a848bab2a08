module {
  pdl.pattern @Literals : benefit(0) {
    %0 = operands loc(#loc1)
    %1 = attribute = 10 : i32 loc(#loc2)
    %2 = attribute = "text" loc(#loc3)
    %3 = attribute = unit loc(#loc4)
    %4 = type : i32 loc(#loc5)
    %5 = type : tensor<2x?xf32> loc(#loc6)
    %6 = operation "test.root"(%0 : !pdl.range<value>)  {"int" = %1, "str" = %2, "unit" = %3} -> (%4, %5 : !pdl.type, !pdl.type) loc(#loc1)
    rewrite %6 {
      erase %6 loc(#loc7)
    } loc(#loc7)
  } loc(#loc)
} loc(#loc)
#loc = loc("within split at tests/mlir/expr.pdll:1 offset ":4:1)
#loc1 = loc("within split at tests/mlir/expr.pdll:1 offset ":5:14)
#loc2 = loc("within split at tests/mlir/expr.pdll:1 offset ":5:37)
#loc3 = loc("within split at tests/mlir/expr.pdll:1 offset ":5:63)
#loc4 = loc("within split at tests/mlir/expr.pdll:1 offset ":5:81)
#loc5 = loc("within split at tests/mlir/expr.pdll:1 offset ":6:9)
#loc6 = loc("within split at tests/mlir/expr.pdll:1 offset ":6:22)
#loc7 = loc("within split at tests/mlir/expr.pdll:1 offset ":7:3)
// -----
module {
  pdl.pattern @AnyOperation : benefit(0) {
    %0 = operands loc(#loc1)
    %1 = types loc(#loc1)
    %2 = operation(%0 : !pdl.range<value>)  -> (%1 : !pdl.range<type>) loc(#loc1)
    rewrite %2 {
      erase %2 loc(#loc2)
    } loc(#loc2)
  } loc(#loc)
} loc(#loc)
#loc = loc("within split at tests/mlir/expr.pdll:10 offset ":3:1)
#loc1 = loc("within split at tests/mlir/expr.pdll:10 offset ":4:14)
#loc2 = loc("within split at tests/mlir/expr.pdll:10 offset ":5:3)
// -----
module {
  pdl.pattern @OperandGroups : benefit(0) {
    %0 = operand loc(#loc1)
    %1 = operands loc(#loc2)
    %2 = operand loc(#loc3)
    %3 = types loc(#loc4)
    %4 = operation "test.root"(%0, %1, %2 : !pdl.value, !pdl.range<value>, !pdl.value)  -> (%3 : !pdl.range<type>) loc(#loc4)
    rewrite %4 {
      erase %4 loc(#loc5)
    } loc(#loc5)
  } loc(#loc)
} loc(#loc)
#loc = loc("within split at tests/mlir/expr.pdll:17 offset ":3:1)
#loc1 = loc("within split at tests/mlir/expr.pdll:17 offset ":3:46)
#loc2 = loc("within split at tests/mlir/expr.pdll:17 offset ":3:56)
#loc3 = loc("within split at tests/mlir/expr.pdll:17 offset ":3:71)
#loc4 = loc("within split at tests/mlir/expr.pdll:17 offset ":3:32)
#loc5 = loc("within split at tests/mlir/expr.pdll:17 offset ":3:26)
// -----
module {
  pdl.pattern @ResultGroups : benefit(0) {
    %0 = operands loc(#loc1)
    %1 = type loc(#loc2)
    %2 = types loc(#loc3)
    %3 = operation "test.root"(%0 : !pdl.range<value>)  -> (%1, %2 : !pdl.type, !pdl.range<type>) loc(#loc1)
    rewrite %3 {
      erase %3 loc(#loc4)
    } loc(#loc4)
  } loc(#loc)
} loc(#loc)
#loc = loc("within split at tests/mlir/expr.pdll:21 offset ":3:1)
#loc1 = loc("within split at tests/mlir/expr.pdll:21 offset ":3:31)
#loc2 = loc("within split at tests/mlir/expr.pdll:21 offset ":3:49)
#loc3 = loc("within split at tests/mlir/expr.pdll:21 offset ":3:58)
#loc4 = loc("within split at tests/mlir/expr.pdll:21 offset ":3:25)
// -----
module {
  pdl.pattern @NoOperands : benefit(0) {
    %0 = types loc(#loc1)
    %1 = operation "test.root"  -> (%0 : !pdl.range<type>) loc(#loc1)
    rewrite %1 {
      erase %1 loc(#loc2)
    } loc(#loc2)
  } loc(#loc)
} loc(#loc)
#loc = loc("within split at tests/mlir/expr.pdll:25 offset ":3:1)
#loc1 = loc("within split at tests/mlir/expr.pdll:25 offset ":3:29)
#loc2 = loc("within split at tests/mlir/expr.pdll:25 offset ":3:23)
// -----
module {
  pdl.pattern @AllResults : benefit(0) {
    %0 = operands loc(#loc1)
    %1 = types loc(#loc1)
    %2 = operation "test.single"(%0 : !pdl.range<value>)  -> (%1 : !pdl.range<type>) loc(#loc1)
    %3 = result 0 of %2 loc(#loc1)
    %4 = operands loc(#loc2)
    %5 = types loc(#loc2)
    %6 = operation "test.range"(%4 : !pdl.range<value>)  -> (%5 : !pdl.range<type>) loc(#loc2)
    %7 = results of %6  loc(#loc2)
    %8 = types loc(#loc3)
    %9 = operation "test.root"(%3, %7 : !pdl.value, !pdl.range<value>)  -> (%8 : !pdl.range<type>) loc(#loc3)
    rewrite %9 {
      erase %9 loc(#loc4)
    } loc(#loc4)
  } loc(#loc)
} loc(#loc)
#loc = loc("within split at tests/mlir/expr.pdll:29 offset ":3:1)
#loc1 = loc("within split at tests/mlir/expr.pdll:29 offset ":4:23)
#loc2 = loc("within split at tests/mlir/expr.pdll:29 offset ":5:27)
#loc3 = loc("within split at tests/mlir/expr.pdll:29 offset ":6:9)
#loc4 = loc("within split at tests/mlir/expr.pdll:29 offset ":6:3)
// -----
module {
  pdl.pattern @ResultIndex : benefit(0) {
    %0 = operands loc(#loc1)
    %1 = types loc(#loc1)
    %2 = operation "test.producer"(%0 : !pdl.range<value>)  -> (%1 : !pdl.range<type>) loc(#loc1)
    %3 = result 0 of %2 loc(#loc2)
    %4 = result 1 of %2 loc(#loc3)
    %5 = types loc(#loc4)
    %6 = operation "test.root"(%3, %4 : !pdl.value, !pdl.value)  -> (%5 : !pdl.range<type>) loc(#loc4)
    rewrite %6 {
      erase %6 loc(#loc5)
    } loc(#loc5)
  } loc(#loc)
} loc(#loc)
#loc = loc("within split at tests/mlir/expr.pdll:37 offset ":3:1)
#loc1 = loc("within split at tests/mlir/expr.pdll:37 offset ":4:18)
#loc2 = loc("within split at tests/mlir/expr.pdll:37 offset ":5:23)
#loc3 = loc("within split at tests/mlir/expr.pdll:37 offset ":5:35)
#loc4 = loc("within split at tests/mlir/expr.pdll:37 offset ":5:9)
#loc5 = loc("within split at tests/mlir/expr.pdll:37 offset ":5:3)
// -----
module {
  pdl.pattern @TupleAccess : benefit(0) {
    %0 = operands loc(#loc1)
    %1 = types loc(#loc1)
    %2 = operation "test.first"(%0 : !pdl.range<value>)  -> (%1 : !pdl.range<type>) loc(#loc1)
    %3 = results of %2  loc(#loc2)
    %4 = types loc(#loc3)
    %5 = operation "test.second"(%3 : !pdl.range<value>)  -> (%4 : !pdl.range<type>) loc(#loc3)
    rewrite %2 {
      replace %2 with %5 loc(#loc4)
    } loc(#loc4)
  } loc(#loc)
} loc(#loc)
#loc = loc("within split at tests/mlir/expr.pdll:44 offset ":3:1)
#loc1 = loc("within split at tests/mlir/expr.pdll:44 offset ":4:15)
#loc2 = loc("within split at tests/mlir/expr.pdll:44 offset ":5:32)
#loc3 = loc("within split at tests/mlir/expr.pdll:44 offset ":5:16)
#loc4 = loc("within split at tests/mlir/expr.pdll:44 offset ":7:3)
// -----
module {
  pdl.pattern @Ranges : benefit(0) {
    %0 = operand loc(#loc1)
    %1 = operands loc(#loc2)
    %2 = type loc(#loc3)
    %3 = types loc(#loc4)
    %4 = operation "test.root"(%0, %1 : !pdl.value, !pdl.range<value>)  -> (%2, %3 : !pdl.type, !pdl.range<type>) loc(#loc5)
    rewrite %4 {
      %5 = operation "test.new"(%0, %1 : !pdl.value, !pdl.range<value>)  -> (%2, %3 : !pdl.type, !pdl.range<type>) loc(#loc7)
      replace %4 with %5 loc(#loc6)
    } loc(#loc6)
  } loc(#loc)
} loc(#loc)
#loc = loc("within split at tests/mlir/expr.pdll:53 offset ":3:1)
#loc1 = loc("within split at tests/mlir/expr.pdll:53 offset ":4:25)
#loc2 = loc("within split at tests/mlir/expr.pdll:53 offset ":4:37)
#loc3 = loc("within split at tests/mlir/expr.pdll:53 offset ":4:59)
#loc4 = loc("within split at tests/mlir/expr.pdll:53 offset ":4:71)
#loc5 = loc("within split at tests/mlir/expr.pdll:53 offset ":4:11)
#loc6 = loc("within split at tests/mlir/expr.pdll:53 offset ":4:3)
#loc7 = loc("within split at tests/mlir/expr.pdll:53 offset ":5:10)
// -----
module {
  pdl.pattern @NegatedCall : benefit(0) {
    %0 = operands loc(#loc2)
    %1 = types loc(#loc2)
    %2 = operation "test.root"(%0 : !pdl.range<value>)  -> (%1 : !pdl.range<type>) loc(#loc2)
    apply_native_constraint "Native"(%2 : !pdl.operation) {isNegated = true} loc(#loc3)
    rewrite %2 {
      erase %2 loc(#loc4)
    } loc(#loc4)
  } loc(#loc1)
} loc(#loc)
#loc = loc("within split at tests/mlir/expr.pdll:60 offset ":3:1)
#loc1 = loc("within split at tests/mlir/expr.pdll:60 offset ":5:1)
#loc2 = loc("within split at tests/mlir/expr.pdll:60 offset ":6:14)
#loc3 = loc("within split at tests/mlir/expr.pdll:60 offset ":7:7)
#loc4 = loc("within split at tests/mlir/expr.pdll:60 offset ":8:3)
// -----
module {
  pdl.pattern @RewriteLiterals : benefit(0) {
    %0 = operands loc(#loc1)
    %1 = types loc(#loc1)
    %2 = operation "test.root"(%0 : !pdl.range<value>)  -> (%1 : !pdl.range<type>) loc(#loc1)
    rewrite %2 {
      %3 = attribute = [1, 2] loc(#loc3)
      %4 = attribute = unit loc(#loc4)
      %5 = type : i64 loc(#loc5)
      %6 = operation "test.new"  {"value" = %3, "unit" = %4} -> (%5 : !pdl.type) loc(#loc6)
      replace %2 with %6 loc(#loc7)
    } loc(#loc2)
  } loc(#loc)
} loc(#loc)
#loc = loc("within split at tests/mlir/expr.pdll:70 offset ":3:1)
#loc1 = loc("within split at tests/mlir/expr.pdll:70 offset ":4:14)
#loc2 = loc("within split at tests/mlir/expr.pdll:70 offset ":5:3)
#loc3 = loc("within split at tests/mlir/expr.pdll:70 offset ":6:39)
#loc4 = loc("within split at tests/mlir/expr.pdll:70 offset ":6:55)
#loc5 = loc("within split at tests/mlir/expr.pdll:70 offset ":6:67)
#loc6 = loc("within split at tests/mlir/expr.pdll:70 offset ":6:15)
#loc7 = loc("within split at tests/mlir/expr.pdll:70 offset ":7:5)
// -----
module {
  pdl.pattern @InferredFromReplacement : benefit(0) {
    %0 = operands loc(#loc1)
    %1 = types loc(#loc1)
    %2 = operation "test.root"(%0 : !pdl.range<value>)  -> (%1 : !pdl.range<type>) loc(#loc1)
    rewrite %2 {
      %3 = operation "test.new"  loc(#loc3)
      replace %2 with %3 loc(#loc2)
    } loc(#loc2)
  } loc(#loc)
} loc(#loc)
#loc = loc("within split at tests/mlir/expr.pdll:80 offset ":3:1)
#loc1 = loc("within split at tests/mlir/expr.pdll:80 offset ":3:44)
#loc2 = loc("within split at tests/mlir/expr.pdll:80 offset ":3:36)
#loc3 = loc("within split at tests/mlir/expr.pdll:80 offset ":3:63)
// -----
module {
  pdl.pattern @ResultsOfMatchedOp : benefit(0) {
    %0 = operands loc(#loc1)
    %1 = types loc(#loc2)
    %2 = operation "test.root"(%0 : !pdl.range<value>)  -> (%1 : !pdl.range<type>) loc(#loc1)
    rewrite %2 {
      %3 = operation "test.new"  -> (%1 : !pdl.range<type>) loc(#loc4)
      replace %2 with %3 loc(#loc3)
    } loc(#loc3)
  } loc(#loc)
} loc(#loc)
#loc = loc("within split at tests/mlir/expr.pdll:84 offset ":3:1)
#loc1 = loc("within split at tests/mlir/expr.pdll:84 offset ":4:14)
#loc2 = loc("within split at tests/mlir/expr.pdll:84 offset ":4:32)
#loc3 = loc("within split at tests/mlir/expr.pdll:84 offset ":5:3)
#loc4 = loc("within split at tests/mlir/expr.pdll:84 offset ":5:21)
