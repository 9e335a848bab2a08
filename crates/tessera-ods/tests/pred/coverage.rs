//! Coverage over MLIR 19's own `.td` files, when they are installed: every distinct leaf the
//! constraint library in `mlir/IR/*.td` produces compiles, and so does every leaf of the Arith
//! and Func dialects; PDL and PDLInterp leave exactly the leaves listed below (they ask about
//! parameters of `pdl` types, which `tessera-ir` keeps as opaque text, or call C++ helpers of
//! the dialect). Every compiled type or attribute predicate is also evaluated over a sample
//! of values: it may refuse (a failing `cast`), but it must decide or refuse, never panic.
//! Other dialects are reported, not required. And the substituted condition of every type and
//! attribute constraint of six dialects is compared with what `mlir-tblgen -gen-op-defs`
//! generates for it.

use crate::common::{attr, context, ty};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use tessera_ods::eval::{
    unbuildable_exprs, unevaluable_leaves, Bound, Compiler, Cond, Natives, NoNames, SelfKind,
};
use tessera_ods::Pred;

const INCLUDE: &str = "/usr/lib/llvm-19/include";

/// Leaves of PDL and PDLInterp that stay unevaluable, and why.
const PDL_REMAINING: [&str; 6] = [
    // `pdl.range<T>`'s element type is a parameter of opaque text.
    "(::llvm::isa<::mlir::pdl::OperationType>(::llvm::cast<::mlir::pdl::RangeType>($_self).getElementType()))",
    "(::llvm::isa<::mlir::pdl::PDLType>(::llvm::cast<::mlir::pdl::RangeType>($_self).getElementType()))",
    "(::llvm::isa<::mlir::pdl::TypeType>(::llvm::cast<::mlir::pdl::RangeType>($_self).getElementType()))",
    "(::llvm::isa<::mlir::pdl::ValueType>(::llvm::cast<::mlir::pdl::RangeType>($_self).getElementType()))",
    // A C++ helper of pdl_interp, and building a `pdl.range` type.
    "(std::equal_to<>()(getGetValueTypeOpValueType($result.getType()), $value.getType()))",
    "(std::equal_to<>()(pdl::RangeType::get($result.getType()), $range.getType()))",
];

const TYPES: [&str; 16] = [
    "i1",
    "si8",
    "ui64",
    "index",
    "f16",
    "bf16",
    "f64",
    "f8E4M3FN",
    "none",
    "complex<f32>",
    "tuple<i1, f32>",
    "(i32) -> f32",
    "tensor<2x?xi32>",
    "tensor<*xf32>",
    "memref<4xi8>",
    "vector<[2]x4xf32>",
];
const ATTRS: [&str; 16] = [
    "unit",
    "true",
    "7 : i64",
    "-1 : i8",
    "2.5 : f32",
    "\"s\"",
    "[1, \"a\"]",
    "{a = 1}",
    "i32",
    "@f",
    "affine_map<(d0) -> (d0)>",
    "dense<[1, 2]> : tensor<2xi32>",
    "array<i64: 1, 2>",
    "array<i1: true>",
    "loc(unknown)",
    "dense<1.0> : tensor<2xf64>",
];

/// Parses `file` (relative to the include directory), or `text` under that name if given.
fn parse_source(file: &str, text: Option<&str>) -> tessera_tablegen::Parsed {
    let opts = tessera_tablegen::Options {
        include_dirs: vec![INCLUDE.to_string()],
        ..Default::default()
    };
    let path = format!("{INCLUDE}/{file}");
    let parsed = match text {
        Some(t) => tessera_tablegen::parse_source(file, t, &opts),
        None => tessera_tablegen::parse_file(&path, &opts),
    };
    parsed.unwrap_or_else(|f| panic!("{path}:\n{}", f.render()))
}

/// Parses `file` (relative to the include directory).
fn parse(file: &str) -> tessera_tablegen::Parsed {
    parse_source(file, None)
}

/// Every constraint record's leaves in `parsed`, with the kind of `$_self`.
fn library_leaves(parsed: &tessera_tablegen::Parsed) -> BTreeMap<String, SelfKind> {
    let mut out = BTreeMap::new();
    let classes = [
        ("TypeConstraint", SelfKind::Type),
        ("AttrConstraint", SelfKind::Attr),
        ("RegionConstraint", SelfKind::Region),
        // What remains of `Constraint` (DRR's value constraints) is about an SSA value.
        ("Constraint", SelfKind::Value),
    ];
    for (class, kind) in classes {
        for (_, pred) in tessera_ods::pred::predicates_of_class(&parsed.records, class) {
            for leaf in Cond::of(&pred).leaves() {
                out.entry(leaf.to_string()).or_insert(kind);
            }
        }
    }
    out
}

struct Report {
    distinct: usize,
    remaining: BTreeSet<String>,
    evaluations: usize,
    /// Builder expressions (builder calls, transformers, defaults) that do not compile.
    unbuildable: Vec<String>,
}

/// Compiles every leaf, evaluates the compiled type and attribute leaves over the samples.
fn survey(file: &str) -> Report {
    survey_parsed(parse(file))
}

fn survey_parsed(parsed: tessera_tablegen::Parsed) -> Report {
    let loaded = tessera_ods::load(&parsed.records);
    let natives = Natives::new();
    let compiler = Compiler::new(Some(&loaded.model), &natives);
    let mut ctx = context();
    let types: Vec<_> = TYPES.iter().map(|t| ty(&mut ctx, t)).collect();
    let attrs: Vec<_> = ATTRS.iter().map(|a| attr(&mut ctx, a)).collect();
    let leaves = library_leaves(&parsed);
    let mut remaining = BTreeSet::new();
    let mut evaluations = 0;
    for (leaf, kind) in &leaves {
        match compiler.pred(&Pred::Leaf(leaf.clone()), *kind, &|_| None) {
            Ok(compiled) => {
                let subjects: Vec<Bound> = match kind {
                    SelfKind::Type => types.iter().map(|t| Bound::Type(*t)).collect(),
                    SelfKind::Attr => attrs.iter().map(|a| Bound::Attr(*a)).collect(),
                    _ => Vec::new(),
                };
                for s in &subjects {
                    if compiled.eval(&ctx, s, &NoNames).is_ok() {
                        evaluations += 1;
                    }
                }
            }
            Err(_) => {
                remaining.insert(leaf.clone());
            }
        }
    }
    // The model's own view: op predicate traits with their names, constraints by kind.
    let mut distinct: BTreeSet<&str> = leaves.keys().map(|s| s.as_str()).collect();
    let op_leaves: Vec<String> = loaded
        .model
        .ops
        .iter()
        .flat_map(|op| &op.traits)
        .filter_map(|t| match &t.kind {
            tessera_ods::TraitKind::Predicate { pred, .. } => Some(pred),
            _ => None,
        })
        .flat_map(|p| {
            Cond::of(p)
                .leaves()
                .into_iter()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    distinct.extend(op_leaves.iter().map(|s| s.as_str()));
    let model_remaining = unevaluable_leaves(&loaded.model, &natives);
    remaining.extend(model_remaining.into_iter().map(|u| u.leaf));
    Report {
        distinct: distinct.len(),
        remaining,
        evaluations,
        unbuildable: unbuildable_exprs(&loaded.model, &natives)
            .into_iter()
            .map(|u| u.leaf)
            .collect(),
    }
}

fn show(file: &str, r: &Report) {
    println!(
        "{file}: {} distinct leaves, {} evaluate, {} remain ({} sample evaluations decided)",
        r.distinct,
        r.distinct - r.remaining.len(),
        r.remaining.len(),
        r.evaluations
    );
    for leaf in &r.remaining {
        println!("  remains: {}", leaf.replace('\n', " "));
    }
    for text in &r.unbuildable {
        println!("  cannot build: {text}");
    }
}

#[test]
fn mlir_constraint_library_and_dialects() {
    if !Path::new(INCLUDE).join("mlir/IR/OpBase.td").exists() {
        println!("note: {INCLUDE} is absent; MLIR 19 coverage skipped");
        return;
    }
    let mut ir_files: Vec<String> = std::fs::read_dir(format!("{INCLUDE}/mlir/IR"))
        .expect("mlir/IR")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".td"))
        .collect();
    ir_files.sort();
    let mut ir_leaves = BTreeSet::new();
    for f in &ir_files {
        let file = format!("mlir/IR/{f}");
        let r = survey(&file);
        assert!(r.remaining.is_empty(), "{file}: {:#?}", r.remaining);
        ir_leaves.extend(library_leaves(&parse(&file)).into_keys());
    }
    println!(
        "mlir/IR/*.td: {} distinct leaves, all evaluate",
        ir_leaves.len()
    );
    assert!(
        ir_leaves.len() > 150,
        "too few leaves found: {}",
        ir_leaves.len()
    );

    for file in [
        "mlir/Dialect/Arith/IR/ArithOps.td",
        "mlir/Dialect/Func/IR/FuncOps.td",
    ] {
        let r = survey(file);
        show(file, &r);
        assert!(r.remaining.is_empty(), "{file}: {:#?}", r.remaining);
    }
    let mut pdl_remaining = BTreeSet::new();
    for file in [
        "mlir/Dialect/PDL/IR/PDLOps.td",
        "mlir/Dialect/PDLInterp/IR/PDLInterpOps.td",
    ] {
        let r = survey(file);
        show(file, &r);
        pdl_remaining.extend(r.remaining);
    }
    let expected: BTreeSet<String> = PDL_REMAINING.iter().map(|s| s.to_string()).collect();
    assert_eq!(pdl_remaining, expected);

    for file in [
        "mlir/Dialect/SCF/IR/SCFOps.td",
        "mlir/Dialect/MemRef/IR/MemRefOps.td",
        "mlir/Dialect/Tensor/IR/TensorOps.td",
        "mlir/Dialect/Vector/IR/VectorOps.td",
        "mlir/Dialect/LLVMIR/LLVMOps.td",
    ] {
        if Path::new(INCLUDE).join(file).exists() {
            show(file, &survey(file));
        }
    }
}

/// Runs `mlir-tblgen -gen-op-defs` on `file`.
fn generated_op_defs(file: &str) -> Option<String> {
    let out = std::process::Command::new("/usr/lib/llvm-19/bin/mlir-tblgen")
        .args(["-gen-op-defs", "-I", INCLUDE, &format!("{INCLUDE}/{file}")])
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The substituted condition of every type and attribute constraint is the text upstream's
/// generated verifier tests (with `$_self` spelled `type` or `attr`, as the generator
/// substitutes it): the leaves Tessera evaluates are the leaves upstream compiles.
#[test]
fn conditions_match_mlir_tblgen() {
    if !Path::new("/usr/lib/llvm-19/bin/mlir-tblgen").exists() {
        println!("note: mlir-tblgen 19 is absent; condition comparison skipped");
        return;
    }
    for file in [
        "mlir/Dialect/Arith/IR/ArithOps.td",
        "mlir/Dialect/Func/IR/FuncOps.td",
        "mlir/Dialect/PDL/IR/PDLOps.td",
        "mlir/Dialect/PDLInterp/IR/PDLInterpOps.td",
        "mlir/Dialect/SCF/IR/SCFOps.td",
        "mlir/Dialect/Tensor/IR/TensorOps.td",
    ] {
        let Some(generated) = generated_op_defs(file) else {
            panic!("mlir-tblgen fails on {file}");
        };
        let loaded = tessera_ods::load(&parse(file).records);
        let mut compared = 0;
        for c in &loaded.model.constraints {
            let Some(pred) = &c.pred else { continue };
            let cpp = Cond::of(pred).to_cpp();
            let expected = match c.kind {
                tessera_ods::ConstraintKind::Type => {
                    format!("if (!({}))", cpp.replace("$_self", "type"))
                }
                tessera_ods::ConstraintKind::Attr => {
                    format!("if (attr && !({}))", cpp.replace("$_self", "attr"))
                }
                _ => continue,
            };
            assert!(
                generated.contains(&expected),
                "{file}: {} ({:?}) generates no\n{expected}",
                c.record,
                c.kind
            );
            compared += 1;
        }
        println!("{file}: {compared} constraint conditions equal mlir-tblgen's");
        assert!(compared > 5, "{file}: only {compared} compared");
    }
}

/// Instances of the parameterized constraint classes of `mlir/IR/*.td` (their leaves exist
/// only once instantiated), on an op that also carries the parameterized predicate traits.
const INSTANCES: &str = r#"
include "mlir/IR/OpBase.td"
def Cov_Dialect : Dialect { let name = "cov"; let cppNamespace = "::cov"; }
def A1 : IntNEQValue<3>;
def A2 : IntMinValue<-2>;
def A3 : IntMaxValue<7>;
def A4 : ArrayMaxCount<3>;
def A5 : ArrayMinCount<1>;
def A6 : ArrayCount<2>;
def A7 : DenseArrayCount<2>;
def A8 : DenseArrayStrictlyPositive<DenseI64ArrayAttr>;
def A9 : DenseArrayNonNegative<DenseI32ArrayAttr>;
def A10 : DenseArraySorted<DenseI64ArrayAttr>;
def A11 : DenseArrayStrictlySorted<DenseI16ArrayAttr>;
def A12 : IntArrayNthElemEq<0, 1>;
def A13 : IntArrayNthElemMinValue<1, 0>;
def A14 : IntArrayNthElemMaxValue<0, 4>;
def A15 : IntArrayNthElemInRange<0, 1, 3>;
def A16 : ConstantAttr<I32Attr, "3">;
def A17 : ConstF32Attr<"1.0">;
def A18 : ConstantStrAttr<StrAttr, "x">;
def A19 : AllAttrOf<[IntMinValue<0>, IntMaxValue<9>]>;
def A20 : RankedI32ElementsAttr<[2]>;
def A21 : RankedF32ElementsAttr<[2, 3]>;
def A22 : SignlessIntElementsAttr<16>;
def A23 : FloatElementsAttr<32>;
def A24 : TypedArrayAttrBase<I32Attr, "i32 array">;
def A25 : TypeAttrOf<I32>;
def A26 : TypedStrAttr<I32>;
def A27 : AnyAttrOf<[I32Attr, StrAttr]>;
def A28 : IntElementsAttrOf<8>;
def A29 : RankedSignlessIntElementsAttr<64, [4]>;
def A30 : DefaultValuedStrAttr<StrAttr, "s">;
def T1 : AnyI<8>;
def T2 : AnyIntOfWidths<[8, 16]>;
def T3 : SignlessIntOfWidths<[1, 8]>;
def T4 : SignedIntOfWidths<[32]>;
def T5 : UnsignedIntOfWidths<[64]>;
def T6 : FloatOfWidths<[16, 32]>;
def T7 : Complex<F32>;
def T8 : OpaqueType<"d", "t", "an opaque d.t">;
def T9 : VectorOf<[I32]>;
def T10 : VectorOfAnyRankOf<[F32]>;
def T11 : FixedVectorOf<[F32]>;
def T12 : ScalableVectorOf<[F32]>;
def T13 : VectorWithTrailingDimScalableOf<[F32]>;
def T14 : VectorOfRank<[1, 2]>;
def T15 : FixedVectorOfRank<[2]>;
def T16 : ScalableVectorOfRank<[1]>;
def T17 : VectorOfRankAndType<[1], [F32]>;
def T18 : VectorOfLength<[4]>;
def T19 : FixedVectorOfLength<[4]>;
def T20 : ScalableVectorOfLength<[4]>;
def T21 : VectorOfLengthAndType<[4], [I8]>;
def T22 : FixedVectorOfLengthAndType<[4], [I8]>;
def T23 : ScalableVectorOfLengthAndType<[4], [I8]>;
def T24 : ScalableVectorOfRankAndLengthAndType<[1], [4], [F32]>;
def T25 : ShapedTypeWithNthDimOfSize<0, [2]>;
def T26 : VectorWithTrailingDimScalableOfSizeAndType<[4], [F32]>;
def T27 : UnrankedTensorOf<[F32]>;
def T28 : RankedTensorOf<[F32]>;
def T29 : TensorOf<[F32]>;
def T30 : Non0RankedTensorOf<[F32]>;
def T31 : TensorRankOf<[F32], [2]>;
def T32 : 0DTensorOf<[F32]>;
def T33 : 3DTensorOf<[F32]>;
def T34 : StaticShapeTensorOf<[F32]>;
def T35 : UnrankedMemRefOf<[F32]>;
def T36 : MemRefOf<[F32]>;
def T37 : Non0RankedMemRefOf<[F32]>;
def T38 : RankedOrUnrankedMemRefOf<[F32]>;
def T39 : MemRefRankOf<[F32], [2]>;
def T40 : StaticShapeMemRefOf<[F32]>;
def T41 : StridedMemRefOf<[F32]>;
def T42 : AnyStridedMemRefOfRank<2>;
def T43 : StridedMemRefRankOf<[F32], [2]>;
def T44 : TupleOf<[I32, F32]>;
def T45 : NestedTupleOf<[I32]>;
def T46 : TypeOrContainer<I32, "i32-like">;
def T47 : TypeOrValueSemanticsContainer<F32, "f32-like">;
def T48 : TypeOrContainerOfAnyRank<I1, "bool-like">;
def T49 : ConfinedType<AnyType, [HasAnyRankOfPred<[1]>], "rank 1">;
def T50 : AllOfType<[AnyInteger, I32]>;
def T51 : AnyTypeOf<[I32, F32, Index]>;
def T52 : MixedContainerType<I32, IsTupleTypePred, "::llvm::cast<::mlir::TupleType>($_self).getTypes()", "tuple of i32">;
def Cov_Op : Op<Cov_Dialect, "op", [
    AllElementCountsMatch<["a", "b"]>, AllElementTypesMatch<["a", "b"]>,
    AllRanksMatch<["a", "b"]>, AllShapesMatch<["a", "b"]>, AllTypesMatch<["a", "r"]>,
    TypesMatchWith<"same", "a", "b", "$_self">,
    PredOpTrait<"first is f32", TCopVTEtIs<0, F32>>,
    PredOpTrait<"same elements", TCopVTEtIsSameAs<0, 1>>,
    PredOpTrait<"result as operand", TCresIsSameAsOpBase<0, 0>>,
    PredOpTrait<"result elements", TCresVTEtIsSameAsOp<0, 1>>,
    PredOpTrait<"same at", TCopVTEtAreSameAt<[0, 1]>>,
    TypeIs<"a", AnyType>, ElementTypeIs<"b", AnyType>]> {
  let arguments = (ins AnyType:$a, AnyType:$b);
  let results = (outs AnyType:$r);
  let regions = (region SizedRegion<1>:$one, MinSizedRegion<1>:$some, MaxSizedRegion<2>:$few);
}
"#;

#[test]
fn parameterized_constraint_classes() {
    if !Path::new(INCLUDE).join("mlir/IR/OpBase.td").exists() {
        println!("note: {INCLUDE} is absent; MLIR 19 coverage skipped");
        return;
    }
    let r = survey_parsed(parse_source("instances.td", Some(INSTANCES)));
    show("parameterized classes of mlir/IR/*.td", &r);
    assert!(r.remaining.is_empty(), "{:#?}", r.remaining);
    assert!(r.distinct > 100, "only {} leaves", r.distinct);
}
