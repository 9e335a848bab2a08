//! Operations and regions in generic form: `%res = "name"(operands)[successors]
//! <properties> (regions) {attributes} : (types) -> types loc(...)`, with upstream's block
//! headers (`^bbN(args):  // N preds: ...`). The top-level ops of a big module are printed
//! by worker threads (see `Printer::print_ops_parallel`).

use super::{push_indent, Elide, Printer, RegionFlags, FLUSH_AT};
use crate::syntax::push_quoted;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::fmt::Write;
use tessera_ir::{BlockId, Ident, OpId, OpTraits, RegionId, Type};

impl<'a> Printer<'a> {
    /// One op in generic form (no trailing newline); nested regions are indented from
    /// `indent`.
    pub(super) fn print_op(&mut self, op: OpId, indent: usize, out: &mut String) {
        let body = self.body;
        if body.num_results(op) > 0 {
            self.print_results_lhs(op, out);
            out.push_str(" = ");
        }
        if !self.opts.generic && self.print_custom_op(op, indent, out) {
            return;
        }
        self.print_generic_op(op, indent, out);
    }

    /// `op` through its custom-form hooks, if it has some that can print it: the name
    /// (without the enclosing op's default dialect prefix, where that is unambiguous), then
    /// what the hooks write. Returns false, having written nothing, otherwise.
    fn print_custom_op(&mut self, op: OpId, indent: usize, out: &mut String) -> bool {
        let (ctx, body) = (self.ctx, self.body);
        let name = body.op_name(op);
        let default = self.default_dialects.last().copied().unwrap_or("builtin");
        let key = (name, default.as_ptr() as usize, default.len());
        let last = self.last_forms.get(name).copied();
        let form = match last {
            Some((at, len, form)) if (at, len) == (key.1, key.2) => form,
            _ => self.op_form(key, default),
        };
        let Some(hooks) = form.hooks else {
            return false;
        };
        // The alias walk already asked, for every op it visited.
        let printable = match self.tables.aliases.custom_form(op) {
            Some(known) => known,
            None => hooks.can_print(ctx, body, op),
        };
        if !printable {
            return false;
        }
        out.push_str(form.short);
        hooks.print(&mut super::OpAsmPrinter::printing(self, out, indent), op);
        if self.opts.debug_info {
            out.push_str(" loc(");
            self.print_loc_inner(body.op_loc(op), out);
            out.push(')');
        }
        true
    }

    /// The `OpForm` of ops named `key.0` under the default dialect `default` (whose
    /// address and length are `key.1` and `key.2`), remembered as the name's last one.
    fn op_form(&mut self, key: (Ident, usize, usize), default: &str) -> super::OpForm<'a> {
        let ctx = self.ctx;
        let name = key.0;
        let form = match self.op_forms.get(&key) {
            Some(&form) => form,
            None => {
                let full = ctx.str(name);
                let short = match full.split_once('.') {
                    Some((dialect, rest)) if dialect == default && !rest.contains('.') => rest,
                    _ => full,
                };
                let hooks = crate::custom::op_assembly_ref(ctx, name);
                let form = super::OpForm { hooks, short };
                self.op_forms.insert(key, form);
                form
            }
        };
        self.last_forms.insert(name, (key.1, key.2, form));
        form
    }

    /// The generic form after the results: `"name"(operands)[successors] <props>
    /// (regions) {attrs} : type loc(...)`.
    fn print_generic_op(&mut self, op: OpId, indent: usize, out: &mut String) {
        let body = self.body;
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
            let walked = super::alias::props_walked(self.ctx, body, op);
            self.deferred_aliases = walked;
            self.print_attr(props, Elide::Never, out);
            self.deferred_aliases = true;
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

    /// A region in braces as the generic form prints it.
    fn print_region(&mut self, region: RegionId, indent: usize, out: &mut String) {
        self.print_region_with(region, indent, RegionFlags::ALL, out)
    }

    /// A region in braces: block headers with arguments and predecessor comments, then the
    /// ops of each block; `flags` say which headers and terminators of the entry block
    /// are left out.
    pub(super) fn print_region_with(
        &mut self,
        region: RegionId,
        indent: usize,
        flags: RegionFlags,
        out: &mut String,
    ) {
        if self.opts.generic {
            return crate::with_stack(|| self.print_region_inner(region, indent, flags, out));
        }
        // Ops in the region may leave out the prefix of the parent's default dialect.
        let parent = self.body.region_op(region).map(|op| self.body.op_name(op));
        let ctx = self.ctx;
        let default = parent
            .and_then(|name| crate::custom::op_assembly_ref(ctx, name))
            .map_or("", |hooks| hooks.default_dialect());
        self.default_dialects.push(default);
        crate::with_stack(|| self.print_region_inner(region, indent, flags, out));
        self.default_dialects.pop();
    }

    fn print_region_inner(
        &mut self,
        region: RegionId,
        indent: usize,
        flags: RegionFlags,
        out: &mut String,
    ) {
        let body = self.body;
        out.push_str("{\n");
        // Predecessors of each block, as block numbers: only block headers print them, and
        // most regions (one block, no arguments) print none, so they are gathered when the
        // first header is printed rather than by a walk of every region's ops.
        let mut preds: Option<FxHashMap<BlockId, Vec<u32>>> = None;
        let entry = body.first_block(region);
        for b in body.region_blocks(region) {
            let is_entry = Some(b) == entry;
            let args = body.block_args(b);
            let header = !is_entry
                || (flags.entry_args && !args.is_empty())
                || (flags.empty_block && body.block_is_empty(b));
            if header {
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
                let preds = preds.get_or_insert_with(|| self.predecessors(region));
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
            // The entry block's terminator is left out where the flags say so.
            let skip = (is_entry && !flags.terminators)
                .then(|| body.last_op(b))
                .flatten()
                .filter(|&last| self.is_terminator(last));
            for op in body.block_ops(b) {
                if Some(op) == skip {
                    continue;
                }
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

    /// The predecessors of each block of `region`, as block numbers.
    fn predecessors(&self, region: RegionId) -> FxHashMap<BlockId, Vec<u32>> {
        let body = self.body;
        let mut preds: FxHashMap<BlockId, Vec<u32>> = FxHashMap::default();
        for b in body.region_blocks(region) {
            let id = self.tables().numbering.block(b).unwrap_or(u32::MAX);
            for op in body.block_ops(b) {
                for &s in body.successors(op) {
                    preds.entry(s).or_default().push(id);
                }
            }
        }
        preds
    }

    /// Whether `op` is a registered terminator.
    fn is_terminator(&self, op: OpId) -> bool {
        self.ctx
            .op_info(self.body.op_name(op))
            .is_some_and(|i| i.traits.contains(OpTraits::TERMINATOR))
    }
}
