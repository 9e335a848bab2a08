//! Predicates, op predicates and builders evaluated over real `tessera-ir` values, with the
//! leaf texts MLIR 19's constraint library produces.

use crate::common::{attr, check_attrs, check_group, check_types, context, eval_leaf, ty};
use tessera_ods::eval::{Bound, Compiler, NameKind, Natives, NoNames, Produces, SelfKind};
use tessera_ods::Pred;

#[test]
fn integer_widths_and_signedness() {
    let cases = [
        ("i32", true),
        ("si32", false),
        ("ui32", false),
        ("i64", false),
        ("index", false),
    ];
    check_types("($_self.isSignlessInteger(32))", &cases);
    check_types(
        "($_self.isSignedInteger())",
        &[("si8", true), ("i8", false), ("ui8", false), ("f32", false)],
    );
    check_types(
        "($_self.isUnsignedInteger(16))",
        &[("ui16", true), ("ui32", false), ("i16", false)],
    );
    check_types(
        "($_self.isInteger(8))",
        &[("i8", true), ("si8", true), ("ui8", true), ("i9", false)],
    );
    check_types(
        "($_self.isSignlessIntOrIndex())",
        &[
            ("i1", true),
            ("index", true),
            ("si1", false),
            ("f16", false),
        ],
    );
    check_types(
        "(::llvm::isa<::mlir::IntegerType>($_self))",
        &[("i3", true), ("ui3", true), ("index", false)],
    );
}

#[test]
fn float_kinds_index_none_complex() {
    check_types(
        "($_self.isF32())",
        &[
            ("f32", true),
            ("f64", false),
            ("tf32", false),
            ("i32", false),
        ],
    );
    check_types("($_self.isBF16())", &[("bf16", true), ("f16", false)]);
    check_types(
        "($_self.isFloat8E4M3FN())",
        &[("f8E4M3FN", true), ("f8E4M3", false)],
    );
    check_types(
        "(::llvm::isa<::mlir::FloatType>($_self))",
        &[("f80", true), ("f8E5M2FNUZ", true), ("i8", false)],
    );
    check_types(
        "(::llvm::isa<::mlir::Float128Type>($_self))",
        &[("f128", true), ("f80", false)],
    );
    check_types(
        "(::llvm::isa<::mlir::IndexType>($_self))",
        &[("index", true), ("i64", false)],
    );
    check_types(
        "(::llvm::isa<::mlir::NoneType>($_self))",
        &[("none", true), ("i1", false)],
    );
    check_types(
        "(::llvm::isa<::mlir::ComplexType>($_self)) && (::llvm::cast<::mlir::ComplexType>($_self).getElementType().isF32())",
        &[("complex<f32>", true), ("complex<f64>", false), ("f32", false)],
    );
}

#[test]
fn shaped_types_ranks_and_element_types() {
    let elem_f32 = "[](::mlir::Type elementType) { return (elementType.isF32()); }(::llvm::cast<::mlir::ShapedType>($_self).getElementType())";
    let shaped = format!("(::llvm::isa<::mlir::ShapedType>($_self)) && ({elem_f32})");
    check_types(
        &shaped,
        &[
            ("tensor<4x?xf32>", true),
            ("tensor<*xf32>", true),
            ("memref<2xf32>", true),
            ("memref<*xf32>", true),
            ("vector<[4]xf32>", true),
            ("tensor<4xf64>", false),
            ("f32", false),
        ],
    );
    let rank2 = "(::llvm::isa<::mlir::ShapedType>($_self)) && (::llvm::cast<::mlir::ShapedType>($_self).hasRank()) && (::llvm::cast<::mlir::ShapedType>($_self).getRank() == 2)";
    check_types(
        rank2,
        &[
            ("tensor<2x3xi8>", true),
            ("memref<?x?xi8>", true),
            ("tensor<3xi8>", false),
            ("tensor<*xi8>", false),
        ],
    );
    check_types(
        "(::llvm::cast<::mlir::ShapedType>($_self).hasStaticShape())",
        &[
            ("tensor<2x3xi8>", true),
            ("tensor<2x?xi8>", false),
            ("tensor<*xi8>", false),
        ],
    );
    check_types(
        "(::llvm::isa<::mlir::VectorType>($_self) && ::llvm::cast<VectorType>($_self).isScalable())",
        &[("vector<[4]xi1>", true), ("vector<4xi1>", false), ("tensor<4xi1>", false)],
    );
    check_types(
        "(::llvm::isa<::mlir::RankedTensorType>($_self))",
        &[
            ("tensor<1xi1>", true),
            ("tensor<*xi1>", false),
            ("memref<1xi1>", false),
        ],
    );
    check_types(
        "(::llvm::isa<::mlir::BaseMemRefType>($_self))",
        &[
            ("memref<1xi1>", true),
            ("memref<*xi1>", true),
            ("tensor<1xi1>", false),
        ],
    );
    check_types(
        "($_self.hasTrait<::mlir::ValueSemantics>())",
        &[
            ("tensor<1xi1>", true),
            ("vector<2xf32>", true),
            ("memref<1xi1>", false),
        ],
    );
    check_types(
        "(::mlir::getElementTypeOrSelf($_self).isIndex())",
        &[
            ("index", true),
            ("tensor<2xindex>", true),
            ("vector<2xi64>", false),
        ],
    );
    check_types(
        "( isStrided(::llvm::cast<::mlir::MemRefType>($_self)) )",
        &[
            ("memref<2x3xf32>", true),
            ("memref<2x3xf32, strided<[3, 1], offset: ?>>", true),
            ("memref<2x3xf32, affine_map<(d0, d1) -> (d0, d1)>>", true),
        ],
    );
}

#[test]
fn a_rank_of_an_unranked_type_is_an_error_not_false() {
    let mut ctx = context();
    let t = ty(&mut ctx, "tensor<*xf32>");
    let leaf = "(::llvm::cast<::mlir::ShapedType>($_self).getRank() >= 1)";
    let e = eval_leaf(&ctx, SelfKind::Type, leaf, &Bound::Type(t)).unwrap_err();
    assert_eq!(e.leaf, leaf);
    assert!(e.message.contains("unranked"), "{}", e.message);
    // A failed cast is reported as well, as upstream's cast asserts.
    let i = ty(&mut ctx, "i32");
    let e = eval_leaf(&ctx, SelfKind::Type, leaf, &Bound::Type(i)).unwrap_err();
    assert!(e.message.contains("cast"), "{}", e.message);
}

#[test]
fn attribute_kinds_and_values() {
    check_attrs(
        "(::llvm::isa<::mlir::IntegerAttr>($_self)) && ((::llvm::cast<::mlir::IntegerAttr>($_self).getType().isSignlessInteger(64)))",
        &[("5 : i64", true), ("5 : i32", false), ("5 : si64", false), ("5.0 : f64", false)],
    );
    check_attrs(
        "(!::llvm::cast<::mlir::IntegerAttr>($_self).getValue().isNegative())",
        &[
            ("0 : i8", true),
            ("127 : i8", true),
            ("-1 : i8", false),
            // APInt's sign is its top bit, whatever the type's signedness.
            ("255 : ui8", false),
            ("127 : ui8", true),
        ],
    );
    check_attrs(
        "(::llvm::cast<::mlir::IntegerAttr>($_self).getValue().isStrictlyPositive())",
        &[("1 : i64", true), ("0 : i64", false), ("-3 : i64", false)],
    );
    check_attrs(
        "(::llvm::cast<::mlir::IntegerAttr>($_self).getInt() >= -2)",
        &[("-2 : i32", true), ("-3 : i32", false), ("7 : index", true)],
    );
    check_attrs(
        "(::llvm::isa<::mlir::BoolAttr>($_self))",
        &[
            ("true", true),
            ("1 : i1", true),
            ("-1 : si1", false),
            ("1 : i8", false),
        ],
    );
    check_attrs(
        "(::llvm::isa<::mlir::FloatAttr>($_self)) && ((::llvm::cast<::mlir::FloatAttr>($_self).getType().isF32()))",
        &[("1.5 : f32", true), ("1.5 : f64", false)],
    );
    check_attrs(
        "(::llvm::isa<::mlir::StringAttr>($_self))",
        &[("\"x\"", true), ("\"x\" : i32", true), ("@x", false)],
    );
    check_attrs(
        "(::llvm::isa<::mlir::FlatSymbolRefAttr>($_self))",
        &[("@x", true), ("@x::@y", false)],
    );
    check_attrs(
        "(::llvm::isa<::mlir::SymbolRefAttr>($_self))",
        &[("@x", true), ("@x::@y", true)],
    );
    check_attrs(
        "(::llvm::isa<::mlir::TypeAttr>($_self)) && ((::llvm::isa<::mlir::FunctionType>(::llvm::cast<::mlir::TypeAttr>($_self).getValue())))",
        &[("(i32) -> i1", true), ("i32", false), ("unit", false)],
    );
    check_attrs(
        "(::llvm::isa<::mlir::UnitAttr>($_self))",
        &[("unit", true), ("[]", false)],
    );
    check_attrs(
        "(::llvm::isa<::mlir::DictionaryAttr>($_self))",
        &[("{a = 1}", true), ("[1]", false)],
    );
    check_attrs(
        "(::llvm::isa<::mlir::AffineMapAttr>($_self))",
        &[("affine_map<(d0) -> (d0)>", true), ("unit", false)],
    );
    check_attrs(
        "(::llvm::isa<::mlir::TypedAttr>($_self))",
        &[
            ("1 : i32", true),
            ("\"s\"", true),
            ("[]", false),
            ("unit", false),
        ],
    );
    check_attrs(
        "(::llvm::isa<::mlir::LocationAttr>($_self))",
        &[("loc(unknown)", true), ("unit", false)],
    );
}

#[test]
fn elements_and_dense_arrays() {
    let dense_i32 = "(::llvm::isa<::mlir::DenseIntElementsAttr>($_self)) && ((::llvm::cast<::mlir::DenseIntElementsAttr>($_self).getType().getElementType().isSignlessInteger(32)))";
    check_attrs(
        dense_i32,
        &[
            ("dense<[1, 2]> : tensor<2xi32>", true),
            ("dense<1> : vector<4xi32>", true),
            ("dense<[1, 2]> : tensor<2xi64>", false),
            ("dense<1.0> : tensor<2xf32>", false),
            ("array<i32: 1, 2>", false),
        ],
    );
    check_attrs(
        "(::llvm::isa<::mlir::DenseFPElementsAttr>($_self) &&::llvm::cast<::mlir::DenseElementsAttr>($_self).getType().getElementType().isF64())",
        &[("dense<1.0> : tensor<2xf64>", true), ("dense<1.0> : tensor<2xf32>", false)],
    );
    check_attrs(
        "(::llvm::isa<::mlir::ElementsAttr>($_self))",
        &[
            ("dense<1> : tensor<2xi8>", true),
            ("dense<\"a\"> : tensor<2x!test.s>", true),
            ("sparse<[[0]], [1]> : tensor<2xi8>", true),
            ("array<i8: 1>", false),
        ],
    );
    check_attrs(
        "(::llvm::isa<::mlir::DenseI32ArrayAttr>($_self))",
        &[
            ("array<i32: 1, 2>", true),
            ("array<i64: 1>", false),
            ("array<i32>", true),
        ],
    );
    check_attrs(
        "(::llvm::isa<::mlir::DenseBoolArrayAttr>($_self))",
        &[("array<i1: true>", true), ("array<i8: 1>", false)],
    );
    check_attrs(
        "(::llvm::isa<::mlir::DenseF64ArrayAttr>($_self))",
        &[("array<f64: 1.0>", true), ("array<f32: 1.0>", false)],
    );
}

#[test]
fn array_elements_through_all_of() {
    let leaf = "::llvm::all_of(::llvm::cast<::mlir::ArrayAttr>($_self), [&](::mlir::Attribute attr) { return attr && (((::llvm::isa<::mlir::IntegerAttr>(attr))) && ((::llvm::cast<::mlir::IntegerAttr>(attr).getType().isSignlessInteger(64)))); })";
    let whole = format!("(::llvm::isa<::mlir::ArrayAttr>($_self)) && ({leaf})");
    check_attrs(
        &whole,
        &[
            ("[]", true),
            ("[1 : i64, 2 : i64]", true),
            ("[1 : i64, 2 : i32]", false),
            ("[1 : i64, \"x\"]", false),
            ("1 : i64", false),
        ],
    );
    let nested = "::llvm::all_of(::llvm::cast<::mlir::ArrayAttr>($_self), [&](::mlir::Attribute attr) { return attr && (((::llvm::isa<::mlir::ArrayAttr>(attr))) && (::llvm::all_of(::llvm::cast<::mlir::ArrayAttr>(attr), [&](::mlir::Attribute attr) { return attr && (((::llvm::isa<::mlir::TypeAttr>(attr))) && ((::llvm::isa<::mlir::Type>(::llvm::cast<::mlir::TypeAttr>(attr).getValue()))) && ((true))); }))); })";
    check_attrs(
        nested,
        &[
            ("[[i32, f32], []]", true),
            ("[[i32, 1]]", false),
            ("[i32]", false),
        ],
    );
}

#[test]
fn an_absent_optional_attribute_is_a_null_self() {
    let ctx = context();
    assert_eq!(
        eval_leaf(&ctx, SelfKind::Attr, "(!$_self)", &Bound::Absent),
        Ok(true)
    );
    let mut ctx = context();
    let a = attr(&mut ctx, "unit");
    assert_eq!(
        eval_leaf(&ctx, SelfKind::Attr, "(!$_self)", &Bound::Attr(a)),
        Ok(false)
    );
}

#[test]
fn regions_and_values() {
    let ctx = context();
    let sized = "(::llvm::hasNItems($_self, 1))";
    let region = |blocks| Bound::Region { blocks };
    assert_eq!(
        eval_leaf(&ctx, SelfKind::Region, sized, &region(1)),
        Ok(true)
    );
    assert_eq!(
        eval_leaf(&ctx, SelfKind::Region, sized, &region(2)),
        Ok(false)
    );
    let at_least = "(::llvm::hasNItemsOrMore($_self, 1))";
    assert_eq!(
        eval_leaf(&ctx, SelfKind::Region, at_least, &region(3)),
        Ok(true)
    );
    assert_eq!(
        eval_leaf(&ctx, SelfKind::Region, at_least, &region(0)),
        Ok(false)
    );
    let mut ctx = context();
    let i1 = ty(&mut ctx, "i1");
    let unused = Bound::Value {
        ty: i1,
        use_empty: true,
    };
    assert_eq!(
        eval_leaf(&ctx, SelfKind::Value, "($_self.use_empty())", &unused),
        Ok(true)
    );
}

#[test]
fn leaves_outside_the_vocabulary_are_reported_by_text() {
    let natives = Natives::new();
    let compiler = Compiler::new(None, &natives);
    let pred = Pred::And(vec![
        Pred::Leaf("$_self.isF32()".into()),
        Pred::Leaf("::my::isFancy($_self)".into()),
        Pred::Not(Box::new(Pred::Leaf("$_self.frobnicate()".into()))),
    ]);
    let errors = compiler.pred(&pred, SelfKind::Type, &|_| None).unwrap_err();
    let plain = Pred::Leaf("$_self.isF32()".into());
    let compiled = compiler.pred(&plain, SelfKind::Type, &|_| None).unwrap();
    assert!(compiled.depends_only_on_self());
    let leaves: Vec<&str> = errors.iter().map(|e| e.leaf.as_str()).collect();
    assert_eq!(leaves, ["::my::isFancy($_self)", "$_self.frobnicate()"]);
    assert!(errors[0]
        .to_string()
        .starts_with("cannot evaluate '::my::isFancy($_self)'"));
    // A leaf that does not parse is reported the same way.
    let bad = Pred::Leaf("$_self.isF32(".into());
    let errors = compiler.pred(&bad, SelfKind::Type, &|_| None).unwrap_err();
    assert_eq!(errors[0].leaf, "$_self.isF32(");
}

#[test]
fn natives_stand_for_leaves_by_exact_text() {
    let mut natives = Natives::new();
    let leaf = "::my::isFancy($_self)";
    natives.register(leaf, |ctx, subject, _| match subject {
        Bound::Type(t) => Ok(matches!(
            ctx.type_kind(*t),
            tessera_ir::TypeKind::Integer { width: 7, .. }
        )),
        _ => Err("not a type".to_string()),
    });
    // After substitution the leaf text is what the registry is keyed by.
    let pred = Pred::SubstLeaves {
        pattern: "$x".into(),
        replacement: "$_self".into(),
        child: Box::new(Pred::And(vec![
            Pred::Leaf("$x.isSignlessInteger()".into()),
            Pred::Leaf("::my::isFancy($x)".into()),
        ])),
    };
    let compiled = Compiler::new(None, &natives)
        .pred(&pred, SelfKind::Type, &|_| None)
        .expect("the native covers the unknown leaf");
    assert!(!compiled.depends_only_on_self());
    let mut ctx = context();
    let (i7, si7, i8) = (ty(&mut ctx, "i7"), ty(&mut ctx, "si7"), ty(&mut ctx, "i8"));
    assert_eq!(compiled.eval(&ctx, &Bound::Type(i7), &NoNames), Ok(true));
    assert_eq!(compiled.eval(&ctx, &Bound::Type(si7), &NoNames), Ok(false));
    assert_eq!(compiled.eval(&ctx, &Bound::Type(i8), &NoNames), Ok(false));
    let e = compiled.eval(&ctx, &Bound::Absent, &NoNames).unwrap_err();
    assert_eq!(e.leaf, "$_self.isSignlessInteger()");
}

/// The `$name`s of a test op: `lhs`, `rhs`, `result` are single values, `inputs` a group.
fn op_names(name: &str) -> Option<(NameKind, u32)> {
    match name {
        "lhs" => Some((NameKind::Value, 0)),
        "rhs" => Some((NameKind::Value, 1)),
        "result" => Some((NameKind::Value, 2)),
        "inputs" => Some((NameKind::Values, 3)),
        "callee" => Some((NameKind::Value, 4)),
        _ => None,
    }
}

#[test]
fn op_predicates_over_named_values() {
    let mut ctx = context();
    let t = |ctx: &mut tessera_ir::Context, s: &str| ty(ctx, s);
    let (i32, f32) = (t(&mut ctx, "i32"), t(&mut ctx, "f32"));
    let v = |ty| Bound::Value {
        ty,
        use_empty: false,
    };
    let natives = Natives::new();
    let compiler = Compiler::new(None, &natives);
    let all_match = Pred::Leaf(
        "(($lhs.getType()) == ($rhs.getType()) && ($rhs.getType()) == ($result.getType()) && ($result.getType()) == ($lhs.getType()))".into(),
    );
    let compiled = compiler
        .pred(&all_match, SelfKind::None, &op_names)
        .unwrap();
    let same = |key: u32| {
        [Some(v(i32)), Some(v(i32)), Some(v(i32))]
            .get(key as usize)
            .cloned()
            .flatten()
    };
    let mixed = |key: u32| {
        [Some(v(i32)), Some(v(f32)), Some(v(i32))]
            .get(key as usize)
            .cloned()
            .flatten()
    };
    assert_eq!(compiled.eval(&ctx, &Bound::Absent, &same), Ok(true));
    assert_eq!(compiled.eval(&ctx, &Bound::Absent, &mixed), Ok(false));

    // `TypesMatchWith` between a function type's inputs and a variadic group.
    let fn_ty = t(&mut ctx, "(i32, f32) -> ()");
    let inputs = Pred::Leaf(
        "(std::equal_to<>()(::llvm::cast<FunctionType>($callee.getType()).getInputs(), $inputs.getType()))".into(),
    );
    let compiled = compiler.pred(&inputs, SelfKind::None, &op_names).unwrap();
    check_group(&ctx, &compiled, (3, 4, fn_ty), vec![i32, f32], vec![i32]);

    // An unknown name is a compile error naming the leaf.
    let unknown = Pred::Leaf("($nope.getType() == $lhs.getType())".into());
    let e = compiler
        .pred(&unknown, SelfKind::None, &op_names)
        .unwrap_err();
    assert!(e[0].message.contains("$nope"), "{}", e[0].message);
}

#[test]
fn shapes_compared_across_values() {
    let mut ctx = context();
    let names = |n: &str| match n {
        "in" => Some((NameKind::Value, 0)),
        "out" => Some((NameKind::Value, 1)),
        _ => None,
    };
    let leaf = "(((::llvm::isa<::mlir::TensorType>($in.getType()) ? ::llvm::cast<::mlir::TensorType>($in.getType()).getShape() : ::llvm::ArrayRef<int64_t>{})) == ((::llvm::isa<::mlir::TensorType>($out.getType()) ? ::llvm::cast<::mlir::TensorType>($out.getType()).getShape() : ::llvm::ArrayRef<int64_t>{})))";
    let natives = Natives::new();
    let compiled = Compiler::new(None, &natives)
        .pred(&Pred::Leaf(leaf.into()), SelfKind::None, &names)
        .unwrap();
    let cases = [
        ("tensor<2x3xf32>", "tensor<2x3xi1>", true),
        ("tensor<2x3xf32>", "tensor<3x2xi1>", false),
        ("f32", "i1", true),
        ("f32", "tensor<2xi1>", false),
    ];
    for (a, b, want) in cases {
        let (a_t, b_t) = (ty(&mut ctx, a), ty(&mut ctx, b));
        let resolve = move |key: u32| {
            let t = if key == 0 { a_t } else { b_t };
            Some(Bound::Value {
                ty: t,
                use_empty: false,
            })
        };
        assert_eq!(
            compiled.eval(&ctx, &Bound::Absent, &resolve),
            Ok(want),
            "{a} vs {b}"
        );
    }
}

#[test]
fn i1_same_shape_compares_without_interning() {
    let mut ctx = context();
    let names = |n: &str| match n {
        "lhs" => Some((NameKind::Value, 0)),
        "result" => Some((NameKind::Value, 1)),
        _ => None,
    };
    let leaf = "(std::equal_to<>()(::getI1SameShape($lhs.getType()), $result.getType()))";
    let natives = Natives::new();
    let compiled = Compiler::new(None, &natives)
        .pred(&Pred::Leaf(leaf.into()), SelfKind::None, &names)
        .unwrap();
    let lhs = ty(&mut ctx, "vector<[4]x2xf32>");
    let good = ty(&mut ctx, "vector<[4]x2xi1>");
    let bad = ty(&mut ctx, "vector<4x2xi1>");
    let before = ctx.num_types();
    for (result, want) in [(good, true), (bad, false)] {
        let resolve = move |key: u32| {
            Some(Bound::Value {
                ty: if key == 0 { lhs } else { result },
                use_empty: false,
            })
        };
        assert_eq!(compiled.eval(&ctx, &Bound::Absent, &resolve), Ok(want));
    }
    // A tensor whose i1 counterpart was never built: unequal, and nothing is interned.
    let t = ty(&mut ctx, "tensor<7xf16>");
    let before_tensor = ctx.num_types();
    let resolve = move |key: u32| {
        Some(Bound::Value {
            ty: if key == 0 { t } else { good },
            use_empty: false,
        })
    };
    assert_eq!(compiled.eval(&ctx, &Bound::Absent, &resolve), Ok(false));
    assert_eq!(ctx.num_types(), before_tensor);
    assert!(before <= before_tensor);
}

#[test]
fn type_builders_and_transformers() {
    let natives = Natives::new();
    let compiler = Compiler::new(None, &natives);
    let mut ctx = context();
    let cases = [
        ("$_builder.getIntegerType(32)", "i32"),
        ("$_builder.getIntegerType(16, /*isSigned=*/true)", "si16"),
        ("$_builder.getIntegerType(1, /*isSigned=*/false)", "ui1"),
        ("$_builder.getF32Type()", "f32"),
        ("$_builder.getFloat8E4M3B11FNUZType()", "f8E4M3B11FNUZ"),
        ("$_builder.getIndexType()", "index"),
        ("$_builder.getType<::mlir::NoneType>()", "none"),
        ("$_builder.getType<::mlir::Float80Type>()", "f80"),
    ];
    for (text, want) in cases {
        let b = compiler.type_builder(text).unwrap();
        assert_eq!(b.produces(), Produces::Type);
        let got = b.build_type(&mut ctx, None).unwrap();
        let expected = ty(&mut ctx, want);
        assert_eq!(got, expected, "{text}");
    }
    let elem = compiler
        .type_transformer("::llvm::cast<::mlir::ShapedType>($_self).getElementType()")
        .unwrap();
    let t = ty(&mut ctx, "tensor<2xbf16>");
    let bf16 = ty(&mut ctx, "bf16");
    assert_eq!(elem.build_type(&mut ctx, Some(t)), Ok(bf16));
    let i1 = compiler
        .type_transformer("::getI1SameShape($_self)")
        .unwrap();
    let t = ty(&mut ctx, "tensor<?x3xf32>");
    let built = i1.build_type(&mut ctx, Some(t)).unwrap();
    assert_eq!(built, ty(&mut ctx, "tensor<?x3xi1>"));
    let inputs = compiler
        .type_transformer("::llvm::cast<FunctionType>($_self).getInputs()")
        .unwrap();
    assert_eq!(inputs.produces(), Produces::Types);
    let f = ty(&mut ctx, "(i8, f16) -> i1");
    let (i8, f16) = (ty(&mut ctx, "i8"), ty(&mut ctx, "f16"));
    assert_eq!(
        inputs.build(&mut ctx, Some(&Bound::Type(f))),
        Ok(Bound::Values(vec![i8, f16]))
    );
    // Read-only: a type that does not exist is `None`, and nothing is interned.
    let fresh = context();
    let b = compiler
        .type_builder("$_builder.getIntegerType(77)")
        .unwrap();
    assert_eq!(b.lookup(&fresh, None), Ok(None));
}

#[test]
fn a_native_builds_a_type_the_evaluator_cannot() {
    // A dialect type kept as text, made from `$_self` by a Rust builder registered for the
    // expression's exact text; read-only evaluation only finds it once it exists.
    let mut natives = Natives::new();
    natives.register_type("demo::BoxType::get($_self)", |store, subject| {
        let Some(Bound::Type(inner)) = subject else {
            return Err("no type to box".to_string());
        };
        let body = format!("box<{}>", tessera_asm::type_to_string(store.ctx(), *inner));
        let Some(dialect) = store.ident("demo") else {
            return Ok(None);
        };
        Ok(store.ty(tessera_ir::TypeKind::Opaque {
            dialect,
            body: body.into(),
        }))
    });
    let compiler = Compiler::new(None, &natives);
    let boxed = compiler
        .type_transformer("demo::BoxType::get($_self)")
        .unwrap();
    assert_eq!(boxed.produces(), Produces::Type);
    let mut ctx = context();
    let i8 = ty(&mut ctx, "i8");
    assert_eq!(boxed.lookup(&ctx, Some(&Bound::Type(i8))), Ok(None));
    let built = boxed.build_type(&mut ctx, Some(i8)).unwrap();
    assert_eq!(built, ty(&mut ctx, "!demo.box<i8>"));
    assert_eq!(
        boxed.lookup(&ctx, Some(&Bound::Type(i8))),
        Ok(Some(Bound::Type(built)))
    );
    let err = boxed.build(&mut ctx, None).unwrap_err();
    assert_eq!(err.message, "no type to box");
}

#[test]
fn attribute_builders_with_default_values() {
    let natives = Natives::new();
    let compiler = Compiler::new(None, &natives);
    let mut ctx = context();
    let cases = [
        ("$_builder.getBoolAttr($0)", "false", "false"),
        ("$_builder.getI64IntegerAttr($0)", "-3", "-3 : i64"),
        (
            "$_builder.getIntegerAttr($_builder.getIntegerType(8, /*isSigned=*/false), $0)",
            "200",
            "200 : ui8",
        ),
        ("$_builder.getIntegerAttr($_builder.getIndexType(), $0)", "4", "4 : index"),
        ("$_builder.getFloatAttr($_builder.getF32Type(), $0)", "1.5", "1.5 : f32"),
        ("$_builder.getStringAttr($0)", "\"hi\"", "\"hi\""),
        ("$_builder.getI64ArrayAttr($0)", "{1, 2}", "[1 : i64, 2 : i64]"),
        ("$_builder.getF32ArrayAttr($0)", "{1.0}", "[1.0 : f32]"),
        ("$_builder.getStrArrayAttr($0)", "{\"a\"}", "[\"a\"]"),
        ("$_builder.getDenseI32ArrayAttr($0)", "{3, -1}", "array<i32: 3, -1>"),
        ("$_builder.getDenseBoolArrayAttr($0)", "{true, false}", "array<i1: true, false>"),
        ("$_builder.getDenseF64ArrayAttr($0)", "{}", "array<f64>"),
        ("$_builder.getTypeArrayAttr($0)", "{$_builder.getI1Type()}", "[i1]"),
        ("::mlir::TypeAttr::get($0)", "$_builder.getF16Type()", "f16"),
        ("::mlir::SymbolRefAttr::get($_builder.getContext(), $0)", "\"f\"", "@f"),
        (
            "::llvm::cast<::mlir::DenseIntElementsAttr>(::mlir::DenseElementsAttr::get(::mlir::RankedTensorType::get({}, $_builder.getIntegerType(32)), ::llvm::ArrayRef($0)))",
            "7",
            "dense<7> : tensor<i32>",
        ),
        ("$_builder.getDictionaryAttr($0)", "{}", "{}"),
        ("(($0) ? $_builder.getUnitAttr() : nullptr)", "true", "unit"),
    ];
    for (call, value, want) in cases {
        let b = compiler.attr_builder(call, value).unwrap();
        let got = b.build_attr(&mut ctx).unwrap();
        let expected = attr(&mut ctx, want);
        assert_eq!(
            got,
            expected,
            "{call} with {value}: {}",
            tessera_asm::attr_to_string(&ctx, got)
        );
    }
    // A unit attribute defaulting to false is an absent attribute.
    let b = compiler
        .attr_builder("(($0) ? $_builder.getUnitAttr() : nullptr)", "false")
        .unwrap();
    assert_eq!(b.build(&mut ctx, None), Ok(Bound::Absent));
}

#[test]
fn comparing_with_a_built_default_does_not_intern() {
    let ctx = context();
    let natives = Natives::new();
    let pred = Pred::Leaf("($_self == $_builder.getBoolAttr(false))".into());
    let compiled = Compiler::new(None, &natives)
        .pred(&pred, SelfKind::Attr, &|_| None)
        .unwrap();
    let mut ctx2 = context();
    let t = attr(&mut ctx2, "true");
    let f = attr(&mut ctx2, "false");
    assert_eq!(compiled.eval(&ctx2, &Bound::Attr(t), &NoNames), Ok(false));
    assert_eq!(compiled.eval(&ctx2, &Bound::Attr(f), &NoNames), Ok(true));
    let before = ctx.num_attrs();
    assert_eq!(compiled.eval(&ctx, &Bound::Absent, &NoNames), Ok(false));
    assert_eq!(ctx.num_attrs(), before);
}

#[test]
fn the_op_itself_through_dollar_op() {
    let mut ctx = context();
    let names = |n: &str| match n {
        "_op" => Some((NameKind::Op, 9)),
        "elements" => Some((NameKind::Values, 1)),
        "result" => Some((NameKind::Value, 2)),
        _ => None,
    };
    let natives = Natives::new();
    let compiler = Compiler::new(None, &natives);
    let leaves = [
        "($_op.getNumOperands() > 1)",
        "(::llvm::isa<::mlir::ShapedType>($_op.getOperand(1).getType()))",
        "(getElementTypeOrSelf($_op.getResult(0)) == getElementTypeOrSelf($_op.getOperand(0)))",
    ];
    let (f32, vf32, vi32) = (
        ty(&mut ctx, "f32"),
        ty(&mut ctx, "vector<2xf32>"),
        ty(&mut ctx, "vector<2xi32>"),
    );
    let op = |operands: Vec<tessera_ir::Type>, results: Vec<tessera_ir::Type>| {
        move |key: u32| {
            (key == 9).then(|| Bound::Op {
                operands: operands.clone(),
                results: results.clone(),
            })
        }
    };
    let expectations = [
        (op(vec![f32, vf32], vec![vf32]), [true, true, true]),
        (op(vec![vf32], vec![vi32]), [false, false, false]),
    ];
    for (resolver, wants) in expectations {
        for (leaf, want) in leaves.iter().zip(wants) {
            let compiled = compiler
                .pred(&Pred::Leaf(leaf.to_string()), SelfKind::None, &names)
                .unwrap();
            let got = compiled.eval(&ctx, &Bound::Absent, &resolver);
            // An operand that does not exist is an error, not false.
            if leaf.contains("getOperand(1)") && !want {
                assert!(got.is_err(), "{leaf}: {got:?}");
            } else {
                assert_eq!(got, Ok(want), "{leaf}");
            }
        }
    }
    // `SmallVector<Type, 2>(n, t)` compared with a variadic group's types.
    let leaf = "(std::equal_to<>()(SmallVector<Type, 2>(::llvm::cast<RankedTensorType>($result.getType()).getNumElements(), ::llvm::cast<RankedTensorType>($result.getType()).getElementType()), $elements.getType()))";
    let compiled = compiler
        .pred(&Pred::Leaf(leaf.into()), SelfKind::None, &names)
        .unwrap();
    let t = ty(&mut ctx, "tensor<2xf32>");
    check_group(&ctx, &compiled, (1, 2, t), vec![f32, f32], vec![f32]);
}

#[test]
fn values_of_unregistered_and_registered_dialects() {
    let mut ctx = context();
    let name = ctx.ident("reg");
    ctx.register_dialect(tessera_ir::DialectInfo::new(name));
    let (reg, unreg) = (ty(&mut ctx, "!reg.t"), ty(&mut ctx, "!unreg.t"));
    let leaf = |l: &str, t| eval_leaf(&ctx, SelfKind::Type, l, &Bound::Type(t));
    // Upstream keeps a type of an unregistered dialect as an `OpaqueType`.
    assert_eq!(
        leaf("(::llvm::isa<::mlir::OpaqueType>($_self))", unreg),
        Ok(true)
    );
    assert_eq!(
        leaf("(::llvm::isa<::mlir::OpaqueType>($_self))", reg),
        Ok(false)
    );
    assert_eq!(
        leaf("(::llvm::isa<::mlir::ShapedType>($_self))", unreg),
        Ok(false)
    );
    // A registered dialect's type may be shaped: that is not known from its text.
    let e = leaf("(::llvm::isa<::mlir::ShapedType>($_self))", reg).unwrap_err();
    assert!(e.message.contains("'reg'"), "{}", e.message);
    let (reg_a, unreg_a) = (attr(&mut ctx, "#reg.a"), attr(&mut ctx, "#unreg.a"));
    let typed = "(::llvm::isa<::mlir::TypedAttr>($_self))";
    assert_eq!(
        eval_leaf(&ctx, SelfKind::Attr, typed, &Bound::Attr(unreg_a)),
        Ok(true)
    );
    assert!(eval_leaf(&ctx, SelfKind::Attr, typed, &Bound::Attr(reg_a)).is_err());
}

#[test]
fn hostile_builders_are_errors_not_panics_or_invalid_types() {
    let natives = Natives::new();
    let compiler = Compiler::new(None, &natives);
    let mut ctx = context();
    let cases = [
        (
            "$_builder.getIntegerType(4000000000)",
            "",
            "width out of range",
        ),
        (
            "$_builder.getIntegerAttr($_builder.getIntegerType(16777216), 0)",
            "",
            "width",
        ),
        (
            "::mlir::RankedTensorType::get({-2}, $_builder.getF32Type())",
            "",
            "dimension",
        ),
        (
            "::mlir::VectorType::get({0}, $_builder.getF32Type())",
            "",
            "dimension",
        ),
        (
            "::mlir::RankedTensorType::get({2}, $_builder.getNoneType())",
            "",
            "element type",
        ),
        ("::mlir::ComplexType::get($_builder.getIndexType())", "", ""),
        ("$_builder.getDictionaryAttr($0)", "{1}", "entries"),
        (
            "$_builder.getI64IntegerAttr($0)",
            "-(0 - 170141183460469231731687303715884105727 - 1)",
            "overflow",
        ),
    ];
    for (call, value, message) in cases {
        let built = compiler
            .attr_builder(call, value)
            .and_then(|b| b.build(&mut ctx, None));
        let e = built.unwrap_err();
        assert!(e.message.contains(message), "{call}: {}", e.message);
    }
    let names = |n: &str| (n == "x").then_some((NameKind::Values, 0));
    let repeat = Pred::Leaf(
        "(std::equal_to<>()(SmallVector<Type>(1000000000000, $_builder.getF32Type()), $x.getType()))".into(),
    );
    let compiled = compiler.pred(&repeat, SelfKind::None, &names).unwrap();
    let resolve = |_| Some(Bound::Values(Vec::new()));
    assert!(compiled.eval(&ctx, &Bound::Absent, &resolve).is_err());
}

#[test]
fn compiled_forms_can_be_shared_between_threads() {
    fn shared<T: Send + Sync + 'static>() {}
    shared::<tessera_ods::eval::CompiledPred>();
    shared::<tessera_ods::eval::CompiledExpr>();
    shared::<Natives>();
}

#[test]
fn partial_predicates_decide_where_the_known_leaves_suffice() {
    let natives = Natives::new();
    let compiler = Compiler::new(None, &natives);
    let pred = Pred::Or(vec![
        Pred::Leaf("::llvm::isa<::mlir::IntegerType>($_self)".into()),
        Pred::Leaf("::my::isFancy($_self)".into()),
    ]);
    assert!(compiler.pred(&pred, SelfKind::Type, &|_| None).is_err());
    let (compiled, unknown) = compiler.pred_partial(&pred, SelfKind::Type, &|_| None);
    assert_eq!(unknown.len(), 1);
    assert_eq!(unknown[0].leaf, "::my::isFancy($_self)");
    let mut ctx = context();
    let (i32, f32) = (ty(&mut ctx, "i32"), ty(&mut ctx, "f32"));
    assert_eq!(compiled.eval(&ctx, &Bound::Type(i32), &NoNames), Ok(true));
    let e = compiled
        .eval(&ctx, &Bound::Type(f32), &NoNames)
        .unwrap_err();
    assert_eq!(e, unknown[0]);
}
