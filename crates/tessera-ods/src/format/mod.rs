//! Declarative assembly formats: op formats (`assemblyFormat` of an `Op`) and attribute/type
//! formats (of an `AttrDef`/`TypeDef`) parsed into a tree and checked with upstream's rules
//! and messages (`mlir-tblgen` 19's `OpFormatGen`/`AttrOrTypeFormatGen`), ready for an
//! engine that parses and prints the custom form.
//!
//! The pipeline is `lexer` → `parser` (the grammar every format shares, as a trait with
//! provided methods) → `op`/`def` (what names mean, the checks, and for ops how each operand
//! and result type is obtained). Parsing stops at the first error, as upstream does, so a
//! format yields either its tree or the diagnostics `mlir-tblgen` prints for it (a lexical
//! error is followed by the parser's complaint about the bad token, as upstream's is).
//!
//! Diagnostics point inside the `.td` file, at the byte of the format the error is about,
//! when the file spells the format verbatim; otherwise at the record. Each carries upstream's
//! note "in custom assembly format for this operation" at the record.
//!
//! Nothing here evaluates C++: buildable types' builder calls and `TypesMatchWith`
//! transformers are kept as text.

pub mod ast;
mod def;
mod dump;
mod lexer;
pub(crate) mod locate;
mod op;
mod parser;

pub use ast::{
    Anchor, Element, ElementKind, OIListClause, OptionalGroup, Span, Variable, Whitespace,
};
pub use def::DefFormat;
pub use dump::{dump_def_format, dump_op_format};
pub use op::{AttrPrinting, AttrStyle, OpFormat, TypeResolution, TypeSource};

use crate::attr_type_def::AttrOrTypeDef;
use crate::op::Op;
use crate::Model;
use locate::Locator;
use parser::FormatError;
use tessera_ir::{Diagnostic, SourceLoc};

/// The note upstream attaches to every format error, at the record.
const NOTE: &str = "in custom assembly format for this operation";

/// Parses and checks the assembly format of `op` (which must belong to `model`); `None`
/// when the op has none.
pub fn parse_op_format(model: &Model, op: &Op) -> Option<Result<OpFormat, Vec<Diagnostic>>> {
    let text = op.assembly_format.as_deref()?;
    let locator = Locator {
        base: op.assembly_format_loc,
        record: op.loc,
    };
    Some(
        op::OpParser::new(model, op, text)
            .run()
            .map_err(|errors| diagnostics(locator, errors)),
    )
}

/// Parses and checks the assembly format of an attribute or type definition; `None` when it
/// has none.
pub fn parse_def_format(def: &AttrOrTypeDef) -> Option<Result<DefFormat, Vec<Diagnostic>>> {
    let text = def.assembly_format.as_deref()?;
    if !def.gen_accessors {
        let message = "'assemblyFormat' requires 'genAccessors' to be true";
        return Some(Err(vec![Diagnostic::error(def.loc, message)]));
    }
    let locator = Locator {
        base: def.assembly_format_loc,
        record: def.loc,
    };
    Some(def::DefParser::new(def, text).run().map_err(|errors| {
        let mut diags = diagnostics(locator, errors);
        // Upstream stops the run with one more error at the definition.
        diags.push(Diagnostic::error(
            def.loc,
            "failed to parse assembly format",
        ));
        diags
    }))
}

/// One format of a model, parsed: whose it is, and what it parsed to or why not.
#[derive(Debug)]
pub struct FormatReport {
    /// The op's full name, or the attribute's/type's record name.
    pub name: String,
    /// Where the op or definition is.
    pub loc: SourceLoc,
    /// The readable form of the format ([`dump_op_format`], [`dump_def_format`]), or the
    /// errors.
    pub result: Result<String, Vec<Diagnostic>>,
}

/// Parses every op, attribute and type format of `model` (ops first, then attributes and
/// types, each in model order): what tools and tests that look at all formats walk.
pub fn check_all(model: &Model) -> Vec<FormatReport> {
    let ops = model.ops.iter().filter_map(|op| {
        let result = parse_op_format(model, op)?.map(|f| dump_op_format(op, &f));
        Some(FormatReport {
            name: op.name.clone(),
            loc: op.loc,
            result,
        })
    });
    let defs = model.attr_defs.iter().chain(&model.type_defs);
    let defs = defs.filter_map(|def| {
        let result = parse_def_format(def)?.map(|f| dump_def_format(def, &f));
        Some(FormatReport {
            name: def.record.clone(),
            loc: def.loc,
            result,
        })
    });
    ops.chain(defs).collect()
}

fn diagnostics(locator: Locator, errors: Vec<FormatError>) -> Vec<Diagnostic> {
    errors
        .into_iter()
        .map(|e| {
            let at: SourceLoc = locator.at(e.at);
            let diag = Diagnostic::error(at, e.message).with_note(locator.record, NOTE);
            match e.note {
                Some(note) => diag.with_note(at, note),
                None => diag,
            }
        })
        .collect()
}
