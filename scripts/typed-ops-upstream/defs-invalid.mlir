// Definitions of MLIR's dialects both readers must reject alike (scripts/typed-ops-upstream.sh).
"t.o"() {a = #arith.fastmath<bogus>} : () -> ()
// -----
"t.o"() {a = #arith.unknown<1>} : () -> ()
// -----
"t.o"() {a = #arith.overflow<nsw, >} : () -> ()
// -----
"t.o"() {a = #vector.kind<sum>} : () -> ()
// -----
"t.o"() {a = #llvm.linkage<nowhere>} : () -> ()
// -----
"t.o"() {a = #llvm.tbaa_root<name = "x">} : () -> ()
