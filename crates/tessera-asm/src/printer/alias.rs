//! Alias analysis: which attributes and types get a `#name = ...` / `!name = ...` alias, and
//! in which order the definitions are printed, as upstream's alias pass decides.
//!
//! The module is walked in the order upstream visits it (location, regions, operand types,
//! result types, attributes). Every attribute and type reached is a node of the alias graph;
//! its state lives in vectors indexed by `Attr::index()` / `Type::index()`, and only nodes with
//! an alias candidate at or below them get an `AliasInfo` (most attributes of a large module
//! get none, only a "seen" mark). Names are assigned by (depth, types first, prefix), stable on
//! first visit; location-only aliases are deferred to the end of the file. The result,
//! `Aliases`, is immutable and shared by every printing thread.

use super::{Elide, Printer};
use crate::upstream;
use rustc_hash::FxHashMap;
use smallvec::{smallvec, SmallVec};
use tessera_ir::{Attr, AttrKind, BlockId, Body, Context, LocKind, OpId, Type, TypeKind};

/// A node of the alias graph.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub(super) enum Node {
    Attr(Attr),
    Type(Type),
}

/// A node that is an alias candidate or has one below it.
struct AliasInfo {
    node: Node,
    prefix: Option<&'static str>,
    depth: u32,
    deferrable: bool,
    /// Children that have an `AliasInfo`.
    children: Vec<usize>,
    /// Where the alias name is spelled out in `Aliases::names`, once chosen.
    name: Option<(u32, u32)>,
}

/// An alias name: its prefix, then its number unless it is the first (`loc`, `loc1`, ...),
/// spelled out once when names are assigned (a module's tens of thousands of location
/// aliases are each named twice, at the definition and the use).
#[derive(Copy, Clone)]
pub(super) struct AliasName<'a> {
    text: &'a str,
}

impl AliasName<'_> {
    /// Appends the name (without `#` or `!`).
    #[inline]
    pub(super) fn push_to(self, out: &mut String) {
        out.push_str(self.text);
    }
}

/// State values: not visited yet, visited with no alias candidate at or below it, or
/// `INFO + i` for `infos[i]`.
const UNSEEN: u32 = 0;
const NO_ALIAS: u32 = 1;
const INFO: u32 = 2;

/// The aliases of a module: built once before printing, read-only afterwards.
#[derive(Default)]
pub(super) struct Aliases {
    infos: Vec<AliasInfo>,
    /// Alias-graph state of every attribute / type of the context, by `index()` (empty when
    /// aliases were not collected).
    attr_state: Vec<u32>,
    type_state: Vec<u32>,
    /// Infos with a name, in printing order.
    order: Vec<usize>,
    /// Every alias name, back to back (`AliasInfo::name` says where each is).
    names: String,
    /// Whether each op's custom-form hooks can print it, by op index, as the custom-form
    /// walk found (`CUSTOM_UNKNOWN` where it did not ask): the printer asks the same
    /// question of every op again, and for ops with variadic groups the answer costs
    /// splitting their operands.
    custom_form: Vec<u8>,
}

/// `Aliases::custom_form` values.
const CUSTOM_UNKNOWN: u8 = 0;
const CUSTOM_YES: u8 = 1;
const CUSTOM_NO: u8 = 2;

impl Aliases {
    /// The aliases upstream would print for the module `root`.
    pub(super) fn collect(
        ctx: &Context,
        body: &Body,
        root: OpId,
        opts: super::PrintOptions,
    ) -> Aliases {
        let mut c = Collector {
            ctx,
            aliases: Aliases {
                attr_state: vec![UNSEEN; ctx.num_attrs()],
                type_state: vec![UNSEEN; ctx.num_types()],
                ..Aliases::default()
            },
            hooks: super::HooksByName::default(),
        };
        if opts.generic {
            c.walk(body, root, opts.debug_info);
        } else {
            c.op_custom(body, root, opts.debug_info);
        }
        let mut aliases = c.aliases;
        aliases.assign_names();
        aliases
    }

    /// What the alias walk learned of whether `op`'s custom-form hooks can print it (`None`
    /// if it did not ask).
    #[inline]
    pub(super) fn custom_form(&self, op: OpId) -> Option<bool> {
        match self.custom_form.get(op.as_u32() as usize) {
            Some(&CUSTOM_YES) => Some(true),
            Some(&CUSTOM_NO) => Some(false),
            _ => None,
        }
    }

    #[inline]
    fn state(&self, node: Node) -> u32 {
        let s = match node {
            Node::Attr(a) => self.attr_state.get(a.index()),
            Node::Type(t) => self.type_state.get(t.index()),
        };
        s.copied().unwrap_or(UNSEEN)
    }

    /// The alias name of a node, if it got one. With `allow_deferred` false, an alias
    /// defined after the module counts as none (see `props_walked`).
    #[inline]
    pub(super) fn name(&self, node: Node, allow_deferred: bool) -> Option<AliasName<'_>> {
        match self.state(node) {
            s if s >= INFO => {
                let info = &self.infos[(s - INFO) as usize];
                if info.deferrable && !allow_deferred {
                    return None;
                }
                self.info_name(info)
            }
            _ => None,
        }
    }

    /// The name `info` got, if any.
    #[inline]
    fn info_name(&self, info: &AliasInfo) -> Option<AliasName<'_>> {
        let (start, end) = info.name?;
        Some(AliasName {
            text: self.names.get(start as usize..end as usize)?,
        })
    }

    /// Order: depth, types first, prefix; stable on first visit. Each prefix numbers its
    /// aliases `p`, `p1`, `p2`, ...
    fn assign_names(&mut self) {
        let mut order: Vec<usize> = (0..self.infos.len())
            .filter(|&i| self.infos[i].prefix.is_some())
            .collect();
        // Nearly every alias of a large module is a location (`loc`, depth 1): the prefixes
        // compared are mostly the same static string, told equal by address before their
        // text is compared.
        let infos = &self.infos;
        order.sort_by(|&a, &b| {
            let (x, y) = (&infos[a], &infos[b]);
            x.depth
                .cmp(&y.depth)
                .then_with(|| matches!(y.node, Node::Type(_)).cmp(&matches!(x.node, Node::Type(_))))
                .then_with(|| match (x.prefix, y.prefix) {
                    (Some(p), Some(q)) if std::ptr::eq(p, q) => std::cmp::Ordering::Equal,
                    (p, q) => p.cmp(&q),
                })
        });
        let mut counts: FxHashMap<&'static str, u32> = FxHashMap::default();
        // The prefix named last and its count, kept out of the map while runs of it (tens of
        // thousands of `loc`s) are named: no hashing of the same text for each.
        let mut run: Option<(&'static str, u32)> = None;
        for &i in &order {
            let Some(prefix) = self.infos[i].prefix else {
                continue;
            };
            let n = match run {
                Some((last, n)) if std::ptr::eq(last, prefix) => n,
                _ => {
                    if let Some((last, n)) = run {
                        counts.insert(last, n);
                    }
                    counts.get(prefix).copied().unwrap_or(0)
                }
            };
            let start = self.names.len() as u32;
            self.names.push_str(prefix);
            if n > 0 {
                super::push_u64(&mut self.names, u64::from(n));
            }
            self.infos[i].name = Some((start, self.names.len() as u32));
            run = Some((prefix, n + 1));
        }
        self.order = order;
    }
}

/// Whether the alias pass walks an op's properties: only a registered op's, as upstream's
/// `getAttrs()` holds them only then. An unregistered op's properties still print through the
/// aliases other places made, but never through one printed after the module (reached only from
/// locations): upstream does use those, and its own parser then rejects the forward reference.
pub(super) fn props_walked(ctx: &Context, body: &Body, op: OpId) -> bool {
    let name = body.op_name(op);
    upstream::registers_op(ctx.str(name)) || ctx.op_info(name).is_some()
}

/// Builds `Aliases` by walking a module.
pub(super) struct Collector<'a> {
    ctx: &'a Context,
    aliases: Aliases,
    /// Each op name's custom-form hooks.
    hooks: super::HooksByName<'a>,
}

impl<'a> Collector<'a> {
    /// The context whose attributes and types are visited.
    pub(super) fn ctx(&self) -> &'a Context {
        self.ctx
    }

    fn alias_prefix(&self, node: Node) -> Option<&'static str> {
        match node {
            Node::Attr(a) => match self.ctx.attr_kind(a) {
                AttrKind::AffineMap(_) => Some("map"),
                AttrKind::IntegerSet(_) => Some("set"),
                // Upstream gives `distinct[N]<>` (of `unit`) no alias.
                AttrKind::Distinct { referenced, .. }
                    if matches!(self.ctx.attr_kind(*referenced), AttrKind::Unit) =>
                {
                    None
                }
                AttrKind::Distinct { .. } => Some("distinct"),
                AttrKind::Loc(_) => Some("loc"),
                AttrKind::Opaque { dialect, body, .. } => {
                    upstream::dialect_attr_alias(self.ctx.str(*dialect), body)
                }
                _ => None,
            },
            Node::Type(t) => match self.ctx.type_kind(t) {
                TypeKind::Tuple(elems) if elems.len() > 16 => Some("tuple"),
                _ => None,
            },
        }
    }

    fn children(&self, node: Node) -> SmallVec<[Node; 4]> {
        let a = Node::Attr;
        let t = Node::Type;
        match node {
            Node::Attr(attr) => match self.ctx.attr_kind(attr) {
                AttrKind::Array(elems) => elems.iter().map(|&e| a(e)).collect(),
                AttrKind::Dictionary(entries) => entries.iter().map(|e| a(e.1)).collect(),
                AttrKind::Type(ty) => smallvec![t(*ty)],
                AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => smallvec![t(*ty)],
                AttrKind::String { ty, .. } | AttrKind::Opaque { ty, .. } => {
                    ty.iter().map(|&x| t(x)).collect()
                }
                AttrKind::DenseElements { ty, .. }
                | AttrKind::DenseStrings { ty, .. }
                | AttrKind::DenseResource { ty, .. } => smallvec![t(*ty)],
                // Upstream visits only the type: the indices and values print inline.
                AttrKind::Sparse { ty, .. } => smallvec![t(*ty)],
                AttrKind::DenseArray { element, .. } => smallvec![t(*element)],
                AttrKind::Distinct { referenced, .. } => smallvec![a(*referenced)],
                AttrKind::Loc(kind) => match kind {
                    // Upstream does not print (so does not visit) an unknown child.
                    LocKind::Name { child, .. }
                        if matches!(self.ctx.loc_kind(*child), LocKind::Unknown) =>
                    {
                        SmallVec::new()
                    }
                    LocKind::Name { child, .. } => smallvec![a(child.attr())],
                    LocKind::CallSite { callee, caller } => {
                        smallvec![a(callee.attr()), a(caller.attr())]
                    }
                    LocKind::Fused { locs, metadata } => metadata
                        .iter()
                        .map(|&m| a(m))
                        .chain(locs.iter().map(|l| a(l.attr())))
                        .collect(),
                    _ => SmallVec::new(),
                },
                _ => SmallVec::new(),
            },
            Node::Type(ty) => match self.ctx.type_kind(ty) {
                TypeKind::Complex(e) => smallvec![t(*e)],
                TypeKind::Tuple(elems) => elems.iter().map(|&e| t(e)).collect(),
                TypeKind::Function { inputs, results } => {
                    inputs.iter().chain(results.iter()).map(|&e| t(e)).collect()
                }
                TypeKind::RankedTensor {
                    element, encoding, ..
                } => std::iter::once(t(*element))
                    .chain(encoding.iter().map(|&e| a(e)))
                    .collect(),
                TypeKind::UnrankedTensor { element } => smallvec![t(*element)],
                TypeKind::MemRef {
                    element,
                    layout,
                    memory_space,
                    ..
                } => std::iter::once(t(*element))
                    .chain(layout.iter().map(|&e| a(e)))
                    .chain(memory_space.iter().map(|&e| a(e)))
                    .collect(),
                TypeKind::UnrankedMemRef {
                    element,
                    memory_space,
                } => std::iter::once(t(*element))
                    .chain(memory_space.iter().map(|&e| a(e)))
                    .collect(),
                TypeKind::Vector { element, .. } => smallvec![t(*element)],
                _ => SmallVec::new(),
            },
        }
    }

    fn set_state(&mut self, node: Node, state: u32) {
        match node {
            Node::Attr(a) => self.aliases.attr_state[a.index()] = state,
            Node::Type(t) => self.aliases.type_state[t.index()] = state,
        }
    }

    /// Visits a node; returns (its contribution to a parent's alias depth, its info index if
    /// it has an alias candidate at or below it).
    pub(super) fn visit(&mut self, node: Node, deferrable: bool) -> (u32, Option<usize>) {
        match self.aliases.state(node) {
            NO_ALIAS => return (0, None),
            UNSEEN => {}
            s => {
                let idx = (s - INFO) as usize;
                if !deferrable {
                    self.mark_non_deferrable(idx);
                }
                return (self.aliases.infos[idx].depth, Some(idx));
            }
        }
        let idx = self.aliases.infos.len();
        // A file location (what nearly every op of a large module has, each its own) is an
        // aliased leaf: no need to ask its prefix and children the general way.
        if let Node::Attr(a) = node {
            if let AttrKind::Loc(LocKind::FileLineCol { .. }) = self.ctx.attr_kind(a) {
                self.aliases.infos.push(AliasInfo {
                    node,
                    prefix: Some("loc"),
                    depth: 1,
                    deferrable,
                    children: Vec::new(),
                    name: None,
                });
                self.set_state(node, INFO + idx as u32);
                return (1, Some(idx));
            }
        }
        // The info is pushed before the children are visited so that infos stay in first-visit
        // order; it is popped again (it is then the last one) if nothing below needs it.
        let prefix = self.alias_prefix(node);
        self.aliases.infos.push(AliasInfo {
            node,
            prefix,
            depth: 0,
            deferrable,
            children: Vec::new(),
            name: None,
        });
        self.set_state(node, INFO + idx as u32);
        let mut max_child = 0;
        let mut children = Vec::new();
        for child in self.children(node) {
            let (d, ci) = crate::with_stack(|| self.visit(child, deferrable));
            max_child = max_child.max(d);
            children.extend(ci);
        }
        if prefix.is_none() && children.is_empty() {
            debug_assert_eq!(self.aliases.infos.len(), idx + 1);
            self.aliases.infos.pop();
            self.set_state(node, NO_ALIAS);
            return (0, None);
        }
        // Upstream's alias depth: 1 for an aliased leaf, one more than the deepest child
        // otherwise (levels without an alias count too), 0 with nothing aliased below.
        let depth = if max_child > 0 {
            max_child + 1
        } else {
            u32::from(prefix.is_some())
        };
        let info = &mut self.aliases.infos[idx];
        info.depth = depth;
        info.children = children;
        (depth, Some(idx))
    }

    fn mark_non_deferrable(&mut self, idx: usize) {
        let mut stack = vec![idx];
        while let Some(i) = stack.pop() {
            let info = &mut self.aliases.infos[i];
            if !info.deferrable {
                continue;
            }
            info.deferrable = false;
            stack.extend(info.children.iter().copied());
        }
    }

    /// Iterative walk in the order upstream's alias pass prints ops: location, regions,
    /// operand types, result types, attributes. An explicit stack of work items keeps
    /// nesting depth off the call stack.
    fn walk(&mut self, body: &Body, root: OpId, debug_info: bool) {
        enum Work {
            Op(OpId),
            Args(BlockId),
            Tail(OpId),
        }
        let mut stack = vec![Work::Op(root)];
        let mut items = Vec::new();
        while let Some(w) = stack.pop() {
            match w {
                Work::Op(op) => {
                    if debug_info {
                        self.visit(Node::Attr(body.op_loc(op).attr()), true);
                    }
                    stack.push(Work::Tail(op));
                    // Regions: block args, then nested ops, in order; pushed reversed so they
                    // are visited in sequence.
                    items.clear();
                    for r in body.regions(op) {
                        for b in body.region_blocks(r) {
                            items.push(Work::Args(b));
                            items.extend(body.block_ops(b).map(Work::Op));
                        }
                    }
                    stack.extend(items.drain(..).rev());
                }
                Work::Args(b) => self.block_args(body, b, debug_info),
                Work::Tail(op) => self.op_tail(body, op),
            }
        }
    }

    /// The types (and with `debug_info` the locations) of a block's arguments.
    fn block_args(&mut self, body: &Body, b: BlockId, debug_info: bool) {
        for &arg in body.block_args(b) {
            self.visit(Node::Type(body.value_type(arg)), false);
            if debug_info {
                self.visit(Node::Attr(body.value_loc(arg).attr()), false);
            }
        }
    }

    /// What the generic form prints of an op after its regions: operand types, result
    /// types, attributes.
    fn op_tail(&mut self, body: &Body, op: OpId) {
        let ctx = self.ctx;
        for v in body.operands(op) {
            self.visit(Node::Type(body.value_type(v)), false);
        }
        for v in body.results(op) {
            self.visit(Node::Type(body.value_type(v)), false);
        }
        let attrs = ctx.dict_entries(body.op_attrs(op));
        let props = body
            .op_props(op)
            .filter(|_| props_walked(ctx, body, op))
            .map(|p| ctx.dict_entries(p))
            .unwrap_or(&[]);
        if props.is_empty() {
            for &(_, value) in attrs {
                self.visit(Node::Attr(value), false);
            }
        } else {
            // Upstream visits `op->getAttrs()`, which for a registered op is the
            // discardable attributes merged with the inherent ones (its
            // properties), sorted by name.
            for (_, value) in super::merge_by_name(ctx, attrs, props) {
                self.visit(Node::Attr(value), false);
            }
        }
    }
}

impl<'a> Collector<'a> {
    /// Visits what printing `op` in the custom form prints, in upstream's order: its
    /// location, then what its custom-form hooks print, or for an op printed generically its
    /// regions, operand types, result types and attributes.
    fn op_custom(&mut self, body: &'a Body, op: OpId, debug_info: bool) {
        if debug_info {
            self.visit(Node::Attr(body.op_loc(op).attr()), true);
        }
        let ctx = self.ctx;
        let name = body.op_name(op);
        if let Some(hooks) = self.hooks.get(ctx, name) {
            let printable = hooks.can_print(ctx, body, op);
            let slot = op.as_u32() as usize;
            let known = &mut self.aliases.custom_form;
            if known.len() <= slot {
                known.resize(body.op_capacity().max(slot + 1), CUSTOM_UNKNOWN);
            }
            known[slot] = if printable { CUSTOM_YES } else { CUSTOM_NO };
            if printable {
                // What the op holds cannot get an alias, so running its printer would only
                // visit its regions: visit them directly if the hooks can say which.
                if self.holds_no_alias(body, op) {
                    if let Some(regions) = hooks.printed_regions(ctx, body, op) {
                        for r in regions {
                            let flags = super::RegionFlags {
                                entry_args: r.entry_args,
                                terminators: r.terminators,
                                empty_block: r.empty_block,
                            };
                            self.region_custom(body, r.region, flags, debug_info);
                        }
                        return;
                    }
                }
                let mut p = super::OpAsmPrinter::collecting(self, body, debug_info);
                hooks.print(&mut p, op);
                return;
            }
        }
        for region in body.regions(op) {
            self.region_custom(body, region, super::RegionFlags::ALL, debug_info);
        }
        self.op_tail(body, op);
    }

    /// Whether no attribute or type `op` holds (attributes, properties, operand and result
    /// types) has an alias candidate at or below it. Nodes found free are marked as seen,
    /// as `visit` would mark them: a node without a candidate adds no info, so marking it
    /// here or later changes no order.
    fn holds_no_alias(&mut self, body: &Body, op: OpId) -> bool {
        let ctx = self.ctx;
        body.operands(op)
            .chain(body.results(op))
            .all(|v| self.alias_free(Node::Type(body.value_type(v))))
            && ctx
                .dict_entries(body.op_attrs(op))
                .iter()
                .chain(body.op_props(op).map_or(&[][..], |p| ctx.dict_entries(p)))
                .all(|&(_, a)| self.alias_free(Node::Attr(a)))
    }

    /// Whether `node` has no alias candidate at or below it; such nodes are marked seen.
    /// Asked for every type and attribute of every op, nearly always of a node seen
    /// before: that answer is read inline, only a new node takes the call.
    #[inline]
    fn alias_free(&mut self, node: Node) -> bool {
        match self.aliases.state(node) {
            NO_ALIAS => true,
            UNSEEN => self.alias_free_unseen(node),
            _ => false,
        }
    }

    /// `alias_free` of a node not seen yet.
    fn alias_free_unseen(&mut self, node: Node) -> bool {
        if self.alias_prefix(node).is_some() {
            return false;
        }
        for child in self.children(node) {
            if !crate::with_stack(|| self.alias_free(child)) {
                return false;
            }
        }
        self.set_state(node, NO_ALIAS);
        true
    }

    /// Visits a region as the custom form prints it (`flags` as in `print_region_with`).
    pub(super) fn region_custom(
        &mut self,
        body: &'a Body,
        region: tessera_ir::RegionId,
        flags: super::RegionFlags,
        debug_info: bool,
    ) {
        let ctx = self.ctx;
        for (i, b) in body.region_blocks(region).enumerate() {
            let is_entry = i == 0;
            if !is_entry || flags.entry_args {
                self.block_args(body, b, debug_info);
            }
            let skip = (is_entry && !flags.terminators)
                .then(|| body.last_op(b))
                .flatten()
                .filter(|&last| {
                    ctx.op_info(body.op_name(last))
                        .is_some_and(|i| i.traits.contains(tessera_ir::OpTraits::TERMINATOR))
                });
            for op in body.block_ops(b) {
                if Some(op) == skip {
                    continue;
                }
                // Only ops with regions nest the walk deeper: the others need no stack check.
                if body.num_regions(op) == 0 {
                    self.op_custom(body, op, debug_info);
                } else {
                    crate::with_stack(|| self.op_custom(body, op, debug_info));
                }
            }
        }
    }
}

impl Printer<'_> {
    /// Prints the alias definitions, either those printed before the module or the deferred
    /// (location-only) ones printed after it.
    pub(super) fn print_alias_defs(&mut self, deferred: bool, out: &mut String) {
        let aliases = &self.tables().aliases;
        for &i in &aliases.order {
            let info = &aliases.infos[i];
            if info.deferrable != deferred {
                continue;
            }
            let Some(name) = aliases.info_name(info) else {
                continue;
            };
            match info.node {
                Node::Attr(a) => {
                    out.push('#');
                    name.push_to(out);
                    out.push_str(" = ");
                    // Nearly all are file locations: printed straight, not through the
                    // general attribute printer's dispatch.
                    match self.ctx.as_location(a) {
                        Some(loc) => {
                            out.push_str("loc(");
                            self.print_loc_body(loc, out);
                            out.push(')');
                        }
                        None => self.print_attr_no_alias(a, Elide::Never, out),
                    }
                }
                Node::Type(t) => {
                    out.push('!');
                    name.push_to(out);
                    out.push_str(" = ");
                    self.print_type_no_alias(t, out);
                }
            }
            out.push('\n');
            // Tens of thousands of location aliases: handed to the sink as they come, not
            // gathered (and grown into fresh memory) first.
            if out.len() >= super::FLUSH_AT {
                self.flush(out);
            }
        }
    }
}
