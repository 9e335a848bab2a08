//! The natives `mlir-opt` 19's `-test-pdl-bytecode-pass` registers (its
//! `mlir/test/lib/Rewrite/TestPDLByteCode.cpp`), under the same names and with the same
//! behaviour, so upstream's `pdl-bytecode.mlir` tests run unchanged against
//! `tessera-opt --test-pdl-bytecode-pass`. Written here from that behaviour. Natives later
//! upstream versions added (`op_constr_return_value_range`, `op_multiple_returns_failure`,
//! `null_attr_creator`) are not here: mlir-opt 19, the oracle, does not know them.

use crate::natives::{NativeFailure, NativeKind, Natives, PdlValue};
use std::sync::Arc;
use tessera_ir::{FloatKind, OpId, OperationState};
use tessera_rewrite::PatternRewriter;

fn op_arg(args: &[PdlValue], i: usize) -> Result<OpId, NativeFailure> {
    match args.get(i) {
        Some(PdlValue::Op(op)) => Ok(*op),
        _ => Err(Some(format!("argument {i} is not an operation").into())),
    }
}

fn named(rw: &PatternRewriter<'_>, op: OpId, name: &str) -> bool {
    rw.ctx().str(rw.body().op_name(op)) == name
}

fn check(cond: bool) -> Result<(), NativeFailure> {
    if cond {
        Ok(())
    } else {
        Err(None)
    }
}

/// Creates `name` with `operands` and no results at `loc`, where the rewriter inserts.
fn create(
    rw: &mut PatternRewriter<'_>,
    name: &str,
    operands: &[tessera_ir::ValueId],
    loc: tessera_ir::Location,
) -> OpId {
    let state = OperationState::simple(rw.ctx_mut(), name, operands, &[], &[], loc);
    rw.create(state)
}

/// The natives of upstream's test pass.
pub fn natives() -> Natives {
    let mut n = Natives::new();
    n.register(
        NativeKind::Constraint,
        "single_entity_constraint",
        |rw, args, _, _| check(named(rw, op_arg(args, 0)?, "test.op")),
    );
    // Upstream checks the second operation only.
    n.register(
        NativeKind::Constraint,
        "multi_entity_constraint",
        |rw, args, _, _| {
            op_arg(args, 0)?;
            check(named(rw, op_arg(args, 1)?, "test.op"))
        },
    );
    n.register(
        NativeKind::Constraint,
        "multi_entity_var_constraint",
        |_, args, _, _| {
            let ok = matches!(
                args,
                [PdlValue::Values(vs), PdlValue::Types(ts)] if vs.len() == 2 && ts.len() == 2
            );
            check(ok)
        },
    );
    n.register(
        NativeKind::Constraint,
        "op_constr_return_attr",
        |rw, args, _, results| {
            let op = op_arg(args, 0)?;
            check(named(rw, op, "test.success_op"))?;
            results.push(PdlValue::Attr(rw.ctx_mut().string_attr("test.success")));
            Ok(())
        },
    );
    n.register(
        NativeKind::Constraint,
        "op_constr_return_type",
        |rw, args, _, results| {
            let op = op_arg(args, 0)?;
            check(named(rw, op, "test.success_op"))?;
            results.push(PdlValue::Type(rw.ctx_mut().float_type(FloatKind::F32)));
            Ok(())
        },
    );
    n.register(
        NativeKind::Constraint,
        "op_constr_return_type_range",
        |rw, args, _, results| {
            let op = op_arg(args, 0)?;
            let count = match args.get(1) {
                Some(PdlValue::Attr(a)) => crate::executor::translate::int_attr(rw.ctx(), *a),
                _ => None,
            };
            let Some(count) = count else {
                return Err(Some("argument 1 is not an integer attribute".into()));
            };
            check(named(rw, op, "test.success_op"))?;
            let f32 = rw.ctx_mut().float_type(FloatKind::F32);
            let types: Arc<[_]> = (0..count.max(0)).map(|_| f32).collect();
            results.push(PdlValue::Types(types));
            Ok(())
        },
    );
    n.register(NativeKind::Rewrite, "creator", |rw, args, _, results| {
        let op = op_arg(args, 0)?;
        let loc = rw.body().op_loc(op);
        results.push(PdlValue::Op(create(rw, "test.success", &[], loc)));
        Ok(())
    });
    n.register(
        NativeKind::Rewrite,
        "var_creator",
        |rw, args, _, results| {
            let op = op_arg(args, 0)?;
            let body = rw.body();
            let values: Arc<[_]> = body.operands(op).collect();
            let types: Arc<[_]> = values.iter().map(|&v| body.value_type(v)).collect();
            results.push(PdlValue::Values(values));
            results.push(PdlValue::Types(types));
            Ok(())
        },
    );
    n.register(NativeKind::Rewrite, "type_creator", |rw, _, _, results| {
        results.push(PdlValue::Type(rw.ctx_mut().float_type(FloatKind::F32)));
        Ok(())
    });
    n.register(NativeKind::Rewrite, "str_creator", |rw, _, _, results| {
        results.push(PdlValue::Attr(rw.ctx_mut().string_attr("test.str")));
        Ok(())
    });
    n.register(NativeKind::Rewrite, "rewriter", |rw, args, _, _| {
        let root = op_arg(args, 0)?;
        let Some(PdlValue::Value(input)) = args.get(1) else {
            return Err(Some("argument 1 is not a value".into()));
        };
        let loc = rw.body().op_loc(root);
        create(rw, "test.success", &[*input], loc);
        rw.erase_op(root)
            .map_err(|e| NativeFailure::Some(e.to_string().into()))
    });
    n
}
