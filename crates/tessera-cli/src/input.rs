//! A tool's input text: on Linux a read-only private mapping of the file, whose pages the
//! parser hands back to the OS once it has moved past them (a 100 MB input then costs a few
//! megabytes of memory instead of 100); elsewhere, or for pipes, a heap copy.
//!
//! Pages given back are read again from the file if touched (diagnostics, names the parser
//! kept), so the text never changes for the program, provided the file is not modified while
//! the tool runs, the same assumption every mapped-input compiler makes.

/// The bytes of an input file or stream.
pub struct Input {
    data: Data,
}

enum Data {
    Heap(Vec<u8>),
    #[cfg(target_os = "linux")]
    Mapped(map::Mapping),
}

/// Bytes validated (and released again) per step of `Input::as_str`.
const VALIDATE_CHUNK: usize = 8 << 20;

impl Input {
    /// Reads (maps, where possible) the file at `path`.
    pub fn read_file(path: &str) -> std::io::Result<Input> {
        #[cfg(target_os = "linux")]
        if let Some(m) = map::Mapping::open(path)? {
            return Ok(Input {
                data: Data::Mapped(m),
            });
        }
        Ok(Input::from_vec(std::fs::read(path)?))
    }

    /// An input already in memory.
    pub fn from_vec(bytes: Vec<u8>) -> Input {
        Input {
            data: Data::Heap(bytes),
        }
    }

    /// The raw bytes.
    pub fn bytes(&self) -> &[u8] {
        match &self.data {
            Data::Heap(v) => v,
            #[cfg(target_os = "linux")]
            Data::Mapped(m) => m.bytes(),
        }
    }

    /// The text, or the offset of the first byte that is not UTF-8. Validation goes a chunk
    /// at a time and releases each chunk again, so it does not make the whole file resident.
    pub fn as_str(&self) -> Result<&str, usize> {
        let b = self.bytes();
        let mut pos = 0;
        while pos < b.len() {
            let end = (pos + VALIDATE_CHUNK).min(b.len());
            match std::str::from_utf8(&b[pos..end]) {
                Ok(_) => pos = end,
                // A character cut by the chunk boundary: resume at its start.
                Err(e) if e.error_len().is_none() && end < b.len() && e.valid_up_to() > 0 => {
                    pos += e.valid_up_to()
                }
                Err(e) => return Err(pos + e.valid_up_to()),
            }
            self.release_before(pos);
        }
        // The parser reads it all again from the start.
        #[cfg(target_os = "linux")]
        if let Data::Mapped(m) = &self.data {
            m.rewind();
        }
        // SAFETY: every byte was validated above, chunk by chunk on character boundaries;
        // released pages read back the same bytes from the unmodified file.
        Ok(unsafe { std::str::from_utf8_unchecked(b) })
    }

    /// Tells the OS that the bytes before `offset` are not needed soon (no-op for heap input).
    pub fn release_before(&self, offset: usize) {
        match &self.data {
            Data::Heap(_) => {}
            #[cfg(target_os = "linux")]
            Data::Mapped(m) => m.release_before(offset),
        }
    }
}

#[cfg(target_os = "linux")]
mod map {
    use std::os::fd::AsRawFd;
    use std::sync::atomic::{AtomicUsize, Ordering};

    const PROT_READ: i32 = 1;
    const MAP_PRIVATE: i32 = 2;
    const MADV_DONTNEED: i32 = 4;
    /// Release granularity (a multiple of any page size Linux uses).
    const STEP: usize = 1 << 16;

    extern "C" {
        fn mmap(addr: *mut u8, len: usize, prot: i32, flags: i32, fd: i32, off: i64) -> *mut u8;
        fn munmap(addr: *mut u8, len: usize) -> i32;
        fn madvise(addr: *mut u8, len: usize, advice: i32) -> i32;
    }

    /// A read-only private mapping of a whole regular file.
    pub(super) struct Mapping {
        ptr: *mut u8,
        len: usize,
        /// Bytes before this were already released.
        released: AtomicUsize,
    }

    // SAFETY: the mapping is read-only and lives as long as the value; `released` is atomic.
    unsafe impl Send for Mapping {}
    unsafe impl Sync for Mapping {}

    impl Mapping {
        /// Maps `path` if it is a non-empty regular file (`None` otherwise, or if mapping
        /// fails: the caller reads it instead).
        pub(super) fn open(path: &str) -> std::io::Result<Option<Mapping>> {
            let file = std::fs::File::open(path)?;
            let meta = file.metadata()?;
            let len = meta.len() as usize;
            if !meta.is_file() || len == 0 {
                return Ok(None);
            }
            // SAFETY: a fresh read-only private mapping of an open file; checked for failure.
            let ptr = unsafe {
                mmap(
                    std::ptr::null_mut(),
                    len,
                    PROT_READ,
                    MAP_PRIVATE,
                    file.as_raw_fd(),
                    0,
                )
            };
            if ptr as isize == -1 || ptr.is_null() {
                return Ok(None);
            }
            Ok(Some(Mapping {
                ptr,
                len,
                released: AtomicUsize::new(0),
            }))
        }

        pub(super) fn bytes(&self) -> &[u8] {
            // SAFETY: `ptr..ptr + len` is mapped readable for the life of `self`.
            unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
        }

        /// Forgets what was released: the next reader starts from the beginning again.
        pub(super) fn rewind(&self) {
            self.released.store(0, Ordering::Relaxed);
        }

        pub(super) fn release_before(&self, offset: usize) {
            let end = offset.min(self.len) / STEP * STEP;
            let start = self.released.fetch_max(end, Ordering::Relaxed);
            if end > start {
                // SAFETY: page-aligned range inside the mapping; for a private file mapping
                // that was never written, DONTNEED only drops pages, which later reads fetch
                // from the file again. Failure is harmless (the pages stay).
                unsafe {
                    madvise(self.ptr.add(start), end - start, MADV_DONTNEED);
                }
            }
        }
    }

    impl Drop for Mapping {
        fn drop(&mut self) {
            // SAFETY: unmaps exactly what `open` mapped; no borrow of `bytes` outlives `self`.
            unsafe {
                munmap(self.ptr, self.len);
            }
        }
    }
}
