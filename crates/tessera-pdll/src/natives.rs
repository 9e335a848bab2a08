//! Rust natives for the constraints `.td` includes import.
//!
//! mlir-pdll imports every attribute and type def of an included `.td` file as a native
//! constraint whose code is the def's C++ condition, for the C++ its `-x=cpp` output compiles.
//! Where Tessera runs the patterns (`tessera-opt --patterns=FILE.pdll`), the same constraints
//! are natives registered under the same names that evaluate the def's ODS predicate with
//! `tessera_ods::eval`, so `let x: I32Attr` or `Value<t: AnySignlessInteger>` checks what
//! ODS says without a line of hand-written Rust.
//!
//! A predicate is compiled the first time a pattern calls it (a `.td` file defines hundreds,
//! a pattern set uses a few); one whose leaves the evaluator does not understand fails the
//! match with an error naming the leaf, never passes.

use crate::ast::Ast;
use crate::ods::NativePredicate;
use std::sync::{Arc, OnceLock};
use tessera_ods::eval::{Bound, CompiledPred, SelfKind};
use tessera_pdl::natives::{NativeKind, Natives, PdlValue};

/// `natives` with a native constraint for every attribute and type def the `.td` includes of
/// `ast` imported (a name already registered in `natives` is kept: the caller's Rust wins).
pub fn with_ods_natives(ast: &Ast, mut natives: Natives) -> Natives {
    for (name, predicate) in ast.ods.native_predicates() {
        if natives.constraint(name).is_some() {
            continue;
        }
        let evaluator = Arc::new(Evaluator {
            name: name.to_string(),
            predicate: predicate.clone(),
            compiled: OnceLock::new(),
        });
        natives.register(
            NativeKind::Constraint,
            name,
            move |rw, args, _params, _results| {
                let subject = match (args.first(), evaluator.predicate.subject) {
                    (Some(PdlValue::Attr(a)), SelfKind::Attr) => Bound::Attr(*a),
                    (Some(PdlValue::Type(t)), SelfKind::Type) => Bound::Type(*t),
                    _ => {
                        return Err(Some(
                            format!("{}: the argument is not of its kind", evaluator.name).into(),
                        ))
                    }
                };
                evaluator.holds(rw.ctx(), &subject)
            },
        );
    }
    natives
}

/// One imported constraint, compiled on first use.
struct Evaluator {
    name: String,
    predicate: NativePredicate,
    /// The compiled predicate (`None`: it has none and always holds), or why it cannot be
    /// compiled.
    compiled: OnceLock<Result<Option<CompiledPred>, String>>,
}

impl Evaluator {
    fn holds(
        &self,
        ctx: &tessera_ir::Context,
        subject: &Bound,
    ) -> Result<(), tessera_pdl::natives::NativeFailure> {
        let compiled = self.compiled.get_or_init(|| {
            let Some(pred) = &self.predicate.pred else {
                return Ok(None);
            };
            let p = &self.predicate;
            tessera_ods::typed::compile_predicate(&self.name, &p.model, pred, p.subject).map(Some)
        });
        match compiled {
            Ok(None) => Ok(()),
            Ok(Some(pred)) => {
                match tessera_ods::typed::evaluate_predicate(&self.name, pred, ctx, subject) {
                    Ok(true) => Ok(()),
                    Ok(false) => Err(None),
                    Err(message) => Err(Some(message.into())),
                }
            }
            Err(message) => Err(Some(message.clone().into())),
        }
    }
}
