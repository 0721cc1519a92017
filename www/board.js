// The board: one SVG for the 8×8 board and the 160-square cross. Squares are grid cells with
// aria-labels; pieces are chess glyphs drawn as SVG text with an outline, coloured per player.
// Moves by click-click, drag-and-drop (mouse, pen, touch: pointer events) and keyboard (arrow
// keys move a cursor, Enter/Space picks up and drops).
//
// Updating is incremental: the squares are built once per size and rotation, and each update
// repaints only the squares whose content changed (a four-player move touches a handful of the
// 160), which keeps every update well inside a frame on a slow phone.

import { GLYPH } from "./pieces.js";

const SVG = "http://www.w3.org/2000/svg";
const FILES = "abcdefghijklmn";
// Marks of the four seats, as on the original site, so colour is never the only cue.
const MARK = { red: "●", blue: "▲", yellow: "■", green: "◆" };
const M = 0.55; // margin for coordinates, in squares

export const squareName = (f, r) => FILES[f] + (r + 1);
export function parseSquare(sq) {
  return { f: FILES.indexOf(sq[0]), r: Number(sq.slice(1)) - 1 };
}
const missing = (n, f, r) => n === 14 && (f < 3 || f > 10) && (r < 3 || r > 10);

function el(name, attrs = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Where view cell (x, y) sits in the host, as fractions of its width and height (for overlays). */
export function cellBox(n, x, y, w = 1, h = 1) {
  const size = n + M;
  return { left: (x + M) / size, top: y / size, width: w / size, height: h / size };
}

// Pieces are images of their glyph (an SVG document per piece, colour and size, made once):
// laying out and painting 60 SVG <text> glyphs with outlines cost a four-player frame tens of
// milliseconds on a slow CPU, an <image> is laid out and recorded for almost nothing, and the
// browser rasterises each picture once, off the main thread. The glyphs and colours are those
// the board's text pieces had.
// Each colour is told from both squares of every board theme by its fill or its outline at
// 3:1 or more (WCAG's non-text contrast; tests/browser/issue52.test.mjs checks every theme):
// a light fill (white, yellow) by a dark outline drawn wide enough to be seen.
const INK = {
  white: ["#fffdf6", "#1d1a16", 6],
  black: ["#1d1a16", "#f5efe2", 3],
  red: ["--red", "#2a0d0a", 6],
  blue: ["--blue", "#0b1a33", 6],
  yellow: ["#f2bd16", "#3a2b00", 8],
  green: ["--green", "#062611", 6],
  grey: ["#b9b6b0", "#4a4741", 6],
};
/** The fill, outline and outline width (in hundredths of a square, half of it outside the
 * glyph) a piece of `colour` is drawn with. */
export function pieceInk(colour) {
  let [fill, stroke, width] = INK[colour] ?? INK.grey;
  if (fill.startsWith("--")) fill = getComputedStyle(document.documentElement).getPropertyValue(fill).trim() || "#888";
  return { fill, stroke, width };
}
const FONT = `"DejaVu Sans", "Segoe UI Symbol", "Noto Sans Symbols2", "Apple Symbols", sans-serif`;
const glyphCache = new Map();
function glyphImage(colour, kind, markOf, cross) {
  const key = `${colour}|${kind}|${markOf}|${cross}`;
  let url = glyphCache.get(key);
  if (url) return url;
  const { fill, stroke, width } = pieceInk(colour);
  const text = (x, y, size, sw, s) =>
    `<text x="${x}" y="${y}" font-size="${size}" stroke-width="${sw}" fill="${fill}" stroke="${stroke}">${s}</text>`;
  const svg =
    `<svg xmlns="${SVG}" viewBox="0 0 100 100" font-family='${FONT}' text-anchor="middle" ` +
    `dominant-baseline="central" paint-order="stroke" stroke-linejoin="round">` +
    text(50, 56, cross ? 86 : 84, width, GLYPH[kind] + "\uFE0E") +
    (MARK[markOf] ? text(86, 20, 22, 2.5, MARK[markOf]) : "") +
    `</svg>`;
  url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  glyphCache.set(key, url);
  return url;
}

// Each board's ids (its gradient and pattern) carry a number of its own: several boards live on
// one page (the game's, the analysis board's, the editor's), and `url(#id)` takes the first
// element of the document with that id, which may sit in a hidden view and paint nothing.
const boards = { made: 0 };

export class Board {
  /**
   * @param {HTMLElement} host where the SVG goes
   * @param {object} hooks { legalFrom(square) -> Move[], onMove(from, to, moves),
   *   label(piece|null, square, target: "move"|"capture"|"") -> string, onBlocked(square, piece|null),
   *   onSelect(square, piece, moves)?, onKey(KeyboardEvent) -> handled? }
   */
  constructor(host, hooks) {
    this.host = host;
    this.hooks = hooks;
    this.state = null;
    this.selected = null;
    this.targets = [];
    this.cursor = null;
    this.drag = null;
    this.layoutKey = null;
    this.cells = new Map();
    this.ids = { glow: `board${++boards.made}-check-glow`, flag: `board${boards.made}-flag` };
    this.svg = el("svg", { role: "grid", class: "board", tabindex: "-1" });
    host.replaceChildren(this.svg);
    this.svg.addEventListener("pointerdown", (e) => this.pointerDown(e));
    this.svg.addEventListener("pointermove", (e) => this.pointerMove(e));
    this.svg.addEventListener("pointerup", (e) => this.pointerUp(e));
    this.svg.addEventListener("pointercancel", () => this.cancelDrag());
    this.svg.addEventListener("keydown", (e) => this.keyDown(e));
    this.svg.addEventListener("focusin", (e) => {
      const sq = e.target.closest?.("[data-square]")?.dataset.square;
      if (!sq || sq === this.cursor) return;
      this.setCursor(sq);
    });
    this.svg.addEventListener("contextmenu", (e) => this.drag && e.preventDefault());
  }

  /**
   * state: { key, n: 8|14, pieces, rot (quarter turns: 0 red/white at the bottom, 1 blue,
   * 2 yellow/black, 3 green), lasts: [{from, to, player}] (oldest first), hint: {from,to}?,
   * checked: [square], hill: [square], finish: [square], interactive, showLegal, animate,
   * ariaLabel, labelKey (changes when square labels must be redone, e.g. the language) }
   */
  update(state) {
    const prev = this.state;
    const changedPosition = !prev || prev.key !== state.key || prev.interactive !== state.interactive;
    this.state = state;
    if (changedPosition) {
      this.selected = null;
      this.targets = [];
    }
    this.pieceMap = new Map(state.pieces.map((p) => [p.square, p]));
    this.render();
    const last = state.lasts?.at(-1);
    if (last && prev && prev.key !== state.key && state.animate) this.animate(last);
  }

  view(f, r) {
    const n = this.state.n;
    let x = f;
    let y = n - 1 - r;
    for (let i = 0; i < this.state.rot; i++) [x, y] = [y, n - 1 - x];
    return { x, y };
  }

  squareAt(x, y) {
    const n = this.state.n;
    if (x < 0 || y < 0 || x >= n || y >= n) return null;
    for (let i = 0; i < this.state.rot; i++) [x, y] = [n - 1 - y, x];
    const f = x;
    const r = n - 1 - y;
    return missing(n, f, r) ? null : squareName(f, r);
  }

  isSquare(sq) {
    const { f, r } = parseSquare(sq);
    const n = this.state.n;
    return f >= 0 && f < n && r >= 0 && r < n && !missing(n, f, r);
  }

  /** Builds the squares, coordinates and layers for a size and rotation. */
  layout() {
    const s = this.state;
    const n = s.n;
    const svg = this.svg;
    svg.setAttribute("viewBox", `${-M} 0 ${n + M} ${n + M}`);
    svg.classList.toggle("cross", n === 14);
    const defs = el("defs");
    defs.innerHTML = `
      <radialGradient id="${this.ids.glow}"><stop offset="0%" stop-color="#ff2a2a" stop-opacity="0.95"/>
        <stop offset="55%" stop-color="#e01010" stop-opacity="0.6"/><stop offset="100%" stop-color="#e01010" stop-opacity="0"/></radialGradient>
      <pattern id="${this.ids.flag}" width="0.25" height="0.25" patternUnits="userSpaceOnUse">
        <rect width="0.125" height="0.125" fill="#000" fill-opacity="0.22"/>
        <rect x="0.125" y="0.125" width="0.125" height="0.125" fill="#000" fill-opacity="0.22"/></pattern>`;
    const nodes = [defs];
    this.cells = new Map();
    if (!this.cursor || !this.isSquare(this.cursor)) {
      this.cursor = this.squareAt(Math.floor(n / 2), n - 2) ?? this.squareAt(Math.floor(n / 2), n - 1);
    }
    for (let y = 0; y < n; y++) {
      const row = el("g", { role: "row" });
      for (let x = 0; x < n; x++) {
        const sq = this.squareAt(x, y);
        if (!sq) continue;
        const { f, r } = parseSquare(sq);
        // Absolute coordinates, no transform per square: a transform is a paint property node
        // and a paint chunk of its own, and 160 of them made every frame after a move cost
        // tens of milliseconds in pre-paint, layerization and commit.
        const g = el("g", { role: "gridcell", class: "sq", "data-square": sq, tabindex: "-1" });
        const base = el("rect", { x, y, width: 1, height: 1, class: (f + r) % 2 === 0 ? "dark" : "light" });
        g.append(base);
        row.append(g);
        this.cells.set(sq, { g, base, x, y, sig: "", label: "", under: [], over: [], piece: null, pieceKey: "", });
      }
      nodes.push(row);
    }
    const coords = el("g", { class: "coords", "aria-hidden": "true" });
    const mid = Math.floor(n / 2);
    const even = s.rot % 2 === 0;
    for (let i = 0; i < n; i++) {
      const colSq = this.squareAt(i, mid) ?? this.squareAt(i, n - 1);
      const rowSq = this.squareAt(mid, i) ?? this.squareAt(0, i);
      if (colSq) {
        const p = parseSquare(colSq);
        coords.append(el("text", { x: i + 0.5, y: n + 0.38 }, even ? FILES[p.f] : String(p.r + 1)));
      }
      if (rowSq) {
        const p = parseSquare(rowSq);
        coords.append(el("text", { x: -M / 2, y: i + 0.55 }, even ? String(p.r + 1) : FILES[p.f]));
      }
    }
    nodes.push(coords);
    this.hintLayer = el("g", { class: "hint-layer", "aria-hidden": "true" });
    this.dragLayer = el("g", { class: "drag-layer", "aria-hidden": "true" });
    nodes.push(this.hintLayer, this.dragLayer);
    svg.replaceChildren(...nodes);
    this.hintSig = "";
  }

  /** Changes the hint arrow alone (the analysis board's best move, many times a minute):
   * its squares and the arrow are redrawn, not every square of the board. */
  setHint(hint) {
    if (!this.state) return;
    const old = this.state.hint;
    this.state = { ...this.state, hint };
    this.render(new Set([old?.from, old?.to, hint?.from, hint?.to].filter((sq) => sq && this.cells.has(sq))));
  }

  /** Draws the state: every square, or (`only`, a set of squares) those alone. */
  render(only = null) {
    const s = this.state;
    const key = `${s.n}:${s.rot}`;
    if (key !== this.layoutKey) {
      this.layoutKey = key;
      this.layout();
    }
    // Set where it differs: a redraw for the hint arrow alone must not restyle the board.
    const aria = s.ariaLabel ?? "Board";
    if (this.svg.getAttribute("aria-label") !== aria) this.svg.setAttribute("aria-label", aria);
    this.svg.classList.toggle("live", !!s.interactive);
    const lastOf = new Map();
    for (const m of s.lasts ?? []) {
      lastOf.set(m.from, m.player);
      lastOf.set(m.to, m.player);
    }
    const targets = new Map(s.showLegal ? this.targets.map((m) => [m.to, m]) : []);
    const hill = new Set(s.hill ?? []);
    const finish = new Set(s.finish ?? []);
    const checked = new Set(s.checked ?? []);
    const ghost = this.drag?.moved ? this.drag.from : null;
    for (const sq of only ?? this.cells.keys()) {
      const cell = this.cells.get(sq);
      const p = this.pieceMap.get(sq);
      const piece = p ? `${p.grey ? "grey" : p.color}-${p.piece}${p.grey ? "-" + p.color : ""}` : "";
      const hint = s.hint ? (sq === s.hint.to ? "to" : sq === s.hint.from ? "from" : "") : "";
      const sig = [
        piece,
        lastOf.get(sq) ?? "",
        hill.has(sq) ? "h" : "",
        finish.has(sq) ? "f" : "",
        sq === this.selected ? "s" : "",
        hint,
        checked.has(sq) ? "c" : "",
        targets.has(sq) ? "t" : "",
        sq === this.cursor ? "k" : "",
        ghost === sq ? "g" : "",
      ].join("|");
      if (sig !== cell.sig) {
        cell.sig = sig;
        this.paintSquare(cell, sq, p, { last: lastOf.get(sq), hill: hill.has(sq), finish: finish.has(sq), hint, checked: checked.has(sq), target: targets.has(sq), ghost: ghost === sq });
      }
      // A square a picked piece can go to says so: a legal move or a capture (en passant
      // included, whose square is empty), whether the dots are shown or not.
      const to = this.targets.find((m) => m.to === sq);
      const kind = to ? (to.captured ? "capture" : "move") : "";
      const label = `${s.labelKey}|${piece}|${kind}`;
      if (label !== cell.label) {
        cell.label = label;
        cell.g.setAttribute("aria-label", this.hooks.label(p ?? null, sq, kind));
      }
    }
    const hintSig = s.hint && this.isSquare(s.hint.from) && this.isSquare(s.hint.to) ? `${s.hint.from}${s.hint.to}` : "";
    if (hintSig !== this.hintSig) {
      this.hintSig = hintSig;
      this.drawHint(hintSig ? s.hint : null);
    }
  }

  /** Brings one square up to date, touching only the layers that changed: a new highlight
   * must not rebuild (and re-lay out) the piece's glyph, and the other way round. */
  paintSquare(cell, sq, piece, m) {
    const { g, x, y } = cell;
    const rect = (attrs) => el("rect", { x: x + (attrs.dx ?? 0), y: y + (attrs.dx ?? 0), width: attrs.w ?? 1, height: attrs.w ?? 1, ...attrs.a });
    const selected = sq === this.selected;
    const cursor = sq === this.cursor;
    const underKey = [m.hill, m.finish, m.last, selected, m.checked].join("|");
    if (underKey !== cell.underKey) {
      cell.underKey = underKey;
      const under = [];
      if (m.hill) under.push(rect({ a: { class: "hill" } }));
      if (m.finish) under.push(rect({ a: { class: "finish", fill: `url(#${this.ids.flag})` } }));
      if (m.last) under.push(rect({ a: { class: `last last-${m.last}` } }));
      if (selected) under.push(rect({ a: { class: "selected" } }));
      if (m.checked) under.push(el("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.55, class: "check", fill: `url(#${this.ids.glow})` }));
      for (const n of cell.under) n.remove();
      cell.under = under;
      cell.base.after(...under);
    }
    const pieceKey = piece ? `${piece.grey ? "grey" : piece.color}-${piece.piece}-${piece.color}-${m.ghost}` : "";
    if (pieceKey !== cell.pieceKey) {
      cell.pieceKey = pieceKey;
      cell.piece?.remove();
      cell.piece = piece ? this.pieceNode(piece, m.ghost, x, y) : null;
      if (cell.piece) (cell.under.at(-1) ?? cell.base).after(cell.piece);
    }
    const overKey = [m.target, !!piece, cursor].join("|");
    if (overKey !== cell.overKey) {
      cell.overKey = overKey;
      const over = [];
      if (m.target) {
        over.push(
          piece
            ? el("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.44, class: "capture-ring" })
            : el("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.15, class: "dot" }),
        );
      }
      if (cursor) over.push(rect({ dx: 0.04, w: 0.92, a: { class: "cursor" } }));
      for (const n of cell.over) n.remove();
      cell.over = over;
      g.append(...over);
    }
    g.classList.toggle("target", m.target);
    const dataPiece = piece ? `${piece.grey ? "grey" : piece.color}-${piece.piece}` : undefined;
    if (g.dataset.piece !== dataPiece) {
      if (dataPiece) g.dataset.piece = dataPiece;
      else delete g.dataset.piece;
    }
    if ((g.dataset.hint ?? "") !== (m.hint || "")) {
      if (m.hint) g.dataset.hint = m.hint;
      else delete g.dataset.hint;
    }
    if ((g.dataset.last ?? "") !== (m.last ?? "")) {
      if (m.last) g.dataset.last = m.last;
      else delete g.dataset.last;
    }
    if (selected) g.setAttribute("aria-selected", "true");
    else g.removeAttribute("aria-selected");
    const tab = cursor ? "0" : "-1";
    if (g.getAttribute("tabindex") !== tab) g.setAttribute("tabindex", tab);
  }

  pieceNode(piece, ghosted, x = 0, y = 0) {
    const colour = piece.grey ? "grey" : piece.color;
    return el("image", {
      class: `piece ${colour}${ghosted ? " ghosted" : ""}`,
      "aria-hidden": "true",
      x,
      y,
      width: 1,
      height: 1,
      href: glyphImage(colour, piece.piece, piece.grey ? null : piece.color, this.state?.n === 14),
    });
  }

  /** Slides the piece of a new last move in from its start square. */
  animate(last) {
    if (!last.from || !last.to || this.dropped === last.to) {
      this.dropped = null;
      return;
    }
    if (matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const a = parseSquare(last.from);
    const b = parseSquare(last.to);
    const va = this.view(a.f, a.r);
    const vb = this.view(b.f, b.r);
    const piece = this.cells.get(last.to)?.piece;
    piece?.animate?.([{ transform: `translate(${va.x - vb.x}px, ${va.y - vb.y}px)` }, { transform: "translate(0px, 0px)" }], {
      duration: 160,
      easing: "ease-out",
    });
  }

  /** The hint (null: none) in the hint layer, over the pieces: the outlines of its two
   * squares and the arrow between them. The same three elements are moved from one hint to
   * the next (the analysis board's best move changes many times a minute: new elements in
   * the squares, as the outlines once were, restyled and laid out the board each time). */
  drawHint(hint) {
    if (!hint) {
      this.hintLayer.replaceChildren();
      return;
    }
    this.hintEls ??= {
      from: el("rect", { width: 0.88, height: 0.88, rx: 0.08, class: "hint-mark hint-from" }),
      to: el("rect", { width: 0.88, height: 0.88, rx: 0.08, class: "hint-mark hint-to" }),
      arrow: el("g", { class: "hint-arrow" }, undefined),
      path: el("path"),
    };
    const h = this.hintEls;
    const a = parseSquare(hint.from);
    const b = parseSquare(hint.to);
    const va = this.view(a.f, a.r);
    const vb = this.view(b.f, b.r);
    h.from.setAttribute("x", va.x + 0.06);
    h.from.setAttribute("y", va.y + 0.06);
    h.to.setAttribute("x", vb.x + 0.06);
    h.to.setAttribute("y", vb.y + 0.06);
    const [x0, y0, x1, y1] = [va.x + 0.5, va.y + 0.5, vb.x + 0.5, vb.y + 0.5];
    const len = Math.hypot(x1 - x0, y1 - y0);
    if (len) {
      const w = 0.08;
      const hw = 0.24;
      const hl = 0.36;
      const s0 = Math.min(0.22, len / 4);
      const angle = (Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI;
      h.path.setAttribute("d", `M ${s0} ${-w} L ${len - hl} ${-w} L ${len - hl} ${-hw} L ${len} 0 L ${len - hl} ${hw} L ${len - hl} ${w} L ${s0} ${w} Z`);
      h.path.setAttribute("transform", `translate(${x0} ${y0}) rotate(${angle})`);
      if (h.path.parentNode !== h.arrow) h.arrow.append(h.path);
    } else h.path.remove();
    if (h.arrow.parentNode !== this.hintLayer) this.hintLayer.replaceChildren(h.from, h.to, h.arrow);
  }


  setCursor(sq) {
    this.cursor = sq;
    this.render();
  }

  focusCursor() {
    this.cells.get(this.cursor)?.g.focus({ preventScroll: true });
  }

  // --- selection and moving ----------------------------------------------------------------
  select(sq) {
    this.selected = sq;
    this.targets = sq ? this.hooks.legalFrom(sq) : [];
    this.render();
    if (sq) this.hooks.onSelect?.(sq, this.pieceMap.get(sq), this.targets);
  }

  /** A tap (click, touch, Enter) on a square. */
  tap(sq) {
    if (!this.state.interactive) return this.hooks.onBlocked?.(sq, this.pieceMap.get(sq) ?? null);
    const moves = this.targets.filter((m) => m.to === sq);
    if (this.selected && moves.length) {
      const from = this.selected;
      this.select(null);
      this.hooks.onMove(from, sq, moves);
      return;
    }
    if (sq === this.selected) return this.select(null);
    const mine = this.hooks.legalFrom(sq);
    this.select(mine.length ? sq : null);
    if (!mine.length && this.pieceMap.has(sq)) this.hooks.onBlocked?.(sq, this.pieceMap.get(sq));
  }

  eventSquare(e) {
    const pt = this.svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return null;
    const p = pt.matrixTransform(ctm.inverse());
    return { sq: this.squareAt(Math.floor(p.x), Math.floor(p.y)), x: p.x, y: p.y };
  }

  pointerDown(e) {
    if (!this.state || (e.button !== undefined && e.button !== 0)) return;
    const hit = this.eventSquare(e);
    if (!hit?.sq) return;
    const movable = this.state.interactive && this.hooks.legalFrom(hit.sq).length > 0;
    const isTarget = this.selected && this.targets.some((m) => m.to === hit.sq);
    // Zoomed in on a phone, the board scrolls under a finger: touch picks by taps only.
    const dragOk = !(e.pointerType === "touch" && this.host.classList.contains("zoomed"));
    if (movable && !isTarget && dragOk) {
      this.cursor = hit.sq;
      const wasSelected = this.selected === hit.sq;
      if (!wasSelected) this.select(hit.sq);
      this.drag = { from: hit.sq, wasSelected, x0: e.clientX, y0: e.clientY, moved: false, id: e.pointerId };
      try {
        this.svg.setPointerCapture(e.pointerId);
      } catch {
        /* synthetic events */
      }
      e.preventDefault();
    } else {
      this.drag = null;
      this.pendingTap = { sq: hit.sq, x: e.clientX, y: e.clientY };
    }
  }

  pointerMove(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    if (!d.moved && Math.hypot(e.clientX - d.x0, e.clientY - d.y0) < 5) return;
    const hit = this.eventSquare(e);
    if (!hit) return;
    if (!d.moved) {
      d.moved = true;
      const piece = this.pieceMap.get(d.from);
      this.render();
      d.ghost = this.pieceNode(piece, false);
      d.ghost.classList.add("dragging");
      this.dragLayer.append(d.ghost);
    }
    d.ghost?.setAttribute("transform", `translate(${hit.x - 0.5} ${hit.y - 0.6}) scale(1.08)`);
    e.preventDefault();
  }

  pointerUp(e) {
    const d = this.drag;
    if (!d) {
      const p = this.pendingTap;
      this.pendingTap = null;
      const hit = this.eventSquare(e);
      // A swipe that scrolled the zoomed board is not a tap.
      if (p && hit?.sq === p.sq && Math.hypot(e.clientX - p.x, e.clientY - p.y) < 12) this.tap(hit.sq);
      return;
    }
    this.drag = null;
    this.dragLayer.replaceChildren();
    const hit = this.eventSquare(e);
    if (!d.moved) {
      if (d.wasSelected) this.select(null);
      return;
    }
    const moves = hit?.sq ? this.targets.filter((m) => m.to === hit.sq) : [];
    if (moves.length) {
      this.dropped = hit.sq;
      this.select(null);
      this.hooks.onMove(d.from, hit.sq, moves);
    } else {
      this.render();
    }
  }

  cancelDrag() {
    if (this.drag) {
      this.drag = null;
      this.dragLayer.replaceChildren();
      this.render();
    }
  }

  keyDown(e) {
    if (!this.state) return;
    // Keys the page gives another meaning on the board (stepping through the moves).
    if (this.hooks.onKey?.(e)) {
      e.preventDefault();
      return;
    }
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const cur = parseSquare(this.cursor);
    const v = this.view(cur.f, cur.r);
    if (steps[e.key]) {
      const [dx, dy] = steps[e.key];
      let { x, y } = v;
      for (let i = 0; i < this.state.n; i++) {
        x += dx;
        y += dy;
        const sq = this.squareAt(x, y);
        if (sq) {
          this.cursor = sq;
          break;
        }
        if (x < 0 || y < 0 || x >= this.state.n || y >= this.state.n) break;
      }
      this.render();
      this.focusCursor();
      e.preventDefault();
    } else if (e.key === "Enter" || e.key === " ") {
      this.tap(this.cursor);
      this.focusCursor();
      e.preventDefault();
    } else if (e.key === "Escape" && this.selected) {
      this.select(null);
      e.preventDefault();
    }
  }
}
