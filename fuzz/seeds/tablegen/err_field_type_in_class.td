class Base;
def op : Base;
class Other;
class C {
  Other bad = !getdagop((op));
  int after = 1;
}
def d : C;
