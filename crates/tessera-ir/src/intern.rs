//! Hash-consing tables: each distinct value is stored once and named by a dense `u32`.
//!
//! The table keeps only indices in its hash set and hashes the stored values on demand, so
//! every interned value lives in exactly one place (the `items` vector).

use hashbrown::HashTable;
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};

fn hash_of<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut hasher = FxHasher::default();
    value.hash(&mut hasher);
    hasher.finish()
}

/// Spreads a stored 32-bit hash over the 64 bits the table looks at (bucket bits low, tag
/// bits high).
#[inline]
fn table_hash(h: u32) -> u64 {
    u64::from(h).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Uniquing table for owned values of type `T`.
pub(crate) struct Interner<T> {
    items: Vec<T>,
    /// 32 bits of each item's hash, so that growing the table rehashes nothing (a deep
    /// attribute costs a full walk to hash, and the items are scattered in memory).
    hashes: Vec<u32>,
    table: HashTable<u32>,
}

impl<T> Default for Interner<T> {
    fn default() -> Self {
        Interner {
            items: Vec::new(),
            hashes: Vec::new(),
            table: HashTable::new(),
        }
    }
}

impl<T: Hash + Eq> Interner<T> {
    /// Returns the index of `value`, inserting it if it was not present.
    pub(crate) fn intern(&mut self, value: T) -> u32 {
        let (h32, found) = self.find(&value);
        if let Some(index) = found {
            return index;
        }
        let hash = table_hash(h32);
        let index = u32::try_from(self.items.len()).expect("more than 2^32 interned values");
        self.items.push(value);
        self.hashes.push(h32);
        let hashes = &self.hashes;
        self.table
            .insert_unique(hash, index, |&i| table_hash(hashes[i as usize]));
        index
    }

    /// The index of `value` if it is stored, with its 32-bit hash.
    fn find(&self, value: &T) -> (u32, Option<u32>) {
        let h = hash_of(value);
        let h32 = (h ^ (h >> 32)) as u32;
        let items = &self.items;
        let found = self
            .table
            .find(table_hash(h32), |&i| items[i as usize] == *value)
            .copied();
        (h32, found)
    }

    /// Room for `additional` more values without growing (each growth step rehashes the
    /// table and moves the values).
    pub(crate) fn reserve(&mut self, additional: usize) {
        self.items.reserve(additional);
        self.hashes.reserve(additional);
        let hashes = &self.hashes;
        self.table
            .reserve(additional, |&i| table_hash(hashes[i as usize]));
    }

    /// The index of `value` if it is stored; never inserts.
    pub(crate) fn lookup(&self, value: &T) -> Option<u32> {
        self.find(value).1
    }

    /// The value stored under `index`.
    #[inline]
    pub(crate) fn get(&self, index: u32) -> &T {
        &self.items[index as usize]
    }

    /// Number of distinct values.
    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }
}

/// Uniquing table for strings, stored in large shared chunks so that interning a short
/// identifier costs no separate heap allocation.
#[derive(Default)]
pub(crate) struct StrInterner {
    /// `(chunk, start, len)` of every string.
    spans: Vec<(u32, u32, u32)>,
    chunks: Vec<String>,
    table: HashTable<u32>,
}

const CHUNK_SIZE: usize = 64 * 1024;

impl StrInterner {
    fn str_at<'a>(chunks: &'a [String], spans: &[(u32, u32, u32)], index: u32) -> &'a str {
        let (chunk, start, len) = spans[index as usize];
        &chunks[chunk as usize][start as usize..(start + len) as usize]
    }

    /// Returns the index of `s`, inserting a copy if it was not present.
    pub(crate) fn intern(&mut self, s: &str) -> u32 {
        let hash = hash_of(s);
        let (chunks, spans) = (&self.chunks, &self.spans);
        if let Some(&index) = self
            .table
            .find(hash, |&i| Self::str_at(chunks, spans, i) == s)
        {
            return index;
        }
        let needs_chunk = match self.chunks.last() {
            Some(last) => last.capacity() - last.len() < s.len(),
            None => true,
        };
        if needs_chunk {
            self.chunks
                .push(String::with_capacity(CHUNK_SIZE.max(s.len())));
        }
        let chunk_index = self.chunks.len() - 1;
        let chunk = &mut self.chunks[chunk_index];
        let start = chunk.len();
        chunk.push_str(s);
        let index = u32::try_from(self.spans.len()).expect("more than 2^32 identifiers");
        self.spans
            .push((chunk_index as u32, start as u32, s.len() as u32));
        let (chunks, spans) = (&self.chunks, &self.spans);
        self.table
            .insert_unique(hash, index, |&i| hash_of(Self::str_at(chunks, spans, i)));
        index
    }

    /// Returns the index of `s` if it was interned.
    pub(crate) fn lookup(&self, s: &str) -> Option<u32> {
        let (chunks, spans) = (&self.chunks, &self.spans);
        self.table
            .find(hash_of(s), |&i| Self::str_at(chunks, spans, i) == s)
            .copied()
    }

    /// The string stored under `index`.
    #[inline]
    pub(crate) fn get(&self, index: u32) -> &str {
        Self::str_at(&self.chunks, &self.spans, index)
    }

    /// The bytes of the string stored under `index`: slicing bytes skips the char-boundary
    /// checks slicing a `str` makes, which lookups comparing many names pay for every one.
    #[inline]
    pub(crate) fn bytes(&self, index: u32) -> &[u8] {
        let (chunk, start, len) = self.spans[index as usize];
        &self.chunks[chunk as usize].as_bytes()[start as usize..(start + len) as usize]
    }
}
