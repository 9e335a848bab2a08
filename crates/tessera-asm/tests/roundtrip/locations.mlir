// Location forms: file:line:col, named, named with child, callsite, fused
// (with and without metadata), unknown, and locations on block arguments.
"foo.op"() : () -> () loc("some/file.cc":10:8)
"foo.op"() : () -> () loc("name")
"foo.op"() : () -> () loc("name"("child.cc":1:2))
"foo.op"() : () -> () loc("outer"("inner"("f.c":3:4)))
"foo.op"() : () -> () loc(callsite("callee.cc":1:1 at "caller.cc":2:2))
"foo.op"() : () -> () loc(callsite(callsite("a":1:1 at "b":2:2) at callsite("c":3:3 at "d":4:4)))
"foo.op"() : () -> () loc(fused["a.cc":1:1, "b.cc":2:2])
"foo.op"() : () -> () loc(fused<"meta">["a.cc":1:1, "name"])
"foo.op"() : () -> () loc(fused<#foo.meta<1>>["a.cc":1:1, unknown])
"foo.op"() : () -> () loc(fused[])
"foo.op"() : () -> () loc(unknown)
"foo.op"() : () -> () loc("escaped\"name\n"("file with spaces.cc":0:0))
"foo.op"() : () -> () loc("big.cc":4294967295:4294967295)
"foo.region"() ({
^bb0(%a: i32 loc("arg_a"), %b: f32 loc("args.cc":5:6), %c: i1):
  "foo.use"(%a, %b, %c) : (i32, f32, i1) -> () loc(callsite("x" at "y"))
}) : () -> () loc(fused["r.cc":1:1, "name"])
