//! The parser's table of SSA value names in one isolated scope.
//!
//! A flat module of a million ops has a million live names, so the table is kept small: a
//! name is a byte range of the table's own text arena, and its values are a run of slots in
//! one vector; a table entry is 16 bytes (a hash map keyed by `&str` with a small vector of
//! slots per name took 40, plus a separate list of names per region).
//!
//! Names are copied rather than borrowed from the source on purpose: the source may be a
//! file mapping whose pages the caller gives back behind the parser, and every look at an
//! old name (a hash probe, removing a region's names) would fault its page back in. With
//! names borrowed, a flat module ended up with the whole input resident again.

use hashbrown::HashTable;
use rustc_hash::FxHasher;
use std::hash::Hasher;
use tessera_ir::ValueId;

/// What a name (or one result number of it, `%name#i`) refers to.
#[derive(Clone, Copy)]
pub(crate) struct ValueSlot {
    /// `None` for a result number referenced before anything defined it.
    pub(crate) value: Option<ValueId>,
    /// Used before its definition (a placeholder, or nothing yet).
    pub(crate) forward: bool,
    /// Where it was defined (or first used, if forward).
    pub(crate) pos: u32,
}

#[derive(Clone, Copy)]
struct Entry {
    /// The name's byte range in `SsaNames::text`.
    start: u32,
    len: u32,
    /// Its slots: `slots[first..first + count]`.
    first: u32,
    count: u32,
}

/// SSA names of one isolated scope.
#[derive(Default)]
pub(crate) struct SsaNames {
    table: HashTable<Entry>,
    slots: Vec<ValueSlot>,
    /// The names' text.
    text: String,
    /// Ranges in `text` of the names defined in the open regions, innermost last.
    defined: Vec<(u32, u32)>,
    /// `defined.len()` when each open region was entered.
    region_starts: Vec<usize>,
}

fn hash(name: &str) -> u64 {
    let mut h = FxHasher::default();
    h.write(name.as_bytes());
    h.finish()
}

fn text_of<'t>(text: &'t str, e: &Entry) -> &'t str {
    text.get(e.start as usize..(e.start + e.len) as usize)
        .unwrap_or_default()
}

impl SsaNames {
    fn find(&self, name: &str) -> Option<Entry> {
        let text = &self.text;
        self.table
            .find(hash(name), |e| text_of(text, e) == name)
            .copied()
    }

    /// The slots of `name`, if it was used or defined.
    pub(crate) fn get(&self, name: &str) -> Option<&[ValueSlot]> {
        let e = self.find(name)?;
        Some(&self.slots[e.first as usize..(e.first + e.count) as usize])
    }

    /// The slots of `name`, mutably.
    pub(crate) fn get_mut(&mut self, name: &str) -> Option<&mut [ValueSlot]> {
        let e = self.find(name)?;
        Some(&mut self.slots[e.first as usize..(e.first + e.count) as usize])
    }

    /// Gives `name` the slots `new`, replacing any it had; returns the name's text range.
    pub(crate) fn set(
        &mut self,
        name: &str,
        new: impl IntoIterator<Item = ValueSlot>,
    ) -> (u32, u32) {
        let first = self.slots.len() as u32;
        self.slots.extend(new);
        let count = self.slots.len() as u32 - first;
        let h = hash(name);
        let text = &self.text;
        match self.table.find_mut(h, |e| text_of(text, e) == name) {
            // The old run stays behind unused: it is rare (forward references) and slots are
            // small.
            Some(e) => {
                (e.first, e.count) = (first, count);
                (e.start, e.len)
            }
            None => {
                let start = self.text.len() as u32;
                self.text.push_str(name);
                let entry = Entry {
                    start,
                    len: name.len() as u32,
                    first,
                    count,
                };
                let text = &self.text;
                self.table
                    .insert_unique(h, entry, |e| hash(text_of(text, e)));
                (entry.start, entry.len)
            }
        }
    }

    /// Binds `name` to `new` as a definition in the innermost open region, which forgets it
    /// when it closes.
    pub(crate) fn define(&mut self, name: &str, new: impl IntoIterator<Item = ValueSlot>) {
        let range = self.set(name, new);
        self.defined.push(range);
    }

    /// Enters a region.
    pub(crate) fn open_region(&mut self) {
        self.region_starts.push(self.defined.len());
    }

    /// Leaves the innermost region, forgetting the names defined in it.
    pub(crate) fn close_region(&mut self) {
        let from = self.region_starts.pop().unwrap_or(0);
        while self.defined.len() > from {
            let Some((start, len)) = self.defined.pop() else {
                break;
            };
            let name = self
                .text
                .get(start as usize..(start + len) as usize)
                .unwrap_or_default();
            if let Ok(entry) = self.table.find_entry(hash(name), |e| e.start == start) {
                entry.remove();
            }
            // Names are removed newest first, so their text usually sits at the end.
            if (start + len) as usize == self.text.len() {
                self.text.truncate(start as usize);
            }
        }
    }

    /// Slots of every name still in the table.
    pub(crate) fn all_slots(&self) -> impl Iterator<Item = &ValueSlot> {
        self.table
            .iter()
            .flat_map(|e| &self.slots[e.first as usize..(e.first + e.count) as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slot(pos: u32, forward: bool) -> ValueSlot {
        ValueSlot {
            value: None,
            forward,
            pos,
        }
    }

    #[test]
    fn closing_a_region_forgets_its_definitions_and_keeps_forward_references() {
        let mut names = SsaNames::default();
        names.open_region();
        names.define("%outer", [slot(1, false)]);
        names.open_region();
        names.define("%a", [slot(2, false), slot(3, false)]);
        names.set("%later", [slot(4, true)]);
        names.define("%b", [slot(5, false)]);
        assert_eq!(names.get("%a").map(<[_]>::len), Some(2));
        names.close_region();
        assert!(names.get("%a").is_none() && names.get("%b").is_none());
        assert_eq!(names.get("%later").map(|s| s[0].pos), Some(4));
        assert_eq!(names.get("%outer").map(|s| s[0].pos), Some(1));
        // `%b`'s text was the newest and is gone; `%later`'s stays for its entry.
        assert!(names.text.ends_with("%later"));
        // A forward reference is then defined: same entry, new slots.
        names.define("%later", [slot(6, false)]);
        assert_eq!(
            names.get("%later").map(|s| (s[0].pos, s[0].forward)),
            Some((6, false))
        );
        let forward: Vec<u32> = names
            .all_slots()
            .filter(|s| s.forward)
            .map(|s| s.pos)
            .collect();
        assert!(forward.is_empty());
        names.close_region();
        assert!(names.get("%outer").is_none() && names.get("%later").is_none());
    }

    #[test]
    fn many_names_stay_findable_across_table_growth() {
        let mut names = SsaNames::default();
        names.open_region();
        for i in 0..10_000u32 {
            names.define(&format!("%v{i}"), [slot(i, false)]);
        }
        assert!((0..10_000u32).all(|i| names.get(&format!("%v{i}")).map(|s| s[0].pos) == Some(i)));
        names.close_region();
        assert!(names.text.is_empty() && names.table.is_empty());
    }
}
