//! js/games.d.ts, the TypeScript names of the games, is generated from the table of games:
//! this test renders it from `tablero::GAMES` and fails when the committed file differs.
//! `TABLERO_UPDATE=1 cargo test --release --test game games_dts` rewrites it.

use super::generated::check_generated;

use tablero::{GAMES, Rules};

/// The command that rewrites the file, as its header names it.
const COMMAND: &str = "TABLERO_UPDATE=1 cargo test --release --test game games_dts";

/// `"a" | "b"`: the names in order, each once.
fn union<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let mut seen: Vec<&str> = Vec::new();
    for n in names {
        if !seen.contains(&n) {
            seen.push(n);
        }
    }
    let quoted: Vec<String> = seen.iter().map(|n| format!("{n:?}")).collect();
    quoted.join(" | ")
}

fn render() -> String {
    let two = || GAMES.iter().filter(|g| g.rules.is_none());
    let four = || GAMES.iter().filter(|g| g.rules.is_some());
    let lines = [
        format!("// Generated from src/kind.rs (tablero::GAMES) by `{COMMAND}`: do not edit."),
        "// js/tablero.d.ts and js/tablero-online.d.ts take the names of the games from here."
            .to_string(),
        String::new(),
        "/** A game's one id (`GameInfo.id`): a page's choice, an online room's game. */"
            .to_string(),
        format!(
            "export type GameId = {};",
            union(GAMES.iter().map(|g| g.id))
        ),
        "/** A two-player game on the 8×8 board. */".to_string(),
        format!(
            "export type TwoPlayerVariant = {};",
            union(two().map(|g| g.variant))
        ),
        "/** The `variant` of every four-player game (its preset is `rules`). */".to_string(),
        format!(
            "export type FourPlayerVariant = {};",
            union(four().map(|g| g.variant))
        ),
        "/** A game the engine plays (`game.variant`). */".to_string(),
        "export type Variant = TwoPlayerVariant | FourPlayerVariant;".to_string(),
        "/** Four-player rules presets (`game.rules`). */".to_string(),
        format!(
            "export type Rules = {};",
            union(four().filter_map(|g| g.rules).map(Rules::name))
        ),
        "/** A game an online room can hold. */".to_string(),
        format!(
            "export type RoomGame = {};",
            union(GAMES.iter().filter(|g| g.online).map(|g| g.id))
        ),
    ];
    lines.join("\n") + "\n"
}

#[test]
fn games_dts_is_generated_from_the_table() {
    check_generated(
        "js/games.d.ts",
        &render(),
        "the table of games (src/kind.rs)",
        COMMAND,
    );
}

#[test]
fn the_names_today() {
    // Spelled out once, independently of the renderer: the unions the package had before
    // they were generated.
    let text = render();
    for line in [
        r#"export type TwoPlayerVariant = "chess" | "chess960" | "3check" | "kingofthehill" | "racingkings";"#,
        r#"export type FourPlayerVariant = "fourplayer";"#,
        r#"export type Rules = "ffa" | "kingdoms" | "teams";"#,
        r#"export type RoomGame = "chess" | "chess960" | "3check" | "kingofthehill" | "racingkings" | "ffa" | "kingdoms" | "teams";"#,
    ] {
        assert!(text.lines().any(|l| l == line), "{line}\n{text}");
    }
}
