//! Builtin attributes as upstream prints them (scalars, containers, symbol references,
//! elements, affine maps and sets, strided layouts, `distinct`, dialect attributes kept as
//! text) and locations, which are attributes too; each through its alias where it has one.

use super::affine::{print_affine, print_dims_syms, print_int_or_q};
use super::alias::Node;
use super::{push_u64, Elide, Printer};
use crate::syntax::{push_dialect_symbol, push_keyword_or_string, push_quoted};
use tessera_ir::{
    Attr, AttrKind, Context, FloatKind, LocKind, Location, Signedness, Type, TypeKind,
};

impl Printer<'_> {
    /// An attribute, through its alias if it has one; `elide` says whether its type may or
    /// must be left out.
    pub(super) fn print_attr(&mut self, attr: Attr, elide: Elide, out: &mut String) {
        if let Some(name) = self
            .tables()
            .aliases
            .name(Node::Attr(attr), self.deferred_aliases)
        {
            out.push('#');
            name.push_to(out);
            return;
        }
        // Only nested attributes recurse; asking for stack room costs a thread-local read,
        // which the strings and integers most ops hold do not need.
        match self.ctx.attr_kind(attr) {
            AttrKind::String { .. } | AttrKind::Integer { .. } | AttrKind::Unit => {
                self.print_attr_no_alias(attr, elide, out)
            }
            _ => crate::with_stack(|| self.print_attr_no_alias(attr, elide, out)),
        }
    }

    /// An attribute spelled out (an alias definition's right-hand side).
    pub(super) fn print_attr_no_alias(&mut self, attr: Attr, elide: Elide, out: &mut String) {
        let ctx = self.ctx;
        let mut typed: Option<Type> = None;
        match ctx.attr_kind(attr) {
            AttrKind::Unit => out.push_str("unit"),
            AttrKind::Integer { ty, value } => {
                if let TypeKind::Integer {
                    width: 1,
                    signedness: Signedness::Signless,
                } = ctx.type_kind(*ty)
                {
                    out.push_str(if value.as_u64() == Some(1) {
                        "true"
                    } else {
                        "false"
                    });
                    return;
                }
                self.print_int(*ty, value, out);
                let is_i64 = matches!(
                    ctx.type_kind(*ty),
                    TypeKind::Integer {
                        width: 64,
                        signedness: Signedness::Signless
                    }
                );
                if elide == Elide::May && is_i64 {
                    return;
                }
                typed = Some(*ty);
            }
            AttrKind::Float { ty, bits } => {
                let kind = float_kind(ctx, *ty);
                let (text, hex) = kind.to_mlir_string(bits_of(bits));
                out.push_str(&text);
                if elide == Elide::May && kind == FloatKind::F64 && !hex {
                    return;
                }
                typed = Some(*ty);
            }
            AttrKind::String { value, ty } => {
                push_quoted(value, out);
                typed = *ty;
            }
            AttrKind::Array(elems) => {
                out.push('[');
                for (i, &e) in elems.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.print_attr(e, Elide::May, out);
                }
                out.push(']');
            }
            AttrKind::Dictionary(entries) => {
                out.push('{');
                for (i, &(name, value)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    push_keyword_or_string(ctx.str(name), out);
                    if !matches!(ctx.attr_kind(value), AttrKind::Unit) {
                        out.push_str(" = ");
                        self.print_attr(value, Elide::Never, out);
                    }
                }
                out.push('}');
            }
            AttrKind::Type(t) => self.print_type(*t, out),
            AttrKind::SymbolRef { root, nested } => {
                out.push('@');
                push_keyword_or_string(ctx.str(*root), out);
                for n in nested.iter() {
                    out.push_str("::@");
                    push_keyword_or_string(ctx.str(*n), out);
                }
            }
            AttrKind::DenseElements { ty, data, splat } => {
                out.push_str("dense<");
                self.print_dense_body(*ty, data, *splat, true, out);
                out.push('>');
                typed = Some(*ty);
            }
            AttrKind::DenseStrings { ty, data, splat } => {
                out.push_str("dense<");
                self.print_dense_strings_body(*ty, data, *splat, out);
                out.push('>');
                typed = Some(*ty);
            }
            AttrKind::DenseArray { element, len, data } => {
                out.push_str("array<");
                if elide != Elide::Must {
                    self.print_type(*element, out);
                }
                if *len > 0 {
                    if elide != Elide::Must {
                        out.push_str(": ");
                    }
                    let width = ctx.dense_element_bytes(*element).unwrap_or(0);
                    for i in 0..*len as usize {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        self.print_element(*element, &data[i * width..(i + 1) * width], out);
                    }
                }
                out.push('>');
                return;
            }
            AttrKind::DenseResource { ty, handle } => {
                self.note_resource_use(*handle);
                out.push_str("dense_resource<");
                out.push_str(ctx.str(*handle));
                out.push('>');
                typed = Some(*ty);
            }
            AttrKind::Sparse {
                ty,
                indices,
                values,
            } => {
                out.push_str("sparse<");
                if let AttrKind::DenseElements {
                    ty: ity,
                    data,
                    splat,
                } = ctx.attr_kind(*indices)
                {
                    if ctx.num_elements(*ity) != Some(0) {
                        self.print_dense_body(*ity, data, *splat, false, out);
                        out.push_str(", ");
                        match ctx.attr_kind(*values) {
                            AttrKind::DenseElements {
                                ty: vty,
                                data,
                                splat,
                            } => self.print_dense_body(*vty, data, *splat, true, out),
                            AttrKind::DenseStrings {
                                data,
                                splat,
                                ty: vty,
                            } => {
                                self.print_dense_strings_body(*vty, data, *splat, out);
                            }
                            _ => {}
                        }
                    }
                }
                out.push('>');
                typed = Some(*ty);
            }
            AttrKind::AffineMap(m) => {
                out.push_str("affine_map<");
                print_dims_syms(m.num_dims, m.num_symbols, out);
                out.push_str(" -> (");
                for (i, e) in m.results.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    print_affine(e, false, out);
                }
                out.push_str(")>");
                return;
            }
            AttrKind::IntegerSet(s) => {
                out.push_str("affine_set<");
                print_dims_syms(s.num_dims, s.num_symbols, out);
                out.push_str(" : (");
                if s.constraints.is_empty() {
                    out.push_str("1 == 0");
                }
                for (i, (e, eq)) in s.constraints.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    print_affine(e, false, out);
                    out.push_str(if *eq { " == 0" } else { " >= 0" });
                }
                out.push_str(")>");
                return;
            }
            AttrKind::Strided { offset, strides } => {
                out.push_str("strided<[");
                for (i, &s) in strides.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    print_int_or_q(s, out);
                }
                out.push(']');
                if *offset != 0 {
                    out.push_str(", offset: ");
                    print_int_or_q(*offset, out);
                }
                out.push('>');
                return;
            }
            AttrKind::Opaque { dialect, body, ty } => {
                push_dialect_symbol('#', ctx.str(*dialect), body, out);
                typed = *ty;
            }
            AttrKind::Distinct { referenced, .. } => {
                let next = self.distinct_ids.len() as u64;
                let id = *self.distinct_ids.entry(attr).or_insert(next);
                out.push_str("distinct[");
                push_u64(out, id);
                out.push_str("]<");
                if !matches!(ctx.attr_kind(*referenced), AttrKind::Unit) {
                    self.print_attr(*referenced, Elide::Never, out);
                }
                out.push('>');
                return;
            }
            AttrKind::Loc(_) => {
                out.push_str("loc(");
                self.print_loc_body(ctx.as_location(attr).expect("location attribute"), out);
                out.push(')');
                return;
            }
        }
        if elide != Elide::Must {
            if let Some(t) = typed {
                if !matches!(ctx.type_kind(t), TypeKind::None) {
                    out.push_str(" : ");
                    self.print_type(t, out);
                }
            }
        }
    }

    /// A nested location: its alias if it has one, else its body.
    pub(super) fn print_loc_inner(&mut self, loc: Location, out: &mut String) {
        if let Some(name) = self
            .tables()
            .aliases
            .name(Node::Attr(loc.attr()), self.deferred_aliases)
        {
            out.push('#');
            name.push_to(out);
            return;
        }
        // A file location (nearly every location) does not recurse: no stack check.
        match self.ctx.loc_kind(loc) {
            LocKind::FileLineCol { .. } => self.print_loc_body(loc, out),
            _ => crate::with_stack(|| self.print_loc_body(loc, out)),
        }
    }

    /// A location without `loc(...)` around it.
    pub(super) fn print_loc_body(&mut self, loc: Location, out: &mut String) {
        let ctx = self.ctx;
        match ctx.loc_kind(loc) {
            LocKind::Unknown => out.push_str("unknown"),
            LocKind::FileLineCol { file, line, col } => {
                match &self.quoted_file {
                    Some((last, text)) if last == file => out.push_str(text),
                    _ => {
                        let mut text = String::new();
                        push_quoted(ctx.str(*file).as_bytes(), &mut text);
                        out.push_str(&text);
                        self.quoted_file = Some((*file, text));
                    }
                }
                out.push(':');
                push_u64(out, (*line).into());
                out.push(':');
                push_u64(out, (*col).into());
            }
            LocKind::Name { name, child } => {
                push_quoted(ctx.str(*name).as_bytes(), out);
                if !matches!(ctx.loc_kind(*child), LocKind::Unknown) {
                    out.push('(');
                    self.print_loc_inner(*child, out);
                    out.push(')');
                }
            }
            LocKind::CallSite { callee, caller } => {
                out.push_str("callsite(");
                self.print_loc_inner(*callee, out);
                out.push_str(" at ");
                self.print_loc_inner(*caller, out);
                out.push(')');
            }
            LocKind::Fused { locs, metadata } => {
                out.push_str("fused");
                if let Some(m) = metadata {
                    out.push('<');
                    self.print_attr(*m, Elide::Never, out);
                    out.push('>');
                }
                out.push('[');
                for (i, l) in locs.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.print_loc_inner(*l, out);
                }
                out.push(']');
            }
        }
    }
}

/// The float format of a float attribute's type.
fn float_kind(ctx: &Context, ty: Type) -> FloatKind {
    match ctx.type_kind(ty) {
        TypeKind::Float(k) => *k,
        _ => FloatKind::F64,
    }
}

/// A float attribute's bits as one number.
fn bits_of(bits: &[u64; 2]) -> u128 {
    bits[0] as u128 | ((bits[1] as u128) << 64)
}
