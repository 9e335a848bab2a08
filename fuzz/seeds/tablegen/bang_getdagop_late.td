// !getdagop inside a multiclass sees an operator that only becomes a def at defm time.
class Target<list<int> preds> { list<int> Preds = preds; }
class Pattern<dag d> { list<int> Copied = !getdagop<Target>(d).Preds; }
def operand;
multiclass WithPattern<list<int> preds> {
  def NAME : Target<preds>;
  def : Pattern<(!cast<Target>(NAME) operand)>;
  def _named : Pattern<(!cast<Target>(NAME) operand)>;
}
defm first : WithPattern<[1, 2]>;
defm second : WithPattern<[3]>;
