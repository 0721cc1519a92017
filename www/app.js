// tablero demo: a minimal board on top of the wasm package, no build step, no framework.
// Served from the repository root (`make demo`), so ../pkg/ is the output of `make pkg`.
import init, { newGame } from "../pkg/tablero.js";

await init();

const FILES = "abcdefgh";
const $ = (id) => document.getElementById(id);
const el = {
  board: $("board"),
  variant: $("variant"),
  setup: $("setup"),
  flip: $("flip"),
  status: $("status"),
  score: $("score"),
  error: $("error"),
  undo: $("undo"),
  claimDraw: $("claim-draw"),
  resign: $("resign"),
  moves: $("moves"),
  fen: $("fen"),
  fenForm: $("fen-form"),
  promotion: $("promotion"),
};

// Solid glyphs for both sides, coloured by CSS; U+FE0E asks for text rather than emoji style.
const GLYPH = { k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };
const ROLE = { king: "k", queen: "q", rook: "r", bishop: "b", knight: "n", pawn: "p" };
/** "knight" | "n" | "N" -> "n" */
const roleLetter = (piece) => ROLE[piece] ?? String(piece).toLowerCase();
const glyph = (piece) => GLYPH[roleLetter(piece)] + "\uFE0E";
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

let game = null;
let selected = null; // square of the selected piece
let targets = []; // legal moves of the selected piece

function start(options) {
  const next = newGame(options); // throws on a bad FEN: keep the current game then
  game?.free();
  game = next;
  el.variant.value = game.variant;
  select(null);
}

function showError(e) {
  el.error.textContent = e ? `${e.code ?? "error"}: ${e.message}` : "";
  el.error.hidden = !e;
}

function select(square) {
  selected = square;
  targets = square ? game.legalMoves(square) : [];
  render();
}

async function clickSquare(square) {
  showError(null);
  const candidates = targets.filter((m) => m.to === square);
  if (candidates.length === 0) {
    // Select one of the mover's pieces, or clear the selection.
    const mine = square !== selected && game.legalMoves(square).length > 0;
    return select(mine ? square : null);
  }
  let move = candidates[0];
  if (candidates.length > 1 || move.promotion) {
    const choice = await askPromotion(candidates);
    if (!choice) return select(null);
    move = choice;
  }
  try {
    game.play({ from: move.from, to: move.to, promotion: move.promotion });
  } catch (e) {
    showError(e);
  }
  select(null);
}

/** Opens the promotion dialog with the roles `moves` allow; resolves to a move or null. */
function askPromotion(moves) {
  const byLetter = new Map(moves.map((m) => [roleLetter(m.promotion), m]));
  const white = game.status().turn === "white";
  for (const button of el.promotion.querySelectorAll("button")) {
    button.textContent = glyph(button.value);
    button.className = white ? "white" : "black";
    button.hidden = !byLetter.has(button.value);
  }
  el.promotion.returnValue = "";
  el.promotion.showModal();
  return new Promise((resolve) => {
    el.promotion.addEventListener(
      "close",
      () => resolve(byLetter.get(el.promotion.returnValue) ?? null),
      { once: true },
    );
  });
}

function render() {
  renderBoard();
  renderStatus();
  renderMoves();
  el.fen.value = game.fen();
}

function renderBoard() {
  const pieces = new Map(game.board().map((p) => [p.square, p]));
  const history = game.history();
  const last = history[history.length - 1];
  const checked = game.status().inCheck ? game.status().turn : null;
  const flipped = el.flip.checked;
  const over = game.status().over;

  const squares = [];
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const file = flipped ? 7 - col : col;
      const rank = flipped ? row : 7 - row;
      const square = FILES[file] + (rank + 1);
      const piece = pieces.get(square);

      const b = document.createElement("button");
      b.type = "button";
      b.dataset.square = square;
      b.classList.add((file + rank) % 2 ? "light" : "dark");
      if (square === selected) b.classList.add("selected");
      if (last && (square === last.from || square === last.to)) b.classList.add("last");
      if (targets.some((m) => m.to === square)) b.classList.add(piece ? "capture" : "target");
      if (piece && roleLetter(piece.piece) === "k" && piece.color === checked) {
        b.classList.add("check");
      }
      b.disabled = over;
      if (piece) {
        const span = document.createElement("span");
        span.className = `piece ${piece.color}`;
        span.textContent = glyph(piece.piece);
        b.append(span);
      }
      b.setAttribute("aria-label", piece ? `${square} ${piece.color} ${piece.piece}` : square);
      // Coordinates along the bottom and left edges.
      if (row === 7) b.append(coord("file", FILES[file]));
      if (col === 0) b.append(coord("rank", String(rank + 1)));
      squares.push(b);
    }
  }
  el.board.replaceChildren(...squares);
}

function coord(kind, text) {
  const span = document.createElement("span");
  span.className = `coord ${kind}`;
  span.textContent = text;
  span.setAttribute("aria-hidden", "true");
  return span;
}

function renderStatus() {
  const status = game.status();
  if (status.over) {
    const { winner, reason } = status.result;
    const who = winner ? `${capital(winner)} wins` : "Draw";
    el.status.textContent = `${who} (${reason}).`;
  } else {
    el.status.textContent = `${capital(status.turn)} to move${status.inCheck ? ", in check" : ""}.`;
  }

  const is3check = game.variant === "3check";
  el.score.hidden = !is3check;
  if (is3check) {
    el.score.textContent =
      "Checks given: " + game.score().map((s) => `${capital(s.player)} ${s.checks}`).join(" · ");
  }

  el.undo.disabled = game.history().length === 0;
  el.claimDraw.disabled = status.over || !status.canClaimDraw;
  el.resign.disabled = status.over;
}

function renderMoves() {
  const items = [];
  const history = game.history();
  // Number moves from the FEN's move counter would be nicer; plies pair up from White here.
  const offset = history[0]?.player === "black" ? 1 : 0;
  for (let i = -offset; i < history.length; i += 2) {
    const li = document.createElement("li");
    const white = history[i]?.san ?? "…";
    const black = history[i + 1]?.san ?? "";
    li.textContent = `${white} ${black}`.trim();
    items.push(li);
  }
  el.moves.replaceChildren(...items);
  el.moves.lastElementChild?.scrollIntoView({ block: "nearest" });
}

// --- controls --------------------------------------------------------------------------------
el.board.addEventListener("click", (e) => {
  const square = e.target.closest("button")?.dataset.square;
  if (square) clickSquare(square);
});

el.setup.addEventListener("submit", (e) => {
  e.preventDefault();
  showError(null);
  start({ variant: el.variant.value });
});

el.flip.addEventListener("change", render);

el.undo.addEventListener("click", () => {
  showError(null);
  game.undo();
  select(null);
});

el.claimDraw.addEventListener("click", () => {
  if (!game.claimDraw()) showError({ code: "draw", message: "no draw can be claimed now" });
  render();
});

el.resign.addEventListener("click", () => {
  const side = game.status().turn;
  if (confirm(`Resign for ${side}?`)) game.resign(side);
  select(null);
});

el.fenForm.addEventListener("submit", (e) => {
  e.preventDefault();
  showError(null);
  try {
    start({ variant: el.variant.value, fen: el.fen.value.trim() });
  } catch (err) {
    showError(err);
  }
});

start({ variant: el.variant.value });
