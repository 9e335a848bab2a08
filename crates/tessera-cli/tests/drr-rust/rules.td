// DRR rules whose NativeCodeCalls are Rust, for `tessera-tblgen --gen-rust-rewriters`
// (tests/drr_rust.rs): the committed module rules.rs is compiled into the test and must
// rewrite input.mlir exactly as the rules do when they are read and lowered at run time.
// Placeholders: `$_builder` is the `&mut PatternRewriter`, `$_self` the op defining a matched
// operand, `$N` an argument (in a source pattern: a `&mut Option<_>` output), `$N...` the
// arguments from N on, `$_loc` the location (a `location` directive's, else the matched ops').
include "test_dialect.td"

// Source pattern: the constant of the op defining e's operand, as output `$0`, checked by
// I32Attr; the result groups it twice into an array (`$0...`).
def ConstValue : NativeCodeCall<[{
  *$0 = ::tessera_ir::op_queries::inherent_attr($_builder.ctx(), $_builder.body(), $_self, "value");
  $0.is_some()
}]>;
def ArrayOf : NativeCodeCall<"$_builder.ctx_mut().array_attr(&[$0...])">;
def EOfConst : Pat<(EOp (ConstValue I32Attr:$val)), (TwoAttrOp $val, (ArrayOf $val, $val))>;

// Two outputs: a value and a string attribute (StrAttr refuses other attributes).
// `$_self` is written once, as upstream requires.
def OperandAndTag : NativeCodeCall<[{
  let op = $_self;
  let attr = |name| ::tessera_ir::op_queries::inherent_attr($_builder.ctx(), $_builder.body(), op, name);
  *$1 = attr("tag").or_else(|| attr("attr"));
  *$0 = $_builder.body().operands(op).next();
  $0.is_some() && $1.is_some()
}]>;
def FOfTagged : Pat<(FOp (OperandAndTag $in, StrAttr:$tag)), (StrOp $in, $tag)>;

// Two values from one call, bound as `$res`: the node is `$res__0`.
def Twice : NativeCodeCall<"[$0, $0]", 2>;
def PairToSame : Pattern<(PairOp $a, $b), [(SameOp (Twice:$res__0 $b)), (SameOp $res__1)]>;

// A type from a call (returnType), and a void call on an op without results (supplemental).
def TypeOf : NativeCodeCall<"$_builder.body().value_type($0)">;
def SinkOfStr : Pattern<(SinkOp (StrOp $x, $tag)), [(SinkOp (BOp (returnType (TypeOf $x))))]>;
def MarkSeen : NativeCodeCallVoid<[{
  let unit = $_builder.ctx_mut().unit_attr();
  $_builder.set_attr($0, "seen", Some(unit))
}]>;
def SameToSink : Pattern<(SameOp:$src $x), [(SinkOp:$dest $x), (FOp $x)], [], [(MarkSeen $dest)]>;

// `$_loc`: a `location` directive's (a name), else the matched ops' fused location. `I32`
// is a type constraint, checked by its predicate compiled to Rust in the module.
def NameOfLoc : NativeCodeCall<[{
  let text = match $_builder.ctx().loc_kind($_loc) {
    ::tessera_ir::LocKind::Name { name, .. } => $_builder.ctx().str(*name).to_string(),
    ::tessera_ir::LocKind::Fused { locs, .. } => format!("fused {}", locs.len()),
    _ => String::from("other"),
  };
  $_builder.ctx_mut().string_attr(&text)
}]>;
def SameOfF : Pat<(SameOp (FOp $x)), (StrOp $x, (NameOfLoc (location "here")))>;
def DOfF : Pat<(DOp I32:$x, (FOp $y)), (StrOp $x, (NameOfLoc))>;
