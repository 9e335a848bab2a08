//! Text forms of values and records, byte-compatible with `llvm-tblgen --print-records`.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::record::{ArgKey, BinOp, FieldKind, Init, InitId, RecId, RecordKeeper, TernOp, UnOp};

impl RecordKeeper {
    /// Upstream's `getAsString`: the printed form of a value.
    pub fn as_string(&self, i: InitId) -> String {
        let mut s = String::new();
        self.write_init(&mut s, i);
        s
    }

    /// Upstream's `getAsUnquotedString`: like [`Self::as_string`] but strings lose their quotes.
    pub fn unquoted(&self, i: InitId) -> String {
        match self.init(i) {
            Init::Str(s, _) => s.to_string(),
            _ => self.as_string(i),
        }
    }

    fn write_unquoted(&self, out: &mut String, i: InitId) {
        match self.init(i) {
            Init::Str(s, _) => out.push_str(s),
            _ => self.write_init(out, i),
        }
    }

    /// Appends the printed form of a value to `out`.
    pub fn write_init(&self, out: &mut String, i: InitId) {
        match self.init(i) {
            Init::Unset => out.push('?'),
            Init::Bit(b) => out.push(if *b { '1' } else { '0' }),
            Init::Bits(bits) => {
                out.push_str("{ ");
                for (k, &b) in bits.iter().rev().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.write_init(out, b);
                }
                out.push_str(" }");
            }
            Init::Int(v) => {
                let _ = write!(out, "{v}");
            }
            Init::Str(s, code) => {
                if *code {
                    out.push_str("[{");
                    out.push_str(s);
                    out.push_str("}]");
                } else {
                    out.push('"');
                    out.push_str(s);
                    out.push('"');
                }
            }
            Init::List(elems, _) => {
                out.push('[');
                for (k, &e) in elems.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.write_init(out, e);
                }
                out.push(']');
            }
            Init::Dag(op, op_name, args, names) => {
                out.push('(');
                self.write_init(out, *op);
                if let Some(n) = op_name {
                    out.push(':');
                    self.write_unquoted(out, *n);
                }
                for (k, &a) in args.iter().enumerate() {
                    out.push_str(if k == 0 { " " } else { ", " });
                    self.write_init(out, a);
                    if let Some(n) = names[k] {
                        out.push_str(":$");
                        self.write_unquoted(out, n);
                    }
                }
                out.push(')');
            }
            Init::Def(r) => self.write_unquoted(out, self.record(*r).name),
            Init::Var(name, _) => self.write_unquoted(out, *name),
            Init::VarBit(v, bit) => {
                self.write_init(out, *v);
                let _ = write!(out, "{{{bit}}}");
            }
            Init::Field(rec, name, _) => {
                self.write_init(out, *rec);
                out.push('.');
                self.write_unquoted(out, *name);
            }
            Init::VarDef(class, args) => {
                self.write_unquoted(out, self.record(*class).name);
                out.push('<');
                for (k, &a) in args.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.write_init(out, a);
                }
                out.push('>');
            }
            Init::Arg(v, key) => {
                match key {
                    ArgKey::Pos(k) => {
                        let _ = write!(out, "{k}");
                    }
                    ArgKey::Named(n) => self.write_init(out, *n),
                }
                out.push_str(": ");
                self.write_init(out, *v);
            }
            Init::Un(op, a, ty) => {
                let name = match op {
                    UnOp::Cast => {
                        out.push_str("!cast<");
                        out.push_str(&self.ty_string(*ty));
                        out.push('>');
                        ""
                    }
                    UnOp::Not => "!not",
                    UnOp::Head => "!head",
                    UnOp::Tail => "!tail",
                    UnOp::Size => "!size",
                    UnOp::Empty => "!empty",
                    UnOp::GetDagOp => "!getdagop",
                    UnOp::LogTwo => "!logtwo",
                    UnOp::Repr => "!repr",
                    UnOp::ToLower => "!tolower",
                    UnOp::ToUpper => "!toupper",
                };
                out.push_str(name);
                out.push('(');
                self.write_init(out, *a);
                out.push(')');
            }
            Init::Bin(op, a, b, ty) => {
                let name = match op {
                    BinOp::ListElem | BinOp::ListSlice => {
                        self.write_init(out, *a);
                        out.push('[');
                        self.write_init(out, *b);
                        out.push(']');
                        return;
                    }
                    BinOp::RangeC => {
                        self.write_init(out, *a);
                        out.push_str("...");
                        self.write_init(out, *b);
                        return;
                    }
                    BinOp::Concat => "!con",
                    BinOp::Add => "!add",
                    BinOp::Sub => "!sub",
                    BinOp::Mul => "!mul",
                    BinOp::Div => "!div",
                    BinOp::And => "!and",
                    BinOp::Or => "!or",
                    BinOp::Xor => "!xor",
                    BinOp::Shl => "!shl",
                    BinOp::Sra => "!sra",
                    BinOp::Srl => "!srl",
                    BinOp::Eq => "!eq",
                    BinOp::Ne => "!ne",
                    BinOp::Le => "!le",
                    BinOp::Lt => "!lt",
                    BinOp::Ge => "!ge",
                    BinOp::Gt => "!gt",
                    BinOp::ListConcat => "!listconcat",
                    BinOp::ListSplat => "!listsplat",
                    BinOp::ListRemove => "!listremove",
                    BinOp::StrConcat => "!strconcat",
                    BinOp::Interleave => "!interleave",
                    BinOp::SetDagOp => "!setdagop",
                    BinOp::GetDagArg => {
                        out.push_str("!getdagarg<");
                        out.push_str(&self.ty_string(*ty));
                        out.push('>');
                        ""
                    }
                    BinOp::GetDagName => "!getdagname",
                };
                out.push_str(name);
                out.push('(');
                self.write_init(out, *a);
                out.push_str(", ");
                self.write_init(out, *b);
                out.push(')');
            }
            Init::Tern(op, a, b, c, _) => {
                let (name, unquoted_lhs) = match op {
                    TernOp::Dag => ("!dag", false),
                    TernOp::Filter => ("!filter", true),
                    TernOp::Foreach => ("!foreach", true),
                    TernOp::If => ("!if", false),
                    TernOp::Range => ("!range", false),
                    TernOp::Subst => ("!subst", false),
                    TernOp::Substr => ("!substr", false),
                    TernOp::Find => ("!find", false),
                    TernOp::SetDagArg => ("!setdagarg", false),
                    TernOp::SetDagName => ("!setdagname", false),
                };
                out.push_str(name);
                out.push('(');
                if unquoted_lhs {
                    self.write_unquoted(out, *a);
                } else {
                    self.write_init(out, *a);
                }
                out.push_str(", ");
                self.write_init(out, *b);
                out.push_str(", ");
                self.write_init(out, *c);
                out.push(')');
            }
            Init::Cond(conds, vals, _) => {
                out.push_str("!cond(");
                for (k, &c) in conds.iter().enumerate() {
                    self.write_init(out, c);
                    out.push_str(": ");
                    self.write_init(out, vals[k]);
                    if k + 1 != conds.len() {
                        out.push_str(", ");
                    }
                }
                out.push(')');
            }
            Init::Foldl([start, list, a, b, expr], _) => {
                out.push_str("!foldl(");
                self.write_init(out, *start);
                out.push_str(", ");
                self.write_init(out, *list);
                out.push_str(", ");
                self.write_unquoted(out, *a);
                out.push_str(", ");
                self.write_unquoted(out, *b);
                out.push_str(", ");
                self.write_init(out, *expr);
                out.push(')');
            }
            Init::IsA(t, e) => {
                out.push_str("!isa<");
                out.push_str(&self.ty_string(*t));
                out.push_str(">(");
                self.write_init(out, *e);
                out.push(')');
            }
            Init::Exists(t, e) => {
                out.push_str("!exists<");
                out.push_str(&self.ty_string(*t));
                out.push_str(">(");
                self.write_init(out, *e);
                out.push(')');
            }
            Init::AnonName(n) => {
                let _ = write!(out, "anonymous_{n}");
            }
        }
    }

    /// The type word printed before a field: `code` for code-format strings.
    fn print_type(&self, out: &mut String, ty: crate::record::TyId, value: InitId) {
        if ty == self.string_ty {
            if let Init::Str(_, true) = self.init(value) {
                out.push_str("code");
                return;
            }
            out.push_str("string");
            return;
        }
        out.push_str(&self.ty_string(ty));
    }

    fn print_field(&self, out: &mut String, rv: &crate::record::RecordVal) {
        if rv.kind == FieldKind::NonconcreteOk {
            out.push_str("field ");
        }
        self.print_type(out, rv.ty, rv.value);
        out.push(' ');
        self.write_unquoted(out, rv.name);
        if !rv.cleared {
            out.push_str(" = ");
            self.write_init(out, rv.value);
        }
    }

    /// Appends one record as upstream's `operator<<(raw_ostream&, const Record&)` prints it.
    pub fn print_record(&self, out: &mut String, r: RecId) {
        let rec = self.record(r);
        self.write_unquoted(out, rec.name);
        if !rec.template_args.is_empty() {
            out.push('<');
            for (k, &ta) in rec.template_args.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                if let Some(rv) = rec.value(ta) {
                    self.print_field(out, rv);
                }
            }
            out.push('>');
        }
        out.push_str(" {");
        if !rec.superclasses.is_empty() {
            out.push_str("\t//");
            for (sc, _) in &rec.superclasses {
                out.push(' ');
                self.write_unquoted(out, self.record(*sc).name);
            }
        }
        out.push('\n');
        for pass_nonconcrete in [true, false] {
            for rv in &rec.values {
                if (rv.kind == FieldKind::NonconcreteOk) != pass_nonconcrete {
                    continue;
                }
                if rec.template_args.contains(&rv.name) {
                    continue;
                }
                out.push_str("  ");
                self.print_field(out, rv);
                out.push_str(";\n");
            }
        }
        out.push_str("}\n");
    }

    /// The whole `--print-records` output.
    pub fn print_records(&self) -> String {
        let parts = self.print_records_parts();
        let mut out = String::with_capacity(parts.iter().map(String::len).sum());
        for p in &parts {
            out.push_str(p);
        }
        out
    }

    /// The `--print-records` output in consecutive pieces (written one after the other, they
    /// are [`Self::print_records`]), so a caller can write them out without joining them.
    ///
    /// Records print independently, so this thread and another one render the pieces of a
    /// [`PrintPlan`] between them.
    pub fn print_records_parts(&self) -> Vec<String> {
        let plan = self.print_plan();
        let (here, there) = std::thread::scope(|s| {
            let there = s.spawn(|| plan.render_pieces(self));
            (plan.render_pieces(self), there.join())
        });
        match there {
            Ok(there) => plan.assemble([here, there]),
            // A panic there may have lost pieces it had taken: render them all here.
            Err(_) => (0..plan.weights.len())
                .map(|k| self.render_piece(&plan, k))
                .collect(),
        }
    }

    /// The records in print order, cut into pieces for [`PrintPlan::render_pieces`].
    pub fn print_plan(&self) -> PrintPlan {
        let classes = self.classes_sorted();
        let class_count = classes.len();
        let mut items = classes;
        items.extend(self.defs_sorted());
        // Work per record, roughly: its fields plus the header and the closing line.
        let weight = |r: RecId| 2 + self.record(r).values.len();
        let total: usize = items.iter().map(|&r| weight(r)).sum();
        let per_piece = (total / PIECES).max(MIN_PIECE_WEIGHT);
        let mut starts = vec![0];
        let mut weights = Vec::new();
        let mut acc = 0;
        for (i, &r) in items.iter().enumerate() {
            if acc >= per_piece {
                starts.push(i);
                weights.push(acc);
                acc = 0;
            }
            acc += weight(r);
        }
        weights.push(acc);
        starts.push(items.len());
        PrintPlan {
            items,
            class_count,
            starts,
            weights,
            next: AtomicUsize::new(0),
        }
    }

    /// Renders piece `k` of `plan`.
    fn render_piece(&self, plan: &PrintPlan, k: usize) -> String {
        let (lo, hi) = (plan.starts[k], plan.starts[k + 1]);
        let classes = plan.class_count;
        let mut out = String::with_capacity(plan.weights[k] * 48);
        // The Classes banner opens the output (even when there are no records); the Defs
        // banner goes before the first def, or at the very end when there are no defs.
        if k == 0 {
            out.push_str("------------- Classes -----------------\n");
        }
        for (i, &r) in plan.items.iter().enumerate().take(hi).skip(lo) {
            if i == classes {
                out.push_str("------------- Defs -----------------\n");
            }
            out.push_str(if i < classes { "class " } else { "def " });
            self.print_record(&mut out, r);
        }
        if hi == plan.items.len() && classes == plan.items.len() {
            out.push_str("------------- Defs -----------------\n");
        }
        out
    }
}

/// Pieces a plan aims for: enough that two threads finish close together even when one of
/// them starts late or runs slower (its caches cold).
const PIECES: usize = 32;
/// Fewest fields in a piece, so small outputs are not cut into crumbs.
const MIN_PIECE_WEIGHT: usize = 256;

/// The records of `--print-records` in output order (classes, then defs, each by name), cut
/// into pieces of about equal work that threads take one at a time, so that however fast each
/// thread turns out to be, they finish together.
#[derive(Debug)]
pub struct PrintPlan {
    items: Vec<RecId>,
    class_count: usize,
    /// Where each piece starts in `items`, then `items.len()`.
    starts: Vec<usize>,
    /// Fields per piece, to size its buffer.
    weights: Vec<usize>,
    /// The next piece no thread has taken yet.
    next: AtomicUsize,
}

/// Rendered pieces of a [`PrintPlan`], each with its place in the output.
#[derive(Debug, Default)]
pub struct Pieces(Vec<(usize, String)>);

impl PrintPlan {
    /// Renders pieces that no other thread has taken until none is left. Threads sharing the
    /// plan each call this once; [`PrintPlan::assemble`] puts their pieces in order.
    pub fn render_pieces(&self, rk: &RecordKeeper) -> Pieces {
        let mut done = Vec::new();
        loop {
            let k = self.next.fetch_add(1, Ordering::Relaxed);
            if k + 1 >= self.starts.len() {
                return Pieces(done);
            }
            done.push((k, rk.render_piece(self, k)));
        }
    }

    /// The output in order, from the pieces every thread rendered.
    pub fn assemble(&self, sets: impl IntoIterator<Item = Pieces>) -> Vec<String> {
        let mut all: Vec<(usize, String)> = sets.into_iter().flat_map(|p| p.0).collect();
        all.sort_unstable_by_key(|(k, _)| *k);
        debug_assert_eq!(
            all.len() + 1,
            self.starts.len(),
            "every piece rendered once"
        );
        all.into_iter().map(|(_, s)| s).collect()
    }
}
