def arith {
  int add = !add(1, 2, 3, 4);
  int sub = !sub(10, 3);
  int mul = !mul(2, 3, 4);
  int div = !div(17, 5);
  int divneg = !div(-17, 5);
  int and = !and(12, 10);
  int or = !or(12, 10, 1);
  int xor = !xor(12, 10);
  int shl = !shl(1, 10);
  int sra = !sra(-16, 2);
  int srl = !srl(-16, 60);
  int not0 = !not(0);
  int not1 = !not(5);
  int log = !logtwo(1024);
  int log2 = !logtwo(1000);
  int withBits = !add(0b101, 1);
  bit bitNot = !not(1);
  int overflow = !add(0x7fffffffffffffff, 1);
}
class Lazy<int a> { int twice = !mul(a, 2); int shifted = !shl(a, 3); }
def lazy : Lazy<21>;
