def ops;
def add;
def mul;
class In;
def in1 : In;
def in2 : In;
class Op;
def typedop : Op;
def dags {
  dag base = (ops in1:$a, in2:$b);
  dag con = !con((ops in1:$a), (ops in2:$b));
  dag conUnset = !con((? in1), (ops in2));
  dag made = !dag(add, [in1, in2], ["x", "y"]);
  dag madeNoNames = !dag(mul, [in1], ?);
  dag setop = !setdagop((ops in1:$a), add);
  dag setopOld = !setop((ops in1), mul);
  string opname = !cast<string>(!getdagop((add in1)));
  Op typedgetop = !getdagop<Op>((typedop in1));
  string oldget = !cast<string>(!getop((mul)));
  In argByIdx = !getdagarg<In>((ops in1:$a, in2:$b), 1);
  Op argMismatch = !getdagarg<Op>((ops in1:$a), 0);
  int argAsInt = !getdagarg<int>((ops 5:$n), "n");
  string name0 = !getdagname((ops in1:$a, in2:$b), 0);
  dag setarg = !setdagarg((ops in1:$a, in2:$b), "b", in1);
  dag setname = !setdagname((ops in1:$a, in2:$b), 0, "renamed");
  int size = !size((ops in1, in2, in1));
  bit empty = !empty((ops));
  dag mapped = !foreach(x, (ops in1, (ops in2)), x);
}
