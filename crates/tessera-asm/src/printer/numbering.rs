//! Value and block numbering: the `%N`, `%argN` and `^bbN` names upstream gives.
//!
//! Upstream numbers values with global counters while it walks regions from a LIFO stack:
//! every op with results takes the next `%N` (its results are `%N#i`), arguments of entry
//! blocks are `%argN`, arguments of other blocks share the `%N` counter, and blocks are
//! numbered within their region. The numbering is computed once before printing and is
//! read-only afterwards, so printing threads share it.

use super::{push_u64, Printer};
use tessera_ir::{BlockId, Body, Context, OpId, OpTraits, RegionId, ValueDef, ValueId};

#[derive(Copy, Clone)]
enum ValueName {
    None,
    Result(u32),
    Arg(u32),
}

/// Names of values and blocks, by id.
#[derive(Default)]
pub(super) struct Numbering {
    values: Vec<ValueName>,
    /// Number of each block within its region, by block id (`u32::MAX`: not numbered).
    blocks: Vec<u32>,
}

impl Numbering {
    /// Nothing numbered (printing types and attributes alone).
    pub(super) fn empty() -> Numbering {
        Numbering::default()
    }

    /// The numbering upstream gives the regions of `root` (the module).
    pub(super) fn module(body: &Body, root: OpId) -> Numbering {
        Numbering::scope(body, root, false)
    }

    /// The numbering upstream uses to print `op` alone (the "see current operation" notes):
    /// that of the closest op enclosing `op` that is isolated from above, or of the outermost
    /// op if none is. When `op` is itself isolated, it is its own scope and its results are
    /// numbered first. Values from outside the scope stay unnumbered, as upstream leaves them.
    pub(super) fn local(ctx: &Context, body: &Body, op: OpId) -> Numbering {
        let isolated = |o: OpId| {
            ctx.op_info(body.op_name(o))
                .is_some_and(|i| i.traits.contains(OpTraits::ISOLATED_FROM_ABOVE))
        };
        if isolated(op) {
            return Numbering::scope(body, op, true);
        }
        let mut scope = op;
        while let Some(parent) = body.parent_op(scope) {
            scope = parent;
            if isolated(scope) {
                break;
            }
        }
        if scope == op {
            Numbering::scope(body, op, true)
        } else {
            Numbering::scope(body, scope, false)
        }
    }

    /// Numbers the regions of `root` (and, with `with_root_results`, its results first) with
    /// upstream's counters.
    fn scope(body: &Body, root: OpId, with_root_results: bool) -> Numbering {
        let mut n = Numbering {
            values: vec![ValueName::None; body.value_capacity()],
            blocks: vec![u32::MAX; body.block_capacity()],
        };
        let mut next_value = 0u32;
        let mut next_arg = 0u32;
        if with_root_results && body.num_results(root) > 0 {
            for r in body.results(root) {
                n.values[r.as_u32() as usize] = ValueName::Result(0);
            }
            next_value = 1;
        }
        let mut stack: Vec<RegionId> = body.regions(root).collect();
        while let Some(region) = stack.pop() {
            for (i, b) in body.region_blocks(region).enumerate() {
                let slot = b.as_u32() as usize;
                if n.blocks.len() <= slot {
                    n.blocks.resize(slot + 1, u32::MAX);
                }
                n.blocks[slot] = i as u32;
                // Only entry-block arguments are `%argN`; others share the value counter.
                for &arg in body.block_args(b) {
                    n.values[arg.as_u32() as usize] = if i == 0 {
                        next_arg += 1;
                        ValueName::Arg(next_arg - 1)
                    } else {
                        next_value += 1;
                        ValueName::Result(next_value - 1)
                    };
                }
                for op in body.block_ops(b) {
                    if body.num_results(op) > 0 {
                        for r in body.results(op) {
                            n.values[r.as_u32() as usize] = ValueName::Result(next_value);
                        }
                        next_value += 1;
                    }
                }
            }
            for b in body.region_blocks(region) {
                for op in body.block_ops(b) {
                    stack.extend(body.regions(op));
                }
            }
        }
        n
    }

    fn value(&self, v: ValueId) -> ValueName {
        self.values
            .get(v.as_u32() as usize)
            .copied()
            .unwrap_or(ValueName::None)
    }

    /// The number of a block within its region, if it was numbered.
    pub(super) fn block(&self, b: BlockId) -> Option<u32> {
        self.blocks
            .get(b.as_u32() as usize)
            .copied()
            .filter(|&id| id != u32::MAX)
    }
}

impl Printer<'_> {
    /// `%N`, `%N#i` (a result of a multi-result op) or `%argN`.
    pub(super) fn print_value(&self, v: ValueId, out: &mut String) {
        match self.tables().numbering.value(v) {
            ValueName::Arg(n) => {
                out.push_str("%arg");
                push_u64(out, n.into());
            }
            ValueName::Result(n) => {
                out.push('%');
                push_u64(out, n.into());
                if let ValueDef::Result(op, i) = self.body.value_def(v) {
                    if self.body.num_results(op) > 1 {
                        out.push('#');
                        push_u64(out, i.into());
                    }
                }
            }
            ValueName::None => out.push_str("<<UNKNOWN SSA VALUE>>"),
        }
    }

    /// `^bbN`.
    pub(super) fn print_block_name(&self, b: BlockId, out: &mut String) {
        match self.tables().numbering.block(b) {
            Some(id) => {
                out.push_str("^bb");
                push_u64(out, id.into());
            }
            None => out.push_str("^INVALIDBLOCK"),
        }
    }
}
