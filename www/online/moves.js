// The move list of a room by rounds: two players `1. e4 e5`; four players one row per round,
// a cell per seat. The state's `san` says what was played but not by whom (a four-player seat
// that is out is skipped, Four Kingdoms adds the random moves of eliminated armies), so the
// movers come from replaying the room's moves with the package's engine, kept in step as the
// game grows; without the engine, seats are taken in turn.
import { newGame } from "../engine.js";

/** The replay of one room's moves, extended as new moves arrive. */
export class MoveRounds {
  /** `options`: the package's `newGame` options of the room's game; `order`: play order. */
  constructor(options, order) {
    this.options = options;
    this.order = order;
    this.game = null;
    this.movers = [];
    this.broken = false;
  }

  /** The seat that made each of `moves` (the state's `moves`, UCI or PGN4 text). */
  moversOf(moves) {
    if (moves.length < this.movers.length) this.reset();
    for (let i = this.movers.length; i < moves.length; i++) this.movers.push(this.next(moves[i]));
    return this.movers;
  }

  reset() {
    this.game?.free?.();
    this.game = null;
    this.movers = [];
    this.broken = false;
  }

  next(text) {
    const cyclic = () => {
      const prev = this.movers.at(-1);
      return this.order[prev === undefined ? 0 : (this.order.indexOf(prev) + 1) % this.order.length];
    };
    if (this.broken) return cyclic();
    try {
      this.game ??= newGame(this.options);
      const turn = this.game.status().turn;
      if (text === "R") this.game.resign(turn);
      else if (text === "T") this.game.flag(turn);
      else this.game.play(text);
      return this.game.history().at(-1)?.player ?? turn;
    } catch {
      // A history the engine does not replay alone (random moves it did not draw): from here
      // on the seats are taken in turn.
      this.broken = true;
      this.game?.free?.();
      this.game = null;
      return cyclic();
    }
  }

  free() {
    this.reset();
  }
}

/**
 * Rounds of moves: `[{n, cells}]` where two-player `cells` are `[white, black]` texts and
 * four-player `cells` hold a text per seat of `order` (`""` for none). A new round starts when
 * a seat moves that is not after the previous mover in play order.
 */
export function rounds(texts, movers, order) {
  const out = [];
  let lastIdx = Infinity;
  for (let i = 0; i < texts.length; i++) {
    const idx = Math.max(0, order.indexOf(movers[i]));
    if (!out.length || idx <= lastIdx) out.push({ n: out.length + 1, cells: order.map(() => "") });
    out.at(-1).cells[idx] = texts[i];
    lastIdx = idx;
  }
  return out;
}
