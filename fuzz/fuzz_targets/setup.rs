//! cargo-fuzz target `setup`: the position editor's edits (issue 49); see
//! tests/game/fuzz_checks.rs.
#![no_main]

#[allow(dead_code)]
#[path = "../../tests/game/fuzz_checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::setup(data));
