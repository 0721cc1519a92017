//! Files generated from the crate's own tables and committed (`js/games.d.ts`,
//! `js/squares.d.ts`): one check that a committed file is what its generator writes today.

use std::path::Path;

/// Fails unless `file` (relative to the repository root) holds `want`; with
/// `TABLERO_UPDATE=1` it first writes `want` there. `from` names the source and `command` the
/// command that rewrites the file, for the failure message.
pub fn check_generated(file: &str, want: &str, from: &str, command: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    if std::env::var_os("TABLERO_UPDATE").is_some_and(|v| v == "1") {
        std::fs::write(&path, want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{file} differs from {from}; rewrite it with `{command}`\n--- committed\n{have}\n--- expected\n{want}"
    );
}
