//! Types, values (interned "inits"), records and the [`RecordKeeper`] that owns them all.
//!
//! Values are hash-consed like upstream's `Init` objects, so two equal values always share one
//! [`InitId`] and "did resolution change anything" is a plain id comparison.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use tessera_ir::source::{SourceLoc as Loc, SourceMap};
use tessera_ir::{Diagnostic, Severity};

/// Handle of an interned type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct TyId(pub(crate) u32);

/// Handle of an interned value.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct InitId(pub(crate) u32);

/// Handle of a record (class, def, multiclass prototype or temporary).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct RecId(pub(crate) u32);

/// A TableGen type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum RecTy {
    /// `bit`
    Bit,
    /// `bits<n>`
    Bits(u32),
    /// `int`
    Int,
    /// `string` (and `code`, which upstream folds into string)
    String,
    /// `list<T>`
    List(TyId),
    /// `dag`
    Dag,
    /// A record type: a value that is a subclass of every listed class (sorted by name). The
    /// empty list is "any record".
    Record(Box<[RecId]>),
}

/// Unary bang operators.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[allow(missing_docs)]
pub enum UnOp {
    Cast,
    Not,
    Head,
    Tail,
    Size,
    Empty,
    GetDagOp,
    LogTwo,
    Repr,
    ToLower,
    ToUpper,
}

/// Binary operators (bang operators plus list indexing, slicing and ranges).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[allow(missing_docs)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    And,
    Or,
    Xor,
    Shl,
    Sra,
    Srl,
    ListConcat,
    ListSplat,
    ListRemove,
    ListElem,
    ListSlice,
    RangeC,
    StrConcat,
    Interleave,
    Concat,
    Eq,
    Ne,
    Le,
    Lt,
    Ge,
    Gt,
    SetDagOp,
    GetDagArg,
    GetDagName,
}

/// Ternary bang operators.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[allow(missing_docs)]
pub enum TernOp {
    Subst,
    Foreach,
    Filter,
    If,
    Dag,
    Range,
    Substr,
    Find,
    SetDagArg,
    SetDagName,
}

/// How a template argument value was passed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ArgKey {
    /// By position.
    Pos(u32),
    /// By (qualified) name, a string init.
    Named(InitId),
}

/// A value. Compound values refer to their parts by [`InitId`].
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Init {
    /// `?`
    Unset,
    /// A single bit.
    Bit(bool),
    /// Bits, least significant first.
    Bits(Arc<[InitId]>),
    /// A 64-bit integer.
    Int(i64),
    /// A string; the flag says it was written as a `[{ code }]` fragment.
    Str(Arc<str>, bool),
    /// A list with its element type.
    List(Arc<[InitId]>, TyId),
    /// A dag: operator, operator name, arguments and argument names.
    Dag(InitId, Option<InitId>, Arc<[InitId]>, Arc<[Option<InitId>]>),
    /// A reference to a def.
    Def(RecId),
    /// A reference to a field, template argument or iteration variable, by name.
    Var(InitId, TyId),
    /// One bit of a typed value.
    VarBit(InitId, u32),
    /// `value.field`, with the field's type.
    Field(InitId, InitId, TyId),
    /// An anonymous instantiation `Class<args>` whose arguments are not yet known.
    VarDef(RecId, Arc<[InitId]>),
    /// A template argument value with how it was passed.
    Arg(InitId, ArgKey),
    /// A unary operation with its result type.
    Un(UnOp, InitId, TyId),
    /// A binary operation with its result type.
    Bin(BinOp, InitId, InitId, TyId),
    /// A ternary operation with its result type.
    Tern(TernOp, InitId, InitId, InitId, TyId),
    /// `!cond` with conditions, values and result type.
    Cond(Arc<[InitId]>, Arc<[InitId]>, TyId),
    /// `!foldl(start, list, a, b, expr)` with its type.
    Foldl([InitId; 5], TyId),
    /// `!isa<T>(expr)`
    IsA(TyId, InitId),
    /// `!exists<T>(name)`
    Exists(TyId, InitId),
    /// The not-yet-final name `anonymous_N` of an anonymous record.
    AnonName(u32),
}

/// What kind of record field this is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FieldKind {
    /// An ordinary field.
    Normal,
    /// Declared with `field`: allowed to stay unresolved.
    NonconcreteOk,
    /// A template argument of a class or multiclass.
    TemplateArg,
}

/// One field of a record.
#[derive(Clone, Debug)]
pub struct RecordVal {
    /// Field name (a string init).
    pub name: InitId,
    /// Declared type.
    pub ty: TyId,
    /// Field kind.
    pub kind: FieldKind,
    /// Current value.
    pub value: InitId,
    /// Where the field was declared or last set.
    pub loc: Loc,
    pub(crate) used: bool,
    /// Set when an assignment failed type checking: upstream then holds no value at all and
    /// prints the field without `= value` (the run fails anyway).
    pub(crate) cleared: bool,
}

/// What kind of record this is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RecordKind {
    /// A named def.
    Def,
    /// An anonymous def.
    AnonymousDef,
    /// A class.
    Class,
    /// The prototype record of a multiclass.
    MultiClass,
}

/// An `assert` attached to a record.
#[derive(Clone, Debug)]
pub struct Assertion {
    /// Location of the condition.
    pub loc: Loc,
    /// Condition value.
    pub cond: InitId,
    /// Message value.
    pub msg: InitId,
}

/// A `dump` attached to a record.
#[derive(Clone, Debug)]
pub struct DumpInfo {
    /// Location of the statement.
    pub loc: Loc,
    /// Message value.
    pub msg: InitId,
}

/// A class, def or multiclass prototype.
#[derive(Clone, Debug)]
pub struct Record {
    pub(crate) name: InitId,
    pub(crate) locs: Vec<Loc>,
    pub(crate) values: Vec<RecordVal>,
    pub(crate) template_args: Vec<InitId>,
    pub(crate) superclasses: Vec<(RecId, Loc)>,
    pub(crate) assertions: Vec<Assertion>,
    pub(crate) dumps: Vec<DumpInfo>,
    pub(crate) kind: RecordKind,
    pub(crate) ty_cache: Option<TyId>,
}

impl Record {
    pub(crate) fn new(name: InitId, loc: Loc, kind: RecordKind) -> Record {
        Record {
            name,
            locs: vec![loc],
            values: Vec::new(),
            template_args: Vec::new(),
            superclasses: Vec::new(),
            assertions: Vec::new(),
            dumps: Vec::new(),
            kind,
            ty_cache: None,
        }
    }

    /// The record's name as an init (a string once the record is final).
    pub fn name_init(&self) -> InitId {
        self.name
    }

    /// Where the record was defined (plus instantiation sites for defs from multiclasses).
    pub fn locs(&self) -> &[Loc] {
        &self.locs
    }

    /// The first location.
    pub fn loc(&self) -> Loc {
        self.locs.first().copied().unwrap_or(Loc::NONE)
    }

    /// All fields (template arguments included) in declaration order.
    pub fn values(&self) -> &[RecordVal] {
        &self.values
    }

    /// Template argument names, in order.
    pub fn template_args(&self) -> &[InitId] {
        &self.template_args
    }

    /// Superclasses in post-order, as upstream keeps them, with the reference locations.
    pub fn superclasses(&self) -> &[(RecId, Loc)] {
        &self.superclasses
    }

    /// Assertions still attached to the record.
    pub fn assertions(&self) -> &[Assertion] {
        &self.assertions
    }

    /// Record kind.
    pub fn kind(&self) -> RecordKind {
        self.kind
    }

    /// Whether this is a class.
    pub fn is_class(&self) -> bool {
        self.kind == RecordKind::Class
    }

    /// Whether this is an anonymous def.
    pub fn is_anonymous(&self) -> bool {
        self.kind == RecordKind::AnonymousDef
    }

    /// Looks a field up by its name init.
    pub fn value(&self, name: InitId) -> Option<&RecordVal> {
        self.values.iter().find(|v| v.name == name)
    }

    pub(crate) fn value_mut(&mut self, name: InitId) -> Option<&mut RecordVal> {
        self.values.iter_mut().find(|v| v.name == name)
    }

    pub(crate) fn value_index(&self, name: InitId) -> Option<usize> {
        self.values.iter().position(|v| v.name == name)
    }

    /// Whether `name` is one of the template arguments.
    pub fn is_template_arg(&self, name: InitId) -> bool {
        self.template_args.contains(&name)
    }

    /// Whether `class` is among the superclasses.
    pub fn is_subclass_of(&self, class: RecId) -> bool {
        self.superclasses.iter().any(|(c, _)| *c == class)
    }

    pub(crate) fn remove_value(&mut self, name: InitId) {
        if let Some(i) = self.value_index(name) {
            self.values.remove(i);
        }
    }
}

/// Owner of everything: interned types and values, all records, the class and def tables,
/// global variables and the source buffers.
pub struct RecordKeeper {
    pub(crate) sources: SourceMap,
    tys: Vec<RecTy>,
    ty_map: FxHashMap<RecTy, TyId>,
    inits: Vec<Init>,
    /// Per value: its hash and the summaries resolution and the depth limit use.
    meta: Vec<ValueMeta>,
    /// Open-addressing table: high 32 bits of the hash, low 32 bits the value id + 1 (0 is
    /// empty). A map keyed by the values themselves would store every value twice; the hash
    /// tag avoids touching values that cannot match.
    table: Vec<u64>,
    small_ints: Vec<Option<InitId>>,
    pub(crate) records: Vec<Record>,
    pub(crate) classes: FxHashMap<Arc<str>, RecId>,
    pub(crate) class_order: Vec<RecId>,
    pub(crate) defs: FxHashMap<Arc<str>, RecId>,
    pub(crate) def_order: Vec<RecId>,
    pub(crate) globals: FxHashMap<Arc<str>, InitId>,
    pub(crate) anon_counter: u32,
    /// Approximate bytes of the values and records built so far, which the evaluator holds
    /// against its memory limit.
    pub(crate) bytes_used: u64,
    /// Nesting depth of the deepest value built so far, which the evaluator holds against
    /// [`MAX_VALUE_DEPTH`].
    pub(crate) deepest_value: u32,
    /// `?`
    pub unset: InitId,
    /// `0` as a bit.
    pub false_bit: InitId,
    /// `1` as a bit.
    pub true_bit: InitId,
    /// The `bit` type.
    pub bit_ty: TyId,
    /// The `int` type.
    pub int_ty: TyId,
    /// The `string` type.
    pub string_ty: TyId,
    /// The `dag` type.
    pub dag_ty: TyId,
    /// The "any record" type.
    pub any_record_ty: TyId,
}

impl Default for RecordKeeper {
    fn default() -> Self {
        Self::new()
    }
}

/// Deepest nesting of value resolution (values inside values, records instantiated while
/// resolving others) before giving up with an error instead of overflowing the stack. Sized
/// with the parser's limit to fit a 2 MiB stack in a debug build; real files stay under 50.
pub(crate) const MAX_DEPTH: u32 = 128;

/// What a value, a record and one of its fields cost against the memory limit, besides the
/// elements of lists, strings and the like: what they occupy (a value is its `Init`, its side
/// table entry and two intern table slots; a record its struct and heap blocks) with room for
/// the slack of tables that grow by doubling, so the limit bounds the resident size.
const VALUE_BYTES: u64 = 160;
const RECORD_BYTES: u64 = 384;
const FIELD_BYTES: u64 = 48;
/// Heap block overhead of a value's payload (an `Arc`'s counts, rounding).
const PAYLOAD_BYTES: u64 = 32;

/// Values the intern tables have room for before they first grow.
const INITIAL_VALUES: usize = 1 << 14;

/// Integers below this are cached by value.
const SMALL_INTS: usize = 1024;

/// Deepest nesting of one value (a dag inside a dag inside ...): printing and resolving recurse
/// once per level. Real files stay under 50.
pub(crate) const MAX_VALUE_DEPTH: u32 = 256;

/// Longest list that ranges, splats and foreach loops may build.
pub(crate) const MAX_LIST_LEN: i64 = 1 << 22;

impl RecordKeeper {
    /// An empty keeper.
    pub fn new() -> RecordKeeper {
        let mut rk = RecordKeeper {
            sources: SourceMap::default(),
            tys: Vec::new(),
            ty_map: FxHashMap::default(),
            // Typical inputs (a dialect's Ops.td) make tens of thousands of values; starting
            // at that size saves copying the tables as they grow.
            inits: Vec::with_capacity(INITIAL_VALUES),
            meta: Vec::with_capacity(INITIAL_VALUES),
            table: vec![0; INITIAL_VALUES * 2],
            small_ints: vec![None; SMALL_INTS],
            records: Vec::with_capacity(INITIAL_VALUES / 16),
            classes: FxHashMap::default(),
            class_order: Vec::new(),
            defs: FxHashMap::default(),
            def_order: Vec::new(),
            globals: FxHashMap::default(),
            anon_counter: 0,
            bytes_used: 0,
            deepest_value: 0,
            unset: InitId(0),
            false_bit: InitId(0),
            true_bit: InitId(0),
            bit_ty: TyId(0),
            int_ty: TyId(0),
            string_ty: TyId(0),
            dag_ty: TyId(0),
            any_record_ty: TyId(0),
        };
        rk.unset = rk.intern(Init::Unset);
        rk.false_bit = rk.intern(Init::Bit(false));
        rk.true_bit = rk.intern(Init::Bit(true));
        rk.bit_ty = rk.ty(RecTy::Bit);
        rk.int_ty = rk.ty(RecTy::Int);
        rk.string_ty = rk.ty(RecTy::String);
        rk.dag_ty = rk.ty(RecTy::Dag);
        rk.any_record_ty = rk.ty(RecTy::Record(Box::new([])));
        rk
    }

    // ----- interning -------------------------------------------------------------------

    /// Interns a type.
    pub fn ty(&mut self, t: RecTy) -> TyId {
        if let Some(&id) = self.ty_map.get(&t) {
            return id;
        }
        let id = TyId(self.tys.len() as u32);
        self.tys.push(t.clone());
        self.ty_map.insert(t, id);
        id
    }

    /// The type behind a handle.
    pub fn ty_data(&self, t: TyId) -> &RecTy {
        &self.tys[t.0 as usize]
    }

    /// `list<t>`
    pub fn list_ty(&mut self, t: TyId) -> TyId {
        self.ty(RecTy::List(t))
    }

    /// `bits<n>`
    pub fn bits_ty(&mut self, n: u32) -> TyId {
        self.ty(RecTy::Bits(n))
    }

    /// The record type of a single class.
    pub fn class_ty(&mut self, class: RecId) -> TyId {
        self.ty(RecTy::Record(Box::new([class])))
    }

    /// A record type from unsorted classes (sorted by name, as upstream does).
    pub fn record_ty(&mut self, mut classes: Vec<RecId>) -> TyId {
        if classes.len() > 1 {
            // Class names are strings; compare them in place rather than printing each one.
            classes.sort_by(|a, b| match (self.name_str(*a), self.name_str(*b)) {
                (Some(x), Some(y)) => x.cmp(y),
                _ => self.record_name(*a).cmp(&self.record_name(*b)),
            });
        }
        self.ty(RecTy::Record(classes.into_boxed_slice()))
    }

    /// The value a new field of type `ty` starts with: `?`, or all-`?` bits for bits fields.
    pub fn initial_value(&mut self, ty: TyId) -> InitId {
        if let RecTy::Bits(n) = *self.ty_data(ty) {
            let bits = vec![self.unset; n as usize];
            return self.bits_init(bits);
        }
        self.unset
    }

    /// Interns a value.
    pub fn intern(&mut self, i: Init) -> InitId {
        let h = hash_init(&i);
        match self.probe(h, |x| *x == i) {
            Ok(id) => id,
            Err(slot) => self.insert_new(i, h, slot),
        }
    }

    /// Looks for a value with hash `h` that `eq` accepts: its id, or the free slot where a
    /// new value with this hash goes.
    #[inline]
    fn probe(&self, h: u64, eq: impl Fn(&Init) -> bool) -> Result<InitId, usize> {
        let tag = h & 0xFFFF_FFFF_0000_0000;
        let mask = self.table.len() - 1;
        let mut slot = spread(h) & mask;
        loop {
            let e = self.table[slot];
            if e == 0 {
                return Err(slot);
            }
            if e & 0xFFFF_FFFF_0000_0000 == tag {
                let id = ((e & 0xFFFF_FFFF) - 1) as usize;
                if self.meta[id].hash == h && eq(&self.inits[id]) {
                    return Ok(InitId(id as u32));
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Adds a value known to be new, with its hash and the slot `probe` found for it.
    fn insert_new(&mut self, i: Init, h: u64, slot: usize) -> InitId {
        let id = InitId(self.inits.len() as u32);
        self.bytes_used += VALUE_BYTES + payload_bytes(&i);
        let meta = compute_meta(&self.meta, &i, h);
        self.deepest_value = self.deepest_value.max(meta.depth as u32);
        self.inits.push(i);
        self.meta.push(meta);
        self.table[slot] = (h & 0xFFFF_FFFF_0000_0000) | (id.0 as u64 + 1);
        if self.inits.len() * 2 > self.table.len() {
            self.grow_table();
        }
        id
    }

    fn grow_table(&mut self) {
        let size = self.table.len() * 2;
        let mask = size - 1;
        let mut table = vec![0u64; size];
        for (id, h) in self.meta.iter().map(|m| m.hash).enumerate() {
            let mut slot = spread(h) & mask;
            while table[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            table[slot] = (h & 0xFFFF_FFFF_0000_0000) | (id as u64 + 1);
        }
        self.table = table;
    }

    /// Precomputed: the variable-name summary and the final-sensitivity of a value.
    pub(crate) fn meta(&self, i: InitId) -> (u64, bool) {
        let m = &self.meta[i.0 as usize];
        (m.mask, m.flag)
    }

    /// The value behind a handle.
    pub fn init(&self, i: InitId) -> &Init {
        &self.inits[i.0 as usize]
    }

    /// A string value.
    pub fn str_init(&mut self, s: &str) -> InitId {
        self.str_init_fmt(s, false)
    }

    /// A string value with an explicit code flag. Strings are the most common values; an
    /// existing one is found without building the value first.
    pub fn str_init_fmt(&mut self, s: &str, code: bool) -> InitId {
        let h = str_hash(s, code);
        match self.probe(
            h,
            |x| matches!(x, Init::Str(t, c) if **t == *s && *c == code),
        ) {
            Ok(id) => id,
            Err(slot) => self.insert_new(Init::Str(Arc::from(s), code), h, slot),
        }
    }

    /// An integer value.
    pub fn int_init(&mut self, v: i64) -> InitId {
        // Small integers are by far the most common; look them up without hashing.
        if (0..SMALL_INTS as i64).contains(&v) {
            let slot = v as usize;
            if let Some(id) = self.small_ints[slot] {
                return id;
            }
            let id = self.intern(Init::Int(v));
            self.small_ints[slot] = Some(id);
            return id;
        }
        self.intern(Init::Int(v))
    }

    /// A bit value.
    pub fn bit_init(&self, v: bool) -> InitId {
        if v {
            self.true_bit
        } else {
            self.false_bit
        }
    }

    /// A list value.
    pub fn list_init(&mut self, elems: Vec<InitId>, elt_ty: TyId) -> InitId {
        self.intern(Init::List(elems.into(), elt_ty))
    }

    /// A bits value (least significant bit first).
    pub fn bits_init(&mut self, bits: Vec<InitId>) -> InitId {
        self.intern(Init::Bits(bits.into()))
    }

    /// A variable reference.
    pub fn var_init(&mut self, name: InitId, ty: TyId) -> InitId {
        self.intern(Init::Var(name, ty))
    }

    /// The def reference of a record.
    pub fn def_init(&mut self, r: RecId) -> InitId {
        self.intern(Init::Def(r))
    }

    /// A dag value.
    pub fn dag_init(
        &mut self,
        op: InitId,
        op_name: Option<InitId>,
        args: Vec<InitId>,
        names: Vec<Option<InitId>>,
    ) -> InitId {
        self.intern(Init::Dag(op, op_name, args.into(), names.into()))
    }

    /// The string contents of a string init, if it is one.
    pub fn as_str(&self, i: InitId) -> Option<&str> {
        match self.init(i) {
            Init::Str(s, _) => Some(s),
            _ => None,
        }
    }

    /// The integer of an int init, if it is one.
    pub fn as_int(&self, i: InitId) -> Option<i64> {
        match self.init(i) {
            Init::Int(v) => Some(*v),
            _ => None,
        }
    }

    // ----- records -------------------------------------------------------------------

    /// A record by handle.
    pub fn record(&self, r: RecId) -> &Record {
        &self.records[r.0 as usize]
    }

    pub(crate) fn record_mut(&mut self, r: RecId) -> &mut Record {
        &mut self.records[r.0 as usize]
    }

    pub(crate) fn add_record(&mut self, rec: Record) -> RecId {
        self.bytes_used += record_bytes(&rec);
        let id = RecId(self.records.len() as u32);
        self.records.push(rec);
        id
    }

    /// The record's name when it is a string value already (it is for classes and defs).
    fn name_str(&self, r: RecId) -> Option<&str> {
        self.as_str(self.record(r).name)
    }

    /// The record's name as a string (`anonymous_N` for not-yet-final anonymous records).
    pub fn record_name(&self, r: RecId) -> String {
        self.unquoted(self.record(r).name)
    }

    /// A fresh `anonymous_N` name.
    pub(crate) fn new_anonymous_name(&mut self) -> InitId {
        let n = self.anon_counter;
        self.anon_counter += 1;
        self.intern(Init::AnonName(n))
    }

    /// A class by name.
    pub fn class(&self, name: &str) -> Option<RecId> {
        self.classes.get(name).copied()
    }

    /// A def by name.
    pub fn def(&self, name: &str) -> Option<RecId> {
        self.defs.get(name).copied()
    }

    pub(crate) fn add_class(&mut self, r: RecId) {
        let name: Arc<str> = Arc::from(self.record_name(r));
        self.classes.insert(name, r);
        self.class_order.push(r);
    }

    pub(crate) fn add_def(&mut self, r: RecId) {
        let fields = self.record(r).values.len() as u64;
        self.bytes_used += RECORD_BYTES + fields * FIELD_BYTES;
        // A def's superclasses are final now, so its type can be cached.
        let t = self.record_type(r);
        self.record_mut(r).ty_cache = Some(t);
        let name: Arc<str> = Arc::from(self.record_name(r));
        self.defs.insert(name, r);
        self.def_order.push(r);
    }

    /// A def or global variable (`defvar`/`defset` at top level) by name.
    pub fn global(&mut self, name: &str) -> Option<InitId> {
        if let Some(r) = self.def(name) {
            return Some(self.def_init(r));
        }
        self.globals.get(name).copied()
    }

    /// The direct superclasses of a record, in order.
    pub fn direct_superclasses(&self, r: RecId) -> Vec<RecId> {
        let scs = &self.record(r).superclasses;
        let mut out = Vec::new();
        let mut end = scs.len();
        while end > 0 {
            let sc = scs[end - 1].0;
            out.push(sc);
            let n = self.record(sc).superclasses.len();
            end = end.saturating_sub(1 + n);
        }
        out
    }

    /// The type of a def reference to `r`: its direct superclasses.
    pub fn record_type(&mut self, r: RecId) -> TyId {
        if let Some(t) = self.record(r).ty_cache {
            return t;
        }
        let dscs = self.direct_superclasses(r);
        self.record_ty(dscs)
    }

    // ----- types -----------------------------------------------------------------------

    /// Whether a record type's classes include `class` or a subclass of it.
    fn rec_ty_is_subclass_of(&self, classes: &[RecId], class: RecId) -> bool {
        classes
            .iter()
            .any(|&c| c == class || self.record(c).is_subclass_of(class))
    }

    /// Upstream's `typeIsConvertibleTo`.
    pub fn ty_convertible(&self, from: TyId, to: TyId) -> bool {
        use RecTy::*;
        if from == to {
            return true;
        }
        match (self.ty_data(from), self.ty_data(to)) {
            (Bit, Bit) | (Bit, Int) => true,
            (Bit, Bits(n)) => *n == 1,
            (Bits(a), Bits(b)) => a == b,
            (Bits(n), Bit) => *n == 1,
            (Bits(_), Int) => true,
            (Int, Bit) | (Int, Bits(_)) | (Int, Int) => true,
            (String, String) => true,
            (List(a), List(b)) => self.ty_convertible(*a, *b),
            (Dag, Dag) => true,
            (Record(a), Record(b)) => b.iter().all(|&c| self.rec_ty_is_subclass_of(a, c)),
            _ => false,
        }
    }

    /// Upstream's `typeIsA`.
    pub fn ty_is_a(&self, from: TyId, to: TyId) -> bool {
        if from == to {
            return true;
        }
        match (self.ty_data(from), self.ty_data(to)) {
            (RecTy::List(a), RecTy::List(b)) => self.ty_is_a(*a, *b),
            (RecTy::Record(_), RecTy::Record(_)) => self.ty_convertible(from, to),
            _ => false,
        }
    }

    /// Upstream's `resolveTypes`: the common type of two types, if any.
    pub fn resolve_types(&mut self, t1: TyId, t2: TyId) -> Option<TyId> {
        if t1 == t2 {
            return Some(t1);
        }
        if let (RecTy::Record(a), RecTy::Record(_)) = (self.ty_data(t1), self.ty_data(t2)) {
            let mut stack: Vec<RecId> = a.to_vec();
            let mut common = Vec::new();
            while let Some(r) = stack.pop() {
                let is_sub = match self.ty_data(t2) {
                    RecTy::Record(b) => self.rec_ty_is_subclass_of(b, r),
                    _ => false,
                };
                if is_sub {
                    common.push(r);
                } else {
                    let d = self.direct_superclasses(r);
                    stack.extend(d);
                }
            }
            return Some(self.record_ty(common));
        }
        if self.ty_convertible(t1, t2) {
            return Some(t2);
        }
        if self.ty_convertible(t2, t1) {
            return Some(t1);
        }
        if let (RecTy::List(a), RecTy::List(b)) =
            (self.ty_data(t1).clone(), self.ty_data(t2).clone())
        {
            if let Some(t) = self.resolve_types(a, b) {
                return Some(self.list_ty(t));
            }
        }
        None
    }

    /// The printed form of a type.
    pub fn ty_string(&self, t: TyId) -> String {
        match self.ty_data(t) {
            RecTy::Bit => "bit".into(),
            RecTy::Bits(n) => format!("bits<{n}>"),
            RecTy::Int => "int".into(),
            RecTy::String => "string".into(),
            RecTy::List(e) => format!("list<{}>", self.ty_string(*e)),
            RecTy::Dag => "dag".into(),
            RecTy::Record(cs) => {
                if cs.len() == 1 {
                    self.record_name(cs[0])
                } else {
                    let names: Vec<String> = cs.iter().map(|c| self.record_name(*c)).collect();
                    format!("{{{}}}", names.join(", "))
                }
            }
        }
    }

    /// The element type of a list type.
    pub fn list_elt(&self, t: TyId) -> Option<TyId> {
        match self.ty_data(t) {
            RecTy::List(e) => Some(*e),
            _ => None,
        }
    }

    /// The type of a value; `None` for untyped values (`?` and template arguments).
    pub fn type_of(&mut self, i: InitId) -> Option<TyId> {
        Some(match self.init(i) {
            Init::Unset | Init::Arg(..) => return None,
            Init::Bit(_) | Init::VarBit(..) => self.bit_ty,
            Init::Bits(b) => {
                let n = b.len() as u32;
                self.bits_ty(n)
            }
            Init::Int(_) | Init::IsA(..) | Init::Exists(..) => self.int_ty,
            Init::Str(..) | Init::AnonName(_) => self.string_ty,
            Init::List(_, e) => {
                let e = *e;
                self.list_ty(e)
            }
            Init::Dag(..) => self.dag_ty,
            Init::Def(r) => {
                let r = *r;
                self.record_type(r)
            }
            Init::Var(_, t)
            | Init::Field(_, _, t)
            | Init::Un(_, _, t)
            | Init::Bin(_, _, _, t)
            | Init::Tern(_, _, _, _, t)
            | Init::Cond(_, _, t)
            | Init::Foldl(_, t) => *t,
            Init::VarDef(c, _) => {
                let c = *c;
                self.class_ty(c)
            }
        })
    }

    /// Type of field `name` of a value, as upstream's `getFieldType`.
    pub fn field_type(&mut self, i: InitId, name: InitId) -> Option<TyId> {
        if let Init::Def(r) = self.init(i) {
            return self.record(*r).value(name).map(|v| v.ty);
        }
        let t = self.type_of(i)?;
        if let RecTy::Record(cs) = self.ty_data(t) {
            for &c in cs.iter() {
                if let Some(v) = self.record(c).value(name) {
                    return Some(v.ty);
                }
            }
        }
        None
    }

    // ----- value properties ------------------------------------------------------------

    /// Upstream's `isConcrete`: fully resolved, no references or stuck operations.
    pub fn is_concrete(&self, i: InitId) -> bool {
        match self.init(i) {
            Init::Unset | Init::Bit(_) | Init::Int(_) | Init::Str(..) | Init::Def(_) => true,
            Init::Bits(b) => b.iter().all(|&x| self.is_concrete(x)),
            Init::List(e, _) => e.iter().all(|&x| self.is_concrete(x)),
            Init::Dag(op, _, args, _) => {
                self.is_concrete(*op) && args.iter().all(|&x| self.is_concrete(x))
            }
            Init::Arg(v, _) => self.is_concrete(*v),
            Init::Field(rec, name, _) => {
                if let Init::Def(r) = self.init(*rec) {
                    if let Some(v) = self.record(*r).value(*name) {
                        return self.is_concrete(v.value);
                    }
                }
                false
            }
            Init::Cond(c, v, _) => {
                c.iter().all(|&x| self.is_concrete(x)) && v.iter().all(|&x| self.is_concrete(x))
            }
            _ => false,
        }
    }

    /// Upstream's `isComplete`: no `?` anywhere that matters.
    pub fn is_complete(&self, i: InitId) -> bool {
        match self.init(i) {
            Init::Unset => false,
            Init::Bits(b) => b.iter().all(|&x| self.is_complete(x)),
            Init::List(e, _) => e.iter().all(|&x| self.is_complete(x)),
            Init::Arg(v, _) => self.is_complete(*v),
            Init::Cond(c, v, _) => {
                c.iter().all(|&x| self.is_complete(x)) && v.iter().all(|&x| self.is_concrete(x))
            }
            _ => true,
        }
    }

    /// Upstream's `getBit`.
    pub fn get_bit(&mut self, i: InitId, bit: u32) -> InitId {
        match self.init(i) {
            Init::Unset | Init::Bit(_) | Init::VarBit(..) => i,
            Init::Bits(b) => b.get(bit as usize).copied().unwrap_or(self.unset),
            Init::Int(v) => {
                let v = *v;
                self.bit_init(bit < 64 && (v >> bit) & 1 == 1)
            }
            Init::Var(_, t)
            | Init::Field(_, _, t)
            | Init::Un(_, _, t)
            | Init::Bin(_, _, _, t)
            | Init::Tern(_, _, _, _, t)
                if *t == self.bit_ty =>
            {
                i
            }
            _ => self.intern(Init::VarBit(i, bit)),
        }
    }

    /// Upstream's `convertInitializerTo`.
    pub fn convert(&mut self, i: InitId, to: TyId) -> Option<InitId> {
        match self.init(i).clone() {
            Init::Unset => Some(i),
            Init::Bit(b) => match self.ty_data(to) {
                RecTy::Bit => Some(i),
                RecTy::Int => Some(self.int_init(b as i64)),
                RecTy::Bits(1) => Some(self.bits_init(vec![i])),
                _ => None,
            },
            Init::Bits(bits) => match self.ty_data(to).clone() {
                RecTy::Bit => {
                    if bits.len() != 1 {
                        None
                    } else {
                        Some(bits[0])
                    }
                }
                RecTy::Bits(n) => {
                    if bits.len() as u32 != n {
                        None
                    } else {
                        Some(i)
                    }
                }
                RecTy::Int => {
                    let mut result: i64 = 0;
                    for (k, &b) in bits.iter().enumerate() {
                        match self.init(b) {
                            Init::Bit(v) => {
                                if *v && k < 64 {
                                    result |= 1i64 << k;
                                }
                            }
                            _ => return None,
                        }
                    }
                    Some(self.int_init(result))
                }
                _ => None,
            },
            Init::Int(v) => match self.ty_data(to).clone() {
                RecTy::Int => Some(i),
                RecTy::Bit => {
                    if v != 0 && v != 1 {
                        None
                    } else {
                        Some(self.bit_init(v != 0))
                    }
                }
                RecTy::Bits(n) => {
                    let fits = n >= 64 || (v >> n) == 0 || (n > 0 && (v >> (n - 1)) == -1);
                    if !fits {
                        return None;
                    }
                    let bits: Vec<InitId> = (0..n)
                        .map(|k| self.bit_init(k < 64 && (v >> k) & 1 == 1))
                        .collect();
                    Some(self.bits_init(bits))
                }
                _ => None,
            },
            Init::Str(..) => match self.ty_data(to) {
                RecTy::String => Some(i),
                _ => None,
            },
            Init::List(elems, elt) => {
                let own = self.list_ty(elt);
                if own == to {
                    return Some(i);
                }
                let RecTy::List(new_elt) = *self.ty_data(to) else {
                    return None;
                };
                let mut out = Vec::with_capacity(elems.len());
                let mut changed = false;
                for &e in elems.iter() {
                    let c = self.convert(e, new_elt)?;
                    changed |= c != e;
                    out.push(c);
                }
                if !changed {
                    return Some(i);
                }
                Some(self.list_init(out, new_elt))
            }
            Init::Def(_) => {
                if !matches!(self.ty_data(to), RecTy::Record(_)) {
                    return None;
                }
                let t = self.type_of(i)?;
                if self.ty_convertible(t, to) {
                    Some(i)
                } else {
                    None
                }
            }
            Init::Arg(..) => None,
            _ => {
                // Typed values that are not literals.
                let t = self.type_of(i)?;
                if t == to || self.ty_is_a(t, to) {
                    return Some(i);
                }
                if t == self.bit_ty {
                    if let RecTy::Bits(1) = self.ty_data(to) {
                        return Some(self.bits_init(vec![i]));
                    }
                }
                None
            }
        }
    }

    /// Upstream's `convertInitializerBitRange` (`value{bits}`).
    pub fn bit_range(&mut self, i: InitId, bits: &[u32]) -> Option<InitId> {
        match self.init(i).clone() {
            Init::Bits(b) => {
                let mut out = Vec::with_capacity(bits.len());
                for &k in bits {
                    out.push(*b.get(k as usize)?);
                }
                Some(self.bits_init(out))
            }
            Init::Int(v) => {
                let mut out = Vec::with_capacity(bits.len());
                for &k in bits {
                    if k >= 64 {
                        return None;
                    }
                    out.push(self.bit_init((v >> k) & 1 == 1));
                }
                Some(self.bits_init(out))
            }
            Init::Unset | Init::Bit(_) | Init::Str(..) | Init::Arg(..) => None,
            _ => {
                let t = self.type_of(i)?;
                let RecTy::Bits(n) = *self.ty_data(t) else {
                    return None;
                };
                let mut out = Vec::with_capacity(bits.len());
                for &k in bits {
                    if k >= n {
                        return None;
                    }
                    out.push(self.intern(Init::VarBit(i, k)));
                }
                Some(self.bits_init(out))
            }
        }
    }

    // ----- public query API ------------------------------------------------------------

    /// The source buffers of the run.
    pub fn sources(&self) -> &SourceMap {
        &self.sources
    }

    /// All classes, sorted by name (the print order).
    pub fn classes_sorted(&self) -> Vec<RecId> {
        sorted_by_name(&self.classes)
    }

    /// All defs, sorted by name (the print order).
    pub fn defs_sorted(&self) -> Vec<RecId> {
        sorted_by_name(&self.defs)
    }

    /// All classes in definition order.
    pub fn classes_in_order(&self) -> &[RecId] {
        &self.class_order
    }

    /// All defs in definition order.
    pub fn defs_in_order(&self) -> &[RecId] {
        &self.def_order
    }

    /// Sizes of the internal tables, for profiling: (values, types, records).
    pub fn stats(&self) -> (usize, usize, usize) {
        (self.inits.len(), self.tys.len(), self.records.len())
    }

    /// Global variables made by top-level `defvar` and `defset`.
    pub fn globals(&self) -> impl Iterator<Item = (&str, InitId)> {
        self.globals.iter().map(|(k, v)| (&**k, *v))
    }
}

/// Where a message points: one location, or all locations of a record (a def made by a
/// multiclass also carries the `defm` sites).
pub(crate) trait AtLocs {
    /// The locations, first one primary.
    fn locs(self) -> Vec<Loc>;
}

impl AtLocs for Loc {
    fn locs(self) -> Vec<Loc> {
        vec![self]
    }
}

impl AtLocs for Vec<Loc> {
    fn locs(self) -> Vec<Loc> {
        self
    }
}

/// A message at the first location plus "instantiated from multiclass" notes at the others,
/// the way upstream reports errors against records.
pub(crate) fn located(severity: Severity, locs: Vec<Loc>, text: String) -> Diagnostic {
    let mut diag = Diagnostic::new(severity, locs.first().copied().unwrap_or(Loc::NONE), text);
    for &l in locs.iter().skip(1) {
        diag = diag.with_note(l, "instantiated from multiclass");
    }
    diag
}

/// The records of a name table in byte order of their names. The first eight bytes of each name,
/// as a big-endian integer, decide most comparisons without touching the strings.
fn sorted_by_name(table: &FxHashMap<Arc<str>, RecId>) -> Vec<RecId> {
    let prefix = |s: &str| {
        let mut b = [0u8; 8];
        let n = s.len().min(8);
        b[..n].copy_from_slice(&s.as_bytes()[..n]);
        u64::from_be_bytes(b)
    };
    let mut v: Vec<(u64, &str, RecId)> = table.iter().map(|(k, &r)| (prefix(k), &**k, r)).collect();
    v.sort_unstable_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)));
    v.into_iter().map(|(_, _, r)| r).collect()
}

/// Bytes held by a value's variable-size parts.
/// What a record costs against the memory limit when it is added: the record itself and its
/// lists (fields added later are charged when the record becomes a def).
fn record_bytes(r: &Record) -> u64 {
    let n = |len: usize, each: u64| len as u64 * each;
    RECORD_BYTES
        + n(r.locs.len(), 4)
        + n(r.values.len(), FIELD_BYTES)
        + n(r.template_args.len(), 4)
        + n(r.superclasses.len(), 8)
        + n(r.assertions.len() + r.dumps.len(), 16)
}

fn payload_bytes(i: &Init) -> u64 {
    let ids = |n: usize| PAYLOAD_BYTES + 4 * n as u64;
    match i {
        Init::Str(s, _) => PAYLOAD_BYTES + s.len() as u64,
        Init::Bits(b) => ids(b.len()),
        Init::List(e, _) => ids(e.len()),
        Init::Dag(_, _, args, names) => ids(args.len()) + PAYLOAD_BYTES + 8 * names.len() as u64,
        Init::VarDef(_, args) => ids(args.len()),
        Init::Cond(c, v, _) => ids(c.len() + v.len()),
        _ => 0,
    }
}

/// The intern table's hash of a value; strings use [`str_hash`] so they can be looked up
/// from a `&str`.
fn hash_init(i: &Init) -> u64 {
    use std::hash::BuildHasher;
    match i {
        Init::Str(s, code) => str_hash(s, *code),
        _ => rustc_hash::FxBuildHasher.hash_one(i),
    }
}

/// Hash of a string value.
fn str_hash(s: &str, code: bool) -> u64 {
    use std::hash::Hasher;
    let mut h = rustc_hash::FxHasher::default();
    h.write(s.as_bytes());
    h.write_u8(code as u8);
    h.finish()
}

/// Mixes all hash bits into the low ones used to pick a table slot.
fn spread(h: u64) -> usize {
    (h.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 29) as usize
}

/// The bit a variable name sets in value summaries.
pub(crate) fn name_bit(name: InitId) -> u64 {
    1u64 << (name.0 % 64)
}

/// What the intern table keeps beside each value.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ValueMeta {
    /// The value's hash, so the table can grow without rehashing.
    hash: u64,
    /// The union of the name bits of every variable inside: a resolver whose names miss
    /// every bit cannot change the value, so it is skipped.
    mask: u64,
    /// Nesting depth (one more than the deepest part), so absurdly deep values are refused
    /// before the recursive printers and checks could overflow the stack.
    depth: u16,
    /// Whether the value holds parts that change in a final resolution (`!cast`, `!exists`,
    /// anonymous names) even without any variable.
    flag: bool,
}

/// The summary of a new value from those of its parts, in one walk over them.
fn compute_meta(metas: &[ValueMeta], i: &Init, hash: u64) -> ValueMeta {
    let depth = |x: &InitId| metas[x.0 as usize].depth;
    let mut mask = 0u64;
    let mut flag = false;
    let mut deepest = 0u16;
    let mut add = |x: &InitId| {
        let m = &metas[x.0 as usize];
        mask |= m.mask;
        flag |= m.flag;
        deepest = deepest.max(m.depth);
    };
    let mut extra_depth = 0u16;
    let mut var_mask = None;
    match i {
        Init::Unset | Init::Bit(_) | Init::Int(_) | Init::Str(..) | Init::Def(_) => {}
        // A variable's own summary is its name bit, whatever the name holds.
        Init::Var(n, _) => {
            var_mask = Some(name_bit(*n));
            extra_depth = depth(n);
        }
        Init::AnonName(_) => var_mask = Some(0),
        Init::Exists(_, v) => add(v),
        Init::Un(_, v, _) => add(v),
        Init::Bits(b) => b.iter().for_each(add),
        Init::List(e, _) => e.iter().for_each(add),
        Init::Dag(op, _, args, _) => {
            add(op);
            args.iter().for_each(add);
        }
        Init::VarDef(_, args) => args.iter().for_each(add),
        Init::VarBit(v, _) | Init::Arg(v, _) | Init::IsA(_, v) => add(v),
        // The field name counts for depth only.
        Init::Field(v, n, _) => {
            add(v);
            extra_depth = depth(n);
        }
        Init::Bin(_, a, b, _) => {
            add(a);
            add(b);
        }
        Init::Tern(_, a, b, c, _) => {
            add(a);
            add(b);
            add(c);
        }
        Init::Cond(c, v, _) => {
            c.iter().for_each(&mut add);
            v.iter().for_each(add);
        }
        Init::Foldl(parts, _) => parts.iter().for_each(add),
    }
    if let Some(m) = var_mask {
        mask = m;
    }
    // Final resolutions change these by themselves: casts, `!exists`, anonymous names.
    flag |= matches!(
        i,
        Init::Un(UnOp::Cast, ..) | Init::Exists(..) | Init::AnonName(_)
    );
    ValueMeta {
        hash,
        mask,
        depth: deepest.max(extra_depth).saturating_add(1),
        flag,
    }
}

impl crate::evaluator::Evaluator {
    /// Upstream's `getCastTo`: convert, or wrap in a `!cast` when the types allow it.
    pub(crate) fn cast_to(&mut self, i: InitId, to: TyId) -> Option<InitId> {
        let Some(t) = self.type_of(i) else {
            // Untyped values: `?` casts to anything.
            return match self.init(i) {
                Init::Unset => Some(i),
                _ => None,
            };
        };
        if t == to || self.ty_is_a(t, to) {
            return Some(i);
        }
        if let Some(c) = self.convert(i, to) {
            return Some(c);
        }
        if !self.ty_convertible(t, to) {
            return None;
        }
        let u = self.intern(Init::Un(UnOp::Cast, i, to));
        Some(self.fold_unop(u, None, false))
    }
}
