class Inst<string n, int op> { string Name = n; int Opcode = op; }
class Extra { int extra = 1; }
multiclass Base<int base> {
  def _r : Inst<NAME # "_r", base>;
  def _i : Inst<NAME # "_i", !add(base, 1)>;
}
multiclass Wrapper<int b> {
  defm _w : Base<b>;
  def NAME # _plain : Inst<NAME, 0>;
}
multiclass Inherits<int q> : Base<q> {
  def _own : Inst<"own", q>;
}
defm ADD : Base<10>;
defm SUB : Wrapper<20>;
defm MUL : Inherits<30>;
defm DIV : Base<40>, Extra;
defm : Base<50>;
multiclass WithName {
  def "" : Inst<NAME, 1>;
  def NAME#_suffix : Inst<NAME, 2>;
  def prefix_#NAME : Inst<NAME, 3>;
}
defm XOR : WithName;
multiclass WithLoop<list<int> vals> {
  foreach v = vals in
    def _#v : Inst<NAME, v>;
}
defm LOOP : WithLoop<[1, 2, 3]>;
multiclass Two<int a> {
  defm _one : Base<a>;
  defm _two : Base<!mul(a, 2)>;
}
defm NESTED : Two<5>;
