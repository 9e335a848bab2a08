//! Hostile text through the evaluator's fuzz entry on a 2 MiB thread: every prefix of real
//! leaves and builder calls, and leaves with pieces repeated, must compile to a value or an
//! error, never panic or overflow the stack (the fuzz target `ods_pred` explores further).

use tessera_ods::eval::fuzz_entry;

/// Leaves and builder calls of the kinds MLIR's constraint library writes.
const SEEDS: [&str; 8] = [
    "::llvm::all_of(::llvm::cast<::mlir::ArrayAttr>($_self), [&](::mlir::Attribute attr) { return attr && ((::llvm::isa<::mlir::IntegerAttr>(attr))); })",
    "[](::mlir::Type elementType) { return (elementType.isF32()); }(::llvm::cast<::mlir::ShapedType>($_self).getElementType())",
    "(((::llvm::isa<::mlir::TensorType>($in.getType()) ? ::llvm::cast<::mlir::TensorType>($in.getType()).getShape() : ::llvm::ArrayRef<int64_t>{})) == ((::llvm::isa<::mlir::TensorType>($out.getType()) ? ::llvm::cast<::mlir::TensorType>($out.getType()).getShape() : ::llvm::ArrayRef<int64_t>{})))",
    "(!(::llvm::cast<::mlir::IntegerAttr>($_self).getValue().getZExtValue() & (~(0u|1u|2u))))",
    "::llvm::cast<::mlir::DenseIntElementsAttr>(::mlir::DenseElementsAttr::get(::mlir::RankedTensorType::get({}, $_builder.getIntegerType(32)), ::llvm::ArrayRef(1)))",
    "(std::equal_to<>()(::getI1SameShape($lhs.getType()), $result.getType()))",
    "$_builder.getDenseI64ArrayAttr({1, -2, 3})",
    "($_op.getNumOperands() > 1) && ::llvm::hasNItemsOrMore($_self, 1) && $_self.use_empty()",
];

/// A small deterministic generator (no randomness between runs).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

#[test]
fn prefixes_and_repetitions_never_panic() {
    let worker = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let mut rng = Lcg(1);
            for seed in SEEDS {
                for i in 0..seed.len() {
                    fuzz_entry(&seed.as_bytes()[..i]);
                }
                for _ in 0..40 {
                    let a = rng.below(seed.len());
                    let b = a + rng.below(seed.len() - a);
                    if !seed.is_char_boundary(a) || !seed.is_char_boundary(b) {
                        continue;
                    }
                    let times = 1 + rng.below(300);
                    let mutated =
                        format!("{}{}{}", &seed[..b], seed[a..b].repeat(times), &seed[b..]);
                    fuzz_entry(mutated.as_bytes());
                }
            }
            // Deep nesting of every kind the parser knows.
            for open in [
                "(",
                "!",
                "-",
                "{",
                "::llvm::isa<::mlir::Type>(",
                "[](T x) { return ",
            ] {
                fuzz_entry(open.repeat(5000).as_bytes());
            }
        })
        .expect("a test thread");
    worker.join().expect("no panic on hostile text");
}
