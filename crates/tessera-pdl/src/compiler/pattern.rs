//! Read access to the `pdl` ops of a pattern: what each op is and its named parts
//! (operand segments, inherent attributes), so the compiler never spells attribute names or
//! segment arithmetic twice.

use crate::dialect::types::is_range;
use smallvec::SmallVec;
use tessera_ir::{Attr, AttrKind, Body, Context, Ident, OpId, ValueId};

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

/// The inherent attributes of `pdl` ops the compiler reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Key {
    AttributeValueNames,
    Benefit,
    ConstantType,
    ConstantTypes,
    Index,
    IsNegated,
    Name,
    OpName,
    OperandSegmentSizes,
    Value,
}

impl Key {
    const ALL: [(Key, &'static str); 10] = [
        (Key::AttributeValueNames, "attributeValueNames"),
        (Key::Benefit, "benefit"),
        (Key::ConstantType, "constantType"),
        (Key::ConstantTypes, "constantTypes"),
        (Key::Index, "index"),
        (Key::IsNegated, "isNegated"),
        (Key::Name, "name"),
        (Key::OpName, "opName"),
        (Key::OperandSegmentSizes, "operandSegmentSizes"),
        (Key::Value, "value"),
    ];
}

/// The identifiers of the `pdl` op names and attribute names, looked up once per conversion,
/// so reading a pattern compares identifiers instead of strings.
pub(crate) struct PdlNames {
    /// The kind of each `pdl` op name, indexed by identifier (the names are interned when the
    /// dialect registers, so the table is short); asked for every op the compiler reads.
    kinds: Vec<Option<PdlOp>>,
    keys: [Option<Ident>; 10],
}

impl PdlNames {
    /// The names as `ctx` interned them (a name it never saw is on no op).
    pub(crate) fn new(ctx: &Context) -> Self {
        const OPS: [(&str, PdlOp); 15] = [
            ("pdl.pattern", PdlOp::Pattern),
            ("pdl.rewrite", PdlOp::Rewrite),
            ("pdl.operation", PdlOp::Operation),
            ("pdl.operand", PdlOp::Operand),
            ("pdl.operands", PdlOp::Operands),
            ("pdl.result", PdlOp::Result),
            ("pdl.results", PdlOp::Results),
            ("pdl.attribute", PdlOp::Attribute),
            ("pdl.type", PdlOp::Type),
            ("pdl.types", PdlOp::Types),
            ("pdl.apply_native_constraint", PdlOp::ApplyNativeConstraint),
            ("pdl.apply_native_rewrite", PdlOp::ApplyNativeRewrite),
            ("pdl.erase", PdlOp::Erase),
            ("pdl.replace", PdlOp::Replace),
            ("pdl.range", PdlOp::Range),
        ];
        let mut kinds = Vec::new();
        for &(name, kind) in &OPS {
            if let Some(id) = ctx.lookup_ident(name) {
                if kinds.len() <= id.index() {
                    kinds.resize(id.index() + 1, None);
                }
                kinds[id.index()] = Some(kind);
            }
        }
        PdlNames {
            kinds,
            keys: Key::ALL.map(|(_, name)| ctx.lookup_ident(name)),
        }
    }
}

/// Values as a short list.
pub(crate) type Values = SmallVec<[ValueId; 4]>;

/// A read-only view of the IR holding the patterns.
#[derive(Clone, Copy)]
pub(crate) struct Pdl<'a> {
    pub(crate) ctx: &'a Context,
    pub(crate) body: &'a Body,
    pub(crate) names: &'a PdlNames,
}

impl<'a> Pdl<'a> {
    /// Which `pdl` op `op` is, if any.
    pub(crate) fn kind(&self, op: OpId) -> Option<PdlOp> {
        let name = self.body.op_name(op);
        self.names.kinds.get(name.index()).copied().flatten()
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
    pub(crate) fn attr(&self, op: OpId, key: Key) -> Option<Attr> {
        // `Key::ALL` lists the keys in declaration order.
        let key = self.names.keys[key as usize]?;
        let find = |dict: Attr| {
            self.ctx
                .dict_entries(dict)
                .iter()
                .find(|(n, _)| *n == key)
                .map(|(_, a)| *a)
        };
        self.body
            .op_props(op)
            .and_then(find)
            .or_else(|| find(self.body.op_attrs(op)))
    }

    /// An inherent integer attribute of `op` (`index`), as `u32`.
    pub(crate) fn index(&self, op: OpId) -> Option<u32> {
        match self.ctx.attr_kind(self.attr(op, Key::Index)?) {
            AttrKind::Integer { value, .. } => value.as_u64().map(|v| v as u32),
            _ => None,
        }
    }

    /// Operand segment `i` of an op with `operandSegmentSizes` (read in place: this runs for
    /// every operand list the compiler looks at).
    pub(crate) fn segment(&self, op: OpId, i: usize) -> Values {
        let sizes: &[u8] = match self
            .attr(op, Key::OperandSegmentSizes)
            .map(|a| self.ctx.attr_kind(a))
        {
            Some(AttrKind::DenseArray { data, .. }) => data,
            _ => &[],
        };
        let size = |j: usize| {
            sizes
                .get(4 * j..4 * j + 4)
                .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
        };
        let start: usize = (0..i).map(size).sum();
        let uses = self.body.operand_uses(op);
        let end = (start + size(i)).min(uses.len());
        let mut values = Values::new();
        for &u in uses.get(start..end).unwrap_or(&[]) {
            values.push(self.body.use_value(u));
        }
        values
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
            .attr(op, Key::AttributeValueNames)
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
