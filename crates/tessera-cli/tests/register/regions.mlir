// Region and successor constraints.
// expected-error@+1 {{'reg.body' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
"reg.body"() ({}) : () -> ()

// -----
// expected-error@+1 {{'reg.body' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
"reg.body"() ({
  "test.a"() : () -> ()
^bb1:
  "test.b"() : () -> ()
}) : () -> ()

// -----
"reg.body"() ({
  "test.a"() : () -> ()
}) : () -> ()
