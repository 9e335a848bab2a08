class Rec { int a = 1; int b = 2; bits<8> Inst = 0; string s = "x"; }
let a = 10 in
def one : Rec;
let a = 20, b = 30 in {
  def two : Rec;
  let s = "inner" in {
    def three : Rec;
  }
  def four : Rec { let b = 40; }
}
def five : Rec {
  let Inst{7-4} = 0b1010;
  let Inst{3...0} = 5;
}
def six : Rec {
  let Inst{0} = 1;
  let Inst{1, 3} = 0b11;
}
let Inst<2-0> = 0b111 in
def seven : Rec;
multiclass MC {
  def _x : Rec;
  let a = 77 in def _y : Rec;
}
let b = 99 in
defm eight : MC;
