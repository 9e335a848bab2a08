// Inputs for `compiled_registration.rs`: `gen` ops whose types are made from other types, read
// with the tables computed at build time and with the engine. Their results can also be
// created without types (the inference compared there).
func.func @cmp(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %v: vector<4xi8>, %i: i64) {
  %0 = gen.cmp %a, %b : tensor<2x3xf32>
  %1 = gen.cmp %v, %v : vector<4xi8>
  %2 = gen.cmp %i, %i : i64
  return
}

// -----

func.func @elements(%x: f32, %y: f32) -> tensor<2xf32> {
  %0 = gen.elements %x, %y : tensor<2xf32>
  %1 = gen.elements : tensor<0xi8>
  return %0 : tensor<2xf32>
}

// -----

// Too few operands for the result's elements.
func.func @too_few(%x: f32) {
  %0 = gen.elements %x : tensor<2xf32>
  return
}

// -----

// A result type whose element count is unknown.
func.func @dynamic(%x: f32) {
  %0 = gen.elements %x : tensor<?xf32>
  return
}
