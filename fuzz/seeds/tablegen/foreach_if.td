class V<int v> { int Value = v; }
foreach i = [1, 2, 3] in
  def list_#i : V<i>;
foreach i = {4-6} in
  def braces_#i : V<i>;
foreach i = 7...8 in
  def dots_#i : V<i>;
foreach i = {10, 12-13} in
  def mixed_#i : V<i>;
foreach s = ["a", "b"] in {
  foreach n = [1, 2] in {
    def nested_#s#_#n : V<n>;
  }
}
foreach r = !range(3) in def range_#r : V<r>;
defvar Flag = 1;
if Flag then def if_true : V<1>;
if !not(Flag) then def if_false : V<0>; else def if_else : V<2>;
multiclass M<int x> {
  if !gt(x, 5) then {
    def _big : V<x>;
  } else {
    def _small : V<x>;
  }
}
defm m3 : M<3>;
defm m9 : M<9>;
foreach i = [1, 2] in {
  defvar doubled = !mul(i, 2);
  def loopvar_#i : V<doubled>;
}
