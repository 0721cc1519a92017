// Clock texts and the time controls the create form offers (R11.1).

/** The usual controls, `[minutes, increment seconds]`, as lichess and chess.com offer them. */
export const CONTROLS = [
  [1, 0],
  [3, 0],
  [3, 2],
  [5, 3],
  [10, 0],
  [15, 10],
  [30, 0],
];

/** `3+2` for `{initial: 180, increment: 2}` (`0.5+0` for 30 s). */
export const controlText = (c) => `${c.initial / 60}+${c.increment}`;

/**
 * A remaining time as a clock shows it: `h:mm:ss` from an hour, `m:ss` below, and `s.t`
 * (tenths) under 10 s, as chess sites do when every tenth counts.
 */
export function clockText(ms) {
  const v = Math.max(0, ms);
  if (v < 10000) {
    const tenths = Math.floor(v / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const total = Math.floor(v / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** The seconds of a `TimeControl` tag's initial time (`180+2` → 180), or null. */
function initialOf(tag) {
  const m = /^(\d+(?:\.\d+)?)(?:\+\d+(?:\.\d+)?)?$/.exec(String(tag ?? "").trim());
  return m ? Number(m[1]) : null;
}

/**
 * What a record's clocks (its `[%clk]`, R11.6) say after each ply of the main line, for a
 * replay to show them as they stood: `at(ply)` answers `{seat: ms}` for every seat whose clock
 * is known then (the clock written after the seat's own latest move; before its first move,
 * the `TimeControl` tag's initial time). `game` is the package's Game, read once: a game
 * that grows asks again. Null when no move of
 * the record carries a clock.
 */
export function recordedClocks(game) {
  const history = game.history();
  const marks = [];
  for (let node = game.tree().children[0], i = 0; node; node = node.children[0], i++) marks.push({ player: history[i]?.player ?? node.player, clock: node.clock });
  if (!marks.some((m) => typeof m.clock === "number")) return null;
  const initial = initialOf(game.headers().TimeControl);
  const seats = [...new Set(marks.map((m) => m.player))];
  return {
    plies: marks.length,
    /** `players`: the game's seats (a seat that never moved is known by the initial time). */
    at(ply, players = seats) {
      const out = {};
      if (initial !== null) for (const s of players) out[s] = initial * 1000;
      for (let i = 0; i < Math.min(ply, marks.length); i++) if (typeof marks[i].clock === "number") out[marks[i].player] = marks[i].clock;
      return out;
    },
  };
}
