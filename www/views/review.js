// The game review: every position of the main line analysed in the view's worker at
// REVIEW_DEPTH, in order, with a progress bar; each move classified by the expected score its
// player lost (evaluation.js); an evaluation graph to jump from; counts per player; the better
// move of an inaccuracy, mistake or blunder. Four players: each seat's points over the game
// and the moves that cost the most. A file of its own because the review is a task of its own
// that owns the worker while it runs (the live analysis waits) and writes into the record.
import { t, getLang, seatName } from "../i18n/index.js";
import { isFour } from "../games.js";
import { expected, classify, CLASSES, NAG_OF, MATE_SCORE } from "../evaluation.js";
import { $, swatch } from "./common.js";
import { an, analyser, gameTree, keep, lineJson, mainLine, mainPath, pathKey, pos, setProp, touched, whiteScore, REVIEW_DEPTH } from "./analysis-state.js";
import { renderAnnotate, renderTree } from "./analysis-tree.js";
import { startEngine } from "./analysis-engine.js";

/** Reviews the main line of the game shown (the live analysis waits until it is done). */
export async function startReview() {
  const g = an.game;
  // Read afresh: the review writes into the record it reads.
  touched();
  const mine = ++an.reviewGen;
  an.engine.gen++;
  an.analyser?.stop();
  const nodes = mainLine(gameTree());
  const back = pos().path;
  g.goTo(mainPath(nodes.length));
  const full = lineJson(g);
  const end = g.status();
  g.goTo(back);
  const n = nodes.length;
  const review = { key: nodes.map((x) => x.uci).join(" "), n, done: false, evals: new Array(n + 1), classes: [], best: [], four: isFour(an.choice) };
  an.review = review;
  if (review.four) {
    review.swings = fourSwings(nodes, g.players);
    review.done = true;
    an.redraw.all();
    startEngine();
    return;
  }
  renderReview();
  delete full.declared;
  for (let i = 0; i <= n; i++) {
    const mover = i < n ? nodes[i].player : nodes[n - 1]?.player === "white" ? "black" : "white";
    let ev;
    if (i === n && end.over) {
      const winners = end.result?.winners ?? [];
      const w = winners.length === 1 ? winners[0] : null;
      ev = { white: w === "white" ? 1 : w === "black" ? 0 : 0.5, cp: w === "white" ? MATE_SCORE : w === "black" ? -MATE_SCORE : 0 };
    } else {
      let res;
      try {
        res = await analyser().analyse({ ...full, moves: full.moves.slice(0, i) }, { depth: REVIEW_DEPTH });
      } catch (err) {
        if (mine !== an.reviewGen) return;
        an.review = null;
        $("an-error").textContent = t("error", { message: err.message });
        $("an-error").hidden = false;
        return an.redraw.all();
      }
      if (mine !== an.reviewGen) return;
      const cp = whiteScore(res.score, mover);
      ev = { white: expected(cp), cp, mate: res.mate, best: res.move };
    }
    review.evals[i] = ev;
    renderReview();
  }
  for (let i = 0; i < n; i++) {
    const white = nodes[i].player === "white";
    const before = review.evals[i].white;
    const after = review.evals[i + 1].white;
    const drop = white ? before - after : after - before;
    review.classes[i] = classify(drop, review.evals[i].best?.uci === nodes[i].uci);
  }
  // The record's notes a few moves per task, then the redraw in two: no task near 50 ms
  // (each took 50-70 ms at once with the CPU slowed 4×).
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  for (let i = 0; i < n; i += 16) {
    annotateReview(nodes, review, i, Math.min(n, i + 16));
    touched();
    await nextTask();
    if (mine !== an.reviewGen) return;
  }
  keep();
  review.done = true;
  renderReview();
  an.redraw.board();
  await nextTask();
  if (mine !== an.reviewGen) return;
  renderTree();
  renderAnnotate();
  startEngine();
}

/** Writes the review into the record: each main-line move's [%eval] and, where the move has
 * no glyph yet, ?!, ? or ?? for an inaccuracy, a mistake or a blunder. */
function annotateReview(nodes, review, from, to) {
  for (let i = from; i < to; i++) {
    const ev = review.evals[i + 1];
    const changes = {};
    if (Math.abs(ev.cp) >= MATE_SCORE) {
      if (ev.mate) changes.eval = { mate: Math.sign(ev.cp) * Math.ceil(Math.abs(ev.mate) / 2), depth: REVIEW_DEPTH };
    } else changes.eval = { cp: ev.cp, depth: REVIEW_DEPTH };
    const nag = NAG_OF[review.classes[i]];
    if (nag && !nodes[i].nags.some((x) => x <= 6)) changes.nags = [...nodes[i].nags, nag];
    try {
      an.game.annotate(nodes[i].path, changes);
    } catch {
      /* a value the record cannot hold (or a move deleted meanwhile): the review still shows it */
    }
  }
}

/** Four players: each seat's points after every move, and the moves after which their
 * player's lead over the best other seat fell the most within one round. */
function fourSwings(nodes, players) {
  const pts = Object.fromEntries(players.map((p) => [p, 0]));
  const series = [{ ...pts }];
  for (const node of nodes) {
    for (const s of node.scoring ?? []) pts[s.player] = (pts[s.player] ?? 0) + s.points;
    series.push({ ...pts });
  }
  const lead = (i, p) => series[i][p] - Math.max(...players.filter((q) => q !== p).map((q) => series[i][q]));
  const k = players.length;
  const losses = nodes
    .map((node, i) => ({ i, player: node.player, san: node.san || node.uci, loss: lead(i, node.player) - lead(Math.min(i + k, nodes.length), node.player) }))
    .filter((x) => x.loss > 0 && x.player)
    .sort((a, b) => b.loss - a.loss || a.i - b.i)
    .slice(0, 5);
  return { series, losses, players };
}

/** The review panel: progress, graph, counts and the better move. */
export function renderReview() {
  const r = an.review;
  const go = $("an-review-go");
  const prog = $("an-progress");
  setProp(go, "disabled", !!r && !r.done);
  const current = r && mainLine(gameTree()).map((x) => x.uci).join(" ") === r.key ? r : null;
  if (!r) {
    // (Set only where it differs: a step through the game comes here.)
    setProp(prog, "hidden", true);
    if ($("an-graph").firstChild) $("an-graph").replaceChildren();
    if ($("an-counts").firstChild) $("an-counts").replaceChildren();
    setProp($("an-better"), "hidden", true);
    return;
  }
  const filled = r.four ? r.n + 1 : r.evals.filter(Boolean).length;
  prog.hidden = r.done;
  prog.max = r.n + 1;
  prog.value = filled;
  prog.setAttribute("aria-valuetext", t("anReviewProgressN", { n: filled, total: r.n + 1 }));
  renderGraph(r);
  $("an-counts").replaceChildren(r.done && current ? (r.four ? lossesTable(r) : countsTable(r)) : "");
  renderBetter(current);
}

const SVGNS = "http://www.w3.org/2000/svg";
const svgEl = (name, attrs = {}) => {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
};

/** White's expected score over the game (0 at the bottom, 1 at the top), a column per
 * position to click. Built once per review; while the review runs and while the player moves through the game only the line, the area and
 * the cursor change, so that no update lays out 81 new nodes. */
const GW = 300;
const GH = 80;
function graph(r) {
  const n = r.n;
  const x = (i) => (n ? (i / n) * GW : 0);
  const svg = svgEl("svg", { viewBox: `0 0 ${GW} ${GH}`, class: "an-graph-svg", role: "group", "aria-label": t("anGraph") });
  svg.append(svgEl("rect", { x: 0, y: 0, width: GW, height: GH, class: "an-graph-bg" }));
  const area = svgEl("polygon", { class: "an-graph-area", points: "" });
  const line = svgEl("polyline", { class: "an-graph-line", points: "" });
  const cursor = svgEl("line", { y1: 0, y2: GH, class: "an-graph-cursor" });
  svg.append(area, svgEl("line", { x1: 0, y1: GH / 2, x2: GW, y2: GH / 2, class: "an-graph-mid" }), line, cursor);
  const w = n ? GW / n : GW;
  const dots = svgEl("g");
  svg.append(dots);
  for (let i = 0; i <= n; i++) {
    const hit = svgEl("rect", { x: Math.max(0, x(i) - w / 2), y: 0, width: w, height: GH, class: "an-graph-hit", "data-ply": i });
    const title = svgEl("title");
    title.textContent = i === 0 ? t("first") : t("anGraphMove", { n: i });
    hit.append(title);
    svg.append(hit);
  }
  return { svg, area, line, cursor, x, dots, shown: -1, dotted: false };
}

/** The review's inaccuracies, mistakes and blunders as dots on the line, once it is done. */
function addDots(r, g) {
  g.dotted = true;
  r.classes.forEach((c, i) => {
    if (c === "mistake" || c === "blunder" || c === "inaccuracy") {
      g.dots.append(svgEl("circle", { cx: g.x(i + 1), cy: GH - r.evals[i + 1].white * GH, r: 2.5, class: `an-dot ${c}` }));
    }
  });
}

/** The line and the area up to the last position analysed. */
function updateGraph(r, g) {
  const filled = r.evals.findIndex((e) => !e);
  const upto = filled < 0 ? r.n : filled - 1;
  if (upto === g.shown) return;
  g.shown = upto;
  const pts = [];
  for (let i = 0; i <= upto; i++) pts.push(`${g.x(i).toFixed(1)},${(GH - r.evals[i].white * GH).toFixed(1)}`);
  g.line.setAttribute("points", pts.join(" "));
  g.area.setAttribute("points", pts.length ? `0,${GH} ${pts.join(" ")} ${g.x(upto).toFixed(1)},${GH}` : "");
}

/** The graph of review `r`, built when needed and otherwise brought up to date. */
function renderGraph(r) {
  const box = $("an-graph");
  const key = `${r.key}|${getLang()}`;
  if (!r.graph || r.graph.key !== key || !box.contains(r.graph.svg)) {
    r.graph = r.four ? fourGraph(r) : graph(r);
    r.graph.key = key;
    box.replaceChildren(r.graph.svg);
  }
  const g = r.graph;
  if (!r.four) updateGraph(r, g);
  if (!r.four && r.done && !g.dotted) addDots(r, g);
  const cur = pos().path;
  const onMain = cur.every((v) => v === 0);
  g.cursor.setAttribute("visibility", onMain ? "visible" : "hidden");
  if (onMain) {
    const cx = g.x(Math.min(cur.length, r.n)).toFixed(1);
    g.cursor.setAttribute("x1", cx);
    g.cursor.setAttribute("x2", cx);
  }
}

function countsTable(r) {
  const nodes = mainLine(gameTree());
  const table = document.createElement("table");
  table.className = "an-counts";
  const cap = document.createElement("caption");
  cap.textContent = t("anCounts");
  const head = document.createElement("tr");
  head.append(document.createElement("td"));
  for (const p of ["white", "black"]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = seatName(p);
    head.append(th);
  }
  table.append(cap, head);
  for (const c of CLASSES) {
    const tr = document.createElement("tr");
    tr.dataset.class = c;
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = t("cls_" + c);
    tr.append(th);
    for (const p of ["white", "black"]) {
      const td = document.createElement("td");
      td.textContent = String(r.classes.filter((x, i) => x === c && nodes[i]?.player === p).length);
      tr.append(td);
    }
    table.append(tr);
  }
  return table;
}

/** Four players: each seat's points over the game, one line per seat. */
function fourGraph(r) {
  const W = 300;
  const H = 80;
  const { series, players } = r.swings;
  const n = series.length - 1;
  const top = Math.max(1, ...series.flatMap((s) => players.map((p) => s[p])));
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, class: "an-graph-svg", role: "group", "aria-label": t("anGraph4") });
  svg.append(svgEl("rect", { x: 0, y: 0, width: W, height: H, class: "an-graph-bg" }));
  for (const p of players) {
    const pts = series.map((s, i) => `${((i / Math.max(1, n)) * W).toFixed(1)},${(H - (s[p] / top) * (H - 4)).toFixed(1)}`);
    svg.append(svgEl("polyline", { points: pts.join(" "), class: `an-graph-seat seat-${p}` }));
  }
  const w = n ? W / n : W;
  const x = (i) => (i / Math.max(1, n)) * W;
  const cursor = svgEl("line", { y1: 0, y2: H, class: "an-graph-cursor" });
  svg.append(cursor);
  for (let i = 0; i <= n; i++) {
    const hit = svgEl("rect", { x: Math.max(0, x(i) - w / 2), y: 0, width: w, height: H, class: "an-graph-hit", "data-ply": i });
    const title = svgEl("title");
    title.textContent = t("anGraphMove", { n: i });
    hit.append(title);
    svg.append(hit);
  }
  return { svg, cursor, x };
}

function lossesTable(r) {
  const box = document.createElement("div");
  const h = document.createElement("h3");
  h.textContent = t("anLosses");
  const ol = document.createElement("ol");
  for (const l of r.swings.losses) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.path = pathKey(mainPath(l.i + 1));
    b.textContent = `${Math.floor(l.i / 4) + 1}. ${l.san}`;
    li.append(swatch(l.player), seatName(l.player), " ", b, " ", t("anLostPoints", { n: l.loss }));
    ol.append(li);
  }
  if (!r.swings.losses.length) ol.append(Object.assign(document.createElement("li"), { textContent: t("anNoLosses") }));
  box.append(h, ol);
  return box;
}

/** The better move at the shown move, when the review judged it an inaccuracy or worse. */
export function betterMove() {
  const r = an.review;
  if (!r?.done || r.four) return null;
  const p = pos().path;
  if (!p.length || !p.every((x) => x === 0)) return null;
  const c = r.classes[p.length - 1];
  if (c !== "inaccuracy" && c !== "mistake" && c !== "blunder") return null;
  return r.evals[p.length - 1]?.best ?? null;
}

function renderBetter(current) {
  const box = $("an-better");
  const p = pos().path;
  const best = current ? betterMove() : null;
  if (!best) {
    box.hidden = true;
    return;
  }
  const c = current.classes[p.length - 1];
  box.hidden = false;
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = t("anShowBetter");
  box.replaceChildren(t("anBetter", { cls: t("cls_" + c), move: best.san || best.uci }), " ", b);
}

