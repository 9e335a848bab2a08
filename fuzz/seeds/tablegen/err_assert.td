class Checked<int v> {
  assert !gt(v, 0), "v must be positive, got " # v;
}
def good : Checked<1>;
def bad : Checked<-3>;
