//! The games and their names: the one place where a variant is parsed or printed.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::player::Player;
use crate::{error::Error, role::Role};

/// The rule set of a two-player game: what the 8×8 engine plays ([`GameKind::variant`];
/// Chess960 plays by chess rules). Its names are the table's ([`GAMES`]); the engine keeps
/// its start positions (`crate::two`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// FIDE chess (R1).
    Chess,
    /// Three-check (R2).
    ThreeCheck,
    /// King of the Hill (R3).
    KingOfTheHill,
    /// Racing Kings (R4).
    RacingKings,
}

impl fmt::Display for Variant {
    /// The API name, as [`GameKind`] writes it (`"3check"`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(GameKind::from(*self).variant_name())
    }
}

/// Which game is played: one of the four 8×8 rule sets, or four-player chess with a rule
/// preset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// FIDE chess (R1).
    Chess,
    /// Chess960 (Fischer random chess): FIDE chess from one of 960 start positions, castling
    /// as in X-FEN positions (R0.1, R7.1). Written king-takes-rook in UCI (`e1h1`).
    Chess960,
    /// Three-check (R2).
    ThreeCheck,
    /// King of the Hill (R3).
    KingOfTheHill,
    /// Racing Kings (R4).
    RacingKings,
    /// Four-player chess on the cross board (R5, R6 for Four Kingdoms, R14 for Teams).
    FourPlayer(Rules),
}

const VARIANT_NAMES: &str =
    "\"chess\", \"chess960\", \"3check\", \"kingofthehill\", \"racingkings\" or \"fourplayer\"";

/// One row of [`GAMES`]: every name a game goes by, from the page to the database.
///
/// Adding a game means a row here, its engine rules and its i18n labels (`label`); everything
/// else (the package's `games()`, the page's choices, the rooms, saves and PGN tags) reads this
/// table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameInfo {
    /// The game.
    pub kind: GameKind,
    /// The one id of the game: the page's choice, the room's `game`, the stored room row.
    /// Two-player games use their variant name; the four-player presets their rules name.
    pub id: &'static str,
    /// The package's `variant` option (`"fourplayer"` for every four-player preset).
    pub variant: &'static str,
    /// The package's `rules` option, four-player presets only.
    pub rules: Option<Rules>,
    /// The `Variant` tag written in PGN (lichess's names) or PGN4 (chess.com's `FFA`).
    pub pgn_variant: &'static str,
    /// The key of the game's name in the page's i18n tables (`www/i18n/*.js`).
    pub label: &'static str,
    /// Can an online room hold this game?
    pub online: bool,
    /// Does a player whose turn timer runs out lose their place (R6.4), rather than have the
    /// computer play that turn for them (R9.2)?
    pub times_out: bool,
}

/// The table of games, in the order pages list them.
pub const GAMES: [GameInfo; 8] = [
    GameInfo {
        kind: GameKind::Chess,
        id: "chess",
        variant: "chess",
        rules: None,
        pgn_variant: "Standard",
        label: "g_chess",
        online: true,
        times_out: false,
    },
    GameInfo {
        kind: GameKind::Chess960,
        id: "chess960",
        variant: "chess960",
        rules: None,
        pgn_variant: "Chess960",
        label: "g_chess960",
        online: true,
        times_out: false,
    },
    GameInfo {
        kind: GameKind::ThreeCheck,
        id: "3check",
        variant: "3check",
        rules: None,
        pgn_variant: "Three-check",
        label: "g_3check",
        online: true,
        times_out: false,
    },
    GameInfo {
        kind: GameKind::KingOfTheHill,
        id: "kingofthehill",
        variant: "kingofthehill",
        rules: None,
        pgn_variant: "King of the Hill",
        label: "g_kingofthehill",
        online: true,
        times_out: false,
    },
    GameInfo {
        kind: GameKind::RacingKings,
        id: "racingkings",
        variant: "racingkings",
        rules: None,
        pgn_variant: "Racing Kings",
        label: "g_racingkings",
        online: true,
        times_out: false,
    },
    GameInfo {
        kind: GameKind::FourPlayer(Rules::Ffa),
        id: "ffa",
        variant: FOUR_VARIANT,
        rules: Some(Rules::Ffa),
        pgn_variant: "FFA",
        label: "g_ffa",
        online: true,
        times_out: false,
    },
    GameInfo {
        kind: GameKind::FourPlayer(Rules::Kingdoms),
        id: "kingdoms",
        variant: FOUR_VARIANT,
        rules: Some(Rules::Kingdoms),
        pgn_variant: "FFA",
        label: "g_kingdoms",
        online: true,
        times_out: true,
    },
    GameInfo {
        kind: GameKind::FourPlayer(Rules::Teams),
        id: "teams",
        variant: FOUR_VARIANT,
        rules: Some(Rules::Teams),
        pgn_variant: "Teams",
        label: "g_teams",
        online: true,
        times_out: false,
    },
];

/// The package's `variant` name of every four-player preset.
const FOUR_VARIANT: &str = "fourplayer";

/// Why a two-player game refuses the four-player options.
pub(crate) const FOUR_ONLY: &str =
    "rules, firstPlayer and moveLimit are four-player options (variant \"fourplayer\")";

/// Why a game other than Teams refuses the en-passant setting.
pub(crate) const TEAMS_ONLY: &str =
    "enPassant is a Teams setting (variant \"fourplayer\", rules \"teams\", R14.4)";

/// The four-player presets' names, for error messages.
const RULES_NAMES: &str = "\"ffa\", \"kingdoms\" or \"teams\"";

impl GameKind {
    /// Every game kind, every four-player preset included, in [`GAMES`] order.
    pub const ALL: [GameKind; GAMES.len()] = {
        let mut all = [GameKind::Chess; GAMES.len()];
        let mut i = 0;
        while i < GAMES.len() {
            all[i] = GAMES[i].kind;
            i += 1;
        }
        all
    };

    /// This game's row of [`GAMES`].
    pub const fn info(self) -> &'static GameInfo {
        let mut i = 0;
        while i < GAMES.len() {
            if GAMES[i].kind.same(self) {
                return &GAMES[i];
            }
            i += 1;
        }
        // Every kind has a row (the table test checks it); chess is the harmless fallback.
        &GAMES[0]
    }

    const fn same(self, other: GameKind) -> bool {
        match (self, other) {
            (GameKind::FourPlayer(a), GameKind::FourPlayer(b)) => a as u8 == b as u8,
            (GameKind::FourPlayer(_), _) | (_, GameKind::FourPlayer(_)) => false,
            _ => self.index_two() == other.index_two(),
        }
    }

    const fn index_two(self) -> u8 {
        match self {
            GameKind::Chess => 0,
            GameKind::Chess960 => 1,
            GameKind::ThreeCheck => 2,
            GameKind::KingOfTheHill => 3,
            GameKind::RacingKings => 4,
            GameKind::FourPlayer(_) => 5,
        }
    }

    /// The game's one id ([`GameInfo::id`]): `"chess"`, `"3check"`, `"ffa"`, `"kingdoms"`…
    pub const fn id(self) -> &'static str {
        self.info().id
    }

    /// The game with this id ([`GameInfo::id`]), exactly as written; `None` for anything else.
    pub fn from_id(id: &str) -> Option<GameKind> {
        GAMES.iter().find(|g| g.id == id).map(|g| g.kind)
    }

    /// Strict parse of the API names: `variant` is exactly `"chess"`, `"chess960"`, `"3check"`,
    /// `"kingofthehill"`, `"racingkings"` or `"fourplayer"`; `rules` (`"ffa"`, `"kingdoms"` or
    /// `"teams"`, default `"ffa"`) is only allowed with `"fourplayer"`. Errors are
    /// `invalid-argument`.
    pub fn parse(variant: &str, rules: Option<&str>) -> Result<GameKind, Error> {
        if variant == FOUR_VARIANT {
            return Ok(GameKind::FourPlayer(match rules {
                Some(r) => Rules::parse(r)?,
                None => Rules::Ffa,
            }));
        }
        let Some(kind) = GAMES
            .iter()
            .find(|g| g.rules.is_none() && g.variant == variant)
            .map(|g| g.kind)
        else {
            return Err(Error::formatted(
                crate::error::ErrorKind::InvalidArgument,
                format_args!("unknown variant {variant:?}; expected {VARIANT_NAMES}"),
            ));
        };
        if rules.is_some() {
            return Err(Error::invalid_argument(FOUR_ONLY));
        }
        Ok(kind)
    }

    /// The game a save names by its `variant` name and `rules` preset (the save format's two
    /// fields): the rules exactly for `"fourplayer"`. Errors are `invalid-argument`, "corrupt
    /// saved game: ...".
    pub fn from_save(variant: &str, rules: Option<Rules>) -> Result<GameKind, Error> {
        let corrupt = |why: fmt::Arguments<'_>| {
            Error::formatted(
                crate::error::ErrorKind::InvalidArgument,
                format_args!("corrupt saved game: {why}"),
            )
        };
        let Some(row) = GAMES
            .iter()
            .find(|g| g.variant == variant && (g.rules.is_none() || g.rules == rules))
        else {
            return Err(match rules {
                None if variant == FOUR_VARIANT => corrupt(format_args!(
                    "a four-player save names its rules ({})",
                    RULES_NAMES
                )),
                _ => corrupt(format_args!(
                    "unknown variant {variant:?}; expected {VARIANT_NAMES}"
                )),
            });
        };
        if row.rules.is_none() && rules.is_some() {
            return Err(corrupt(format_args!("{FOUR_ONLY}")));
        }
        Ok(row.kind)
    }

    /// Lenient parse of a PGN or PGN4 `Variant` tag (lichess names, any case, spaces and
    /// dashes ignored: `"Three-check"`, `"King of the Hill"`, `"koth"`; `"Standard"` and
    /// `"From Position"` are chess; `"Chess960"` (also `"Fischerandom"`, chess.com's and
    /// older programs' name) is Chess960; chess.com's `"FFA"` is four-player free-for-all,
    /// `"Kingdoms"` Four Kingdoms, chess.com's `"Teams"` Teams). Only for reading PGN:
    /// everything else uses
    /// [`GameKind::parse`].
    pub fn from_pgn_tag(tag: &str) -> Option<GameKind> {
        let key: String = tag
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        Some(match key.as_str() {
            "chess" | "standard" | "fromposition" | "" => GameKind::Chess,
            "chess960" | "960" | "fischerandom" | "fischerrandom" => GameKind::Chess960,
            "3check" | "threecheck" => GameKind::ThreeCheck,
            "kingofthehill" | "koth" => GameKind::KingOfTheHill,
            "racingkings" => GameKind::RacingKings,
            "ffa" | "fourplayer" => GameKind::FourPlayer(Rules::Ffa),
            "kingdoms" | "fourkingdoms" => GameKind::FourPlayer(Rules::Kingdoms),
            "teams" => GameKind::FourPlayer(Rules::Teams),
            _ => return None,
        })
    }

    /// The API name: `"chess"`, `"chess960"`, `"3check"`, `"kingofthehill"`, `"racingkings"`
    /// or `"fourplayer"` (every preset).
    pub const fn variant_name(self) -> &'static str {
        self.info().variant
    }

    /// The lichess name written in a PGN `Variant` tag (R7.1); four-player PGN4 writes `FFA`
    /// (`Teams` for Teams, R14.9).
    pub const fn pgn_tag(self) -> &'static str {
        self.info().pgn_variant
    }

    /// The four-player preset, `None` for two-player games.
    pub const fn rules(self) -> Option<Rules> {
        match self {
            GameKind::FourPlayer(r) => Some(r),
            _ => None,
        }
    }

    /// Whether this is a four-player game that this build can hold: always `false` without the
    /// `four` feature, where no `Game` or `Setup` of a four-player kind is ever made, so the
    /// compiler drops the four-player branches of what asks (docs/BENCHMARKS.md, "Package
    /// size").
    pub(crate) const fn is_four(self) -> bool {
        cfg!(feature = "four") && self.rules().is_some()
    }

    /// The 8×8 rule set, `None` for four-player games (Chess960 plays by chess rules).
    pub const fn variant(self) -> Option<Variant> {
        match self {
            GameKind::Chess | GameKind::Chess960 => Some(Variant::Chess),
            GameKind::ThreeCheck => Some(Variant::ThreeCheck),
            GameKind::KingOfTheHill => Some(Variant::KingOfTheHill),
            GameKind::RacingKings => Some(Variant::RacingKings),
            GameKind::FourPlayer(_) => None,
        }
    }

    /// The players of the game in a fixed order (White, Black / Red, Blue, Yellow, Green).
    pub const fn players(self) -> &'static [Player] {
        match self {
            GameKind::FourPlayer(_) => &[Player::Red, Player::Blue, Player::Yellow, Player::Green],
            _ => &[Player::White, Player::Black],
        }
    }

    /// Parses a player of this game as callers write it: two-player sides as
    /// `"white"`/`"black"` or `"w"`/`"b"`, seats as `"red"` or `"r"`, in any case. The letters
    /// overlap (`b`), so the kind decides. Errors are `invalid-argument`.
    pub fn parse_player(self, text: &str) -> Result<Player, Error> {
        match self.rules() {
            None => Player::parse_side(text).ok_or_else(|| {
                Error::formatted(
                    crate::error::ErrorKind::InvalidArgument,
                    format_args!("player must be \"white\" or \"black\", got {text:?}"),
                )
            }),
            Some(_) => Player::parse_seat(text).ok_or_else(|| {
                Error::formatted(
                    crate::error::ErrorKind::InvalidArgument,
                    format_args!(
                        "player must be \"red\", \"blue\", \"yellow\" or \"green\", got {text:?}"
                    ),
                )
            }),
        }
    }

    /// The players in the order they take turns, from White or Red: Four Kingdoms goes
    /// counter-clockwise (R6.1), Red, Green, Yellow, Blue; every other game as
    /// [`GameKind::players`].
    pub const fn play_order(self) -> &'static [Player] {
        match self {
            GameKind::FourPlayer(Rules::Kingdoms) => {
                &[Player::Red, Player::Green, Player::Yellow, Player::Blue]
            }
            _ => self.players(),
        }
    }

    /// What a page needs to know to draw and explain this game without hard-coding it.
    pub fn facts(self) -> Facts {
        let four = self.rules().is_some();
        Facts {
            files: if four { 14 } else { 8 },
            ranks: if four { 14 } else { 8 },
            hill: if self == GameKind::KingOfTheHill {
                HILL_NAMES.map(str::to_string).to_vec()
            } else {
                Vec::new()
            },
            finish_rank: (self == GameKind::RacingKings).then_some(8),
            // Teams promotes to any piece (R14.3); the other presets to a queen (R5.8).
            promotions: if four && self != GameKind::FourPlayer(Rules::Teams) {
                vec![Role::Queen]
            } else {
                vec![Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
            },
            claimable_draws: !four,
            counts_checks: self == GameKind::ThreeCheck,
            points: four && self != GameKind::FourPlayer(Rules::Teams),
        }
    }
}

impl Default for GameKind {
    /// Chess.
    fn default() -> GameKind {
        GameKind::Chess
    }
}

impl From<Variant> for GameKind {
    fn from(v: Variant) -> GameKind {
        match v {
            Variant::Chess => GameKind::Chess,
            Variant::ThreeCheck => GameKind::ThreeCheck,
            Variant::KingOfTheHill => GameKind::KingOfTheHill,
            Variant::RacingKings => GameKind::RacingKings,
        }
    }
}

impl fmt::Display for GameKind {
    /// The API variant name ([`GameKind::variant_name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.variant_name())
    }
}

/// The centre squares of King of the Hill (R3), by name: the facts of a game are the table's,
/// not the engine's (a test checks them against the engine's `two::HILL`).
const HILL_NAMES: [&str; 4] = ["d4", "e4", "d5", "e5"];

/// Facts about a game kind that a page needs instead of hard-coding them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Facts {
    /// Board width in squares (8 or 14).
    pub files: u8,
    /// Board height in squares (8 or 14).
    pub ranks: u8,
    /// The hill squares of King of the Hill (`d4 e4 d5 e5`), empty elsewhere.
    pub hill: Vec<String>,
    /// The rank the kings race to (8 in Racing Kings), `null` elsewhere.
    pub finish_rank: Option<u8>,
    /// Promotion choices as UCI letters (`q r b n`; free-for-all and Four Kingdoms promote to
    /// a queen only).
    #[serde(serialize_with = "crate::role::serialize_letters")]
    pub promotions: Vec<Role>,
    /// Can a player claim a draw (threefold repetition, 50 moves)? Two-player games only;
    /// four-player draws are automatic.
    pub claimable_draws: bool,
    /// Does the game count checks (Three-check)?
    pub counts_checks: bool,
    /// Does the game score points (free-for-all and Four Kingdoms; Teams has none, R14.7)?
    pub points: bool,
}

/// Rule preset of a four-player game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rules {
    /// R5: free-for-all, clockwise, en passant, multi-check bonuses.
    #[default]
    Ffa,
    /// R6: "Four Kingdoms", counter-clockwise, king capture, zombie resigners.
    Kingdoms,
    /// R14: chess.com's "Teams", Red and Yellow against Blue and Green, no points.
    Teams,
}

impl Rules {
    /// Parses `"ffa"`, `"kingdoms"` or `"teams"` (case-insensitive).
    pub fn parse(s: &str) -> Result<Rules, Error> {
        match s.trim().to_ascii_lowercase().as_str() {
            "ffa" => Ok(Rules::Ffa),
            "kingdoms" => Ok(Rules::Kingdoms),
            "teams" => Ok(Rules::Teams),
            other => Err(Error::formatted(
                crate::error::ErrorKind::InvalidArgument,
                format_args!("rules must be {RULES_NAMES}, got {other:?}"),
            )),
        }
    }

    /// The `RuleVariants` tag a PGN4 of this preset writes: chess.com's `"EnPassant"` for
    /// free-for-all and for Teams with en passant on (R14.9); chess.com has no Four Kingdoms
    /// preset, so its records say `"Kingdoms"`.
    pub const fn pgn4_rule_variants(self) -> &'static str {
        match self {
            Rules::Ffa | Rules::Teams => "EnPassant",
            Rules::Kingdoms => "Kingdoms",
        }
    }

    /// The preset a PGN4 `RuleVariants` tag names by a word of its own: Four Kingdoms when
    /// the tag says `kingdoms` anywhere (any case); `None` otherwise (chess.com's free-for-all
    /// tags, `"EnPassant"` and the like, leave the `Variant` tag to decide).
    pub fn from_pgn4_rule_variants(tag: &str) -> Option<Rules> {
        crate::text::contains(&tag.to_ascii_lowercase(), Rules::Kingdoms.name())
            .then_some(Rules::Kingdoms)
    }

    /// `"ffa"`, `"kingdoms"` or `"teams"`: the preset's game id in [`GAMES`].
    pub const fn name(self) -> &'static str {
        GameKind::FourPlayer(self).id()
    }
}

impl Serialize for GameKind {
    /// The game's id ([`GameKind::id`]).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl Serialize for GameInfo {
    /// The row as the package's `games()` hands it to JavaScript: `{id, variant, rules?,
    /// players, playOrder, pgnVariant, label, online, timesOut, facts}` (the kind is the
    /// id; `players` in table order, `playOrder` in turn order, `facts` as
    /// [`GameKind::facts`]).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut row = s.serialize_struct("GameInfo", 10)?;
        row.serialize_field("id", self.id)?;
        row.serialize_field("variant", self.variant)?;
        match self.rules {
            Some(rules) => row.serialize_field("rules", &rules)?,
            None => row.skip_field("rules")?,
        }
        row.serialize_field("players", self.kind.players())?;
        row.serialize_field("playOrder", self.kind.play_order())?;
        row.serialize_field("pgnVariant", self.pgn_variant)?;
        row.serialize_field("label", self.label)?;
        row.serialize_field("online", &self.online)?;
        row.serialize_field("timesOut", &self.times_out)?;
        row.serialize_field("facts", &self.kind.facts())?;
        row.end()
    }
}

impl<'de> Deserialize<'de> for GameKind {
    /// A game id ([`GameKind::from_id`]).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<GameKind, D::Error> {
        let id = std::borrow::Cow::<'de, str>::deserialize(d)?;
        GameKind::from_id(&id)
            .ok_or_else(|| serde::de::Error::custom(format_args!("unknown game {id:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hill_names_are_the_engines_hill() {
        let engine: Vec<String> = crate::two::HILL.map(|sq| sq.to_string()).collect();
        assert_eq!(HILL_NAMES.to_vec(), engine);
    }

    #[test]
    fn saves_name_their_game_by_variant_and_rules() {
        for g in &GAMES {
            assert_eq!(GameKind::from_save(g.variant, g.rules).ok(), Some(g.kind));
        }
        for (variant, rules) in [
            ("koth", None),
            ("fourplayer", None),
            ("chess", Some(Rules::Ffa)),
            ("", None),
        ] {
            let e = GameKind::from_save(variant, rules).unwrap_err();
            assert_eq!(e.kind, crate::error::ErrorKind::InvalidArgument);
            assert!(e.message.starts_with("corrupt saved game: "), "{e}");
        }
    }

    #[test]
    fn pgn4_rule_variants_name_the_preset() {
        for rules in [Rules::Ffa, Rules::Kingdoms, Rules::Teams] {
            let tag = rules.pgn4_rule_variants();
            // What the writer writes reads back, and the free-for-all tag leaves the `Variant`
            // tag to decide (chess.com's own records say EnPassant and more).
            let read = Rules::from_pgn4_rule_variants(tag);
            assert_eq!(read, (rules == Rules::Kingdoms).then_some(rules));
        }
        assert_eq!(Rules::pgn4_rule_variants(Rules::Ffa), "EnPassant");
        assert_eq!(
            Rules::from_pgn4_rule_variants("EnPassant FourKingdoms"),
            Some(Rules::Kingdoms)
        );
        assert_eq!(Rules::from_pgn4_rule_variants("EnPassant Play4Mate"), None);
    }

    #[test]
    fn players_parse_as_the_game_decides() {
        let chess = GameKind::Chess;
        let ffa = GameKind::FourPlayer(Rules::Ffa);
        assert_eq!(chess.parse_player("b").ok(), Some(Player::Black));
        assert_eq!(ffa.parse_player("b").ok(), Some(Player::Blue));
        assert_eq!(ffa.parse_player(" Green ").ok(), Some(Player::Green));
        assert!(chess.parse_player("red").is_err());
        assert!(ffa.parse_player("white").is_err());
        assert_eq!(
            GameKind::FourPlayer(Rules::Kingdoms).play_order(),
            [Player::Red, Player::Green, Player::Yellow, Player::Blue]
        );
    }

    #[test]
    fn the_table_names_every_game_once() {
        for (i, g) in GAMES.iter().enumerate() {
            assert_eq!(g.kind.info(), g, "row {i}");
            assert_eq!(GameKind::from_id(g.id), Some(g.kind));
            assert_eq!(GameKind::ALL[i], g.kind);
            assert_eq!(
                GameKind::parse(g.variant, g.rules.map(Rules::name)).ok(),
                Some(g.kind)
            );
            assert_eq!(g.rules, g.kind.rules());
            assert_eq!(
                GameKind::from_pgn_tag(g.pgn_variant).map(|k| k.variant()),
                Some(g.kind.variant())
            );
            for h in &GAMES[i + 1..] {
                assert_ne!(g.id, h.id);
                assert_ne!(g.label, h.label);
            }
        }
    }
}
