// LOAD: TestDefs.td
// A missing comma between parameters.
// expected-error@+1 {{expected ','}}
"t.o"() {a = #test.attr_params<1 2>} : () -> ()

// -----

// expected-error@+2 {{expected integer value}}
// expected-error@+1 {{failed to parse TestAttrParams parameter 'v0' which is to be a `int`}}
"t.o"() {a = #test.attr_params<x, 2>} : () -> ()

// -----

// expected-error@+2 {{expected ::mlir::utils::IteratorType to be one of: parallel, reduction}}
// expected-error@+1 {{failed to parse Test_IteratorTypeEnum parameter 'value' which is to be a `::mlir::utils::IteratorType`}}
"t.o"() {a = #test.iterator_type<sideways>} : () -> ()

// -----

// expected-error@+1 {{unknown attribute `nope` in dialect `test`}}
"t.o"() {a = #test.nope<1>} : () -> ()

// -----

// expected-error@+1 {{duplicate or unknown struct parameter name: b}}
"t.o"() {a = #test.attr_self_type_struct_format<b = 1>} : () -> ()

// -----

// expected-error@+1 {{expected 'end'}}
"t.o"() {a = #test<attr_ugly begin 5>} : () -> ()

// -----

// expected-error@+1 {{expected '<'}}
"t.o"() {a = #test.attr_with_type} : () -> ()
