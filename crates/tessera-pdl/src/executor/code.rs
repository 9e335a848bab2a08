//! The compact form a `pdl_interp` function is translated into before it runs: a flat list
//! of instructions over numbered registers, with jumps as instruction indices. Nothing here
//! refers to the IR the function came from, so a loaded pattern set outlives it.

use crate::natives::{NativeFn, PdlKind, PdlValue};
use rustc_hash::FxHashMap;
use tessera_ir::{Attr, Ident, Type};

/// A register: one SSA value of the source function.
pub(crate) type Reg = u32;
/// An instruction index.
pub(crate) type Addr = u32;

/// A call to a native: its function, arguments, constant parameters and result registers
/// with the kinds the caller expects.
pub(crate) struct NativeCall {
    pub name: Box<str>,
    pub func: NativeFn,
    pub args: Box<[Reg]>,
    pub params: Box<[Attr]>,
    pub results: Box<[(Reg, PdlKind)]>,
}

/// Which values of an op an instruction is about: the `*_operand*` and `*_result*` ops
/// of pdl_interp come in pairs that differ only there.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    Operands,
    Results,
}

/// Where `get_operands`/`get_results` look.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Group {
    /// Every value.
    All,
    /// The ODS group with this index.
    Index(u32),
}

/// How a switch finds its case: a short list is scanned, a long one is also hashed.
pub(crate) struct NameCases {
    list: Box<[(Ident, Addr)]>,
    map: Option<FxHashMap<Ident, Addr>>,
}

/// Case lists longer than this are hashed: a scan of a few names beats hashing.
pub(crate) const HASH_THRESHOLD: usize = 8;

impl NameCases {
    pub fn new(cases: Vec<(Ident, Addr)>) -> Self {
        let map = (cases.len() > HASH_THRESHOLD).then(|| {
            let mut map = FxHashMap::default();
            for &(name, addr) in &cases {
                // The first case wins, as a scan would find it.
                map.entry(name).or_insert(addr);
            }
            map
        });
        NameCases {
            list: cases.into_boxed_slice(),
            map,
        }
    }

    pub fn find(&self, name: Ident) -> Option<Addr> {
        match &self.map {
            Some(map) => map.get(&name).copied(),
            None => self.list.iter().find(|(n, _)| *n == name).map(|&(_, a)| a),
        }
    }

    /// The cases in declared order.
    pub fn cases(&self) -> &[(Ident, Addr)] {
        &self.list
    }

    /// The case destinations in declared order.
    pub fn targets(&self) -> impl Iterator<Item = Addr> + '_ {
        self.list.iter().map(|&(_, a)| a)
    }
}

/// The operands of `create_operation`'s result list: explicit, or inferred by the op.
pub(crate) enum ResultTypes {
    Explicit(Box<[Reg]>),
    Inferred,
}

/// One instruction. Two-way branches jump to `yes` when the check holds.
pub(crate) enum Inst {
    ApplyConstraint {
        call: NativeCall,
        negated: bool,
        yes: Addr,
        no: Addr,
    },
    ApplyRewrite {
        call: NativeCall,
    },
    AreEqual {
        lhs: Reg,
        rhs: Reg,
        yes: Addr,
        no: Addr,
    },
    Branch {
        dest: Addr,
    },
    CheckCount {
        side: Side,
        op: Reg,
        count: u32,
        at_least: bool,
        yes: Addr,
        no: Addr,
    },
    CheckOperationName {
        op: Reg,
        name: Ident,
        yes: Addr,
        no: Addr,
    },
    /// `check_attribute`, `check_type`, `check_types`: the register holds `value`.
    CheckEquals {
        reg: Reg,
        value: PdlValue,
        yes: Addr,
        no: Addr,
    },
    Continue {
        foreach: Addr,
        slot: u32,
    },
    CreateAttribute {
        dst: Reg,
        value: Attr,
    },
    CreateOperation {
        dst: Reg,
        name: Ident,
        operands: Box<[Reg]>,
        attrs: Box<[(Ident, Reg)]>,
        results: ResultTypes,
    },
    CreateRange {
        dst: Reg,
        args: Box<[Reg]>,
        kind: PdlKind,
    },
    CreateType {
        dst: Reg,
        ty: Type,
    },
    CreateTypes {
        dst: Reg,
        types: Box<[Type]>,
    },
    Erase {
        op: Reg,
    },
    Extract {
        dst: Reg,
        range: Reg,
        index: u32,
    },
    Finalize,
    ForEach {
        var: Reg,
        range: Reg,
        slot: u32,
        body: Addr,
        exit: Addr,
    },
    GetAttribute {
        dst: Reg,
        op: Reg,
        name: Box<str>,
    },
    GetAttributeType {
        dst: Reg,
        attr: Reg,
    },
    GetDefiningOp {
        dst: Reg,
        value: Reg,
    },
    GetValue {
        side: Side,
        dst: Reg,
        op: Reg,
        index: u32,
    },
    GetGroup {
        side: Side,
        dst: Reg,
        op: Reg,
        group: Group,
        range: bool,
    },
    GetUsers {
        dst: Reg,
        value: Reg,
    },
    GetValueType {
        dst: Reg,
        value: Reg,
    },
    IsNotNull {
        reg: Reg,
        yes: Addr,
        no: Addr,
    },
    RecordMatch {
        pattern: u32,
        inputs: Box<[Reg]>,
        matched_ops: Box<[Reg]>,
        dest: Addr,
    },
    Replace {
        op: Reg,
        values: Box<[Reg]>,
    },
    SwitchCount {
        side: Side,
        op: Reg,
        cases: Box<[u32]>,
        dests: Box<[Addr]>,
        default: Addr,
    },
    /// `switch_attribute`, `switch_type`, `switch_types`: the first case equal to the
    /// register's value.
    SwitchValue {
        reg: Reg,
        cases: Box<[PdlValue]>,
        dests: Box<[Addr]>,
        default: Addr,
    },
    SwitchOperationName {
        op: Reg,
        cases: NameCases,
        default: Addr,
    },
}

/// One translated function: its instructions and how many registers and loop counters a run
/// needs. Execution starts at instruction 0 with the arguments in registers `0..num_args`.
pub(crate) struct Code {
    pub insts: Vec<Inst>,
    pub num_regs: u32,
    pub num_loops: u32,
    /// Each register's PDL kind, from its SSA value's type (the ahead-of-time emitter types
    /// its variables by it; the interpreter does not need it).
    pub kinds: Vec<Option<PdlKind>>,
    /// How many arguments the function takes (in registers `0..num_args`).
    pub num_args: u32,
}
