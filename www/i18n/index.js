// Strings for the demo in English, Spanish and Italian. The language comes from the browser
// (navigator.languages) until the player picks one with the switch; the choice is remembered.
//
// `t(key, params)` fills `{name}` placeholders. Seats are passed as ids (`{seat: "white"}`):
// `{seat}` becomes the language's phrase for that player as a sentence subject ("las blancas",
// "il Rosso") and `{Seat}` the same with a capital. Where a language treats a seat as plural
// (Spanish "las blancas"), the key's `.pl` variant is used, so verbs agree ("Ganan las negras",
// "Gana Verde").
//
// A text that depends on a count is an object of plural forms, `{one: "{n} point", other:
// "{n} points"}`: `t(key, {n})` picks the form `Intl.PluralRules` gives for `n` in the page's
// language, so no language shows "1 points".
import en from "./en.js";
import es from "./es.js";
import it from "./it.js";

export const LANGS = ["en", "es", "it"];
const STRINGS = { en, es, it };

/** The page's language ("en", "es" or "it"). */
const current = { lang: pickLanguage() };

/** The saved choice, else the first of the browser's languages we have, else English. */
export function pickLanguage(saved = readSaved(), prefs = navigator.languages ?? [navigator.language]) {
  if (LANGS.includes(saved)) return saved;
  for (const l of prefs) {
    const base = String(l).slice(0, 2).toLowerCase();
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

function readSaved() {
  try {
    return localStorage.getItem("tablero.lang");
  } catch {
    return null;
  }
}

export const getLang = () => current.lang;

export function setLang(next) {
  if (!LANGS.includes(next)) return;
  current.lang = next;
  try {
    localStorage.setItem("tablero.lang", next);
  } catch {
    /* storage may be blocked */
  }
  document.documentElement.lang = next;
}

/** The BCP 47 locale for dates and numbers. */
export const locale = () => ({ en: "en-GB", es: "es-ES", it: "it-IT" })[current.lang];

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const lookup = (key) => STRINGS[current.lang][key] ?? STRINGS.en[key];

/** Does every language have a text for `key`? */
export const hasText = (key) => LANGS.every((l) => STRINGS[l][key] !== undefined);

/** A seat's name as a label ("White", "Blancas", "Bianco"). */
export const seatName = (seat) => lookup("s_" + seat) ?? seat;
/** A seat as a sentence subject ("White", "las blancas", "il Bianco"). */
export const seatSubject = (seat) => lookup("sp_" + seat) ?? seatName(seat);

/** Several seats as a list: "Red, Blue and Green". */
export function seatList(seats) {
  const names = seats.map(seatName);
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${lookup("and")} ${names.at(-1)}`;
}

/** The plural form of `forms` for the count `n` ("one", "other", ...; "other" if missing). */
const rules = new Map();
function plural(forms, n) {
  const tag = locale();
  if (!rules.has(tag)) rules.set(tag, new Intl.PluralRules(tag));
  const rule = rules.get(tag).select(Number(n));
  return forms[rule] ?? forms.other;
}

export function t(key, params = {}) {
  let s;
  if (params.seat && STRINGS[current.lang]["plural_" + params.seat]) s = lookup(key + ".pl");
  s ??= lookup(key) ?? key;
  if (typeof s === "object") s = plural(s, params.n ?? 0);
  for (const [k, v] of Object.entries(params)) {
    if (k === "seat") {
      s = s.replaceAll("{seat}", seatSubject(v)).replaceAll("{Seat}", cap(seatSubject(v)));
    } else s = s.replaceAll(`{${k}}`, String(v));
  }
  return s;
}

/** A number with one decimal in the page's language ("1.5", "1,5"): the scores of the hint,
 * the engine's lines and the evaluation bar, in pawns. Not `Intl.NumberFormat`: making the
 * first one in a page took some 20 ms of the page's thread (80 ms slowed 4×), in the task that
 * drew the analysis board's first answer (docs/BENCHMARKS.md, "Demo: main-thread tasks during
 * analysis"); the page's languages differ only in the decimal mark for these numbers (under
 * 1 000, no grouping). */
export function oneDecimal(x) {
  const text = x.toFixed(1);
  const mark = lookup("decimalMark") ?? ".";
  return mark === "." ? text : text.replace(".", mark);
}

/** Translates `prefix + code`, else the code with dashes as spaces. */
export function tr(prefix, code) {
  return lookup(prefix + code) ?? String(code).replaceAll("-", " ");
}

/**
 * What a failed call means, in the page's language: the engine's errors carry a stable `code`
 * (README "Errors"), read through `err_<code>`; an error without a known code keeps its message.
 */
export function errorText(e) {
  const code = e?.code;
  if (code && hasText("err_" + code)) return t("err_" + code);
  return String(e?.message ?? e);
}

/** "1st", "1.º", "1º"; `shared` marks a place held by more than one player. */
export function place(n, shared = false) {
  const { lang } = current;
  const p = lang === "en" ? n + ({ 1: "st", 2: "nd", 3: "rd" }[n] ?? "th") : lang === "es" ? `${n}.º` : `${n}º`;
  return shared ? t("placeShared", { place: p }) : p;
}

/** The short rules shown on the home page. */
export const summary = (choice) => STRINGS[current.lang].summary[choice] ?? [];
/** The full rules page: [{title, items: [string]}]. */
export const rulesPage = (choice) => STRINGS[current.lang].rulesPages[choice] ?? [];

/** Applies translations to static markup: data-i18n (text), -label (aria-label), -title. */
export function translateDom(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  for (const node of root.querySelectorAll("[data-i18n-title]")) node.title = t(node.dataset.i18nTitle);
}
