//! Custom assembly forms: the hooks through which a registered op reads and writes its own
//! syntax (`%0 = arith.addi %a, %b : i32`) instead of the generic form.
//!
//! An op opts in by carrying an [`OpAssembly`] in its `tessera_ir::OpInfo` (see
//! [`set_op_assembly`]). The parser calls [`OpAssembly::parse`] after reading the op's name,
//! with an [`OpAsmParser`] positioned on what follows; the printer calls
//! [`OpAssembly::print`] after writing the results and the name, with an [`OpAsmPrinter`].
//! Both facades mirror upstream's `OpAsmParser`/`OpAsmPrinter`, so a hook written from an
//! upstream op's C++ parser/printer reads naturally, and so do hooks generated from a
//! declarative assembly format.
//!
//! The printer also runs every hook once before printing, with an `OpAsmPrinter` that writes
//! nothing and only records the types and attributes the hook prints: upstream picks its
//! aliases from exactly what is printed, so an attribute the custom form elides gets no
//! alias.

mod builtin;
pub(crate) mod dialect;
pub mod function;
mod parser;

pub use crate::printer::OpAsmPrinter;
pub use builtin::register_builtin_assembly;
pub use dialect::{dialect_assembly, set_dialect_assembly, DialectAssembly};
pub use parser::{Argument, CustomOpState, OpAsmParser, Punct, UnresolvedOperand};

use smallvec::SmallVec;
use std::sync::Arc;
use tessera_ir::{Body, Context, Diagnostic, OpId, RegionId, ValueId};

/// The result of a custom parser step: a diagnostic stops parsing, as everywhere in this
/// crate.
pub type ParseResult<T> = Result<T, Box<Diagnostic>>;

/// How one registered op reads and writes its custom form.
pub trait OpAssembly: Send + Sync {
    /// Reads the op from what follows its name into `state` (operands resolved, result
    /// types, attributes, regions, successors). The op is created by the caller.
    fn parse(&self, p: &mut OpAsmParser<'_, '_, '_>, state: &mut CustomOpState) -> ParseResult<()>;

    /// Writes everything after the op's name (`%r = name` is already written).
    fn print(&self, p: &mut OpAsmPrinter<'_, '_>, op: OpId);

    /// Whether `op` can be written in custom form at all; when not, it is printed in the
    /// generic form (e.g. its format needs a custom directive no hook implements, or its
    /// attributes do not fit the format).
    fn can_print(&self, _ctx: &Context, _body: &Body, _op: OpId) -> bool {
        true
    }

    /// The dialect whose prefix may be left out of op names in this op's regions
    /// (upstream's `OpAsmOpInterface::getDefaultDialect`); empty for none.
    fn default_dialect(&self) -> &str {
        ""
    }

    /// Suggested names for the op's results (upstream's `getAsmResultNames`), e.g. `c42_i32`
    /// for a constant; the printer makes them unique. Only the first result of a group
    /// may be named; values left out get numbers.
    fn result_names(&self, _ctx: &Context, _body: &Body, _op: OpId, _names: &mut ResultNames) {}

    /// A shortcut for the alias pass, which otherwise runs [`OpAssembly::print`] on `op`
    /// once, writing nothing, to learn what it prints. `Some(regions)` promises that `print`
    /// prints of `op` no attribute or type other than those `op` holds (its attributes and
    /// properties, its operands' and results' types, and parts of these), and exactly the
    /// regions listed, in that order, as `print_region` with those arguments would. When
    /// none of what the op holds can get an alias, the pass then visits the regions alone.
    /// `None` (the default) promises nothing.
    fn printed_regions(
        &self,
        _ctx: &Context,
        _body: &Body,
        _op: OpId,
    ) -> Option<SmallVec<[RegionPrinting; 2]>> {
        None
    }
}

/// One region as a custom form prints it: the arguments of [`OpAsmPrinter::print_region`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegionPrinting {
    /// The region.
    pub region: RegionId,
    /// Print the entry block's header when it has arguments.
    pub entry_args: bool,
    /// Print the entry block's terminator.
    pub terminators: bool,
    /// Print the header of an empty entry block.
    pub empty_block: bool,
}

/// Where [`OpAssembly::result_names`] puts its suggestions.
#[derive(Default)]
pub struct ResultNames {
    pub(crate) names: Vec<(ValueId, String)>,
}

impl ResultNames {
    /// Suggests `name` for `value`.
    pub fn set(&mut self, value: ValueId, name: impl Into<String>) {
        self.names.push((value, name.into()));
    }
}

/// The type stored (type-erased) in `OpInfo::assembly`: `tessera-ir` sits below the
/// textual format, so it holds the hooks as `Any`.
struct AsmHooks(Arc<dyn OpAssembly>);

/// Makes `hooks` the custom form of the registered op `op_name`. Returns false (and changes
/// nothing) if no such op is registered.
pub fn set_op_assembly(ctx: &mut Context, op_name: &str, hooks: Arc<dyn OpAssembly>) -> bool {
    let Some(name) = ctx.lookup_ident(op_name) else {
        return false;
    };
    let Some(mut info) = ctx.op_info(name).cloned() else {
        return false;
    };
    info.assembly = Some(Arc::new(AsmHooks(hooks)));
    ctx.register_op(info);
    true
}

/// [`op_assembly`] borrowed rather than shared: the printer asks for every op, several
/// times, and taking a share costs two atomic operations each time.
pub(crate) fn op_assembly_ref(ctx: &Context, name: tessera_ir::Ident) -> Option<&dyn OpAssembly> {
    let registered = ctx
        .op_info(name)?
        .assembly
        .as_ref()
        .and_then(|any| any.downcast_ref::<AsmHooks>())
        .map(|h| &*h.0);
    registered.or_else(|| builtin::fallback_ref(ctx, name))
}

/// The custom-form hooks of the op named `name`: those registered with it, or for
/// `builtin.module` this crate's own.
pub fn op_assembly(ctx: &Context, name: tessera_ir::Ident) -> Option<Arc<dyn OpAssembly>> {
    let registered = ctx
        .op_info(name)?
        .assembly
        .as_ref()
        .and_then(|any| any.downcast_ref::<AsmHooks>())
        .map(|h| h.0.clone());
    registered.or_else(|| builtin::fallback(ctx, name))
}
