def r1;
def r2;
def cmp {
  bit eqi = !eq(1, 1);
  bit nei = !ne(1, 2);
  bit lti = !lt(1, 2);
  bit lei = !le(2, 2);
  bit gti = !gt(3, 2);
  bit gei = !ge(1, 2);
  bit eqs = !eq("a", "a");
  bit lts = !lt("abc", "abd");
  bit ges = !ge("b", "a");
  bit eqr = !eq(r1, r1);
  bit ner = !ne(r1, r2);
  bit eqbits = !eq(0b101, 5);
  bit eqbit = !eq(true, 1);
  int cond = !cond(!eq(1, 2): 10, !eq(1, 1): 20, true: 30);
  string cond2 = !cond(false: "no", true: "yes");
  int if1 = !if(1, 100, 200);
  int if0 = !if(0, 100, 200);
  string ifs = !if(!lt(1, 2), "lt", "ge");
}
class Cmp<int a, int b> {
  bit lt = !lt(a, b);
  int max = !if(!gt(a, b), a, b);
  string kind = !cond(!lt(a, 0): "neg", !eq(a, 0): "zero", true: "pos");
}
def c1 : Cmp<1, 2>;
def c2 : Cmp<-1, -5>;
def c3 : Cmp<0, 0>;
