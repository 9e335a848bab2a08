//! The parts of the model that documentation does not show, or shows only partly: arities and
//! segment kinds, attribute wrappers, trait classification, predicate trees, result type
//! inference, builders and flags.

use tessera_ods::{Argument, Arity, Model, Op, Pred, Segments, TraitKind, TypeRelation};

const PRELUDE: &str = r#"
include "ods_base.td"
def T : Dialect { let name = "t"; let cppNamespace = "::t"; }
def I32 : Type<CPred<"$_self.isInteger(32)">, "i32"> {
  let builderCall = "$_builder.getI32Type()";
}
def Any : Type<CPred<"true">, "any type">;
def IAttr : Attr<CPred<"::llvm::isa<::mlir::IntegerAttr>($_self)">, "int attr"> {
  let storageType = "  ::mlir::IntegerAttr  ";
  let returnType = "int64_t";
}
def BareAttr : Attr<CPred<"true">, "bare">;
def Small : AttrConstraint<CPred<"$_self.getInt() < 8">, "below 8">;
def AttrSized : NativeOpTrait<"AttrSizedOperandSegments">;
def AttrSizedResults : NativeOpTrait<"AttrSizedResultSegments">;
def SameSize : NativeOpTrait<"SameVariadicOperandSize">;
def SameType : NativeOpTrait<"SameOperandsAndResultType">;
def Term : NativeOpTrait<"IsTerminator">, StructuralOpTrait;
def Gen : GenInternalOpTrait<"Special">;
def Base : OpInterface<"BaseInterface">;
def Derived : OpInterface<"DerivedInterface", [Base]>;
"#;

fn model(defs: &str) -> Model {
    let text = format!("{PRELUDE}{defs}");
    let loaded = crate::common::load_text("model.td", &text);
    assert!(
        loaded.diagnostics.is_empty(),
        "{}",
        loaded.render_diagnostics()
    );
    loaded.model
}

fn op<'m>(m: &'m Model, name: &str) -> &'m Op {
    m.op(name).unwrap_or_else(|| panic!("no op {name}"))
}

#[test]
fn arities_and_segment_kinds() {
    let m = model(
        r#"
def FixedOp : Op<T, "fixed"> { let arguments = (ins I32:$a, Any:$b); }
def OneOp : Op<T, "one"> { let arguments = (ins I32:$a, Variadic<Any>:$rest); }
def TwoOp : Op<T, "two"> { let arguments = (ins Variadic<I32>:$a, Optional<Any>:$b); }
def SizedOp : Op<T, "sized", [AttrSized]> {
  let arguments = (ins Variadic<I32>:$a, VariadicOfVariadic<Any, "sizes">:$b);
}
def SameOp : Op<T, "same", [SameSize]> {
  let arguments = (ins Variadic<I32>:$a, Variadic<Any>:$b);
}
def ResultsOp : Op<T, "results", [AttrSizedResults]> {
  let results = (outs Variadic<I32>:$a, I32:$b);
}
"#,
    );
    assert_eq!(op(&m, "t.fixed").operand_segments(), Segments::Fixed);
    assert_eq!(op(&m, "t.one").operand_segments(), Segments::OneVariable);
    assert_eq!(op(&m, "t.two").operand_segments(), Segments::Ambiguous);
    assert_eq!(op(&m, "t.sized").operand_segments(), Segments::AttrSized);
    assert_eq!(op(&m, "t.same").operand_segments(), Segments::SameSize);
    assert_eq!(op(&m, "t.results").result_segments(), Segments::AttrSized);
    assert_eq!(op(&m, "t.results").operand_segments(), Segments::Fixed);
    let two = op(&m, "t.two");
    assert_eq!(two.operands[0].arity, Arity::Variadic);
    assert_eq!(two.operands[1].arity, Arity::Optional);
    assert_eq!(
        op(&m, "t.sized").operands[1].arity,
        Arity::VariadicOfVariadic {
            segment_attr: "sizes".to_string()
        }
    );
    // The summary of a variadic operand is its own record's, which wraps the base's.
    let a = &op(&m, "t.sized").operands[0];
    assert_eq!(m.constraint(a.constraint).summary, "variadic of i32");
}

#[test]
fn attribute_wrappers() {
    let m = model(
        r#"
def AttrsOp : Op<T, "attrs"> {
  let arguments = (ins I32:$x, IAttr:$plain, OptionalAttr<IAttr>:$maybe,
                   DefaultValuedAttr<IAttr, "3">:$three,
                   ConfinedAttr<IAttr, [Small]>:$small, BareAttr:$bare,
                   Property<"int", "a count">:$count);
}
"#,
    );
    let o = op(&m, "t.attrs");
    assert_eq!(
        o.arguments,
        vec![
            Argument::Operand(0),
            Argument::Attribute(0),
            Argument::Attribute(1),
            Argument::Attribute(2),
            Argument::Attribute(3),
            Argument::Attribute(4),
            Argument::Property(0),
        ]
    );
    let attr = |name: &str| &o.attributes.iter().find(|a| a.name == name).unwrap().attr;
    // Storage types are trimmed; an unset one is the generic attribute class.
    assert_eq!(attr("plain").storage_type, "::mlir::IntegerAttr");
    assert_eq!(attr("plain").return_type, "int64_t");
    assert_eq!(attr("bare").storage_type, "::mlir::Attribute");
    assert_eq!(attr("bare").return_type, "::mlir::Attribute");
    assert!(!attr("plain").optional && attr("plain").default_value.is_none());
    assert!(attr("maybe").optional);
    assert_eq!(attr("maybe").return_type, "::std::optional<int64_t>");
    assert_eq!(attr("maybe").base.as_deref(), Some("IAttr"));
    assert!(!attr("three").optional);
    assert_eq!(attr("three").default_value.as_deref(), Some("3"));
    assert!(attr("small").confined && !attr("plain").confined);
    assert_eq!(
        m.constraint(attr("small").constraint).summary,
        "int attr below 8"
    );
    // A confined attribute's condition is the base's and every constraint's, in order.
    match &m.constraint(attr("small").constraint).pred {
        Some(Pred::And(children)) => assert_eq!(
            children,
            &vec![
                Pred::Leaf("(::llvm::isa<::mlir::IntegerAttr>($_self))".to_string()),
                Pred::Leaf("($_self.getInt() < 8)".to_string()),
            ]
        ),
        other => panic!("unexpected predicate {other:?}"),
    }
    assert_eq!(o.properties[0].name, "count");
    assert_eq!(o.properties[0].prop.storage_type, "int");
    assert_eq!(o.properties[0].prop.summary, "a count");
}

#[test]
fn predicate_trees_keep_every_combinator() {
    let m = model(
        r#"
def Odd : Type<Neg<Or<[SubstLeaves<"$_self", "$_self.getType()", CPred<"a($_self)">>,
                      Concat<"pre(", CPred<"b">, ")">]>>, "odd">;
def OddOp : Op<T, "odd"> { let arguments = (ins Odd:$x); }
"#,
    );
    let c = m.constraint(op(&m, "t.odd").operands[0].constraint);
    let expected = Pred::Not(Box::new(Pred::Or(vec![
        Pred::SubstLeaves {
            pattern: "$_self".to_string(),
            replacement: "$_self.getType()".to_string(),
            child: Box::new(Pred::Leaf("(a($_self))".to_string())),
        },
        Pred::Concat {
            prefix: "pre(".to_string(),
            suffix: ")".to_string(),
            child: Box::new(Pred::Leaf("(b)".to_string())),
        },
    ])));
    assert_eq!(c.pred.as_ref(), Some(&expected));
    assert_eq!(c.record, "Odd");
}

#[test]
fn traits_are_classified_flattened_and_deduplicated() {
    let m = model(
        r#"
def TraitsOp : Op<T, "traits", [Term, TraitList<[Gen, Term]>, Derived,
    DeclareOpInterfaceMethods<Base, ["foo"]>, MemoryEffects<[MemRead]>,
    AllTypesMatch<["a", "b"]>,
    TypesMatchWith<"b from a", "a", "b", "f($_self)">]> {
  let arguments = (ins Any:$a);
  let results = (outs Any:$b);
}
"#,
    );
    let o = op(&m, "t.traits");
    let names: Vec<&str> = o.traits.iter().map(|t| t.record.as_str()).collect();
    // `Term` once; `Derived` after its base; the declared-methods interface is anonymous.
    assert_eq!(&names[..4], &["Term", "Gen", "Base", "Derived"]);
    // `a` ties the result `b` to an operand, so ODS adds `InferTypeOpInterface` at the end.
    assert_eq!(o.traits.len(), 9, "{names:?}");
    assert_eq!(names[8], "InferTypeOpInterface");
    assert!(o.infers_result_types);
    assert!(o.has_trait("::mlir::OpTrait::IsTerminator"));
    // Internal traits spell their namespace inside `trait`; both forms qualify the same way.
    assert!(o.has_trait("::mlir::OpTrait::Special"));
    assert!(!o.has_trait("::mlir::OpTrait::Commutative"));
    assert_eq!(
        o.traits[0].qualified_name(),
        "::mlir::OpTrait::IsTerminator"
    );
    assert_eq!(o.traits[0].kind, TraitKind::Native { structural: true });
    assert_eq!(o.traits[1].kind, TraitKind::Internal);
    assert_eq!(o.traits[1].cpp, "::mlir::OpTrait::Special");
    match &o.traits[4].kind {
        TraitKind::Interface {
            declared_methods: Some(methods),
            effects: None,
        } => assert_eq!(methods, &vec!["foo".to_string()]),
        other => panic!("unexpected {other:?}"),
    }
    match &o.traits[5].kind {
        TraitKind::Interface {
            effects: Some(e), ..
        } => {
            assert_eq!(e.base, "::mlir::MemoryEffects::Effect");
            assert_eq!(e.effects[0].effect, "::mlir::MemoryEffects::Read");
        }
        other => panic!("unexpected {other:?}"),
    }
    match &o.traits[6].kind {
        TraitKind::Predicate {
            types: Some(TypeRelation::AllMatch(names)),
            ..
        } => assert_eq!(names, &vec!["a".to_string(), "b".to_string()]),
        other => panic!("unexpected {other:?}"),
    }
    match &o.traits[7].kind {
        TraitKind::Predicate {
            summary,
            types:
                Some(TypeRelation::MatchWith {
                    lhs,
                    rhs,
                    transformer,
                }),
            ..
        } => {
            assert_eq!(summary, "b from a");
            assert_eq!((lhs.as_str(), rhs.as_str()), ("a", "b"));
            assert_eq!(transformer, "f($_self)");
        }
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn result_types_are_inferred_as_upstream_infers_them() {
    let m = model(
        r#"
def SameOp : Op<T, "same", [SameType]> {
  let arguments = (ins IAttr:$attr, I32:$x);
  let results = (outs I32:$r);
}
def SameOnlyVariadicOp : Op<T, "same_variadic", [SameType]> {
  let arguments = (ins Variadic<I32>:$x);
  let results = (outs I32:$r);
}
def BuildableOp : Op<T, "buildable"> { let results = (outs I32:$r); }
def UnknownOp : Op<T, "unknown"> { let results = (outs Any:$r); }
def ChainOp : Op<T, "chain", [AllTypesMatch<["a", "b"]>,
                               TypesMatchWith<"", "x", "a", "$_self">]> {
  let arguments = (ins Any:$x);
  let results = (outs Any:$a, Any:$b);
}
def VariadicResultOp : Op<T, "variadic_result"> { let results = (outs Variadic<I32>:$r); }
def DeclaredOp : Op<T, "declared", [InferTypeOpInterface]> { let results = (outs I32:$r); }
"#,
    );
    let infers = |name: &str| op(&m, name).infers_result_types;
    assert!(infers("t.same"));
    assert!(!infers("t.same_variadic"));
    assert!(infers("t.buildable"));
    assert!(!infers("t.unknown"));
    assert!(infers("t.chain"));
    assert!(!infers("t.variadic_result"));
    assert!(!infers("t.declared"));
    let added = |name: &str| {
        op(&m, name)
            .traits
            .iter()
            .filter(|t| t.record == "InferTypeOpInterface")
            .count()
    };
    assert_eq!(added("t.chain"), 1);
    assert_eq!(added("t.unknown"), 0);
    assert_eq!(added("t.declared"), 1);
}

#[test]
fn names_builders_flags_and_regions() {
    let m = model(
        r#"
def AnyRegion : Region<CPred<"true">, "any region">;
def T_ThingOp : Op<T, "thing"> {
  let builders = [OpBuilder<(ins "int":$x)>, OpBuilder<(ins)>];
  let skipDefaultBuilders = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizeMethod = 1;
  let regions = (region SizedRegion<1>:$body, VariadicRegion<AnyRegion>:$rest);
  let assemblyFormat = "attr-dict";
}
"#,
    );
    let o = op(&m, "t.thing");
    assert_eq!(o.cpp_class_name, "ThingOp");
    assert_eq!(o.cpp_namespace, "::t");
    assert_eq!(m.dialect(o.dialect).name, "t");
    assert_eq!(o.builders.custom, 2);
    assert!(o.builders.skip_default);
    assert!(o.flags.has_verifier && o.flags.has_folder && o.flags.has_canonicalize_method);
    assert!(!o.flags.has_canonicalizer && !o.flags.has_region_verifier);
    assert_eq!(o.assembly_format.as_deref(), Some("attr-dict"));
    assert_eq!(o.regions[0].arity, Arity::Single);
    assert_eq!(o.regions[1].arity, Arity::Variadic);
    assert_eq!(
        m.constraint(o.regions[0].constraint).summary,
        "region with 1 blocks"
    );
}
