class A {
  int x = 1;
  int y = !add(x, 1);
  string n = NAME;
  string tag = n # "_tag";
}
def a1 : A;
def a2 : A { let x = 5; }
def a3 : A { let n = "custom"; }
class Ref<A r> { int rx = r.x; int ry = r.y; A self = r; }
def r1 : Ref<a2>;
class SelfRef { string me = NAME; }
def selfish : SelfRef;
def target { int v = 3; }
def reader { int v = target.v; }
class Deferred<string name> { int got = !cast<A>(name).x; }
def deferred : Deferred<"a2">;
class Mutual { int q = 7; int p = !add(q, 1); }
def mutual : Mutual;
class Outer<int v> { int base = v; int derived = !mul(base, 2); }
def outer : Outer<4> { let base = 10; }
