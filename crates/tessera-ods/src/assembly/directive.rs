//! `custom<Name>(args)` directives: parts of a format that Rust code reads and writes, as
//! upstream's C++ `parseName`/`printName` functions do. A hook is registered by name
//! ([`crate::register::Options::directives`]); the engine passes it the directive's
//! arguments as [`DirectiveArg`]s, to fill when parsing and to print from when printing.

use tessera_asm::custom::{OpAsmParser, OpAsmPrinter, ParseResult, UnresolvedOperand};
use tessera_ir::{Attr, BlockId, Ident, OpId, RegionId, Type, ValueId};

/// One argument of a custom directive. Parsing starts from the "empty" variant of each
/// argument (`None`, empty lists) except `ref(...)` arguments, which carry what was read
/// before; the hook fills the others. Printing passes the op's values.
#[derive(Clone, Debug, PartialEq)]
pub enum DirectiveArg<'a> {
    /// An attribute (or property) variable: present or not.
    Attr(Option<Attr>),
    /// A single or optional operand, as written (parsing).
    Operand(Option<UnresolvedOperand<'a>>),
    /// A variadic operand group, as written (parsing).
    Operands(Vec<UnresolvedOperand<'a>>),
    /// A single or optional operand's value (printing).
    Value(Option<ValueId>),
    /// A variadic operand group's values (printing).
    Values(Vec<ValueId>),
    /// `type($x)` of a single or optional value.
    Type(Option<Type>),
    /// `type($x)` of a variadic group.
    Types(Vec<Type>),
    /// A single region.
    Region(Option<RegionId>),
    /// A variadic region group.
    Regions(Vec<RegionId>),
    /// A single successor.
    Successor(Option<BlockId>),
    /// A variadic successor group.
    Successors(Vec<BlockId>),
    /// `attr-dict`: the attributes (parsing: those read; printing: the op's, as the
    /// directive decides which to show).
    AttrDict(Vec<(Ident, Attr)>),
    /// A string argument.
    Str(String),
}

/// A custom directive implemented in Rust.
pub trait CustomDirective: Send + Sync {
    /// Reads the directive, filling `args` (same order as in the format).
    fn parse<'a>(
        &self,
        p: &mut OpAsmParser<'_, 'a, '_>,
        args: &mut [DirectiveArg<'a>],
    ) -> ParseResult<()>;

    /// Writes the directive for `op` from `args`.
    fn print(&self, p: &mut OpAsmPrinter<'_, '_>, op: OpId, args: &[DirectiveArg<'_>]);

    /// Whether `print` prints no attribute or type but those in its arguments (or parts of
    /// them), and no region: the alias pass may then leave it out when nothing the op holds
    /// can get an alias. `false` (the default) promises nothing.
    fn prints_only_args(&self) -> bool {
        false
    }
}
