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

fn floor_div(a: i64, b: i64) -> i64 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn ceil_div(a: i64, b: i64) -> i64 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

fn modulo(a: i64, b: i64) -> i64 {
    let m = a % b;
    if m < 0 {
        m + b.abs()
    } else {
        m
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
        match self {
            AffineExpr::Dim(_) => false,
            AffineExpr::Symbol(_) | AffineExpr::Constant(_) => true,
            AffineExpr::Binary(_, l, r) => {
                l.is_symbolic_or_constant() && r.is_symbolic_or_constant()
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

    fn add(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        use AffineExpr::*;
        if let (Some(a), Some(b)) = (lhs.as_constant(), rhs.as_constant()) {
            if let Some(c) = a.checked_add(b) {
                return Constant(c);
            }
        }
        // Canonical order keeps constants (then symbolic terms) on the right.
        if lhs.as_constant().is_some() && rhs.as_constant().is_none() {
            return Self::add(rhs, lhs);
        }
        if rhs.as_constant() == Some(0) {
            return lhs;
        }
        // (x + c1) + c2 -> x + (c1 + c2)
        if let (Binary(AffineOp::Add, x, c1), Some(c2)) = (&lhs, rhs.as_constant()) {
            if let Some(c1) = c1.as_constant() {
                if let Some(sum) = c1.checked_add(c2) {
                    return Self::add((**x).clone(), Constant(sum));
                }
            }
        }
        // x + (y + c) -> (x + y) + c
        if let Binary(AffineOp::Add, y, c) = &rhs {
            if c.as_constant().is_some() {
                return Self::add(Self::add(lhs, (**y).clone()), (**c).clone());
            }
        }
        if lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() {
            return Self::add(rhs, lhs);
        }
        Binary(AffineOp::Add, Box::new(lhs), Box::new(rhs))
    }

    fn mul(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        use AffineExpr::*;
        if let (Some(a), Some(b)) = (lhs.as_constant(), rhs.as_constant()) {
            if let Some(c) = a.checked_mul(b) {
                return Constant(c);
            }
        }
        if lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() {
            return Self::mul(rhs, lhs);
        }
        if lhs.as_constant().is_some() && rhs.as_constant().is_none() {
            return Self::mul(rhs, lhs);
        }
        match rhs.as_constant() {
            Some(1) => return lhs,
            Some(0) => return Constant(0),
            _ => {}
        }
        // (x * c1) * c2 -> x * (c1 * c2)
        if let (Binary(AffineOp::Mul, x, c1), Some(c2)) = (&lhs, rhs.as_constant()) {
            if let Some(c1) = c1.as_constant() {
                if let Some(p) = c1.checked_mul(c2) {
                    return Self::mul((**x).clone(), Constant(p));
                }
            }
        }
        Binary(AffineOp::Mul, Box::new(lhs), Box::new(rhs))
    }

    fn div_like(op: AffineOp, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        use AffineExpr::*;
        if let (Some(a), Some(b)) = (lhs.as_constant(), rhs.as_constant()) {
            if b != 0 {
                return Constant(match op {
                    AffineOp::FloorDiv => floor_div(a, b),
                    AffineOp::CeilDiv => ceil_div(a, b),
                    _ => modulo(a, b),
                });
            }
        }
        if rhs.as_constant() == Some(1) {
            return if op == AffineOp::Mod {
                Constant(0)
            } else {
                lhs
            };
        }
        Binary(op, Box::new(lhs), Box::new(rhs))
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
