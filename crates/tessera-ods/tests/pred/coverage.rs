//! Coverage over MLIR 19's own `.td` files, when they are installed: every distinct leaf the
//! constraint library in `mlir/IR/*.td` produces compiles, and so does every leaf of the Arith
//! and Func dialects; PDL and PDLInterp leave exactly the leaves listed below (they ask about
//! parameters of `pdl` types, which `tessera-ir` keeps as opaque text, or call C++ helpers of
//! the dialect). Every compiled type or attribute predicate is also evaluated over a sample
//! of values: it may refuse (a failing `cast`), but it must decide or refuse, never panic.
//! Other dialects are reported, not required.

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

/// Parses `file` (relative to the include directory).
fn parse(file: &str) -> tessera_tablegen::Parsed {
    let opts = tessera_tablegen::Options {
        include_dirs: vec![INCLUDE.to_string()],
        ..Default::default()
    };
    let path = format!("{INCLUDE}/{file}");
    tessera_tablegen::parse_file(&path, &opts).unwrap_or_else(|f| panic!("{path}:\n{}", f.render()))
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
    let parsed = parse(file);
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
