//! Read access to the `pdl` ops of a pattern: what each op is and its named parts
//! (operand segments, inherent attributes), so the compiler never spells attribute names or
//! segment arithmetic twice.

use crate::dialect::types::is_range;
use smallvec::SmallVec;
use tessera_ir::op_queries::inherent_attr;
use tessera_ir::{Attr, AttrKind, Body, Context, OpId, ValueId};

/// The `pdl` ops the compiler reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PdlOp {
    Pattern,
    Rewrite,
    Operation,
    Operand,
    Operands,
    Result,
    Results,
    Attribute,
    Type,
    Types,
    ApplyNativeConstraint,
    ApplyNativeRewrite,
    Erase,
    Replace,
    Range,
}

/// Values as a short list.
pub(crate) type Values = SmallVec<[ValueId; 4]>;

/// A read-only view of the IR holding the patterns.
#[derive(Clone, Copy)]
pub(crate) struct Pdl<'a> {
    pub(crate) ctx: &'a Context,
    pub(crate) body: &'a Body,
}

impl<'a> Pdl<'a> {
    /// Which `pdl` op `op` is, if any.
    pub(crate) fn kind(&self, op: OpId) -> Option<PdlOp> {
        let name = self.ctx.str(self.body.op_name(op));
        Some(match name.strip_prefix("pdl.")? {
            "pattern" => PdlOp::Pattern,
            "rewrite" => PdlOp::Rewrite,
            "operation" => PdlOp::Operation,
            "operand" => PdlOp::Operand,
            "operands" => PdlOp::Operands,
            "result" => PdlOp::Result,
            "results" => PdlOp::Results,
            "attribute" => PdlOp::Attribute,
            "type" => PdlOp::Type,
            "types" => PdlOp::Types,
            "apply_native_constraint" => PdlOp::ApplyNativeConstraint,
            "apply_native_rewrite" => PdlOp::ApplyNativeRewrite,
            "erase" => PdlOp::Erase,
            "replace" => PdlOp::Replace,
            "range" => PdlOp::Range,
            _ => return None,
        })
    }

    /// The op defining `v` and which `pdl` op it is.
    pub(crate) fn def(&self, v: ValueId) -> Option<(OpId, PdlOp)> {
        let op = self.body.defining_op(v)?;
        Some((op, self.kind(op)?))
    }

    /// Which `pdl` op defines `v`, if one does.
    pub(crate) fn def_kind(&self, v: ValueId) -> Option<PdlOp> {
        self.def(v).map(|(_, k)| k)
    }

    /// Whether `v` is a `!pdl.range<...>`.
    pub(crate) fn is_range(&self, v: ValueId) -> bool {
        is_range(self.ctx, self.body.value_type(v))
    }

    /// An inherent attribute of `op`.
    pub(crate) fn attr(&self, op: OpId, name: &str) -> Option<Attr> {
        inherent_attr(self.ctx, self.body, op, name)
    }

    /// An inherent integer attribute of `op` (`index`), as `u32`.
    pub(crate) fn index(&self, op: OpId) -> Option<u32> {
        match self.ctx.attr_kind(self.attr(op, "index")?) {
            AttrKind::Integer { value, .. } => value.as_u64().map(|v| v as u32),
            _ => None,
        }
    }

    /// Operand segment `i` of an op with `operandSegmentSizes`.
    pub(crate) fn segment(&self, op: OpId, i: usize) -> Values {
        let sizes = self
            .attr(op, "operandSegmentSizes")
            .and_then(|a| self.ctx.dense_i32_values(a))
            .unwrap_or_default();
        let start: usize = sizes.iter().take(i).map(|&s| s as usize).sum();
        let len = sizes.get(i).map_or(0, |&s| s as usize);
        let n = self.body.num_operands(op);
        (start..(start + len).min(n))
            .map(|j| self.body.operand(op, j))
            .collect()
    }

    /// A `pdl.operation`'s operand values.
    pub(crate) fn operation_operands(&self, op: OpId) -> Values {
        self.segment(op, 0)
    }

    /// A `pdl.operation`'s attribute values.
    pub(crate) fn operation_attributes(&self, op: OpId) -> Values {
        self.segment(op, 1)
    }

    /// A `pdl.operation`'s result type values.
    pub(crate) fn operation_types(&self, op: OpId) -> Values {
        self.segment(op, 2)
    }

    /// A `pdl.operation`'s attribute names (string attributes), in order.
    pub(crate) fn operation_attribute_names(&self, op: OpId) -> &'a [Attr] {
        match self
            .attr(op, "attributeValueNames")
            .map(|a| self.ctx.attr_kind(a))
        {
            Some(AttrKind::Array(names)) => names,
            _ => &[],
        }
    }

    /// A string attribute's text.
    pub(crate) fn str_of(&self, attr: Attr) -> &'a str {
        self.ctx.string_value(attr).unwrap_or("")
    }

    /// The single block of `op`'s first region, if it has one.
    pub(crate) fn body_block(&self, op: OpId) -> Option<tessera_ir::BlockId> {
        if self.body.num_regions(op) == 0 {
            return None;
        }
        self.body.first_block(self.body.region(op, 0))
    }

    /// The ops of `op`'s body block, in order.
    pub(crate) fn body_ops(&self, op: OpId) -> Vec<OpId> {
        self.body_block(op)
            .map(|b| self.body.block_ops(b).collect())
            .unwrap_or_default()
    }

    /// The `pdl.rewrite` ending `pattern`.
    pub(crate) fn rewriter_of(&self, pattern: OpId) -> Option<OpId> {
        let block = self.body_block(pattern)?;
        let last = self.body.last_op(block)?;
        (self.kind(last) == Some(PdlOp::Rewrite)).then_some(last)
    }

    /// The root a `pdl.rewrite` names, if it names one.
    pub(crate) fn rewrite_root(&self, rewrite: OpId) -> Option<ValueId> {
        self.segment(rewrite, 0).first().copied()
    }
}
