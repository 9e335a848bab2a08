// Malformed file-level resource sections.

// expected-error@+1 {{unknown key 'bogus_section' in file metadata dictionary}}
{-# bogus_section: { } #-}

// -----

// expected-error@+1 {{dialect 'nodialect' is unknown}}
{-# dialect_resources: { nodialect: { b: "0x0100000001" } } #-}

// -----

// expected-error@+1 {{expected hex string blob for key 'b' to encode alignment in first 4 bytes}}
{-# dialect_resources: { builtin: { b: "0x01" } } #-}

// -----

// expected-error@+1 {{expected hex string blob for key 'b' to encode alignment in first 4 bytes, but got non-power-of-2 value: 3}}
{-# dialect_resources: { builtin: { b: "0x0300000001" } } #-}

// -----

// expected-error@+1 {{expected hex string blob for key 'b'}}
{-# dialect_resources: { builtin: { b: 1 } } #-}

// -----

// expected-error@+1 {{expected string value for key 'k'}}
{-# external_resources: { t: { k: 1 } } #-}

// -----

// expected-error@+1 {{expected ',' or '#-}'}}
{-# dialect_resources: { builtin: { b: "0x0100000001" } }

// -----

// expected-error@+1 {{expected identifier key for 'resource' entry}}
"foo.op"() {r = dense_resource<"quoted"> : tensor<1xi8>} : () -> ()

// -----

// expected-error@+1 {{expected hex string blob for key 'k'}}
{-# external_resources: { t: { k: "0xZZ" } } #-}

// -----

// expected-error@+1 {{expected hex string blob for key 'k' to encode alignment in first 4 bytes, but got non-power-of-2 value: 6}}
{-# external_resources: { t: { k: "0x06000000" } } #-}

// -----

// expected-error@+1 {{unexpected 'resource' section for dialect 'func'}}
{-# dialect_resources: { func: { } } #-}

// -----

// expected-error@+1 {{expected identifier key for 'external_resources' entry}}
{-# external_resources: { t: { "k": "v" } } #-}
