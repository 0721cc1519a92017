//! The README documents every stable code the API can return: each result reason and each
//! error code appears there in backticks, and each code parses back to its reason.

use tablero::ErrorKind;
use tablero::ResultReason;

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap()
}

#[test]
fn every_result_reason_is_documented_and_round_trips() {
    let text = readme();
    for r in ResultReason::ALL {
        assert_eq!(ResultReason::from_code(r.code()), Some(r));
        assert!(
            text.contains(&format!("`{}`", r.code())),
            "README lacks `{}`",
            r.code()
        );
    }
}

#[test]
fn every_error_code_is_documented() {
    let text = readme();
    for k in ErrorKind::ALL {
        assert!(
            text.contains(&format!("`{}`", k.code())),
            "README lacks `{}`",
            k.code()
        );
    }
}
