//! `#include "x.td"`: evaluating the file with TableGen, reading ODS from the records, and
//! importing the result into the module being parsed.
//!
//! Two things come in, as upstream's PDLL imports them: the operations (with their dialects
//! and constraints) go into the AST's [`crate::ods::Context`], where semantic analysis looks
//! them up by name; and every named attribute def, type def and interface becomes a native
//! `Constraint` declaration taking a single `self` argument, so PDLL code can use `I32` or
//! `InferTypeOpInterface` as a constraint. A name already visible in the current scope is not
//! imported again (including a file twice imports nothing the second time).
//!
//! The `.td` buffers are copied into the PDLL run's source map, placed as included from the
//! end of the include's file name, so imported declarations and operations have ordinary
//! locations: a redefinition note or "see the definition of `x.y` here" points into the `.td`
//! file. TableGen errors are reported at the include, worded as upstream words them; errors
//! ODS finds in the records (upstream aborts on them) are reported where they stand.

use crate::ast::*;
use crate::ods;
use crate::parser::{PResult, Parser};
use smallvec::smallvec;
use tessera_ir::source::{FileId, SourceMap};
use tessera_ir::{DiagLoc, Diagnostic, Severity, SourceLoc};
use tessera_tablegen::{RecId, RecordKeeper};

/// The translation of locations of a TableGen run's buffers into the PDLL source map, which
/// holds a copy of each, in the same order.
struct Buffers {
    files: Vec<FileId>,
}

impl Buffers {
    fn translate(&self, pdll: &SourceMap, from: &SourceMap, loc: SourceLoc) -> SourceLoc {
        match from.find(loc) {
            Some((file, offset)) => match self.files.get(file.index()) {
                Some(&id) => pdll.loc(id, offset),
                None => SourceLoc::NONE,
            },
            None => SourceLoc::NONE,
        }
    }
}

impl Parser<'_> {
    /// Imports the `.td` file `filename` (found as `path`, holding `text`), whose name token
    /// is at `file_loc`, adding the declarations it brings to `decls`.
    pub(crate) fn parse_td_include(
        &mut self,
        filename: &str,
        path: String,
        text: String,
        file_loc: Span,
        decls: &mut Ids<DeclId>,
    ) -> PResult<()> {
        let include_dirs = self
            .include_dirs
            .iter()
            .map(|d| d.to_string_lossy().into_owned())
            .collect();
        let options = tessera_ods::library::options(include_dirs);
        let tablegen_error = |d: &Diagnostic| {
            Diagnostic::error(
                file_loc.lo,
                format!(
                    "error while processing include file `{filename}`: {}",
                    d.message
                ),
            )
        };
        let parsed = match tessera_tablegen::parse_source(&path, &text, &options) {
            Ok(parsed) => parsed,
            Err(failure) => {
                return Err(self.report_all(failure.diagnostics.iter(), tablegen_error));
            }
        };
        // Warnings of a successful evaluation are dropped: upstream prints them as errors
        // but still succeeds, which a diagnostic here cannot express.
        if parsed.error_count() > 0 {
            return Err(self.report_all(parsed.messages.iter(), tablegen_error));
        }
        let records = &parsed.records;
        let loaded = tessera_ods::load(records);

        // Copy the buffers; the `.td` file itself was added first, so it hangs off the include.
        let td_sources = records.sources();
        let mut buffers = Buffers { files: Vec::new() };
        for (_, file) in td_sources.files() {
            let from = match file.included_from().is_known() {
                true => buffers.translate(self.sources, td_sources, file.included_from()),
                false => file_loc.hi,
            };
            let id = self
                .sources
                .add_included(file.name(), file.text().clone(), from);
            buffers.files.push(id);
        }

        // ODS's own source map copies the same buffers in the same order.
        if !loaded.diagnostics.is_empty() {
            let mut first = None;
            for d in &loaded.diagnostics {
                let mut d = d.clone();
                relocate(&mut d, &|loc| {
                    buffers.translate(self.sources, &loaded.sources, loc)
                });
                if d.severity == Severity::Error {
                    first.get_or_insert(self.diags.report_error(d));
                } else {
                    self.diags.report(d);
                }
            }
            if let Some(reported) = first {
                return Err(reported);
            }
        }
        let sources = &*self.sources;
        self.ast.ods.import(&loaded.model, records, &|loc| {
            buffers.translate(sources, &loaded.sources, loc)
        });

        let translate =
            |p: &Parser<'_>, loc: SourceLoc| buffers.translate(p.sources, td_sources, loc);
        let preds: rustc_hash::FxHashMap<String, tessera_ods::Pred> =
            tessera_ods::pred::predicates_of_class(records, "Constraint")
                .into_iter()
                .collect();
        let (attr, type_) = (self.ast.types.attr, self.ast.types.type_);
        // The dialects the file itself defines: a tool registers them for the IR the patterns
        // run on, from this model rather than by evaluating the file again.
        let dialects = tessera_ods::register::dialects_of_main_file(&loaded.model, &loaded.sources);
        let model = std::sync::Arc::new(loaded.model);
        self.ast.ods.add_defined_dialects(model.clone(), dialects);
        for (class, ty, base_field) in [("Attr", attr, "baseAttr"), ("Type", type_, "baseType")] {
            for rec in sorted_defs(records, class) {
                let name = records.record_name(rec);
                if records.record(rec).is_anonymous() || self.lookup_str(&name).is_some() {
                    continue;
                }
                let cond = preds
                    .get(&name)
                    .map_or_else(|| "true".to_string(), ods::condition);
                let code = format!("return ::mlir::success({cond});");
                let unique = ods::unique_def_name(records, rec, base_field);
                let loc = translate(self, records.record(rec).loc());
                let native = native_class(records, rec, ty == attr);
                decls.push(self.native_constraint(&unique, code, native, loc, ty));
                let subject = if ty == attr {
                    tessera_ods::eval::SelfKind::Attr
                } else {
                    tessera_ods::eval::SelfKind::Type
                };
                let predicate = ods::NativePredicate {
                    pred: preds.get(&name).cloned(),
                    subject,
                    model: model.clone(),
                };
                self.ast.ods.add_native_predicate(&unique, predicate);
            }
        }
        let op = self.ast.types.op;
        for rec in sorted_defs(records, "Interface") {
            let name = records.record_name(rec);
            if records.record(rec).is_anonymous()
                || self.lookup_str(&name).is_some()
                || records.is_subclass_of_named(rec, "DeclareInterfaceMethods")
            {
                continue;
            }
            let ty = if records.is_subclass_of_named(rec, "OpInterface") {
                op
            } else if records.is_subclass_of_named(rec, "AttrInterface") {
                attr
            } else if records.is_subclass_of_named(rec, "TypeInterface") {
                type_
            } else {
                continue;
            };
            let field = |f: &str| records.value_as_string(rec, f).unwrap_or_default();
            let class = format!("{}::{}", field("cppNamespace"), field("cppInterfaceName"));
            let code = format!("return ::mlir::success(llvm::isa<{class}>(self));");
            let loc = translate(self, records.record(rec).loc());
            decls.push(self.native_constraint(&name, code, class, loc, ty));
        }
        Ok(())
    }

    /// Reports every message of a failed evaluation as `make` words it, notes included (each
    /// as an error of its own, as upstream's handler turns every message into one); returns
    /// the first report.
    fn report_all<'d>(
        &mut self,
        diags: impl Iterator<Item = &'d Diagnostic>,
        make: impl Fn(&Diagnostic) -> Diagnostic,
    ) -> tessera_ir::Reported {
        let mut first = None;
        for d in diags {
            for message in std::iter::once(d).chain(&d.notes) {
                let reported = self.diags.report_error(make(message));
                first.get_or_insert(reported);
            }
        }
        // A failed evaluation always carries an error; should one not, say so at the include.
        first.unwrap_or_else(|| {
            self.diags.report_error(make(&Diagnostic::error(
                SourceLoc::NONE,
                "the file could not be evaluated",
            )))
        })
    }

    /// A native constraint `name(self: ty)` running `code` on a `native_type`, declared in the
    /// current scope, as upstream declares the constraints it imports from ODS.
    fn native_constraint(
        &mut self,
        name: &str,
        code: String,
        native_type: String,
        loc: SourceLoc,
        ty: TypeId,
    ) -> DeclId {
        let span = Span {
            lo: loc,
            hi: loc.offset_by(1),
        };
        let t = &self.ast.types;
        let core = if ty == t.attr {
            DeclKind::AttrConstraint(None)
        } else if ty == t.type_ {
            DeclKind::TypeConstraint
        } else {
            let any = self.ast.decl(DeclKind::OpName(None), span);
            DeclKind::OpConstraint(any)
        };
        let core = self.ast.decl(core, span);
        let self_name = Name {
            sym: self.ast.names.intern("self"),
            span,
        };
        let constraints = self.ast.constraint_list(&[ConstraintRef {
            constraint: core,
            span,
        }]);
        let input = self.ast.decl(
            DeclKind::Variable {
                name: self_name,
                ty,
                init: None.into(),
                constraints,
            },
            span,
        );
        let name = Name {
            sym: self.ast.names.intern(name),
            span,
        };
        let decl = self.ast.decl(
            DeclKind::UserConstraint(Box::new(Callable {
                name,
                inputs: smallvec![input],
                results: Ids::new(),
                result_type: self.ast.types.empty_tuple,
                body: None,
                code: Some(code.into()),
                native_type: Some(native_type.into()),
            })),
            span,
        );
        self.add_to_scope(name.sym, decl);
        decl
    }

    fn lookup_str(&mut self, name: &str) -> Option<DeclId> {
        let sym = self.ast.names.intern(name);
        self.lookup(sym)
    }
}

/// The C++ class a value satisfying an `Attr` (`attr`) or `Type` def is handled as: the
/// attribute's storage type or the type's class, with upstream's defaults.
fn native_class(records: &RecordKeeper, rec: RecId, attr: bool) -> String {
    let (field, default) = match attr {
        true => ("storageType", "::mlir::Attribute"),
        false => ("cppClassName", "::mlir::Type"),
    };
    match records.value_as_string(rec, field) {
        Ok(s) if !s.trim().is_empty() => s.trim().to_string(),
        _ => default.to_string(),
    }
}

/// The defs deriving from `class` in the order upstream's record keeper lists them: by name,
/// runs of digits compared as numbers (`AnyI8Attr` before `AnyI16Attr`).
fn sorted_defs(records: &RecordKeeper, class: &str) -> Vec<RecId> {
    let mut defs: Vec<(String, RecId)> = records
        .all_derived_definitions(class)
        .into_iter()
        .map(|d| (records.record_name(d), d))
        .collect();
    defs.sort_by(|a, b| tessera_ods::compare_numeric(&a.0, &b.0));
    defs.into_iter().map(|(_, d)| d).collect()
}

/// Moves a diagnostic (and its notes) from one source map's locations to another's.
fn relocate(d: &mut Diagnostic, translate: &dyn Fn(SourceLoc) -> SourceLoc) {
    if let DiagLoc::Source(loc) = d.loc {
        d.loc = translate(loc).into();
    }
    for note in &mut d.notes {
        relocate(note, translate);
    }
}
