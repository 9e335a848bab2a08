//! The native C++ traits registration understands: which `OpTraits` bits each sets, which
//! verification it performs (upstream's `verifyTrait`), and which have no effect on
//! verification at all. A native trait outside these lists is reported at load time.

use super::rt::TypeTrait;
use tessera_ir::OpTraits;

/// A native trait's check, run in the trait's place in the op's trait list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum NativeCheck {
    /// `AttrSizedOperandSegments` (`true`) or `AttrSizedResultSegments` (`false`).
    SegmentSizes {
        operands: bool,
    },
    /// A trait reading only the operand and result types (`SameOperandsAndResultType`,
    /// `Elementwise`, `ResultsAreBoolLike`, ...).
    Types(TypeTrait),
    NoRegionArguments,
    /// `SingleBlock`: checked in its place in the trait list (before what ODS generates,
    /// as upstream orders it), besides setting the bit drivers read.
    SingleBlock,
    /// `HasParent`/`ParentOneOf`: the op names the parent may have.
    HasParent(Vec<String>),
    /// `SingleBlockImplicitTerminator`: the terminator's op name.
    ImplicitTerminator(String),
}

/// What one native trait means for registration.
pub(crate) enum Native {
    /// Sets bits that the structural verifier (or a driver) acts on.
    Bits(OpTraits),
    /// Has a check of its own.
    Check(NativeCheck),
    /// Sets bits and has a check of its own.
    BitsAndCheck(OpTraits, NativeCheck),
    /// A check naming ops by C++ class (`HasParent`, `SingleBlockImplicitTerminator`): the
    /// trait's base name and the class names, to be resolved against the model.
    ByClass(&'static str, Vec<String>),
    /// Nothing to verify (or verified by the ODS-generated checks themselves).
    Nothing,
    /// Unknown here: its verification, if any, is not performed.
    Unknown,
}

/// Classifies the native trait whose C++ text is `cpp` (e.g. `IsTerminator`,
/// `HasParent<FuncOp>::Impl`) in namespace `namespace`.
pub(crate) fn classify(namespace: &str, cpp: &str) -> Native {
    if namespace != "::mlir::OpTrait" && !namespace.is_empty() {
        return Native::Unknown;
    }
    let (base, args) = match cpp.split_once('<') {
        Some((base, rest)) => {
            let inner = rest.strip_suffix(">::Impl").unwrap_or(rest);
            let args = inner
                .split(',')
                .map(|a| a.trim().to_string())
                .filter(|a| !a.is_empty())
                .collect();
            (base, args)
        }
        None => (cpp, Vec::new()),
    };
    let bits = |b| Native::Bits(b);
    let check = |c| Native::Check(c);
    let types = |t| Native::Check(NativeCheck::Types(t));
    match base {
        "IsTerminator" => bits(OpTraits::TERMINATOR),
        "NoTerminator" => bits(OpTraits::NO_TERMINATOR),
        "IsIsolatedFromAbove" => bits(OpTraits::ISOLATED_FROM_ABOVE),
        "ConstantLike" => bits(OpTraits::CONSTANT_LIKE),
        "IsCommutative" => bits(OpTraits::COMMUTATIVE),
        "SingleBlock" => Native::BitsAndCheck(OpTraits::SINGLE_BLOCK, NativeCheck::SingleBlock),
        "SymbolTable" => bits(OpTraits::SYMBOL_TABLE),
        "ReturnLike" => bits(OpTraits::RETURN_LIKE),
        "HasOnlyGraphRegion" => bits(OpTraits::GRAPH_REGIONS),
        "AttrSizedOperandSegments" => check(NativeCheck::SegmentSizes { operands: true }),
        "AttrSizedResultSegments" => check(NativeCheck::SegmentSizes { operands: false }),
        "SameOperandsAndResultType" => types(TypeTrait::SameOperandsAndResultType),
        "SameTypeOperands" => types(TypeTrait::SameTypeOperands),
        "SameOperandsShape" => types(TypeTrait::SameOperandsShape),
        "SameOperandsAndResultShape" => types(TypeTrait::SameOperandsAndResultShape),
        "SameOperandsElementType" => types(TypeTrait::SameOperandsElementType),
        "SameOperandsAndResultElementType" => types(TypeTrait::SameOperandsAndResultElementType),
        "Elementwise" => types(TypeTrait::Elementwise),
        "NoRegionArguments" => check(NativeCheck::NoRegionArguments),
        "ResultsAreBoolLike" => types(TypeTrait::ResultsAreBoolLike),
        "ResultsAreFloatLike" => types(TypeTrait::ResultsAreFloatLike),
        "ResultsAreSignlessIntegerLike" => types(TypeTrait::ResultsAreSignlessIntegerLike),
        "OperandsAreFloatLike" => types(TypeTrait::OperandsAreFloatLike),
        "OperandsAreSignlessIntegerLike" => types(TypeTrait::OperandsAreSignlessIntegerLike),
        "HasParent" => Native::ByClass("HasParent", args),
        "SingleBlockImplicitTerminator" => Native::ByClass("SingleBlockImplicitTerminator", args),
        // Markers for transformations and interfaces' default implementations; upstream's
        // `verifyTrait` of each is empty.
        "AffineScope"
        | "AutomaticAllocationScope"
        | "IsIdempotent"
        | "IsInvolution"
        | "Scalarizable"
        | "Vectorizable"
        | "Tensorizable"
        | "AlwaysSpeculatableImplTrait"
        | "RecursivelySpeculatableImplTrait"
        | "HasRecursiveMemoryEffects"
        | "InferTypeOpAdaptor"
        | "InferShapedTypeOpAdaptor"
        | "MemRefsNormalizable"
        | "HasParallelRegion"
        | "OpInvariants" => Native::Nothing,
        _ => Native::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameterised_traits_keep_their_class_arguments() {
        match classify(
            "::mlir::OpTrait",
            "HasParent<ExecuteRegionOp, ForOp, scf::IfOp>::Impl",
        ) {
            Native::ByClass(base, classes) => {
                assert_eq!(base, "HasParent");
                assert_eq!(classes, ["ExecuteRegionOp", "ForOp", "scf::IfOp"]);
            }
            _ => panic!("HasParent is resolved by class"),
        }
        assert!(matches!(
            classify(
                "::mlir::OpTrait",
                "SingleBlockImplicitTerminator<YieldOp>::Impl"
            ),
            Native::ByClass("SingleBlockImplicitTerminator", _)
        ));
    }

    #[test]
    fn traits_are_known_only_in_their_namespace() {
        assert!(matches!(
            classify("::mlir::OpTrait", "IsTerminator"),
            Native::Bits(b) if b == OpTraits::TERMINATOR
        ));
        assert!(matches!(
            classify("::mlir::OpTrait", "SingleBlock"),
            Native::BitsAndCheck(b, NativeCheck::SingleBlock) if b == OpTraits::SINGLE_BLOCK
        ));
        assert!(matches!(
            classify("::my::Traits", "IsTerminator"),
            Native::Unknown
        ));
        assert!(matches!(
            classify("::mlir::OpTrait", "AffineScope"),
            Native::Nothing
        ));
        assert!(matches!(
            classify("::mlir::OpTrait", "ResultsBroadcastableShape"),
            Native::Unknown
        ));
    }
}
