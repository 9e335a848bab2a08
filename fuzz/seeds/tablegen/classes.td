class Base<int a, int b = !add(a, 1), string s = "def"> {
  int A = a;
  int B = b;
  string S = s;
  string Name = NAME;
}
class Derived<int x> : Base<x, 10> {
  int X = x;
  let S = "overridden";
}
class Empty;
class Forward;
class Forward { int later = 1; }
class Chain1 { int c1 = 1; }
class Chain2 : Chain1 { int c2 = !add(c1, 1); }
class Chain3 : Chain2 { int c3 = !add(c2, 1); let c1 = 10; }
class Named<int first, int second = 2, int third = 3> {
  list<int> all = [first, second, third];
}
def d1 : Base<1>;
def d2 : Derived<5>;
def d3 : Chain3;
def d4 : Empty, Forward;
def d5 : Named<1, third = 30>;
def d6 : Named<first = 9>;
def d7 : Base<2, 3, "given">, Chain1 { int own = 4; field int maybe; }
class WithFieldDecl { field bits<4> nc; bits<4> bb = 0b0101; }
def d8 : WithFieldDecl;
