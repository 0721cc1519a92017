// The position editor and the square queries in strict TypeScript, with no cast (no `as`, no
// `!`, no `any`): a PGN import narrowed with isTwoPlayer / isFourPlayer, Status narrowed on
// `over`, squares typed by the game's board. The `@ts-expect-error` lines must stay errors.
import {
  TableroError, isFourPlayer, isTwoPlayer, newGame, setup, validateFen,
  type BoardPiece, type CastlingRight, type FenCheck, type FenProblem, type Game, type Seat, type Setup,
  type Side, type Square4, type Square8, type Status,
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

const PGN = '[Event "Casual"]\n[White "Ada"]\n[Black "Grace"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n';

export function editor(): string[] {
  const out: string[] = [];
  const imported: Game = newGame({ pgn: PGN });
  if (!isTwoPlayer(imported)) throw new Error("a chess PGN is a two-player game");
  const game: Game<Side> = imported;
  check(!isFourPlayer(game), "not four players");

  // Status narrows on `over`.
  const status: Status<Side> = game.status();
  if (status.over) {
    const reason: string = status.result.reason;
    out.push(`over ${reason}`);
  } else {
    const turn: Side = status.turn;
    out.push(`turn ${turn}`);
  }

  // Square queries, typed by the board.
  const knight: BoardPiece<Side> | null = game.get("c6");
  const attackers: Square8[] = game.attackers("e5", "white");
  const attacked: boolean = game.isAttacked("b5", "black");
  const rights: CastlingRight<Side>[] = game.castlingRights();
  check(knight !== null && knight.piece === "knight" && knight.color === "black", "get");
  check(attackers.length === 1 && attackers[0] === "f3" && attacked, "attackers");
  check(rights.length === 4 && rights[0].rook === "h1", "castling rights");
  // @ts-expect-error: e9 is not a square
  check(refused(() => game.get("e9")), "e9 refused");
  // @ts-expect-error: a two-player game has no red player
  check(refused(() => game.attackers("e4", "red")), "red refused");

  // validateFen: a discriminated answer.
  const bad: FenCheck = validateFen("8/8/8/8/8/8/8/K7 w - - 0 1");
  const code: FenProblem | "ok" = bad.ok ? "ok" : bad.code;
  const good = validateFen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", { variant: "chess" });
  const fen: string = good.ok ? good.fen : good.message;
  check(code === "king-count" && fen === "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "validateFen");

  // A two-player setup.
  const s: Setup<Side> = setup({ variant: "3check" });
  s.clear();
  s.put("e1", { piece: "king", color: "white" });
  s.put("e8", { piece: "king", color: "black" });
  s.put("h1", { piece: "rook", color: "white" });
  s.put("a7", { piece: "pawn", color: "white" });
  s.put("a7", null);
  s.turn = "black";
  s.castling = [{ player: "white", side: "king" }];
  s.epSquare = null;
  const ep: Square8 | null = s.epSquare;
  s.remainingChecks = { white: 2, black: 3 };
  const remaining: { white: number; black: number } | undefined = s.remainingChecks;
  const piece: BoardPiece<Side> | null = s.get("h1");
  const pieces: BoardPiece<Side>[] = s.board();
  const checked: FenCheck = s.validate();
  check(ep === null && remaining?.white === 2 && piece?.piece === "rook" && pieces.length === 3, "setup fields");
  check(checked.ok && s.fen() === "4k3/8/8/8/8/8/8/4K2R b K - 2+3 0 1" && s.castling[0].rook === "h1", "setup fen");
  const fromSetup: Game<Side> = s.newGame({ seed: 1 });
  out.push(`setup ${fromSetup.fen()}`);
  // @ts-expect-error: "z1" is not a square
  check(refused(() => s.put("z1", null)), "z1 refused");
  fromSetup.free();
  s.free();

  // A four-player setup.
  const f: Setup<Seat> = setup({ variant: "fourplayer", rules: "ffa" });
  f.points = { blue: 12 };
  f.out = ["yellow"];
  const points: Record<Seat, number> | undefined = f.points;
  const outSeats: Seat[] | undefined = f.out;
  f.castling = [{ player: "red", side: "queen", rook: "d1" }];
  const four: Game<Seat> = f.newGame();
  const attackers4: Square4[] = four.attackers("h3");
  check(points?.blue === 12 && outSeats?.[0] === "yellow" && attackers4.length === 2, "four-player setup");
  check(four.castlingRights().length === 1 && four.get("h1")?.piece === "king", "four-player queries");
  // @ts-expect-error: a1 is a cut corner of the cross board
  check(refused(() => four.get("a1")), "a1 refused");
  out.push(`fourplayer-setup ${four.score()[1].points}`);
  four.free();
  f.free();
  game.free();
  return out;
}
