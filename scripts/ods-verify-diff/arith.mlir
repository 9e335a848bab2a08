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

// -----
%c = "test.c"() : () -> f32
// expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
%0 = "arith.addi"(%c, %c) : (f32, f32) -> f32

// -----
%c = "test.c"() : () -> i32
%d = "test.d"() : () -> i64
// expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
%0 = "arith.addi"(%c, %d) : (i32, i64) -> i32

// -----
%c = "test.c"() : () -> i32
// expected-error@+1 {{'arith.addi' op result #0 must be signless-integer-like, but got 'f32'}}
%0 = "arith.addi"(%c, %c) : (i32, i32) -> f32

// -----
%c = "test.c"() : () -> i32
// Old generic input: inherent attributes in the dictionary are checked by their constraints.
// expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
%0 = "arith.cmpi"(%c, %c) {predicate = 42 : i64} : (i32, i32) -> i1

// -----
%c = "test.c"() : () -> i32
// expected-error@+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
%0 = "arith.cmpi"(%c, %c) <{predicate = 1 : i64}> : (i32, i32) -> i32

// -----
%c = "test.c"() : () -> vector<4xi32>
// expected-error@+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
%0 = "arith.cmpi"(%c, %c) <{predicate = 1 : i64}> : (vector<4xi32>, vector<4xi32>) -> i1

// -----
%c = "test.c"() : () -> i32
%d = "test.d"() : () -> i64
// expected-error@+1 {{'arith.cmpi' op requires all operands to have the same type}}
%0 = "arith.cmpi"(%c, %d) <{predicate = 1 : i64}> : (i32, i64) -> i1

// -----
%b = "test.b"() : () -> i1
%c = "test.c"() : () -> i32
%d = "test.d"() : () -> i64
// expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
%0 = "arith.select"(%b, %c, %d) : (i1, i32, i64) -> i32

// -----
%c = "test.c"() : () -> i32
// expected-error@+1 {{'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags}}
%0 = "arith.addi"(%c, %c) {overflowFlags = 1 : i32} : (i32, i32) -> i32

// -----
%i = "test.i"() : () -> index
// expected-error@+1 {{'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
%0 = "arith.extsi"(%i) : (index) -> i64

// -----
%c = "test.c"() : () -> tensor<2xf32>
%d = "test.d"() : () -> vector<2xf32>
// Same element type and compatible shapes pass SameOperandsAndResultType; Elementwise,
// checked after it, wants one kind of container.
// expected-error@+1 {{'arith.addf' op all non-scalar operands/results must have the same shape and base type}}
%0 = "arith.addf"(%c, %d) : (tensor<2xf32>, vector<2xf32>) -> tensor<2xf32>

// -----
%c = "test.c"() : () -> i32
%d = "test.d"() : () -> i32
%0 = "arith.addi"(%c, %d) : (i32, i32) -> i32
%1 = "arith.cmpi"(%0, %d) <{predicate = 1 : i64}> : (i32, i32) -> i1
%2 = "arith.select"(%1, %c, %d) : (i1, i32, i32) -> i32
%3 = "arith.addi"(%c, %d) {overflowFlags = #arith.overflow<nsw>} : (i32, i32) -> i32

// -----
%c = "test.c"() : () -> i32
// Inherent attributes of old generic input are checked while parsing, before anything else.
// expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
%0 = "arith.cmpi"(%c) {predicate = 42 : i64} : (i32) -> i1

// -----
%c = "test.c"() : () -> i32
// Properties are converted to the attributes' C++ storage classes while parsing.
// expected-error@+1 {{invalid properties {predicate = 1.000000e+00 : f32} for op arith.cmpi: Invalid attribute `predicate` in property conversion: 1.000000e+00 : f32}}
%0 = "arith.cmpi"(%c, %c) <{predicate = 1.0 : f32}> : (i32, i32) -> i1

// -----
%c = "test.c"() : () -> i32
// expected-error@+1 {{invalid properties {overflowFlags = 1 : i32} for op arith.addi: Invalid attribute `overflowFlags` in property conversion: 1 : i32}}
%0 = "arith.addi"(%c, %c) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32

// -----
// Casts: what CastOpInterface accepts (Rust verifiers in tessera_ods::dialect_hooks).
func.func @extsi_same_width(%x: i32) {
  // expected-error@+1 {{'arith.extsi' op operand type 'i32' and result type 'i32' are cast incompatible}}
  %0 = arith.extsi %x : i32 to i32
  return
}

// -----
func.func @extui_narrower(%x: vector<4xi32>) {
  // expected-error@+1 {{'arith.extui' op operand type 'vector<4xi32>' and result type 'vector<4xi16>' are cast incompatible}}
  %0 = arith.extui %x : vector<4xi32> to vector<4xi16>
  return
}

// -----
func.func @extf_same_width(%x: bf16) {
  // expected-error@+1 {{'arith.extf' op operand type 'bf16' and result type 'f16' are cast incompatible}}
  %0 = arith.extf %x : bf16 to f16
  return
}

// -----
func.func @trunci_wider(%x: i32) {
  // expected-error@+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.trunci %x : i32 to i64
  return
}

// -----
func.func @truncf_same(%x: f32) {
  // expected-error@+1 {{'arith.truncf' op operand type 'f32' and result type 'f32' are cast incompatible}}
  %0 = arith.truncf %x : f32 to f32
  return
}

// -----
func.func @bitcast_width(%x: i32) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'i32' and result type 'f16' are cast incompatible}}
  %0 = arith.bitcast %x : i32 to f16
  return
}

// -----
func.func @index_cast_no_index(%x: i32) {
  // expected-error@+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %x : i32 to i64
  return
}

// -----
func.func @valid_casts(%x: vector<4xi32>, %f: f32) {
  %0 = arith.extsi %x : vector<4xi32> to vector<4xi64>
  %1 = arith.index_cast %x : vector<4xi32> to vector<4xindex>
  %2 = arith.bitcast %x : vector<4xi32> to vector<4xf32>
  %3 = arith.fptosi %f : f32 to i8
  %4 = arith.truncf %f : f32 to bf16
  return
}

// -----
// A loaded dialect does not accept ops it does not define, even when unregistered dialects
// are allowed.
func.func @unknown() {
  // expected-error@+1 {{unregistered operation 'arith.nope' found in dialect ('arith') that does not allow unknown operations}}
  "arith.nope"() : () -> ()
  return
}
