// A few types of a registered dialect (llvm) that print back unchanged.
"foo.op"() : () -> (!llvm.ptr, !llvm.ptr<1>, !llvm.ptr<270>)
"foo.op"() {t = !llvm.ptr} : () -> ()
