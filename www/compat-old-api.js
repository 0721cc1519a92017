// TEMPORARY bridge (delete when `contract-landed` is merged): presents the engine built from
// the old API in the shapes of /work/notes/contract.md, so the app is written once, against
// the new ones. Only what the app uses is covered.
import init, { newGame as rawNew, Game as RawGame } from "../pkg/tablero.js";

export default init;

const FOUR_ORDER = { ffa: ["red", "blue", "yellow", "green"], kingdoms: ["red", "green", "yellow", "blue"] };
const other = (p) => (p === "white" ? "black" : "white");

function move2(m) {
  if (!m) return m;
  return { ...m, kind: "move", checks: m.check ? [other(m.player)] : [], points: 0, scoring: [], eliminated: [] };
}
function move4(m) {
  if (!m) return m;
  return { ...m, kind: m.kind ?? "move" };
}

class Game {
  constructor(raw) {
    this.raw = raw;
    this.four = raw.variant === "fourplayer";
  }
  static fromJSON(saved) {
    return new Game(RawGame.fromJSON(saved));
  }
  get variant() {
    return this.raw.variant;
  }
  get rules() {
    return this.raw.rules;
  }
  get seed() {
    return this.raw.seed;
  }
  get players() {
    return this.four ? [...FOUR_ORDER[this.raw.rules ?? "ffa"]] : ["white", "black"];
  }
  get facts() {
    const v = this.raw.variant;
    const four = this.four;
    return {
      files: four ? 14 : 8,
      ranks: four ? 14 : 8,
      hill: v === "kingofthehill" ? ["d4", "e4", "d5", "e5"] : [],
      finishRank: v === "racingkings" ? 8 : null,
      promotions: four ? ["q"] : ["q", "r", "b", "n"],
      claimableDraws: !four,
      countsChecks: v === "3check",
      points: four,
    };
  }
  get ply() {
    return this.raw.history().length;
  }
  mv(m) {
    return this.four ? move4(m) : move2(m);
  }
  legalMoves(from) {
    return this.raw.legalMoves(from).map((m) => this.mv(m));
  }
  play(input) {
    return this.mv(this.raw.play(input));
  }
  undo() {
    const m = this.raw.undo();
    return m === undefined ? undefined : this.mv(m);
  }
  history() {
    return this.raw.history().map((m) => this.mv(m));
  }
  score() {
    const s = this.raw.score();
    if (this.four) return s;
    const st = this.raw.status();
    const three = this.raw.variant === "3check";
    return s.map((x) => {
      const out = { player: x.player, points: 0 };
      if (three) out.checks = x.checks;
      if (st.over) {
        const w = st.result?.winner;
        out.points = !w ? 0.5 : w === x.player ? 1 : 0;
        out.place = !w || w === x.player ? 1 : 2;
      }
      return out;
    });
  }
  status() {
    const st = this.raw.status();
    if (this.four) {
      return { ...st, canClaimDraw: false, ...(st.result ? { result: { ...st.result, scores: st.result.scores ?? this.raw.score() } } : {}) };
    }
    const out = { turn: st.over ? null : st.turn, inCheck: st.inCheck ? [st.turn] : [], over: st.over, canClaimDraw: st.canClaimDraw };
    if (st.result) out.result = { winners: st.result.winner ? [st.result.winner] : [], reason: st.result.reason, scores: this.score() };
    return out;
  }
  board() {
    return this.raw.board();
  }
  positionAt(ply) {
    const g = RawGame.fromJSON(this.raw.toJSON());
    try {
      let guard = 10000;
      while (g.history().length > ply && guard--) g.undo();
      const h = g.history();
      const last = h[h.length - 1];
      const st = g.status();
      return { ply, fen: g.fen(), turn: st.turn ?? null, board: g.board(), ...(last ? { lastMove: this.mv(last) } : {}) };
    } finally {
      g.free();
    }
  }
  fen() {
    return this.raw.fen();
  }
  pgn() {
    return this.raw.pgn();
  }
  claimDraw() {
    return this.raw.claimDraw();
  }
  resign(p) {
    return this.raw.resign(p);
  }
  timeout(p) {
    return this.raw.timeout(p);
  }
  toJSON() {
    return this.raw.toJSON();
  }
  free() {
    this.raw.free();
  }
}

export function newGame(options) {
  return new Game(rawNew(options));
}
export { Game };
