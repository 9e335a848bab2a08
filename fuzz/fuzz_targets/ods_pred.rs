//! Fuzz target: arbitrary bytes as an ODS predicate leaf and as a builder call, compiled and
//! evaluated. Any panic, stack overflow, hang or runaway allocation is a bug: hostile text must
//! become errors.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    tessera_ods::eval::fuzz_entry(data);
});
