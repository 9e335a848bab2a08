// Dominance across blocks (a diamond, a loop, a long chain, block arguments, nested regions),
// with upstream's notes on where the operand is defined. Branches are unregistered `demo.br`
// ops (a terminator with successors), so no dialect needs loading.

// A value from one arm of a diamond does not dominate the join.
func.func @diamond(%c: i1) {
  "demo.br"(%c)[^a, ^b] : (i1) -> ()
^a:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %x = "test.def"() : () -> i32
  "demo.br"()[^join] : () -> ()
^b:
  "demo.br"()[^join] : () -> ()
^join:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "test.use"(%x) : (i32) -> ()
  return
}

// -----

// The entry dominates everything reachable, through a loop too.
func.func @loop(%c: i1) {
  %x = "test.def"() : () -> i32
  "demo.br"()[^head] : () -> ()
^head:
  "test.use"(%x) : (i32) -> ()
  "demo.br"(%c)[^head, ^exit] : (i1) -> ()
^exit:
  "test.use"(%x) : (i32) -> ()
  return
}

// -----

// A value defined in a loop body does not dominate the loop header.
func.func @back_edge(%c: i1) {
  "demo.br"()[^head] : () -> ()
^head:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "test.use"(%y) : (i32) -> ()
  "demo.br"(%c)[^body, ^exit] : (i1) -> ()
^body:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %y = "test.def"() : () -> i32
  "demo.br"()[^head] : () -> ()
^exit:
  return
}

// -----

// Down a chain, each block's values dominate every later block's uses.
func.func @chain(%c: i1) {
  %a = "test.def"() : () -> i32
  "demo.br"(%c)[^b1, ^out] : (i1) -> ()
^b1:
  %b = "test.def"() : () -> i32
  "demo.br"(%c)[^b2, ^out] : (i1) -> ()
^b2:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %d = "test.def"() : () -> i32
  "demo.br"(%c)[^b3, ^out] : (i1) -> ()
^b3:
  "test.use"(%a, %b, %d) : (i32, i32, i32) -> ()
  "demo.br"()[^out] : () -> ()
^out:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "test.use"(%d) : (i32) -> ()
  return
}

// -----

// Block arguments: of a later block of the same region, and of a block of a parent region.
func.func @block_argument() {  // expected-note {{operand defined as a block argument (block #1 in the same region)}}
^bb0:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "demo.br"(%x)[^bb1] : (i32) -> ()
^bb1(%x : i32):
  return
}

// -----

func.func @block_argument_in_parent() {  // expected-note {{operand defined as a block argument (block #1 in a parent region)}}
^bb0:
  %f = "test.region"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "test.use"(%x) : (i32) -> ()
  }) : () -> (i32)
  "demo.br"(%f)[^bb1] : (i32) -> ()
^bb1(%x : i32):
  return
}

// -----

// A value of a parent region used before its definition, inside a nested region.
func.func @nested() {
  "test.region"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "test.use"(%x) : (i32) -> ()
  }) : () -> ()
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %x = "test.def"() : () -> i32
  return
}
