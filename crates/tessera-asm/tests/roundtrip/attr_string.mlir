// String attributes and escapes.
"foo.op"() {empty = "", plain = "hello world", typed = "typed" : i32, typed2 = "x" : !foo.t} : () -> ()
"foo.op"() {nl = "a\nb", tab = "a\tb", quote = "a\"b", backslash = "a\\b"} : () -> ()
"foo.op"() {hex = "\00\01\1F\7F\80\FF", hex_lower = "\0a\ff\7e", cr = "\0D"} : () -> ()
"foo.op"() {utf8 = "héllo wörld ∀ 日本 🎉", latin = "\C3\A9"} : () -> ()
"foo.op"() {printable = " !#$%&'()*+,-./:;<=>?@[]^_`{|}~", digits = "0123456789"} : () -> ()
"foo.op"() {mixed = "line1\nline2\ttab\"q\\bs\00nul"} : () -> ()
"foo.op"() {arr = ["a", "b\n", "" : i8]} : () -> ()
