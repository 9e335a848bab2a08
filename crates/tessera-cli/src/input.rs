//! A tool's input text: a large regular file is mapped read-only, and on Unix the parser hands
//! the pages it has moved past back to the OS, so a 100 MB input costs a few megabytes of
//! memory instead of 100; small files, pipes and other systems get a heap copy.
//!
//! Soundness rests on one assumption, stated once at the mapping below: the file is not
//! modified or truncated while the tool runs (every compiler that maps its input makes it, as
//! do ripgrep and LLVM's `MemoryBuffer`). Releasing pages adds nothing to that assumption: the
//! mapping is private and never written, so a released page that is touched again is read from
//! the same file and holds the same bytes.

use memmap2::Mmap;
use std::fs::File;

/// The bytes of an input file or stream.
pub struct Input {
    data: Data,
}

enum Data {
    Heap(Vec<u8>),
    Mapped(Mapping),
}

/// Files smaller than this are read: mapping them saves no memory worth the system calls.
const MAP_THRESHOLD: u64 = 1 << 20;

/// Bytes validated (and released again) per step of [`Input::as_str`].
const VALIDATE_CHUNK: usize = 8 << 20;

impl Input {
    /// Reads, or maps where that saves memory, the file at `path`.
    pub fn read_file(path: &str) -> std::io::Result<Input> {
        let file = File::open(path)?;
        let meta = file.metadata()?;
        if meta.is_file() && meta.len() >= MAP_THRESHOLD {
            if let Some(mapping) = Mapping::new(&file) {
                return Ok(Input {
                    data: Data::Mapped(mapping),
                });
            }
        }
        let mut bytes = Vec::with_capacity(meta.len().try_into().unwrap_or(0));
        std::io::Read::read_to_end(&mut &file, &mut bytes)?;
        Ok(Input::from_vec(bytes))
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
            Data::Mapped(m) => &m.map,
        }
    }

    /// The text, or the offset of the first byte that is not UTF-8. Validation goes a chunk
    /// at a time and releases each chunk again, so it does not make the whole file resident.
    pub fn as_str(&self) -> Result<&str, usize> {
        let bytes = self.bytes();
        let mut pos = 0;
        while pos < bytes.len() {
            let end = (pos + VALIDATE_CHUNK).min(bytes.len());
            match std::str::from_utf8(&bytes[pos..end]) {
                Ok(_) => pos = end,
                // A character cut by the chunk boundary: resume at its start.
                Err(e) if e.error_len().is_none() && end < bytes.len() && e.valid_up_to() > 0 => {
                    pos += e.valid_up_to()
                }
                Err(e) => return Err(pos + e.valid_up_to()),
            }
            self.release_before(pos);
        }
        if let Data::Mapped(m) = &self.data {
            // The parser reads it all again from the start.
            m.rewind();
        }
        // SAFETY: every byte was validated above, chunk by chunk on character boundaries
        // (validating in one piece would make the whole file resident at once), and the bytes
        // do not change afterwards: heap bytes are ours, mapped ones rest on the assumption in
        // the module docs.
        Ok(unsafe { std::str::from_utf8_unchecked(bytes) })
    }

    /// Tells the OS that the bytes before `offset` are not needed soon (no-op for heap input).
    pub fn release_before(&self, offset: usize) {
        if let Data::Mapped(m) = &self.data {
            m.release_before(offset);
        }
    }
}

/// A read-only private mapping of a whole regular file.
struct Mapping {
    map: Mmap,
    /// Bytes before this were already released.
    released: std::sync::atomic::AtomicUsize,
}

/// Release granularity: a multiple of every page size Linux and macOS use.
#[cfg(unix)]
const RELEASE_STEP: usize = 1 << 16;

impl Mapping {
    /// Maps `file`, or `None` if the system refuses (the caller reads the file instead).
    fn new(file: &File) -> Option<Mapping> {
        // SAFETY: `Mmap` hands out `&[u8]` over the file's pages, which is sound only while the
        // file is neither modified nor truncated during the run. Tools that map their input
        // take that as given (see the module docs); if another process breaks it, the tool may
        // read torn text or be killed by SIGBUS, exactly as `mlir-opt` would.
        let map = unsafe { Mmap::map(file) }.ok()?;
        Some(Mapping {
            map,
            released: std::sync::atomic::AtomicUsize::new(0),
        })
    }

    /// Forgets what was released: the next reader starts from the beginning again.
    fn rewind(&self) {
        self.released.store(0, std::sync::atomic::Ordering::Relaxed);
    }

    #[cfg(unix)]
    fn release_before(&self, offset: usize) {
        let end = offset.min(self.map.len()) / RELEASE_STEP * RELEASE_STEP;
        let start = self
            .released
            .fetch_max(end, std::sync::atomic::Ordering::Relaxed);
        if end > start {
            // SAFETY: `DontNeed` discards pages; for a private mapping that was never written
            // (an `Mmap` is read-only) a later access reads them from the file again, so the
            // bytes are unchanged under the mapping's own assumption. The range lies inside the
            // mapping and starts on a page boundary. Failure is harmless: the pages stay.
            let _ = unsafe {
                self.map.unchecked_advise_range(
                    memmap2::UncheckedAdvice::DontNeed,
                    start,
                    end - start,
                )
            };
        }
    }

    #[cfg(not(unix))]
    fn release_before(&self, _offset: usize) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn temp_file(name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let path =
            std::env::temp_dir().join(format!("tessera-input-{}-{name}", std::process::id()));
        File::create(&path).unwrap().write_all(bytes).unwrap();
        path
    }

    #[test]
    fn a_mapped_file_reads_back_the_same_text_after_release() {
        let line = "\"foo.op\"() : () -> () // é\n";
        let text = line.repeat((3 * MAP_THRESHOLD as usize) / line.len());
        let path = temp_file("big.mlir", text.as_bytes());
        let input = Input::read_file(path.to_str().unwrap()).unwrap();
        assert!(matches!(input.data, Data::Mapped(_)));
        assert_eq!(input.as_str(), Ok(text.as_str()));
        input.release_before(text.len());
        assert_eq!(input.as_str(), Ok(text.as_str()));
        std::fs::remove_file(path).unwrap();
    }

    #[test]
    fn invalid_utf8_reports_its_offset_in_small_and_large_files() {
        let small = temp_file("small.mlir", b"ab\xffcd");
        assert_eq!(
            Input::read_file(small.to_str().unwrap()).unwrap().as_str(),
            Err(2)
        );
        let mut big = vec![b'a'; VALIDATE_CHUNK + 5];
        // A two-byte character split by the chunk boundary is fine; a lone continuation is not.
        big[VALIDATE_CHUNK - 1] = 0xc3;
        big[VALIDATE_CHUNK] = 0xa9;
        big[VALIDATE_CHUNK + 3] = 0x80;
        let big_path = temp_file("big-bad.mlir", &big);
        assert_eq!(
            Input::read_file(big_path.to_str().unwrap())
                .unwrap()
                .as_str(),
            Err(VALIDATE_CHUNK + 3)
        );
        std::fs::remove_file(small).unwrap();
        std::fs::remove_file(big_path).unwrap();
    }
}
