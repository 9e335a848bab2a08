// ARGS: -I inc
// Fast paths of the lexer and preprocessor: code blocks scanned by brace, strings copied in
// runs between escapes, comments ended by a lone carriage return, and guarded files included
// again (their skipped regions are memoized, including ones that end at an #else).
include "guarded_else.td"
include "guarded_else.td"
include "guarded_else.td"
def fast {
  code brace_pairs = [{ a }}] b }
] c }];
  code unicode = [{€}€}];
  string escapes = "t\tq\"b\\s\'n\né";
  int after_cr = 1; // comment ended by a lone CR  int next = 2;
  int which = GuardValue;
}
