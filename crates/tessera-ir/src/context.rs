//! The `Context`: interned identifiers, types and attributes, and the op registry.
//!
//! A context is append-only: handles stay valid for its whole life, and two handles are
//! equal exactly when the uniqued objects are equal.

use crate::intern::{Interner, StrInterner};
use crate::registry::{DialectInfo, OpInfo, Registry};
use crate::{
    AffineMap, Attr, AttrKind, FloatKind, IntValue, IntegerSet, LocKind, Location, Signedness,
    Type, TypeKind,
};

/// An interned string (op names, attribute names, symbol names, file names).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ident(pub(crate) u32);

impl Ident {
    /// A dense index: distinct identifiers of one context have distinct indices, counted from
    /// zero in interning order (for side tables indexed by identifier).
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A name fixed at compile time (an attribute or op name a verifier asks about) that
/// remembers its identifier in the context that last asked: resolving a name costs a hash of
/// its text, comparing identifiers a single comparison, and a verifier asks the same context
/// about every op of a module.
///
/// Safe to share between threads and contexts: the remembered identifier is stored with its
/// context's [`Context::uid`] in one atomic word, so a context never reads another's.
pub struct CachedIdent {
    name: &'static str,
    /// `uid << 32 | ident` of the last context that had the name interned; zero (no context
    /// has uid 0) when none did yet.
    slot: std::sync::atomic::AtomicU64,
}

impl CachedIdent {
    /// The name `name`, not resolved in any context yet.
    pub const fn new(name: &'static str) -> Self {
        CachedIdent {
            name,
            slot: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// The name's text.
    #[inline]
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The name's identifier in `ctx`, or `None` when `ctx` never interned it (so nothing
    /// in `ctx` carries that name).
    #[inline]
    pub fn get(&self, ctx: &Context) -> Option<Ident> {
        let slot = self.slot.load(std::sync::atomic::Ordering::Relaxed);
        if slot >> 32 == ctx.uid {
            return Some(Ident(slot as u32));
        }
        self.resolve(ctx)
    }

    #[cold]
    fn resolve(&self, ctx: &Context) -> Option<Ident> {
        let id = ctx.lookup_ident(self.name)?;
        // A missing name is not remembered: the context may intern it later. Nor is one of a
        // context whose uid does not fit the word (never in practice): it is looked up each
        // time.
        if ctx.uid < 1 << 32 {
            let slot = ctx.uid << 32 | u64::from(id.0);
            self.slot.store(slot, std::sync::atomic::Ordering::Relaxed);
        }
        Some(id)
    }
}

impl std::fmt::Debug for CachedIdent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("CachedIdent").field(&self.name).finish()
    }
}

/// Owner of all uniqued IR objects and of the registry of known ops and dialects.
pub struct Context {
    idents: StrInterner,
    types: Interner<TypeKind>,
    attrs: Interner<AttrKind>,
    registry: Registry,
    next_distinct: u64,
    allow_unregistered: bool,
    unknown_loc: Location,
    empty_dict: Attr,
    /// Unique among the contexts of the process (see [`Context::uid`]).
    uid: u64,
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

/// The next context's [`Context::uid`].
static NEXT_UID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl Context {
    /// A number no other context of the process has: with it, a cache outside the context
    /// can key what it remembers about a handle (a `Type`, an `Attr`) by the context the
    /// handle belongs to, since handles of different contexts may be equal.
    pub fn uid(&self) -> u64 {
        self.uid
    }

    /// A context with the builtin dialect registered.
    pub fn new() -> Self {
        let mut ctx = Context {
            idents: StrInterner::default(),
            types: Interner::default(),
            attrs: Interner::default(),
            registry: Registry::default(),
            next_distinct: 0,
            allow_unregistered: false,
            unknown_loc: Location(Attr::from_index(0)),
            empty_dict: Attr::from_index(0),
            uid: NEXT_UID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        };
        ctx.unknown_loc = Location(ctx.attr(AttrKind::Loc(LocKind::Unknown)));
        ctx.empty_dict = ctx.attr(AttrKind::Dictionary(Box::new([])));
        crate::builtin::register(&mut ctx);
        ctx
    }

    // ----- identifiers ---------------------------------------------------------------------

    /// Interns a string.
    pub fn ident(&mut self, s: &str) -> Ident {
        Ident(self.idents.intern(s))
    }

    /// The identifier for `s`, if it was ever interned.
    pub fn lookup_ident(&self, s: &str) -> Option<Ident> {
        self.idents.lookup(s).map(Ident)
    }

    /// The text of an identifier.
    pub fn str(&self, id: Ident) -> &str {
        self.idents.get(id.0)
    }

    // ----- types ------------------------------------------------------------------------------

    /// Interns a type.
    pub fn ty(&mut self, kind: TypeKind) -> Type {
        Type::from_index(self.types.intern(kind))
    }

    /// The type with structure `kind` if it was interned already; never interns. A type that
    /// is not there is unequal to every type handle, which is how a read-only check compares
    /// against a type it would otherwise have to build.
    pub fn lookup_type(&self, kind: &TypeKind) -> Option<Type> {
        self.types.lookup(kind).map(Type::from_index)
    }

    /// The structure of a type.
    pub fn type_kind(&self, ty: Type) -> &TypeKind {
        self.types.get(ty.index() as u32)
    }

    /// Number of distinct types; every `Type` handle's `index()` is below it.
    pub fn num_types(&self) -> usize {
        self.types.len()
    }

    /// `iN` / `siN` / `uiN`.
    pub fn integer_type(&mut self, width: u32, signedness: Signedness) -> Type {
        self.ty(TypeKind::Integer { width, signedness })
    }

    /// Signless `iN`.
    pub fn int_type(&mut self, width: u32) -> Type {
        self.integer_type(width, Signedness::Signless)
    }

    /// `index`.
    pub fn index_type(&mut self) -> Type {
        self.ty(TypeKind::Index)
    }

    /// A float type.
    pub fn float_type(&mut self, kind: FloatKind) -> Type {
        self.ty(TypeKind::Float(kind))
    }

    /// `none`.
    pub fn none_type(&mut self) -> Type {
        self.ty(TypeKind::None)
    }

    /// `(inputs) -> results`.
    pub fn function_type(&mut self, inputs: &[Type], results: &[Type]) -> Type {
        self.ty(TypeKind::Function {
            inputs: inputs.into(),
            results: results.into(),
        })
    }

    /// Width of an integer type or bit width of a float type.
    pub fn int_or_float_width(&self, ty: Type) -> Option<u32> {
        match self.type_kind(ty) {
            TypeKind::Integer { width, .. } => Some(*width),
            TypeKind::Float(k) => Some(k.bit_width()),
            _ => None,
        }
    }

    /// True for integer and index types.
    pub fn is_int_or_index(&self, ty: Type) -> bool {
        matches!(
            self.type_kind(ty),
            TypeKind::Integer { .. } | TypeKind::Index
        )
    }

    /// The number of elements of a statically shaped type (`None` if unranked or dynamic, or
    /// if the count does not fit a `u64`).
    pub fn num_elements(&self, ty: Type) -> Option<u64> {
        let shape = self.type_kind(ty).shape()?;
        // A zero dimension makes the count zero even where the others overflow.
        if shape.contains(&0) && !shape.contains(&crate::DYNAMIC) {
            return Some(0);
        }
        shape.iter().try_fold(1u64, |acc, &d| {
            if d < 0 {
                None
            } else {
                acc.checked_mul(d as u64)
            }
        })
    }

    // ----- attributes -------------------------------------------------------------------------

    /// Interns an attribute.
    pub fn attr(&mut self, kind: AttrKind) -> Attr {
        Attr::from_index(self.attrs.intern(kind))
    }

    /// Room for about `additional` more attributes (locations included), for a builder that
    /// knows roughly how many it will make: the uniquing table then does not grow step by
    /// step, each step rehashing every attribute. Room not used is barely touched (a byte
    /// per table slot).
    pub fn reserve_attrs(&mut self, additional: usize) {
        self.attrs.reserve(additional);
    }

    /// The attribute with structure `kind` if it was interned already; never interns (see
    /// [`Context::lookup_type`]).
    pub fn lookup_attr(&self, kind: &AttrKind) -> Option<Attr> {
        self.attrs.lookup(kind).map(Attr::from_index)
    }

    /// The structure of an attribute.
    pub fn attr_kind(&self, attr: Attr) -> &AttrKind {
        self.attrs.get(attr.index() as u32)
    }

    /// Number of distinct attributes (diagnostics and benchmarks); every `Attr` handle's
    /// `index()` is below it.
    pub fn num_attrs(&self) -> usize {
        self.attrs.len()
    }

    /// `unit`.
    pub fn unit_attr(&mut self) -> Attr {
        self.attr(AttrKind::Unit)
    }

    /// An integer attribute of an integer or index type.
    pub fn integer_attr(&mut self, ty: Type, value: i128) -> Attr {
        let width = match self.type_kind(ty) {
            TypeKind::Integer { width, .. } => *width,
            _ => 64,
        };
        self.attr(AttrKind::Integer {
            ty,
            value: IntValue::from_i128(value, width),
        })
    }

    /// `true` / `false`.
    pub fn bool_attr(&mut self, value: bool) -> Attr {
        let i1 = self.int_type(1);
        self.integer_attr(i1, value as i128)
    }

    /// A float attribute nearest to `value`.
    pub fn float_attr(&mut self, ty: Type, value: f64) -> Attr {
        let kind = match self.type_kind(ty) {
            TypeKind::Float(k) => *k,
            _ => FloatKind::F64,
        };
        let bits = kind.from_f64(value);
        self.attr(AttrKind::Float {
            ty,
            bits: [bits as u64, (bits >> 64) as u64],
        })
    }

    /// An untyped string attribute.
    pub fn string_attr(&mut self, s: &str) -> Attr {
        self.attr(AttrKind::String {
            value: s.as_bytes().into(),
            ty: None,
        })
    }

    /// The text of a string attribute, if `attr` is one and holds UTF-8.
    pub fn string_value(&self, attr: Attr) -> Option<&str> {
        match self.attr_kind(attr) {
            AttrKind::String { value, .. } => std::str::from_utf8(value).ok(),
            _ => None,
        }
    }

    /// An `array<i32: ...>` attribute (segment sizes and the like).
    pub fn dense_i32_array(&mut self, values: &[i32]) -> Attr {
        let element = self.int_type(32);
        self.attr(AttrKind::DenseArray {
            element,
            len: values.len() as u32,
            data: values.iter().flat_map(|v| v.to_le_bytes()).collect(),
        })
    }

    /// The elements of a `array<i32: ...>` attribute, read in place (no allocation), or
    /// `None` if `attr` is not one.
    pub fn dense_i32_iter(&self, attr: Attr) -> Option<impl ExactSizeIterator<Item = i32> + '_> {
        let AttrKind::DenseArray { element, data, .. } = self.attr_kind(attr) else {
            return None;
        };
        let TypeKind::Integer {
            width: 32,
            signedness: Signedness::Signless,
        } = self.type_kind(*element)
        else {
            return None;
        };
        Some(
            data.chunks_exact(4)
                .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]])),
        )
    }

    /// The elements of an `array<i32: ...>` attribute, if `attr` is one.
    pub fn dense_i32_values(&self, attr: Attr) -> Option<Vec<i32>> {
        self.dense_i32_iter(attr).map(Iterator::collect)
    }

    /// An array attribute.
    pub fn array_attr(&mut self, elements: &[Attr]) -> Attr {
        self.attr(AttrKind::Array(elements.into()))
    }

    /// A type attribute.
    pub fn type_attr(&mut self, ty: Type) -> Attr {
        self.attr(AttrKind::Type(ty))
    }

    /// `@name`.
    pub fn symbol_ref(&mut self, name: &str) -> Attr {
        let root = self.ident(name);
        self.attr(AttrKind::SymbolRef {
            root,
            nested: Box::new([]),
        })
    }

    /// An affine map attribute.
    pub fn affine_map_attr(&mut self, map: AffineMap) -> Attr {
        self.attr(AttrKind::AffineMap(map))
    }

    /// An integer set attribute.
    pub fn integer_set_attr(&mut self, set: IntegerSet) -> Attr {
        self.attr(AttrKind::IntegerSet(set))
    }

    /// The empty dictionary.
    pub fn empty_dict(&self) -> Attr {
        self.empty_dict
    }

    /// A dictionary from entries in any order; later duplicates are dropped. Use
    /// `find_duplicate_name` first where duplicates are an error.
    pub fn dictionary(&mut self, mut entries: Vec<(crate::Ident, Attr)>) -> Attr {
        let ctx = &*self;
        // Printed input is already sorted: check that before sorting.
        let sorted = entries
            .windows(2)
            .all(|w| ctx.str(w[0].0) < ctx.str(w[1].0));
        if !sorted {
            entries.sort_by(|a, b| ctx.str(a.0).cmp(ctx.str(b.0)));
            entries.dedup_by_key(|e| e.0);
        }
        self.attr(AttrKind::Dictionary(entries.into_boxed_slice()))
    }

    /// A dictionary from entries the caller knows to be sorted by name and free of
    /// duplicates (a builder whose names are fixed checks their order once, not per
    /// dictionary): nothing is compared or sorted, and the entries are copied once, into
    /// the interned value. Entries out of order would make a malformed dictionary, which
    /// debug builds catch.
    pub fn dictionary_sorted(&mut self, entries: &[(crate::Ident, Attr)]) -> Attr {
        debug_assert!(
            entries
                .windows(2)
                .all(|w| self.str(w[0].0) < self.str(w[1].0)),
            "dictionary_sorted: entries out of order"
        );
        self.attr(AttrKind::Dictionary(entries.into()))
    }

    /// The first name that appears twice among `entries`.
    pub fn find_duplicate_name(&self, entries: &[(Ident, Attr)]) -> Option<Ident> {
        if entries.len() <= 16 {
            // Small dictionaries (nearly all): no set to allocate.
            return entries
                .iter()
                .enumerate()
                .find(|&(i, (n, _))| entries[..i].iter().any(|e| e.0 == *n))
                .map(|(_, e)| e.0);
        }
        let mut seen = rustc_hash::FxHashSet::default();
        entries.iter().find(|(n, _)| !seen.insert(*n)).map(|e| e.0)
    }

    /// The entries of a dictionary attribute (empty for anything else).
    pub fn dict_entries(&self, dict: Attr) -> &[(Ident, Attr)] {
        match self.attr_kind(dict) {
            AttrKind::Dictionary(entries) => entries,
            _ => &[],
        }
    }

    /// Looks up identifier `name` in a dictionary attribute: what verifiers and accessors
    /// that resolved a name once (see [`CachedIdent`]) ask, comparing identifiers instead of
    /// text.
    #[inline]
    pub fn dict_get_ident(&self, dict: Attr, name: Ident) -> Option<Attr> {
        let entries = self.dict_entries(dict);
        // Entries are sorted by text, not by identifier, so only a scan finds one by
        // identifier; past a few dozen entries, searching by text costs less.
        if entries.len() <= 32 {
            return entries.iter().find(|(n, _)| *n == name).map(|&(_, a)| a);
        }
        let text = self.idents.bytes(name.0);
        entries
            .binary_search_by(|(n, _)| self.idents.bytes(n.0).cmp(text))
            .ok()
            .map(|i| entries[i].1)
    }

    /// Looks up `name` in a dictionary attribute.
    pub fn dict_get(&self, dict: Attr, name: &str) -> Option<Attr> {
        let entries = self.dict_entries(dict);
        let name = name.as_bytes();
        // An op's dictionaries hold a few entries: comparing lengths first rejects most of
        // them without reading their text, which beats ordering comparisons there.
        if entries.len() <= 8 {
            return entries
                .iter()
                .find(|(n, _)| self.idents.bytes(n.0) == name)
                .map(|&(_, a)| a);
        }
        // Entries are sorted by name, and `str` orders as its bytes do.
        entries
            .binary_search_by(|(n, _)| self.idents.bytes(n.0).cmp(name))
            .ok()
            .map(|i| entries[i].1)
    }

    /// A copy of `dict` with `name` set to `value` (or removed if `None`).
    pub fn dict_with(&mut self, dict: Attr, name: &str, value: Option<Attr>) -> Attr {
        let name = self.ident(name);
        let mut entries: Vec<_> = self
            .dict_entries(dict)
            .iter()
            .copied()
            .filter(|(n, _)| *n != name)
            .collect();
        if let Some(v) = value {
            entries.push((name, v));
        }
        self.dictionary(entries)
    }

    /// Number of `distinct` attributes created so far (printers number them in print order,
    /// which only a sequential printer can do).
    pub fn num_distinct_attrs(&self) -> u64 {
        self.next_distinct
    }

    /// A fresh `distinct[...]<referenced>` attribute, unequal to every other.
    pub fn distinct_attr(&mut self, referenced: Attr) -> Attr {
        let id = self.next_distinct;
        self.next_distinct += 1;
        self.attr(AttrKind::Distinct { id, referenced })
    }

    /// The type of a typed attribute (integers, floats, typed strings, elements attributes).
    pub fn attr_type(&self, attr: Attr) -> Option<Type> {
        match self.attr_kind(attr) {
            AttrKind::Integer { ty, .. }
            | AttrKind::Float { ty, .. }
            | AttrKind::DenseElements { ty, .. }
            | AttrKind::DenseStrings { ty, .. }
            | AttrKind::DenseResource { ty, .. }
            | AttrKind::Sparse { ty, .. } => Some(*ty),
            AttrKind::String { ty, .. } | AttrKind::Opaque { ty, .. } => *ty,
            _ => None,
        }
    }

    // ----- locations --------------------------------------------------------------------------

    /// `loc(unknown)`.
    pub fn unknown_loc(&self) -> Location {
        self.unknown_loc
    }

    /// Interns a location.
    pub fn loc(&mut self, kind: LocKind) -> Location {
        Location(self.attr(AttrKind::Loc(kind)))
    }

    /// `loc("file":line:col)`.
    pub fn file_loc(&mut self, file: &str, line: u32, col: u32) -> Location {
        let file = self.ident(file);
        self.loc(LocKind::FileLineCol { file, line, col })
    }

    /// The structure of a location.
    pub fn loc_kind(&self, loc: Location) -> &LocKind {
        match self.attr_kind(loc.0) {
            AttrKind::Loc(k) => k,
            _ => unreachable!("Location handle to a non-location attribute"),
        }
    }

    /// The attribute as a location, if it is one.
    pub fn as_location(&self, attr: Attr) -> Option<Location> {
        matches!(self.attr_kind(attr), AttrKind::Loc(_)).then_some(Location(attr))
    }

    /// The first `file:line:col` inside a location, if any.
    pub fn file_line_col(&self, loc: Location) -> Option<(Ident, u32, u32)> {
        match self.loc_kind(loc) {
            LocKind::FileLineCol { file, line, col } => Some((*file, *line, *col)),
            LocKind::Name { child, .. } => self.file_line_col(*child),
            LocKind::CallSite { callee, .. } => self.file_line_col(*callee),
            LocKind::Fused { locs, .. } => locs.iter().find_map(|l| self.file_line_col(*l)),
            LocKind::Unknown => None,
        }
    }

    // ----- registry ---------------------------------------------------------------------------

    /// Registers (or replaces) an op definition.
    pub fn register_op(&mut self, info: OpInfo) {
        self.registry.ops.insert(info.name, info);
    }

    /// Registers (or replaces) a dialect.
    pub fn register_dialect(&mut self, info: DialectInfo) {
        self.registry.dialects.insert(info.name, info);
    }

    /// The definition of a registered op.
    pub fn op_info(&self, name: Ident) -> Option<&OpInfo> {
        self.registry.ops.get(&name)
    }

    /// The registered dialect of an op name (`dialect.op`), if any.
    pub fn dialect_of(&self, op_name: Ident) -> Option<&DialectInfo> {
        let ns = self.str(op_name).split('.').next()?;
        let id = self.lookup_ident(ns)?;
        self.registry.dialects.get(&id)
    }

    /// How many dialects are registered. Dialects are never unregistered, so a change in
    /// this number tells a cache that what depends on which dialects are registered (whether
    /// an opaque type's dialect is known, say) may have changed.
    pub fn num_dialects(&self) -> usize {
        self.registry.dialects.len()
    }

    /// The registered dialect with this namespace.
    pub fn dialect(&self, namespace: &str) -> Option<&DialectInfo> {
        let id = self.lookup_ident(namespace)?;
        self.registry.dialects.get(&id)
    }

    /// Makes `loader` register dialect `namespace` the first time something asks for it
    /// ([`Context::ensure_dialect`]; the textual parser asks for the namespace of every op,
    /// attribute and type it reads). A dialect registered meanwhile makes the loader moot.
    pub fn add_dialect_loader(&mut self, namespace: &str, loader: crate::DialectLoader) {
        self.registry.pending.push((namespace.into(), loader));
    }

    /// Registers dialect `namespace` through its pending loader, if it has one and is not
    /// registered yet. Cheap when nothing is pending.
    #[inline]
    pub fn ensure_dialect(&mut self, namespace: &str) {
        if self.registry.pending.is_empty() {
            return;
        }
        self.run_dialect_loader(namespace);
    }

    fn run_dialect_loader(&mut self, namespace: &str) {
        let Some(at) = self
            .registry
            .pending
            .iter()
            .position(|(ns, _)| &**ns == namespace)
        else {
            return;
        };
        let (_, loader) = self.registry.pending.swap_remove(at);
        if self.dialect(namespace).is_none() {
            loader(self);
        }
    }

    /// Whether ops of unregistered dialects are accepted.
    pub fn allows_unregistered_dialects(&self) -> bool {
        self.allow_unregistered
    }

    /// Accept (or not) ops of unregistered dialects, as `--allow-unregistered-dialect`.
    pub fn set_allow_unregistered_dialects(&mut self, allow: bool) {
        self.allow_unregistered = allow;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups_find_interned_values_and_never_intern() {
        let mut ctx = Context::new();
        let i7 = TypeKind::Integer {
            width: 7,
            signedness: crate::Signedness::Signed,
        };
        let (types, attrs) = (ctx.num_types(), ctx.num_attrs());
        assert_eq!(ctx.lookup_type(&i7), None);
        assert_eq!(ctx.num_types(), types);
        let t = ctx.ty(i7.clone());
        assert_eq!(ctx.lookup_type(&i7), Some(t));
        let kind = AttrKind::Integer {
            ty: t,
            value: IntValue::from_i128(-1, 7),
        };
        assert_eq!(ctx.lookup_attr(&kind), None);
        assert_eq!(ctx.num_attrs(), attrs);
        let a = ctx.attr(kind.clone());
        assert_eq!(ctx.lookup_attr(&kind), Some(a));
    }

    #[test]
    fn sorted_dictionaries_are_the_dictionaries_of_their_entries() {
        let mut ctx = Context::new();
        let (a, b) = (ctx.ident("alpha"), ctx.ident("beta"));
        let (x, y) = (ctx.string_attr("x"), ctx.string_attr("y"));
        let sorted = ctx.dictionary_sorted(&[(a, x), (b, y)]);
        // The general constructor sorts; both name one interned dictionary.
        assert_eq!(sorted, ctx.dictionary(vec![(b, y), (a, x)]));
        assert_eq!(ctx.dict_get(sorted, "beta"), Some(y));
        assert_ne!(sorted, ctx.dictionary_sorted(&[(a, y), (b, x)]));
        assert_eq!(ctx.dictionary_sorted(&[]), ctx.empty_dict());
    }

    #[test]
    fn cached_idents_answer_each_context_with_its_own_identifier() {
        static NAME: CachedIdent = CachedIdent::new("name");
        let mut first = Context::new();
        let mut second = Context::new();
        assert_eq!(NAME.get(&first), None, "never interned");
        // Different identifiers for the same text in the two contexts.
        first.ident("padding");
        let in_first = first.ident("name");
        let in_second = second.ident("name");
        assert_ne!(in_first, in_second);
        for _ in 0..2 {
            assert_eq!(NAME.get(&first), Some(in_first));
            assert_eq!(NAME.get(&second), Some(in_second));
        }
        assert_eq!(NAME.name(), "name");
    }

    #[test]
    fn dict_get_ident_agrees_with_dict_get_in_small_and_large_dictionaries() {
        let mut ctx = Context::new();
        let unit = ctx.attr(AttrKind::Unit);
        for size in [0usize, 3, 40] {
            let entries: Vec<(Ident, Attr)> = (0..size)
                .map(|i| (ctx.ident(&format!("k{i}")), unit))
                .collect();
            let dict = ctx.dictionary(entries);
            let absent = ctx.ident("absent");
            assert_eq!(ctx.dict_get_ident(dict, absent), None);
            for i in 0..size {
                let name = format!("k{i}");
                let id = ctx.ident(&name);
                assert_eq!(ctx.dict_get_ident(dict, id), ctx.dict_get(dict, &name));
                assert_eq!(ctx.dict_get_ident(dict, id), Some(unit));
            }
        }
    }
}
