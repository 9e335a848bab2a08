//! Making `pdl_interp` ops: one place that knows an op's operands, result types, properties
//! and successors are laid out as the registered dialect reads them.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use tessera_ir::{
    Attr, AttrKind, BlockId, Body, Context, Ident, Location, OpId, OpParts, RegionId, Type,
    TypeKind, ValueId,
};

pub(crate) use crate::build::PdlTypes;

/// What the compiler interns over and over, interned once per conversion: the identifiers of
/// op and property names (keyed by the static string's address), property dictionaries (most
/// ops of a matcher repeat a few), small `i32` attributes, segment sizes and the types of
/// rewriter functions (nearly every rewriter takes one of a handful of argument lists).
pub(crate) struct Idents {
    names: FxHashMap<(usize, usize), Ident>,
    name_cache: [Option<((usize, usize), Ident)>; NAME_CACHE],
    dicts: FxHashMap<SmallVec<[(Ident, Attr); 4]>, Attr>,
    i32s: Vec<Option<Attr>>,
    segments: FxHashMap<SmallVec<[i32; 3]>, Attr>,
    fn_types: FxHashMap<SmallVec<[Type; 4]>, Attr>,
    elements: FxHashMap<SmallVec<[u32; 4]>, Attr>,
    empty_dict: Option<Attr>,
}

/// Slots of [`Idents`]' name cache.
const NAME_CACHE: usize = 128;

impl Default for Idents {
    fn default() -> Self {
        Idents {
            names: FxHashMap::default(),
            name_cache: [None; NAME_CACHE],
            dicts: FxHashMap::default(),
            i32s: Vec::new(),
            segments: FxHashMap::default(),
            fn_types: FxHashMap::default(),
            elements: FxHashMap::default(),
            empty_dict: None,
        }
    }
}

impl Idents {
    /// The empty dictionary: the attributes of every op made here.
    fn empty_dict(&mut self, ctx: &Context) -> Attr {
        *self.empty_dict.get_or_insert_with(|| ctx.empty_dict())
    }

    /// The identifier `name` (a property name, say).
    pub(crate) fn ident(&mut self, ctx: &mut Context, name: &'static str) -> Ident {
        self.get(ctx, name, false)
    }

    /// `array<i32: sizes>`, the segment sizes of an op with variadic operand groups.
    pub(crate) fn segments(&mut self, ctx: &mut Context, sizes: &[i32]) -> Attr {
        if let Some(&a) = self.segments.get(sizes) {
            return a;
        }
        let a = ctx.dense_i32_array(sizes);
        self.segments.insert(SmallVec::from_slice(sizes), a);
        a
    }

    /// `dense<values> : vector<Nxi32>`, the cases of a count switch (the same few lists recur:
    /// every switch over operand or result counts of one root name asks about similar ops).
    pub(crate) fn i32_elements(&mut self, ctx: &mut Context, values: &[u32]) -> Attr {
        if let Some(&a) = self.elements.get(values) {
            return a;
        }
        let a = i32_elements(ctx, values);
        self.elements.insert(SmallVec::from_slice(values), a);
        a
    }

    /// The type attribute of a function taking `inputs` and returning nothing.
    pub(crate) fn fn_type(&mut self, ctx: &mut Context, inputs: &[Type]) -> Attr {
        if let Some(&a) = self.fn_types.get(inputs) {
            return a;
        }
        let ty = ctx.function_type(inputs, &[]);
        let a = ctx.type_attr(ty);
        self.fn_types.insert(SmallVec::from_slice(inputs), a);
        a
    }

    /// An `i32` attribute.
    pub(crate) fn i32(&mut self, ctx: &mut Context, v: u32) -> Attr {
        let i = v as usize;
        if i >= self.i32s.len() {
            if i > 1 << 16 {
                return i32_attr(ctx, v);
            }
            self.i32s.resize(i + 1, None);
        }
        *self.i32s[i].get_or_insert_with(|| i32_attr(ctx, v))
    }

    /// The dictionary of `entries`.
    fn dict(&mut self, ctx: &mut Context, entries: SmallVec<[(Ident, Attr); 4]>) -> Attr {
        if let Some(&d) = self.dicts.get(&entries) {
            return d;
        }
        let d = ctx.dictionary(entries.to_vec());
        self.dicts.insert(entries, d);
        d
    }

    /// The identifier of `name`, qualified with `pdl_interp.` unless it has a dot if
    /// `op_name`. Every op made asks for its name and its properties' names, a few dozen
    /// distinct static strings: a direct-mapped cache on the string's address answers nearly
    /// every request with one comparison, the map the rest.
    fn get(&mut self, ctx: &mut Context, name: &'static str, op_name: bool) -> Ident {
        let key = (name.as_ptr() as usize, name.len());
        let slot = (key.0 >> 3 ^ key.1) % NAME_CACHE;
        if let Some((k, id)) = self.name_cache[slot] {
            if k == key {
                return id;
            }
        }
        let id = *self.names.entry(key).or_insert_with(|| {
            if op_name && !name.contains('.') {
                ctx.ident(&format!("pdl_interp.{name}"))
            } else {
                ctx.ident(name)
            }
        });
        self.name_cache[slot] = Some((key, id));
        id
    }
}

/// One op to make.
pub(crate) struct Op<'a> {
    pub(crate) name: &'static str,
    pub(crate) operands: &'a [ValueId],
    pub(crate) results: &'a [Type],
    pub(crate) props: SmallVec<[(&'static str, Attr); 4]>,
    pub(crate) successors: &'a [BlockId],
    pub(crate) regions: u32,
    pub(crate) loc: Location,
}

impl<'a> Op<'a> {
    /// An op named `name` (without the `pdl_interp.` prefix) at `loc`.
    pub(crate) fn new(name: &'static str, loc: Location) -> Self {
        Op {
            name,
            operands: &[],
            results: &[],
            props: SmallVec::new(),
            successors: &[],
            regions: 0,
            loc,
        }
    }

    pub(crate) fn operands(mut self, v: &'a [ValueId]) -> Self {
        self.operands = v;
        self
    }

    pub(crate) fn results(mut self, t: &'a [Type]) -> Self {
        self.results = t;
        self
    }

    pub(crate) fn prop(mut self, name: &'static str, value: Attr) -> Self {
        self.props.push((name, value));
        self
    }

    pub(crate) fn opt_prop(self, name: &'static str, value: Option<Attr>) -> Self {
        match value {
            Some(v) => self.prop(name, v),
            None => self,
        }
    }

    pub(crate) fn successors(mut self, s: &'a [BlockId]) -> Self {
        self.successors = s;
        self
    }

    pub(crate) fn regions(mut self, n: u32) -> Self {
        self.regions = n;
        self
    }

    /// Makes the op (qualified name `pdl_interp.<name>` unless it has a dot) at the end of
    /// `block`, or detached.
    pub(crate) fn at_end(
        self,
        ctx: &mut Context,
        body: &mut Body,
        idents: &mut Idents,
        block: Option<BlockId>,
    ) -> OpId {
        let name = idents.get(ctx, self.name, true);
        let props = if self.props.is_empty() {
            None
        } else {
            let mut entries = SmallVec::new();
            for &(n, a) in &self.props {
                entries.push((idents.get(ctx, n, false), a));
            }
            Some(idents.dict(ctx, entries))
        };
        let op = body.create_op_from(&OpParts {
            name,
            loc: self.loc,
            attrs: idents.empty_dict(ctx),
            props,
            operands: self.operands,
            result_types: self.results,
            successors: self.successors,
            num_regions: self.regions,
        });
        if let Some(b) = block {
            body.append_op(b, op);
        }
        op
    }
}

/// `pdl_interp.<name> [index] of %op`: the operand and result getters, one operand and one
/// result with an optional `index`.
pub(crate) fn getter<'a>(
    name: &'static str,
    loc: Location,
    operand: &'a [ValueId; 1],
    result: &'a [Type; 1],
    index: Option<Attr>,
) -> Op<'a> {
    Op::new(name, loc)
        .operands(operand)
        .results(result)
        .opt_prop("index", index)
}

/// An `i32` attribute.
pub(crate) fn i32_attr(ctx: &mut Context, v: u32) -> Attr {
    let ty = ctx.int_type(32);
    ctx.integer_attr(ty, v as i128)
}

/// `dense<[...]> : vector<Nxi32>`.
fn i32_elements(ctx: &mut Context, values: &[u32]) -> Attr {
    let i32_ty = ctx.int_type(32);
    let ty = ctx.ty(TypeKind::Vector {
        shape: vec![values.len() as i64].into(),
        scalable: Box::new([]),
        element: i32_ty,
    });
    // Equal elements are stored once, as upstream's dense attributes do.
    let splat = values.windows(2).all(|w| w[0] == w[1]);
    let stored = if splat && !values.is_empty() {
        &values[..1]
    } else {
        values
    };
    let data: Vec<u8> = stored.iter().flat_map(|v| v.to_le_bytes()).collect();
    ctx.attr(AttrKind::DenseElements {
        ty,
        data: data.into(),
        splat,
    })
}

/// A new block at the end of `region`.
pub(crate) fn append_block(body: &mut Body, region: RegionId) -> BlockId {
    let b = body.create_block();
    body.append_block(region, b);
    b
}
