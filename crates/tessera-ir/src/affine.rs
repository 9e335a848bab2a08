//! Affine expressions, maps and integer sets, simplified on construction as MLIR does so that
//! equal maps print equally.

/// An affine expression tree.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AffineExpr {
    /// `dN`.
    Dim(u32),
    /// `sN`.
    Symbol(u32),
    /// An integer constant.
    Constant(i64),
    /// A binary operation.
    Binary(AffineOp, Box<AffineExpr>, Box<AffineExpr>),
}

/// Affine binary operators.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AffineOp {
    /// `+`
    Add,
    /// `*`
    Mul,
    /// `mod`
    Mod,
    /// `floordiv`
    FloorDiv,
    /// `ceildiv`
    CeilDiv,
}

/// `(d0, ...)[s0, ...] -> (results)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AffineMap {
    /// Number of dimensions.
    pub num_dims: u32,
    /// Number of symbols.
    pub num_symbols: u32,
    /// Result expressions (a boxed slice: it keeps `AttrKind` at 32 bytes).
    pub results: Box<[AffineExpr]>,
}

/// `(d0, ...)[s0, ...] : (constraints)`; each constraint is `expr == 0` or `expr >= 0`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IntegerSet {
    /// Number of dimensions.
    pub num_dims: u32,
    /// Number of symbols.
    pub num_symbols: u32,
    /// Constraint expressions with `true` for equalities.
    pub constraints: Box<[(AffineExpr, bool)]>,
}

/// Greatest common divisor of two non-negative numbers.
fn gcd(mut a: i64, mut b: i64) -> i64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// `a floordiv b`, `None` if it overflows (`i64::MIN floordiv -1`) or `b` is 0.
fn floor_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    Some(if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    })
}

/// `a ceildiv b`, `None` if it overflows or `b` is 0.
fn ceil_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    Some(if a % b != 0 && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    })
}

/// `a mod b` (never negative), `None` if `b` is 0.
fn modulo(a: i64, b: i64) -> Option<i64> {
    let m = a.checked_rem(b).unwrap_or(0);
    if b == 0 {
        None
    } else if m < 0 {
        m.checked_add(b.checked_abs()?)
    } else {
        Some(m)
    }
}

impl AffineExpr {
    /// The constant value, if this is a constant.
    pub fn as_constant(&self) -> Option<i64> {
        match self {
            AffineExpr::Constant(c) => Some(*c),
            _ => None,
        }
    }

    /// True for expressions built only of symbols and constants.
    pub fn is_symbolic_or_constant(&self) -> bool {
        // Right operand first: sums and products grow on the left, so a dimension in a long
        // one is usually found at once.
        match self {
            AffineExpr::Dim(_) => false,
            AffineExpr::Symbol(_) | AffineExpr::Constant(_) => true,
            AffineExpr::Binary(_, l, r) => {
                r.is_symbolic_or_constant() && l.is_symbolic_or_constant()
            }
        }
    }

    /// Whether this expression is pure affine (no multiplication of two non-constants, etc.).
    pub fn is_pure_affine(&self) -> bool {
        match self {
            AffineExpr::Binary(AffineOp::Add, l, r) => l.is_pure_affine() && r.is_pure_affine(),
            AffineExpr::Binary(AffineOp::Mul, l, r) => {
                l.is_pure_affine()
                    && r.is_pure_affine()
                    && (l.as_constant().is_some() || r.as_constant().is_some())
            }
            AffineExpr::Binary(_, l, r) => l.is_pure_affine() && r.as_constant().is_some(),
            _ => true,
        }
    }

    /// Builds `lhs op rhs` with MLIR's construction-time simplifications.
    pub fn binary(op: AffineOp, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        match op {
            AffineOp::Add => Self::add(lhs, rhs),
            AffineOp::Mul => Self::mul(lhs, rhs),
            AffineOp::FloorDiv | AffineOp::CeilDiv | AffineOp::Mod => Self::div_like(op, lhs, rhs),
        }
    }

    /// `lhs + rhs` simplified as upstream's construction does: constants folded and kept on
    /// the right (symbolic terms right of dimensional ones), `(x + c1) + c2` folded, like
    /// terms `c1 * e + c2 * e` combined into `(c1 + c2) * e`, a constant moved out of a
    /// left-hand sum, and `e + (e floordiv q) * -q` recognised as `e mod q`. Every rule looks
    /// at a bounded part of the operands (no walk over a whole sum), so building a long sum
    /// term by term takes linear time.
    fn add(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        use AffineExpr::*;
        let plain = |l, r| Binary(AffineOp::Add, Box::new(l), Box::new(r));
        if let (Some(a), Some(b)) = (lhs.as_constant(), rhs.as_constant()) {
            return match a.checked_add(b) {
                Some(c) => Constant(c),
                None => plain(lhs, rhs),
            };
        }
        if lhs.as_constant().is_some()
            || (lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant())
        {
            return Self::add(rhs, lhs);
        }
        if rhs.as_constant() == Some(0) {
            return lhs;
        }
        // (x + c1) + c2 -> x + (c1 + c2)
        if let (Binary(AffineOp::Add, _, c1), Some(c2)) = (&lhs, rhs.as_constant()) {
            if let Some(c1) = c1.as_constant() {
                let Some(sum) = c1.checked_add(c2) else {
                    return plain(lhs, rhs);
                };
                let Binary(_, x, _) = lhs else { unreachable!() };
                return Self::add(*x, Constant(sum));
            }
        }
        // c1 * e + c2 * e -> (c1 + c2) * e (a bare e counts as 1 * e)
        let (k1, e1) = lhs.split_scale();
        let (k2, e2) = rhs.split_scale();
        if e1 == e2 {
            let Some(k) = k1.checked_add(k2) else {
                return plain(lhs, rhs);
            };
            let e = match lhs {
                Binary(AffineOp::Mul, e, c) if c.as_constant().is_some() => *e,
                e => e,
            };
            return Self::mul(e, Constant(k));
        }
        // (x + c) + y -> (x + y) + c
        if let Binary(AffineOp::Add, _, c) = &lhs {
            if c.as_constant().is_some() {
                let Binary(_, x, c) = lhs else { unreachable!() };
                return Self::add(Self::add(*x, rhs), *c);
            }
        }
        // e + (e floordiv q) * -q -> e mod q, for a constant or symbolic q
        if let Some(q) = rhs.negated_floor_div_of(&lhs) {
            return Self::div_like(AffineOp::Mod, lhs, q);
        }
        plain(lhs, rhs)
    }

    /// `(c, e)` for `e * c` with a constant `c`, `(1, self)` otherwise.
    fn split_scale(&self) -> (i64, &AffineExpr) {
        match self {
            AffineExpr::Binary(AffineOp::Mul, e, c) => match c.as_constant() {
                Some(c) => (c, e),
                None => (1, self),
            },
            _ => (1, self),
        }
    }

    /// `q` if `self` is `(e floordiv q) * -q` (a constant `q`) or `((e floordiv q) * q) * -1`
    /// (any symbolic `q`).
    fn negated_floor_div_of(&self, e: &AffineExpr) -> Option<AffineExpr> {
        use AffineExpr::*;
        let Binary(AffineOp::Mul, l, r) = self else {
            return None;
        };
        let r = r.as_constant()?;
        match &**l {
            Binary(AffineOp::FloorDiv, x, q)
                if **x == *e && q.as_constant().and_then(i64::checked_neg) == Some(r) =>
            {
                Some((**q).clone())
            }
            Binary(AffineOp::Mul, div, q2) if r == -1 => match &**div {
                Binary(AffineOp::FloorDiv, x, q) if **x == *e && q == q2 => Some((**q).clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// `lhs * rhs` simplified as upstream's construction does: constants folded, the
    /// constant or symbolic factor kept on the right, `* 1` and `* 0` folded, `(x * c1) * c2`
    /// folded and a constant moved out of a left-hand product. A product of two
    /// non-symbolic factors (not affine) is kept as written.
    fn mul(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        use AffineExpr::*;
        let plain = |l, r| Binary(AffineOp::Mul, Box::new(l), Box::new(r));
        if let (Some(a), Some(b)) = (lhs.as_constant(), rhs.as_constant()) {
            return match a.checked_mul(b) {
                Some(c) => Constant(c),
                None => plain(lhs, rhs),
            };
        }
        let rhs_symbolic = rhs.is_symbolic_or_constant();
        if !rhs_symbolic && !lhs.is_symbolic_or_constant() {
            return plain(lhs, rhs);
        }
        if !rhs_symbolic || lhs.as_constant().is_some() {
            return Self::mul(rhs, lhs);
        }
        match rhs.as_constant() {
            Some(1) => return lhs,
            Some(0) => return rhs,
            _ => {}
        }
        if let Binary(AffineOp::Mul, _, c1) = &lhs {
            if let Some(c1) = c1.as_constant() {
                // (x * c1) * c2 -> x * (c1 * c2)
                if let Some(c2) = rhs.as_constant() {
                    let Some(p) = c1.checked_mul(c2) else {
                        return plain(lhs, rhs);
                    };
                    let Binary(_, x, _) = lhs else { unreachable!() };
                    return Self::mul(*x, Constant(p));
                }
                // (x * c) * y -> (x * y) * c
                let Binary(_, x, c) = lhs else { unreachable!() };
                return Self::mul(Self::mul(*x, rhs), *c);
            }
        }
        plain(lhs, rhs)
    }

    /// `lhs floordiv|ceildiv|mod rhs` simplified as upstream's construction does. Constants
    /// fold (a modulus must be positive); by a positive constant `c`: `x op 1` folds,
    /// `(x * k) floordiv|ceildiv c` with `c` dividing `k` becomes `x * (k / c)`, a sum with
    /// one term known to be a multiple of `c` splits (`floordiv`) or drops that term (`mod`),
    /// `x mod c` is 0 when `x` is known to be a multiple of `c`, and `(x mod k) mod c` is
    /// `x mod c` when `c` divides `k`. Anything else (a symbolic divisor, a non-positive one)
    /// is kept as written.
    fn div_like(op: AffineOp, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        use AffineExpr::*;
        let plain = |l, r| Binary(op, Box::new(l), Box::new(r));
        let Some(c) = rhs.as_constant() else {
            return plain(lhs, rhs);
        };
        if let Some(a) = lhs.as_constant() {
            let folded = match op {
                AffineOp::FloorDiv => floor_div(a, c),
                AffineOp::CeilDiv => ceil_div(a, c),
                _ if c < 1 => None,
                _ => modulo(a, c),
            };
            return match folded {
                Some(v) => Constant(v),
                None => plain(lhs, rhs),
            };
        }
        if c < 1 {
            return plain(lhs, rhs);
        }
        if c == 1 {
            return match op {
                AffineOp::Mod => Constant(0),
                _ => lhs,
            };
        }
        let divides = |d: i64| d % c == 0;
        if op == AffineOp::Mod && divides(lhs.largest_known_divisor()) {
            return Constant(0);
        }
        let Binary(lop, l, r) = lhs else {
            return plain(lhs, rhs);
        };
        match (op, lop) {
            (AffineOp::FloorDiv | AffineOp::CeilDiv, AffineOp::Mul)
                if r.as_constant().is_some_and(divides) =>
            {
                let k = r.as_constant().unwrap_or(0) / c;
                Self::mul(*l, Constant(k))
            }
            (AffineOp::FloorDiv, AffineOp::Add)
                if divides(l.largest_known_divisor()) || divides(r.largest_known_divisor()) =>
            {
                let l = Self::div_like(op, *l, Constant(c));
                let r = Self::div_like(op, *r, Constant(c));
                Self::add(l, r)
            }
            (AffineOp::Mod, AffineOp::Add) if divides(l.largest_known_divisor()) => {
                Self::div_like(op, *r, Constant(c))
            }
            (AffineOp::Mod, AffineOp::Add) if divides(r.largest_known_divisor()) => {
                Self::div_like(op, *l, Constant(c))
            }
            (AffineOp::Mod, AffineOp::Mod)
                if r.as_constant().is_some_and(|k| k >= 1 && divides(k)) =>
            {
                Self::div_like(op, *l, Constant(c))
            }
            _ => plain(Binary(lop, l, r), rhs),
        }
    }

    /// The largest number this expression is known to be a multiple of (as upstream computes
    /// it: 1 for dimensions and symbols, `|c|` for a constant, products multiply, sums and
    /// `mod` take the gcd, a division by a constant that divides its operand's divisor
    /// divides it). Overflow gives the always-true 1.
    pub fn largest_known_divisor(&self) -> i64 {
        use AffineExpr::*;
        match self {
            Dim(_) | Symbol(_) => 1,
            Constant(c) => c.checked_abs().unwrap_or(1),
            Binary(AffineOp::Mul, l, r) => l
                .largest_known_divisor()
                .checked_mul(r.largest_known_divisor())
                .unwrap_or(1),
            Binary(AffineOp::Add | AffineOp::Mod, l, r) => {
                gcd(l.largest_known_divisor(), r.largest_known_divisor())
            }
            Binary(AffineOp::FloorDiv | AffineOp::CeilDiv, l, r) => match r.as_constant() {
                Some(c) if c != 0 => {
                    let d = l.largest_known_divisor();
                    match (d.checked_rem(c), d.checked_div(c)) {
                        (Some(0), Some(q)) => q.checked_abs().unwrap_or(1),
                        _ => 1,
                    }
                }
                _ => 1,
            },
        }
    }

    /// Largest dimension and symbol position used, plus one.
    pub fn max_positions(&self) -> (u32, u32) {
        match self {
            AffineExpr::Dim(d) => (d + 1, 0),
            AffineExpr::Symbol(s) => (0, s + 1),
            AffineExpr::Constant(_) => (0, 0),
            AffineExpr::Binary(_, l, r) => {
                let (a, b) = l.max_positions();
                let (c, d) = r.max_positions();
                (a.max(c), b.max(d))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use AffineExpr::{Constant, Dim, Symbol};

    fn add(l: AffineExpr, r: AffineExpr) -> AffineExpr {
        AffineExpr::binary(AffineOp::Add, l, r)
    }
    fn mul(l: AffineExpr, r: AffineExpr) -> AffineExpr {
        AffineExpr::binary(AffineOp::Mul, l, r)
    }
    fn op(o: AffineOp, l: AffineExpr, r: AffineExpr) -> AffineExpr {
        AffineExpr::binary(o, l, r)
    }
    fn raw(o: AffineOp, l: AffineExpr, r: AffineExpr) -> AffineExpr {
        AffineExpr::Binary(o, Box::new(l), Box::new(r))
    }
    fn c(v: i64) -> AffineExpr {
        Constant(v)
    }

    #[test]
    fn like_terms_combine() {
        let d0 = Dim(0);
        assert_eq!(
            add(d0.clone(), d0.clone()),
            raw(AffineOp::Mul, Dim(0), c(2))
        );
        let two_d0 = mul(d0.clone(), c(2));
        let three_d0 = mul(d0.clone(), c(3));
        assert_eq!(
            add(two_d0.clone(), three_d0),
            raw(AffineOp::Mul, Dim(0), c(5))
        );
        assert_eq!(add(d0.clone(), mul(d0.clone(), c(-1))), c(0));
        // Only whole operands are compared, as upstream does: (d0 + d1) + d0 stays.
        let d0_d1 = add(d0.clone(), Dim(1));
        assert_eq!(
            add(d0_d1.clone(), d0.clone()),
            raw(AffineOp::Add, d0_d1.clone(), Dim(0))
        );
        assert_eq!(
            add(d0_d1.clone(), d0_d1.clone()),
            raw(AffineOp::Mul, d0_d1, c(2))
        );
        // (d0 + 1) + d0 -> d0 * 2 + 1
        assert_eq!(
            add(add(d0.clone(), c(1)), d0),
            raw(AffineOp::Add, two_d0, c(1))
        );
    }

    #[test]
    fn a_sum_of_many_repeated_terms_is_built_in_linear_time() {
        // 100k additions: each must look at a bounded part of the sum so far.
        let mut sum = Dim(0);
        for _ in 1..100_000 {
            sum = add(sum, Dim(0));
        }
        assert_eq!(sum, raw(AffineOp::Mul, Dim(0), c(100_000)));
        let mut sum = Symbol(0);
        for i in 1..100_000 {
            sum = add(sum, if i % 2 == 0 { Symbol(0) } else { c(1) });
        }
        assert_eq!(
            sum,
            raw(
                AffineOp::Add,
                raw(AffineOp::Mul, Symbol(0), c(50_000)),
                c(50_000)
            )
        );
    }

    #[test]
    fn constants_and_symbols_go_right() {
        assert_eq!(add(c(2), Dim(0)), raw(AffineOp::Add, Dim(0), c(2)));
        assert_eq!(
            add(Symbol(0), Dim(0)),
            raw(AffineOp::Add, Dim(0), Symbol(0))
        );
        assert_eq!(
            add(add(Dim(0), c(2)), c(3)),
            raw(AffineOp::Add, Dim(0), c(5))
        );
        assert_eq!(
            add(add(Dim(0), c(2)), Dim(1)),
            raw(AffineOp::Add, raw(AffineOp::Add, Dim(0), Dim(1)), c(2))
        );
        assert_eq!(mul(c(3), Dim(0)), raw(AffineOp::Mul, Dim(0), c(3)));
        assert_eq!(
            mul(mul(Dim(0), c(2)), c(3)),
            raw(AffineOp::Mul, Dim(0), c(6))
        );
        assert_eq!(
            mul(mul(Dim(0), c(2)), Symbol(0)),
            raw(AffineOp::Mul, raw(AffineOp::Mul, Dim(0), Symbol(0)), c(2))
        );
        assert_eq!(mul(Dim(0), c(0)), c(0));
        assert_eq!(mul(Dim(0), c(1)), Dim(0));
    }

    #[test]
    fn floor_div_times_divisor_subtracted_is_mod() {
        let d0 = Dim(0);
        let q = op(AffineOp::FloorDiv, d0.clone(), c(4));
        let e = add(d0.clone(), mul(mul(q, c(4)), c(-1)));
        assert_eq!(e, raw(AffineOp::Mod, Dim(0), c(4)));
        let qs = op(AffineOp::FloorDiv, d0.clone(), Symbol(0));
        let e = add(d0, mul(mul(qs, Symbol(0)), c(-1)));
        assert_eq!(e, raw(AffineOp::Mod, Dim(0), Symbol(0)));
    }

    #[test]
    fn divisions_by_constants() {
        use AffineOp::{CeilDiv, FloorDiv, Mod};
        assert_eq!(op(FloorDiv, c(7), c(-2)), c(-4));
        assert_eq!(op(CeilDiv, c(7), c(-2)), c(-3));
        assert_eq!(op(Mod, c(-7), c(2)), c(1));
        assert_eq!(op(Mod, c(7), c(-2)), raw(Mod, c(7), c(-2)));
        assert_eq!(op(FloorDiv, Dim(0), c(0)), raw(FloorDiv, Dim(0), c(0)));
        assert_eq!(
            op(FloorDiv, mul(Dim(0), c(8)), c(2)),
            raw(AffineOp::Mul, Dim(0), c(4))
        );
        assert_eq!(op(CeilDiv, mul(Dim(0), c(3)), c(3)), Dim(0));
        assert_eq!(
            op(FloorDiv, add(Dim(0), c(2)), c(2)),
            raw(AffineOp::Add, raw(FloorDiv, Dim(0), c(2)), c(1))
        );
        assert_eq!(op(Mod, mul(Dim(0), c(6)), c(3)), c(0));
        assert_eq!(op(Mod, add(Dim(0), c(3)), c(3)), raw(Mod, Dim(0), c(3)));
        assert_eq!(op(Mod, op(Mod, Dim(0), c(8)), c(4)), raw(Mod, Dim(0), c(4)));
        assert_eq!(
            op(Mod, op(Mod, Dim(0), c(6)), c(4)),
            raw(Mod, raw(Mod, Dim(0), c(6)), c(4))
        );
        assert_eq!(op(Mod, Dim(0), Symbol(0)), raw(Mod, Dim(0), Symbol(0)));
    }

    #[test]
    fn overflow_keeps_the_expression_instead_of_panicking() {
        use AffineOp::{CeilDiv, FloorDiv, Mod};
        assert_eq!(
            add(c(i64::MAX), c(1)),
            raw(AffineOp::Add, c(i64::MAX), c(1))
        );
        assert_eq!(
            mul(c(i64::MIN), c(-1)),
            raw(AffineOp::Mul, c(i64::MIN), c(-1))
        );
        assert_eq!(
            op(FloorDiv, c(i64::MIN), c(-1)),
            raw(FloorDiv, c(i64::MIN), c(-1))
        );
        assert_eq!(
            op(CeilDiv, c(i64::MIN), c(-1)),
            raw(CeilDiv, c(i64::MIN), c(-1))
        );
        assert_eq!(op(Mod, c(i64::MIN), c(3)), c(1));
        let big = mul(Dim(0), c(i64::MAX));
        assert_eq!(mul(big.clone(), c(2)), raw(AffineOp::Mul, big, c(2)));
        assert_eq!(mul(Dim(0), c(i64::MIN)).largest_known_divisor(), 1);
    }
}
