defvar GlobalInt = 5;
defvar GlobalList = [1, 2, 3];
deftype MyInt = int;
deftype IntList = list<int>;
class C<int v> { MyInt value = v; IntList l = GlobalList; }
defset list<C> AllCs = {
  def c1 : C<1>;
  def c2 : C<GlobalInt>;
  foreach i = [7, 8] in
    def c_#i : C<i>;
}
def user {
  defvar local = !add(GlobalInt, 1);
  int x = local;
  list<C> all = AllCs;
  int count = !size(AllCs);
}
defset list<C> Nested = {
  defset list<C> Inner = {
    def n1 : C<100>;
  }
  def n2 : C<200>;
}
def nested_user { list<C> outer = Nested; list<C> inner = Inner; }
