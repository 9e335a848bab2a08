def lists {
  list<int> cat = !listconcat([1, 2], [3], [4, 5]);
  list<string> splat = !listsplat("x", 3);
  list<int> removed = !listremove([1, 2, 3, 2, 4], [2, 4]);
  int head = !head([7, 8, 9]);
  list<int> tail = !tail([7, 8, 9]);
  int size = !size([1, 2, 3]);
  int sizestr = !size("hello");
  bit empty = !empty([]<int>);
  bit notempty = !empty([1]);
  list<int> range1 = !range(4);
  list<int> range2 = !range(2, 6);
  list<int> range3 = !range(10, 0, -3);
  list<int> range4 = !range([5, 6, 7]);
  list<int> rangeEmpty = !range(5, 2);
  string joined = !interleave(["a", "b", "c"], ", ");
  string joinedInts = !interleave([1, 2, 3], "-");
  list<int> doubled = !foreach(x, [1, 2, 3], !mul(x, 2));
  list<string> names = !foreach(s, ["a", "b"], s # "!");
  list<int> evens = !filter(x, [1, 2, 3, 4, 5, 6], !eq(!and(x, 1), 0));
  int sum = !foldl(0, [1, 2, 3, 4], acc, x, !add(acc, x));
  list<int> rev = !foldl([]<int>, [1, 2, 3], acc, x, !listconcat([x], acc));
  string concat = !foldl("", ["x", "y", "z"], a, b, !strconcat(a, b));
}
class ListOps<list<int> l> {
  int first = !head(l);
  list<int> rest = !tail(l);
  int n = !size(l);
  list<int> squares = !foreach(v, l, !mul(v, v));
  int total = !foldl(0, l, a, b, !add(a, b));
}
def lo : ListOps<[3, 4, 5]>;
