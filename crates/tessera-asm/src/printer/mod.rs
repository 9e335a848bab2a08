//! Printer for the generic operation form, byte-compatible with `mlir-opt
//! --mlir-print-op-generic` of MLIR 19.
//!
//! Printing a module is two steps. First the `Tables` are built: the aliases (`alias`) and
//! the value and block numbering (`numbering`). They are immutable from then on. Then the
//! `Printer` walks the ops (`ops`), types (`types`), attributes and locations (`attrs`), their
//! element data (`elements`) and affine forms (`affine`), reading the tables. The only state
//! a printer changes while it prints is what upstream assigns in print order: `distinct`
//! attribute numbers and the order in which builtin resource blobs are first used.
//!
//! When the caller allows it (`PrintOptions::workers`), the top-level ops of a big module are
//! printed by worker threads in chunks, handed to the sink in order; the workers borrow the tables (`std::thread::scope`), each has its own
//! printer state, and modules with `distinct` attributes or builtin resource blobs (whose
//! numbering depends on print order) are printed on the caller's thread.

mod affine;
mod alias;
mod attrs;
mod custom;
mod elements;
mod numbering;
mod ops;
mod types;

pub use custom::OpAsmPrinter;

use crate::resources::Resources;
use alias::Aliases;
use numbering::Numbering;
use rustc_hash::{FxHashMap, FxHashSet};
use tessera_ir::{Attr, Body, Context, Ident, OpId, RegionId, Type};

/// Printing options (the `--mlir-print-*` flags, and how much of the machine to use).
#[derive(Clone, Copy, Debug, Default)]
pub struct PrintOptions {
    /// Print locations (`--mlir-print-debuginfo`).
    pub debug_info: bool,
    /// Print every op in the generic form (`--mlir-print-op-generic`); otherwise ops with
    /// custom-form hooks use them, as `mlir-opt` prints by default.
    pub generic: bool,
    /// Worker threads `print_module_to` may start for a big module (0, the default: print on
    /// the caller's thread only). A library does not decide that for its caller; a tool that
    /// owns the process, like `tessera-opt`, asks for them.
    pub workers: usize,
    /// Print every type, attribute and location where it is used, with no aliases
    /// (`--mlir-print-local-scope`).
    pub local_scope: bool,
}

/// Prints `root` (and everything in it), aliases and resources, as upstream does.
pub fn print_module(
    ctx: &Context,
    body: &Body,
    root: OpId,
    resources: &Resources,
    opts: PrintOptions,
) -> String {
    let mut out = String::new();
    let tables = Tables::module(ctx, body, root, opts);
    let mut p = Printer::new(ctx, body, opts, &tables);
    p.print_module(root, resources, &mut out);
    out
}

/// Like `print_module`, but streams the text to `sink` as it goes (memory stays bounded by
/// the largest op without regions, not the whole output); returns the first write error.
pub fn print_module_to(
    ctx: &Context,
    body: &Body,
    root: OpId,
    resources: &Resources,
    opts: PrintOptions,
    sink: &mut (dyn std::io::Write + Send),
) -> std::io::Result<()> {
    let mut out = String::with_capacity(FLUSH_AT + 4096);
    let tables = Tables::module(ctx, body, root, opts);
    let mut p = Printer::new(ctx, body, opts, &tables);
    p.sink = Some(sink);
    p.print_module(root, resources, &mut out);
    p.flush(&mut out);
    match p.io_error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Buffered output is handed to the sink once it grows past this many bytes.
const FLUSH_AT: usize = 1 << 16;

/// Modules with at least this many ops are printed on worker threads, if the caller allows.
const PARALLEL_MIN_OPS: usize = 20_000;

/// A type as upstream prints it, without aliases (for diagnostics).
pub fn type_to_string(ctx: &Context, ty: Type) -> String {
    let body = Body::new();
    let tables = Tables::empty();
    let mut p = Printer::new(ctx, &body, PrintOptions::default(), &tables);
    let mut s = String::new();
    p.print_type(ty, &mut s);
    s
}

/// An attribute as upstream prints it, without aliases.
pub fn attr_to_string(ctx: &Context, attr: Attr) -> String {
    let body = Body::new();
    let tables = Tables::empty();
    let mut p = Printer::new(ctx, &body, PrintOptions::default(), &tables);
    let mut s = String::new();
    p.print_attr(attr, Elide::Never, &mut s);
    s
}

/// One op in generic form, numbered as upstream numbers an op printed alone (for the "see
/// current operation" notes of verifier errors and for traces): in the scope of the closest
/// enclosing op isolated from above. The generic form is used whatever `opts.generic` says,
/// as upstream prints an op that may not verify.
pub fn op_to_string(ctx: &Context, body: &Body, op: OpId, opts: PrintOptions) -> String {
    let opts = PrintOptions {
        generic: true,
        ..opts
    };
    let tables = Tables {
        aliases: Aliases::default(),
        numbering: Numbering::local(ctx, body, op),
    };
    let mut p = Printer::new(ctx, body, opts, &tables);
    let mut s = String::new();
    p.print_op(op, 0, &mut s);
    s
}

/// Whether an attribute's type is printed after it (`: T`).
#[derive(Copy, Clone, PartialEq, Eq)]
enum Elide {
    /// Always printed.
    Never,
    /// Left out where upstream leaves it out (`i64` integers and `f64` floats in arrays).
    May,
    /// Never printed (the element type of an `array<>` that says it elsewhere).
    Must,
}

/// What printing reads but never changes: built before the first op is printed, then shared
/// by reference with every printing thread.
struct Tables {
    aliases: Aliases,
    numbering: Numbering,
}

impl Tables {
    fn module(ctx: &Context, body: &Body, root: OpId, opts: PrintOptions) -> Tables {
        Tables {
            aliases: if opts.local_scope {
                Aliases::default()
            } else {
                Aliases::collect(ctx, body, root, opts)
            },
            numbering: Numbering::module(ctx, body, root, opts.generic),
        }
    }

    fn empty() -> Tables {
        Tables {
            aliases: Aliases::default(),
            numbering: Numbering::empty(),
        }
    }
}

struct Printer<'a> {
    ctx: &'a Context,
    body: &'a Body,
    opts: PrintOptions,
    tables: &'a Tables,
    /// `distinct` attributes numbered so far, in print order.
    distinct_ids: FxHashMap<Attr, u64>,
    /// Keys of the `dense_resource` blobs printed so far, in first-use order (upstream
    /// prints the used builtin blobs in that order).
    resources_used: Vec<Ident>,
    resources_seen: FxHashSet<Ident>,
    /// Where finished lines go (`print_module_to`); `None` keeps everything in the buffer.
    sink: Option<&'a mut (dyn std::io::Write + Send)>,
    io_error: Option<std::io::Error>,
    /// The region whose top-level ops are printed by worker threads (see `print_ops_parallel`).
    parallel_region: Option<RegionId>,
    /// The dialect whose prefix op names leave out, per enclosing op (custom form only;
    /// `builtin` outside every op, as upstream starts).
    default_dialects: Vec<&'a str>,
    /// Whether aliases defined after the module may be used (not inside properties the alias
    /// pass did not walk; see `alias::props_walked`).
    deferred_aliases: bool,
    /// The last file name a location printed, quoted and escaped: the locations of a module
    /// nearly all name one file, and escaping it again for each costs more than the copy.
    quoted_file: Option<(Ident, String)>,
    /// The spelled-out text of the dialect types (`!pdl.value`) printed so far: a module
    /// names a handful of them tens of thousands of times, and deciding each time whether
    /// the body may print pretty costs a scan of it.
    opaque_types: IndexTable<Type, Box<str>>,
    /// Per op name and enclosing default dialect: the op's custom-form hooks and the name
    /// as the custom form writes it. A module repeats a few dozen names tens of thousands
    /// of times; one lookup here replaces the registry's and the prefix test.
    /// The default dialect is keyed by its text's address and length, not its text: it
    /// comes from the enclosing op's hooks, which hand out the same string every time, so
    /// hashing and comparing its bytes for every op bought nothing (the same text at
    /// another address just takes an entry of its own).
    op_forms: FxHashMap<(Ident, usize, usize), OpForm<'a>>,
    /// The `op_forms` entry last used for each name, with its default dialect's address and
    /// length: ops of one name nearly always sit under one default dialect, and reading this
    /// costs no hashing.
    last_forms: IndexTable<Ident, (usize, usize, OpForm<'a>)>,
    /// Whether a static list of elided attribute names (by address and length) holds a
    /// name: see `OpAsmPrinter::print_optional_attr_dict_static`.
    elided_names: FxHashMap<(usize, usize, Ident), bool>,
}

/// What `Printer::op_forms` remembers of an op name.
#[derive(Clone, Copy)]
struct OpForm<'a> {
    /// The custom-form hooks, if the op has some.
    hooks: Option<&'a dyn crate::custom::OpAssembly>,
    /// The name without the default dialect's prefix where that is unambiguous.
    short: &'a str,
}

/// How a region is printed (upstream's `printRegion` flags).
#[derive(Clone, Copy)]
struct RegionFlags {
    /// Print the entry block's header when it has arguments.
    entry_args: bool,
    /// Print the entry block's terminator.
    terminators: bool,
    /// Print the header of an empty entry block.
    empty_block: bool,
}

impl RegionFlags {
    /// What the generic form prints: everything.
    const ALL: RegionFlags = RegionFlags {
        entry_args: true,
        terminators: true,
        empty_block: true,
    };
}

impl<'a> Printer<'a> {
    fn new(ctx: &'a Context, body: &'a Body, opts: PrintOptions, tables: &'a Tables) -> Self {
        Printer {
            ctx,
            body,
            opts,
            tables,
            distinct_ids: FxHashMap::default(),
            resources_used: Vec::new(),
            resources_seen: FxHashSet::default(),
            sink: None,
            io_error: None,
            parallel_region: None,
            default_dialects: Vec::new(),
            deferred_aliases: true,
            quoted_file: None,
            opaque_types: IndexTable::default(),
            op_forms: FxHashMap::default(),
            last_forms: IndexTable::default(),
            elided_names: FxHashMap::default(),
        }
    }

    /// The shared tables, with their own lifetime (so reading them does not hold `self`).
    #[inline]
    fn tables(&self) -> &'a Tables {
        self.tables
    }

    /// Records that the builtin resource `key` was printed.
    fn note_resource_use(&mut self, key: Ident) {
        if self.resources_seen.insert(key) {
            self.resources_used.push(key);
        }
    }

    /// Prints `ops` (each on its own line at `indent`) on worker threads, chunk by chunk,
    /// handing the chunks to the sink in order; at most a few chunks are in memory at once.
    fn print_ops_parallel(&mut self, ops: &[OpId], indent: usize, out: &mut String) {
        self.flush(out);
        // Weigh each op by the ops nested in it: a parsed op is created after everything
        // inside it, so that is roughly the distance between consecutive ids. An op without
        // regions weighs one whatever its id: after a rewrite, new ops (high ids) sit between
        // parsed ones, and id distances would make a group of every new op.
        let mut groups: Vec<&[OpId]> = Vec::new();
        let total = (ops[ops.len() - 1].as_u32() as usize).max(ops.len());
        let target = (total / (self.opts.workers * 64)).max(256);
        let (mut start, mut weight, mut prev) = (0, 0, 0u32);
        for (i, op) in ops.iter().enumerate() {
            weight += if self.body.num_regions(*op) == 0 {
                1
            } else {
                (op.as_u32().saturating_sub(prev) as usize).max(1)
            };
            prev = op.as_u32();
            if weight >= target || i + 1 == ops.len() {
                groups.push(&ops[start..=i]);
                (start, weight) = (i + 1, 0);
            }
        }
        let (ctx, body, opts, tables) = (self.ctx, self.body, self.opts, self.tables);
        let threads = opts.workers;
        // Workers print inside the same enclosing ops as this printer.
        let default_dialects = self.default_dialects.clone();
        let default_dialects = &default_dialects;
        std::thread::scope(|scope| {
            let mut receivers = Vec::new();
            for t in 0..threads {
                let (tx, rx) = std::sync::mpsc::sync_channel::<String>(2);
                let mine: Vec<&[OpId]> = groups.iter().skip(t).step_by(threads).copied().collect();
                scope.spawn(move || {
                    let mut worker = Printer::new(ctx, body, opts, tables);
                    worker.default_dialects = default_dialects.clone();
                    for group in mine {
                        let mut buf = String::with_capacity(FLUSH_AT);
                        for &op in group {
                            push_indent(&mut buf, indent);
                            worker.print_op(op, indent, &mut buf);
                            buf.push('\n');
                        }
                        if tx.send(buf).is_err() {
                            return;
                        }
                    }
                });
                receivers.push(rx);
            }
            for k in 0..groups.len() {
                // A closed channel means its worker panicked; the scope re-raises that.
                let Ok(mut buf) = receivers[k % threads].recv() else {
                    break;
                };
                self.flush(&mut buf);
                // Nobody will read the rest; dropping the receivers stops the workers.
                if self.io_error.is_some() {
                    break;
                }
            }
        });
    }

    /// The region whose ops are worth printing on workers: `region` itself, or, while it
    /// holds only a few ops, the biggest region of one of them (a module of one huge
    /// function prints the function's body in parallel). Op ids grow as ops are created,
    /// parents after their contents, so an op's id minus its predecessor's is roughly
    /// how much it holds.
    fn widest_region(&self, mut region: RegionId) -> RegionId {
        const FEW: usize = 16;
        let body = self.body;
        loop {
            let ops: Vec<OpId> = body
                .region_blocks(region)
                .flat_map(|b| body.block_ops(b))
                .take(FEW + 1)
                .collect();
            if ops.len() > FEW || body.region_blocks(region).count() != 1 {
                return region;
            }
            let biggest = ops
                .iter()
                .flat_map(|&op| body.regions(op))
                .max_by_key(|&r| {
                    body.region_blocks(r)
                        .map(|b| body.block_ops(b).count())
                        .sum::<usize>()
                });
            let Some(inner) = biggest else {
                return region;
            };
            if body.region_blocks(inner).count() != 1 {
                return region;
            }
            region = inner;
        }
    }

    fn print_module(&mut self, root: OpId, resources: &Resources, out: &mut String) {
        // Big modules stream through worker threads if the caller allows them, unless
        // distinct attributes or resource blobs need numbering or ordering in print order.
        if self.sink.is_some()
            && self.ctx.num_distinct_attrs() == 0
            && !resources.has_dialect_resources()
            && self.body.op_capacity() >= PARALLEL_MIN_OPS
            && self.opts.workers > 0
        {
            self.parallel_region = self
                .body
                .regions(root)
                .next()
                .map(|r| self.widest_region(r));
        }
        // In local scope upstream prints the op alone: no aliases, no newline after it, no
        // resources.
        if self.opts.local_scope {
            self.print_op(root, 0, out);
            return;
        }
        self.print_alias_defs(false, out);
        self.print_op(root, 0, out);
        out.push('\n');
        self.print_alias_defs(true, out);
        let used: Vec<&str> = self
            .resources_used
            .iter()
            .map(|&k| self.ctx.str(k))
            .collect();
        resources.print(&used, out);
    }

    /// Hands the buffer to the sink, if there is one (after the first error, drops it).
    fn flush(&mut self, out: &mut String) {
        if let Some(sink) = self.sink.as_mut() {
            if self.io_error.is_none() {
                if let Err(e) = sink.write_all(out.as_bytes()) {
                    self.io_error = Some(e);
                }
            }
            out.clear();
        }
    }
}

/// An op's attributes, kept inline for the few most ops have.
pub type AttrList = smallvec::SmallVec<[(Ident, Attr); 8]>;

/// An op's attributes and properties in one list sorted by name (what
/// [`OpAsmPrinter::op_attrs_and_props`] returns): the op's own list when it holds only one
/// kind, which is the common case and needs no copy, or the two merged. Reads as a slice.
pub enum OpAttrs<'a> {
    /// The op's attributes or its properties, as the context holds them.
    Borrowed(&'a [(Ident, Attr)]),
    /// Both kinds, merged by name.
    Merged(AttrList),
}

impl std::ops::Deref for OpAttrs<'_> {
    type Target = [(Ident, Attr)];

    #[inline]
    fn deref(&self) -> &[(Ident, Attr)] {
        match self {
            OpAttrs::Borrowed(list) => list,
            OpAttrs::Merged(list) => list,
        }
    }
}

/// An interned handle that keys an [`IndexTable`]: numbered from 0 in creation order.
trait Indexed: Copy + Eq + std::hash::Hash {
    fn index(self) -> usize;
}

impl Indexed for Ident {
    #[inline(always)]
    fn index(self) -> usize {
        Ident::index(self)
    }
}

impl Indexed for Type {
    #[inline(always)]
    fn index(self) -> usize {
        Type::index(self)
    }
}

/// Handles below this index are remembered in side tables indexed by their index rather
/// than hashed (at most a few hundred kilobytes per table).
const DENSE_NAMES: usize = 1 << 14;

/// What the printer remembers per op name or type while it prints: by index in a vector for
/// handles below [`DENSE_NAMES`] (a context interns its registered op names and the dialect
/// types a module names early, so they have low indices, and reading the vector costs no
/// hashing), in a hash map past that.
struct IndexTable<K, V> {
    dense: Vec<Option<V>>,
    sparse: FxHashMap<K, V>,
}

impl<K, V> Default for IndexTable<K, V> {
    fn default() -> Self {
        IndexTable {
            dense: Vec::new(),
            sparse: FxHashMap::default(),
        }
    }
}

impl<K: Indexed, V> IndexTable<K, V> {
    /// What was last stored for `key`.
    #[inline(always)]
    fn get(&self, key: K) -> Option<&V> {
        let i = key.index();
        if i < DENSE_NAMES {
            self.dense.get(i)?.as_ref()
        } else {
            self.sparse.get(&key)
        }
    }

    /// Stores `value` for `key`, in place of what was there.
    fn insert(&mut self, key: K, value: V) {
        let i = key.index();
        if i < DENSE_NAMES {
            if self.dense.len() <= i {
                self.dense.resize_with(i + 1, || None);
            }
            self.dense[i] = Some(value);
        } else {
            self.sparse.insert(key, value);
        }
    }
}

/// Each op name's custom-form hooks, as the registry answers, asked once per name: the
/// passes before printing (alias walk, result naming) ask for every op, and a module repeats
/// a few dozen names tens of thousands of times.
#[derive(Default)]
struct HooksByName<'c> {
    known: IndexTable<Ident, Option<&'c dyn crate::custom::OpAssembly>>,
}

impl<'c> HooksByName<'c> {
    /// The hooks of ops named `name`, if they have a custom form. Always inlined: with
    /// plain `#[inline]`, `tessera-pdll -x=mlir` on `bench/pdll/gen.py 10000` ran 3.1 M more
    /// instructions than with the lookup written out at each caller.
    #[inline(always)]
    fn get(&mut self, ctx: &'c Context, name: Ident) -> Option<&'c dyn crate::custom::OpAssembly> {
        match self.known.get(name) {
            Some(&known) => known,
            None => self.ask(ctx, name),
        }
    }

    /// `get` of a name not asked before.
    #[inline(never)]
    fn ask(&mut self, ctx: &'c Context, name: Ident) -> Option<&'c dyn crate::custom::OpAssembly> {
        let hooks = crate::custom::op_assembly_ref(ctx, name);
        self.known.insert(name, hooks);
        hooks
    }
}

/// Two attribute lists sorted by name, merged into one sorted list (an op's discardable
/// attributes and its properties, as upstream's `getAttrs()` returns them); on equal names
/// the first list's entry comes first. Asked for every op the format engine prints, so it
/// allocates only for ops with more than eight.
fn merge_by_name(ctx: &Context, first: &[(Ident, Attr)], second: &[(Ident, Attr)]) -> AttrList {
    // Most ops hold only one kind (a registered op's attributes are nearly all
    // properties): one slice copy, not an element-wise chained collect.
    if second.is_empty() {
        return AttrList::from_slice(first);
    }
    if first.is_empty() {
        return AttrList::from_slice(second);
    }
    let mut all = AttrList::with_capacity(first.len() + second.len());
    let (mut i, mut j) = (0, 0);
    while i < first.len() && j < second.len() {
        if ctx.str(first[i].0) <= ctx.str(second[j].0) {
            all.push(first[i]);
            i += 1;
        } else {
            all.push(second[j]);
            j += 1;
        }
    }
    all.extend_from_slice(&first[i..]);
    all.extend_from_slice(&second[j..]);
    all
}

/// The numbers `0000` to `9999`, zero-padded to four digits, back to back.
static QUAD_BYTES: [u8; 40_000] = quads();

/// `QUAD_BYTES` as text (it is ASCII).
static QUADS: &str = match std::str::from_utf8(&QUAD_BYTES) {
    Ok(text) => text,
    Err(_) => panic!("decimal digits are ASCII"),
};

const fn quads() -> [u8; 40_000] {
    let mut table = [0u8; 40_000];
    let mut n = 0;
    while n < 10_000 {
        table[4 * n] = b'0' + (n / 1000) as u8;
        table[4 * n + 1] = b'0' + (n / 100 % 10) as u8;
        table[4 * n + 2] = b'0' + (n / 10 % 10) as u8;
        table[4 * n + 3] = b'0' + (n % 10) as u8;
        n += 1;
    }
    table
}

/// Appends `n` in decimal. Printed IR is full of numbers (value names, tens of thousands of
/// location aliases, lines and columns): one append per four digits, cut from a table, with
/// no buffer to validate as UTF-8.
fn push_u64(out: &mut String, n: u64) {
    if n < 10 {
        out.push(char::from(b'0' + n as u8));
    } else if n < 10_000 {
        let n = n as usize;
        let digits = 2 + usize::from(n >= 100) + usize::from(n >= 1000);
        out.push_str(&QUADS[4 * n + 4 - digits..4 * n + 4]);
    } else {
        push_u64(out, n / 10_000);
        let low = (n % 10_000) as usize;
        out.push_str(&QUADS[4 * low..4 * low + 4]);
    }
}

/// Appends `n` in decimal.
fn push_i64(out: &mut String, n: i64) {
    if n < 0 {
        out.push('-');
    }
    push_u64(out, n.unsigned_abs());
}

/// Appends `n` spaces.
fn push_indent(out: &mut String, n: usize) {
    const SPACES: &str = "                                                                ";
    let mut n = n;
    while n > 0 {
        let k = n.min(SPACES.len());
        out.push_str(&SPACES[..k]);
        n -= k;
    }
}

#[cfg(test)]
mod tests {
    use super::{push_i64, push_u64};

    #[test]
    fn decimal_digits_match_display() {
        let mut samples = vec![0, 1, 9, 10, 11, 99, 100, 101, 109, 110, 999, 1000, 1001];
        samples.extend([12_345, 1 << 32, u64::MAX - 1, u64::MAX]);
        // Four-digit chunks after the first are zero-padded.
        samples.extend([10_005, 10_050, 10_500, 100_000_007, 1_000_010_000, 70_000]);
        // Every power of ten and its neighbours, where the digit count changes.
        let mut p = 10u64;
        while let Some(next) = p.checked_mul(10) {
            samples.extend([p - 1, p, p + 1]);
            p = next;
        }
        for n in samples {
            let mut out = String::from(">");
            push_u64(&mut out, n);
            assert_eq!(out, format!(">{n}"));
        }
        for n in [0, -1, -10, -100, i64::MIN, i64::MAX] {
            let mut out = String::new();
            push_i64(&mut out, n);
            assert_eq!(out, n.to_string());
        }
    }
}
