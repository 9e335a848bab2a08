class Checked<int v> {
  assert !gt(v, 0), "v must be positive";
  int value = v;
}
def ok : Checked<3>;
assert !eq(1, 1), "top-level assert holds";
defvar x = 4;
assert !le(x, 5), "x is small";
multiclass MC<int n> {
  assert !ne(n, 0), "n is non-zero";
  def _d : Checked<n>;
}
defm mc : MC<2>;
