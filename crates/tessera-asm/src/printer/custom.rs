//! `OpAsmPrinter`: what a custom-form printer hook may write, mirroring upstream's API.
//!
//! The same hook runs twice per op: once while aliases are collected (writing nothing,
//! recording every type and attribute it prints, as upstream's alias pass runs the real
//! printers on a dummy stream) and once to print.

use super::alias::{Collector, Node};
use super::{push_indent, Elide, Printer};
use crate::syntax::{push_keyword_or_string, push_quoted};
use tessera_ir::{
    Attr, AttrKind, BlockId, Body, Context, Ident, Location, OpId, RegionId, Type, TypeKind,
    ValueId,
};

enum Mode<'p, 'a> {
    Print {
        printer: &'p mut Printer<'a>,
        out: &'p mut String,
        indent: usize,
    },
    Collect {
        collector: &'p mut Collector<'a>,
        debug_info: bool,
    },
}

/// The attribute names an attribute dictionary leaves out.
#[derive(Clone, Copy)]
enum Elided<'e> {
    /// Any list.
    Any(&'e [&'e str]),
    /// A list that lives (unchanged) as long as the program.
    Static(&'static [&'static str]),
}

/// The printer a custom-form hook writes through.
pub struct OpAsmPrinter<'p, 'a> {
    mode: Mode<'p, 'a>,
    ctx: &'a Context,
    body: &'a Body,
}

impl<'p, 'a> OpAsmPrinter<'p, 'a> {
    pub(super) fn printing(
        printer: &'p mut Printer<'a>,
        out: &'p mut String,
        indent: usize,
    ) -> Self {
        let (ctx, body) = (printer.ctx, printer.body);
        OpAsmPrinter {
            mode: Mode::Print {
                printer,
                out,
                indent,
            },
            ctx,
            body,
        }
    }

    pub(super) fn collecting(
        collector: &'p mut Collector<'a>,
        body: &'a Body,
        debug_info: bool,
    ) -> Self {
        let ctx = collector.ctx();
        OpAsmPrinter {
            mode: Mode::Collect {
                collector,
                debug_info,
            },
            ctx,
            body,
        }
    }

    /// The context the IR lives in.
    #[inline]
    pub fn ctx(&self) -> &'a Context {
        self.ctx
    }

    /// The IR being printed.
    #[inline]
    pub fn body(&self) -> &'a Body {
        self.body
    }

    /// The op's attributes as upstream's `getAttrs()` returns them: the discardable ones and
    /// the inherent ones (kept as properties) together, sorted by name. Borrowed from the op
    /// when it holds only one kind (nearly every registered op: all properties), merged into
    /// a list of its own otherwise.
    pub fn op_attrs_and_props(&self, op: OpId) -> super::OpAttrs<'a> {
        let ctx = self.ctx;
        let props = self
            .body
            .op_props(op)
            .map_or(&[][..], |p| ctx.dict_entries(p));
        let attrs = ctx.dict_entries(self.body.op_attrs(op));
        if attrs.is_empty() {
            return super::OpAttrs::Borrowed(props);
        }
        if props.is_empty() {
            return super::OpAttrs::Borrowed(attrs);
        }
        super::OpAttrs::Merged(super::merge_by_name(ctx, attrs, props))
    }

    /// Writes `text` as is.
    #[inline]
    pub fn write(&mut self, text: &str) {
        if let Mode::Print { out, .. } = &mut self.mode {
            out.push_str(text);
        }
    }

    /// A value's name (`%0`, `%arg1`, `%c42_i32`, `%3#1`).
    #[inline]
    pub fn print_operand(&mut self, value: ValueId) {
        if let Mode::Print { printer, out, .. } = &mut self.mode {
            printer.print_value(value, out);
        }
    }

    /// Values separated by `, `.
    pub fn print_operands(&mut self, values: impl IntoIterator<Item = ValueId>) {
        for (i, v) in values.into_iter().enumerate() {
            if i > 0 {
                self.write(", ");
            }
            self.print_operand(v);
        }
    }

    /// A type (through its alias if it has one).
    #[inline]
    pub fn print_type(&mut self, ty: Type) {
        match &mut self.mode {
            Mode::Print { printer, out, .. } => printer.print_type(ty, out),
            Mode::Collect { collector, .. } => {
                collector.visit(Node::Type(ty), false);
            }
        }
    }

    /// Types separated by `, `.
    pub fn print_types(&mut self, types: impl IntoIterator<Item = Type>) {
        for (i, t) in types.into_iter().enumerate() {
            if i > 0 {
                self.write(", ");
            }
            self.print_type(t);
        }
    }

    /// A function result list: one type bare (unless it is a function type), otherwise
    /// in parentheses.
    pub fn print_result_types(&mut self, results: &[Type]) {
        let wrapped = results.len() != 1
            || matches!(self.ctx.type_kind(results[0]), TypeKind::Function { .. });
        if wrapped {
            self.write("(");
        }
        self.print_types(results.iter().copied());
        if wrapped {
            self.write(")");
        }
    }

    /// `(inputs) -> results`.
    pub fn print_functional_type(&mut self, inputs: &[Type], results: &[Type]) {
        self.write("(");
        self.print_types(inputs.iter().copied());
        self.write(") -> ");
        self.print_result_types(results);
    }

    /// ` -> results` (nothing for no results).
    pub fn print_arrow_type_list(&mut self, results: &[Type]) {
        if results.is_empty() {
            return;
        }
        self.write(" -> ");
        self.print_result_types(results);
    }

    /// An attribute with its type.
    #[inline]
    pub fn print_attribute(&mut self, attr: Attr) {
        self.print_attr_with(attr, Elide::Never);
    }

    /// An attribute whose type the context gives (`42`, not `42 : i32`).
    #[inline]
    pub fn print_attribute_without_type(&mut self, attr: Attr) {
        self.print_attr_with(attr, Elide::Must);
    }

    fn print_attr_with(&mut self, attr: Attr, elide: Elide) {
        match &mut self.mode {
            Mode::Print { printer, out, .. } => printer.print_attr(attr, elide, out),
            Mode::Collect { collector, .. } => {
                collector.visit(Node::Attr(attr), false);
            }
        }
    }

    /// ` {name = value, ...}` of the attributes not named in `elided` (nothing if none is
    /// left).
    #[inline]
    pub fn print_optional_attr_dict(&mut self, attrs: &[(Ident, Attr)], elided: &[&str]) {
        self.print_attr_dict(attrs, Elided::Any(elided), false);
    }

    /// ` attributes {name = value, ...}` of the attributes not named in `elided` (nothing if
    /// none is left).
    #[inline]
    pub fn print_optional_attr_dict_with_keyword(
        &mut self,
        attrs: &[(Ident, Attr)],
        elided: &[&str],
    ) {
        self.print_attr_dict(attrs, Elided::Any(elided), true);
    }

    /// [`Self::print_optional_attr_dict`] with a list of names fixed for the whole run (what
    /// compiled forms pass): the printer remembers, by the list's address and each name's
    /// identifier, whether the list holds the name, rather than comparing texts for every op.
    #[inline]
    pub fn print_optional_attr_dict_static(
        &mut self,
        attrs: &[(Ident, Attr)],
        elided: &'static [&'static str],
    ) {
        self.print_attr_dict(attrs, Elided::Static(elided), false);
    }

    /// [`Self::print_optional_attr_dict_with_keyword`] with a list of names fixed for the
    /// whole run (see [`Self::print_optional_attr_dict_static`]).
    #[inline]
    pub fn print_optional_attr_dict_with_keyword_static(
        &mut self,
        attrs: &[(Ident, Attr)],
        elided: &'static [&'static str],
    ) {
        self.print_attr_dict(attrs, Elided::Static(elided), true);
    }

    /// Whether `elided` names the attribute `name`.
    fn is_elided(&mut self, name: Ident, elided: Elided<'_>) -> bool {
        let ctx = self.ctx;
        match (elided, &mut self.mode) {
            (Elided::Any([]) | Elided::Static([]), _) => false,
            // A static list's address names its contents for the whole run.
            (Elided::Static(list), Mode::Print { printer, .. }) => {
                let key = (list.as_ptr() as usize, list.len(), name);
                *printer
                    .elided_names
                    .entry(key)
                    .or_insert_with(|| list.contains(&ctx.str(name)))
            }
            (Elided::Any(list) | Elided::Static(list), _) => list.contains(&ctx.str(name)),
        }
    }

    fn print_attr_dict(&mut self, attrs: &[(Ident, Attr)], elided: Elided<'_>, keyword: bool) {
        let ctx = self.ctx;
        let mut first = true;
        for &(name, value) in attrs {
            if self.is_elided(name, elided) {
                continue;
            }
            if first {
                self.write(if keyword { " attributes {" } else { " {" });
                first = false;
            } else {
                self.write(", ");
            }
            if let Mode::Print { out, .. } = &mut self.mode {
                push_keyword_or_string(ctx.str(name), out);
            }
            if !matches!(ctx.attr_kind(value), AttrKind::Unit) {
                self.write(" = ");
                self.print_attribute(value);
            }
        }
        if !first {
            self.write("}");
        }
    }

    /// `@name`, quoted if it is not a bare identifier.
    pub fn print_symbol_name(&mut self, name: &str) {
        if let Mode::Print { out, .. } = &mut self.mode {
            out.push('@');
            push_keyword_or_string(name, out);
        }
    }

    /// A bare keyword, or a quoted string if `text` is not one.
    pub fn print_keyword_or_string(&mut self, text: &str) {
        if let Mode::Print { out, .. } = &mut self.mode {
            push_keyword_or_string(text, out);
        }
    }

    /// A quoted, escaped string.
    pub fn print_string(&mut self, text: &str) {
        if let Mode::Print { out, .. } = &mut self.mode {
            push_quoted(text.as_bytes(), out);
        }
    }

    /// A region in braces. `entry_args`: print the entry block's header when it has
    /// arguments; `terminators`: print the entry block's terminator; `empty_block`: print
    /// the header of an empty entry block.
    pub fn print_region(
        &mut self,
        region: RegionId,
        entry_args: bool,
        terminators: bool,
        empty_block: bool,
    ) {
        let flags = super::RegionFlags {
            entry_args,
            terminators,
            empty_block,
        };
        match &mut self.mode {
            Mode::Print {
                printer,
                out,
                indent,
            } => printer.print_region_with(region, *indent, flags, out),
            Mode::Collect {
                collector,
                debug_info,
            } => collector.region_custom(self.body, region, flags, *debug_info),
        }
    }

    /// `^bbN`.
    pub fn print_successor(&mut self, block: BlockId) {
        if let Mode::Print { printer, out, .. } = &mut self.mode {
            printer.print_block_name(block, out);
        }
    }

    /// `^bbN(%a, %b : t1, t2)` (just `^bbN` without operands).
    pub fn print_successor_and_use_list(&mut self, block: BlockId, operands: &[ValueId]) {
        self.print_successor(block);
        if operands.is_empty() {
            return;
        }
        self.write("(");
        self.print_operands(operands.iter().copied());
        self.write(" : ");
        let body = self.body;
        self.print_types(operands.iter().map(|&v| body.value_type(v)));
        self.write(")");
    }

    /// `%arg0: type {attrs} loc(...)` — an entry-block argument printed in a signature.
    pub fn print_region_argument(
        &mut self,
        arg: ValueId,
        attrs: &[(Ident, Attr)],
        omit_type: bool,
    ) {
        self.print_operand(arg);
        if !omit_type {
            self.write(": ");
            self.print_type(self.body.value_type(arg));
        }
        self.print_optional_attr_dict(attrs, &[]);
        // Upstream spells a block argument's location out (no alias).
        self.trailing_location(self.body.value_loc(arg), false);
    }

    /// ` loc(...)` when locations are printed.
    pub fn print_optional_location_specifier(&mut self, loc: Location) {
        self.trailing_location(loc, true);
    }

    /// ` loc(...)` when locations are printed; `alias` allows the location's alias (and, when
    /// collecting, lets an alias only locations use be deferred to the end of the file).
    fn trailing_location(&mut self, loc: Location, alias: bool) {
        match &mut self.mode {
            Mode::Print { printer, out, .. } => {
                if printer.opts.debug_info {
                    out.push_str(" loc(");
                    if alias {
                        printer.print_loc_inner(loc, out);
                    } else {
                        printer.print_loc_body(loc, out);
                    }
                    out.push(')');
                }
            }
            Mode::Collect {
                collector,
                debug_info,
            } => {
                if *debug_info {
                    collector.visit(Node::Attr(loc.attr()), alias);
                }
            }
        }
    }

    /// A line break, then the current indentation.
    #[inline]
    pub fn print_newline(&mut self) {
        if let Mode::Print { out, indent, .. } = &mut self.mode {
            out.push('\n');
            push_indent(out, *indent);
        }
    }

    /// Indents what `print_newline` starts by two more spaces.
    pub fn increase_indent(&mut self) {
        if let Mode::Print { indent, .. } = &mut self.mode {
            *indent += 2;
        }
    }

    /// Undoes one `increase_indent`.
    pub fn decrease_indent(&mut self) {
        if let Mode::Print { indent, .. } = &mut self.mode {
            *indent = indent.saturating_sub(2);
        }
    }
}
