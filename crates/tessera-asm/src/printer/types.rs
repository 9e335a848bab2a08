//! Builtin types as upstream prints them (`i32`, `tensor<4x?xf32, #enc>`, `memref<...>`,
//! function types, `!dialect.body`), through their aliases where they have one.

use super::alias::Node;
use super::{push_i64, push_u64, Elide, Printer};
use crate::syntax::push_dialect_symbol;
use tessera_ir::{Signedness, Type, TypeKind, DYNAMIC};

impl Printer<'_> {
    /// A type, through its alias if it has one.
    pub(super) fn print_type(&mut self, ty: Type, out: &mut String) {
        if let Some(name) = self
            .tables()
            .aliases
            .name(Node::Type(ty), self.deferred_aliases)
        {
            out.push('!');
            name.push_to(out);
            return;
        }
        // A dialect type printed before (what a module names over and over) is copied as
        // is, with no stack check: only nested types recurse.
        if let Some(text) = self.opaque_types.get(ty) {
            out.push_str(text);
            return;
        }
        crate::with_stack(|| self.print_type_no_alias(ty, out));
    }

    /// `4x?x[8]x`: static, dynamic and scalable dimensions, each followed by `x`.
    fn print_dims(&self, shape: &[i64], scalable: &[bool], out: &mut String) {
        for (i, &d) in shape.iter().enumerate() {
            let sc = scalable.get(i).copied().unwrap_or(false);
            if sc {
                out.push('[');
            }
            if d == DYNAMIC {
                out.push('?');
            } else {
                push_i64(out, d);
            }
            if sc {
                out.push(']');
            }
            out.push('x');
        }
    }

    /// A type spelled out (an alias definition's right-hand side).
    pub(super) fn print_type_no_alias(&mut self, ty: Type, out: &mut String) {
        let ctx = self.ctx;
        match ctx.type_kind(ty) {
            TypeKind::Integer { width, signedness } => {
                match signedness {
                    Signedness::Signed => out.push('s'),
                    Signedness::Unsigned => out.push('u'),
                    Signedness::Signless => {}
                }
                out.push('i');
                push_u64(out, (*width).into());
            }
            TypeKind::Index => out.push_str("index"),
            TypeKind::Float(k) => out.push_str(k.keyword()),
            TypeKind::None => out.push_str("none"),
            TypeKind::Complex(e) => {
                out.push_str("complex<");
                self.print_type(*e, out);
                out.push('>');
            }
            TypeKind::Tuple(elems) => {
                out.push_str("tuple<");
                for (i, &e) in elems.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.print_type(e, out);
                }
                out.push('>');
            }
            TypeKind::Function { inputs, results } => {
                out.push('(');
                for (i, &e) in inputs.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.print_type(e, out);
                }
                out.push_str(") -> ");
                self.print_result_types(results, out);
            }
            TypeKind::RankedTensor {
                shape,
                element,
                encoding,
            } => {
                out.push_str("tensor<");
                self.print_dims(shape, &[], out);
                self.print_type(*element, out);
                if let Some(e) = encoding {
                    out.push_str(", ");
                    self.print_attr(*e, Elide::Never, out);
                }
                out.push('>');
            }
            TypeKind::UnrankedTensor { element } => {
                out.push_str("tensor<*x");
                self.print_type(*element, out);
                out.push('>');
            }
            TypeKind::MemRef {
                shape,
                element,
                layout,
                memory_space,
            } => {
                out.push_str("memref<");
                self.print_dims(shape, &[], out);
                self.print_type(*element, out);
                if let Some(l) = layout {
                    out.push_str(", ");
                    self.print_attr(*l, Elide::May, out);
                }
                if let Some(m) = memory_space {
                    out.push_str(", ");
                    self.print_attr(*m, Elide::May, out);
                }
                out.push('>');
            }
            TypeKind::UnrankedMemRef {
                element,
                memory_space,
            } => {
                out.push_str("memref<*x");
                self.print_type(*element, out);
                if let Some(m) = memory_space {
                    out.push_str(", ");
                    self.print_attr(*m, Elide::May, out);
                }
                out.push('>');
            }
            TypeKind::Vector {
                shape,
                scalable,
                element,
            } => {
                out.push_str("vector<");
                self.print_dims(shape, scalable, out);
                self.print_type(*element, out);
                out.push('>');
            }
            TypeKind::Opaque { dialect, body } => {
                if let Some(text) = self.opaque_types.get(ty) {
                    out.push_str(text);
                    return;
                }
                let mut text = String::new();
                push_dialect_symbol('!', self.ctx.str(*dialect), body, &mut text);
                out.push_str(&text);
                self.opaque_types.insert(ty, text.into_boxed_str());
            }
        }
    }

    /// Result types: one type bare (unless it is a function type), otherwise in parentheses.
    pub(super) fn print_result_types(&mut self, results: &[Type], out: &mut String) {
        if results.len() == 1
            && !matches!(self.ctx.type_kind(results[0]), TypeKind::Function { .. })
        {
            self.print_type(results[0], out);
        } else {
            out.push('(');
            for (i, &t) in results.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                self.print_type(t, out);
            }
            out.push(')');
        }
    }
}
