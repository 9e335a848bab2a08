//! A primary map stored in fixed-size chunks, for the body's largest arenas.
//!
//! A `Vec`-backed map doubles as it grows, copying every entry into a fresh block each time;
//! once a block passes what an allocator serves from its own pools it usually comes from
//! fresh pages of the system, each faulted in on first touch. Growing an IR by a pass (the
//! matcher compiler doubles the op count of its input) then spends more on copying and on
//! page faults than on making the ops. Here the first chunk grows as a vector does (small
//! bodies stay small) up to [`CHUNK`] entries; every later chunk is allocated at its full size
//! once and never moves, so growth copies nothing and touches only the entries it writes.
//! Indexing costs one more load than a vector's.

use cranelift_entity::EntityRef;
use std::marker::PhantomData;
use std::ops::{Index, IndexMut};

/// Entries per chunk, a power of two: 4,096 ops (the largest entries, 56 bytes) are 224 KiB.
const CHUNK_BITS: u32 = 12;
const CHUNK: usize = 1 << CHUNK_BITS;

/// A map from dense keys `K` to values `V` that only grows, handing out keys in order.
pub(crate) struct ChunkedMap<K, V> {
    chunks: Vec<Vec<V>>,
    len: usize,
    _key: PhantomData<K>,
}

impl<K, V> Default for ChunkedMap<K, V> {
    fn default() -> Self {
        ChunkedMap {
            chunks: Vec::new(),
            len: 0,
            _key: PhantomData,
        }
    }
}

impl<K, V: Clone> Clone for ChunkedMap<K, V> {
    fn clone(&self) -> Self {
        // Full chunks keep their fixed capacity in the copy; only the last one may grow.
        let chunks = self
            .chunks
            .iter()
            .map(|c| {
                let mut copy = Vec::with_capacity(c.capacity().max(c.len()));
                copy.extend_from_slice(c);
                copy
            })
            .collect();
        ChunkedMap {
            chunks,
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
        match self.chunks.last_mut() {
            Some(chunk) if chunk.len() < CHUNK => chunk.push(value),
            _ => self.new_chunk(value),
        }
        self.len += 1;
        key
    }

    #[cold]
    fn new_chunk(&mut self, value: V) {
        // The first chunk starts small and grows; later ones are made whole.
        let capacity = if self.chunks.is_empty() { 0 } else { CHUNK };
        let mut chunk = Vec::with_capacity(capacity);
        chunk.push(value);
        self.chunks.push(chunk);
    }
}

impl<K: EntityRef, V> Index<K> for ChunkedMap<K, V> {
    type Output = V;

    #[inline]
    fn index(&self, key: K) -> &V {
        let i = key.index();
        &self.chunks[i >> CHUNK_BITS][i & (CHUNK - 1)]
    }
}

impl<K: EntityRef, V> IndexMut<K> for ChunkedMap<K, V> {
    #[inline]
    fn index_mut(&mut self, key: K) -> &mut V {
        let i = key.index();
        &mut self.chunks[i >> CHUNK_BITS][i & (CHUNK - 1)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Key(u32);
    cranelift_entity::entity_impl!(Key);

    #[test]
    fn keys_are_dense_across_chunks_and_entries_stay_put() {
        let mut map: ChunkedMap<Key, usize> = ChunkedMap::default();
        let n = 3 * CHUNK + 5;
        for i in 0..n {
            assert_eq!(map.next_key(), Key::new(i));
            assert_eq!(map.push(i * 2), Key::new(i));
        }
        assert_eq!(map.len(), n);
        // A full chunk never reallocates: its entries keep their addresses.
        let first_of_second: *const usize = &map[Key::new(CHUNK)];
        for i in 0..CHUNK {
            map.push(i);
        }
        assert!(std::ptr::eq(first_of_second, &map[Key::new(CHUNK)]));
        for i in 0..n {
            assert_eq!(map[Key::new(i)], i * 2);
        }
        map[Key::new(CHUNK + 1)] = 7;
        let copy = map.clone();
        assert_eq!(copy.len(), map.len());
        assert_eq!(copy[Key::new(CHUNK + 1)], 7);
        assert_eq!(copy[Key::new(n - 1)], (n - 1) * 2);
    }
}
