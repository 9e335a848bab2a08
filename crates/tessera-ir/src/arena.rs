//! A primary map stored in segments that never move, for the body's op arena.
//!
//! A `Vec`-backed map doubles as it grows, copying every entry into a fresh block each time;
//! once a block passes what an allocator serves from its own pools it usually comes from
//! fresh pages of the system, each faulted in on first touch. Growing an IR by a pass (the
//! matcher compiler doubles the op count of its input) then spends more on copying and on
//! page faults than on making the ops. Here the first segment grows as a vector does (small
//! bodies stay small) up to [`FIRST`] entries; then each new segment is allocated whole,
//! twice as large as the one before (the capacity about doubles, as a vector's does, so
//! memory use is the same), and never moves: growth copies nothing and touches only the
//! entries it writes. Finding an entry's segment costs a few instructions and one more load
//! than a vector's indexing.

use cranelift_entity::EntityRef;
use std::marker::PhantomData;
use std::ops::{Index, IndexMut};

/// Entries of the first segment, a power of two.
const FIRST_BITS: u32 = 12;
const FIRST: usize = 1 << FIRST_BITS;

/// The segment holding entry `i` and its offset there. Segment `s` holds the `FIRST << s`
/// entries from `FIRST * (2^s - 1)` on, so with `j = i + FIRST` the segment is the position
/// of `j`'s highest bit less `FIRST_BITS` and the offset is `j` without that bit: no branch,
/// no loop.
#[inline]
fn locate(i: usize) -> (usize, usize) {
    let j = i + FIRST;
    let high = (usize::BITS - 1 - j.leading_zeros()) as usize;
    (high - FIRST_BITS as usize, j - (1 << high))
}

/// How many entries segment `s` holds once full.
#[inline]
fn segment_capacity(s: usize) -> usize {
    FIRST << s
}

/// A map from dense keys `K` to values `V` that only grows, handing out keys in order.
pub(crate) struct ChunkedMap<K, V> {
    segments: Vec<Vec<V>>,
    len: usize,
    _key: PhantomData<K>,
}

impl<K, V> Default for ChunkedMap<K, V> {
    fn default() -> Self {
        ChunkedMap {
            segments: Vec::new(),
            len: 0,
            _key: PhantomData,
        }
    }
}

impl<K, V: Clone> Clone for ChunkedMap<K, V> {
    fn clone(&self) -> Self {
        // Every segment but the last is full; the last one keeps room to grow in place.
        let segments = self
            .segments
            .iter()
            .enumerate()
            .map(|(s, seg)| {
                let mut copy = Vec::with_capacity(segment_capacity(s).max(seg.len()));
                copy.extend_from_slice(seg);
                copy
            })
            .collect();
        ChunkedMap {
            segments,
            len: self.len,
            _key: PhantomData,
        }
    }
}

impl<K: EntityRef, V> ChunkedMap<K, V> {
    /// The number of entries (every key below it is valid).
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The key the next [`ChunkedMap::push`] returns.
    #[inline]
    pub(crate) fn next_key(&self) -> K {
        K::new(self.len)
    }

    /// Appends `value` under the next key.
    #[inline]
    pub(crate) fn push(&mut self, value: V) -> K {
        let key = K::new(self.len);
        let s = self.segments.len();
        match self.segments.last_mut() {
            Some(seg) if seg.len() < segment_capacity(s - 1) => seg.push(value),
            _ => self.new_segment(value),
        }
        self.len += 1;
        key
    }

    #[cold]
    fn new_segment(&mut self, value: V) {
        // The first segment starts small and grows; later ones are made whole.
        let capacity = match self.segments.len() {
            0 => 0,
            s => segment_capacity(s),
        };
        let mut seg = Vec::with_capacity(capacity);
        seg.push(value);
        self.segments.push(seg);
    }
}

impl<K: EntityRef, V> Index<K> for ChunkedMap<K, V> {
    type Output = V;

    #[inline]
    fn index(&self, key: K) -> &V {
        let (s, i) = locate(key.index());
        &self.segments[s][i]
    }
}

impl<K: EntityRef, V> IndexMut<K> for ChunkedMap<K, V> {
    #[inline]
    fn index_mut(&mut self, key: K) -> &mut V {
        let (s, i) = locate(key.index());
        &mut self.segments[s][i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Key(u32);
    cranelift_entity::entity_impl!(Key);

    #[test]
    fn segments_double_and_cover_every_index_once() {
        let mut next = 0;
        for s in 0..6 {
            for i in 0..segment_capacity(s) {
                assert_eq!(locate(next), (s, i));
                next += 1;
            }
        }
    }

    #[test]
    fn keys_are_dense_across_segments_and_entries_stay_put() {
        let mut map: ChunkedMap<Key, usize> = ChunkedMap::default();
        let n = 3 * FIRST + 5;
        for i in 0..n {
            assert_eq!(map.next_key(), Key::new(i));
            assert_eq!(map.push(i * 2), Key::new(i));
        }
        assert_eq!(map.len(), n);
        // A later segment never reallocates: its entries keep their addresses.
        let first_of_second: *const usize = &map[Key::new(FIRST)];
        for i in 0..4 * FIRST {
            map.push(i);
        }
        assert!(std::ptr::eq(first_of_second, &map[Key::new(FIRST)]));
        for i in 0..n {
            assert_eq!(map[Key::new(i)], i * 2);
        }
        map[Key::new(FIRST + 1)] = 7;
        let mut copy = map.clone();
        assert_eq!(copy.len(), map.len());
        assert_eq!(copy[Key::new(FIRST + 1)], 7);
        assert_eq!(copy[Key::new(n - 1)], (n - 1) * 2);
        copy.push(1);
        assert_eq!(copy[Key::new(map.len())], 1);
    }
}
