//! Printer for the generic operation form, byte-compatible with `mlir-opt
//! --mlir-print-op-generic` of MLIR 19: value and block numbering, alias selection and
//! ordering (deferred location aliases at the end), float and elements formatting.

use crate::resources::Resources;
use rustc_hash::FxHashMap;
use smallvec::{smallvec, SmallVec};
use std::fmt::Write;
use std::sync::Arc;
use tessera_ir::{
    AffineExpr, AffineOp, Attr, AttrKind, BlockId, Body, Context, FloatKind, IntValue, LocKind,
    Location, OpId, RegionId, Signedness, Type, TypeKind, ValueDef, ValueId, DYNAMIC,
};

/// Printing options (the `--mlir-print-*` flags).
#[derive(Clone, Copy, Debug, Default)]
pub struct PrintOptions {
    /// Print locations (`--mlir-print-debuginfo`).
    pub debug_info: bool,
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
    let mut p = Printer::new(ctx, body, opts);
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
    let mut p = Printer::new(ctx, body, opts);
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

/// Modules with at least this many ops are printed on `PRINT_THREADS` worker threads.
const PARALLEL_MIN_OPS: usize = 20_000;
const PRINT_THREADS: usize = 2;

/// A type as upstream prints it, without aliases (for diagnostics).
pub fn type_to_string(ctx: &Context, ty: Type) -> String {
    let body = Body::new();
    let p = Printer::new(ctx, &body, PrintOptions::default());
    let mut s = String::new();
    p.print_type(ty, &mut s);
    s
}

/// An attribute as upstream prints it, without aliases.
pub fn attr_to_string(ctx: &Context, attr: Attr) -> String {
    let body = Body::new();
    let mut p = Printer::new(ctx, &body, PrintOptions::default());
    let mut s = String::new();
    p.print_attr(attr, Elide::Never, &mut s);
    s
}

/// One op in generic form on a single line, with values numbered locally (for the "see
/// current operation" notes of verifier errors).
pub fn op_to_string(ctx: &Context, body: &Body, op: OpId, opts: PrintOptions) -> String {
    let mut p = Printer::new(ctx, body, opts);
    // Number the op's operands and results as upstream's local scope does.
    let mut next = 0u32;
    for v in body.operands(op) {
        p.name_value_if_new(v, &mut next);
    }
    for v in body.results(op) {
        p.name_value_if_new(v, &mut next);
    }
    let mut s = String::new();
    p.print_op(op, 0, &mut s);
    s
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Elide {
    Never,
    May,
    Must,
}

#[derive(Copy, Clone, PartialEq, Eq, Hash)]
enum Node {
    Attr(Attr),
    Type(Type),
}

/// A node of the alias graph that is an alias candidate or has one below it; nodes without
/// any get no `AliasInfo` (most attributes of a large module), only a "seen" mark.
#[derive(Clone)]
struct AliasInfo {
    node: Node,
    prefix: Option<&'static str>,
    depth: u32,
    deferrable: bool,
    /// Children that have an `AliasInfo`.
    children: Vec<usize>,
    /// The alias name, once chosen.
    name: Option<String>,
}

/// `Printer::attr_state` / `type_state` values: not visited yet, visited with no alias
/// candidate at or below it, or `INFO + i` for `infos[i]`.
const UNSEEN: u32 = 0;
const NO_ALIAS: u32 = 1;
const INFO: u32 = 2;

#[derive(Copy, Clone)]
enum ValueName {
    None,
    Result(u32),
    Arg(u32),
}

struct Printer<'a> {
    ctx: &'a Context,
    body: &'a Body,
    opts: PrintOptions,
    infos: Arc<Vec<AliasInfo>>,
    /// Alias-graph state of every attribute / type of the context, by `index()` (empty when
    /// aliases were not collected).
    attr_state: Arc<Vec<u32>>,
    type_state: Arc<Vec<u32>>,
    /// Final alias names, in printing order.
    alias_order: Vec<usize>,
    value_names: Arc<Vec<ValueName>>,
    /// Number of each block within its region, by block id (`u32::MAX`: not numbered).
    block_ids: Arc<Vec<u32>>,
    distinct_ids: std::cell::RefCell<FxHashMap<Attr, u64>>,
    /// Keys of the `dense_resource` blobs printed so far, in first-use order (upstream
    /// prints the used builtin blobs in that order).
    resource_order: std::cell::RefCell<Vec<String>>,
    /// Where finished lines go (`print_module_to`); `None` keeps everything in the buffer.
    sink: Option<&'a mut (dyn std::io::Write + Send)>,
    io_error: Option<std::io::Error>,
    /// The region whose top-level ops are printed by worker threads (see `print_ops_parallel`).
    parallel_region: Option<RegionId>,
}

impl<'a> Printer<'a> {
    fn new(ctx: &'a Context, body: &'a Body, opts: PrintOptions) -> Self {
        Printer {
            ctx,
            body,
            opts,
            infos: Arc::new(Vec::new()),
            attr_state: Arc::new(Vec::new()),
            type_state: Arc::new(Vec::new()),
            alias_order: Vec::new(),
            value_names: Arc::new(vec![ValueName::None; body.value_capacity()]),
            block_ids: Arc::new(Vec::new()),
            distinct_ids: Default::default(),
            resource_order: Default::default(),
            sink: None,
            io_error: None,
            parallel_region: None,
        }
    }

    /// A printer sharing this one's aliases and numbering, for a worker thread.
    fn fork(&self) -> Printer<'a> {
        Printer {
            ctx: self.ctx,
            body: self.body,
            opts: self.opts,
            infos: self.infos.clone(),
            attr_state: self.attr_state.clone(),
            type_state: self.type_state.clone(),
            alias_order: Vec::new(),
            value_names: self.value_names.clone(),
            block_ids: self.block_ids.clone(),
            distinct_ids: Default::default(),
            resource_order: Default::default(),
            sink: None,
            io_error: None,
            parallel_region: None,
        }
    }

    /// Prints `ops` (each on its own line at `indent`) on worker threads, chunk by chunk,
    /// handing the chunks to the sink in order; at most a few chunks are in memory at once.
    fn print_ops_parallel(&mut self, ops: &[OpId], indent: usize, out: &mut String) {
        self.flush(out);
        // Weigh each op by the ops nested in it: a parsed op is created after everything
        // inside it, so that is roughly the distance between consecutive ids.
        let mut groups: Vec<&[OpId]> = Vec::new();
        let total = (ops[ops.len() - 1].as_u32() as usize).max(ops.len());
        let target = (total / (PRINT_THREADS * 64)).max(256);
        let (mut start, mut weight, mut prev) = (0, 0, 0u32);
        for (i, op) in ops.iter().enumerate() {
            weight += (op.as_u32().saturating_sub(prev) as usize).max(1);
            prev = op.as_u32();
            if weight >= target || i + 1 == ops.len() {
                groups.push(&ops[start..=i]);
                (start, weight) = (i + 1, 0);
            }
        }
        std::thread::scope(|scope| {
            let mut receivers = Vec::new();
            for t in 0..PRINT_THREADS {
                let (tx, rx) = std::sync::mpsc::sync_channel::<String>(2);
                let mut fork = self.fork();
                let mine: Vec<&[OpId]> = groups
                    .iter()
                    .skip(t)
                    .step_by(PRINT_THREADS)
                    .copied()
                    .collect();
                scope.spawn(move || {
                    for group in mine {
                        let mut buf = String::with_capacity(FLUSH_AT);
                        for &op in group {
                            push_indent(&mut buf, indent);
                            fork.print_op(op, indent, &mut buf);
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
                let Ok(mut buf) = receivers[k % PRINT_THREADS].recv() else {
                    break;
                };
                self.flush(&mut buf);
            }
        });
    }

    fn print_module(&mut self, root: OpId, resources: &Resources, out: &mut String) {
        self.collect_aliases(root);
        self.number_values(root);
        // Big modules stream through worker threads, unless distinct attributes or resource
        // blobs need numbering or ordering in print order.
        if self.sink.is_some()
            && self.ctx.num_distinct_attrs() == 0
            && resources.dialect.is_empty()
            && self.body.op_capacity() >= PARALLEL_MIN_OPS
            && std::thread::available_parallelism().is_ok_and(|n| n.get() > 1)
        {
            self.parallel_region = self.body.regions(root).next();
        }
        self.print_alias_defs(false, out);
        self.print_op(root, 0, out);
        out.push('\n');
        self.print_alias_defs(true, out);
        resources.print(&self.resource_order.borrow(), out);
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

    // ----- aliases ------------------------------------------------------------------------------

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
                // The alias upstream's sparse_tensor dialect gives its encodings.
                AttrKind::Opaque { dialect, body, .. }
                    if self.ctx.str(*dialect) == "sparse_tensor"
                        && body.starts_with("encoding<") =>
                {
                    Some("sparse")
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

    #[inline]
    fn state(&self, node: Node) -> u32 {
        let s = match node {
            Node::Attr(a) => self.attr_state.get(a.index()),
            Node::Type(t) => self.type_state.get(t.index()),
        };
        s.copied().unwrap_or(UNSEEN)
    }

    fn set_state(&mut self, node: Node, state: u32) {
        match node {
            Node::Attr(a) => Arc::make_mut(&mut self.attr_state)[a.index()] = state,
            Node::Type(t) => Arc::make_mut(&mut self.type_state)[t.index()] = state,
        }
    }

    /// The alias name of a node, if it got one.
    #[inline]
    fn alias_name(&self, node: Node) -> Option<&str> {
        match self.state(node) {
            s if s >= INFO => self.infos[(s - INFO) as usize].name.as_deref(),
            _ => None,
        }
    }

    /// Visits a node; returns (its contribution to a parent's alias depth, its info index if
    /// it has an alias candidate at or below it).
    fn visit(&mut self, node: Node, deferrable: bool) -> (u32, Option<usize>) {
        match self.state(node) {
            NO_ALIAS => return (0, None),
            UNSEEN => {}
            s => {
                let idx = (s - INFO) as usize;
                if !deferrable {
                    self.mark_non_deferrable(idx);
                }
                return (self.contribution(idx), Some(idx));
            }
        }
        // The info is pushed before the children are visited so that infos stay in first-visit
        // order; it is popped again (it is then the last one) if nothing below needs it.
        let idx = self.infos.len();
        let prefix = self.alias_prefix(node);
        Arc::make_mut(&mut self.infos).push(AliasInfo {
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
            let (d, ci) = self.visit(child, deferrable);
            max_child = max_child.max(d);
            children.extend(ci);
        }
        if prefix.is_none() && children.is_empty() {
            debug_assert_eq!(self.infos.len(), idx + 1);
            Arc::make_mut(&mut self.infos).pop();
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
        let info = &mut Arc::make_mut(&mut self.infos)[idx];
        info.depth = depth;
        info.children = children;
        (depth, Some(idx))
    }

    fn contribution(&self, idx: usize) -> u32 {
        self.infos[idx].depth
    }

    fn mark_non_deferrable(&mut self, idx: usize) {
        let mut stack = vec![idx];
        while let Some(i) = stack.pop() {
            if !self.infos[i].deferrable {
                continue;
            }
            Arc::make_mut(&mut self.infos)[i].deferrable = false;
            stack.extend(self.infos[i].children.iter().copied());
        }
    }

    fn collect_aliases(&mut self, root: OpId) {
        // Iterative walk in the order upstream's alias pass prints ops: location, regions,
        // operand types, result types, attributes. An explicit stack of "work items" keeps
        // nesting depth off the call stack.
        enum Work {
            Op(OpId),
            Args(BlockId),
            Tail(OpId),
        }
        self.attr_state = Arc::new(vec![UNSEEN; self.ctx.num_attrs()]);
        self.type_state = Arc::new(vec![UNSEEN; self.ctx.num_types()]);
        let mut stack = vec![Work::Op(root)];
        while let Some(w) = stack.pop() {
            match w {
                Work::Op(op) => {
                    if self.opts.debug_info {
                        self.visit(Node::Attr(self.body.op_loc(op).attr()), true);
                    }
                    stack.push(Work::Tail(op));
                    // Regions: block args, then nested ops, in order.
                    let mut items = Vec::new();
                    for r in self.body.regions(op) {
                        for b in self.body.region_blocks(r) {
                            items.push((Some(b), None));
                            for inner in self.body.block_ops(b) {
                                items.push((None, Some(inner)));
                            }
                        }
                    }
                    // Block arguments must be visited in sequence with the ops, so process
                    // them through the stack too (reversed).
                    for item in items.into_iter().rev() {
                        match item {
                            (Some(b), _) => stack.push(Work::Args(b)),
                            (_, Some(inner)) => stack.push(Work::Op(inner)),
                            _ => {}
                        }
                    }
                }
                Work::Args(b) => {
                    for &arg in self.body.block_args(b) {
                        self.visit(Node::Type(self.body.value_type(arg)), false);
                        if self.opts.debug_info {
                            self.visit(Node::Attr(self.body.value_loc(arg).attr()), false);
                        }
                    }
                }
                Work::Tail(op) => {
                    let body = self.body;
                    for v in body.operands(op) {
                        self.visit(Node::Type(body.value_type(v)), false);
                    }
                    for v in body.results(op) {
                        self.visit(Node::Type(body.value_type(v)), false);
                    }
                    let attrs = self.ctx.dict_entries(body.op_attrs(op));
                    let props = body
                        .op_props(op)
                        .filter(|_| upstream_registers_op(self.ctx.str(body.op_name(op))))
                        .map(|p| self.ctx.dict_entries(p))
                        .unwrap_or(&[]);
                    if props.is_empty() {
                        for &(_, value) in attrs {
                            self.visit(Node::Attr(value), false);
                        }
                    } else {
                        // Upstream visits `op->getAttrs()`, which for a registered op is the
                        // discardable attributes merged with the inherent ones (its
                        // properties), sorted by name.
                        let mut all: Vec<(tessera_ir::Ident, Attr)> =
                            attrs.iter().chain(props.iter()).copied().collect();
                        all.sort_by(|a, b| self.ctx.str(a.0).cmp(self.ctx.str(b.0)));
                        for (_, value) in all {
                            self.visit(Node::Attr(value), false);
                        }
                    }
                }
            }
        }
        // Order: depth, types first, prefix; stable on first visit.
        let mut order: Vec<usize> = (0..self.infos.len())
            .filter(|&i| self.infos[i].prefix.is_some())
            .collect();
        order.sort_by_key(|&i| {
            let info = &self.infos[i];
            (
                info.depth,
                !matches!(info.node, Node::Type(_)),
                info.prefix.unwrap(),
            )
        });
        let mut counts: FxHashMap<&'static str, u32> = FxHashMap::default();
        for &i in &order {
            let prefix = self.infos[i].prefix.unwrap();
            let n = counts.entry(prefix).or_insert(0);
            let name = if *n == 0 {
                prefix.to_string()
            } else {
                format!("{prefix}{n}")
            };
            *n += 1;
            Arc::make_mut(&mut self.infos)[i].name = Some(name);
        }
        self.alias_order = order;
    }

    fn print_alias_defs(&mut self, deferred: bool, out: &mut String) {
        for k in 0..self.alias_order.len() {
            let i = self.alias_order[k];
            if self.infos[i].deferrable != deferred {
                continue;
            }
            let node = self.infos[i].node;
            let name = self.infos[i].name.clone().unwrap_or_default();
            match node {
                Node::Attr(a) => {
                    let _ = write!(out, "#{name} = ");
                    self.print_attr_no_alias(a, Elide::Never, out);
                }
                Node::Type(t) => {
                    let _ = write!(out, "!{name} = ");
                    self.print_type_no_alias(t, out);
                }
            }
            out.push('\n');
        }
    }

    // ----- numbering --------------------------------------------------------------------------

    fn name_value_if_new(&mut self, v: ValueId, next: &mut u32) {
        if !matches!(self.value_names[v.as_u32() as usize], ValueName::None) {
            return;
        }
        match self.body.value_def(v) {
            ValueDef::BlockArg(..) => {
                Arc::make_mut(&mut self.value_names)[v.as_u32() as usize] = ValueName::Arg(*next);
                *next += 1;
            }
            ValueDef::Result(op, _) => {
                for r in self.body.results(op) {
                    Arc::make_mut(&mut self.value_names)[r.as_u32() as usize] =
                        ValueName::Result(*next);
                }
                *next += 1;
            }
            ValueDef::Placeholder => {}
        }
    }

    fn number_values(&mut self, root: OpId) {
        let body = self.body;
        let mut next_value = 0u32;
        let mut next_arg = 0u32;
        let mut stack: Vec<RegionId> = body.regions(root).collect();
        while let Some(region) = stack.pop() {
            for (i, b) in body.region_blocks(region).enumerate() {
                let slot = b.as_u32() as usize;
                let block_ids = Arc::make_mut(&mut self.block_ids);
                if block_ids.len() <= slot {
                    block_ids.resize(body.block_capacity().max(slot + 1), u32::MAX);
                }
                block_ids[slot] = i as u32;
                // Only entry-block arguments are `%argN`; others share the value counter.
                for &arg in body.block_args(b) {
                    Arc::make_mut(&mut self.value_names)[arg.as_u32() as usize] = if i == 0 {
                        next_arg += 1;
                        ValueName::Arg(next_arg - 1)
                    } else {
                        next_value += 1;
                        ValueName::Result(next_value - 1)
                    };
                }
                for op in body.block_ops(b) {
                    if body.num_results(op) > 0 {
                        for r in body.results(op) {
                            Arc::make_mut(&mut self.value_names)[r.as_u32() as usize] =
                                ValueName::Result(next_value);
                        }
                        next_value += 1;
                    }
                }
            }
            for b in body.region_blocks(region) {
                for op in body.block_ops(b) {
                    stack.extend(body.regions(op));
                }
            }
        }
    }

    fn print_value(&self, v: ValueId, out: &mut String) {
        match self.value_names[v.as_u32() as usize] {
            ValueName::Arg(n) => {
                out.push_str("%arg");
                push_u64(out, n.into());
            }
            ValueName::Result(n) => {
                out.push('%');
                push_u64(out, n.into());
                if let ValueDef::Result(op, i) = self.body.value_def(v) {
                    if self.body.num_results(op) > 1 {
                        out.push('#');
                        push_u64(out, i.into());
                    }
                }
            }
            ValueName::None => out.push_str("<<UNKNOWN SSA VALUE>>"),
        }
    }

    // ----- operations ---------------------------------------------------------------------------

    fn print_op(&mut self, op: OpId, indent: usize, out: &mut String) {
        let body = self.body;
        let n = body.num_results(op);
        if n > 0 {
            self.print_value(body.result(op, 0), out);
            if n > 1 {
                // `%0#0` -> `%0:N`
                let cut = out.rfind('#').unwrap();
                out.truncate(cut);
                let _ = write!(out, ":{n}");
            }
            out.push_str(" = ");
        }
        out.push('"');
        escape_into(self.ctx.str(body.op_name(op)).as_bytes(), out);
        out.push_str("\"(");
        for (i, v) in body.operands(op).enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.print_value(v, out);
        }
        out.push(')');
        let succs = body.successors(op);
        if !succs.is_empty() {
            out.push('[');
            for (i, &s) in succs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                self.print_block_name(s, out);
            }
            out.push(']');
        }
        if let Some(props) = body.op_props(op) {
            out.push_str(" <");
            self.print_attr(props, Elide::Never, out);
            out.push('>');
        }
        if body.num_regions(op) > 0 {
            out.push_str(" (");
            for (i, r) in body.regions(op).enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                self.print_region(r, indent, out);
            }
            out.push(')');
        }
        let attrs = body.op_attrs(op);
        if !self.ctx.dict_entries(attrs).is_empty() {
            out.push(' ');
            self.print_attr(attrs, Elide::Never, out);
        }
        out.push_str(" : (");
        for (i, v) in body.operands(op).enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.print_type(body.value_type(v), out);
        }
        out.push_str(") -> ");
        let results: SmallVec<[Type; 4]> = body.results(op).map(|v| body.value_type(v)).collect();
        self.print_result_types(&results, out);
        if self.opts.debug_info {
            out.push_str(" loc(");
            self.print_loc_inner(body.op_loc(op), out);
            out.push(')');
        }
    }

    fn print_result_types(&self, results: &[Type], out: &mut String) {
        if results.len() == 1
            && !matches!(self.ctx.type_kind(results[0]), TypeKind::Function { .. })
        {
            self.print_type(results[0], out);
        } else {
            out.push('(');
            for (i, &t) in results.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                self.print_type(t, out);
            }
            out.push(')');
        }
    }

    fn block_id(&self, b: BlockId) -> Option<u32> {
        self.block_ids
            .get(b.as_u32() as usize)
            .copied()
            .filter(|&id| id != u32::MAX)
    }

    fn print_block_name(&self, b: BlockId, out: &mut String) {
        match self.block_id(b) {
            Some(id) => {
                out.push_str("^bb");
                push_u64(out, id.into());
            }
            None => out.push_str("^INVALIDBLOCK"),
        }
    }

    fn print_region(&mut self, region: RegionId, indent: usize, out: &mut String) {
        let body = self.body;
        out.push_str("{\n");
        // Predecessors of each block, as block numbers.
        let mut preds: FxHashMap<BlockId, Vec<u32>> = FxHashMap::default();
        for b in body.region_blocks(region) {
            let id = self.block_id(b).unwrap_or(u32::MAX);
            for op in body.block_ops(b) {
                for &s in body.successors(op) {
                    preds.entry(s).or_default().push(id);
                }
            }
        }
        let entry = body.first_block(region);
        for b in body.region_blocks(region) {
            let is_entry = Some(b) == entry;
            let args = body.block_args(b);
            if !is_entry || !args.is_empty() || body.block_is_empty(b) {
                push_indent(out, indent);
                self.print_block_name(b, out);
                if !args.is_empty() {
                    out.push('(');
                    for (i, &a) in args.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        self.print_value(a, out);
                        out.push_str(": ");
                        self.print_type(body.value_type(a), out);
                        if self.opts.debug_info {
                            out.push_str(" loc(");
                            self.print_loc_body(body.value_loc(a), out);
                            out.push(')');
                        }
                    }
                    out.push(')');
                }
                out.push(':');
                match preds.get_mut(&b) {
                    None => {
                        if !is_entry {
                            out.push_str("  // no predecessors");
                        }
                    }
                    Some(list) if list.len() == 1 => {
                        let _ = write!(out, "  // pred: ^bb{}", list[0]);
                    }
                    Some(list) => {
                        list.sort();
                        let _ = write!(out, "  // {} preds: ", list.len());
                        for (i, p) in list.iter().enumerate() {
                            if i > 0 {
                                out.push_str(", ");
                            }
                            let _ = write!(out, "^bb{p}");
                        }
                    }
                }
                out.push('\n');
            }
            if self.parallel_region == Some(region) {
                let ops: Vec<OpId> = body.block_ops(b).collect();
                if !ops.is_empty() {
                    self.print_ops_parallel(&ops, indent + 2, out);
                }
                continue;
            }
            for op in body.block_ops(b) {
                push_indent(out, indent + 2);
                self.print_op(op, indent + 2, out);
                out.push('\n');
                if out.len() >= FLUSH_AT {
                    self.flush(out);
                }
            }
        }
        push_indent(out, indent);
        out.push('}');
    }

    // ----- locations ----------------------------------------------------------------------------

    /// A nested location: its alias if it has one, else its body.
    fn print_loc_inner(&self, loc: Location, out: &mut String) {
        if let Some(name) = self.alias_name(Node::Attr(loc.attr())) {
            let _ = write!(out, "#{name}");
            return;
        }
        self.print_loc_body(loc, out);
    }

    fn print_loc_body(&self, loc: Location, out: &mut String) {
        match self.ctx.loc_kind(loc) {
            LocKind::Unknown => out.push_str("unknown"),
            LocKind::FileLineCol { file, line, col } => {
                out.push('"');
                escape_into(self.ctx.str(*file).as_bytes(), out);
                let _ = write!(out, "\":{line}:{col}");
            }
            LocKind::Name { name, child } => {
                out.push('"');
                escape_into(self.ctx.str(*name).as_bytes(), out);
                out.push('"');
                if !matches!(self.ctx.loc_kind(*child), LocKind::Unknown) {
                    out.push('(');
                    self.print_loc_inner(*child, out);
                    out.push(')');
                }
            }
            LocKind::CallSite { callee, caller } => {
                out.push_str("callsite(");
                self.print_loc_inner(*callee, out);
                out.push_str(" at ");
                self.print_loc_inner(*caller, out);
                out.push(')');
            }
            LocKind::Fused { locs, metadata } => {
                out.push_str("fused");
                if let Some(m) = metadata {
                    out.push('<');
                    self.print_attr_ref(*m, Elide::Never, out);
                    out.push('>');
                }
                out.push('[');
                for (i, l) in locs.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.print_loc_inner(*l, out);
                }
                out.push(']');
            }
        }
    }

    // ----- types --------------------------------------------------------------------------------

    fn print_type(&self, ty: Type, out: &mut String) {
        if let Some(name) = self.alias_name(Node::Type(ty)) {
            let _ = write!(out, "!{name}");
            return;
        }
        self.print_type_no_alias(ty, out);
    }

    fn print_dims(&self, shape: &[i64], scalable: &[bool], out: &mut String) {
        for (i, &d) in shape.iter().enumerate() {
            let sc = scalable.get(i).copied().unwrap_or(false);
            if sc {
                out.push('[');
            }
            if d == DYNAMIC {
                out.push('?');
            } else {
                push_i64(out, d);
            }
            if sc {
                out.push(']');
            }
            out.push('x');
        }
    }

    fn print_type_no_alias(&self, ty: Type, out: &mut String) {
        match self.ctx.type_kind(ty) {
            TypeKind::Integer { width, signedness } => {
                match signedness {
                    Signedness::Signed => out.push('s'),
                    Signedness::Unsigned => out.push('u'),
                    Signedness::Signless => {}
                }
                out.push('i');
                push_u64(out, (*width).into());
            }
            TypeKind::Index => out.push_str("index"),
            TypeKind::Float(k) => out.push_str(k.keyword()),
            TypeKind::None => out.push_str("none"),
            TypeKind::Complex(e) => {
                out.push_str("complex<");
                self.print_type(*e, out);
                out.push('>');
            }
            TypeKind::Tuple(elems) => {
                out.push_str("tuple<");
                for (i, &e) in elems.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.print_type(e, out);
                }
                out.push('>');
            }
            TypeKind::Function { inputs, results } => {
                out.push('(');
                for (i, &e) in inputs.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.print_type(e, out);
                }
                out.push_str(") -> ");
                self.print_result_types(results, out);
            }
            TypeKind::RankedTensor {
                shape,
                element,
                encoding,
            } => {
                out.push_str("tensor<");
                self.print_dims(shape, &[], out);
                self.print_type(*element, out);
                if let Some(e) = encoding {
                    out.push_str(", ");
                    self.print_attr_ref(*e, Elide::Never, out);
                }
                out.push('>');
            }
            TypeKind::UnrankedTensor { element } => {
                out.push_str("tensor<*x");
                self.print_type(*element, out);
                out.push('>');
            }
            TypeKind::MemRef {
                shape,
                element,
                layout,
                memory_space,
            } => {
                out.push_str("memref<");
                self.print_dims(shape, &[], out);
                self.print_type(*element, out);
                if let Some(l) = layout {
                    out.push_str(", ");
                    self.print_attr_ref(*l, Elide::May, out);
                }
                if let Some(m) = memory_space {
                    out.push_str(", ");
                    self.print_attr_ref(*m, Elide::May, out);
                }
                out.push('>');
            }
            TypeKind::UnrankedMemRef {
                element,
                memory_space,
            } => {
                out.push_str("memref<*x");
                self.print_type(*element, out);
                if let Some(m) = memory_space {
                    out.push_str(", ");
                    self.print_attr_ref(*m, Elide::May, out);
                }
                out.push('>');
            }
            TypeKind::Vector {
                shape,
                scalable,
                element,
            } => {
                out.push_str("vector<");
                self.print_dims(shape, scalable, out);
                self.print_type(*element, out);
                out.push('>');
            }
            TypeKind::Opaque { dialect, body } => {
                print_dialect_symbol('!', self.ctx.str(*dialect), body, out)
            }
        }
    }

    // ----- attributes ---------------------------------------------------------------------------

    fn print_attr(&mut self, attr: Attr, elide: Elide, out: &mut String) {
        self.print_attr_ref(attr, elide, out);
    }

    /// Prints an attribute through its alias if it has one.
    fn print_attr_ref(&self, attr: Attr, elide: Elide, out: &mut String) {
        if let Some(name) = self.alias_name(Node::Attr(attr)) {
            let _ = write!(out, "#{name}");
            return;
        }
        self.print_attr_no_alias(attr, elide, out);
    }

    fn print_attr_no_alias(&self, attr: Attr, elide: Elide, out: &mut String) {
        let ctx = self.ctx;
        let mut typed: Option<Type> = None;
        match ctx.attr_kind(attr) {
            AttrKind::Unit => out.push_str("unit"),
            AttrKind::Integer { ty, value } => {
                if let TypeKind::Integer {
                    width: 1,
                    signedness: Signedness::Signless,
                } = ctx.type_kind(*ty)
                {
                    out.push_str(if value.as_u64() == Some(1) {
                        "true"
                    } else {
                        "false"
                    });
                    return;
                }
                self.print_int(*ty, value, out);
                let is_i64 = matches!(
                    ctx.type_kind(*ty),
                    TypeKind::Integer {
                        width: 64,
                        signedness: Signedness::Signless
                    }
                );
                if elide == Elide::May && is_i64 {
                    return;
                }
                typed = Some(*ty);
            }
            AttrKind::Float { ty, bits } => {
                let kind = float_kind(ctx, *ty);
                let (text, hex) = kind.to_mlir_string(bits_of(bits));
                out.push_str(&text);
                if elide == Elide::May && kind == FloatKind::F64 && !hex {
                    return;
                }
                typed = Some(*ty);
            }
            AttrKind::String { value, ty } => {
                out.push('"');
                escape_into(value, out);
                out.push('"');
                typed = *ty;
            }
            AttrKind::Array(elems) => {
                out.push('[');
                for (i, &e) in elems.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.print_attr_ref(e, Elide::May, out);
                }
                out.push(']');
            }
            AttrKind::Dictionary(entries) => {
                out.push('{');
                for (i, &(name, value)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    print_keyword_or_string(ctx.str(name), out);
                    if !matches!(ctx.attr_kind(value), AttrKind::Unit) {
                        out.push_str(" = ");
                        self.print_attr_ref(value, Elide::Never, out);
                    }
                }
                out.push('}');
            }
            AttrKind::Type(t) => self.print_type(*t, out),
            AttrKind::SymbolRef { root, nested } => {
                out.push('@');
                print_keyword_or_string(ctx.str(*root), out);
                for n in nested.iter() {
                    out.push_str("::@");
                    print_keyword_or_string(ctx.str(*n), out);
                }
            }
            AttrKind::DenseElements { ty, data, splat } => {
                out.push_str("dense<");
                self.print_dense_body(*ty, data, *splat, true, out);
                out.push('>');
                typed = Some(*ty);
            }
            AttrKind::DenseStrings { ty, data, splat } => {
                out.push_str("dense<");
                self.print_dense_strings_body(*ty, data, *splat, out);
                out.push('>');
                typed = Some(*ty);
            }
            AttrKind::DenseArray { element, len, data } => {
                out.push_str("array<");
                if elide != Elide::Must {
                    self.print_type(*element, out);
                }
                if *len > 0 {
                    if elide != Elide::Must {
                        out.push_str(": ");
                    }
                    let width = crate::parse_attr::element_storage_bytes(ctx, *element);
                    for i in 0..*len as usize {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        self.print_element(*element, &data[i * width..(i + 1) * width], out);
                    }
                }
                out.push('>');
                return;
            }
            AttrKind::DenseResource { ty, handle } => {
                let key = ctx.str(*handle);
                let mut order = self.resource_order.borrow_mut();
                if !order.iter().any(|k| k == key) {
                    order.push(key.to_string());
                }
                drop(order);
                let _ = write!(out, "dense_resource<{key}>");
                typed = Some(*ty);
            }
            AttrKind::Sparse {
                ty,
                indices,
                values,
            } => {
                out.push_str("sparse<");
                if let AttrKind::DenseElements {
                    ty: ity,
                    data,
                    splat,
                } = ctx.attr_kind(*indices)
                {
                    if ctx.num_elements(*ity) != Some(0) {
                        self.print_dense_body(*ity, data, *splat, false, out);
                        out.push_str(", ");
                        match ctx.attr_kind(*values) {
                            AttrKind::DenseElements {
                                ty: vty,
                                data,
                                splat,
                            } => self.print_dense_body(*vty, data, *splat, true, out),
                            AttrKind::DenseStrings {
                                data,
                                splat,
                                ty: vty,
                            } => {
                                self.print_dense_strings_body(*vty, data, *splat, out);
                            }
                            _ => {}
                        }
                    }
                }
                out.push('>');
                typed = Some(*ty);
            }
            AttrKind::AffineMap(m) => {
                out.push_str("affine_map<");
                print_dims_syms(m.num_dims, m.num_symbols, out);
                out.push_str(" -> (");
                for (i, e) in m.results.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    print_affine(e, false, out);
                }
                out.push_str(")>");
                return;
            }
            AttrKind::IntegerSet(s) => {
                out.push_str("affine_set<");
                print_dims_syms(s.num_dims, s.num_symbols, out);
                out.push_str(" : (");
                if s.constraints.is_empty() {
                    out.push_str("1 == 0");
                }
                for (i, (e, eq)) in s.constraints.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    print_affine(e, false, out);
                    out.push_str(if *eq { " == 0" } else { " >= 0" });
                }
                out.push_str(")>");
                return;
            }
            AttrKind::Strided { offset, strides } => {
                out.push_str("strided<[");
                for (i, &s) in strides.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    print_int_or_q(s, out);
                }
                out.push(']');
                if *offset != 0 {
                    out.push_str(", offset: ");
                    print_int_or_q(*offset, out);
                }
                out.push('>');
                return;
            }
            AttrKind::Opaque { dialect, body, ty } => {
                print_dialect_symbol('#', ctx.str(*dialect), body, out);
                typed = *ty;
            }
            AttrKind::Distinct { referenced, .. } => {
                let id = {
                    let mut ids = self.distinct_ids.borrow_mut();
                    let next = ids.len() as u64;
                    *ids.entry(attr).or_insert(next)
                };
                let _ = write!(out, "distinct[{id}]<");
                if !matches!(ctx.attr_kind(*referenced), AttrKind::Unit) {
                    self.print_attr_ref(*referenced, Elide::Never, out);
                }
                out.push('>');
                return;
            }
            AttrKind::Loc(_) => {
                out.push_str("loc(");
                self.print_loc_body(ctx.as_location(attr).expect("location attribute"), out);
                out.push(')');
                return;
            }
        }
        if elide != Elide::Must {
            if let Some(t) = typed {
                if !matches!(ctx.type_kind(t), TypeKind::None) {
                    out.push_str(" : ");
                    self.print_type(t, out);
                }
            }
        }
    }

    fn print_int(&self, ty: Type, value: &IntValue, out: &mut String) {
        let (width, signed) = match self.ctx.type_kind(ty) {
            TypeKind::Integer { width, signedness } => {
                (*width, *signedness != Signedness::Unsigned)
            }
            _ => (64, true),
        };
        match value {
            IntValue::Small(_) if width == 0 => out.push('0'),
            IntValue::Small(v) if !signed => push_u64(out, *v),
            IntValue::Small(_) => push_i64(out, value.as_i64(width).unwrap_or(0)),
            IntValue::Wide(_) => out.push_str(&value.to_decimal(width, signed)),
        }
    }

    fn print_element(&self, elem: Type, bytes: &[u8], out: &mut String) {
        match self.ctx.type_kind(elem) {
            TypeKind::Float(k) => {
                let mut b = [0u8; 16];
                b[..bytes.len()].copy_from_slice(bytes);
                out.push_str(&k.to_mlir_string(u128::from_le_bytes(b)).0);
            }
            TypeKind::Complex(inner) => {
                let half = bytes.len() / 2;
                out.push('(');
                self.print_element(*inner, &bytes[..half], out);
                out.push(',');
                self.print_element(*inner, &bytes[half..], out);
                out.push(')');
            }
            _ => {
                let (width, signed) = match self.ctx.type_kind(elem) {
                    TypeKind::Integer { width, signedness } => {
                        (*width, *signedness != Signedness::Unsigned)
                    }
                    _ => (64, true),
                };
                let mut words = vec![0u64; bytes.len().div_ceil(8).max(1)];
                for (i, &b) in bytes.iter().enumerate() {
                    words[i / 8] |= (b as u64) << (8 * (i % 8));
                }
                let v = IntValue::from_words(&words, width.max(1));
                if width == 1 {
                    out.push_str(if v.as_u64() == Some(1) {
                        "true"
                    } else {
                        "false"
                    });
                } else {
                    out.push_str(&v.to_decimal(width, signed));
                }
            }
        }
    }

    fn print_dense_strings_body(
        &self,
        ty: Type,
        data: &[Box<[u8]>],
        splat: bool,
        out: &mut String,
    ) {
        let print_one = |s: &[u8], out: &mut String| {
            out.push('"');
            escape_into(s, out);
            out.push('"');
        };
        if splat {
            print_one(&data[0], out);
            return;
        }
        let shape = self.ctx.type_kind(ty).shape().unwrap_or(&[]).to_vec();
        let n = self.ctx.num_elements(ty).unwrap_or(0) as usize;
        print_nested(&shape, n, out, |i, out| print_one(&data[i], out));
    }

    fn print_dense_body(
        &self,
        ty: Type,
        data: &[u8],
        splat: bool,
        allow_hex: bool,
        out: &mut String,
    ) {
        let ctx = self.ctx;
        let elem = ctx.type_kind(ty).element_type().unwrap();
        let width = crate::parse_attr::element_storage_bytes(ctx, elem);
        let n = ctx.num_elements(ty).unwrap_or(0) as usize;
        if splat {
            self.print_element(elem, &data[..width], out);
            return;
        }
        if allow_hex && n > 100 {
            out.push_str("\"0x");
            if matches!(ctx.type_kind(elem), TypeKind::Integer { width: 1, .. }) {
                let mut packed = vec![0u8; n.div_ceil(8)];
                for (i, &b) in data.iter().enumerate() {
                    packed[i / 8] |= (b & 1) << (i % 8);
                }
                for b in packed {
                    let _ = write!(out, "{b:02X}");
                }
            } else {
                for b in data {
                    let _ = write!(out, "{b:02X}");
                }
            }
            out.push('"');
            return;
        }
        let shape = ctx.type_kind(ty).shape().unwrap_or(&[]).to_vec();
        print_nested(&shape, n, out, |i, out| {
            self.print_element(elem, &data[i * width..(i + 1) * width], out)
        });
    }
}

fn float_kind(ctx: &Context, ty: Type) -> FloatKind {
    match ctx.type_kind(ty) {
        TypeKind::Float(k) => *k,
        _ => FloatKind::F64,
    }
}

fn bits_of(bits: &[u64; 2]) -> u128 {
    bits[0] as u128 | ((bits[1] as u128) << 64)
}

/// Prints `n` elements in nested brackets following `shape`.
fn print_nested(
    shape: &[i64],
    n: usize,
    out: &mut String,
    mut elem: impl FnMut(usize, &mut String),
) {
    if n == 0 {
        return;
    }
    let rank = shape.len();
    let mut counter = vec![0i64; rank];
    let mut open = 0usize;
    for idx in 0..n {
        if idx != 0 {
            out.push_str(", ");
        }
        while open < rank {
            out.push('[');
            open += 1;
        }
        elem(idx, out);
        if rank == 0 {
            continue;
        }
        counter[rank - 1] += 1;
        for i in (1..rank).rev() {
            if counter[i] >= shape[i] {
                counter[i] = 0;
                counter[i - 1] += 1;
                open -= 1;
                out.push(']');
            }
        }
    }
    while open > 0 {
        out.push(']');
        open -= 1;
    }
}

fn print_int_or_q(v: i64, out: &mut String) {
    if v == DYNAMIC {
        out.push('?');
    } else {
        let _ = write!(out, "{v}");
    }
}

fn print_dims_syms(dims: u32, syms: u32, out: &mut String) {
    out.push('(');
    for i in 0..dims {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "d{i}");
    }
    out.push(')');
    if syms > 0 {
        out.push('[');
        for i in 0..syms {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "s{i}");
        }
        out.push(']');
    }
}

/// Prints an affine expression; `strong` if the context binds tighter than `+`.
fn print_affine(e: &AffineExpr, strong: bool, out: &mut String) {
    let (op, lhs, rhs) = match e {
        AffineExpr::Dim(d) => {
            let _ = write!(out, "d{d}");
            return;
        }
        AffineExpr::Symbol(s) => {
            let _ = write!(out, "s{s}");
            return;
        }
        AffineExpr::Constant(c) => {
            let _ = write!(out, "{c}");
            return;
        }
        AffineExpr::Binary(op, l, r) => (*op, &**l, &**r),
    };
    if strong {
        out.push('(');
    }
    if op != AffineOp::Add {
        if op == AffineOp::Mul && rhs.as_constant() == Some(-1) {
            out.push('-');
            print_affine(lhs, true, out);
        } else {
            print_affine(lhs, true, out);
            out.push_str(match op {
                AffineOp::Mul => " * ",
                AffineOp::FloorDiv => " floordiv ",
                AffineOp::CeilDiv => " ceildiv ",
                AffineOp::Mod => " mod ",
                AffineOp::Add => unreachable!(),
            });
            print_affine(rhs, true, out);
        }
    } else {
        let mut done = false;
        if let AffineExpr::Binary(AffineOp::Mul, rl, rr) = rhs {
            if let Some(c) = rr.as_constant() {
                if c == -1 {
                    print_affine(lhs, false, out);
                    out.push_str(" - ");
                    let is_add = matches!(**rl, AffineExpr::Binary(AffineOp::Add, ..));
                    print_affine(rl, is_add, out);
                    done = true;
                } else if c < -1 {
                    print_affine(lhs, false, out);
                    out.push_str(" - ");
                    print_affine(rl, true, out);
                    let _ = write!(out, " * {}", -(c as i128));
                    done = true;
                }
            }
        }
        if !done {
            if let Some(c) = rhs.as_constant().filter(|&c| c < 0) {
                print_affine(lhs, false, out);
                let _ = write!(out, " - {}", -(c as i128));
            } else {
                print_affine(lhs, false, out);
                out.push_str(" + ");
                print_affine(rhs, false, out);
            }
        }
    }
    if strong {
        out.push(')');
    }
}

/// Appends `bytes` with upstream's escaping: printable ASCII except `"` and `\` as is, `\\`
/// doubled, everything else as `\XX`.
pub fn escape_into(bytes: &[u8], out: &mut String) {
    let plain = |b: u8| matches!(b, 0x20..=0x7E) && b != b'\\' && b != b'"';
    let mut rest = bytes;
    while !rest.is_empty() {
        let n = rest.iter().position(|&b| !plain(b)).unwrap_or(rest.len());
        // Plain bytes are ASCII.
        out.push_str(std::str::from_utf8(&rest[..n]).unwrap_or_default());
        let Some(&b) = rest.get(n) else { break };
        match b {
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\22"),
            _ => {
                const HEX: &[u8; 16] = b"0123456789ABCDEF";
                out.push('\\');
                out.push(HEX[(b >> 4) as usize] as char);
                out.push(HEX[(b & 15) as usize] as char);
            }
        }
        rest = &rest[n + 1..];
    }
}

/// Appends `n` in decimal.
fn push_u64(out: &mut String, mut n: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // Digits are ASCII.
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or_default());
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

fn is_bare_identifier(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && (b[0].is_ascii_alphabetic() || b[0] == b'_')
        && b[1..]
            .iter()
            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.'))
}

fn print_keyword_or_string(s: &str, out: &mut String) {
    if is_bare_identifier(s) {
        out.push_str(s);
    } else {
        out.push('"');
        escape_into(s.as_bytes(), out);
        out.push('"');
    }
}

fn print_dialect_symbol(prefix: char, dialect: &str, body: &str, out: &mut String) {
    out.push(prefix);
    out.push_str(dialect);
    let b = body.as_bytes();
    let pretty = !b.is_empty() && b[0].is_ascii_alphabetic() && {
        let rest =
            body.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '.' || c == '_');
        rest.is_empty() || (rest.starts_with('<') && rest.ends_with('>'))
    };
    if pretty {
        out.push('.');
        out.push_str(body);
    } else {
        out.push('<');
        out.push_str(body);
        out.push('>');
    }
}

/// Dialects that upstream `mlir-opt` 19 registers (`mlir-opt --show-dialects`). An op of one
/// of them that upstream accepts is a registered op (these dialects reject unknown ops), so
/// upstream's alias pass sees its properties as inherent attributes; an unregistered op's
/// properties are printed but not visited for aliases.
const UPSTREAM_DIALECTS: &[&str] = &[
    "acc",
    "affine",
    "amdgpu",
    "amx",
    "arith",
    "arm_neon",
    "arm_sme",
    "arm_sve",
    "async",
    "bufferization",
    "builtin",
    "cf",
    "complex",
    "dlti",
    "emitc",
    "func",
    "gpu",
    "index",
    "irdl",
    "linalg",
    "llvm",
    "math",
    "memref",
    "mesh",
    "ml_program",
    "mpi",
    "nvgpu",
    "nvvm",
    "omp",
    "pdl",
    "pdl_interp",
    "polynomial",
    "ptr",
    "quant",
    "rocdl",
    "scf",
    "shape",
    "sparse_tensor",
    "spirv",
    "tensor",
    "tosa",
    "transform",
    "ub",
    "vector",
    "x86vector",
    "xegpu",
];

/// Whether upstream `mlir-opt` 19 would hold the op named `name` as a registered op.
fn upstream_registers_op(name: &str) -> bool {
    match name.split_once('.') {
        Some((dialect, _)) => UPSTREAM_DIALECTS.contains(&dialect),
        None => false,
    }
}
