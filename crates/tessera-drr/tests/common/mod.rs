//! What the DRR tests share: running lowered rules on IR.

use tessera_ir::{Body, Context, OpId};
use tessera_rewrite::{
    apply_patterns_greedily, FrozenRewritePatternSet, GreedyConfig, RewritePatternSet,
};

/// Compiles `lowered` (with `natives`) into a matcher and applies it to `module` of `body`
/// with the greedy driver's default configuration.
pub fn apply_lowered(
    ctx: &mut Context,
    body: &mut Body,
    module: OpId,
    lowered: tessera_drr::Lowered,
    natives: &tessera_pdl::Natives,
) {
    let mut pdl = lowered.body;
    let patterns =
        tessera_pdl::PdlPatterns::compile_and_load(ctx, &mut pdl, lowered.module, natives)
            .unwrap_or_else(|d| panic!("{d:?}"));
    let mut set = RewritePatternSet::new();
    patterns.add_to(ctx, &mut set);
    let frozen = FrozenRewritePatternSet::new(set);
    apply_patterns_greedily(ctx, body, module, &frozen, GreedyConfig::default());
}
