// The game record (issue 49) in strict TypeScript, with no cast (no `as`, no `!`, no `any`):
// a lichess export imported and narrowed, its tree walked with typed nodes, the current line
// moved, a move annotated with every field, a variation promoted and deleted, the export's
// options, a save with the tree, and a PGN4's tree typed by seats. The `@ts-expect-error`
// lines must stay errors.
import {
  Game, TableroError, isFourPlayer, isTwoPlayer, newGame, splitPgn,
  type Annotation, type Arrow, type Command, type Evaluation, type Highlight, type PgnOptions,
  type Seat, type Side, type TreeNode, type TreeRoot,
} from "tablero-chess";

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`check failed: ${what}`);
}

/** Whether `f` throws `invalid-argument` (what the lines the types refuse do at run time). */
function refused(f: () => unknown): boolean {
  try {
    f();
  } catch (e) {
    return e instanceof TableroError && e.code === "invalid-argument";
  }
  return false;
}

const LICHESS = `[Event "Rated Blitz game"]
[Site "https://lichess.org/abcdefgh"]
[Result "*"]
[Variant "Standard"]

{ Before } 1. e4 { [%eval 0.36] [%clk 0:03:00] } 1... e5?! { [%evp 0.1] } ( 1... c5 { Sicilian } 2. Nf3 ( 2. c3 { [%eval 0.2,24] } 2... d5 ) 2... d6 ) 2. Nf3 $1 { [%cal Gg1f3] [%csl Re5] [%emt 0:00:02] } 2... Nc6 *
`;

const PGN4 = `[Variant "FFA"]
[RuleVariants "EnPassant"]
[StartFen4 "4PC"]

1. h2-h3 .. b7-c7 ( .. b8-c8 { alt } ) .. g13-g12 .. m8-l8
2. Qg1-h2 *
`;

export function record(): string[] {
  const [text] = splitPgn(LICHESS + "\n" + PGN4).filter((t) => t.includes("lichess"));
  const imported: Game = newGame({ pgn: text });
  if (!isTwoPlayer(imported)) throw new Error("a chess PGN is a two-player game");
  const game: Game<Side> = imported;

  // Walk the tree: every node a typed move with its annotations.
  const root: TreeRoot<Side> = game.tree();
  const walked: string[] = [];
  const walk = (nodes: TreeNode<Side>[], depth: number): void => {
    for (const node of nodes) {
      walked.push(`${"-".repeat(depth)}${node.san}`);
      walk(node.children, depth + 1);
    }
  };
  walk(root.children, 0);
  const e4: TreeNode<Side> = root.children[0];
  const clock: number | undefined = e4.clock;
  const evaluation: Evaluation | undefined = e4.eval;
  const e5: TreeNode<Side> = e4.children[0];
  const nags: number[] = e5.nags;
  const commands: Command[] | undefined = e5.commands;
  const nf3: TreeNode<Side> = e5.children[0];
  const arrows: Arrow[] | undefined = nf3.arrows;
  const highlights: Highlight[] | undefined = nf3.highlights;
  const emt: number | undefined = nf3.emt;
  const mover: Side = nf3.player;
  check(root.comment === "Before" && clock === 180_000 && evaluation?.cp === 36, "e4's annotations");
  check(nags[0] === 6 && commands?.[0].name === "evp" && arrows?.[0].to === "f3", "e5 and Nf3");
  check(highlights?.[0].square === "e5" && emt === 2000 && mover === "white", "Nf3's commands");

  // Move the current line into a variation and play there: a new variation.
  const c5: TreeNode<Side> = e4.children[1];
  game.goTo(c5.path);
  game.play("Nc3");
  const here: number[] = game.path();
  const note: Annotation = {
    comment: "Closed",
    commentBefore: "Or",
    nags: [5],
    clock: 60_000,
    eval: { mate: -3, depth: 20 },
    arrows: [{ color: "G", from: "b1", to: "c3" }],
    highlights: [{ color: "R", square: "d5" }],
  };
  game.annotate(here, note);
  game.annotate(here, { clock: null, highlights: null });
  const options: PgnOptions = { variations: true, comments: true, clocks: false };
  const written: string = game.pgn(options);
  const flat = written.replace(/\s+/g, " ");
  check(flat.includes("( { Or } 2. Nc3 $5 { Closed [%cal Gb1c3] [%eval #-3,20] } )"), written);
  // @ts-expect-error: NAGs are numbers
  check(refused(() => game.annotate(here, { nags: ["!?"] })), "a NAG as text refused");
  // @ts-expect-error: a path is a list of child indices
  check(refused(() => game.goTo("0.1")), "a path as text refused");

  // A save keeps the tree and the current line.
  const back: Game = Game.fromJSON(JSON.stringify(game));
  check(isTwoPlayer(back) && back.path().join() === here.join(), "the save's current line");
  back.free();

  // Promote the variation to the main line, then delete it.
  const promoted: number[] = game.promote(here);
  check(promoted.every((i) => i === 0), "promoted to the main line");
  game.deleteMove(promoted);
  const main: string = game.pgn({ variations: false, comments: false, clocks: false });

  // A PGN4's tree is typed by seats.
  const four: Game = newGame({ pgn: PGN4 });
  if (!isFourPlayer(four)) throw new Error("a PGN4 is a four-player game");
  const tree4: TreeRoot<Seat> = four.tree();
  const seat: Seat = tree4.children[0].children[1].player;
  check(seat === "blue" && tree4.children[0].children[1].comment === "alt", "the PGN4 variation");
  four.free();

  const out = [`record ${walked.length} ${here.join(",")} ${main.trim().split("\n").pop() ?? ""}`];
  game.free();
  return out;
}
