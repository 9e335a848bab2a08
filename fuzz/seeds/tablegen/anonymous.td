class Pair<int a, int b> { int first = a; int second = b; }
class Holder<Pair p> { Pair held = p; int sum = !add(p.first, p.second); }
def : Pair<1, 2>;
def named : Pair<3, 4>;
def : Pair<5, 6>;
def user1 : Holder<Pair<1, 2>>;
def user2 : Holder<Pair<1, 2>>;
def user3 { Pair p = Pair<7, 8>; Pair q = Pair<7, 8>; }
def : Holder<Pair<9, 10>>;
multiclass M<int v> {
  def : Pair<v, v>;
  def _n : Pair<v, 0>;
}
defm : M<11>;
defm m2 : M<12>;
