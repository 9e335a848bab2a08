def op1;
def op2;
class Values {
  bit b0 = 0;
  bit b1 = true;
  bits<8> bits8 = 0x5A;
  bits<4> low = bits8{3-0};
  bits<4> high = bits8{7...4};
  bits<3> picked = bits8{0, 2, 7};
  bits<2> reversed = bits8{0-1};
  int fromBits = bits8;
  list<int> ints = [1, 2, 3, 4, 5];
  int second = ints[1];
  list<int> slice = ints[1...3];
  list<int> slice2 = ints[0, 4, 2];
  list<int> slice3 = ints[1, 3...4];
  list<int> single = ints[2,];
  list<string> strs = ["a", "b"];
  list<list<int>> nested = [[1], [2, 3], []];
  list<int> empty = [];
  list<int> typed = []<int>;
  dag d = (op1 op2:$x, 1, "s":$y, (op2), ?:$z, $w);
  dag dnamed = (op1:$opname op2);
  string unset = ?;
  int unsetInt = ?;
  list<int> concat = ints # [6];
  string pasted = "a" # "b";
}
def v : Values;
def w : Values {
  let bits8 = 0b11110000;
  let ints = [10, 20, 30, 40, 50];
}
