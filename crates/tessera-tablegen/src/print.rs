//! Text forms of values and records, byte-compatible with `llvm-tblgen --print-records`.

use std::fmt::Write as _;

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

    /// The whole `--print-records` output: classes, then defs, each sorted by name.
    pub fn print_records(&self) -> String {
        let classes = self.classes_sorted();
        let defs = self.defs_sorted();
        let fields: usize = classes
            .iter()
            .chain(&defs)
            .map(|&r| 2 + self.record(r).values.len())
            .sum();
        let mut out = String::with_capacity(fields * 48);
        out.push_str("------------- Classes -----------------\n");
        for c in classes {
            out.push_str("class ");
            self.print_record(&mut out, c);
        }
        out.push_str("------------- Defs -----------------\n");
        for d in defs {
            out.push_str("def ");
            self.print_record(&mut out, d);
        }
        out
    }
}
