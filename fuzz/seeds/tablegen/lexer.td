// Lexer coverage: comments, numbers, strings, code fragments, identifiers.
/* A block comment /* with a nested one */ still inside */
def numbers {
  int dec = 42;
  int neg = -17;
  int pos = +5;
  int hex = 0xff;
  int big = 0x7fffffffffffffff;
  bits<8> bin = 0b00001010;
  bits<4> bin4 = 0b0110;
  int minusZero = -0;
}
def strings {
  string plain = "hello";
  string escapes = "tab\there \"q\" back\\slash \'s\' nl\nend";
  string joined = "con" "cat" "enated";
  code c = [{ some code with } and ] inside }];
  string fromcode = [{multi
line}];
}
def 3d_ident { int x = 1; }
def ident_with_digits99 { string s = "a"; }
def trailing_comment { int x = 1; } // done
