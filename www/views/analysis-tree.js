// The analysis board's move list: the package's game tree drawn as PGN writes it (the main
// line, each variation in parentheses after the move it stands beside, comments and glyphs),
// every move a button that goes there; and the panel that annotates the move shown (glyphs,
// comment, promote, delete). Its own file because it redraws on its own: a comment saved
// changes the list and nothing else.
import { isFour } from "../games.js";
import { $ } from "./common.js";
import { an, gameTree, pathKey, pos, setAttr, setProp } from "./analysis-state.js";

/** The move glyphs the annotate panel offers (NAGs 1-6) and how the list writes them. */
export const NAGS = [1, 2, 3, 4, 5, 6];
export const NAG_TEXT = { 1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!" };

/** The move list. Built anew only when the tree (or the review's classes) changed; moving
 * through the game moves the current mark alone: a rebuilt list of a long game is hundreds of
 * buttons to lay out again, for every step. */
export function renderTree() {
  const cur = pos().key;
  const reviewed = an.review?.done ? an.review : null;
  const box = $("an-tree");
  const shown = an.shown;
  if (shown.box === box && shown.version === an.read.version && shown.review === reviewed) {
    const old = box.querySelector('[aria-current="true"]');
    if (old?.dataset.path === cur) return;
    old?.removeAttribute("aria-current");
    const b = cur ? box.querySelector(`[data-path="${cur}"]`) : null;
    b?.setAttribute("aria-current", "true");
    scrollTo(b);
    return;
  }
  shown.box = box;
  shown.version = an.read.version;
  shown.review = reviewed;
  const tree = gameTree();
  const four = isFour(an.choice);
  const classes = reviewed?.classes ?? null;
  const frag = document.createDocumentFragment();
  if (tree.comment) frag.append(commentNode(tree.comment));
  // A line: its moves, each followed by its comment and, after a move with siblings, the
  // siblings' lines in parentheses (as PGN writes them).
  const line = (nodes, ply0, parentEl, first) => {
    let node = nodes[0];
    let ply = ply0;
    let showNumber = true;
    let siblings = nodes.slice(1);
    let firstMove = first;
    while (node) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "an-move";
      b.dataset.path = pathKey(node.path);
      const numbered = four ? showNumber || ply % 4 === 0 : node.player === "white" || showNumber;
      const num = four ? `${Math.floor(ply / 4) + 1}.` : node.player === "white" ? `${Math.floor(ply / 2) + 1}.` : `${Math.floor(ply / 2) + 1}…`;
      b.textContent = (numbered ? num + " " : "") + (node.san || node.uci) + node.nags.map((n) => NAG_TEXT[n] ?? "").join("");
      const key = pathKey(node.path);
      if (key === cur) b.setAttribute("aria-current", "true");
      if (classes && node.path.every((x) => x === 0)) {
        const c = classes[node.path.length - 1];
        if (c) b.dataset.class = c;
      }
      if (firstMove && node.path.some((x) => x !== 0)) b.classList.add("an-varstart");
      parentEl.append(b, " ");
      if (node.comment) parentEl.append(commentNode(node.comment), " ");
      showNumber = !!node.comment;
      for (const s of siblings) {
        const v = document.createElement("span");
        v.className = "an-var";
        v.append("( ");
        line([s], ply, v, true);
        v.append(") ");
        parentEl.append(v);
        showNumber = true;
      }
      siblings = node.children.slice(1);
      ply++;
      firstMove = false;
      node = node.children[0];
    }
  };
  line(tree.children, 0, frag, false);
  box.replaceChildren(frag);
  scrollTo(box.querySelector('[aria-current="true"]'));
}

/** Scrolls the list to the current move at the next frame: scrolling needs the layout, which
 * read now would be laid out twice (now, and again after the rest of the redraw). */
function scrollTo(b) {
  if (b) requestAnimationFrame(() => b.isConnected && b.scrollIntoView?.({ block: "nearest" }));
}

function commentNode(text) {
  const s = document.createElement("span");
  s.className = "an-comment";
  s.textContent = text;
  return s;
}

/** The annotate panel, for the move shown. */
export function renderAnnotate() {
  const { path: p, node } = pos();
  const atMove = p.length > 0;
  // (Set only where it differs: a step through the game redraws the panel.)
  for (const b of document.querySelectorAll(".an-nags [data-nag]")) {
    setProp(b, "disabled", !atMove);
    setAttr(b, "aria-pressed", String(atMove && node.nags.includes(Number(b.dataset.nag))));
  }
  setProp($("an-comment"), "value", node?.comment ?? "");
  setProp($("an-promote"), "disabled", !atMove || p.every((x) => x === 0));
  setProp($("an-delete"), "disabled", !atMove);
}
