//! The global allocator of `tessera-tblgen`: size classes with thread-local free lists.
//!
//! A run makes tens of thousands of small, short-lived allocations (id vectors, strings,
//! records' field lists); glibc's `malloc`/`free` took about a fifth of all instructions.
//! Requests of up to [`MAX_SMALL`] bytes are served here instead: each size class (multiples
//! of [`GRAIN`]) has a per-thread free list, refilled by bumping through chunks taken from the
//! system allocator. Chunks are never given back, which suits a one-shot process; a freed
//! block is reused by its class, so the footprint stays near the peak of live blocks per class.
//!
//! Any block of a class fits any thread's list for that class, so a block freed on another
//! thread (records are printed on two) simply joins that thread's list. Larger or
//! over-aligned requests go straight to the system allocator.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::ptr::{self, null_mut};

/// Size-class granularity, and the alignment every small block has.
const GRAIN: usize = 16;
/// Largest request served from size classes.
const MAX_SMALL: usize = 1024;
const CLASSES: usize = MAX_SMALL / GRAIN;
/// Bytes taken from the system allocator at a time.
const CHUNK: usize = 256 << 10;

/// Per-thread state: one free-list head per class (each free block stores the next pointer in
/// its first word) and the unused rest of the current chunk.
struct Local {
    free: [Cell<*mut u8>; CLASSES],
    bump: Cell<*mut u8>,
    end: Cell<*mut u8>,
}

thread_local! {
    // Constant-initialized and without a destructor, so access is a plain TLS load and is
    // valid for the whole life of the thread.
    static LOCAL: Local = const {
        Local {
            free: [const { Cell::new(null_mut()) }; CLASSES],
            bump: Cell::new(null_mut()),
            end: Cell::new(null_mut()),
        }
    };
}

/// The allocator; install it with `#[global_allocator]`.
pub struct SizeClasses;

/// The class serving `layout`, if it is small enough and not over-aligned.
#[inline]
fn class_of(size: usize, align: usize) -> Option<usize> {
    if size <= MAX_SMALL && align <= GRAIN {
        Some(size.max(1).div_ceil(GRAIN) - 1)
    } else {
        None
    }
}

/// The layout of a class's blocks (also used for blocks taken from the system directly).
#[inline]
fn class_layout(class: usize) -> Layout {
    // (class + 1) * GRAIN is at most MAX_SMALL and GRAIN is a power of two.
    Layout::from_size_align((class + 1) * GRAIN, GRAIN).expect("valid class layout")
}

impl Local {
    /// A block of `class`, or null if the system is out of memory.
    ///
    /// # Safety
    /// `class < CLASSES`; the free list must only hold blocks of this class.
    #[inline]
    unsafe fn alloc(&self, class: usize) -> *mut u8 {
        let head = self.free[class].get();
        if !head.is_null() {
            // SAFETY: free blocks are at least GRAIN bytes, aligned, and hold the next pointer.
            self.free[class].set(unsafe { ptr::read(head as *mut *mut u8) });
            return head;
        }
        let size = (class + 1) * GRAIN;
        let bump = self.bump.get();
        if (self.end.get() as usize) - (bump as usize) >= size {
            // SAFETY: `bump + size` stays inside the current chunk.
            self.bump.set(unsafe { bump.add(size) });
            return bump;
        }
        // SAFETY: CHUNK is non-zero and the layout is valid.
        let chunk = unsafe { System.alloc(Layout::from_size_align_unchecked(CHUNK, GRAIN)) };
        if chunk.is_null() {
            return chunk;
        }
        // SAFETY: both offsets are within (or one past) the chunk just allocated.
        unsafe {
            self.bump.set(chunk.add(size));
            self.end.set(chunk.add(CHUNK));
        }
        chunk
    }

    /// Puts a block of `class` on this thread's free list.
    ///
    /// # Safety
    /// `p` is a block of `class` that is no longer in use.
    #[inline]
    unsafe fn free(&self, class: usize, p: *mut u8) {
        // SAFETY: the block is at least GRAIN bytes and GRAIN-aligned, so it holds a pointer.
        unsafe { ptr::write(p as *mut *mut u8, self.free[class].get()) };
        self.free[class].set(p);
    }
}

// SAFETY: small blocks are GRAIN-aligned and at least as large as requested (classes round
// up); a block is handed out once until freed; every other request is the system allocator's.
unsafe impl GlobalAlloc for SizeClasses {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match class_of(layout.size(), layout.align()) {
            Some(c) => LOCAL
                // SAFETY: `c < CLASSES` and the lists only ever hold blocks of their class.
                .try_with(|l| unsafe { l.alloc(c) })
                // SAFETY: a valid non-zero layout; the block joins the class when freed.
                .unwrap_or_else(|_| unsafe { System.alloc(class_layout(c)) }),
            // SAFETY: forwarded unchanged.
            None => unsafe { System.alloc(layout) },
        }
    }

    #[inline]
    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        match class_of(layout.size(), layout.align()) {
            Some(c) => {
                // SAFETY: `p` came from `alloc` with the same layout, hence the same class.
                // Without thread-local storage (thread teardown) the block is leaked.
                let _ = LOCAL.try_with(|l| unsafe { l.free(c, p) });
            }
            // SAFETY: `p` came from the system allocator with this layout.
            None => unsafe { System.dealloc(p, layout) },
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if class_of(layout.size(), layout.align()).is_none() {
            // SAFETY: forwarded unchanged (the system may hand out fresh zero pages).
            return unsafe { System.alloc_zeroed(layout) };
        }
        // SAFETY: as for `alloc`; the block has at least `layout.size()` writable bytes.
        unsafe {
            let p = self.alloc(layout);
            if !p.is_null() {
                ptr::write_bytes(p, 0, layout.size());
            }
            p
        }
    }

    #[inline]
    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let old = class_of(layout.size(), layout.align());
        let new = class_of(new_size, layout.align());
        match (old, new) {
            // The block already has room for the new size.
            (Some(a), Some(b)) if a == b => p,
            // SAFETY: both sides are the system allocator's; forwarded unchanged.
            (None, None) => unsafe { System.realloc(p, layout, new_size) },
            _ => {
                // SAFETY: the caller guarantees `new_size` with this alignment is a valid
                // layout; the old block has `layout.size()` initialized bytes.
                unsafe {
                    let new_layout = Layout::from_size_align_unchecked(new_size, layout.align());
                    let q = self.alloc(new_layout);
                    if !q.is_null() {
                        ptr::copy_nonoverlapping(p, q, layout.size().min(new_size));
                        self.dealloc(p, layout);
                    }
                    q
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_round_up_and_large_or_aligned_requests_go_to_the_system() {
        assert_eq!(class_of(1, 1), Some(0));
        assert_eq!(class_of(16, 8), Some(0));
        assert_eq!(class_of(17, 8), Some(1));
        assert_eq!(class_of(MAX_SMALL, 16), Some(CLASSES - 1));
        assert_eq!(class_of(MAX_SMALL + 1, 1), None);
        assert_eq!(class_of(64, 32), None);
    }

    #[test]
    fn blocks_are_reused_resized_and_shared_across_threads() {
        let a = SizeClasses;
        let l = Layout::from_size_align(24, 8).unwrap();
        // SAFETY: every block is used within its layout and freed once with it.
        unsafe {
            let p = a.alloc(l);
            p.write_bytes(7, 24);
            a.dealloc(p, l);
            let q = a.alloc(l);
            assert_eq!(p, q, "a freed block is reused first");
            q.write_bytes(9, 24);
            // Same class: grows in place; across classes and to the system: contents move.
            let r = a.realloc(q, l, 30);
            assert_eq!(r, q);
            let l30 = Layout::from_size_align(30, 8).unwrap();
            let s = a.realloc(r, l30, 5000);
            assert_eq!(*s.add(23), 9);
            let l5000 = Layout::from_size_align(5000, 8).unwrap();
            let t = a.realloc(s, l5000, 40);
            assert_eq!(*t.add(23), 9);
            let addr = t as usize;
            std::thread::spawn(move || {
                let l40 = Layout::from_size_align(40, 8).unwrap();
                SizeClasses.dealloc(addr as *mut u8, l40);
            })
            .join()
            .unwrap();
            let z = a.alloc_zeroed(l);
            assert!((0..24).all(|k| *z.add(k) == 0));
            a.dealloc(z, l);
        }
    }
}
