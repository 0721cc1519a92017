// tablero-chess: the package's entry module. It re-exports wasm-bindgen's generated glue
// (tablero_glue.js) and adds what the glue cannot say by itself:
//
// - lifecycle errors with codes: a call before init() throws `not-initialized` ("call init()
//   first") instead of "Cannot read properties of undefined"; a call on a freed game, a
//   second free() and `new Game()` throw `freed` / `invalid-argument` instead of "null
//   pointer passed to rust";
// - every error the API throws is a `TableroError` (an Error with a stable `code`).
//
// The glue's methods are wrapped in place on Game.prototype, so games made by the glue itself
// (newGame, Game.fromJSON, the worker) are the same objects with the same class. The cost is
// one property read and one extra call per method (docs/BENCHMARKS.md, "boundary").

import glueInit, * as glue from "./tablero_glue.js";

/** An error thrown by tablero: an `Error` whose `code` is one of the stable codes. */
export class TableroError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}
Object.defineProperty(TableroError.prototype, "name", { value: "TableroError", configurable: true, writable: true });

let ready = false;

/**
 * Loads the wasm module. In browsers and bundlers it fetches `tablero_bg.wasm` next to this
 * file; elsewhere pass `{module_or_path}`: its bytes, a `WebAssembly.Module`, a URL or a
 * `Response`. Resolves once the API can be used; later calls resolve at once.
 */
export default async function init(input) {
  const exports = await glueInit(input);
  ready = true;
  return exports;
}

/** Like `init`, synchronously, from `{module}`: the wasm bytes or a compiled `WebAssembly.Module`. */
export function initSync(input) {
  const exports = glue.initSync(input);
  ready = true;
  return exports;
}

const notInitialized = (what) =>
  new TableroError(
    "not-initialized",
    `${what} was called before the wasm module was loaded: call init() first (await init(), or initSync({module}) in Node)`,
  );

const freed = (what, noun = "game") =>
  new TableroError(
    "freed",
    what === "free"
      ? `this ${noun} was already freed: free() releases a ${noun} once`
      : noun === "game"
        ? `this game was freed: ${what} cannot be used after free() (make a new one with newGame() or Game.fromJSON())`
        : `this ${noun} was freed: ${what} cannot be used after free() (make a new one with setup())`,
  );

// Errors thrown by the Rust side are plain Errors with a `code`: make them TableroErrors
// without copying. `at` is the API function the caller called: the stack is captured again from
// the caller's frame, so an uncaught error shows the caller's line (Node prints the source
// line where the error was made, which was the one-line minified glue: 11.7 KB of stderr).
function adopt(e, at) {
  if (e instanceof Error && typeof e.code === "string") {
    if (!(e instanceof TableroError)) Object.setPrototypeOf(e, TableroError.prototype);
    if (at && Error.captureStackTrace) Error.captureStackTrace(e, at);
  }
  return e;
}

const Glue = glue.Game;
const proto = Glue.prototype;

const badArgument = (message) => new TableroError("invalid-argument", message);

// legalMoves(from?) or legalMoves({from?, format?}): the options object is read here (own
// keys only, unknown keys refused, as the Rust side reads options) because the cheap UCI form
// is a different export.
function legalMovesOptions(options) {
  let from;
  let format = "object";
  // A Proxy or a throwing getter must fail like the Rust side's reads do: with a code.
  let entries;
  try {
    entries = Reflect.ownKeys(options).map((key) => [key, Reflect.getOwnPropertyDescriptor(options, key) && options[key]]);
  } catch {
    throw badArgument("legalMoves options: the object could not be read");
  }
  for (const [key, value] of entries) {
    if (key === "from") from = value ?? undefined;
    else if (key === "format") format = value ?? "object";
    else throw badArgument(`unknown legalMoves option ${typeof key === "symbol" ? "(a symbol)" : JSON.stringify(key)} (expected from, format)`);
  }
  if (format !== "object" && format !== "uci") {
    throw badArgument(`legalMoves format must be "object" or "uci", got ${typeof format === "string" ? JSON.stringify(format) : typeof format}`);
  }
  return [from, format];
}

const glueLegalMovesUci = proto.legalMovesUci;
const splitUci = (text) => (text === "" ? [] : text.split(" "));

// The object form of legalMoves comes from the packed text of `__legalMovesPacked` (one line
// per move, tab-separated fields: src/json.rs, moves_packed) rather than JSON.parse, which
// cost more than generating the moves. Object and array literals define their properties as
// JSON.parse does, so no setter on Object.prototype runs (issue 10); the keys are in the
// order of the JSON form.
const gluePackedMoves = proto.__legalMovesPacked;
const unpackMoves = (text) => (text === "" ? [] : text.split("\n").map(unpackMove));
function unpackMove(line) {
  const f = line.split("\t");
  const checks = f[10] === "" ? [] : f[10].split(",");
  const extra = f[12] === "" ? null : JSON.parse(f[12]);
  const scoring = extra ? extra[0] : [];
  const eliminated = extra ? extra[1] : [];
  const check = f[9] === "1";
  const points = +f[11];
  if (f[4] === "") {
    return f[8] === ""
      ? { player: f[0], kind: f[1], from: f[2], to: f[3], uci: f[5], san: f[6], piece: f[7], check, checks, points, scoring, eliminated }
      : { player: f[0], kind: f[1], from: f[2], to: f[3], uci: f[5], san: f[6], piece: f[7], captured: f[8], check, checks, points, scoring, eliminated };
  }
  return f[8] === ""
    ? { player: f[0], kind: f[1], from: f[2], to: f[3], promotion: f[4], uci: f[5], san: f[6], piece: f[7], check, checks, points, scoring, eliminated }
    : { player: f[0], kind: f[1], from: f[2], to: f[3], promotion: f[4], uci: f[5], san: f[6], piece: f[7], captured: f[8], check, checks, points, scoring, eliminated };
}

// tree() nests the flat list of `__treeFlat` (src/json.rs, TreeJson: the root, then
// `[parent, move, notes]` in preorder) into `{fen, comment?, children}` nodes, iteratively:
// no JSON or recursion as deep as the game is long. Object literals and spreads define their
// properties, so no setter on Object.prototype runs (issue 10).
const glueTreeFlat = proto.__treeFlat;
function nestTree(flat) {
  const root = { ...flat[0], children: [] };
  const nodes = [root];
  for (let i = 1; i < flat.length; i++) {
    const [p, move, notes] = flat[i];
    const parent = nodes[p];
    const path = p === 0 ? [parent.children.length] : [...parent.path, parent.children.length];
    const node = { ...move, path, ...notes, children: [] };
    parent.children.push(node);
    nodes.push(node);
  }
  return root;
}

// Methods whose answer js/tablero.js reshapes: `f` is the glue's method.
const special = {
  tree: () =>
    function tree() {
      return nestTree(glueTreeFlat.call(this));
    },
  legalMovesUci: (f) =>
    function legalMovesUci(from) {
      return splitUci(f.call(this, from));
    },
  legalMoves: () =>
    function legalMoves(arg) {
      if (arg !== null && typeof arg === "object") {
        const [from, format] = legalMovesOptions(arg);
        return format === "uci" ? splitUci(glueLegalMovesUci.call(this, from)) : unpackMoves(gluePackedMoves.call(this, from));
      }
      return unpackMoves(gluePackedMoves.call(this, arg));
    },
};

// tree() and pgn() have no glue method of their own (pgn's is `__pgn`, so that Rust callers
// of the wasm Game keep `pgn()`): defined here, wrapClass gives them every method's checks.
const gluePgn = proto.__pgn;
special.pgn = () =>
  function pgn(options) {
    return gluePgn.call(this, options);
  };
for (const name of ["tree", "pgn"]) {
  Object.defineProperty(proto, name, { value: special[name](), writable: true, configurable: true });
}

// Wraps the glue's methods, getters and setters of a class in place: lifecycle errors first,
// the Rust side's errors adopted as TableroErrors. `noun` names the object in messages.
function wrapClass(proto, special, noun) {
  for (const name of Object.getOwnPropertyNames(proto)) {
    if (name === "constructor" || name.startsWith("__")) continue;
    const desc = Object.getOwnPropertyDescriptor(proto, name);
    if (typeof desc.value === "function") {
      const f = special[name] ? special[name](desc.value) : desc.value;
      const m =
        name === "free"
          ? function free() {
              if (!this.__wbg_ptr) throw adopt(freed("free", noun), m);
              f.call(this);
            }
          : {
              // A method keeps its name (stack traces, devtools) through the computed key.
              [name](a, b) {
                if (!this.__wbg_ptr) throw adopt(freed(`${name}()`, noun), m);
                try {
                  return f.call(this, a, b);
                } catch (e) {
                  throw adopt(e, m);
                }
              },
            }[name];
      desc.value = m;
    } else if (desc.get) {
      const get = desc.get;
      desc.get = function getter() {
        if (!this.__wbg_ptr) throw adopt(freed(name, noun), getter);
        return get.call(this);
      };
      if (desc.set) {
        const set = desc.set;
        desc.set = function setter(v) {
          if (!this.__wbg_ptr) throw adopt(freed(name, noun), setter);
          try {
            set.call(this, v);
          } catch (e) {
            throw adopt(e, setter);
          }
        };
      }
    }
    Object.defineProperty(proto, name, desc);
  }
  if (typeof Symbol.dispose === "symbol") {
    // `using game = newGame()` frees at scope end; an object freed by hand is left alone there.
    proto[Symbol.dispose] = function () {
      if (this.__wbg_ptr) proto.free.call(this);
    };
  }
}
wrapClass(proto, special, "game");
wrapClass(glue.Setup.prototype, {}, "setup");

const glueFromJSON = Glue.fromJSON;
Glue.fromJSON = function fromJSON(saved) {
  if (!ready) throw adopt(notInitialized("Game.fromJSON()"), fromJSON);
  try {
    return glueFromJSON.call(Glue, saved);
  } catch (e) {
    throw adopt(e, fromJSON);
  }
};

/**
 * The game class. Games come from `newGame()` or `Game.fromJSON()`; `new Game()` throws
 * (there is nothing a bare constructor could start from).
 */
export const Game = new Proxy(Glue, {
  construct() {
    throw new TableroError(
      "invalid-argument",
      "new Game() is not how games are made: use newGame(options) or Game.fromJSON(saved)",
    );
  },
});

/** Creates a game (see tablero.d.ts for the options). */
export function newGame(options) {
  if (!ready) throw adopt(notInitialized("newGame()"), newGame);
  try {
    return glue.newGame(options);
  } catch (e) {
    throw adopt(e, newGame);
  }
}

/** Splits a text of several PGN / PGN4 games into one text per game (see tablero.d.ts). */
export function splitPgn(text) {
  if (!ready) throw adopt(notInitialized("splitPgn()"), splitPgn);
  try {
    return glue.splitPgn(text);
  } catch (e) {
    throw adopt(e, splitPgn);
  }
}

/** Every game the package knows, in the order pages list them (see tablero.d.ts). */
export function games() {
  if (!ready) throw adopt(notInitialized("games()"), games);
  return glue.games();
}

/** Whether a FEN / FEN4 can start a game, and why not (see tablero.d.ts). */
export function validateFen(text, options) {
  if (!ready) throw adopt(notInitialized("validateFen()"), validateFen);
  try {
    return glue.validateFen(text, options);
  } catch (e) {
    throw adopt(e, validateFen);
  }
}

/** An editable position (see tablero.d.ts). */
export function setup(options) {
  if (!ready) throw adopt(notInitialized("setup()"), setup);
  try {
    return glue.setup(options);
  } catch (e) {
    throw adopt(e, setup);
  }
}

/** The position editor's class. Setups come from `setup()`; `new Setup()` throws. */
export const Setup = new Proxy(glue.Setup, {
  construct() {
    throw new TableroError("invalid-argument", "new Setup() is not how setups are made: use setup(options)");
  },
});

const TWO_PLAYERS = ["white", "black"];

/** Whether `game` is a two-player game (a type guard in tablero.d.ts). */
export function isTwoPlayer(game) {
  return TWO_PLAYERS.includes(game.players[0]);
}

/** Whether `game` is a four-player game (a type guard in tablero.d.ts). */
export function isFourPlayer(game) {
  return !isTwoPlayer(game);
}
