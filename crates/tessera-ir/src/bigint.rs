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

    /// Decimal digits.
    pub(crate) fn to_decimal(&self) -> String {
        if self.is_zero() {
            return "0".to_string();
        }
        let mut chunks = Vec::new();
        let mut v = self.clone();
        while !v.is_zero() {
            chunks.push(v.divrem_small(1_000_000_000));
        }
        let mut out = chunks.last().unwrap().to_string();
        for c in chunks.iter().rev().skip(1) {
            out.push_str(&format!("{c:09}"));
        }
        out
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
