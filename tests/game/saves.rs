//! Saves written by an earlier release (`tests/data/saves/`, written by the code of commit
//! 05b55ed before the save's `variant` became typed; `chess-tree` and `teams-tree-finished`,
//! saves with a move tree, by commit 7855e51 before saves kept an imported file's own tag
//! spellings) still load, replay to the same game and save back to the same text, byte for
//! byte.

use std::path::Path;

use tablero::{Game, GameKind, SavedGame};

fn fixtures() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/saves");
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    out.sort();
    out
}

#[test]
fn old_saves_load_and_save_back_identically() {
    let all = fixtures();
    let mut kinds = Vec::new();
    for (name, text) in &all {
        let saved: SavedGame = serde_json::from_str(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let game = Game::from_saved(&saved).unwrap_or_else(|e| panic!("{name}: {e}"));
        // Every move and every `R:`/`T:` token is an entry of the history.
        assert_eq!(game.ply(), saved.moves.len(), "{name}");
        let again = serde_json::to_string(&game.to_saved()).unwrap();
        assert_eq!(again, text.trim_end(), "{name}");
        kinds.push(game.kind());
    }
    // One save per game at least, so a game added to the table gets a fixture too.
    for kind in GameKind::ALL {
        assert!(kinds.contains(&kind), "no fixture save of {kind:?}");
    }
    assert!(all.iter().any(|(n, _)| n == "kingdoms-finished"));
}

#[test]
fn finished_saves_restore_finished() {
    for (name, text) in fixtures() {
        let saved: SavedGame = serde_json::from_str(&text).unwrap();
        let game = Game::from_saved(&saved).unwrap();
        // The fixture names say which games were played to the end.
        let finished = ["-mated", "-resigned", "-won", "-finished"]
            .iter()
            .any(|s| name.ends_with(s));
        assert_eq!(game.status().over, finished, "{name}");
    }
}
