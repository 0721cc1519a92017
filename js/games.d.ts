// Generated from src/kind.rs (tablero::GAMES) by `TABLERO_UPDATE=1 cargo test --release --test game games_dts`: do not edit.
// js/tablero.d.ts and js/tablero-online.d.ts take the names of the games from here.

/** A game's one id (`GameInfo.id`): a page's choice, an online room's game. */
export type GameId = "chess" | "chess960" | "3check" | "kingofthehill" | "racingkings" | "ffa" | "kingdoms" | "teams";
/** A two-player game on the 8×8 board. */
export type TwoPlayerVariant = "chess" | "chess960" | "3check" | "kingofthehill" | "racingkings";
/** The `variant` of every four-player game (its preset is `rules`). */
export type FourPlayerVariant = "fourplayer";
/** A game the engine plays (`game.variant`). */
export type Variant = TwoPlayerVariant | FourPlayerVariant;
/** Four-player rules presets (`game.rules`). */
export type Rules = "ffa" | "kingdoms" | "teams";
/** A game an online room can hold. */
export type RoomGame = "chess" | "chess960" | "3check" | "kingofthehill" | "racingkings" | "ffa" | "kingdoms" | "teams";
