//! `tessera-opt --canonicalize`: upstream's canonicalizer pass, the greedy driver over the
//! module with folding, dead-op erasure and region simplification, top-down as upstream's
//! pass runs it. No dialect Tessera registers has canonicalization patterns, so the pattern
//! set is empty (docs/compatibility.md).

use crate::opt::Pass;
use tessera_ir::{Body, Context, Diagnostic, OpId};
use tessera_rewrite::{
    apply_patterns_greedily, FrozenRewritePatternSet, GreedyConfig, RewritePatternSet, Traversal,
};

/// The canonicalizer with its options.
#[derive(Debug, Default)]
pub struct Canonicalize {
    /// `test-convergence`: not reaching a fixed point fails the pass.
    pub test_convergence: bool,
}

impl Canonicalize {
    /// The pass configured by `--canonicalize=OPTIONS` (`OPTIONS` without quotes, options
    /// separated by spaces); an unknown option is an error in `mlir-opt`'s words.
    pub fn from_options(options: &str) -> Result<Canonicalize, String> {
        let mut pass = Canonicalize::default();
        for option in options.split_whitespace() {
            match option {
                "test-convergence" | "test-convergence=true" | "test-convergence=1" => {
                    pass.test_convergence = true
                }
                "test-convergence=false" | "test-convergence=0" => pass.test_convergence = false,
                other => {
                    let name = other.split('=').next().unwrap_or(other);
                    return Err(format!("<Pass-Options-Parser>: no such option {name}"));
                }
            }
        }
        Ok(pass)
    }
}

impl Pass for Canonicalize {
    fn name(&self) -> &str {
        "canonicalize"
    }

    fn timing_name(&self) -> &str {
        // Upstream's pass class name, as its --mlir-timing lists it.
        "Canonicalizer"
    }

    fn run(&self, ctx: &mut Context, body: &mut Body, module: OpId) -> Result<(), Vec<Diagnostic>> {
        let patterns = FrozenRewritePatternSet::new(RewritePatternSet::new());
        let config = GreedyConfig {
            traversal: Traversal::TopDown,
            ..GreedyConfig::default()
        };
        let outcome = apply_patterns_greedily(ctx, body, module, &patterns, config);
        if self.test_convergence && !outcome.converged() {
            // Upstream signals the failure without a diagnostic.
            return Err(Vec::new());
        }
        Ok(())
    }
}
