// The board: one SVG for the 8×8 board and the 160-square cross. Squares are grid cells with
// aria-labels; pieces are Unicode chess glyphs drawn as SVG text with an outline, coloured per
// player. Moves by click-click, drag-and-drop (mouse, pen, touch: pointer events) and keyboard
// (arrow keys move a cursor, Enter/Space picks up and drops).

const SVG = "http://www.w3.org/2000/svg";
const FILES = "abcdefghijklmn";
const GLYPH = { king: "♚", queen: "♛", rook: "♜", bishop: "♝", knight: "♞", pawn: "♟" };
// Marks of the four seats, as on the original site, so colour is never the only cue.
const MARK = { red: "●", blue: "▲", yellow: "■", green: "◆" };

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

export class Board {
  /**
   * @param {HTMLElement} host where the SVG goes
   * @param {object} hooks { legalFrom(square) -> Move[], onMove(from, to, moves), label(piece|null, square) -> string }
   */
  constructor(host, hooks) {
    this.host = host;
    this.hooks = hooks;
    this.state = null;
    this.selected = null;
    this.targets = [];
    this.cursor = null; // square with keyboard focus
    this.drag = null;
    this.svg = el("svg", { role: "grid", class: "board", tabindex: "-1" });
    host.replaceChildren(this.svg);
    this.svg.addEventListener("pointerdown", (e) => this.pointerDown(e));
    this.svg.addEventListener("pointermove", (e) => this.pointerMove(e));
    this.svg.addEventListener("pointerup", (e) => this.pointerUp(e));
    this.svg.addEventListener("pointercancel", () => this.cancelDrag());
    this.svg.addEventListener("keydown", (e) => this.keyDown(e));
    this.svg.addEventListener("focusin", (e) => {
      // Focus moved onto a square (Tab, a click, a screen reader): the cursor follows it.
      const sq = e.target.closest?.("[data-square]")?.dataset.square;
      if (!sq || sq === this.cursor) return;
      this.svg.querySelector(`[data-square="${this.cursor}"]`)?.setAttribute("tabindex", "-1");
      this.cursor = sq;
      e.target.setAttribute("tabindex", "0");
    });
    this.svg.addEventListener("contextmenu", (e) => this.drag && e.preventDefault());
  }

  /**
   * state: { n: 8|14, pieces, rot (quarter turns counter-clockwise: 0 red/white at the
   * bottom, 1 blue, 2 yellow/black, 3 green), last: {from,to}?, hint: {from,to}?, checked:
   * [square], hill: [square], finish: [square], interactive, showLegal, ariaLabel }
   */
  update(state) {
    const changedPosition =
      !this.state || this.state.key !== state.key || this.state.interactive !== state.interactive;
    this.state = state;
    if (changedPosition) {
      this.selected = null;
      this.targets = [];
    }
    this.render();
  }

  /** View cell (x, y) of a square for the current rotation. */
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
    // Undo the rotation: clockwise turns.
    for (let i = 0; i < this.state.rot; i++) [x, y] = [n - 1 - y, x];
    const f = x;
    const r = n - 1 - y;
    return missing(n, f, r) ? null : squareName(f, r);
  }

  render() {
    const s = this.state;
    const n = s.n;
    const svg = this.svg;
    const M = 0.55; // margin for coordinates
    svg.setAttribute("viewBox", `${-M} 0 ${n + M} ${n + M}`);
    svg.setAttribute("aria-label", s.ariaLabel ?? "Board");
    svg.classList.toggle("cross", n === 14);
    svg.classList.toggle("live", !!s.interactive);

    const pieces = new Map(s.pieces.map((p) => [p.square, p]));
    const targetSet = new Map(this.targets.map((m) => [m.to, m]));
    const hill = new Set(s.hill ?? []);
    const finish = new Set(s.finish ?? []);
    const checked = new Set(s.checked ?? []);
    const rows = [];
    const defs = el("defs");
    defs.innerHTML = `
      <radialGradient id="check-glow"><stop offset="0%" stop-color="#ff2a2a" stop-opacity="0.95"/>
        <stop offset="55%" stop-color="#e01010" stop-opacity="0.6"/><stop offset="100%" stop-color="#e01010" stop-opacity="0"/></radialGradient>
      <pattern id="flag" width="0.25" height="0.25" patternUnits="userSpaceOnUse">
        <rect width="0.125" height="0.125" fill="#000" fill-opacity="0.22"/>
        <rect x="0.125" y="0.125" width="0.125" height="0.125" fill="#000" fill-opacity="0.22"/></pattern>`;
    rows.push(defs);

    if (!this.cursor || !pieces.has(this.cursor)) {
      // keep the cursor where it is if it is still a square, else put it on a sensible square
      if (!this.cursor || !this.isSquare(this.cursor)) this.cursor = this.defaultCursor();
    }

    const grid = [];
    for (let f = 0; f < n; f++) {
      for (let r = 0; r < n; r++) {
        if (missing(n, f, r)) continue;
        const { x, y } = this.view(f, r);
        (grid[y] ??= [])[x] = { f, r };
      }
    }
    for (let y = 0; y < n; y++) {
      const row = el("g", { role: "row" });
      for (let x = 0; x < n; x++) {
        const cell = grid[y]?.[x];
        if (!cell) continue;
        const { f, r } = cell;
        const sq = squareName(f, r);
        const piece = pieces.get(sq);
        const dark = (f + r) % 2 === 0;
        const g = el("g", {
          role: "gridcell",
          class: "sq",
          "data-square": sq,
          transform: `translate(${x} ${y})`,
          tabindex: sq === this.cursor ? "0" : "-1",
          "aria-label": this.hooks.label(piece ?? null, sq),
        });
        if (piece) g.dataset.piece = `${piece.grey ? "grey" : piece.color}-${piece.piece}`;
        if (sq === this.selected) g.setAttribute("aria-selected", "true");
        g.append(el("rect", { width: 1, height: 1, class: dark ? "dark" : "light" }));
        if (hill.has(sq)) g.append(el("rect", { width: 1, height: 1, class: "hill" }));
        if (finish.has(sq)) g.append(el("rect", { width: 1, height: 1, class: "finish", fill: "url(#flag)" }));
        if (s.last && (sq === s.last.from || sq === s.last.to)) {
          g.append(el("rect", { width: 1, height: 1, class: "last" }));
        }
        if (sq === this.selected) g.append(el("rect", { width: 1, height: 1, class: "selected" }));
        if (s.hint && (sq === s.hint.from || sq === s.hint.to)) {
          // An outlined square, dashed where the piece starts and solid where it goes: shape,
          // not only colour, tells it from the last move's fill.
          const end = sq === s.hint.to ? "to" : "from";
          g.dataset.hint = end;
          g.append(el("rect", { x: 0.06, y: 0.06, width: 0.88, height: 0.88, rx: 0.08, class: `hint-mark hint-${end}` }));
        }
        if (checked.has(sq)) g.append(el("circle", { cx: 0.5, cy: 0.5, r: 0.55, class: "check", fill: "url(#check-glow)" }));
        if (piece) g.append(this.pieceNode(piece, this.drag?.from === sq && this.drag.moved));
        const target = targetSet.get(sq);
        if (target && s.showLegal) {
          g.classList.add("target");
          g.append(
            piece
              ? el("circle", { cx: 0.5, cy: 0.5, r: 0.44, class: "capture-ring" })
              : el("circle", { cx: 0.5, cy: 0.5, r: 0.15, class: "dot" }),
          );
        }
        if (sq === this.cursor) g.append(el("rect", { x: 0.04, y: 0.04, width: 0.92, height: 0.92, class: "cursor" }));
        row.append(g);
      }
      rows.push(row);
    }

    // Coordinates: the left column and the bottom row of the view, labelled with whatever the
    // rotation puts there (files or ranks).
    const coords = el("g", { class: "coords", "aria-hidden": "true" });
    const mid = Math.floor(n / 2);
    for (let i = 0; i < n; i++) {
      const colSq = this.squareAt(i, mid) ?? this.squareAt(i, n - 1);
      const rowSq = this.squareAt(mid, i) ?? this.squareAt(0, i);
      const even = this.state.rot % 2 === 0;
      if (colSq) {
        const p = parseSquare(colSq);
        coords.append(el("text", { x: i + 0.5, y: n + 0.38 }, even ? FILES[p.f] : String(p.r + 1)));
      }
      if (rowSq) {
        const p = parseSquare(rowSq);
        coords.append(el("text", { x: -M / 2, y: i + 0.55 }, even ? String(p.r + 1) : FILES[p.f]));
      }
    }
    rows.push(coords);
    if (s.hint && this.isSquare(s.hint.from) && this.isSquare(s.hint.to)) rows.push(this.hintArrow(s.hint));
    this.dragLayer = el("g", { class: "drag-layer", "aria-hidden": "true" });
    rows.push(this.dragLayer);

    const hadFocus = this.svg.contains(document.activeElement);
    svg.replaceChildren(...rows);
    if (hadFocus) this.focusCursor();
    this.animateLast();
  }

  /** Slides the piece of a new last move from its start square (not after a drag-drop). */
  animateLast() {
    const last = this.state.last;
    const key = last ? `${this.state.key}|${last.from}${last.to}` : null;
    if (!last || key === this.animated) return;
    const first = this.animated === undefined;
    this.animated = key;
    if (first || this.dropped === last.to || !this.state.animate) {
      this.dropped = null;
      return;
    }
    if (matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const a = parseSquare(last.from);
    const b = parseSquare(last.to);
    const va = this.view(a.f, a.r);
    const vb = this.view(b.f, b.r);
    const piece = this.svg.querySelector(`[data-square="${last.to}"] .piece`);
    piece?.animate?.(
      [{ transform: `translate(${va.x - vb.x}px, ${va.y - vb.y}px)` }, { transform: "translate(0px, 0px)" }],
      { duration: 160, easing: "ease-out" },
    );
  }

  /** An arrow from the centre of the hint's start square to its destination, over the pieces. */
  hintArrow(hint) {
    const a = parseSquare(hint.from);
    const b = parseSquare(hint.to);
    const va = this.view(a.f, a.r);
    const vb = this.view(b.f, b.r);
    const [x0, y0, x1, y1] = [va.x + 0.5, va.y + 0.5, vb.x + 0.5, vb.y + 0.5];
    const len = Math.hypot(x1 - x0, y1 - y0);
    const g = el("g", { class: "hint-arrow", "aria-hidden": "true" });
    if (!len) return g;
    // Drawn along +x, then turned: shaft from just off the start square's centre, head at the
    // destination's centre.
    const w = 0.08;
    const hw = 0.24;
    const hl = 0.36;
    const s0 = Math.min(0.22, len / 4);
    const d = `M ${s0} ${-w} L ${len - hl} ${-w} L ${len - hl} ${-hw} L ${len} 0 L ${len - hl} ${hw} L ${len - hl} ${w} L ${s0} ${w} Z`;
    const angle = (Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI;
    g.append(el("path", { d, transform: `translate(${x0} ${y0}) rotate(${angle})` }));
    return g;
  }

  pieceNode(piece, ghosted) {
    const g = el("g", { class: `piece ${piece.grey ? "grey" : piece.color}${ghosted ? " ghosted" : ""}`, "aria-hidden": "true" });
    g.append(el("text", { x: 0.5, y: 0.56 }, GLYPH[piece.piece] + "\uFE0E"));
    if (MARK[piece.color] && !piece.grey) g.append(el("text", { x: 0.86, y: 0.2, class: "mark" }, MARK[piece.color]));
    return g;
  }

  isSquare(sq) {
    const { f, r } = parseSquare(sq);
    return f >= 0 && f < this.state.n && r >= 0 && r < this.state.n && !missing(this.state.n, f, r);
  }

  defaultCursor() {
    const n = this.state.n;
    return this.squareAt(Math.floor(n / 2), n - 2) ?? this.squareAt(Math.floor(n / 2), n - 1);
  }

  focusCursor() {
    this.svg.querySelector(`[data-square="${this.cursor}"]`)?.focus({ preventScroll: true });
  }

  // --- selection and moving ---------------------------------------------------------------
  select(sq) {
    this.selected = sq;
    this.targets = sq ? this.hooks.legalFrom(sq) : [];
    this.render();
  }

  /** A tap (click, touch, Enter) on a square. */
  tap(sq) {
    if (!this.state.interactive) return;
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
    if (!this.state?.interactive || (e.button !== undefined && e.button !== 0)) return;
    const hit = this.eventSquare(e);
    if (!hit?.sq) return;
    this.cursor = hit.sq;
    const movable = this.hooks.legalFrom(hit.sq).length > 0;
    const isTarget = this.selected && this.targets.some((m) => m.to === hit.sq);
    if (movable && !isTarget) {
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
      this.pendingTap = hit.sq;
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
      const piece = this.state.pieces.find((p) => p.square === d.from);
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
      const hit = this.eventSquare(e);
      if (hit?.sq && hit.sq === this.pendingTap) this.tap(hit.sq);
      this.pendingTap = null;
      return;
    }
    this.drag = null;
    const hit = this.eventSquare(e);
    if (!d.moved) {
      // A plain click on a movable piece: it is selected now; a second click deselects.
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
      this.render();
    }
  }

  keyDown(e) {
    if (!this.state) return;
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
