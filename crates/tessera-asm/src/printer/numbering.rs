//! Value and block numbering: the `%N`, `%argN` and `^bbN` names upstream gives.
//!
//! Upstream numbers values with global counters while it walks regions from a LIFO stack:
//! every op with results takes the next `%N` (its results are `%N#i`), arguments of entry
//! blocks are `%argN`, arguments of other blocks share the `%N` counter, and blocks are
//! numbered within their region. The numbering is computed once before printing and is
//! read-only afterwards, so printing threads share it.

use super::{push_u64, Printer};
use smallvec::SmallVec;
use tessera_ir::{BlockId, Body, Context, OpId, OpTraits, RegionId, ValueDef, ValueId};

#[derive(Copy, Clone)]
enum ValueName {
    None,
    Result(u32),
    Arg(u32),
    /// A result in a group of results a custom form named (`%sum`, `%low#1`), or of an op
    /// with several results (`%3#1`).
    Group {
        base: GroupBase,
        /// Position in the group.
        offset: u32,
        /// Values in the group.
        size: u32,
    },
}

/// What a result group is called: a suggested name (made unique) or a number.
#[derive(Copy, Clone)]
enum GroupBase {
    /// `names[i]`.
    Name(u32),
    /// `%N`.
    Number(u32),
}

/// Names of values and blocks, by id.
#[derive(Default)]
pub(super) struct Numbering {
    values: Vec<ValueName>,
    /// Number of each block within its region, by block id (`u32::MAX`: not numbered).
    blocks: Vec<u32>,
    /// The names of `ValueName::Named` values.
    names: Vec<Box<str>>,
}

/// Where the next region's numbering continues from: upstream saves its counters and name
/// scope when it queues a region and, in the custom form, restores them when it numbers it
/// (so sibling functions both start at `%0`).
#[derive(Clone, Copy)]
struct Counters {
    value: u32,
    arg: u32,
    conflict: u32,
    /// The name scope of the region the queued one is nested in.
    scope: usize,
}

/// What naming results reuses from op to op: the buffer for the suggestions, and each op
/// name's custom-form hooks (asked of the registry once per name, not once per op).
struct Naming<'c> {
    suggested: crate::custom::ResultNames,
    hooks: super::HooksByName<'c>,
}

/// Names taken in one region, and the scope of the region around it.
struct NameScope {
    parent: Option<usize>,
    names: rustc_hash::FxHashSet<Box<str>>,
}

impl Numbering {
    /// Nothing numbered (printing types and attributes alone).
    pub(super) fn empty() -> Numbering {
        Numbering::default()
    }

    /// The numbering upstream gives the regions of `root` (the module): in the generic form
    /// one counter runs through the whole module; in the custom form each region continues
    /// from its parent's counters and ops may name their results.
    pub(super) fn module(ctx: &Context, body: &Body, root: OpId, generic: bool) -> Numbering {
        Numbering::scope(body, root, false, (!generic).then_some(ctx))
    }

    /// The numbering upstream uses to print `op` alone (the "see current operation" notes):
    /// that of the closest op enclosing `op` that is isolated from above, or of the outermost
    /// op if none is. When `op` is itself isolated, it is its own scope and its results are
    /// numbered first. Values from outside the scope stay unnumbered, as upstream leaves them.
    pub(super) fn local(ctx: &Context, body: &Body, op: OpId) -> Numbering {
        let isolated = |o: OpId| {
            ctx.op_info(body.op_name(o))
                .is_some_and(|i| i.traits.contains(OpTraits::ISOLATED_FROM_ABOVE))
        };
        if isolated(op) {
            return Numbering::scope(body, op, true, None);
        }
        let mut scope = op;
        while let Some(parent) = body.parent_op(scope) {
            scope = parent;
            if isolated(scope) {
                break;
            }
        }
        if scope == op {
            Numbering::scope(body, op, true, None)
        } else {
            Numbering::scope(body, scope, false, None)
        }
    }

    /// Names `op`'s results `%number`: one result as a plain `Result`, several as one numbered
    /// group (`%number#i`), which is what printing would otherwise work out for every use
    /// by asking the value's defining op how many results it has.
    fn number_results(&mut self, body: &Body, op: OpId, number: u32) {
        let size = body.num_results(op) as u32;
        for (i, r) in body.results(op).enumerate() {
            self.values[r.as_u32() as usize] = if size == 1 {
                ValueName::Result(number)
            } else {
                ValueName::Group {
                    base: GroupBase::Number(number),
                    offset: i as u32,
                    size,
                }
            };
        }
    }

    /// Numbers the regions of `root` (and, with `with_root_results`, its results first) with
    /// upstream's counters; `custom` (the context) asks for the custom form's numbering.
    fn scope(
        body: &Body,
        root: OpId,
        with_root_results: bool,
        custom: Option<&Context>,
    ) -> Numbering {
        let mut n = Numbering {
            values: vec![ValueName::None; body.value_capacity()],
            blocks: vec![u32::MAX; body.block_capacity()],
            names: Vec::new(),
        };
        let mut c = Counters {
            value: 0,
            arg: 0,
            conflict: 0,
            scope: 0,
        };
        let mut scopes = vec![NameScope {
            parent: None,
            names: Default::default(),
        }];
        if with_root_results && body.num_results(root) > 0 {
            n.number_results(body, root, 0);
            c.value = 1;
        }
        let mut stack: Vec<(RegionId, Counters)> = body.regions(root).map(|r| (r, c)).collect();
        let mut naming = Naming {
            suggested: crate::custom::ResultNames::default(),
            hooks: super::HooksByName::default(),
        };
        // The regions of the ops of the region being numbered, gathered in the same walk.
        let mut nested: Vec<RegionId> = Vec::new();
        while let Some((region, saved)) = stack.pop() {
            if custom.is_some() {
                c = saved;
                scopes.push(NameScope {
                    parent: Some(saved.scope),
                    names: Default::default(),
                });
                c.scope = scopes.len() - 1;
            }
            for (i, b) in body.region_blocks(region).enumerate() {
                let slot = b.as_u32() as usize;
                if n.blocks.len() <= slot {
                    n.blocks.resize(slot + 1, u32::MAX);
                }
                n.blocks[slot] = i as u32;
                // Only entry-block arguments are `%argN`; others share the value counter.
                for &arg in body.block_args(b) {
                    n.values[arg.as_u32() as usize] = if i == 0 {
                        c.arg += 1;
                        ValueName::Arg(c.arg - 1)
                    } else {
                        c.value += 1;
                        ValueName::Result(c.value - 1)
                    };
                }
                for op in body.block_ops(b) {
                    nested.extend(body.regions(op));
                    if body.num_results(op) == 0 {
                        continue;
                    }
                    if let Some(ctx) = custom {
                        if n.name_results(ctx, body, op, &mut naming, &mut c, &mut scopes) {
                            continue;
                        }
                    }
                    n.number_results(body, op, c.value);
                    c.value += 1;
                }
            }
            // The regions nested here continue from the counters as this region leaves them.
            stack.extend(nested.drain(..).map(|r| (r, c)));
        }
        n
    }

    /// Gives the results of `op` the name its custom form suggests for them, made unique
    /// among the names visible in the current region as upstream does (`c0`, then `c0_0`,
    /// `c0_1`, ... with one conflict counter).
    /// Names the results of `op` as its custom form suggests, made unique among the names
    /// visible in the current region as upstream does (`c0`, then `c0_0`, `c0_1`, ... with
    /// one conflict counter). Each named result starts a result group (`%sum, %overflow =`);
    /// an unnamed first result takes the next number. Returns whether `op` was named.
    fn name_results<'c>(
        &mut self,
        ctx: &'c Context,
        body: &Body,
        op: OpId,
        naming: &mut Naming<'c>,
        c: &mut Counters,
        scopes: &mut [NameScope],
    ) -> bool {
        let op_name = body.op_name(op);
        let Some(hooks) = naming.hooks.get(ctx, op_name) else {
            return false;
        };
        let suggested = &mut naming.suggested;
        suggested.names.clear();
        hooks.result_names(ctx, body, op, suggested);
        let num_results = body.num_results(op) as u32;
        // (result number, index into `names`) of each named result, in naming order.
        let mut named: SmallVec<[(u32, u32); 2]> = SmallVec::new();
        for (value, name) in &suggested.names {
            let ValueDef::Result(owner, r) = body.value_def(*value) else {
                continue;
            };
            if owner != op || name.is_empty() || named.iter().any(|&(n, _)| n == r) {
                continue;
            }
            let unique = unique_name(&sanitize(name), c, scopes);
            scopes[c.scope].names.insert(unique.clone().into());
            named.push((r, self.names.len() as u32));
            self.names.push(unique.into());
        }
        if named.is_empty() {
            return false;
        }
        let mut starts: SmallVec<[u32; 4]> = named.iter().map(|&(r, _)| r).collect();
        starts.push(0);
        starts.sort_unstable();
        starts.dedup();
        for (k, &start) in starts.iter().enumerate() {
            let end = starts.get(k + 1).copied().unwrap_or(num_results);
            let base = match named.iter().find(|&&(r, _)| r == start) {
                Some(&(_, name)) => GroupBase::Name(name),
                None => {
                    c.value += 1;
                    GroupBase::Number(c.value - 1)
                }
            };
            for r in start..end {
                self.values[body.result(op, r as usize).as_u32() as usize] = ValueName::Group {
                    base,
                    offset: r - start,
                    size: end - start,
                };
            }
        }
        true
    }

    fn value(&self, v: ValueId) -> ValueName {
        self.values
            .get(v.as_u32() as usize)
            .copied()
            .unwrap_or(ValueName::None)
    }

    /// The number of a block within its region, if it was numbered.
    pub(super) fn block(&self, b: BlockId) -> Option<u32> {
        self.blocks
            .get(b.as_u32() as usize)
            .copied()
            .filter(|&id| id != u32::MAX)
    }
}

impl Printer<'_> {
    /// `%N`, `%N#i` (a result of a multi-result op) or `%argN`.
    pub(super) fn print_value(&self, v: ValueId, out: &mut String) {
        match self.tables().numbering.value(v) {
            ValueName::Arg(n) => {
                out.push_str("%arg");
                push_u64(out, n.into());
            }
            // An op's only result, or a block argument past the entry block (results of
            // ops with several are numbered groups).
            ValueName::Result(n) => {
                out.push('%');
                push_u64(out, n.into());
            }
            ValueName::Group { base, offset, size } => {
                self.print_group_base(base, out);
                if size > 1 {
                    out.push('#');
                    push_u64(out, offset.into());
                }
            }
            ValueName::None => out.push_str("<<UNKNOWN SSA VALUE>>"),
        }
    }

    fn print_group_base(&self, base: GroupBase, out: &mut String) {
        out.push('%');
        match base {
            GroupBase::Name(i) => out.push_str(&self.tables().numbering.names[i as usize]),
            GroupBase::Number(n) => push_u64(out, n.into()),
        }
    }

    /// The left-hand side of an op with results: `%0`, `%0:2`, or for named result groups
    /// `%sum, %overflow` (each group with `:size` when it holds several).
    pub(super) fn print_results_lhs(&self, op: OpId, out: &mut String) {
        let body = self.body;
        let first = body.result(op, 0);
        if let ValueName::Group { .. } = self.tables().numbering.value(first) {
            let mut k = 0;
            for r in body.results(op) {
                if let ValueName::Group {
                    base,
                    offset: 0,
                    size,
                } = self.tables().numbering.value(r)
                {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.print_group_base(base, out);
                    if size > 1 {
                        out.push(':');
                        push_u64(out, size.into());
                    }
                    k += 1;
                }
            }
            return;
        }
        let start = out.len();
        self.print_value(first, out);
        let n = body.num_results(op);
        if n > 1 {
            // `%0#0` -> `%0:N`
            if let Some(cut) = out[start..].rfind('#') {
                out.truncate(start + cut);
            }
            out.push(':');
            push_u64(out, n as u64);
        }
    }

    /// `^bbN`.
    pub(super) fn print_block_name(&self, b: BlockId, out: &mut String) {
        match self.tables().numbering.block(b) {
            Some(id) => {
                out.push_str("^bb");
                push_u64(out, id.into());
            }
            None => out.push_str("^INVALIDBLOCK"),
        }
    }
}

/// `base`, or if a visible region already uses it, `base_N` with the next free conflict
/// number.
fn unique_name(base: &str, c: &mut Counters, scopes: &[NameScope]) -> String {
    let taken = |candidate: &str| {
        let mut at = Some(c.scope);
        while let Some(i) = at {
            if scopes[i].names.contains(candidate) {
                return true;
            }
            at = scopes[i].parent;
        }
        false
    };
    if !taken(base) {
        return base.to_string();
    }
    loop {
        let probe = format!("{base}_{}", c.conflict);
        c.conflict += 1;
        if !taken(&probe) {
            return probe;
        }
    }
}

/// A suggested name as upstream makes it an identifier: characters outside letters, digits
/// and `$._-` become `_`, and a leading digit gets a `_` before it (it could clash with
/// numbered values).
fn sanitize(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 1);
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        out.push('_');
    }
    for ch in name.chars() {
        if ch.is_ascii_alphanumeric() || "$._-".contains(ch) {
            out.push(ch);
        } else {
            out.push('_');
        }
    }
    out
}
