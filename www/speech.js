// Moves in the page's language, for people who play without sight: typed moves with the
// language's piece letters (Spanish and Italian R D T A C, English K Q R B N) read into what the
// engine takes, and moves said in words ("caballo toma f7, jaque") for the live region.
import { t } from "./i18n/index.js";

/** The engine's (English) piece letters, in the order of the i18n key `pieceLetters`. */
const ENGINE = "KQRBN";
const NAMES = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight" };

/** The page language's piece letters: king, queen, rook, bishop, knight ("RDTAC" in Spanish). */
const local = () => t("pieceLetters");

/** The engine's letter of a piece letter typed in the page's language, or null. Only capitals
 * are piece letters: "cxd5" is a pawn's capture, "Cxd5" a Spanish knight's. */
function engineLetter(ch) {
  const i = ch === ch.toUpperCase() ? local().indexOf(ch) : -1;
  return i < 0 ? null : ENGINE[i];
}

/**
 * What `game.play` may take for a typed move, best reading first: the text as the page's
 * language writes it ("Cf3", "exd8=D", four players "Ce1-f3") with its letters made the
 * engine's, then the text as typed (UCI "g1f3", castling "O-O", "Nf3" on a Spanish page). A
 * text that starts with one of the language's piece letters is read that way only: Spanish
 * "Re2" is the king's move, never a rook's.
 */
export function readings(text) {
  const raw = String(text).trim().replace(/0-0-0/g, "O-O-O").replace(/0-0/g, "O-O");
  if (!raw) return [];
  if (/^[a-n]\d/.test(raw) || raw.startsWith("O-O")) return [...new Set([localPromotion(raw), raw])];
  const lead = engineLetter(raw[0]);
  return lead ? [lead + localPromotion(raw.slice(1))] : [raw];
}

/** "=D" (a queen in Spanish) as the engine writes it, "=Q"; a four-player capture's piece
 * letter too ("Dg1xDn8" → "Qg1xQn8"). */
function localPromotion(s) {
  return s
    .replace(/=([A-Za-z])/, (m, ch) => `=${engineLetter(ch.toUpperCase()) ?? ch.toUpperCase()}`)
    .replace(/^([a-n]\d{1,2}x)([A-Z])/, (m, head, ch) => head + (engineLetter(ch) ?? ch));
}

/** A SAN (or PGN4 move text) with the page language's piece letters: "Nf3" → "Cf3". */
export function localSan(san) {
  const letters = local();
  const swap = (ch) => {
    const i = ENGINE.indexOf(ch);
    return i < 0 ? ch : letters[i];
  };
  return String(san)
    .replace(/^[KQRBN]/, swap)
    .replace(/=([QRBN])/, (m, ch) => `=${swap(ch)}`)
    .replace(/^([KQRBN]?[a-n]\d{1,2}[-x])([KQRBN])/, (m, a, ch) => a + swap(ch));
}

/**
 * A move said in words, in the page's language: "knight to f3", "bishop takes f7, check",
 * "castles kingside", "pawn to e8, promotes to queen, checkmate". `m` is the package's Move.
 */
export function sayMove(m) {
  if (!m?.from) return m?.san ?? "";
  const piece = t("p_" + (m.piece || "pawn"));
  let s;
  if (m.san?.startsWith("O-O-O")) s = t("sayCastleLong");
  else if (m.san?.startsWith("O-O")) s = t("sayCastleShort");
  else s = t(m.captured ? "sayCapture" : "sayMove", { piece, square: m.to });
  if (m.promotion) s += t("sayPromote", { piece: t("p_" + (NAMES[m.promotion.toUpperCase()] ?? m.promotion)) });
  if (m.san?.includes("#")) s += t("sayMate");
  else if (m.check) s += t("sayCheck");
  return s;
}
