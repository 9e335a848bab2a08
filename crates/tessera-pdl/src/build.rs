//! Making `pdl` ops, for the front ends that lower to PDL (PDLL, DRR): the one place that
//! knows the names of the ops and their properties, the handle types, and how
//! `pdl.operation`'s operand groups and properties are laid out, as the registered dialect
//! reads them.

use crate::dialect::types::make_pdl_type;
use smallvec::SmallVec;
use tessera_ir::{
    Attr, BlockId, Body, Context, Ident, Location, OpId, OperationState, Type, ValueId,
};

/// The pdl handle types, interned once.
#[derive(Clone, Copy, Debug)]
pub struct PdlTypes {
    /// `!pdl.operation`.
    pub operation: Type,
    /// `!pdl.value`.
    pub value: Type,
    /// `!pdl.range<value>`.
    pub values: Type,
    /// `!pdl.type`.
    pub ty: Type,
    /// `!pdl.range<type>`.
    pub types: Type,
    /// `!pdl.attribute`.
    pub attribute: Type,
    /// `!pdl.range<operation>`.
    pub operations: Type,
}

impl PdlTypes {
    /// The types, interned in `ctx`.
    pub fn new(ctx: &mut Context) -> Self {
        PdlTypes {
            operation: make_pdl_type(ctx, "operation"),
            value: make_pdl_type(ctx, "value"),
            values: make_pdl_type(ctx, "range<value>"),
            ty: make_pdl_type(ctx, "type"),
            types: make_pdl_type(ctx, "range<type>"),
            attribute: make_pdl_type(ctx, "attribute"),
            operations: make_pdl_type(ctx, "range<operation>"),
        }
    }

    /// The element type of a range type, or the type itself.
    pub fn element(&self, ty: Type) -> Type {
        match ty {
            t if t == self.values => self.value,
            t if t == self.types => self.ty,
            t if t == self.operations => self.operation,
            t => t,
        }
    }
}

/// The identifiers of the `pdl` ops and of their properties, interned once.
#[derive(Clone, Copy, Debug)]
pub struct PdlNames {
    /// `builtin.module`, which holds the patterns.
    pub module: Ident,
    /// `pdl.pattern`.
    pub pattern: Ident,
    /// `pdl.rewrite`.
    pub rewrite: Ident,
    /// `pdl.erase`.
    pub erase: Ident,
    /// `pdl.replace`.
    pub replace: Ident,
    /// `pdl.operation`.
    pub operation: Ident,
    /// `pdl.operand`.
    pub operand: Ident,
    /// `pdl.operands`.
    pub operands: Ident,
    /// `pdl.type`.
    pub type_: Ident,
    /// `pdl.types`.
    pub types: Ident,
    /// `pdl.attribute`.
    pub attribute: Ident,
    /// `pdl.result`.
    pub result: Ident,
    /// `pdl.results`.
    pub results: Ident,
    /// `pdl.range`.
    pub range: Ident,
    /// `pdl.apply_native_constraint`.
    pub constraint: Ident,
    /// `pdl.apply_native_rewrite`.
    pub native_rewrite: Ident,
    /// The `benefit` property.
    pub benefit: Ident,
    /// The `sym_name` property.
    pub sym_name: Ident,
    /// The `name` property.
    pub name: Ident,
    /// The `isNegated` property.
    pub is_negated: Ident,
    /// The `index` property.
    pub index: Ident,
    /// The `value` property.
    pub value: Ident,
    /// The `constantType` property.
    pub constant_type: Ident,
    /// The `opName` property.
    pub op_name: Ident,
    /// The `attributeValueNames` property.
    pub attribute_value_names: Ident,
    /// The `operandSegmentSizes` property.
    pub segments: Ident,
}

impl PdlNames {
    /// The names, interned in `ctx`.
    pub fn new(ctx: &mut Context) -> PdlNames {
        PdlNames {
            module: ctx.ident("builtin.module"),
            pattern: ctx.ident("pdl.pattern"),
            rewrite: ctx.ident("pdl.rewrite"),
            erase: ctx.ident("pdl.erase"),
            replace: ctx.ident("pdl.replace"),
            operation: ctx.ident("pdl.operation"),
            operand: ctx.ident("pdl.operand"),
            operands: ctx.ident("pdl.operands"),
            type_: ctx.ident("pdl.type"),
            types: ctx.ident("pdl.types"),
            attribute: ctx.ident("pdl.attribute"),
            result: ctx.ident("pdl.result"),
            results: ctx.ident("pdl.results"),
            range: ctx.ident("pdl.range"),
            constraint: ctx.ident("pdl.apply_native_constraint"),
            native_rewrite: ctx.ident("pdl.apply_native_rewrite"),
            benefit: ctx.ident("benefit"),
            sym_name: ctx.ident("sym_name"),
            name: ctx.ident("name"),
            is_negated: ctx.ident("isNegated"),
            index: ctx.ident("index"),
            value: ctx.ident("value"),
            constant_type: ctx.ident("constantType"),
            op_name: ctx.ident("opName"),
            attribute_value_names: ctx.ident("attributeValueNames"),
            segments: ctx.ident("operandSegmentSizes"),
        }
    }

    /// The `operandSegmentSizes` property for groups of `sizes` operands.
    pub fn segments(&self, ctx: &mut Context, sizes: &[usize]) -> (Ident, Attr) {
        let sizes: Vec<i32> = sizes.iter().map(|&n| n as i32).collect();
        (self.segments, ctx.dense_i32_array(&sizes))
    }

    /// The properties of a `pdl.operation` named `name` (any operation when `None`) with
    /// `operands` operand values, attributes named `attr_names` and `results` result-type
    /// values, in the order the dialect stores them.
    pub fn operation_props(
        &self,
        ctx: &mut Context,
        name: Option<&str>,
        operands: usize,
        attr_names: &[&str],
        results: usize,
    ) -> Vec<(Ident, Attr)> {
        let names: Vec<Attr> = attr_names.iter().map(|n| ctx.string_attr(n)).collect();
        let names = ctx.array_attr(&names);
        let mut props = vec![(self.attribute_value_names, names)];
        if let Some(name) = name {
            props.push((self.op_name, ctx.string_attr(name)));
        }
        props.push(self.segments(ctx, &[operands, attr_names.len(), results]));
        props
    }
}

/// Appends an op named `name` at `loc` to the end of `block`, with `operands`, one result per
/// type of `results`, the properties `props` (none when empty) and `regions` empty regions.
#[allow(clippy::too_many_arguments)]
pub fn append_op(
    ctx: &mut Context,
    body: &mut Body,
    block: BlockId,
    name: Ident,
    loc: Location,
    operands: &[ValueId],
    results: &[Type],
    props: Vec<(Ident, Attr)>,
    regions: u32,
) -> OpId {
    let mut state = OperationState::new(ctx, name, loc);
    state.operands = SmallVec::from_slice(operands);
    state.result_types = SmallVec::from_slice(results);
    state.num_regions = regions;
    if !props.is_empty() {
        state.props = Some(ctx.dictionary(props));
    }
    let op = body.create_op(state);
    body.append_op(block, op);
    op
}
