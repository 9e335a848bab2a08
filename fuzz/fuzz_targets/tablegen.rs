//! Fuzz target: arbitrary bytes through the TableGen front end and both printers. Any panic,
//! stack overflow, hang or runaway allocation is a bug: hostile input must become diagnostics.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    tessera_tablegen::fuzz_entry(data);
});
