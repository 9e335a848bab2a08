//! `Builder`: creates ops at an insertion point.

use crate::{Attr, BlockId, Body, Context, Location, OpId, OperationState, Type, ValueId};
use smallvec::SmallVec;

/// Where new ops go.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InsertPoint {
    /// Nowhere: ops stay detached.
    Detached,
    /// At the end of a block.
    End(BlockId),
    /// Before an op.
    Before(OpId),
}

/// Creates ops and inserts them at its insertion point.
pub struct Builder {
    /// The insertion point.
    pub point: InsertPoint,
}

impl Builder {
    /// A builder inserting at `point`.
    pub fn at(point: InsertPoint) -> Self {
        Builder { point }
    }

    /// Inserts a detached op at the insertion point.
    pub fn insert(&self, body: &mut Body, op: OpId) {
        match self.point {
            InsertPoint::Detached => {}
            InsertPoint::End(b) => body.append_op(b, op),
            InsertPoint::Before(anchor) => body.insert_op_before(anchor, op),
        }
    }

    /// Creates an op from a state and inserts it.
    pub fn create(&self, body: &mut Body, state: OperationState) -> OpId {
        let op = body.create_op(state);
        self.insert(body, op);
        op
    }

    /// Creates and inserts an op with no regions or successors.
    #[allow(clippy::too_many_arguments)] // mirrors OperationState's fields one to one
    pub fn build(
        &self,
        ctx: &mut Context,
        body: &mut Body,
        name: &str,
        operands: &[ValueId],
        result_types: &[Type],
        attrs: &[(&str, Attr)],
        loc: Location,
    ) -> OpId {
        let state = OperationState::simple(ctx, name, operands, result_types, attrs, loc);
        self.create(body, state)
    }
}

impl OperationState {
    /// A state with just a name and location.
    pub fn new(ctx: &Context, name: crate::Ident, loc: Location) -> Self {
        OperationState {
            name,
            loc,
            operands: SmallVec::new(),
            result_types: SmallVec::new(),
            attrs: ctx.empty_dict(),
            props: None,
            successors: SmallVec::new(),
            num_regions: 0,
        }
    }

    /// A state for an op without regions, successors or properties, interning the name and
    /// the attribute names.
    pub fn simple(
        ctx: &mut Context,
        name: &str,
        operands: &[ValueId],
        result_types: &[Type],
        attrs: &[(&str, Attr)],
        loc: Location,
    ) -> Self {
        let entries = attrs.iter().map(|(n, a)| (ctx.ident(n), *a)).collect();
        OperationState {
            name: ctx.ident(name),
            loc,
            operands: SmallVec::from_slice(operands),
            result_types: SmallVec::from_slice(result_types),
            attrs: ctx.dictionary(entries),
            props: None,
            successors: SmallVec::new(),
            num_regions: 0,
        }
    }
}
