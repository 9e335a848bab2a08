// Integer types of various signedness and widths, and index.
"foo.op"() : () -> (i1, i8, i16, i32, i64, i128, i1024)
"foo.op"() : () -> (si1, si8, si32, si64, ui1, ui16, ui32, ui64)
"foo.op"() : () -> (index, i7, i13, i16777215, i0, si0, ui0)
"foo.op"() {types = [i1, si32, ui16, index, i3]} : () -> ()
