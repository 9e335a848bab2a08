// Location aliases defined in the input, both before and after their uses
// (upstream allows #loc aliases to be defined at the end of the file).
#top = loc("top.cc":1:1)
#named_top = loc("named"(#top))
module @m {
  "foo.op"() : () -> () loc(#top)
  "foo.op"() : () -> () loc(#named_top)
  "foo.op"() : () -> () loc(#bottom)
  "foo.op"() : () -> () loc(#bottom_fused)
  %0 = "foo.def"() : () -> i32 loc(#loc)
  "foo.region"() ({
  ^bb0(%arg0: i32 loc(#top), %arg1: i32 loc(#bottom)):
    "foo.op"(%arg0, %arg1) : (i32, i32) -> () loc(#loc)
  }) : () -> () loc(#loc2)
} loc(#bottom)
#bottom = loc("bottom.cc":9:9)
#bottom_fused = loc(fused[#top, #bottom, "x"])
#loc = loc("reused.cc":3:3)
#loc2 = loc(#loc)
