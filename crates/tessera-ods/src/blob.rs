//! The ODS model as bytes: written by `tessera-build` at build time, read back at run time, so
//! a program registers a dialect without evaluating its `.td` files (TableGen is most of what
//! that costs: about 10 of the 15 ms `ArithOps.td` takes from text to registration).
//!
//! The format is private to one version of this crate (the header holds the version; reading
//! bytes another version wrote is an error, never a misreading): a little-endian stream of the
//! model's fields in declaration order, lengths before lists and strings. Source locations are
//! not kept (they point into `.td` buffers the program does not have).

use crate::attr::{AttrInfo, PropertyInfo};
use crate::attr_type_def::{AttrOrTypeDef, DefKind, DialectConstraint, Parameter};
use crate::constraint::{Arity, Constraint, ConstraintId, ConstraintKind};
use crate::dialect::{Dialect, DialectId};
use crate::enums::{EnumCase, EnumInfo, EnumKind};
use crate::op::{
    Argument, Builders, DocGroup, DocGroupId, NamedAttr, NamedConstraint, NamedProperty, Op,
    OpFlags,
};
use crate::traits::{Effect, Effects, Trait, TraitKind, TypeRelation};
use crate::{Model, Pred};
use tessera_ir::SourceLoc;

/// What every blob starts with; the crate version follows.
const MAGIC: &[u8; 8] = b"TSRA-ODS";

/// `model` and the dialects to register from it, as bytes for [`decode`].
pub fn encode(model: &Model, dialects: &[DialectId]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    env!("CARGO_PKG_VERSION").to_string().write(&mut out);
    model.write(&mut out);
    dialects.to_vec().write(&mut out);
    out
}

/// The model and dialects [`encode`] wrote, or why `bytes` are not such a blob.
pub fn decode(bytes: &[u8]) -> Result<(Model, Vec<DialectId>), String> {
    let mut r = Reader {
        bytes,
        at: 0,
        depth: 0,
    };
    if r.take(MAGIC.len())? != MAGIC {
        return Err("not an ODS model written by tessera-build".into());
    }
    let version = String::read(&mut r)?;
    if version != env!("CARGO_PKG_VERSION") {
        return Err(format!(
            "the ODS model was written by tessera-ods {version}, this is {}: rebuild",
            env!("CARGO_PKG_VERSION")
        ));
    }
    let model = Model::read(&mut r)?;
    let dialects = Vec::<DialectId>::read(&mut r)?;
    if r.at != bytes.len() {
        return Err("trailing bytes after the ODS model".into());
    }
    let count = model.dialects.len();
    if dialects.iter().any(|d| d.0 as usize >= count) {
        return Err("a dialect index outside the ODS model".into());
    }
    Ok((model, dialects))
}

/// `model` as [`decode`] gives it back: the same, but for its source locations (none).
pub fn without_locations(mut model: Model) -> Model {
    for d in &mut model.dialects {
        d.loc = SourceLoc::NONE;
    }
    for op in &mut model.ops {
        op.loc = SourceLoc::NONE;
        op.assembly_format_loc = SourceLoc::NONE;
    }
    for def in model.attr_defs.iter_mut().chain(&mut model.type_defs) {
        def.loc = SourceLoc::NONE;
        def.assembly_format_loc = SourceLoc::NONE;
    }
    model
}

/// One predicate as bytes, for [`decode_pred`] (generated code holds the predicates of the ODS
/// constraints its patterns use, beside the model they name).
pub fn encode_pred(pred: &Pred) -> Vec<u8> {
    let mut out = Vec::new();
    pred.write(&mut out);
    out
}

/// The predicate [`encode_pred`] wrote.
pub fn decode_pred(bytes: &[u8]) -> Result<Pred, String> {
    let mut r = Reader {
        bytes,
        at: 0,
        depth: 0,
    };
    let pred = Pred::read(&mut r)?;
    if r.at != bytes.len() {
        return Err("trailing bytes after the predicate".into());
    }
    Ok(pred)
}

/// The bytes being read.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    /// How many lists and boxes enclose the value being read.
    depth: u32,
}

/// Deeper nesting than any model has (predicate trees are the deep part): damaged bytes get an
/// error, not a stack overflow.
const MAX_DEPTH: u32 = 256;

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or("the ODS model ends early")?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn u64(&mut self) -> Result<u64, String> {
        let b = self.take(8)?;
        Ok(u64::from_le_bytes(b.try_into().expect("8 bytes")))
    }

    /// A length: bounded by what is left, so corrupt bytes cannot ask for a huge allocation.
    fn len(&mut self) -> Result<usize, String> {
        let n = self.u64()?;
        if n > (self.bytes.len() - self.at) as u64 {
            return Err("a length beyond the end of the ODS model".into());
        }
        Ok(n as usize)
    }

    fn tag(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }

    /// Reads one level deeper.
    fn nested<T>(
        &mut self,
        read: impl FnOnce(&mut Self) -> Result<T, String>,
    ) -> Result<T, String> {
        if self.depth >= MAX_DEPTH {
            return Err("the ODS model nests too deeply".into());
        }
        self.depth += 1;
        let value = read(self);
        self.depth -= 1;
        value
    }
}

/// A value that can be written to and read from a blob.
trait Codec: Sized {
    fn write(&self, out: &mut Vec<u8>);
    fn read(r: &mut Reader<'_>) -> Result<Self, String>;
}

impl Codec for u64 {
    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn read(r: &mut Reader<'_>) -> Result<Self, String> {
        r.u64()
    }
}

impl Codec for i64 {
    fn write(&self, out: &mut Vec<u8>) {
        (*self as u64).write(out);
    }
    fn read(r: &mut Reader<'_>) -> Result<Self, String> {
        Ok(r.u64()? as i64)
    }
}

impl Codec for u32 {
    fn write(&self, out: &mut Vec<u8>) {
        (*self as u64).write(out);
    }
    fn read(r: &mut Reader<'_>) -> Result<Self, String> {
        u32::try_from(r.u64()?).map_err(|_| "a number out of range in the ODS model".into())
    }
}

impl Codec for usize {
    fn write(&self, out: &mut Vec<u8>) {
        (*self as u64).write(out);
    }
    fn read(r: &mut Reader<'_>) -> Result<Self, String> {
        usize::try_from(r.u64()?).map_err(|_| "a number out of range in the ODS model".into())
    }
}

impl Codec for bool {
    fn write(&self, out: &mut Vec<u8>) {
        out.push(*self as u8);
    }
    fn read(r: &mut Reader<'_>) -> Result<Self, String> {
        match r.tag()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err("a bad boolean in the ODS model".into()),
        }
    }
}

impl Codec for String {
    fn write(&self, out: &mut Vec<u8>) {
        (self.len() as u64).write(out);
        out.extend_from_slice(self.as_bytes());
    }
    fn read(r: &mut Reader<'_>) -> Result<Self, String> {
        let n = r.len()?;
        let bytes = r.take(n)?;
        String::from_utf8(bytes.to_vec()).map_err(|_| "bad text in the ODS model".into())
    }
}

/// Locations are not kept: they read back as none.
impl Codec for SourceLoc {
    fn write(&self, _out: &mut Vec<u8>) {}
    fn read(_r: &mut Reader<'_>) -> Result<Self, String> {
        Ok(SourceLoc::NONE)
    }
}

impl<T: Codec> Codec for Vec<T> {
    fn write(&self, out: &mut Vec<u8>) {
        (self.len() as u64).write(out);
        for item in self {
            item.write(out);
        }
    }
    fn read(r: &mut Reader<'_>) -> Result<Self, String> {
        let n = r.len()?;
        r.nested(|r| (0..n).map(|_| T::read(r)).collect())
    }
}

impl<T: Codec> Codec for Option<T> {
    fn write(&self, out: &mut Vec<u8>) {
        match self {
            None => out.push(0),
            Some(v) => {
                out.push(1);
                v.write(out);
            }
        }
    }
    fn read(r: &mut Reader<'_>) -> Result<Self, String> {
        match r.tag()? {
            0 => Ok(None),
            1 => Ok(Some(T::read(r)?)),
            _ => Err("a bad option in the ODS model".into()),
        }
    }
}

impl<T: Codec> Codec for Box<T> {
    fn write(&self, out: &mut Vec<u8>) {
        (**self).write(out);
    }
    fn read(r: &mut Reader<'_>) -> Result<Self, String> {
        Ok(Box::new(r.nested(T::read)?))
    }
}

/// Structs: every field in order.
macro_rules! codec_struct {
    ($($ty:ident { $($field:ident),* $(,)? })*) => {$(
        impl Codec for $ty {
            fn write(&self, out: &mut Vec<u8>) {
                $(self.$field.write(out);)*
            }
            fn read(r: &mut Reader<'_>) -> Result<Self, String> {
                Ok($ty { $($field: Codec::read(r)?,)* })
            }
        }
    )*};
}

/// Tuple structs of one field.
macro_rules! codec_newtype {
    ($($ty:ident),*) => {$(
        impl Codec for $ty {
            fn write(&self, out: &mut Vec<u8>) {
                self.0.write(out);
            }
            fn read(r: &mut Reader<'_>) -> Result<Self, String> {
                Ok($ty(Codec::read(r)?))
            }
        }
    )*};
}

/// Enums: a tag, then the variant's fields (named or positional).
macro_rules! codec_enum {
    ($ty:ident { $($tag:literal => $variant:ident $({ $($field:ident),* })? $(( $($pos:ident),* ))?),* $(,)? }) => {
        impl Codec for $ty {
            fn write(&self, out: &mut Vec<u8>) {
                match self {
                    $($ty::$variant $({ $($field),* })? $(( $($pos),* ))? => {
                        out.push($tag);
                        $($($field.write(out);)*)?
                        $($($pos.write(out);)*)?
                    })*
                }
            }
            fn read(r: &mut Reader<'_>) -> Result<Self, String> {
                match r.tag()? {
                    $($tag => Ok($ty::$variant $({ $($field: Codec::read(r)?),* })? $(( $($crate::blob::read_one::<_>(r, stringify!($pos))?),* ))?),)*
                    _ => Err(concat!("a bad ", stringify!($ty), " in the ODS model").into()),
                }
            }
        }
    };
}

/// One positional field (the name only documents which).
fn read_one<T: Codec>(r: &mut Reader<'_>, _name: &str) -> Result<T, String> {
    T::read(r)
}

codec_newtype!(DialectId, ConstraintId, DocGroupId);

codec_struct! {
    Model { dialects, ops, constraints, attr_defs, type_defs, attr_constraints, type_constraints, enums, doc_groups }
    Dialect {
        record, loc, name, cpp_namespace, summary, description, dependent_dialects,
        has_constant_materializer, has_canonicalizer, use_properties_for_attributes,
        is_extensible, use_default_attribute_printer_parser, use_default_type_printer_parser
    }
    Op {
        record, loc, dialect, op_name, name, cpp_namespace, cpp_class_name, summary,
        description, arguments, operands, attributes, properties, results, regions, successors,
        traits, infers_result_types, builders, flags, assembly_format, assembly_format_loc,
        doc_group
    }
    NamedConstraint { name, constraint, arity }
    NamedAttr { name, attr }
    NamedProperty { name, prop }
    Builders { custom, skip_default }
    OpFlags {
        has_verifier, has_region_verifier, has_folder, has_canonicalizer,
        has_canonicalize_method, has_custom_assembly_format
    }
    DocGroup { summary, description }
    AttrInfo {
        record, constraint, storage_type, return_type, optional, default_value,
        const_builder_call, confined, derived, base, root_base, value_type_builder, keyword_enum
    }
    PropertyInfo { record, storage_type, interface_type, summary, description, default_value }
    Constraint { record, kind, summary, description, pred, cpp_class, builder_call }
    EnumInfo {
        record, class_name, cpp_namespace, summary, description, kind, underlying_type, cases,
        separator, print_primary_groups
    }
    EnumCase { symbol, value, str }
    AttrOrTypeDef {
        kind, record, loc, dialect, cpp_class_name, cpp_base_class_name, mnemonic, summary,
        description, parameters, assembly_format, assembly_format_loc,
        has_custom_assembly_format, gen_accessors, enum_info
    }
    Parameter { name, cpp_type, summary, syntax, optional, default_value, self_type }
    DialectConstraint { record, dialect, summary, description }
    Trait { record, cpp, cpp_namespace, kind }
    Effects { base, effects }
    Effect { effect, resource }
}

codec_enum!(Argument { 0 => Operand(i), 1 => Attribute(i), 2 => Property(i) });
codec_enum!(ConstraintKind { 0 => Type, 1 => Attr, 2 => Region, 3 => Successor, 4 => Other });
codec_enum!(Arity { 0 => Single, 1 => Optional, 2 => Variadic, 3 => VariadicOfVariadic { segment_attr } });
codec_enum!(EnumKind { 0 => I32, 1 => I64, 2 => Bit, 3 => Plain });
codec_enum!(DefKind { 0 => Attr, 1 => Type });
codec_enum!(TraitKind {
    0 => Native { structural },
    1 => Predicate { summary, pred, types },
    2 => Interface { declared_methods, effects },
    3 => Internal,
});
codec_enum!(TypeRelation { 0 => AllMatch(names), 1 => MatchWith { lhs, rhs, transformer } });
codec_enum!(Pred {
    0 => Leaf(text),
    1 => And(children),
    2 => Or(children),
    3 => Not(child),
    4 => SubstLeaves { pattern, replacement, child },
    5 => Concat { prefix, suffix, child },
});

#[cfg(test)]
mod tests {
    use super::*;

    fn model_of(td: &str) -> (Model, Vec<DialectId>) {
        let parsed =
            tessera_tablegen::parse_source("t.td", td, &crate::library::options(Vec::new()))
                .unwrap_or_else(|f| panic!("{}", f.render()));
        let loaded = crate::load(&parsed.records);
        assert!(loaded.diagnostics.is_empty());
        let dialects = crate::register::dialects_of_main_file(&loaded.model, &loaded.sources);
        (loaded.model, dialects)
    }

    #[test]
    fn a_model_reads_back_as_written() {
        let (model, dialects) = model_of(crate::library::file("tessera/PDLInterp.td").unwrap());
        assert!(!model.ops.is_empty());
        let bytes = encode(&model, &dialects);
        let (back, back_dialects) = decode(&bytes).unwrap();
        assert_eq!(back, without_locations(model));
        assert_eq!(back_dialects, dialects);
    }

    #[test]
    fn damaged_bytes_are_an_error_never_a_panic() {
        let (model, dialects) = model_of(crate::library::file("tessera/Func.td").unwrap());
        let bytes = encode(&model, &dialects);
        assert!(decode(&bytes[..bytes.len() - 1]).is_err());
        assert!(decode(b"nonsense").is_err());
        // Every truncation and a flipped byte at many places: errors or other models, but
        // never a panic or a huge allocation.
        for cut in (0..bytes.len()).step_by(97) {
            let _ = decode(&bytes[..cut]);
            let mut flipped = bytes.clone();
            flipped[cut] ^= 0xff;
            let _ = decode(&flipped);
        }
    }
}
