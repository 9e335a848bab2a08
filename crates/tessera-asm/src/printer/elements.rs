//! Element data of `dense<...>`, `sparse<...>` and `array<...>` attributes: integers of any
//! width, floats in upstream's shortest-exact form, complex pairs, strings, nested brackets
//! following the shape, and upstream's hex form for big literals.

use super::{push_i64, push_u64, Printer};
use crate::syntax::{push_hex, push_quoted};
use tessera_ir::{IntValue, Signedness, Type, TypeKind};

impl Printer<'_> {
    /// Width and signedness of an integer type as printed (`index` as a signed 64-bit).
    fn int_format(&self, ty: Type) -> (u32, bool) {
        match self.ctx.type_kind(ty) {
            TypeKind::Integer { width, signedness } => {
                (*width, *signedness != Signedness::Unsigned)
            }
            _ => (64, true),
        }
    }

    /// An integer of type `ty` in decimal (unsigned types unsigned).
    pub(super) fn print_int(&self, ty: Type, value: &IntValue, out: &mut String) {
        let (width, signed) = self.int_format(ty);
        push_int(value, width, signed, out);
    }

    /// One element from its dense storage bytes.
    pub(super) fn print_element(&self, elem: Type, bytes: &[u8], out: &mut String) {
        match self.ctx.type_kind(elem) {
            TypeKind::Float(k) => {
                let mut b = [0u8; 16];
                b[..bytes.len()].copy_from_slice(bytes);
                out.push_str(&k.to_mlir_string(u128::from_le_bytes(b)).0);
            }
            TypeKind::Complex(inner) => {
                let half = bytes.len() / 2;
                out.push('(');
                self.print_element(*inner, &bytes[..half], out);
                out.push(',');
                self.print_element(*inner, &bytes[half..], out);
                out.push(')');
            }
            _ => {
                let (width, signed) = self.int_format(elem);
                if width == 1 {
                    let set = bytes.first().is_some_and(|b| b & 1 == 1);
                    out.push_str(if set { "true" } else { "false" });
                } else if bytes.len() <= 8 {
                    // Up to 64 bits: no word vector, no string.
                    let mut b = [0u8; 8];
                    b[..bytes.len()].copy_from_slice(bytes);
                    let raw = u64::from_le_bytes(b);
                    let masked = match width {
                        0 => 0,
                        1..=63 => raw & ((1u64 << width) - 1),
                        _ => raw,
                    };
                    push_int(&IntValue::Small(masked), width, signed, out);
                } else {
                    let words: Vec<u64> = bytes
                        .chunks(8)
                        .map(|c| {
                            let mut b = [0u8; 8];
                            b[..c.len()].copy_from_slice(c);
                            u64::from_le_bytes(b)
                        })
                        .collect();
                    push_int(&IntValue::from_words(&words, width), width, signed, out);
                }
            }
        }
    }

    /// The strings of a `dense<...>` of strings, nested by the shape of `ty`.
    pub(super) fn print_dense_strings_body(
        &self,
        ty: Type,
        data: &[Box<[u8]>],
        splat: bool,
        out: &mut String,
    ) {
        let print_one = |s: &[u8], out: &mut String| {
            push_quoted(s, out);
        };
        if splat {
            print_one(&data[0], out);
            return;
        }
        let shape = self.ctx.type_kind(ty).shape().unwrap_or(&[]).to_vec();
        let n = self.ctx.num_elements(ty).unwrap_or(0) as usize;
        print_nested(&shape, n, out, |i, out| print_one(&data[i], out));
    }

    /// The elements of a `dense<...>`: one splat value, a `\"0x...\"` hex string for more than
    /// 100 elements (when `allow_hex`), otherwise nested by the shape of `ty`.
    pub(super) fn print_dense_body(
        &self,
        ty: Type,
        data: &[u8],
        splat: bool,
        allow_hex: bool,
        out: &mut String,
    ) {
        let ctx = self.ctx;
        let Some(elem) = ctx.type_kind(ty).element_type() else {
            return;
        };
        let width = ctx.dense_element_bytes(elem).unwrap_or(0);
        let n = ctx.num_elements(ty).unwrap_or(0) as usize;
        if splat {
            self.print_element(elem, data.get(..width).unwrap_or_default(), out);
            return;
        }
        if allow_hex && n > 100 {
            out.push_str("\"0x");
            if matches!(ctx.type_kind(elem), TypeKind::Integer { width: 1, .. }) {
                let mut packed = vec![0u8; n.div_ceil(8)];
                for (i, &b) in data.iter().enumerate() {
                    packed[i / 8] |= (b & 1) << (i % 8);
                }
                push_hex(&packed, out);
            } else {
                push_hex(data, out);
            }
            out.push('"');
            return;
        }
        let shape = ctx.type_kind(ty).shape().unwrap_or(&[]).to_vec();
        print_nested(&shape, n, out, |i, out| {
            self.print_element(elem, &data[i * width..(i + 1) * width], out)
        });
    }
}

/// Prints `n` elements in nested brackets following `shape`.
fn print_nested(
    shape: &[i64],
    n: usize,
    out: &mut String,
    mut elem: impl FnMut(usize, &mut String),
) {
    if n == 0 {
        return;
    }
    let rank = shape.len();
    let mut counter = vec![0i64; rank];
    let mut open = 0usize;
    for idx in 0..n {
        if idx != 0 {
            out.push_str(", ");
        }
        while open < rank {
            out.push('[');
            open += 1;
        }
        elem(idx, out);
        if rank == 0 {
            continue;
        }
        counter[rank - 1] += 1;
        for i in (1..rank).rev() {
            if counter[i] >= shape[i] {
                counter[i] = 0;
                counter[i - 1] += 1;
                open -= 1;
                out.push(']');
            }
        }
    }
    while open > 0 {
        out.push(']');
        open -= 1;
    }
}

/// Appends an integer of `width` bits in decimal, as signed or unsigned.
fn push_int(value: &IntValue, width: u32, signed: bool, out: &mut String) {
    match value {
        IntValue::Small(_) if width == 0 => out.push('0'),
        IntValue::Small(v) if !signed => push_u64(out, *v),
        IntValue::Small(_) => push_i64(out, value.as_i64(width).unwrap_or(0)),
        IntValue::Wide(_) => out.push_str(&value.to_decimal(width, signed)),
    }
}
