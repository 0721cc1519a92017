//! The way in from JavaScript: option objects, moves, players and numbers, read strictly.
//!
//! An object's fields are its *own* properties, so nothing inherited from a prototype (a
//! polluted `Object.prototype`, say) can inject an option; option objects refuse unknown keys
//! by name; each field must have the JS type the API documents (a numeric string is not a
//! number). `undefined` and `null` both mean "not given". Reads that user code could intercept
//! (a Proxy, a throwing getter) go through `catch` bindings ([`super::js`]), so they become
//! `invalid-argument` errors instead of exceptions unwinding through the wasm frames. Texts and
//! arrays are bounded ([`MAX_TEXT_CHARS`], [`MAX_SAVED_MOVES`]) before they are copied.

use js_sys::{JsString, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};

use super::js;

use crate::game::MAX_MOVE_LIMIT;
use crate::{Error, GameKind, NewGame, Player, Role};

/// The largest integer a JS number holds exactly (`Number.MAX_SAFE_INTEGER`).
pub(crate) const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// The longest text any argument may be (a PGN, a saved game's JSON text), in UTF-16 units:
/// 8 Mi, far above the longest game a person plays, small enough to parse in well under a
/// second.
pub(crate) const MAX_TEXT_CHARS: u32 = 8 << 20;

/// The most headers an object may set at once (`setHeaders`, a save's `headers`): far more
/// than any PGN carries.
pub(crate) const MAX_ENTRIES: u32 = 1_000;

/// The most entries a saved game's `moves` may hold: four-player games stop at a
/// `moveLimit` of 100,000 at most, each move with up to three zombie replies.
pub(crate) const MAX_SAVED_MOVES: u32 = 400_000;

/// A short description of a JS value for messages: a string (cut to 60 characters) quoted, a
/// number as JS prints it, else its kind.
pub(crate) fn describe(v: &JsValue) -> String {
    if v.is_undefined() {
        "undefined".into()
    } else if v.is_null() {
        "null".into()
    } else if let Some(s) = v.as_string() {
        // "the string" says outright that a number in quotes is not a number.
        let short = crate::error::first_chars(&s, 60);
        format!("the string {short:?}")
    } else if v.as_f64().is_some() {
        // JS prints the number (NaN, 1e+300, 2.5); Rust's float formatting would add a few
        // kilobytes to the package for error messages alone.
        v.unchecked_ref::<js_sys::Number>()
            .to_string_with_radix(10)
            .ok()
            .and_then(|s| s.as_string())
            .unwrap_or_else(|| "a number".into())
    } else if let Some(b) = v.as_bool() {
        if b { "true" } else { "false" }.into()
    } else if js::is_array(v).unwrap_or(false) {
        "an array".into()
    } else {
        // "an object", "a function", "a symbol", "a bigint".
        let kind = v.js_typeof().as_string().unwrap_or_default();
        let article = if kind == "object" { "an " } else { "a " };
        article.to_string() + &kind
    }
}

/// `undefined` or `null`: the value was not given.
pub(crate) fn absent(v: &JsValue) -> bool {
    v.is_undefined() || v.is_null()
}

/// A string, or `None` when absent.
pub(crate) fn opt_string(v: &JsValue, what: &str) -> Result<Option<String>, Error> {
    if absent(v) {
        return Ok(None);
    }
    let Some(text) = v.dyn_ref::<JsString>() else {
        return Err(Error::formatted(
            crate::ErrorKind::InvalidArgument,
            format_args!("{what} must be a string, got {}", describe(v)),
        ));
    };
    // Checked before the copy into wasm memory: a string's length runs no user code.
    if text.length() > MAX_TEXT_CHARS {
        return Err(Error::formatted(
            crate::ErrorKind::InvalidArgument,
            format_args!("{what} is longer than {MAX_TEXT_CHARS} characters"),
        ));
    }
    Ok(v.as_string())
}

/// An integer in `min..=max` (at most [`MAX_SAFE_INTEGER`]), or `None` when absent. Refuses
/// other types, fractions, NaN and infinities.
pub(crate) fn opt_integer(
    v: &JsValue,
    what: &str,
    min: u64,
    max: u64,
) -> Result<Option<u64>, Error> {
    if absent(v) {
        return Ok(None);
    }
    match v.as_f64() {
        Some(n) if n.fract() == 0.0 && n >= min as f64 && n <= max as f64 => Ok(Some(n as u64)),
        _ => Err(Error::formatted(
            crate::ErrorKind::InvalidArgument,
            format_args!(
                "{what} must be an integer from {min} to {max}, got {}",
                describe(v)
            ),
        )),
    }
}

/// The own properties of a JS object.
pub(crate) struct Fields {
    obj: Object,
    what: &'static str,
}

impl Fields {
    /// Reads `v` as the options object of `what` (`"newGame options"`): `None` when absent, an
    /// error when it is not a plain object or has an own key outside `known`.
    pub(crate) fn options(
        v: &JsValue,
        what: &'static str,
        known: &[&str],
    ) -> Result<Option<Fields>, Error> {
        let Some(fields) = Fields::open(v, what)? else {
            return Ok(None);
        };
        let keys = Reflect::own_keys(v).map_err(|_| unreadable(what))?;
        for key in keys.iter() {
            let name = key.as_string();
            if !name.as_deref().is_some_and(|k| known.contains(&k)) {
                // "unknown aiMove option "lvl"; known options: level, timeMs, nodes, seed".
                let singular = what.strip_suffix('s').unwrap_or(what);
                let kind = singular.rsplit(' ').next().unwrap_or(singular);
                return Err(Error::formatted(
                    crate::ErrorKind::InvalidArgument,
                    format_args!(
                        "unknown {singular} {}; known {kind}s: {}",
                        name.map_or_else(|| "(a symbol)".to_string(), |k| format!("{k:?}")),
                        known.join(", ")
                    ),
                ));
            }
        }
        Ok(Some(fields))
    }

    /// Reads `v` as an object whose unknown keys do not matter (a move, a saved game): `None`
    /// when absent, an error when it is not an object (arrays and functions included).
    pub(crate) fn open(v: &JsValue, what: &'static str) -> Result<Option<Fields>, Error> {
        if absent(v) {
            return Ok(None);
        }
        if !v.is_object() || js::is_array(v).map_err(|_| unreadable(what))? {
            return Err(Error::formatted(
                crate::ErrorKind::InvalidArgument,
                format_args!("{what} must be an object, got {}", describe(v)),
            ));
        }
        Ok(Some(Fields {
            obj: v.clone().unchecked_into(),
            what,
        }))
    }

    /// The own property `key`; `undefined` when the object has none.
    pub(crate) fn get(&self, key: &str) -> Result<JsValue, Error> {
        let key = JsValue::from_str(key);
        match Reflect::get_own_property_descriptor(&self.obj, &key) {
            Ok(d) if d.is_undefined() => Ok(JsValue::UNDEFINED),
            Ok(_) => Reflect::get(&self.obj, &key).map_err(|_| unreadable(self.what)),
            Err(_) => Err(unreadable(self.what)),
        }
    }

    /// The own property `key` as a string.
    pub(crate) fn string(&self, key: &str) -> Result<Option<String>, Error> {
        opt_string(&self.get(key)?, &self.name(key))
    }

    /// The own property `key` as an integer in `min..=max`.
    pub(crate) fn integer(&self, key: &str, min: u64, max: u64) -> Result<Option<u64>, Error> {
        opt_integer(&self.get(key)?, &self.name(key), min, max)
    }

    /// The own property `key` as a boolean (`true` or `false`, nothing else).
    pub(crate) fn boolean(&self, key: &str) -> Result<Option<bool>, Error> {
        let v = self.get(key)?;
        if absent(&v) {
            return Ok(None);
        }
        v.as_bool().map(Some).ok_or_else(|| {
            Error::formatted(
                crate::ErrorKind::InvalidArgument,
                format_args!(
                    "{} must be true or false, got {}",
                    self.name(key),
                    describe(&v)
                ),
            )
        })
    }

    /// The own property `key` as an array of at most `max_items` strings.
    pub(crate) fn strings(&self, key: &str, max_items: u32) -> Result<Option<Vec<String>>, Error> {
        let v = self.get(key)?;
        if absent(&v) {
            return Ok(None);
        }
        let name = self.name(key);
        if !js::is_array(&v).map_err(|_| unreadable(self.what))? {
            return Err(Error::formatted(
                crate::ErrorKind::InvalidArgument,
                format_args!("{name} must be an array of strings, got {}", describe(&v)),
            ));
        }
        let len = js::array_length(&v, max_items)
            .map_err(|_| unreadable(self.what))?
            .ok_or_else(|| {
                Error::formatted(
                    crate::ErrorKind::InvalidArgument,
                    format_args!("{name} has more than {max_items} entries"),
                )
            })?;
        let mut total = 0u64;
        // Loops, not `collect::<Result<Vec<_>, _>>()`, here and below: each such collect is
        // a copy of the iterator machinery in the wasm (docs/BENCHMARKS.md, "Package size").
        let mut items = Vec::with_capacity(len as usize);
        for i in 0..len {
            let item = Reflect::get_u32(&v, i).map_err(|_| unreadable(self.what))?;
            let item = opt_string(&item, &format!("{name}[{i}]"))?.ok_or_else(|| {
                Error::formatted(
                    crate::ErrorKind::InvalidArgument,
                    format_args!("{name}[{i}] must be a string, got {}", describe(&item)),
                )
            })?;
            total += item.len() as u64;
            if total > u64::from(MAX_TEXT_CHARS) {
                return Err(Error::formatted(
                    crate::ErrorKind::InvalidArgument,
                    format_args!("{name} holds more than {MAX_TEXT_CHARS} characters"),
                ));
            }
            items.push(item);
        }
        Ok(Some(items))
    }

    /// The own property `key` as an object whose unknown keys do not matter.
    pub(crate) fn object(&self, key: &str, what: &'static str) -> Result<Option<Fields>, Error> {
        Fields::open(&self.get(key)?, what)
    }

    /// How a message names field `key`: `aiMove option "level"`, `move field "from"`.
    fn name(&self, key: &str) -> String {
        match self.what.strip_suffix(" options") {
            Some(call) => format!("{call} option {key:?}"),
            None => format!("{} field {key:?}", self.what),
        }
    }

    /// Every own property as a `(name, value)` pair, in the object's order: the entries of an
    /// object of free-form keys (headers), at most [`MAX_ENTRIES`] of them, each key at most
    /// [`MAX_TEXT_CHARS`] long. Symbol keys are refused.
    pub(crate) fn entries(&self) -> Result<Vec<(String, JsValue)>, Error> {
        let keys = Reflect::own_keys(&self.obj).map_err(|_| unreadable(self.what))?;
        if keys.length() > MAX_ENTRIES {
            return Err(Error::formatted(
                crate::ErrorKind::InvalidArgument,
                format_args!("{} has more than {MAX_ENTRIES} entries", self.what),
            ));
        }
        let mut entries = Vec::with_capacity(keys.length() as usize);
        for key in keys.iter() {
            let Some(text) = key.dyn_ref::<JsString>() else {
                return Err(Error::formatted(
                    crate::ErrorKind::InvalidArgument,
                    format_args!("{}: a key is a symbol", self.what),
                ));
            };
            if text.length() > MAX_TEXT_CHARS {
                return Err(Error::formatted(
                    crate::ErrorKind::InvalidArgument,
                    format_args!(
                        "{}: a key is longer than {MAX_TEXT_CHARS} characters",
                        self.what
                    ),
                ));
            }
            let name = key.as_string().unwrap_or_default();
            let value = self.get(&name)?;
            entries.push((name, value));
        }
        Ok(entries)
    }
}

fn unreadable(what: &str) -> Error {
    Error::formatted(
        crate::ErrorKind::InvalidArgument,
        format_args!("{what}: the object could not be read"),
    )
}

/// What `newGame` was asked for.
pub(crate) enum Start {
    /// A game of a known kind.
    New(NewGame),
    /// A two-player PGN whose `Variant` tag picks the game (no `variant` option given).
    Pgn { pgn: String, seed: u64 },
}

const NEW_GAME_KEYS: [&str; 9] = [
    "variant",
    "position",
    "fen",
    "pgn",
    "seed",
    "rules",
    "firstPlayer",
    "moveLimit",
    "enPassant",
];

/// Reads `newGame`'s options.
pub(crate) fn new_game(v: &JsValue) -> Result<Start, Error> {
    let Some(f) = Fields::options(v, "newGame options", &NEW_GAME_KEYS)? else {
        return Ok(Start::New(NewGame::default()));
    };
    let variant = f.string("variant")?;
    let seed = f.integer("seed", 0, MAX_SAFE_INTEGER)?.unwrap_or(0);
    let fen = f.string("fen")?;
    let pgn = f.string("pgn")?;
    let rules = f.string("rules")?;
    let first_player = f.string("firstPlayer")?;
    let move_limit = f.integer("moveLimit", 1, u64::from(MAX_MOVE_LIMIT))?;
    let en_passant = f.boolean("enPassant")?;
    let position = f.integer("position", 0, 959)?;
    let kind = GameKind::parse(
        variant
            .as_deref()
            .unwrap_or(GameKind::default().variant_name()),
        rules.as_deref(),
    )?;
    // Chess960's numbered start (0-959, 518 the usual one) is its FEN.
    let fen = match position {
        None => fen,
        Some(_) if kind != GameKind::Chess960 => {
            return Err(Error::formatted(
                crate::ErrorKind::InvalidArgument,
                format_args!(
                    "position is a Chess960 option (variant {:?})",
                    GameKind::Chess960.variant_name()
                ),
            ));
        }
        Some(_) if fen.is_some() || pgn.is_some() => {
            return Err(Error::invalid_argument(
                "give a Chess960 start as position, fen or pgn, not two of them",
            ));
        }
        Some(n) => Some(crate::two::chess960::start_fen(n as u16)?),
    };
    if kind.rules().is_none() && (first_player.is_some() || move_limit.is_some()) {
        return Err(Error::invalid_argument(crate::kind::FOUR_ONLY));
    }
    // With a PGN4 the preset comes from the PGN4; NewGame cannot tell a `rules` given from
    // the default one, so it is refused here.
    if kind.rules().is_some() && pgn.is_some() && rules.is_some() {
        return Err(Error::invalid_argument(
            "a PGN4 carries its own rules and start; drop rules, firstPlayer and moveLimit",
        ));
    }
    if let (None, Some(pgn), None) = (&variant, &pgn, &fen) {
        return Ok(Start::Pgn {
            pgn: pgn.clone(),
            seed,
        });
    }
    Ok(Start::New(NewGame {
        kind,
        fen,
        pgn,
        seed,
        first_player: first_player.map(|p| kind.parse_player(&p)).transpose()?,
        move_limit: move_limit.map(|n| n as u32),
        en_passant,
    }))
}

/// A move as `play` takes it: text (UCI, SAN, PGN4), or `{from, to, promotion?}` whose other
/// fields do not matter, so a `Move` returned by `legalMoves` or `aiMove` can be played as is.
pub(crate) enum MoveInput {
    Text(String),
    Squares {
        from: String,
        to: String,
        promotion: Option<Role>,
    },
}

/// Reads `play`'s argument. Anything that is not a move is an `illegal-move` error.
pub(crate) fn move_input(v: &JsValue) -> Result<MoveInput, Error> {
    if v.is_string() {
        return Ok(MoveInput::Text(opt_string(v, "move")?.unwrap_or_default()));
    }
    let not_a_move = || {
        Error::formatted(
            crate::ErrorKind::IllegalMove,
            format_args!(
                "a move must be a string like \"e2e4\" or \"Nf3\" or an object {{from, to, promotion?}}, got {}",
                describe(v)
            ),
        )
    };
    if absent(v) || !v.is_object() || js::is_array(v).unwrap_or(true) {
        return Err(not_a_move());
    }
    let f = Fields::open(v, "move")?.ok_or_else(not_a_move)?;
    let (Some(from), Some(to)) = (f.string("from")?, f.string("to")?) else {
        return Err(Error::illegal_move(
            "a move object needs \"from\" and \"to\" squares",
        ));
    };
    let promotion = match f.string("promotion")? {
        Some(p) => Role::parse_promotion(&p)?,
        None => None,
    };
    Ok(MoveInput::Squares {
        from,
        to,
        promotion,
    })
}

/// Reads an optional player argument (`resign`, `timeout`) of a game of `kind`.
pub(crate) fn player(v: &JsValue, kind: GameKind) -> Result<Option<Player>, Error> {
    opt_string(v, "player")?
        .map(|p| kind.parse_player(&p))
        .transpose()
}

/// The largest `timeMs` JavaScript may ask of `aiMove` and `analyse`: the search runs on the
/// calling thread (a page's worker at best), so it is held to seconds (issue 10, finding 6).
#[cfg(feature = "ai")]
pub(crate) const MAX_TIME_MS: u64 = 10_000;

/// The largest `nodes` JavaScript may ask of `aiMove`: a few seconds of search in
/// WebAssembly (docs/BENCHMARKS.md).
#[cfg(feature = "ai")]
pub(crate) const MAX_NODES: u64 = 500_000;

/// Reads `aiMove`'s options.
#[cfg(feature = "ai")]
pub(crate) fn ai_options(v: &JsValue) -> Result<crate::AiOptions, Error> {
    let mut opts = crate::AiOptions::default();
    if let Some(f) = Fields::options(v, "aiMove options", &["level", "timeMs", "nodes", "seed"])? {
        if let Some(level) = f.integer("level", 1, 8)? {
            opts.level = level as u8;
        }
        opts.time_ms = f.integer("timeMs", 1, MAX_TIME_MS)?;
        opts.nodes = f.integer("nodes", 1, MAX_NODES)?;
        opts.seed = f.integer("seed", 0, MAX_SAFE_INTEGER)?;
    }
    Ok(opts)
}

/// The deepest `depth` an `analyse` call accepts.
#[cfg(feature = "ai")]
pub(crate) const MAX_JS_DEPTH: u64 = 30;

/// Reads `analyse`'s options: the budget and seed of `aiMove`'s, no level (an analysis is
/// always at full strength), and its scope: `depth` and `multiPv`.
#[cfg(feature = "ai")]
pub(crate) fn analyse_options(
    v: &JsValue,
) -> Result<(crate::AiOptions, crate::AnalysisScope), Error> {
    let mut opts = crate::AiOptions::default();
    let mut scope = crate::AnalysisScope::default();
    let names = ["timeMs", "nodes", "seed", "depth", "multiPv"];
    if let Some(f) = Fields::options(v, "analyse options", &names)? {
        opts.time_ms = f.integer("timeMs", 1, MAX_TIME_MS)?;
        opts.nodes = f.integer("nodes", 1, MAX_NODES)?;
        opts.seed = f.integer("seed", 0, MAX_SAFE_INTEGER)?;
        scope.depth = f.integer("depth", 1, MAX_JS_DEPTH)?.map(|d| d as u32);
        let most = crate::ai::MAX_LINES as u64;
        scope.lines = f.integer("multiPv", 1, most)?.map(|n| n as usize);
    }
    // No call may block a page for long (the README's bounds): a depth alone still stops at
    // the longest time budget, and the answer's `depth` says how deep it got.
    if scope.depth.is_some() && opts.time_ms.is_none() && opts.nodes.is_none() {
        opts.time_ms = Some(MAX_TIME_MS);
    }
    Ok((opts, scope))
}

/// Header changes: a name and its text, or `None` to remove it.
pub(crate) type HeaderChanges = Vec<(String, Option<String>)>;

/// Reads an object of header names to text, or to `null` / `undefined` (`setHeaders`:
/// remove that header); `None` when `v` itself is absent.
pub(crate) fn headers(v: &JsValue, what: &'static str) -> Result<Option<HeaderChanges>, Error> {
    let Some(f) = Fields::open(v, what)? else {
        return Ok(None);
    };
    let entries = f.entries()?;
    let mut changes = Vec::with_capacity(entries.len());
    for (name, value) in entries {
        let value = opt_string(&value, &format!("header {name:?}"))?;
        changes.push((name, value));
    }
    Ok(Some(changes))
}

/// Reads a path of the move tree: an array of child indices (`[]` is the start).
pub(crate) fn path(v: &JsValue, what: &str) -> Result<Vec<usize>, Error> {
    let bad = || {
        Error::formatted(
            crate::ErrorKind::InvalidArgument,
            format_args!(
                "{what} must be a path: an array of child indices such as [0, 0, 1], got {}",
                describe(v)
            ),
        )
    };
    if !v.is_object() || !js::is_array(v).map_err(|_| bad())? {
        return Err(bad());
    }
    let max = crate::game::tree::MAX_NODES as u32;
    let len = js::array_length(v, max)
        .map_err(|_| bad())?
        .ok_or_else(bad)?;
    let mut path = Vec::with_capacity(len as usize);
    for i in 0..len {
        let item = Reflect::get_u32(v, i).map_err(|_| bad())?;
        path.push(
            opt_integer(&item, &format!("{what}[{i}]"), 0, u64::from(max))?
                .map(|n| n as usize)
                .ok_or_else(bad)?,
        );
    }
    Ok(path)
}

/// `pgn`'s options: `{variations, comments, clocks}`, each a boolean, all `true` by default.
pub(crate) fn pgn_options(v: &JsValue) -> Result<crate::game::PgnOptions, Error> {
    let mut opts = crate::game::PgnOptions::default();
    if let Some(f) = Fields::options(v, "pgn options", &["variations", "comments", "clocks"])? {
        for (key, slot) in [
            ("variations", &mut opts.variations),
            ("comments", &mut opts.comments),
            ("clocks", &mut opts.clocks),
        ] {
            let x = f.get(key)?;
            if absent(&x) {
                continue;
            }
            *slot = x.as_bool().ok_or_else(|| {
                Error::formatted(
                    crate::ErrorKind::InvalidArgument,
                    format_args!(
                        "pgn option {key:?} must be true or false, got {}",
                        describe(&x)
                    ),
                )
            })?;
        }
    }
    Ok(opts)
}

/// A field of `annotate`'s object: `None` when the key is absent (`undefined`), `Some(None)`
/// for `null` (remove it), else the value.
fn change(f: &Fields, key: &str) -> Result<Option<Option<JsValue>>, Error> {
    let v = f.get(key)?;
    Ok(if v.is_undefined() {
        None
    } else if v.is_null() {
        Some(None)
    } else {
        Some(Some(v))
    })
}

fn annotation_error(key: &str, expected: &str, v: &JsValue) -> Error {
    Error::formatted(
        crate::ErrorKind::InvalidArgument,
        format_args!(
            "annotate field {key:?} must be {expected} or null, got {}",
            describe(v)
        ),
    )
}

/// The items of the array `v` (at most `max`), for `annotate`'s lists.
fn items(v: &JsValue, key: &str, expected: &str, max: usize) -> Result<Vec<JsValue>, Error> {
    if !v.is_object() || !js::is_array(v).map_err(|_| annotation_error(key, expected, v))? {
        return Err(annotation_error(key, expected, v));
    }
    let len = js::array_length(v, max as u32)
        .map_err(|_| annotation_error(key, expected, v))?
        .ok_or_else(|| {
            Error::formatted(
                crate::ErrorKind::InvalidArgument,
                format_args!("annotate field {key:?} has more than {max} entries"),
            )
        })?;
    let mut items = Vec::with_capacity(len as usize);
    for i in 0..len {
        items.push(Reflect::get_u32(v, i).map_err(|_| annotation_error(key, expected, v))?);
    }
    Ok(items)
}

/// A colour letter of an arrow or highlight: one ASCII capital.
fn color(f: &Fields, key: &str) -> Result<char, Error> {
    let s = f.string("color")?.unwrap_or_default();
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_uppercase() => Ok(c),
        _ => Err(Error::formatted(
            crate::ErrorKind::InvalidArgument,
            format_args!(
                "annotate field {key:?}: a color is one capital letter such as \"G\", got {s:?}"
            ),
        )),
    }
}

/// Reads `annotate`'s changes (see [`crate::game::tree::Annotation`]); the tree checks
/// the values' ranges.
pub(crate) fn annotation(v: &JsValue) -> Result<crate::game::tree::Annotation, Error> {
    use crate::game::tree::{Annotation, Arrow, Eval, Highlight, MAX_NAGS, MAX_SHAPES, Score};
    const KNOWN: [&str; 7] = [
        "comment",
        "commentBefore",
        "nags",
        "clock",
        "eval",
        "arrows",
        "highlights",
    ];
    let mut a = Annotation::default();
    let Some(f) = Fields::options(v, "annotate options", &KNOWN)? else {
        return Err(Error::invalid_argument(
            "annotate needs a path and an object of changes, such as {comment: \"Good move\"}",
        ));
    };
    let text = |key: &str| -> Result<Option<Option<String>>, Error> {
        match change(&f, key)? {
            None => Ok(None),
            Some(None) => Ok(Some(None)),
            Some(Some(v)) => match opt_string(&v, &format!("annotate field {key:?}"))? {
                Some(s) => Ok(Some(Some(s))),
                None => Err(annotation_error(key, "a string", &v)),
            },
        }
    };
    a.comment = text("comment")?;
    a.comment_before = text("commentBefore")?;
    a.nags = match change(&f, "nags")? {
        None => None,
        Some(None) => Some(Vec::new()),
        Some(Some(v)) => {
            let expected = "an array of integers from 0 to 255";
            let mut nags = Vec::new();
            for (i, x) in items(&v, "nags", expected, MAX_NAGS * 4)?
                .iter()
                .enumerate()
            {
                nags.push(
                    opt_integer(x, &format!("annotate field \"nags\"[{i}]"), 0, 255)?
                        .map(|n| n as u8)
                        .ok_or_else(|| annotation_error("nags", expected, &v))?,
                );
            }
            Some(nags)
        }
    };
    a.clock = match change(&f, "clock")? {
        None => None,
        Some(None) => Some(None),
        Some(Some(v)) => Some(Some(
            opt_integer(
                &v,
                "annotate field \"clock\" (milliseconds)",
                0,
                crate::game::tree::MAX_CLOCK_MS,
            )?
            .unwrap_or_default(),
        )),
    };
    a.eval = match change(&f, "eval")? {
        None => None,
        Some(None) => Some(None),
        Some(Some(v)) => {
            let e = Fields::options(&v, "eval fields", &["cp", "mate", "depth"])?
                .ok_or_else(|| annotation_error("eval", "{cp} or {mate}, with depth?", &v))?;
            let signed = |key: &str, max: i64| -> Result<Option<i32>, Error> {
                let x = e.get(key)?;
                if absent(&x) {
                    return Ok(None);
                }
                match x.as_f64() {
                    Some(n) if n.fract() == 0.0 && n.abs() <= max as f64 => Ok(Some(n as i32)),
                    _ => Err(Error::formatted(
                        crate::ErrorKind::InvalidArgument,
                        format_args!(
                            "eval {key} must be an integer from -{max} to {max}, got {}",
                            describe(&x)
                        ),
                    )),
                }
            };
            let cp = signed("cp", i64::from(crate::game::tree::MAX_EVAL_CP))?;
            let mate = signed("mate", i64::from(crate::game::tree::MAX_EVAL_NUMBER))?;
            let score = match (cp, mate) {
                (Some(c), None) => Score::Cp(c),
                (None, Some(m)) => Score::Mate(m),
                _ => {
                    return Err(annotation_error(
                        "eval",
                        "{cp} or {mate} (one of them), with depth?",
                        &v,
                    ));
                }
            };
            let depth = e
                .integer("depth", 0, u64::from(crate::game::tree::MAX_EVAL_NUMBER))?
                .map(|d| d as u32);
            Some(Some(Eval { score, depth }))
        }
    };
    a.arrows = match change(&f, "arrows")? {
        None => None,
        Some(None) => Some(Vec::new()),
        Some(Some(v)) => {
            let expected = "an array of {color, from, to}";
            let mut arrows = Vec::new();
            for x in items(&v, "arrows", expected, MAX_SHAPES)?.iter() {
                let o = Fields::options(x, "arrow fields", &["color", "from", "to"])?
                    .ok_or_else(|| annotation_error("arrows", expected, &v))?;
                arrows.push(Arrow {
                    color: color(&o, "arrows")?,
                    from: o.string("from")?.unwrap_or_default(),
                    to: o.string("to")?.unwrap_or_default(),
                });
            }
            Some(arrows)
        }
    };
    a.highlights = match change(&f, "highlights")? {
        None => None,
        Some(None) => Some(Vec::new()),
        Some(Some(v)) => {
            let expected = "an array of {color, square}";
            let mut highlights = Vec::new();
            for x in items(&v, "highlights", expected, MAX_SHAPES)?.iter() {
                let o = Fields::options(x, "highlight fields", &["color", "square"])?
                    .ok_or_else(|| annotation_error("highlights", expected, &v))?;
                highlights.push(Highlight {
                    color: color(&o, "highlights")?,
                    square: o.string("square")?.unwrap_or_default(),
                });
            }
            Some(highlights)
        }
    };
    Ok(a)
}
