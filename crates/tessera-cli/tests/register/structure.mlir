// Traits about where an op sits and what its regions hold.
"reg.container"() ({
  "reg.yield"() : () -> ()
}) : () -> ()
"reg.container"() ({
}) : () -> ()
"reg.either"() : () -> ()

// -----
// expected-error@+1 {{'reg.yield' op expects parent op 'reg.container'}}
"reg.yield"() : () -> ()

// -----
"test.op"() ({
  // expected-error@+1 {{'reg.either' op expects parent op to be one of 'reg.container, builtin.module'}}
  "reg.either"() : () -> ()
}) : () -> ()

// -----
// expected-error@+1 {{'reg.container' op expects regions to end with 'reg.yield', found 'reg.ret'}}
"reg.container"() ({
  // expected-note@-1 {{in custom textual format, the absence of terminator implies 'reg.yield'}}
  "reg.ret"() : () -> ()
}) : () -> ()

// -----
// expected-error@+1 {{'reg.container' op expects region #0 to have 0 or 1 blocks}}
"reg.container"() ({
  "reg.yield"() : () -> ()
^bb1:
  "reg.yield"() : () -> ()
}) : () -> ()

// -----
// expected-error@+1 {{'reg.container' op expects a non-empty block}}
"reg.container"() ({
^bb0:
}) : () -> ()

// -----
// expected-error@+1 {{'reg.container' op region should have no arguments}}
"reg.container"() ({
^bb0(%x: i32):
  "reg.yield"() : () -> ()
}) : () -> ()

// -----
"reg.container"() ({
  // expected-error@+1 {{'reg.ret' op must be the last operation in the parent block}}
  "reg.ret"() : () -> ()
  "reg.yield"() : () -> ()
}) : () -> ()

// -----
// Names from outside an isolated region are not even visible to the parser.
%i = "test.i32"() : () -> i32
"reg.isolated"() ({
  // expected-error@+1 {{use of undeclared SSA value name}}
  "test.use"(%i) : (i32) -> ()
}) : () -> ()

// -----
// An op known not to be a terminator is the structural verifier's to report.
"reg.container"() ({
  // expected-error@+1 {{block with no terminator, has 'reg.none'}}
  "reg.none"() : () -> ()
}) : () -> ()
