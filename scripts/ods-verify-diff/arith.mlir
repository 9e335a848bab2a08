// Invalid arith ops in generic form: mlir-opt 19 and tessera-opt --load-dialect ArithOps.td
// must report the same errors (scripts/ods-verify-diff.sh).
// expected-error@+1 {{'arith.addi' op expected 2 operands, but found 0}}
%0 = "arith.addi"() : () -> i32

// -----
%c = "test.c"() : () -> i32
// expected-error@+1 {{'arith.addi' op expected 2 operands, but found 3}}
%0 = "arith.addi"(%c, %c, %c) : (i32, i32, i32) -> i32

// -----
%c = "test.c"() : () -> i32
// expected-error@+1 {{'arith.addi' op requires one result}}
"arith.addi"(%c, %c) : (i32, i32) -> ()

// -----
%c = "test.c"() : () -> i32
// expected-error@+1 {{'arith.addi' op requires one result}}
%0:2 = "arith.addi"(%c, %c) : (i32, i32) -> (i32, i32)

// -----
%c = "test.c"() : () -> i32
// expected-error@+1 {{'arith.addi' op requires zero regions}}
%0 = "arith.addi"(%c, %c) ({}) : (i32, i32) -> i32

// -----
%c = "test.c"() : () -> i32
// expected-error@+1 {{'arith.bitcast' op requires a single operand}}
%0 = "arith.bitcast"(%c, %c) : (i32, i32) -> f32

// -----
%c = "test.c"() : () -> i32
// expected-error@+1 {{'arith.select' op expected 3 operands, but found 2}}
%0 = "arith.select"(%c, %c) : (i32, i32) -> i32

// -----
%c = "test.c"() : () -> i32
// expected-error@+1 {{'arith.cmpi' op requires attribute 'predicate'}}
%0 = "arith.cmpi"(%c, %c) : (i32, i32) -> i1

// -----
// expected-error@+1 {{'arith.constant' op requires attribute 'value'}}
%0 = "arith.constant"() : () -> i32

// -----
// expected-error@+1 {{'arith.constant' op requires zero operands}}
%0 = "arith.constant"(%0) <{value = 1 : i32}> : (i32) -> i32
