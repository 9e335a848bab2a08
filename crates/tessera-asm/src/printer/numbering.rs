//! Value and block numbering: the `%N`, `%argN` and `^bbN` names upstream gives.
//!
//! Upstream numbers values with global counters while it walks regions from a LIFO stack:
//! every op with results takes the next `%N` (its results are `%N#i`), arguments of entry
//! blocks are `%argN`, arguments of other blocks share the `%N` counter, and blocks are
//! numbered within their region. The numbering is computed once before printing and is
//! read-only afterwards, so printing threads share it.

use super::{push_u64, Printer};
use tessera_ir::{BlockId, Body, OpId, RegionId, ValueDef, ValueId};

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
        let mut n = Numbering {
            values: vec![ValueName::None; body.value_capacity()],
            blocks: vec![u32::MAX; body.block_capacity()],
        };
        let mut next_value = 0u32;
        let mut next_arg = 0u32;
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

    /// The local numbering of one op's operands and results, as upstream's op-local scope
    /// gives it (for an op printed alone).
    pub(super) fn local(body: &Body, op: OpId) -> Numbering {
        let mut n = Numbering {
            values: vec![ValueName::None; body.value_capacity()],
            blocks: Vec::new(),
        };
        let mut next = 0u32;
        for v in body.operands(op).chain(body.results(op)) {
            if !matches!(n.values[v.as_u32() as usize], ValueName::None) {
                continue;
            }
            match body.value_def(v) {
                ValueDef::BlockArg(..) => {
                    n.values[v.as_u32() as usize] = ValueName::Arg(next);
                    next += 1;
                }
                ValueDef::Result(def, _) => {
                    for r in body.results(def) {
                        n.values[r.as_u32() as usize] = ValueName::Result(next);
                    }
                    next += 1;
                }
                ValueDef::Placeholder => {}
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
