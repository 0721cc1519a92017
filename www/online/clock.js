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
