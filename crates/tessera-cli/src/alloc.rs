//! The global allocator the tools install (`tessera-tblgen`, `tessera-opt`): size classes
//! with thread-local free lists, carved from one huge-page-backed arena. The library itself
//! installs nothing; a binary opts in with `#[global_allocator]`.
//!
//! A run makes tens of thousands of small, short-lived allocations (id vectors, strings,
//! records' field lists), which a general-purpose allocator serves with more bookkeeping than a
//! one-shot process needs. Requests of up to [`MAX_SMALL`] bytes are served here instead: each
//! size class (multiples of [`GRAIN`]) has a per-thread free list, refilled by bumping through
//! chunks. Chunks are never given back, which suits a process that exits after one run; a freed
//! block is reused by its class, so the footprint stays near the peak of live blocks per
//! class. Any block of a class fits any thread's list for that class, so a block freed on
//! another thread simply joins that thread's list.
//!
//! Chunks and larger blocks come from an address range reserved once and backed by
//! transparent huge pages where the kernel allows, so a run faults in a few 2 MiB pages rather
//! than thousands of 4 KiB ones. Large blocks have power-of-two sizes and per-size free lists,
//! up to [`LARGE_MAX`]. Beyond it (the big IR, token and table vectors) each block is a mapping
//! of its own, 2 MiB-aligned and rounded up to 2 MiB, also on huge pages, given back when freed
//! and grown in place where the address space after it is free: classes would keep every
//! outgrown buffer of a big IR vector (a 1M-op input used a third more memory). Over-aligned
//! requests, and everything once the range is used up or could not be reserved, go to the
//! system allocator.
//!
//! It stays only because it beats `mimalloc` and the system allocator on the TableGen
//! benchmark by more than a tenth of the CPU time (`bench/tablegen/README.md` has the numbers),
//! and halves what loading a dialect adds to `tessera-opt` (`bench/ods/README.md`).

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

/// Address space for all blocks of the run, backed by transparent huge pages where the kernel
/// allows it: a run touches a few megabytes, and faulting them in 4 KiB at a time (with memory
/// cgroup accounting on every page) is a noticeable part of a run.
#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
mod arena {
    use std::ffi::{c_int, c_void};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::OnceLock;

    extern "C" {
        fn mmap(
            addr: *mut c_void,
            len: usize,
            prot: c_int,
            flags: c_int,
            fd: c_int,
            off: i64,
        ) -> *mut c_void;
        fn madvise(addr: *mut c_void, len: usize, advice: c_int) -> c_int;
        fn munmap(addr: *mut c_void, len: usize) -> c_int;
        fn mremap(
            old: *mut c_void,
            old_len: usize,
            new_len: usize,
            flags: c_int,
            ...
        ) -> *mut c_void;
    }
    const PROT_READ: c_int = 1;
    const PROT_WRITE: c_int = 2;
    const MAP_PRIVATE: c_int = 0x02;
    const MAP_ANONYMOUS: c_int = 0x20;
    const MAP_NORESERVE: c_int = 0x4000;
    const MADV_HUGEPAGE: c_int = 14;
    const MREMAP_MAYMOVE: c_int = 1;
    const MREMAP_FIXED: c_int = 2;
    /// Reserved address space; only pages actually touched are backed by memory.
    const RESERVE: usize = 8 << 30;
    const HUGE: usize = 2 << 20;

    static RANGE: OnceLock<(usize, usize)> = OnceLock::new();
    static NEXT: AtomicUsize = AtomicUsize::new(0);

    fn range() -> (usize, usize) {
        *RANGE.get_or_init(|| {
            let start = map_aligned(RESERVE);
            if start == 0 {
                return (0, 0);
            }
            NEXT.store(start, Ordering::Relaxed);
            (start, start + RESERVE)
        })
    }

    /// A fresh, zeroed mapping of `len` bytes (a multiple of 2 MiB) at a 2 MiB boundary, with
    /// huge pages asked for, so they can back all of it; 0 if the system refuses.
    fn map_aligned(len: usize) -> usize {
        // SAFETY: an anonymous private mapping with no address hint.
        let p = unsafe {
            mmap(
                std::ptr::null_mut(),
                len + HUGE,
                PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                -1,
                0,
            )
        };
        if p as isize == -1 {
            return 0;
        }
        let raw = p as usize;
        let start = raw.next_multiple_of(HUGE);
        // SAFETY: the head before `start` and the tail after `start + len` are parts of the
        // mapping just made that nothing uses; the advice changes no contents.
        unsafe {
            if start > raw {
                munmap(raw as *mut c_void, start - raw);
            }
            let tail = raw + len + HUGE - (start + len);
            if tail > 0 {
                munmap((start + len) as *mut c_void, tail);
            }
            madvise(start as *mut c_void, len, MADV_HUGEPAGE);
        }
        start
    }

    /// `size` bytes aligned to `align` from the arena, or null once it is used up.
    pub(super) fn bump(size: usize, align: usize) -> *mut u8 {
        let (_, end) = range();
        let mut cur = NEXT.load(Ordering::Relaxed);
        loop {
            let start = (cur + align - 1) & !(align - 1);
            let Some(stop) = start.checked_add(size).filter(|&e| e <= end) else {
                return std::ptr::null_mut();
            };
            match NEXT.compare_exchange_weak(cur, stop, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return start as *mut u8,
                Err(now) => cur = now,
            }
        }
    }

    /// Whether `p` came from the arena.
    pub(super) fn contains(p: *mut u8) -> bool {
        let (start, end) = range();
        (start..end).contains(&(p as usize))
    }

    /// Grows `[p, p + old)` to `new` bytes in place if it is the last block handed out.
    pub(super) fn grow_last(p: *mut u8, old: usize, new: usize) -> bool {
        let (_, end) = range();
        let Some(stop) = (p as usize).checked_add(new).filter(|&e| e <= end) else {
            return false;
        };
        let last = p as usize + old;
        NEXT.compare_exchange(last, stop, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
    }

    /// The length of the mapping that holds a block of `size` bytes.
    pub(super) fn mapped_len(size: usize) -> usize {
        size.next_multiple_of(HUGE)
    }

    /// A fresh, zeroed mapping for a block of `size` bytes, 2 MiB-aligned so that huge pages
    /// can back all of it; null if the system refuses.
    pub(super) fn map(size: usize) -> *mut u8 {
        map_aligned(mapped_len(size)) as *mut u8
    }

    /// Gives a block from [`map`] back to the system.
    ///
    /// # Safety
    /// `p` came from [`map`] for `size` bytes (or was resized to it) and is no longer used.
    pub(super) unsafe fn unmap(p: *mut u8, size: usize) {
        // SAFETY: the caller's contract; the whole mapping belongs to this block.
        unsafe { munmap(p as *mut c_void, mapped_len(size)) };
    }

    /// Resizes a block from [`map`]: shrinking gives the tail back; growing takes the address
    /// space right after the block if it is free, else moves its pages (not their contents)
    /// to a new 2 MiB-aligned mapping, so huge pages stay whole. Null if the system refuses.
    ///
    /// # Safety
    /// `p` came from [`map`] for `old` bytes (or was resized to it); on success it is not
    /// used again unless it is the address returned.
    pub(super) unsafe fn remap(p: *mut u8, old: usize, new: usize) -> *mut u8 {
        let (old_len, new_len) = (mapped_len(old), mapped_len(new));
        if new_len == old_len {
            return p;
        }
        // SAFETY: the caller's contract; without MREMAP_MAYMOVE the mapping stays at `p`, and
        // the kernel refuses rather than overwrite another mapping.
        let q = unsafe { mremap(p as *mut c_void, old_len, new_len, 0) };
        if q as isize != -1 {
            if new_len > old_len {
                // SAFETY: the grown part belongs to this block now.
                unsafe {
                    madvise(
                        (p as usize + old_len) as *mut c_void,
                        new_len - old_len,
                        MADV_HUGEPAGE,
                    )
                };
            }
            return p;
        }
        let q = map(new);
        if q.is_null() {
            return q;
        }
        // SAFETY: `q` is a fresh mapping of at least `old_len` bytes that nothing else uses;
        // MREMAP_FIXED puts the old pages in its place and unmaps them at `p`.
        let moved = unsafe {
            mremap(
                p as *mut c_void,
                old_len,
                old_len,
                MREMAP_MAYMOVE | MREMAP_FIXED,
                q as *mut c_void,
            )
        };
        if moved as isize == -1 {
            // SAFETY: both blocks are live and `old` bytes long at least; `p` is then freed.
            unsafe {
                std::ptr::copy_nonoverlapping(p, q, old);
                unmap(p, old);
            }
        }
        q
    }
}

/// Elsewhere everything comes from the system allocator.
#[cfg(not(all(target_os = "linux", target_arch = "x86_64")))]
mod arena {
    pub(super) fn bump(_size: usize, _align: usize) -> *mut u8 {
        std::ptr::null_mut()
    }
    pub(super) fn contains(_p: *mut u8) -> bool {
        false
    }
    pub(super) fn grow_last(_p: *mut u8, _old: usize, _new: usize) -> bool {
        false
    }
    pub(super) fn map(_size: usize) -> *mut u8 {
        std::ptr::null_mut()
    }
    pub(super) unsafe fn unmap(_p: *mut u8, _size: usize) {}
    pub(super) unsafe fn remap(_p: *mut u8, _old: usize, _new: usize) -> *mut u8 {
        std::ptr::null_mut()
    }
}

/// Large blocks come in power-of-two sizes from 2 KiB up; freed ones wait on a free list per
/// size (the first word of a free block links to the next), so vectors that grow by doubling
/// reuse each other's old buffers and the footprint stays near twice the peak of live blocks.
const LARGE_MIN_SHIFT: u32 = 11;
/// Larger blocks are mappings of their own ([`arena::map`]): power-of-two classes would keep
/// every outgrown buffer of a big vector.
pub const LARGE_MAX: usize = 1 << 20;
/// Blocks this aligned or less can be mappings of their own (mappings are 2 MiB-aligned; the
/// page size is the least a system gives).
const MAPPED_ALIGN: usize = 4096;

/// Whether a block of this layout is a mapping of its own; else it is from the system
/// allocator (over-aligned requests, or where mappings are not made).
fn is_mapped(layout: Layout) -> bool {
    layout.size() > LARGE_MAX
        && layout.align() <= MAPPED_ALIGN
        && cfg!(all(target_os = "linux", target_arch = "x86_64"))
}
const LARGE_CLASSES: usize = 64 - LARGE_MIN_SHIFT as usize;

static LARGE_FREE: std::sync::Mutex<[usize; LARGE_CLASSES]> =
    std::sync::Mutex::new([0; LARGE_CLASSES]);

/// The size class of a large block and the size it is rounded to.
fn large_class(size: usize) -> Option<(usize, usize)> {
    let rounded = size.checked_next_power_of_two()?.max(1 << LARGE_MIN_SHIFT);
    Some((
        (rounded.trailing_zeros() - LARGE_MIN_SHIFT) as usize,
        rounded,
    ))
}

/// A large block: a freed one of its size, else fresh from the arena while it lasts, else
/// from the system allocator. The flag tells whether the memory is known to be zero (fresh
/// arena memory has never been written).
fn alloc_large(layout: Layout) -> (*mut u8, bool) {
    if is_mapped(layout) {
        // Fresh mappings are zero.
        return (arena::map(layout.size()), true);
    }
    if layout.align() <= GRAIN && layout.size() <= LARGE_MAX {
        if let Some((class, rounded)) = large_class(layout.size()) {
            if let Ok(mut free) = LARGE_FREE.lock() {
                let head = free[class];
                if head != 0 {
                    // SAFETY: free blocks hold the address of the next one in their first word.
                    free[class] = unsafe { ptr::read(head as *const usize) };
                    return (head as *mut u8, false);
                }
            }
            let p = arena::bump(rounded, GRAIN);
            if !p.is_null() {
                return (p, true);
            }
        }
    }
    // SAFETY: a valid layout of non-zero size (callers never ask for zero bytes).
    (unsafe { System.alloc(layout) }, false)
}

/// The usable size of a large block: its class size for arena blocks.
fn large_capacity(p: *mut u8, layout: Layout) -> usize {
    match large_class(layout.size()) {
        Some((_, rounded)) if arena::contains(p) => rounded,
        _ => layout.size(),
    }
}

/// Frees a large block.
///
/// # Safety
/// `p` came from [`alloc_large`] with `layout` and is no longer used.
unsafe fn dealloc_large(p: *mut u8, layout: Layout) {
    if is_mapped(layout) {
        // SAFETY: blocks of this layout are mappings of their own.
        unsafe { arena::unmap(p, layout.size()) }
    } else if arena::contains(p) {
        let Some((class, _)) = large_class(layout.size()) else {
            return;
        };
        if let Ok(mut free) = LARGE_FREE.lock() {
            // SAFETY: the block is at least 2 KiB and GRAIN-aligned.
            unsafe { ptr::write(p as *mut usize, free[class]) };
            free[class] = p as usize;
        }
    } else {
        // SAFETY: not from the arena, so from the system allocator with this layout.
        unsafe { System.dealloc(p, layout) }
    }
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
        let mut chunk = arena::bump(CHUNK, GRAIN);
        if chunk.is_null() {
            // SAFETY: CHUNK is non-zero and the layout is valid.
            chunk = unsafe { System.alloc(Layout::from_size_align_unchecked(CHUNK, GRAIN)) };
        }
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
            None => alloc_large(layout).0,
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
            // SAFETY: `p` came from `alloc_large` with this layout.
            None => unsafe { dealloc_large(p, layout) },
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // Small blocks and reused large ones may hold old data; fresh arena memory is zero
        // (and stays untouched, so unused parts of a big zeroed table cost nothing).
        let (p, zero) = match class_of(layout.size(), layout.align()) {
            // SAFETY: as for `alloc`.
            Some(_) => (unsafe { self.alloc(layout) }, false),
            None => alloc_large(layout),
        };
        if !p.is_null() && !zero {
            // SAFETY: the block has at least `layout.size()` writable bytes.
            unsafe { ptr::write_bytes(p, 0, layout.size()) };
        }
        p
    }

    #[inline]
    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let old = class_of(layout.size(), layout.align());
        let new = class_of(new_size, layout.align());
        match (old, new) {
            // The block already has room for the new size.
            (Some(a), Some(b)) if a == b => p,
            (None, None) => {
                // SAFETY: the caller guarantees `new_size` with this alignment is a valid layout.
                let new_layout =
                    unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
                match (is_mapped(layout), is_mapped(new_layout)) {
                    // SAFETY: blocks of both layouts are mappings of their own.
                    (true, true) => return unsafe { arena::remap(p, layout.size(), new_size) },
                    (false, false) if arena::contains(p) => {
                        if new_size <= large_capacity(p, layout) {
                            return p;
                        }
                        // The most recent block can grow into the untouched space after it.
                        if let Some((_, rounded)) = large_class(new_size) {
                            if arena::grow_last(p, large_capacity(p, layout), rounded) {
                                return p;
                            }
                        }
                    }
                    // SAFETY: both sides are the system allocator's; forwarded unchanged.
                    (false, false) => return unsafe { System.realloc(p, layout, new_size) },
                    _ => {}
                }
                // Elsewhere the contents move to a new block.
                // SAFETY: the old block holds `layout.size()` initialized bytes and is not
                // used again.
                unsafe {
                    let q = alloc_large(new_layout).0;
                    if !q.is_null() {
                        ptr::copy_nonoverlapping(p, q, layout.size().min(new_size));
                        dealloc_large(p, layout);
                    }
                    q
                }
            }
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
            // Large blocks: freed ones go back to their size class (another thread may take
            // this one first) and come back zeroed on request.
            let big = Layout::from_size_align(3000, 8).unwrap();
            let b1 = a.alloc(big);
            b1.write_bytes(5, 3000);
            a.dealloc(b1, big);
            let b2 = a.alloc_zeroed(Layout::from_size_align(4000, 8).unwrap());
            assert!((0..4000).all(|k| *b2.add(k) == 0));
            // Growing within the rounded size keeps the block.
            let b3 = a.realloc(b2, Layout::from_size_align(4000, 8).unwrap(), 4096);
            if arena::contains(b2) {
                assert_eq!(b2, b3);
            }
            a.dealloc(b3, Layout::from_size_align(4096, 8).unwrap());
        }
    }

    #[test]
    fn blocks_beyond_the_large_classes_grow_shrink_and_keep_their_contents() {
        let a = SizeClasses;
        let size = LARGE_MAX + 3;
        let l = Layout::from_size_align(size, 8).unwrap();
        // SAFETY: every block is used within its layout and freed once with it.
        unsafe {
            let p = a.alloc_zeroed(l);
            assert!(!p.is_null());
            assert!((0..size).step_by(4093).all(|k| *p.add(k) == 0));
            for k in (0..size).step_by(4093) {
                *p.add(k) = (k % 251) as u8;
            }
            // Growing past the 2 MiB the block was rounded to, then past what is likely free
            // after it: in place or moved, the contents come along.
            let mut q = p;
            let mut old = l;
            for new_size in [3 << 20, 9 << 20, 40 << 20] {
                q = a.realloc(q, old, new_size);
                assert!(!q.is_null());
                old = Layout::from_size_align(new_size, 8).unwrap();
                assert!((0..size)
                    .step_by(4093)
                    .all(|k| *q.add(k) == (k % 251) as u8));
                *q.add(new_size - 1) = 1;
            }
            // A block allocated in between must not be disturbed by the growth after it.
            let other = a.alloc(l);
            other.write_bytes(3, size);
            let r = a.realloc(q, old, 60 << 20);
            assert!((0..size)
                .step_by(4093)
                .all(|k| *r.add(k) == (k % 251) as u8));
            assert!((0..size).step_by(4093).all(|k| *other.add(k) == 3));
            // Shrinking back under the classes' limit moves the block into them.
            let s = a.realloc(r, Layout::from_size_align(60 << 20, 8).unwrap(), 5000);
            assert!((0..5000)
                .step_by(4093)
                .all(|k| *s.add(k) == (k % 251) as u8));
            a.dealloc(s, Layout::from_size_align(5000, 8).unwrap());
            a.dealloc(other, l);
        }
    }
}
