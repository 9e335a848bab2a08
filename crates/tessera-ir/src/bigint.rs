//! A minimal unsigned big integer, just enough for exact float <-> decimal conversion and for
//! printing integer attributes wider than 128 bits.

use std::cmp::Ordering;

/// Little-endian base-2^32 unsigned integer without leading zero limbs.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(crate) struct BigUint {
    limbs: Vec<u32>,
}

impl BigUint {
    pub(crate) fn zero() -> Self {
        BigUint { limbs: Vec::new() }
    }

    pub(crate) fn from_u128(mut v: u128) -> Self {
        let mut limbs = Vec::new();
        while v != 0 {
            limbs.push(v as u32);
            v >>= 32;
        }
        BigUint { limbs }
    }

    /// From little-endian 64-bit words.
    pub(crate) fn from_words(words: &[u64]) -> Self {
        let mut limbs = Vec::with_capacity(words.len() * 2);
        for &w in words {
            limbs.push(w as u32);
            limbs.push((w >> 32) as u32);
        }
        let mut b = BigUint { limbs };
        b.trim();
        b
    }

    /// To little-endian 64-bit words, exactly `n` of them (truncating).
    pub(crate) fn to_words(&self, n: usize) -> Vec<u64> {
        (0..n)
            .map(|i| {
                let lo = self.limbs.get(2 * i).copied().unwrap_or(0) as u64;
                let hi = self.limbs.get(2 * i + 1).copied().unwrap_or(0) as u64;
                lo | (hi << 32)
            })
            .collect()
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    pub(crate) fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// Number of significant bits (0 for zero).
    pub(crate) fn bits(&self) -> u64 {
        match self.limbs.last() {
            None => 0,
            Some(&top) => (self.limbs.len() as u64 - 1) * 32 + (32 - top.leading_zeros() as u64),
        }
    }

    pub(crate) fn bit(&self, i: u64) -> bool {
        let limb = (i / 32) as usize;
        limb < self.limbs.len() && (self.limbs[limb] >> (i % 32)) & 1 == 1
    }

    /// True if any bit below position `i` is set.
    pub(crate) fn any_bits_below(&self, i: u64) -> bool {
        let full = (i / 32) as usize;
        if self.limbs.iter().take(full).any(|&l| l != 0) {
            return true;
        }
        let rem = i % 32;
        rem != 0 && full < self.limbs.len() && self.limbs[full] & ((1u32 << rem) - 1) != 0
    }

    pub(crate) fn to_u128(&self) -> u128 {
        self.limbs
            .iter()
            .take(4)
            .enumerate()
            .fold(0u128, |acc, (i, &l)| acc | ((l as u128) << (32 * i)))
    }

    pub(crate) fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for limb in &mut self.limbs {
            let v = *limb as u64 * m as u64 + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
        self.trim();
    }

    pub(crate) fn add_small(&mut self, a: u32) {
        let mut carry = a as u64;
        for limb in &mut self.limbs {
            if carry == 0 {
                return;
            }
            let v = *limb as u64 + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
    }

    /// Divides in place, returning the remainder.
    pub(crate) fn divrem_small(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for limb in self.limbs.iter_mut().rev() {
            let cur = (rem << 32) | *limb as u64;
            *limb = (cur / d as u64) as u32;
            rem = cur % d as u64;
        }
        self.trim();
        rem as u32
    }

    pub(crate) fn shl(&mut self, n: u64) {
        if self.is_zero() || n == 0 {
            return;
        }
        let limbs = (n / 32) as usize;
        let bits = (n % 32) as u32;
        if bits != 0 {
            let mut carry = 0u32;
            for limb in &mut self.limbs {
                let v = *limb;
                *limb = (v << bits) | carry;
                carry = v >> (32 - bits);
            }
            if carry != 0 {
                self.limbs.push(carry);
            }
        }
        if limbs != 0 {
            self.limbs.splice(0..0, std::iter::repeat_n(0, limbs));
        }
    }

    pub(crate) fn shr(&mut self, n: u64) {
        let limbs = (n / 32) as usize;
        if limbs >= self.limbs.len() {
            self.limbs.clear();
            return;
        }
        self.limbs.drain(0..limbs);
        let bits = (n % 32) as u32;
        if bits != 0 {
            let mut carry = 0u32;
            for limb in self.limbs.iter_mut().rev() {
                let v = *limb;
                *limb = (v >> bits) | carry;
                carry = v << (32 - bits);
            }
        }
        self.trim();
    }

    /// `self * 5^n`.
    pub(crate) fn mul_pow5(&mut self, mut n: u64) {
        // 5^13 is the largest power of five below 2^32.
        while n >= 13 {
            self.mul_small(1_220_703_125);
            n -= 13;
        }
        self.mul_small(5u32.pow(n as u32));
    }

    /// `self * 10^n`.
    pub(crate) fn mul_pow10(&mut self, mut n: u64) {
        while n >= 9 {
            self.mul_small(1_000_000_000);
            n -= 9;
        }
        self.mul_small(10u32.pow(n as u32));
    }

    /// Truncating division by `10^n`.
    pub(crate) fn div_pow10(&mut self, mut n: u64) {
        while n >= 9 && !self.is_zero() {
            self.divrem_small(1_000_000_000);
            n -= 9;
        }
        if n > 0 {
            self.divrem_small(10u32.pow(n as u32));
        }
    }

    fn sub_assign(&mut self, other: &BigUint) {
        let mut borrow = 0i64;
        for i in 0..self.limbs.len() {
            let o = other.limbs.get(i).copied().unwrap_or(0) as i64;
            let mut v = self.limbs[i] as i64 - o - borrow;
            borrow = if v < 0 {
                v += 1 << 32;
                1
            } else {
                0
            };
            self.limbs[i] = v as u32;
        }
        self.trim();
    }

    /// Long division: returns `(self / d, self % d)`.
    pub(crate) fn div_rem(&self, d: &BigUint) -> (BigUint, BigUint) {
        if d.limbs.len() == 1 {
            let mut q = self.clone();
            let r = q.divrem_small(d.limbs[0]);
            return (q, BigUint::from_u128(r as u128));
        }
        let mut q = BigUint {
            limbs: vec![0; self.limbs.len()],
        };
        let mut r = BigUint::zero();
        for i in (0..self.bits()).rev() {
            r.shl(1);
            if self.bit(i) {
                if r.limbs.is_empty() {
                    r.limbs.push(1);
                } else {
                    r.limbs[0] |= 1;
                }
            }
            if r.cmp(d) != Ordering::Less {
                r.sub_assign(d);
                q.limbs[(i / 32) as usize] |= 1 << (i % 32);
            }
        }
        q.trim();
        (q, r)
    }

    /// Decimal digits. Small numbers are divided by 10^9 repeatedly; big ones are split
    /// recursively by 10^(9 * 2^k) (see `decimal`), which takes O(M(n) log n) for n-limb
    /// numbers instead of O(n^2).
    pub(crate) fn to_decimal(&self) -> String {
        let mut out = String::new();
        if self.limbs.len() <= decimal::LEAF_LIMBS {
            decimal::small(self.clone(), None, &mut out);
        } else {
            decimal::large(self, &mut out);
        }
        out
    }

    /// `self * other`.
    pub(crate) fn mul(&self, other: &BigUint) -> BigUint {
        let mut b = BigUint {
            limbs: mul::mul(&self.limbs, &other.limbs),
        };
        b.trim();
        b
    }

    /// `self - other`; `other` must not be larger.
    fn sub(&self, other: &BigUint) -> BigUint {
        let mut b = self.clone();
        b.sub_assign(other);
        b
    }

    /// `self + other`.
    fn add(&self, other: &BigUint) -> BigUint {
        let mut limbs = self.limbs.clone();
        mul::add_at(&mut limbs, &other.limbs, 0);
        let mut b = BigUint { limbs };
        b.trim();
        b
    }

    /// `2^n`.
    fn pow2(n: u64) -> BigUint {
        let mut b = BigUint::from_u128(1);
        b.shl(n);
        b
    }
}

/// Multiplication: schoolbook for short operands, Karatsuba for medium ones, a number-
/// theoretic transform (NTT) for long ones, so that converting a 16M-bit number to decimal
/// costs O(n log^2 n) rather than O(n^1.6 log n).
mod mul {
    /// Below this many limbs (of the shorter operand) schoolbook is faster.
    const KARATSUBA_LIMBS: usize = 32;
    /// From this many limbs (of the shorter operand) the transform is faster.
    const NTT_LIMBS: usize = 1024;

    /// `a * b`, untrimmed (`a.len() + b.len()` limbs).
    pub(super) fn mul(a: &[u32], b: &[u32]) -> Vec<u32> {
        let (a, b) = if a.len() >= b.len() { (a, b) } else { (b, a) };
        let mut out = vec![0u32; a.len() + b.len()];
        if b.is_empty() {
            return out;
        }
        if b.len() < KARATSUBA_LIMBS {
            schoolbook(a, b, &mut out);
        } else if b.len() >= NTT_LIMBS {
            ntt::mul(a, b, &mut out);
        } else if b.len() * 2 <= a.len() {
            // Unbalanced: multiply b by pieces of a its own size.
            for (i, piece) in a.chunks(b.len()).enumerate() {
                add_at(&mut out, &mul(piece, b), i * b.len());
            }
        } else {
            karatsuba(a, b, &mut out);
        }
        out
    }

    fn schoolbook(a: &[u32], b: &[u32], out: &mut [u32]) {
        for (i, &x) in b.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &y) in a.iter().enumerate() {
                let v = out[i + j] as u64 + x as u64 * y as u64 + carry;
                out[i + j] = v as u32;
                carry = v >> 32;
            }
            let mut k = i + a.len();
            while carry != 0 {
                let v = out[k] as u64 + carry;
                out[k] = v as u32;
                carry = v >> 32;
                k += 1;
            }
        }
    }

    /// `(a1 B + a0)(b1 B + b0) = z2 B^2 + ((a0 + a1)(b0 + b1) - z0 - z2) B + z0`.
    fn karatsuba(a: &[u32], b: &[u32], out: &mut Vec<u32>) {
        let m = a.len() / 2;
        let (a0, a1) = a.split_at(m);
        let (b0, b1) = b.split_at(m.min(b.len()));
        let z0 = mul(a0, b0);
        let z2 = mul(a1, b1);
        let mut sa = a0.to_vec();
        add_at(&mut sa, a1, 0);
        let mut sb = b0.to_vec();
        add_at(&mut sb, b1, 0);
        let mut z1 = mul(&sa, &sb);
        sub_at(&mut z1, &z0);
        sub_at(&mut z1, &z2);
        add_at(out, &z0, 0);
        add_at(out, &z1, m);
        add_at(out, &z2, 2 * m);
    }

    /// `acc += x << (32 * at)`, growing `acc` as needed.
    pub(super) fn add_at(acc: &mut Vec<u32>, x: &[u32], at: usize) {
        let x_len = x.iter().rposition(|&l| l != 0).map_or(0, |i| i + 1);
        if acc.len() < at + x_len {
            acc.resize(at + x_len, 0);
        }
        let mut carry = 0u64;
        let mut i = 0;
        while i < x_len || carry != 0 {
            if at + i == acc.len() {
                acc.push(0);
            }
            let v = acc[at + i] as u64 + x.get(i).copied().unwrap_or(0) as u64 + carry;
            acc[at + i] = v as u32;
            carry = v >> 32;
            i += 1;
        }
    }

    /// Products by convolution modulo the prime `2^64 - 2^32 + 1`, whose multiplicative
    /// group has order divisible by `2^32` (so transforms of any size we need exist) and whose
    /// form makes reduction a few additions. Limbs are split into 16-bit digits, so every
    /// convolution sum (at most `2^32` terms below `2^32` each) stays below the prime and the
    /// result is exact.
    mod ntt {
        const P: u64 = 0xFFFF_FFFF_0000_0001;
        /// A generator of the multiplicative group modulo `P`.
        const GENERATOR: u64 = 7;

        fn reduce(x: u128) -> u64 {
            let (lo, hi) = (x as u64, (x >> 64) as u64);
            let (hi_hi, hi_lo) = (hi >> 32, hi & 0xFFFF_FFFF);
            // x = lo + hi_lo 2^64 + hi_hi 2^96, with 2^64 = 2^32 - 1 and 2^96 = -1 (mod P).
            let (mut t, borrow) = lo.overflowing_sub(hi_hi);
            if borrow {
                t = t.wrapping_sub(0xFFFF_FFFF);
            }
            let (sum, carry) = t.overflowing_add(hi_lo * 0xFFFF_FFFF);
            let r = sum.wrapping_add(0xFFFF_FFFF * u64::from(carry));
            if r >= P {
                r - P
            } else {
                r
            }
        }

        fn mul_mod(a: u64, b: u64) -> u64 {
            reduce(a as u128 * b as u128)
        }

        fn add_mod(a: u64, b: u64) -> u64 {
            let (s, c) = a.overflowing_add(b);
            if c || s >= P {
                s.wrapping_sub(P)
            } else {
                s
            }
        }

        fn sub_mod(a: u64, b: u64) -> u64 {
            if a >= b {
                a - b
            } else {
                a.wrapping_sub(b).wrapping_add(P)
            }
        }

        fn pow_mod(mut b: u64, mut e: u64) -> u64 {
            let mut r = 1;
            while e > 0 {
                if e & 1 == 1 {
                    r = mul_mod(r, b);
                }
                b = mul_mod(b, b);
                e >>= 1;
            }
            r
        }

        /// In-place transform of `a` (length a power of two); `inverse` for the inverse
        /// (without the final division by the length).
        fn transform(a: &mut [u64], inverse: bool) {
            let n = a.len();
            let mut j = 0;
            for i in 1..n {
                let mut bit = n >> 1;
                while j & bit != 0 {
                    j ^= bit;
                    bit >>= 1;
                }
                j |= bit;
                if i < j {
                    a.swap(i, j);
                }
            }
            let mut len = 2;
            while len <= n {
                let mut w_len = pow_mod(GENERATOR, (P - 1) / len as u64);
                if inverse {
                    w_len = pow_mod(w_len, P - 2);
                }
                // Twiddles of this stage, computed once.
                let mut twiddles = Vec::with_capacity(len / 2);
                let mut w = 1u64;
                for _ in 0..len / 2 {
                    twiddles.push(w);
                    w = mul_mod(w, w_len);
                }
                for block in a.chunks_mut(len) {
                    let (lo, hi) = block.split_at_mut(len / 2);
                    for ((u, v), &w) in lo.iter_mut().zip(hi.iter_mut()).zip(&twiddles) {
                        let t = mul_mod(*v, w);
                        (*u, *v) = (add_mod(*u, t), sub_mod(*u, t));
                    }
                }
                len <<= 1;
            }
        }

        fn digits(limbs: &[u32], n: usize) -> Vec<u64> {
            let mut d = vec![0u64; n];
            for (i, &l) in limbs.iter().enumerate() {
                d[2 * i] = u64::from(l & 0xFFFF);
                d[2 * i + 1] = u64::from(l >> 16);
            }
            d
        }

        /// `out = a * b` (`out` zeroed, `a.len() + b.len()` limbs).
        pub(super) fn mul(a: &[u32], b: &[u32], out: &mut [u32]) {
            let n = (2 * (a.len() + b.len())).next_power_of_two();
            let mut fa = digits(a, n);
            let mut fb = digits(b, n);
            transform(&mut fa, false);
            transform(&mut fb, false);
            for (x, y) in fa.iter_mut().zip(&fb) {
                *x = mul_mod(*x, *y);
            }
            transform(&mut fa, true);
            let n_inv = pow_mod(n as u64, P - 2);
            // Carry the 16-bit digit sums into limbs.
            let mut carry: u128 = 0;
            for (i, slot) in out.iter_mut().enumerate() {
                let lo = carry + u128::from(mul_mod(fa[2 * i], n_inv));
                let lo_digit = (lo & 0xFFFF) as u32;
                let hi = (lo >> 16) + u128::from(mul_mod(fa[2 * i + 1], n_inv));
                *slot = lo_digit | (((hi & 0xFFFF) as u32) << 16);
                carry = hi >> 16;
            }
        }
    }

    /// `acc -= x` (`acc` must not be smaller).
    fn sub_at(acc: &mut [u32], x: &[u32]) {
        let mut borrow = 0i64;
        let mut i = 0;
        while i < x.len() || borrow != 0 {
            let Some(slot) = acc.get_mut(i) else { break };
            let v = *slot as i64 - x.get(i).copied().unwrap_or(0) as i64 - borrow;
            *slot = v.rem_euclid(1 << 32) as u32;
            borrow = i64::from(v < 0);
            i += 1;
        }
    }
}

/// Subquadratic conversion to decimal: with `P_k = 10^(9 * 2^k)`, a number below `P_k^2`
/// is `q * P_k + r`; `q` and `r` are converted recursively (`r` padded to `9 * 2^k`
/// digits). Each division by `P_k` is a Barrett reduction with the precomputed reciprocal
/// `floor(4^t / P_k)` (`t` the bit length of `P_k`), which is found by Newton's iteration
/// from the previous level's, so everything is multiplication.
mod decimal {
    use super::BigUint;
    use std::cmp::Ordering;

    /// Numbers of at most this many limbs are converted by repeated division by 10^9.
    pub(super) const LEAF_LIMBS: usize = 48;

    /// One level: `P_k`, its bit length `t` and `floor(4^t / P_k)`.
    struct Level {
        power: BigUint,
        bits: u64,
        recip: BigUint,
    }

    /// Appends the digits of `v` (at least `width` of them, zero-padded), dividing by 10^9
    /// repeatedly.
    pub(super) fn small(mut v: BigUint, width: Option<usize>, out: &mut String) {
        let mut chunks = Vec::new();
        while !v.is_zero() {
            chunks.push(v.divrem_small(1_000_000_000));
        }
        let mut digits = match chunks.last() {
            Some(top) => top.to_string(),
            None => "0".to_string(),
        };
        for c in chunks.iter().rev().skip(1) {
            digits.push_str(&format!("{c:09}"));
        }
        if let Some(w) = width {
            out.extend(std::iter::repeat_n('0', w.saturating_sub(digits.len())));
        }
        out.push_str(&digits);
    }

    pub(super) fn large(v: &BigUint, out: &mut String) {
        // Levels until P_k^2 exceeds v.
        let mut levels: Vec<Level> = Vec::new();
        let mut power = BigUint::from_u128(1_000_000_000);
        loop {
            let bits = power.bits();
            let recip = match levels.last() {
                None => BigUint::pow2(2 * bits).div_rem(&power).0,
                Some(prev) => reciprocal(&power, bits, prev),
            };
            let next = power.mul(&power);
            levels.push(Level { power, bits, recip });
            if next.bits() > v.bits() + 1 {
                break;
            }
            power = next;
        }
        emit(v.clone(), &levels, levels.len(), None, out);
    }

    /// `floor(4^bits / power)` from the previous level's reciprocal (`power` is the previous
    /// power squared): its square is a first guess with about half the bits right, one
    /// Newton step `x' = 2x - power * x^2 / 4^bits` makes it nearly exact, and a few unit
    /// steps finish.
    fn reciprocal(power: &BigUint, bits: u64, prev: &Level) -> BigUint {
        // prev.recip^2 ~ 4^(2 prev.bits) / power; rescale to 4^bits.
        let mut x = prev.recip.mul(&prev.recip);
        let scale = 2 * bits as i64 - 4 * prev.bits as i64;
        if scale >= 0 {
            x.shl(scale as u64);
        } else {
            x.shr((-scale) as u64);
        }
        let mut px2 = power.mul(&x).mul(&x);
        px2.shr(2 * bits);
        let mut twice = x.clone();
        twice.shl(1);
        x = if px2 <= twice {
            twice.sub(&px2)
        } else {
            BigUint::zero()
        };
        // Now fix up: power * x <= 4^bits < power * (x + 1).
        let target = BigUint::pow2(2 * bits);
        let mut prod = power.mul(&x);
        let one = BigUint::from_u128(1);
        while prod > target {
            prod = prod.sub(power);
            x = x.sub(&one);
        }
        loop {
            let next = prod.add(power);
            if next > target {
                break;
            }
            prod = next;
            x = x.add(&one);
        }
        x
    }

    /// `(v / P, v % P)` for `v < P^2` by Barrett reduction.
    fn divrem(v: &BigUint, level: &Level) -> (BigUint, BigUint) {
        let mut q = v.mul(&level.recip);
        q.shr(2 * level.bits);
        // q <= v / P, so q * P <= v.
        let mut r = v.sub(&level.power.mul(&q));
        let one = BigUint::from_u128(1);
        while r.cmp(&level.power) != Ordering::Less {
            r = r.sub(&level.power);
            q = q.add(&one);
        }
        (q, r)
    }

    /// Appends `v` (below `P_{k}`, i.e. `P_{k-1}^2`) with at least `width` digits.
    fn emit(v: BigUint, levels: &[Level], k: usize, width: Option<usize>, out: &mut String) {
        if k == 0 || v.limbs.len() <= LEAF_LIMBS {
            return small(v, width, out);
        }
        let level = &levels[k - 1];
        let low_digits = 9usize << (k - 1);
        if width.is_none() && v < level.power {
            return emit(v, levels, k - 1, None, out);
        }
        let (q, r) = divrem(&v, level);
        emit(
            q,
            levels,
            k - 1,
            width.map(|w| w.saturating_sub(low_digits)),
            out,
        );
        emit(r, levels, k - 1, Some(low_digits), out);
    }
}

impl PartialOrd for BigUint {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for BigUint {
    fn cmp(&self, other: &Self) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pseudo-random number of `limbs` limbs.
    fn sample(limbs: usize, seed: u64) -> BigUint {
        let mut x = seed;
        let mut b = BigUint {
            limbs: (0..limbs)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    x as u32
                })
                .collect(),
        };
        b.trim();
        b
    }

    /// The quadratic conversion, as the reference.
    fn slow_decimal(v: &BigUint) -> String {
        let mut out = String::new();
        decimal::small(v.clone(), None, &mut out);
        out
    }

    #[test]
    fn karatsuba_agrees_with_schoolbook() {
        for (la, lb) in [(40, 40), (100, 33), (257, 130), (64, 200), (31, 500)] {
            let (a, b) = (sample(la, 1 + la as u64), sample(lb, 7 + lb as u64));
            let fast = a.mul(&b);
            // Schoolbook by shifted single-limb products.
            let mut slow = BigUint::zero();
            for (i, &limb) in b.limbs.iter().enumerate() {
                let mut part = a.clone();
                part.mul_small(limb);
                part.shl(32 * i as u64);
                slow = slow.add(&part);
            }
            assert_eq!(fast, slow, "{la} x {lb} limbs");
        }
    }

    #[test]
    fn the_transform_agrees_with_karatsuba() {
        for (la, lb) in [(1024, 1024), (3000, 1100), (1500, 1800)] {
            let (a, b) = (sample(la, 3 + la as u64), sample(lb, 5 + lb as u64));
            let fast = a.mul(&b);
            // The same product through Karatsuba on halves of b (each below the threshold).
            let (b0, b1) = b.limbs.split_at(lb / 2);
            let mut slow = BigUint {
                limbs: mul::mul(&a.limbs, b0),
            };
            let mut high = BigUint {
                limbs: mul::mul(&a.limbs, b1),
            };
            high.trim();
            high.shl(32 * (lb / 2) as u64);
            slow.trim();
            assert_eq!(fast, slow.add(&high), "{la} x {lb} limbs");
        }
        let max = BigUint {
            limbs: vec![u32::MAX; 2048],
        };
        let square = max.mul(&max);
        // (2^k - 1)^2 = 2^2k - 2^(k+1) + 1
        let k = 32 * 2048;
        let mut expected = BigUint::pow2(2 * k).sub(&BigUint::pow2(k + 1));
        expected.add_small(1);
        assert_eq!(square, expected);
    }

    #[test]
    fn fast_decimal_agrees_with_the_slow_one() {
        for limbs in [49, 50, 64, 97, 200, 513, 1000] {
            for seed in [3, 11] {
                let v = sample(limbs, seed * limbs as u64);
                assert_eq!(v.to_decimal(), slow_decimal(&v), "{limbs} limbs");
            }
        }
        // Powers of ten and their neighbours exercise the padding of low halves.
        let mut p = BigUint::from_u128(1);
        p.mul_pow10(9 * 256);
        let one = BigUint::from_u128(1);
        for v in [p.clone(), p.sub(&one), p.add(&one)] {
            assert_eq!(v.to_decimal(), slow_decimal(&v));
        }
        assert_eq!(p.to_decimal().len(), 9 * 256 + 1);
    }

    #[test]
    fn a_million_bit_number_converts_quickly() {
        // 1M bits: the quadratic conversion needs ~10^9 limb steps; this must be far below
        // (the test would time out otherwise). Checked in linear time: the last nine digits
        // are v mod 10^9, and the nine-digit groups sum to v modulo 10^9 - 1.
        let v = sample(1 << 15, 5);
        let text = v.to_decimal();
        let bits = v.bits() as f64;
        let len = text.len() as f64;
        assert!((bits - 1.0) * 2f64.log10() < len && len <= bits * 2f64.log10() + 1.0);
        assert!(!text.starts_with('0'));
        let groups: Vec<u64> = text
            .as_bytes()
            .rchunks(9)
            .map(|c| std::str::from_utf8(c).unwrap().parse().unwrap())
            .collect();
        assert_eq!(groups[0], v.clone().divrem_small(1_000_000_000) as u64);
        let folded = groups.iter().fold(0u64, |acc, g| (acc + g) % 999_999_999);
        assert_eq!(folded, v.clone().divrem_small(999_999_999) as u64);
    }

    #[test]
    fn decimal_and_division() {
        let mut a = BigUint::from_u128(u128::MAX);
        assert_eq!(a.to_decimal(), u128::MAX.to_string());
        a.mul_pow10(20);
        let (q, r) = a.div_rem(&BigUint::from_u128(10u128.pow(20)));
        assert_eq!(q.to_u128(), u128::MAX);
        assert!(r.is_zero());
        let mut b = BigUint::from_u128(1);
        b.mul_pow5(3);
        assert_eq!(b.to_u128(), 125);
        b.shl(70);
        b.shr(70);
        assert_eq!(b.to_u128(), 125);
    }
}
