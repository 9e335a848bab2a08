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
