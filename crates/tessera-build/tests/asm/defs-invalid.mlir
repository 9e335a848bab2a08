// Definitions the compiled readers must reject exactly as the engine does (same message,
// same place): one chunk each.
"test.op"() {a = #fmt.pair<1>} : () -> ()
// -----
"test.op"() {a = #fmt.pair<1, x>} : () -> ()
// -----
"test.op"() {a = #fmt.shape<2, 3>} : () -> ()
// -----
"test.op"() {a = #fmt.record<width = 8>} : () -> ()
// -----
"test.op"() {a = #fmt.record<width = 8, width = 9, name = "a">} : () -> ()
// -----
"test.op"() {a = #fmt.record<size = 8>} : () -> ()
// -----
"test.op"() {a = #fmt.record<width 8>} : () -> ()
// -----
"test.op"() {a = #fmt.options<a = i8,>} : () -> ()
// -----
"test.op"() {a = #fmt.cmp<gt : 1>} : () -> ()
// -----
"test.op"() {a = #fmt.cmp<eq : 1,>} : () -> ()
// -----
"test.op"() {a = #fmt.cmp<eq>} : () -> ()
// -----
"test.op"() : () -> !fmt.box<3>
// -----
"test.op"() : () -> !fmt.maybe<i1
// -----
"test.op"() {a = #fmt.tag<>} : () -> ()
// -----
"test.op"() {a = #fmt.wrap<<1, 2>, i8, [<fast>]>} : () -> ()
// -----
"test.op"() {a = #fmt.wrap<<1, 2>, !fmt.box<i8>, [<medium>]>} : () -> ()
// -----
"test.op"() {a = #fmt.nothing<1>} : () -> ()
// -----
"test.op"() : () -> !fmt.nothing
// -----
"test.op"() : () -> !fmt.unit<>
// -----
"test.op"() {a = #fmt.mode<fast} : () -> ()
