// Small pieces shared by the views: the banner, the confirm and promotion dialogs, dates,
// seat controls.
import { t, locale } from "../i18n/index.js";
import { ICONS } from "../icons.js";
import { GLYPH, letter, pieceOf } from "../pieces.js";
import { levelRating } from "../levels.js";

export const $ = (id) => document.getElementById(id);

export function showBanner(text, kind = "error") {
  $("banner-text").textContent = text;
  $("banner").dataset.kind = kind;
  $("banner").hidden = false;
}
export function hideBanner(kind) {
  if (!kind || $("banner").dataset.kind === kind) $("banner").hidden = true;
}

export function confirmDialog(text) {
  const d = $("confirm");
  $("confirm-text").textContent = text;
  d.returnValue = "";
  d.showModal();
  return new Promise((resolve) => d.addEventListener("close", () => resolve(d.returnValue === "yes"), { once: true }));
}

/**
 * The move a person meant among the board's `moves` from one square to another: the only one,
 * the game's only promotion (four players: always a queen, R5.8), or the piece chosen in the
 * promotion dialog. `promotions` are the game's promotion letters (`facts.promotions`).
 * Resolves with null when the dialog was closed without a choice.
 */
export async function pickMove(moves, promotions) {
  if (moves.length < 2) return moves[0] ?? null;
  if (promotions?.length === 1) return moves.find((m) => letter(m.promotion) === promotions[0]) ?? moves[0];
  return askPromotion(moves, promotions);
}

/** The promotion dialog: one button per piece among `moves` (and `promotions`, if given). */
function askPromotion(moves, promotions) {
  const d = $("promotion");
  const byLetter = new Map(moves.map((m) => [letter(m.promotion), m]));
  for (const b of d.querySelectorAll(".promo-choices button")) {
    b.textContent = GLYPH[pieceOf(b.value)] + "\uFE0E";
    b.className = `promo ${moves[0].player}`;
    b.hidden = !byLetter.has(b.value) || (promotions ? !promotions.includes(b.value) : false);
  }
  d.returnValue = "";
  d.showModal();
  return new Promise((resolve) => d.addEventListener("close", () => resolve(byLetter.get(d.returnValue) ?? null), { once: true }));
}

export function fmtDate(ms) {
  try {
    return new Date(ms).toLocaleString(locale(), { dateStyle: "medium", timeStyle: "short" });
  } catch {
    return new Date(ms).toISOString();
  }
}

/** A count of history entries as players count moves: moves by each side for two players
 * ("3 moves" after 1. e4 e5 2. Nf3 e6 3. d4 is 5 entries), every player's moves together for four. */
export function movesText(plies, players) {
  return players === 2 ? t("movesN", { n: Math.ceil(plies / 2) }) : t("movesAllN", { n: plies });
}

export function controllerText(c) {
  return c?.type === "ai" ? `${t("computer")} (${t("levelN", { n: c.level })})` : t("person");
}

export function swatch(seat) {
  const s = document.createElement("span");
  s.className = `swatch ${seat}`;
  s.setAttribute("aria-hidden", "true");
  return s;
}

export function icon(name) {
  const s = document.createElement("span");
  s.className = "icon-wrap";
  s.innerHTML = ICONS[name];
  return s;
}

export function button(text, onClick, cls) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  if (cls) b.className = cls;
  b.addEventListener("click", onClick);
  return b;
}

/** A person / computer-level picker for a seat; a level measured in `game` shows its rating
 * ("Computer — Level 4 · about 1950"). */
export function controllerSelect(current, onChange, label, short = false, game = null) {
  const sel = document.createElement("select");
  sel.setAttribute("aria-label", label);
  sel.add(new Option(t("person"), "human"));
  for (let l = 1; l <= 8; l++) {
    const text = short ? `${t("computer")} ${l}` : `${t("computer")} — ${t("level")} ${l}`;
    const elo = levelRating(game, l);
    sel.add(new Option(elo ? t("levelAbout", { level: text, elo }) : text, `ai${l}`));
  }
  sel.value = current?.type === "ai" ? `ai${current.level}` : "human";
  sel.addEventListener("change", () => {
    const v = sel.value;
    onChange(v === "human" ? { type: "human", level: current?.level ?? 3 } : { type: "ai", level: Number(v.slice(2)) });
  });
  return sel;
}
