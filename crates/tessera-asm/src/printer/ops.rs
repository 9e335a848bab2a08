//! Operations and regions in generic form: `%res = "name"(operands)[successors]
//! <properties> (regions) {attributes} : (types) -> types loc(...)`, with upstream's block
//! headers (`^bbN(args):  // N preds: ...`). The top-level ops of a big module are printed
//! by worker threads (see `Printer::print_ops_parallel`).

use super::{push_indent, push_u64, Elide, Printer, FLUSH_AT};
use crate::syntax::push_quoted;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::fmt::Write;
use tessera_ir::{BlockId, OpId, RegionId, Type};

impl Printer<'_> {
    /// One op in generic form (no trailing newline); nested regions are indented from
    /// `indent`.
    pub(super) fn print_op(&mut self, op: OpId, indent: usize, out: &mut String) {
        let body = self.body;
        let n = body.num_results(op);
        if n > 0 {
            let start = out.len();
            self.print_value(body.result(op, 0), out);
            if n > 1 {
                // `%0#0` -> `%0:N`
                if let Some(cut) = out[start..].rfind('#') {
                    out.truncate(start + cut);
                }
                out.push(':');
                push_u64(out, n as u64);
            }
            out.push_str(" = ");
        }
        push_quoted(self.ctx.str(body.op_name(op)).as_bytes(), out);
        out.push('(');
        for (i, v) in body.operands(op).enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.print_value(v, out);
        }
        out.push(')');
        let succs = body.successors(op);
        if !succs.is_empty() {
            out.push('[');
            for (i, &s) in succs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                self.print_block_name(s, out);
            }
            out.push(']');
        }
        if let Some(props) = body.op_props(op) {
            out.push_str(" <");
            self.print_attr(props, Elide::Never, out);
            out.push('>');
        }
        if body.num_regions(op) > 0 {
            out.push_str(" (");
            for (i, r) in body.regions(op).enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                self.print_region(r, indent, out);
            }
            out.push(')');
        }
        let attrs = body.op_attrs(op);
        if !self.ctx.dict_entries(attrs).is_empty() {
            out.push(' ');
            self.print_attr(attrs, Elide::Never, out);
        }
        out.push_str(" : (");
        for (i, v) in body.operands(op).enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.print_type(body.value_type(v), out);
        }
        out.push_str(") -> ");
        let results: SmallVec<[Type; 4]> = body.results(op).map(|v| body.value_type(v)).collect();
        self.print_result_types(&results, out);
        if self.opts.debug_info {
            out.push_str(" loc(");
            self.print_loc_inner(body.op_loc(op), out);
            out.push(')');
        }
    }

    /// A region in braces: block headers with arguments and predecessor comments, then the
    /// ops of each block.
    fn print_region(&mut self, region: RegionId, indent: usize, out: &mut String) {
        crate::with_stack(|| self.print_region_inner(region, indent, out))
    }

    fn print_region_inner(&mut self, region: RegionId, indent: usize, out: &mut String) {
        let body = self.body;
        out.push_str("{\n");
        // Predecessors of each block, as block numbers.
        let mut preds: FxHashMap<BlockId, Vec<u32>> = FxHashMap::default();
        for b in body.region_blocks(region) {
            let id = self.tables().numbering.block(b).unwrap_or(u32::MAX);
            for op in body.block_ops(b) {
                for &s in body.successors(op) {
                    preds.entry(s).or_default().push(id);
                }
            }
        }
        let entry = body.first_block(region);
        for b in body.region_blocks(region) {
            let is_entry = Some(b) == entry;
            let args = body.block_args(b);
            if !is_entry || !args.is_empty() || body.block_is_empty(b) {
                push_indent(out, indent);
                self.print_block_name(b, out);
                if !args.is_empty() {
                    out.push('(');
                    for (i, &a) in args.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        self.print_value(a, out);
                        out.push_str(": ");
                        self.print_type(body.value_type(a), out);
                        if self.opts.debug_info {
                            out.push_str(" loc(");
                            self.print_loc_body(body.value_loc(a), out);
                            out.push(')');
                        }
                    }
                    out.push(')');
                }
                out.push(':');
                match preds.get_mut(&b) {
                    None => {
                        if !is_entry {
                            out.push_str("  // no predecessors");
                        }
                    }
                    Some(list) if list.len() == 1 => {
                        let _ = write!(out, "  // pred: ^bb{}", list[0]);
                    }
                    Some(list) => {
                        list.sort();
                        let _ = write!(out, "  // {} preds: ", list.len());
                        for (i, p) in list.iter().enumerate() {
                            if i > 0 {
                                out.push_str(", ");
                            }
                            let _ = write!(out, "^bb{p}");
                        }
                    }
                }
                out.push('\n');
            }
            if self.parallel_region == Some(region) {
                let ops: Vec<OpId> = body.block_ops(b).collect();
                if !ops.is_empty() {
                    self.print_ops_parallel(&ops, indent + 2, out);
                }
                continue;
            }
            for op in body.block_ops(b) {
                push_indent(out, indent + 2);
                self.print_op(op, indent + 2, out);
                out.push('\n');
                if out.len() >= FLUSH_AT {
                    self.flush(out);
                    // Nobody will read the rest: stop printing it.
                    if self.io_error.is_some() {
                        return;
                    }
                }
            }
        }
        push_indent(out, indent);
        out.push('}');
    }
}
