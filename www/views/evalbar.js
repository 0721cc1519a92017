// The analysis board's evaluation bar, beside the board. A file of its own because what a bar
// shows is a decision of its own (docs/ARCHITECTURE.md, "The analysis board"): two players,
// White's share of the expected score, with the score in pawns or the mate; four players, one
// bar per seat with its points, since the engine scores a four-player position only from the
// mover's side and a per-seat "win chance" would be a guess (the mover's bar carries the
// engine's figure).
import { t, getLang, seatName, oneDecimal } from "../i18n/index.js";
import { isFour } from "../games.js";
import { expected, scoreText } from "../evaluation.js";
import { $, swatch } from "./common.js";
import { an, pos, whiteScore } from "./analysis-state.js";

/** The share each bar's fill was given (its `transform`). */
const scales = new WeakMap();

/** Draws the bar (or the seats' bars) for engine answer `r` (null: none yet), whose scores
 * are from `mover`'s side. */
export function renderBars(r, mover) {
  const four = isFour(an.choice);
  const bar = $("an-evalbar");
  // (Set only where it differs: setting `hidden` to its own value still costs a style pass.)
  if (bar.hidden !== four) bar.hidden = four;
  if ($("an-bars").hidden === four) $("an-bars").hidden = !four;
  if (four) {
    const scores = pos().score;
    const top = Math.max(1, ...scores.map((s) => s.points ?? 0));
    // Drawn again only when what it shows changed (an answer often changes nothing here).
    const sig = JSON.stringify([scores, r && scoreText(r.score, oneDecimal), mover, getLang()]);
    if ($("an-bars").dataset.sig === sig) return;
    $("an-bars").dataset.sig = sig;
    $("an-bars").replaceChildren(
      ...scores.map((s) => {
        const row = document.createElement("div");
        row.className = `an-seatbar seat-${s.player}`;
        const label = document.createElement("span");
        label.append(swatch(s.player), seatName(s.player));
        const meter = document.createElement("meter");
        meter.min = 0;
        meter.max = top;
        meter.value = s.points ?? 0;
        meter.setAttribute("aria-label", seatName(s.player));
        const value = document.createElement("span");
        let text = t("points", { n: s.points ?? 0 });
        if (s.status && s.status !== "active") text += ` · ${t("anOut")}`;
        if (r && s.player === mover) text += ` · ${scoreText(r.score, oneDecimal)}`;
        value.textContent = text;
        row.append(label, meter, value);
        return row;
      }),
    );
    return;
  }
  let share = 0.5;
  let text = "";
  if (r) {
    const s = whiteScore(r.score, mover);
    share = expected(s);
    text = scoreText(s, oneDecimal);
  }
  const flipped = an.rot === 2;
  bar.classList.toggle("flipped", flipped);
  const scale = `scaleY(${share.toFixed(3)})`;
  const fill = bar.querySelector(".an-evalfill");
  // Compared with what was set, not read back (reading an inline transform serialises it).
  if (scales.get(fill) !== scale) {
    scales.set(fill, scale);
    fill.style.transform = scale;
  }
  const label = bar.querySelector(".an-evaltext");
  if (label.textContent !== text) {
    // The one text node changed in place (a new node would be styled afresh).
    if (label.firstChild) label.firstChild.data = text;
    else label.textContent = text;
  }
  const aria = r ? t("anEvalLabel", { eval: text }) : t("anEngine");
  if (bar.getAttribute("aria-label") !== aria) bar.setAttribute("aria-label", aria);
}
