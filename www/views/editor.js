// The board editor (`#/editor?game=…&fen=…`): any position of a two-player game or of the
// cross board, on the package's `setup()`. A palette puts pieces (click a piece, then squares;
// or drag it onto the board); the hand tool moves pieces on the board (drag, or Enter on a
// piece and Enter on its square); the eraser empties squares. The side panel sets who moves,
// castling, en passant, the checks left (Three-check), points and who is out (four players).
// `validate()` judges the position on each change, and its code picks the message in the
// page's language. From a valid position: play (against the computer or friends), analyse,
// or share a link.
import { setup } from "../engine.js";
import { state } from "../state.js";
import { t, getLang, seatName } from "../i18n/index.js";
import { Board } from "../board.js";
import { $ } from "./common.js";
import { squareLabel } from "./game.js";
import { analyseGame } from "./analysis.js";
import { choices, gameInfo, gameName, isFour, newGameOptions, offered, seatsOf } from "../games.js";
import { GLYPH } from "../pieces.js";
import { openGame, defaultSeats } from "../session.js";
import * as store from "../store.js";

const PIECES = ["king", "queen", "rook", "bishop", "knight", "pawn"];
// The tools' icons, inline: no font on the system has to have them.
const ICON = (body) => `<svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false"><path d="${body}" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
const HAND = ICON("M12 3v18M3 12h18M12 3l-3 3M12 3l3 3M12 21l-3-3M12 21l3-3M3 12l3-3M3 12l3 3M21 12l-3-3M21 12l-3 3");
const ERASER = ICON("M8 20h12M4.5 14.5l9-9a2 2 0 0 1 2.8 0l2.2 2.2a2 2 0 0 1 0 2.8L11 18H8z");

/** The editor's state: the game, its setup, the chosen tool and the board. */
const ed = {
  choice: null,
  setup: null,
  /** "hand" (move pieces), "erase", or {piece, color}. */
  tool: "hand",
  board: null,
  rot: 0,
  /** The last validation: {ok, fen} or {ok: false, code, message}. */
  check: null,
  fenError: null,
};

const setupOptions = (choice) => {
  const { variant, rules } = newGameOptions(choice);
  return rules ? { variant, rules } : { variant };
};

/** The route: `params.game` and `params.fen` from the hash, else the position kept. */
export function renderEditor(params = {}) {
  const choice = offered(params.game ?? ed.choice ?? state.prefs.choice);
  if (!ed.setup || params.fen || choice !== ed.choice) {
    let next = null;
    try {
      next = setup({ ...setupOptions(choice), ...(params.fen ? { fen: params.fen } : {}) });
      ed.fenError = null;
    } catch (e) {
      next = setup(setupOptions(choice));
      ed.fenError = e.message;
    }
    ed.setup?.free();
    ed.setup = next;
    ed.choice = choice;
    ed.rot = 0;
  }
  buildView();
  render();
}

function buildView() {
  const root = $("view-editor");
  const key = `${getLang()}|${ed.choice}`;
  if (root.dataset.key === key && root.firstChild) return;
  root.dataset.key = key;
  const four = isFour(ed.choice);
  const seats = seatsOf(ed.choice);
  const twoCastle = [
    ["white", "king", "O-O"],
    ["white", "queen", "O-O-O"],
    ["black", "king", "O-O"],
    ["black", "queen", "O-O-O"],
  ];
  root.innerHTML = `
    <div class="ed-board-col">
      <div class="ed-palette" role="toolbar" aria-label="${t("edPalette")}">
        <button type="button" class="ed-tool" data-tool="hand" aria-pressed="false" aria-label="${t("edHand")}" title="${t("edHand")}">${HAND}</button>
        <button type="button" class="ed-tool" data-tool="erase" aria-pressed="false" aria-label="${t("edErase")}" title="${t("edErase")}">${ERASER}</button>
        ${seats
          .map((c) =>
            PIECES.map((p) => {
              const label = t("edPiece", { piece: t("p_" + p), color: t("c_" + c) });
              return `<button type="button" class="ed-tool ed-piece promo ${c}" data-color="${c}" data-piece="${p}" aria-pressed="false" aria-label="${label}" title="${label}">${GLYPH[p]}\uFE0E</button>`;
            }).join(""),
          )
          .join("")}
      </div>
      <div id="ed-board" class="board-host ed-board"></div>
    </div>
    <aside class="ed-side">
      <h1>${t("edTitle")}</h1>
      <label class="stack"><span>${t("edGame")}</span>
        <select id="ed-game">${choices().map((c) => `<option value="${c}"${c === ed.choice ? " selected" : ""}>${gameName(c)}</option>`).join("")}</select>
      </label>
      <p id="ed-valid" class="ed-valid" role="status" aria-live="polite"></p>
      <div class="actions">
        <button type="button" id="ed-start">${t("edStartPos")}</button>
        <button type="button" id="ed-clear">${t("edClear")}</button>
        <button type="button" id="ed-flip">${t("flip")}</button>
      </div>
      <label class="stack"><span>${t("edTurn")}</span>
        <select id="ed-turn">${seats.map((s) => `<option value="${s}">${seatName(s)}</option>`).join("")}</select>
      </label>
      <fieldset class="ed-castling"><legend>${t("edCastling")}</legend>
        ${(four ? seats.flatMap((s) => [[s, "king", "O-O"], [s, "queen", "O-O-O"]]) : twoCastle)
          .map(([p, side, txt]) => `<label class="check"><input type="checkbox" data-player="${p}" data-side="${side}" /> ${seatName(p)} ${txt}</label>`)
          .join("")}
      </fieldset>
      ${four ? "" : `<label class="stack"><span>${t("edEp")}</span><select id="ed-ep"></select></label>`}
      ${
        gameInfo(ed.choice)?.facts.countsChecks
          ? `<fieldset class="ed-checks"><legend>${t("edChecks")}</legend>${["white", "black"]
              .map((s) => `<label>${seatName(s)} <input type="number" min="1" max="3" step="1" data-checks="${s}" inputmode="numeric" /></label>`)
              .join("")}</fieldset>`
          : ""
      }
      ${
        four
          ? `<fieldset class="ed-points"><legend>${t("edPoints")}</legend>${seats
              .map(
                (s) =>
                  `<div class="ed-seat"><label>${seatName(s)} <input type="number" min="0" max="999" step="1" data-points="${s}" inputmode="numeric" /></label> <label class="check"><input type="checkbox" data-out="${s}" /> ${t("edOut")}</label></div>`,
              )
              .join("")}</fieldset>`
          : ""
      }
      <label class="stack"><span>${four ? t("position4") : t("position")}</span>
        <textarea id="ed-fen" rows="${four ? 4 : 2}" spellcheck="false"></textarea>
      </label>
      <p id="ed-fen-error" class="error" role="alert" hidden></p>
      <div class="actions">
        <button type="button" id="ed-play-ai" class="primary">${t("edPlayAi")}</button>
        <button type="button" id="ed-play-friends">${t("edPlayFriends")}</button>
        <button type="button" id="ed-analyse">${t("edAnalyse")}</button>
        <button type="button" id="ed-share">${t("edShare")}</button>
      </div>
      <label class="stack" id="ed-link-box" hidden><span>${t("edLink")}</span><input id="ed-link" readonly /></label>
    </aside>`;
  ed.board = new Board($("ed-board"), {
    legalFrom: (sq) => (ed.tool === "hand" && ed.setup.get(sq) ? allSquaresFrom(sq) : []),
    onMove: (from, to) => {
      const piece = ed.setup.get(from);
      ed.setup.put(from, null);
      ed.setup.put(to, { piece: piece.piece, color: piece.color });
      changed();
    },
    label: squareLabel,
    onBlocked: (sq) => placeAt(sq),
  });
  bind(root);
}

/** Every square but `from`: the hand tool may put a piece anywhere. */
function allSquaresFrom(from) {
  const n = isFour(ed.choice) ? 14 : 8;
  const out = [];
  for (let f = 0; f < n; f++) {
    for (let r = 0; r < n; r++) {
      const sq = "abcdefghijklmn"[f] + (r + 1);
      if (sq !== from && ed.board.isSquare(sq)) out.push({ from, to: sq });
    }
  }
  return out;
}

function placeAt(sq) {
  if (ed.tool === "hand") return;
  if (ed.tool === "erase") ed.setup.put(sq, null);
  else {
    const cur = ed.setup.get(sq);
    // The same piece again empties the square: a second tap undoes the first.
    const same = cur && cur.piece === ed.tool.piece && cur.color === ed.tool.color;
    ed.setup.put(sq, same ? null : { piece: ed.tool.piece, color: ed.tool.color });
  }
  changed();
}

function bind(root) {
  const palette = root.querySelector(".ed-palette");
  palette.addEventListener("click", (e) => {
    const b = e.target.closest(".ed-tool");
    if (b) chooseTool(b);
  });
  // Dragging a piece from the palette onto the board puts it there.
  palette.addEventListener("pointerdown", (e) => {
    const b = e.target.closest(".ed-piece");
    if (!b) return;
    chooseTool(b);
    try {
      b.setPointerCapture(e.pointerId);
    } catch {
      /* synthetic events */
    }
  });
  palette.addEventListener("pointerup", (e) => {
    if (!e.target.closest(".ed-piece")) return;
    const hit = ed.board.eventSquare(e);
    if (hit?.sq) placeAt(hit.sq);
  });
  $("ed-game").addEventListener("change", () => {
    location.hash = `#/editor?game=${encodeURIComponent($("ed-game").value)}`;
  });
  $("ed-start").addEventListener("click", () => {
    ed.setup.free();
    ed.setup = setup(setupOptions(ed.choice));
    changed();
  });
  $("ed-clear").addEventListener("click", () => {
    ed.setup.clear();
    changed();
  });
  $("ed-flip").addEventListener("click", () => {
    ed.rot = (ed.rot + (isFour(ed.choice) ? 1 : 2)) % 4;
    renderBoard();
  });
  $("ed-turn").addEventListener("change", () => {
    ed.setup.turn = $("ed-turn").value;
    changed();
  });
  root.querySelector(".ed-castling").addEventListener("change", () => {
    const rights = [...root.querySelectorAll(".ed-castling input:checked")].map((i) => ({ player: i.dataset.player, side: i.dataset.side }));
    try {
      ed.setup.castling = rights;
    } catch (e) {
      ed.fenError = e.message;
    }
    changed();
  });
  $("ed-ep")?.addEventListener("change", () => {
    ed.setup.epSquare = $("ed-ep").value || null;
    changed();
  });
  for (const i of root.querySelectorAll("[data-checks]")) {
    i.addEventListener("change", () => {
      const v = (s) => Math.min(3, Math.max(1, Number(root.querySelector(`[data-checks="${s}"]`).value) || 3));
      ed.setup.remainingChecks = { white: v("white"), black: v("black") };
      changed();
    });
  }
  for (const i of root.querySelectorAll("[data-points]")) {
    i.addEventListener("change", () => {
      ed.setup.points = { [i.dataset.points]: Math.max(0, Math.floor(Number(i.value) || 0)) };
      changed();
    });
  }
  for (const i of root.querySelectorAll("[data-out]")) {
    i.addEventListener("change", () => {
      ed.setup.out = [...root.querySelectorAll("[data-out]:checked")].map((x) => x.dataset.out);
      changed();
    });
  }
  $("ed-fen").addEventListener("change", () => {
    const text = $("ed-fen").value.trim();
    try {
      const next = setup({ ...setupOptions(ed.choice), fen: text });
      ed.setup.free();
      ed.setup = next;
      ed.fenError = null;
    } catch (e) {
      ed.fenError = e.message;
    }
    changed();
  });
  $("ed-play-ai").addEventListener("click", () => play(true));
  $("ed-play-friends").addEventListener("click", () => play(false));
  $("ed-analyse").addEventListener("click", () => {
    if (!ed.check?.ok) return;
    analyseGame(ed.setup.newGame(), ed.choice);
  });
  $("ed-share").addEventListener("click", async () => {
    const url = `${location.origin}${location.pathname}${shareHash()}`;
    $("ed-link").value = url;
    $("ed-link-box").hidden = false;
    $("ed-link").select();
    try {
      await navigator.clipboard.writeText(url);
      $("ed-share").textContent = t("copied");
      setTimeout(() => ($("ed-share").textContent = t("edShare")), 1200);
    } catch {
      /* the link is shown, selected, to copy by hand */
    }
  });
}

const shareHash = () => `#/editor?game=${encodeURIComponent(ed.choice)}&fen=${encodeURIComponent(ed.setup.fen())}`;

function chooseTool(b) {
  ed.tool = b.dataset.piece ? { piece: b.dataset.piece, color: b.dataset.color } : b.dataset.tool;
  render();
}

function play(vsComputer) {
  if (!ed.check?.ok) return;
  const game = ed.setup.newGame({ seed: Math.floor(Math.random() * 2 ** 31) });
  const seats = vsComputer ? defaultSeats(ed.choice) : Object.fromEntries(seatsOf(ed.choice).map((s) => [s, { type: "human", level: 3 }]));
  const p = state.prefs;
  const settings = { showLegal: p.showLegal, rotate: p.rotate, timeLimit: 0, moveLimit: 0, alternate: p.alternate, firstPlayer: "red" };
  openGame({ id: store.newId(), choice: ed.choice, seats, settings, created: Date.now() }, game);
}

function changed() {
  // The address keeps the position: a reload or the Back button finds it again.
  history.replaceState(null, "", shareHash());
  render();
}

// --- drawing -------------------------------------------------------------------------------------
function render() {
  if (!ed.board) return;
  const s = ed.setup;
  ed.check = s.validate();
  renderBoard();
  for (const b of document.querySelectorAll(".ed-tool")) {
    const on = b.dataset.piece ? ed.tool.piece === b.dataset.piece && ed.tool.color === b.dataset.color : ed.tool === b.dataset.tool;
    b.setAttribute("aria-pressed", String(on));
  }
  const v = $("ed-valid");
  v.textContent = ed.check.ok ? t("edValid") : t("fen_" + ed.check.code);
  v.dataset.ok = String(ed.check.ok);
  v.dataset.code = ed.check.ok ? "" : ed.check.code;
  $("ed-turn").value = s.turn;
  const rights = s.castling;
  for (const i of document.querySelectorAll(".ed-castling input")) {
    i.checked = rights.some((r) => r.player === i.dataset.player && r.side === i.dataset.side);
  }
  const ep = $("ed-ep");
  if (ep) {
    const rank = s.turn === "white" ? 6 : 3;
    const opts = [["", t("edNone")], ...[..."abcdefgh"].map((f) => [f + rank, f + rank])];
    ep.replaceChildren(...opts.map(([v_, label]) => new Option(label, v_)));
    ep.value = s.epSquare ?? "";
  }
  const checks = s.remainingChecks;
  if (checks) for (const i of document.querySelectorAll("[data-checks]")) i.value = String(checks[i.dataset.checks]);
  const points = s.points;
  if (points) for (const i of document.querySelectorAll("[data-points]")) i.value = String(points[i.dataset.points] ?? 0);
  const out = s.out;
  if (out) for (const i of document.querySelectorAll("[data-out]")) i.checked = out.includes(i.dataset.out);
  if (document.activeElement !== $("ed-fen")) $("ed-fen").value = s.fen();
  $("ed-fen-error").textContent = ed.fenError ? t("edFenBad", { message: ed.fenError }) : "";
  $("ed-fen-error").hidden = !ed.fenError;
  for (const id of ["ed-play-ai", "ed-play-friends", "ed-analyse"]) $(id).disabled = !ed.check.ok;
}

function renderBoard() {
  const four = isFour(ed.choice);
  ed.board.update({
    key: `ed:${ed.choice}:${ed.setup.fen()}:${typeof ed.tool === "string" ? ed.tool : "piece"}`,
    n: four ? 14 : 8,
    pieces: ed.setup.board(),
    rot: ed.rot,
    lasts: [],
    hint: null,
    checked: [],
    hill: gameInfo(ed.choice)?.facts.hill ?? [],
    finish: [],
    interactive: ed.tool === "hand",
    showLegal: false,
    animate: false,
    ariaLabel: `${t("board")}: ${t("edTitle")}`,
    labelKey: getLang(),
  });
  $("ed-board").classList.toggle("four", four);
}

/** Tests and the curious: the editor's setup. */
export const editorDebug = {
  get setup() {
    return ed.setup;
  },
};
