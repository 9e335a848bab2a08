//! The custom form of `builtin.module`, which this crate provides itself so that any
//! `Context` reads and writes `module @name attributes {...} { ... }` as upstream does: the
//! parser and printer fall back to it when no other hooks are registered for the op.
//! A context whose builtin dialect is registered from a `.td` file brings its own.

use super::{CustomOpState, OpAsmParser, OpAsmPrinter, OpAssembly, ParseResult};
use std::sync::{Arc, OnceLock};
use tessera_ir::{Context, OpId};

/// `module (@name)? (attributes {...})? { ... }`.
struct ModuleAssembly;

impl OpAssembly for ModuleAssembly {
    fn parse(&self, p: &mut OpAsmParser<'_, '_, '_>, state: &mut CustomOpState) -> ParseResult<()> {
        if let Some(name) = p.parse_optional_symbol_name()? {
            let key = p.ctx().ident("sym_name");
            let value = p.ctx().string_attr(&name);
            state.attrs.push((key, value));
        }
        p.parse_optional_attr_dict_with_keyword(&mut state.attrs)?;
        let region = p.parse_region(&[])?;
        p.ensure_entry_block(region);
        state.regions.push(region);
        Ok(())
    }

    fn print(&self, p: &mut OpAsmPrinter<'_, '_>, op: OpId) {
        let attrs = p.op_attrs_and_props(op);
        let ctx = p.ctx();
        let name = attrs
            .iter()
            .find(|(n, _)| ctx.str(*n) == "sym_name")
            .and_then(|&(_, a)| ctx.string_value(a));
        if let Some(name) = name {
            p.write(" ");
            p.print_symbol_name(name);
        }
        p.print_optional_attr_dict_with_keyword(&attrs, &["sym_name"]);
        p.write(" ");
        let region = p.body().region(op, 0);
        p.print_region(region, false, true, false);
    }

    fn default_dialect(&self) -> &str {
        "builtin"
    }
}

/// The hooks used for `builtin.module` when the context registers none.
pub(crate) fn fallback(ctx: &Context, name: tessera_ir::Ident) -> Option<Arc<dyn OpAssembly>> {
    (ctx.str(name) == "builtin.module").then(|| module_assembly().clone())
}

/// [`fallback`], borrowed.
pub(crate) fn fallback_ref(
    ctx: &Context,
    name: tessera_ir::Ident,
) -> Option<&'static dyn OpAssembly> {
    (ctx.str(name) == "builtin.module").then(|| &**module_assembly())
}

/// The one instance of this crate's `builtin.module` hooks.
fn module_assembly() -> &'static Arc<dyn OpAssembly> {
    static MODULE: OnceLock<Arc<dyn OpAssembly>> = OnceLock::new();
    MODULE.get_or_init(|| Arc::new(ModuleAssembly))
}

/// Registers the custom forms this crate provides for the builtin dialect (`builtin.module`)
/// in `ctx`, replacing any others.
pub fn register_builtin_assembly(ctx: &mut Context) {
    super::set_op_assembly(ctx, "builtin.module", Arc::new(ModuleAssembly));
}
