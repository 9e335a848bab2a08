// Dialect attributes and types of MLIR's own dialects, read by the definitions' readers
// compiled to Rust and by the format engine (scripts/typed-ops-upstream.sh): the same
// output or the same error, chunk by chunk. Valid chunks print as mlir-opt 19 prints them.
"t.o"() {a = #arith.fastmath<nnan, ninf>, b = #arith<fastmath<fast>>, c = #arith.fastmath<none>, d = #arith.overflow<nsw, nuw>, e = #arith.fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn>, f = #arith.overflow<none>} : () -> ()
// -----
"t.o"() {a = #vector.kind<add>, b = #vector.kind< maxnumf >, c = #vector.iterator_type<parallel>} : () -> ()
// -----
"t.o"() {a = #linalg.iterator_type<parallel>, b = #linalg.iterator_type<reduction>} : () -> ()
// -----
"t.o"() {a = #llvm.linkage<internal>, b = #llvm.cconv<fastcc>, c = #llvm.fastmath<fast>} : () -> ()
// -----
"t.o"() : () -> (!llvm.ptr, !llvm.ptr<1>, !llvm.struct<(i32, f32)>, !llvm.array<4 x i8>)
// -----
"t.o"() {a = #llvm.tbaa_root<id = "x">, b = #llvm.loop_vectorize<disable = true>} : () -> ()
// -----
"t.o"() {a = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>} : () -> ()
