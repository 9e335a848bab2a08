// Invalid scf ops in generic form: mlir-opt 19 and tessera-opt --load-dialect SCFOps.td
// must report the same errors (scripts/ods-verify-diff.sh).
// expected-error@+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
"scf.yield"() : () -> ()

// -----
// expected-error@+1 {{'scf.while' op region #0 ('before') failed to verify constraint: region with 1 blocks}}
"scf.while"() ({
}, {
  "scf.yield"() : () -> ()
}) : () -> ()

// -----
%c = "test.c"() : () -> i1
// expected-error@+1 {{'scf.if' op expected 2 regions}}
"scf.if"(%c) ({
  "scf.yield"() : () -> ()
}) : (i1) -> ()

// -----
%c = "test.c"() : () -> i32
// expected-error@+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
"scf.if"(%c) ({
  "scf.yield"() : () -> ()
}, {
}) : (i32) -> ()

// -----
%c = "test.c"() : () -> i1
// expected-error@+1 {{'scf.if' op expects region #0 to have 0 or 1 blocks}}
"scf.if"(%c) ({
  "scf.yield"() : () -> ()
^bb1:
  "scf.yield"() : () -> ()
}, {
}) : (i1) -> ()

// -----
%c = "test.c"() : () -> i1
// SingleBlock is verified before the region constraints ODS generates.
// expected-error@+1 {{'scf.if' op expects region #1 to have 0 or 1 blocks}}
"scf.if"(%c) ({
  "scf.yield"() : () -> ()
}, {
  "test.x"() : () -> ()
^bb1:
  "test.y"() : () -> ()
}) : (i1) -> ()

// -----
%i = "test.i"() : () -> index
%f = "test.f"() : () -> f32
// expected-error@+1 {{'scf.for' op operand #1 must be signless integer or index, but got 'f32'}}
"scf.for"(%i, %f, %i) ({
^bb0(%iv: index):
  "scf.yield"() : () -> ()
}) : (index, f32, index) -> ()
