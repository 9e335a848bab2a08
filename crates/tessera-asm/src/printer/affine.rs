//! Affine expressions, maps and integer sets as upstream prints them: `d0 - d1 * 2`,
//! parentheses only where a tighter operator needs them.

use std::fmt::Write;
use tessera_ir::{AffineExpr, AffineOp, DYNAMIC};

/// A strided-layout value: `?` for dynamic.
pub(super) fn print_int_or_q(v: i64, out: &mut String) {
    if v == DYNAMIC {
        out.push('?');
    } else {
        let _ = write!(out, "{v}");
    }
}

/// `(d0, d1)[s0]`.
pub(super) fn print_dims_syms(dims: u32, syms: u32, out: &mut String) {
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
pub(super) fn print_affine(e: &AffineExpr, strong: bool, out: &mut String) {
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
