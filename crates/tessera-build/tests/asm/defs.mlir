// Attributes and types of fmt.td's definitions, read by the compiled readers and by the
// engine (`tests/compiled_defs.rs`): the same IR, printed the same way (`defs.mlir.expected`).
// Spacing is loose on purpose: what is printed is upstream's spelling.
"test.op"() {a = #fmt.pair<1,2>, b = #fmt.pair< -3 , 4 >} : () -> ()
// -----
"test.op"() {a = #fmt.shape<2>, b = #fmt.shape<3, f32>, c = #fmt.shape<0,index>} : () -> ()
// -----
"test.op"() {a = #fmt.record<width = 8, name = "x\"y", element = i32>} : () -> ()
// -----
"test.op"() {a = #fmt.record<name = "n", width = 16>} : () -> ()
// -----
"test.op"() {a = #fmt.options<>, b = #fmt.options<b = 0>, c = #fmt.options<b = 2, a = i8>} : () -> ()
// -----
"test.op"() {a = #fmt.cmp<eq : 1>, b = #fmt.cmp<less:1,2,3>} : () -> ()
// -----
"test.op"() : () -> (!fmt.box<i32>, !fmt.box<f32 times 1>, !fmt.box<index times 4>)
// -----
"test.op"() : () -> (!fmt.maybe, !fmt.maybe<i1>, !fmt.maybe<!fmt.maybe<i2>>)
// -----
"test.op"() {a = #fmt.tag<none>, b = #fmt.tag<5 : i32>, c = #fmt.tag<"s">} : () -> ()
// -----
"test.op"() : () -> !fmt.unit
// -----
"test.op"() {a = #fmt.wrap<<1, 2>, !fmt.box<i8 times 2>, [<fast>, #fmt.mode<slow>]>} : () -> ()
// -----
"test.op"() {a = #fmt.wrap<#fmt.pair<5, 6>, !fmt.box<i8>, [<slow>]>} : () -> ()
// -----
"test.op"() {a = #fmt.opaque<  anything goes  >} : () -> ()
// -----
"test.op"() {a = #fmt.mode<fast>, b = #fmt.mode< slow >} : () -> ()
