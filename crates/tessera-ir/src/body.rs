//! The IR body: operations, blocks, regions and values in arenas, addressed by typed ids.
//!
//! What an entity *is* (`OpData`, `ValueData`) is stored beside where it *is* (intrusive
//! `prev`/`next` links of ops in blocks and blocks in regions), so inserting, unlinking and
//! moving an op or block is O(1). Every operand is a `Use` linked into its value's use list,
//! so replace-all-uses costs O(uses) and erasure never scans.
//!
//! Architecture invariant: the body never interns anything; types, attributes and names are
//! handles into a `Context`, and every body method that needs the context takes it explicitly.

use crate::arena::ChunkedMap;
use crate::{Attr, Ident, Location, Type};
use cranelift_entity::packed_option::PackedOption;
use cranelift_entity::{entity_impl, EntityList, ListPool, PrimaryMap};
use smallvec::SmallVec;

/// An operation.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpId(u32);
entity_impl!(OpId, "op");

/// A block.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(u32);
entity_impl!(BlockId, "block");

/// A region.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RegionId(u32);
entity_impl!(RegionId, "region");

/// An SSA value: an op result or a block argument.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueId(u32);
entity_impl!(ValueId, "value");

/// One operand slot of an operation, linked into the used value's use list.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UseId(u32);
entity_impl!(UseId, "use");

/// Where a value comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// Result `index` of an operation.
    Result(OpId, u32),
    /// Argument `index` of a block.
    BlockArg(BlockId, u32),
    /// Stands in for a value not defined yet (a parser's forward reference).
    Placeholder,
}

#[derive(Clone)]
struct ValueData {
    ty: Type,
    def: ValueDef,
    loc: Location,
    first_use: PackedOption<UseId>,
}

#[derive(Clone)]
struct UseData {
    value: ValueId,
    owner: OpId,
    prev: PackedOption<UseId>,
    next: PackedOption<UseId>,
}

#[derive(Clone)]
struct OpData {
    name: Ident,
    loc: Location,
    attrs: Attr,
    props: Option<Attr>,
    operands: EntityList<UseId>,
    successors: EntityList<BlockId>,
    first_result: ValueId,
    num_results: u32,
    first_region: RegionId,
    num_regions: u32,
    parent: PackedOption<BlockId>,
    prev: PackedOption<OpId>,
    next: PackedOption<OpId>,
    erased: bool,
}

#[derive(Clone, Default)]
struct BlockData {
    args: EntityList<ValueId>,
    first_op: PackedOption<OpId>,
    last_op: PackedOption<OpId>,
    parent: PackedOption<RegionId>,
    prev: PackedOption<BlockId>,
    next: PackedOption<BlockId>,
    erased: bool,
}

#[derive(Clone, Default)]
struct RegionData {
    first_block: PackedOption<BlockId>,
    last_block: PackedOption<BlockId>,
    parent: PackedOption<OpId>,
}

/// Everything needed to create an operation.
#[derive(Clone)]
pub struct OperationState {
    /// Full op name (`dialect.op`).
    pub name: Ident,
    /// Location.
    pub loc: Location,
    /// Operand values.
    pub operands: SmallVec<[ValueId; 4]>,
    /// Result types.
    pub result_types: SmallVec<[Type; 2]>,
    /// Attribute dictionary (a `Dictionary` attribute).
    pub attrs: Attr,
    /// Properties (`<{...}>`), if any.
    pub props: Option<Attr>,
    /// Successor blocks.
    pub successors: SmallVec<[BlockId; 2]>,
    /// Number of regions to create (empty).
    pub num_regions: u32,
}

/// The parts of an operation to create, borrowed (see [`Body::create_op_from`]); the fields
/// mean what [`OperationState`]'s do.
#[derive(Clone, Copy)]
pub struct OpParts<'a> {
    /// Full op name (`dialect.op`).
    pub name: Ident,
    /// Location.
    pub loc: Location,
    /// Attribute dictionary (a `Dictionary` attribute).
    pub attrs: Attr,
    /// Properties, if any.
    pub props: Option<Attr>,
    /// Operand values.
    pub operands: &'a [ValueId],
    /// Result types.
    pub result_types: &'a [Type],
    /// Successor blocks.
    pub successors: &'a [BlockId],
    /// Number of regions to create (empty).
    pub num_regions: u32,
}

/// An error from an IR mutation whose precondition does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IrError {
    /// Erasing an op whose results still have uses.
    ResultsInUse(OpId),
    /// Erasing a block whose arguments still have uses, or that is still a successor.
    BlockInUse(BlockId),
}

impl std::fmt::Display for IrError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IrError::ResultsInUse(op) => {
                write!(f, "cannot erase {op}: its results still have uses")
            }
            IrError::BlockInUse(b) => write!(f, "cannot erase {b}: it is still used"),
        }
    }
}

impl std::error::Error for IrError {}

/// The arenas holding a tree of operations.
#[derive(Default, Clone)]
pub struct Body {
    // Ops, the largest entries, are chunked (see `arena`): a pass that adds many ops never
    // copies them. The other arenas stay flat: their entries are small, and walks, verifiers
    // and use-list updates index them so often that a chunked index costs more than their
    // copies.
    ops: ChunkedMap<OpId, OpData>,
    blocks: PrimaryMap<BlockId, BlockData>,
    regions: PrimaryMap<RegionId, RegionData>,
    values: PrimaryMap<ValueId, ValueData>,
    uses: PrimaryMap<UseId, UseData>,
    use_pool: ListPool<UseId>,
    block_pool: ListPool<BlockId>,
    value_pool: ListPool<ValueId>,
}

impl Body {
    /// An empty body.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty body with room for about `ops` operations (each with a result and a few
    /// operands), for a builder that knows roughly how much it will make: the flat arenas
    /// then do not grow step by step, each step copying them into fresh memory. Room not
    /// used is never touched.
    pub fn with_capacity(ops: usize) -> Self {
        Body {
            values: PrimaryMap::with_capacity(ops),
            uses: PrimaryMap::with_capacity(2 * ops),
            use_pool: ListPool::with_capacity(4 * ops),
            ..Body::default()
        }
    }

    /// Number of op slots ever allocated (live or erased); a capacity hint for side tables.
    pub fn op_capacity(&self) -> usize {
        self.ops.len()
    }

    /// Number of value slots ever allocated.
    pub fn value_capacity(&self) -> usize {
        self.values.len()
    }

    /// Number of block slots ever allocated.
    pub fn block_capacity(&self) -> usize {
        self.blocks.len()
    }

    // ----- operations -------------------------------------------------------------------

    /// Creates a detached operation.
    pub fn create_op(&mut self, state: OperationState) -> OpId {
        self.create_op_from(&OpParts {
            name: state.name,
            loc: state.loc,
            attrs: state.attrs,
            props: state.props,
            operands: &state.operands,
            result_types: &state.result_types,
            successors: &state.successors,
            num_regions: state.num_regions,
        })
    }

    /// Creates a detached operation from borrowed parts: what [`Body::create_op`] does,
    /// without building an [`OperationState`] first (a pass making thousands of ops from
    /// slices it already holds copies nothing twice).
    pub fn create_op_from(&mut self, parts: &OpParts<'_>) -> OpId {
        let op = self.ops.next_key();
        let first_result = self.values.next_key();
        for (i, &ty) in parts.result_types.iter().enumerate() {
            self.values.push(ValueData {
                ty,
                def: ValueDef::Result(op, i as u32),
                loc: parts.loc,
                first_use: None.into(),
            });
        }
        let first_region = self.regions.next_key();
        for _ in 0..parts.num_regions {
            self.regions.push(RegionData {
                parent: op.into(),
                ..Default::default()
            });
        }
        // Pushed one by one: most lists are one or two operands long, for which the pool's
        // push is cheaper than building the list from a slice.
        let mut operands = EntityList::new();
        for &v in parts.operands {
            let u = self.new_use(v, op);
            operands.push(u, &mut self.use_pool);
        }
        let successors = if parts.successors.is_empty() {
            EntityList::new()
        } else {
            EntityList::from_slice(parts.successors, &mut self.block_pool)
        };
        self.ops.push(OpData {
            name: parts.name,
            loc: parts.loc,
            attrs: parts.attrs,
            props: parts.props,
            operands,
            successors,
            first_result,
            num_results: parts.result_types.len() as u32,
            first_region,
            num_regions: parts.num_regions,
            parent: None.into(),
            prev: None.into(),
            next: None.into(),
            erased: false,
        })
    }

    #[inline]
    fn op(&self, op: OpId) -> &OpData {
        let d = &self.ops[op];
        debug_assert!(!d.erased, "use of erased {op}");
        d
    }

    #[inline]
    fn op_mut(&mut self, op: OpId) -> &mut OpData {
        let d = &mut self.ops[op];
        debug_assert!(!d.erased, "use of erased {op}");
        d
    }

    /// True if `op` has been erased.
    pub fn is_erased(&self, op: OpId) -> bool {
        self.ops[op].erased
    }

    /// The op's full name.
    pub fn op_name(&self, op: OpId) -> Ident {
        self.op(op).name
    }

    /// The op's location.
    pub fn op_loc(&self, op: OpId) -> Location {
        self.op(op).loc
    }

    /// Sets the op's location.
    pub fn set_op_loc(&mut self, op: OpId, loc: Location) {
        self.op_mut(op).loc = loc;
    }

    /// The op's attribute dictionary.
    pub fn op_attrs(&self, op: OpId) -> Attr {
        self.op(op).attrs
    }

    /// Replaces the op's attribute dictionary.
    pub fn set_op_attrs(&mut self, op: OpId, attrs: Attr) {
        self.op_mut(op).attrs = attrs;
    }

    /// The op's properties attribute, if any.
    pub fn op_props(&self, op: OpId) -> Option<Attr> {
        self.op(op).props
    }

    /// Replaces the op's properties.
    pub fn set_op_props(&mut self, op: OpId, props: Option<Attr>) {
        self.op_mut(op).props = props;
    }

    /// Number of operands.
    pub fn num_operands(&self, op: OpId) -> usize {
        self.op(op).operands.len(&self.use_pool)
    }

    /// The operand slots.
    pub fn operand_uses(&self, op: OpId) -> &[UseId] {
        self.op(op).operands.as_slice(&self.use_pool)
    }

    /// Operand `i`.
    pub fn operand(&self, op: OpId, i: usize) -> ValueId {
        self.uses[self.operand_uses(op)[i]].value
    }

    /// The operand values.
    pub fn operands(&self, op: OpId) -> impl ExactSizeIterator<Item = ValueId> + '_ {
        self.operand_uses(op).iter().map(|&u| self.uses[u].value)
    }

    /// Makes operand `i` use `value`.
    pub fn set_operand(&mut self, op: OpId, i: usize, value: ValueId) {
        let u = self.operand_uses(op)[i];
        self.set_use_value(u, value);
    }

    /// Replaces all operands.
    pub fn set_operands(&mut self, op: OpId, values: &[ValueId]) {
        let old: SmallVec<[UseId; 8]> = self.operand_uses(op).into();
        for u in old {
            self.unlink_use(u);
        }
        let mut list = EntityList::new();
        for &v in values {
            let u = self.new_use(v, op);
            list.push(u, &mut self.use_pool);
        }
        let mut prev = std::mem::replace(&mut self.op_mut(op).operands, list);
        prev.clear(&mut self.use_pool);
    }

    /// Inserts `value` as operand `i`.
    pub fn insert_operand(&mut self, op: OpId, i: usize, value: ValueId) {
        let u = self.new_use(value, op);
        let mut list = self.op(op).operands;
        list.insert(i, u, &mut self.use_pool);
        self.op_mut(op).operands = list;
    }

    /// Removes operand `i`.
    pub fn erase_operand(&mut self, op: OpId, i: usize) {
        let mut list = self.op(op).operands;
        let u = list.as_slice(&self.use_pool)[i];
        self.unlink_use(u);
        list.remove(i, &mut self.use_pool);
        self.op_mut(op).operands = list;
    }

    /// Number of results.
    pub fn num_results(&self, op: OpId) -> usize {
        self.op(op).num_results as usize
    }

    /// Result `i`.
    pub fn result(&self, op: OpId, i: usize) -> ValueId {
        let d = self.op(op);
        debug_assert!(i < d.num_results as usize);
        ValueId::from_u32(d.first_result.as_u32() + i as u32)
    }

    /// The results.
    pub fn results(&self, op: OpId) -> impl ExactSizeIterator<Item = ValueId> + Clone {
        let d = self.op(op);
        let first = d.first_result.as_u32();
        (first..first + d.num_results).map(ValueId::from_u32)
    }

    /// Number of regions.
    pub fn num_regions(&self, op: OpId) -> usize {
        self.op(op).num_regions as usize
    }

    /// Region `i`.
    pub fn region(&self, op: OpId, i: usize) -> RegionId {
        RegionId::from_u32(self.op(op).first_region.as_u32() + i as u32)
    }

    /// The regions.
    pub fn regions(&self, op: OpId) -> impl ExactSizeIterator<Item = RegionId> + Clone {
        let d = self.op(op);
        let first = d.first_region.as_u32();
        (first..first + d.num_regions).map(RegionId::from_u32)
    }

    /// Successor blocks.
    pub fn successors(&self, op: OpId) -> &[BlockId] {
        self.op(op).successors.as_slice(&self.block_pool)
    }

    /// Replaces successor `i`.
    pub fn set_successor(&mut self, op: OpId, i: usize, block: BlockId) {
        let mut list = self.op(op).successors;
        list.as_mut_slice(&mut self.block_pool)[i] = block;
    }

    /// The block containing `op`.
    pub fn op_block(&self, op: OpId) -> Option<BlockId> {
        self.op(op).parent.expand()
    }

    /// The op after `op` in its block.
    pub fn next_op(&self, op: OpId) -> Option<OpId> {
        self.op(op).next.expand()
    }

    /// The op before `op` in its block.
    pub fn prev_op(&self, op: OpId) -> Option<OpId> {
        self.op(op).prev.expand()
    }

    /// The region containing `op`.
    pub fn op_region(&self, op: OpId) -> Option<RegionId> {
        self.op_block(op).and_then(|b| self.block_region(b))
    }

    /// The op whose region contains `op`.
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        self.op_region(op).and_then(|r| self.region_op(r))
    }

    /// True if `ancestor` is `op` or contains it.
    pub fn is_ancestor(&self, ancestor: OpId, mut op: OpId) -> bool {
        loop {
            if op == ancestor {
                return true;
            }
            match self.parent_op(op) {
                Some(p) => op = p,
                None => return false,
            }
        }
    }

    /// Appends a detached op to `block`.
    pub fn append_op(&mut self, block: BlockId, op: OpId) {
        debug_assert!(self.op(op).parent.is_none(), "{op} is already in a block");
        let last = self.blocks[block].last_op;
        {
            let d = self.op_mut(op);
            d.parent = block.into();
            d.prev = last;
            d.next = None.into();
        }
        match last.expand() {
            Some(l) => self.ops[l].next = op.into(),
            None => self.blocks[block].first_op = op.into(),
        }
        self.blocks[block].last_op = op.into();
    }

    /// Inserts a detached op before `before`.
    pub fn insert_op_before(&mut self, before: OpId, op: OpId) {
        debug_assert!(self.op(op).parent.is_none(), "{op} is already in a block");
        let block = self
            .op(before)
            .parent
            .expand()
            .expect("anchor op is not in a block");
        let prev = self.op(before).prev;
        {
            let d = self.op_mut(op);
            d.parent = block.into();
            d.prev = prev;
            d.next = before.into();
        }
        self.ops[before].prev = op.into();
        match prev.expand() {
            Some(p) => self.ops[p].next = op.into(),
            None => self.blocks[block].first_op = op.into(),
        }
    }

    /// Inserts a detached op after `after`.
    pub fn insert_op_after(&mut self, after: OpId, op: OpId) {
        match self.next_op(after) {
            Some(n) => self.insert_op_before(n, op),
            None => {
                let block = self.op_block(after).expect("anchor op is not in a block");
                self.append_op(block, op)
            }
        }
    }

    /// Inserts a detached op at the start of `block`.
    pub fn prepend_op(&mut self, block: BlockId, op: OpId) {
        match self.blocks[block].first_op.expand() {
            Some(f) => self.insert_op_before(f, op),
            None => self.append_op(block, op),
        }
    }

    /// Unlinks `op` from its block (it stays alive, detached).
    pub fn detach_op(&mut self, op: OpId) {
        let Some(block) = self.op(op).parent.expand() else {
            return;
        };
        let (prev, next) = (self.ops[op].prev, self.ops[op].next);
        match prev.expand() {
            Some(p) => self.ops[p].next = next,
            None => self.blocks[block].first_op = next,
        }
        match next.expand() {
            Some(n) => self.ops[n].prev = prev,
            None => self.blocks[block].last_op = prev,
        }
        let d = &mut self.ops[op];
        d.parent = None.into();
        d.prev = None.into();
        d.next = None.into();
    }

    /// Moves `op` (attached or not) to just before `before`.
    pub fn move_op_before(&mut self, op: OpId, before: OpId) {
        self.detach_op(op);
        self.insert_op_before(before, op);
    }

    /// Moves `op` to the end of `block`.
    pub fn move_op_to_end(&mut self, op: OpId, block: BlockId) {
        self.detach_op(op);
        self.append_op(block, op);
    }

    /// True if any result of `op` has a use.
    pub fn has_result_uses(&self, op: OpId) -> bool {
        self.results(op).any(|v| self.has_uses(v))
    }

    /// Erases `op` and everything nested in it. Fails, changing nothing, if a result of `op`
    /// still has uses outside of what is erased.
    pub fn erase_op(&mut self, op: OpId) -> Result<(), IrError> {
        if self.has_result_uses(op) {
            return Err(IrError::ResultsInUse(op));
        }
        self.detach_op(op);
        // One visit per nested op: its uses leave their values' lists (nested ops may use
        // each other in any order, in graph regions, which is fine: a use list is just
        // unlinked from), then it and its blocks are marked erased. Iterative: nesting depth
        // is unbounded.
        let mut stack: SmallVec<[OpId; 16]> = SmallVec::new();
        stack.push(op);
        while let Some(o) = stack.pop() {
            let d = &self.ops[o];
            let first_region = d.first_region.as_u32();
            for r in first_region..first_region + d.num_regions {
                let mut b = self.regions[RegionId::from_u32(r)].first_block.expand();
                while let Some(block) = b {
                    let mut cur = self.blocks[block].first_op.expand();
                    while let Some(inner) = cur {
                        stack.push(inner);
                        cur = self.ops[inner].next.expand();
                    }
                    self.blocks[block].erased = true;
                    b = self.blocks[block].next.expand();
                }
            }
            let mut operands = self.ops[o].operands;
            for &u in operands.as_slice(&self.use_pool) {
                unlink_use(&mut self.uses, &mut self.values, u);
            }
            operands.clear(&mut self.use_pool);
            let d = &mut self.ops[o];
            d.operands = operands;
            d.erased = true;
        }
        Ok(())
    }

    // ----- blocks and regions --------------------------------------------------------------

    /// Creates a detached, empty block.
    pub fn create_block(&mut self) -> BlockId {
        self.blocks.push(BlockData::default())
    }

    /// Appends a block argument.
    pub fn add_block_arg(&mut self, block: BlockId, ty: Type, loc: Location) -> ValueId {
        let index = self.blocks[block].args.len(&self.value_pool) as u32;
        let v = self.values.push(ValueData {
            ty,
            def: ValueDef::BlockArg(block, index),
            loc,
            first_use: None.into(),
        });
        let mut args = self.blocks[block].args;
        args.push(v, &mut self.value_pool);
        self.blocks[block].args = args;
        v
    }

    /// Removes block argument `i`; it must have no uses.
    pub fn erase_block_arg(&mut self, block: BlockId, i: usize) -> Result<(), IrError> {
        let mut args = self.blocks[block].args;
        let v = args.as_slice(&self.value_pool)[i];
        if self.has_uses(v) {
            return Err(IrError::BlockInUse(block));
        }
        args.remove(i, &mut self.value_pool);
        self.blocks[block].args = args;
        for (j, &a) in args.as_slice(&self.value_pool).iter().enumerate().skip(i) {
            self.values[a].def = ValueDef::BlockArg(block, j as u32);
        }
        Ok(())
    }

    /// The block's arguments.
    pub fn block_args(&self, block: BlockId) -> &[ValueId] {
        self.blocks[block].args.as_slice(&self.value_pool)
    }

    /// First op of the block.
    pub fn first_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block].first_op.expand()
    }

    /// Last op of the block.
    pub fn last_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block].last_op.expand()
    }

    /// The ops of the block, in order.
    pub fn block_ops(&self, block: BlockId) -> BlockOps<'_> {
        BlockOps {
            body: self,
            next: self.blocks[block].first_op.expand(),
        }
    }

    /// True if the block has no ops.
    pub fn block_is_empty(&self, block: BlockId) -> bool {
        self.blocks[block].first_op.is_none()
    }

    /// The region containing `block`.
    pub fn block_region(&self, block: BlockId) -> Option<RegionId> {
        self.blocks[block].parent.expand()
    }

    /// The op whose region contains `block`.
    pub fn block_parent_op(&self, block: BlockId) -> Option<OpId> {
        self.block_region(block).and_then(|r| self.region_op(r))
    }

    /// Next block in the region.
    pub fn next_block(&self, block: BlockId) -> Option<BlockId> {
        self.blocks[block].next.expand()
    }

    /// Previous block in the region.
    pub fn prev_block(&self, block: BlockId) -> Option<BlockId> {
        self.blocks[block].prev.expand()
    }

    /// True if the block has been erased.
    pub fn is_block_erased(&self, block: BlockId) -> bool {
        self.blocks[block].erased
    }

    /// Appends a detached block to `region`.
    pub fn append_block(&mut self, region: RegionId, block: BlockId) {
        debug_assert!(self.blocks[block].parent.is_none());
        let last = self.regions[region].last_block;
        let b = &mut self.blocks[block];
        b.parent = region.into();
        b.prev = last;
        b.next = None.into();
        match last.expand() {
            Some(l) => self.blocks[l].next = block.into(),
            None => self.regions[region].first_block = block.into(),
        }
        self.regions[region].last_block = block.into();
    }

    /// Inserts a detached block before `before`.
    pub fn insert_block_before(&mut self, before: BlockId, block: BlockId) {
        let region = self.blocks[before]
            .parent
            .expand()
            .expect("anchor block is detached");
        let prev = self.blocks[before].prev;
        let b = &mut self.blocks[block];
        b.parent = region.into();
        b.prev = prev;
        b.next = before.into();
        self.blocks[before].prev = block.into();
        match prev.expand() {
            Some(p) => self.blocks[p].next = block.into(),
            None => self.regions[region].first_block = block.into(),
        }
    }

    /// Unlinks `block` from its region.
    pub fn detach_block(&mut self, block: BlockId) {
        let Some(region) = self.blocks[block].parent.expand() else {
            return;
        };
        let (prev, next) = (self.blocks[block].prev, self.blocks[block].next);
        match prev.expand() {
            Some(p) => self.blocks[p].next = next,
            None => self.regions[region].first_block = next,
        }
        match next.expand() {
            Some(n) => self.blocks[n].prev = prev,
            None => self.regions[region].last_block = prev,
        }
        let b = &mut self.blocks[block];
        b.parent = None.into();
        b.prev = None.into();
        b.next = None.into();
    }

    /// Erases a block and its ops. Fails if its arguments or its ops' results are used
    /// from outside it.
    pub fn erase_block(&mut self, block: BlockId) -> Result<(), IrError> {
        if self.block_args(block).iter().any(|&a| self.has_uses(a)) {
            return Err(IrError::BlockInUse(block));
        }
        // Erase back to front so uses within the block disappear before their definitions.
        while let Some(op) = self.last_op(block) {
            // Results used by earlier ops of the same block: drop those uses first.
            if self.has_result_uses(op) {
                let users: SmallVec<[UseId; 8]> = self
                    .results(op)
                    .flat_map(|v| self.uses(v).collect::<SmallVec<[UseId; 4]>>())
                    .collect();
                for u in users {
                    let owner = self.uses[u].owner;
                    if self.op_block(owner) != Some(block) && !self.is_nested_in_block(owner, block)
                    {
                        return Err(IrError::BlockInUse(block));
                    }
                }
                for u in self
                    .results(op)
                    .flat_map(|v| self.uses(v).collect::<Vec<_>>())
                    .collect::<Vec<_>>()
                {
                    self.unlink_use(u);
                    let owner = self.uses[u].owner;
                    let pos = self
                        .operand_uses(owner)
                        .iter()
                        .position(|&x| x == u)
                        .unwrap();
                    let mut list = self.ops[owner].operands;
                    list.remove(pos, &mut self.use_pool);
                    self.ops[owner].operands = list;
                }
            }
            self.erase_op(op)?;
        }
        self.detach_block(block);
        self.blocks[block].erased = true;
        Ok(())
    }

    fn is_nested_in_block(&self, mut op: OpId, block: BlockId) -> bool {
        while let Some(b) = self.op_block(op) {
            if b == block {
                return true;
            }
            match self.block_parent_op(b) {
                Some(p) => op = p,
                None => return false,
            }
        }
        false
    }

    /// The op owning `region`.
    pub fn region_op(&self, region: RegionId) -> Option<OpId> {
        self.regions[region].parent.expand()
    }

    /// First block of the region.
    pub fn first_block(&self, region: RegionId) -> Option<BlockId> {
        self.regions[region].first_block.expand()
    }

    /// Last block of the region.
    pub fn last_block(&self, region: RegionId) -> Option<BlockId> {
        self.regions[region].last_block.expand()
    }

    /// The blocks of the region, in order.
    pub fn region_blocks(&self, region: RegionId) -> RegionBlocks<'_> {
        RegionBlocks {
            body: self,
            next: self.regions[region].first_block.expand(),
        }
    }

    /// True if the region has no blocks.
    pub fn region_is_empty(&self, region: RegionId) -> bool {
        self.regions[region].first_block.is_none()
    }

    /// Creates a region that belongs to no op: a staging area (a parser reads an op's regions
    /// before it can create the op); move its blocks into an op's region with
    /// `take_region_body`.
    pub fn create_detached_region(&mut self) -> RegionId {
        self.regions.push(RegionData::default())
    }

    /// Moves all blocks of `from` to the end of `to`.
    pub fn take_region_body(&mut self, from: RegionId, to: RegionId) {
        while let Some(b) = self.first_block(from) {
            self.detach_block(b);
            self.append_block(to, b);
        }
    }

    /// Moves the ops of `from` before `before` (or to the end of `into` if `before` is
    /// `None`), leaving `from` empty.
    pub fn splice_block_ops(&mut self, from: BlockId, into: BlockId, before: Option<OpId>) {
        while let Some(op) = self.first_op(from) {
            self.detach_op(op);
            match before {
                Some(b) => self.insert_op_before(b, op),
                None => self.append_op(into, op),
            }
        }
    }

    // ----- values and uses -----------------------------------------------------------------

    /// Creates a placeholder value (for forward references); replace it with
    /// `replace_all_uses_with` once the real value exists.
    pub fn create_placeholder(&mut self, ty: Type, loc: Location) -> ValueId {
        self.values.push(ValueData {
            ty,
            def: ValueDef::Placeholder,
            loc,
            first_use: None.into(),
        })
    }

    /// The value's type.
    pub fn value_type(&self, v: ValueId) -> Type {
        self.values[v].ty
    }

    /// Changes the value's type.
    pub fn set_value_type(&mut self, v: ValueId, ty: Type) {
        self.values[v].ty = ty;
    }

    /// Where the value is defined.
    pub fn value_def(&self, v: ValueId) -> ValueDef {
        self.values[v].def
    }

    /// The defining op, for op results.
    pub fn defining_op(&self, v: ValueId) -> Option<OpId> {
        match self.values[v].def {
            ValueDef::Result(op, _) => Some(op),
            _ => None,
        }
    }

    /// The value's location (block arguments carry their own).
    pub fn value_loc(&self, v: ValueId) -> Location {
        self.values[v].loc
    }

    /// Sets a value's location.
    pub fn set_value_loc(&mut self, v: ValueId, loc: Location) {
        self.values[v].loc = loc;
    }

    /// The block a value is defined in.
    pub fn value_block(&self, v: ValueId) -> Option<BlockId> {
        match self.values[v].def {
            ValueDef::Result(op, _) => self.op_block(op),
            ValueDef::BlockArg(b, _) => Some(b),
            ValueDef::Placeholder => None,
        }
    }

    /// True if the value has at least one use.
    pub fn has_uses(&self, v: ValueId) -> bool {
        self.values[v].first_use.is_some()
    }

    /// The value's uses (most recent first).
    pub fn uses(&self, v: ValueId) -> Uses<'_> {
        Uses {
            body: self,
            next: self.values[v].first_use.expand(),
        }
    }

    /// The op owning a use.
    pub fn use_owner(&self, u: UseId) -> OpId {
        self.uses[u].owner
    }

    /// The value a use refers to.
    pub fn use_value(&self, u: UseId) -> ValueId {
        self.uses[u].value
    }

    /// The operand index of a use within its owner.
    pub fn use_operand_index(&self, u: UseId) -> usize {
        let owner = self.uses[u].owner;
        self.operand_uses(owner)
            .iter()
            .position(|&x| x == u)
            .expect("use not among its owner's operands")
    }

    /// Points a use at another value.
    pub fn set_use_value(&mut self, u: UseId, value: ValueId) {
        self.unlink_use(u);
        self.uses[u].value = value;
        self.link_use(u);
    }

    /// Makes every use of `from` use `to` instead. O(uses of `from`).
    pub fn replace_all_uses_with(&mut self, from: ValueId, to: ValueId) {
        if from == to {
            return;
        }
        while let Some(u) = self.values[from].first_use.expand() {
            self.set_use_value(u, to);
        }
    }

    /// Replaces the uses of `from` for which `pred(owner)` holds.
    pub fn replace_uses_where(
        &mut self,
        from: ValueId,
        to: ValueId,
        mut pred: impl FnMut(&Body, UseId) -> bool,
    ) {
        let uses: SmallVec<[UseId; 8]> = self.uses(from).collect();
        for u in uses {
            if pred(self, u) {
                self.set_use_value(u, to);
            }
        }
    }

    fn new_use(&mut self, value: ValueId, owner: OpId) -> UseId {
        let u = self.uses.push(UseData {
            value,
            owner,
            prev: None.into(),
            next: None.into(),
        });
        self.link_use(u);
        u
    }

    fn link_use(&mut self, u: UseId) {
        let v = self.uses[u].value;
        let head = self.values[v].first_use;
        self.uses[u].prev = None.into();
        self.uses[u].next = head;
        if let Some(h) = head.expand() {
            self.uses[h].prev = u.into();
        }
        self.values[v].first_use = u.into();
    }

    fn unlink_use(&mut self, u: UseId) {
        unlink_use(&mut self.uses, &mut self.values, u);
    }
}

/// Takes use `u` out of its value's use list (a free function, so that callers can hold other
/// parts of the body while doing it).
fn unlink_use(
    uses: &mut PrimaryMap<UseId, UseData>,
    values: &mut PrimaryMap<ValueId, ValueData>,
    u: UseId,
) {
    let UseData {
        value, prev, next, ..
    } = uses[u];
    match prev.expand() {
        Some(p) => uses[p].next = next,
        None => {
            if values[value].first_use.expand() == Some(u) {
                values[value].first_use = next;
            }
        }
    }
    if let Some(n) = next.expand() {
        uses[n].prev = prev;
    }
    uses[u].prev = None.into();
    uses[u].next = None.into();
}

/// Iterator over the ops of a block.
pub struct BlockOps<'a> {
    body: &'a Body,
    next: Option<OpId>,
}

impl Iterator for BlockOps<'_> {
    type Item = OpId;
    fn next(&mut self) -> Option<OpId> {
        let cur = self.next?;
        self.next = self.body.ops[cur].next.expand();
        Some(cur)
    }
}

/// Iterator over the blocks of a region.
pub struct RegionBlocks<'a> {
    body: &'a Body,
    next: Option<BlockId>,
}

impl Iterator for RegionBlocks<'_> {
    type Item = BlockId;
    fn next(&mut self) -> Option<BlockId> {
        let cur = self.next?;
        self.next = self.body.blocks[cur].next.expand();
        Some(cur)
    }
}

/// Iterator over the uses of a value.
pub struct Uses<'a> {
    body: &'a Body,
    next: Option<UseId>,
}

impl Iterator for Uses<'_> {
    type Item = UseId;
    fn next(&mut self) -> Option<UseId> {
        let cur = self.next?;
        self.next = self.body.uses[cur].next.expand();
        Some(cur)
    }
}

#[cfg(test)]
mod size_tests {
    use super::*;

    #[test]
    fn hot_structs_stay_small() {
        // Memory per op is what the 1M-op benchmark measures; grow these knowingly.
        assert_eq!(std::mem::size_of::<OpData>(), 56);
        assert_eq!(std::mem::size_of::<ValueData>(), 24);
        assert_eq!(std::mem::size_of::<UseData>(), 16);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Context;

    /// A context, a body, and a helper creating `test.op` with the given operands and
    /// result count.
    struct Fixture {
        ctx: Context,
        body: Body,
    }

    impl Fixture {
        fn new() -> Self {
            Fixture {
                ctx: Context::new(),
                body: Body::new(),
            }
        }

        fn op(&mut self, operands: &[ValueId], results: usize, regions: u32) -> OpId {
            let name = self.ctx.ident("test.op");
            let i32 = self.ctx.int_type(32);
            let mut state = OperationState::new(&self.ctx, name, self.ctx.unknown_loc());
            state.operands = operands.into();
            state.result_types = std::iter::repeat_n(i32, results).collect();
            state.num_regions = regions;
            self.body.create_op(state)
        }

        fn users(&self, v: ValueId) -> Vec<(OpId, usize)> {
            let mut users: Vec<_> = self
                .body
                .uses(v)
                .map(|u| (self.body.use_owner(u), self.body.use_operand_index(u)))
                .collect();
            users.sort();
            users
        }

        fn block_ops(&self, block: BlockId) -> Vec<OpId> {
            self.body.block_ops(block).collect()
        }
    }

    #[test]
    fn use_lists_follow_every_operand_change() {
        let mut f = Fixture::new();
        let a = f.op(&[], 1, 0);
        let b = f.op(&[], 1, 0);
        let (va, vb) = (f.body.result(a, 0), f.body.result(b, 0));
        let user = f.op(&[va, va, vb], 0, 0);
        assert_eq!(f.users(va), [(user, 0), (user, 1)]);
        f.body.set_operand(user, 1, vb);
        assert_eq!(f.users(va), [(user, 0)]);
        assert_eq!(f.users(vb), [(user, 1), (user, 2)]);
        f.body.erase_operand(user, 0);
        assert_eq!(f.body.operands(user).collect::<Vec<_>>(), [vb, vb]);
        assert!(!f.body.has_uses(va));
        // Operand indices shift with the list.
        assert_eq!(f.users(vb), [(user, 0), (user, 1)]);
        f.body.insert_operand(user, 1, va);
        assert_eq!(f.body.operands(user).collect::<Vec<_>>(), [vb, va, vb]);
        assert_eq!(f.users(va), [(user, 1)]);
        f.body.set_operands(user, &[va]);
        assert_eq!(f.users(va), [(user, 0)]);
        assert!(!f.body.has_uses(vb));
    }

    #[test]
    fn replacing_uses_moves_exactly_the_chosen_ones() {
        let mut f = Fixture::new();
        let a = f.op(&[], 1, 0);
        let b = f.op(&[], 1, 0);
        let (va, vb) = (f.body.result(a, 0), f.body.result(b, 0));
        let u1 = f.op(&[va], 0, 0);
        let u2 = f.op(&[va, va], 0, 0);
        f.body
            .replace_uses_where(va, vb, |body, u| body.use_owner(u) == u2);
        assert_eq!(f.users(va), [(u1, 0)]);
        assert_eq!(f.users(vb), [(u2, 0), (u2, 1)]);
        f.body.replace_all_uses_with(va, vb);
        assert!(!f.body.has_uses(va));
        assert_eq!(f.users(vb), [(u1, 0), (u2, 0), (u2, 1)]);
        // Replacing a value by itself changes nothing.
        f.body.replace_all_uses_with(vb, vb);
        assert_eq!(f.users(vb).len(), 3);
    }

    #[test]
    fn erasing_checks_uses_and_takes_nested_ops_with_it() {
        let mut f = Fixture::new();
        let outer = f.op(&[], 1, 1);
        let block = f.body.create_block();
        f.body.append_block(f.body.region(outer, 0), block);
        let v_outer = f.body.result(outer, 0);
        // Nested ops that use each other in both directions (a graph region) and a value
        // defined outside.
        let first = f.op(&[], 1, 0);
        let second = f.op(&[f.body.result(first, 0)], 1, 0);
        f.body.append_op(block, first);
        f.body.append_op(block, second);
        f.body.set_operands(first, &[f.body.result(second, 0)]);
        let outside = f.op(&[], 1, 0);
        let v_outside = f.body.result(outside, 0);
        let user = f.op(&[v_outer], 0, 0);
        f.body.insert_operand(second, 0, v_outside);

        assert_eq!(f.body.erase_op(outer), Err(IrError::ResultsInUse(outer)));
        assert!(!f.body.is_erased(outer), "a refused erase changes nothing");
        f.body.erase_operand(user, 0);
        assert_eq!(f.body.erase_op(outer), Ok(()));
        assert!(f.body.is_erased(outer) && f.body.is_erased(first) && f.body.is_erased(second));
        assert!(f.body.is_block_erased(block));
        assert!(
            !f.body.has_uses(v_outside),
            "nested uses of outside values are gone"
        );
    }

    #[test]
    fn ops_move_between_blocks_in_constant_time_links() {
        let mut f = Fixture::new();
        let (b1, b2) = (f.body.create_block(), f.body.create_block());
        let ops: Vec<OpId> = (0..4).map(|_| f.op(&[], 0, 0)).collect();
        for &op in &ops {
            f.body.append_op(b1, op);
        }
        f.body.move_op_before(ops[3], ops[0]);
        assert_eq!(f.block_ops(b1), [ops[3], ops[0], ops[1], ops[2]]);
        f.body.move_op_to_end(ops[0], b2);
        assert_eq!(f.block_ops(b1), [ops[3], ops[1], ops[2]]);
        assert_eq!(f.block_ops(b2), [ops[0]]);
        assert_eq!(f.body.op_block(ops[0]), Some(b2));
        f.body.detach_op(ops[2]);
        f.body.prepend_op(b2, ops[2]);
        assert_eq!(f.block_ops(b2), [ops[2], ops[0]]);
        assert_eq!(f.body.last_op(b1), Some(ops[1]));
        assert_eq!(f.body.prev_op(ops[0]), Some(ops[2]));
        assert_eq!(f.body.next_op(ops[0]), None);
        f.body.splice_block_ops(b2, b1, Some(ops[1]));
        assert_eq!(f.block_ops(b1), [ops[3], ops[2], ops[0], ops[1]]);
        assert!(f.body.block_is_empty(b2));
        assert!(f
            .block_ops(b1)
            .iter()
            .all(|&op| f.body.op_block(op) == Some(b1)));
    }

    #[test]
    fn blocks_and_their_arguments_keep_consistent_positions() {
        let mut f = Fixture::new();
        let holder = f.op(&[], 0, 1);
        let region = f.body.region(holder, 0);
        let (b1, b2, b3) = (
            f.body.create_block(),
            f.body.create_block(),
            f.body.create_block(),
        );
        f.body.append_block(region, b1);
        f.body.append_block(region, b3);
        f.body.insert_block_before(b3, b2);
        assert_eq!(
            f.body.region_blocks(region).collect::<Vec<_>>(),
            [b1, b2, b3]
        );
        assert_eq!(f.body.block_parent_op(b2), Some(holder));
        let i32 = f.ctx.int_type(32);
        let loc = f.ctx.unknown_loc();
        let args: Vec<ValueId> = (0..3).map(|_| f.body.add_block_arg(b2, i32, loc)).collect();
        let user = f.op(&[args[1]], 0, 0);
        assert_eq!(f.body.erase_block_arg(b2, 1), Err(IrError::BlockInUse(b2)));
        f.body.set_operands(user, &[args[2]]);
        assert_eq!(f.body.erase_block_arg(b2, 1), Ok(()));
        assert_eq!(f.body.block_args(b2), [args[0], args[2]]);
        assert_eq!(f.body.value_def(args[2]), ValueDef::BlockArg(b2, 1));
        f.body.detach_block(b2);
        assert_eq!(f.body.region_blocks(region).collect::<Vec<_>>(), [b1, b3]);
        assert_eq!(f.body.block_region(b2), None);
    }
}
