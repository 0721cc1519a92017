// A strict TypeScript program that uses every public call of tablero-chess for a two-player
// and a four-player game, with no cast (no `as`, no `!`, no `any`). tests/types/types.test.mjs
// type-checks it in a DOM project and in a Node-only project, then runs it in Node.
//
// The `@ts-expect-error` lines are the other half: they must stay errors, so the types are
// really narrowed (a two-player game's players are not seats).
import {
  type AnalysisLine,
  Game, TableroError, games, newGame, splitPgn,
  type Analysis, type GameId, type GameInfo, type RoomGame, type Rules, type Variant, type AnalyseOptions, type BoardPiece, type ErrorCode, type Facts, type Headers, type Move, type MoveInput, type Player,
  type PositionView, type ResultReason, type SavedGame, type Score, type Seat, type Side, type Status,
} from "tablero-chess";

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`check failed: ${what}`);
}

function codeOf(f: () => unknown): ErrorCode | "none" {
  try {
    f();
  } catch (e) {
    if (e instanceof TableroError) return e.code;
    throw e;
  }
  return "none";
}

const REASONS: ResultReason[] = ["checkmate", "third-check", "points-lead"];

export function twoPlayer(): string[] {
  const out: string[] = [];
  const game = newGame({ variant: "3check", seed: 7 });
  const variant = game.variant;
  const players: Side[] = game.players;
  const facts: Facts = game.facts;
  check(variant === "3check" && players.length === 2 && facts.countsChecks && game.rules === undefined, "3check facts");
  check(game.seed === 7 && game.ply === 0, "seed and ply");

  // The README's patterns.
  game.play(game.legalMoves()[0]);
  game.play(game.aiMove({ level: 1, nodes: 200, seed: 1 }));
  const fromE2: Move<Side>[] = game.legalMoves("e2");
  const input: MoveInput = { from: "e2", to: "e4" };
  if (fromE2.length > 0) game.play(input);
  const last: Move<Side> | undefined = game.undo();
  check(last !== undefined, "undo returns the move");
  for (const m of ["e4", "e5", "Bc4", "Nc6", "Bxf7+", "Kxf7", "Qh5+", "g6", "Qxg6+"]) {
    try {
      game.play(m);
    } catch {
      /* the random opening above may have taken other squares; keep going */
    }
  }
  const status: Status<Side> = game.status();
  const turn: Side | null = status.turn;
  const winners: Side[] | undefined = status.result?.winners;
  const checks: number | undefined = game.score()[0].checks;
  const scores: Score<Side>[] = game.score();
  const board: BoardPiece<Side>[] = game.board();
  const view: PositionView<Side> = game.positionAt(1);
  const history: Move<Side>[] = game.history();
  out.push(`3check turn=${turn} winners=${winners?.join(",") ?? "-"} checks=${checks} scores=${scores.length}`);
  check(board.length > 0 && view.ply === 1 && history.length === game.ply, "board, view, history");
  check(typeof game.fen() === "string" && game.pgn().includes("[Variant"), "fen and pgn");
  if (status.result) check(REASONS.includes(status.result.reason) || status.result.reason === "checkmate", "reason");

  const chess = newGame();
  check(chess.perft(2) === 400, "perft 2");
  const cheap: string[] = chess.legalMovesUci();
  const cheapToo: string[] = chess.legalMoves({ format: "uci" });
  const fromG1: Move<Side>[] = chess.legalMoves({ from: "g1" });
  chess.playUci(cheap[0]);
  const undone: string | undefined = chess.undoUci();
  check(cheap.length === 20 && cheapToo.length === 20 && fromG1.length === 2 && undone === cheap[0], "cheap forms");
  check(chess.legalMovesUci("e2").length === 2, "cheap from");
  check(chess.claimDraw() === false, "nothing to claim");
  const analysis: Analysis<Side> = chess.analyse({ timeMs: 20 });
  chess.play(analysis.move);
  const hintOptions: AnalyseOptions = { nodes: 1000, seed: 2 };
  const hint: Analysis<Side> = chess.analyse(hintOptions);
  check(hint.move.uci === chess.analyse(hintOptions).move.uci, "reproducible hint");
  const multi: Analysis<Side> = chess.analyse({ depth: 2, multiPv: 2 });
  const lines: AnalysisLine<Side>[] = multi.lines ?? [];
  check(lines.length === 2 && lines[0].pv[0].player === chess.status().turn, "MultiPV lines");

  // isLegal, the board as rows and as text, headers, splitPgn.
  const legalNow: boolean = chess.isLegal("Nf6") || chess.isLegal(chess.legalMoves()[0]) || chess.isLegal({ from: "e7", to: "e5" });
  check(legalNow && !chess.isLegal("e4e5"), "isLegal");
  const rows: (BoardPiece<Side> | null)[][] = chess.boardRows();
  const cornerRook: Side | undefined = rows[7][0]?.color;
  check(rows.length === 8 && rows[0].length === 8 && cornerRook === "white", "boardRows");
  const art: string = chess.ascii();
  check(art.startsWith("8 r n b q k b n r"), "ascii");
  chess.setHeaders({ White: "Ada", Black: "Grace", Event: undefined, Site: null });
  const headers: Headers = chess.headers();
  const white: string | undefined = headers.White;
  check(white === "Ada" && chess.pgn().includes('[White "Ada"]'), "headers");
  const texts: string[] = splitPgn(chess.pgn() + "\n" + newGame().pgn());
  const imported: Game[] = texts.map((pgn) => newGame({ pgn }));
  check(texts.length === 2 && imported[0].headers().Black === "Grace", "splitPgn");
  check(codeOf(() => newGame({ pgn: texts.join("\n") })) === "invalid-pgn", "several games refused");
  for (const g of imported) g.free();
  out.push(`rows=${rows.length} legal=${legalNow} games=${texts.length}`);
  // @ts-expect-error a two-player game has no red seat
  const wrong: Seat | null = chess.status().turn;
  void wrong;
  chess.resign("black");
  check(chess.status().result?.reason === "resignation", "resigned");
  check(codeOf(() => chess.play("e4")) === "game-over", "game-over code");
  check(codeOf(() => chess.timeout()) !== "none", "timeout is four-player only");

  const saved: SavedGame = chess.toJSON();
  const again: Game = Game.fromJSON(saved);
  const fromText: Game = Game.fromJSON(JSON.stringify(chess));
  const anyPlayer: Player | null = again.status().turn;
  check(again.ply === chess.ply && fromText.ply === chess.ply && anyPlayer === null, "fromJSON");
  for (const g of [game, chess, again, fromText]) g.free();
  check(codeOf(() => chess.fen()) === "freed", "freed code");
  return out;
}

export function fourPlayer(): string[] {
  const game = newGame({ variant: "fourplayer", rules: "ffa", firstPlayer: "red", moveLimit: 400, seed: 1 });
  const players: Seat[] = game.players;
  check(players.join() === "red,blue,yellow,green" && game.rules === "ffa", "seats");
  game.playUci("h2h4");
  game.undoUci();
  game.play("h2h4");
  check(game.legalMovesUci().length > 0 && game.legalMoves({ format: "uci" }).length > 0, "four-player cheap forms");
  game.play(game.legalMoves()[0]);
  game.play(game.aiMove({ level: 1, nodes: 300 }));
  const turn: Seat | null = game.status().turn;
  const points: number = game.score()[0].points;
  const move: Move<Seat> | undefined = game.history()[0];
  game.resign("green");
  const green: Score<Seat> | undefined = game.score().find((s) => s.player === "green");
  check(green?.status === "resigned", "green resigned");
  // @ts-expect-error a four-player game has no white side
  check(codeOf(() => game.resign("white")) === "invalid-argument", "white is no seat");
  const rows: (BoardPiece<Seat> | null)[][] = game.boardRows();
  const corner: BoardPiece<Seat> | null = rows[0][0];
  const redRook: Seat | undefined = rows[13][3]?.color;
  check(rows.length === 14 && corner === null && redRook === "red", "four-player rows");
  check(game.ascii().split("\n").length === 16, "four-player ascii");
  check(!game.isLegal("Nf3") && !game.isLegal({ from: "a1", to: "a2" }), "four-player isLegal");
  game.setHeaders({ Red: "Ada", Blue: "Grace" });
  check(game.headers().Red === "Ada" && game.pgn().includes('[Blue "Grace"]'), "PGN4 headers");
  const hint: Analysis<Seat> = game.analyse({ nodes: 500, seed: 1 });
  check(game.isLegal(hint.move), "four-player hint");
  const kingdoms = newGame({ variant: "fourplayer", rules: "kingdoms" });
  kingdoms.timeout();
  check(kingdoms.score()[0].status === "timeout", "red timed out");
  kingdoms.free();
  const note: string | undefined = game.importNote;
  check(note === undefined, "no import note on a game not imported");
  const c960 = newGame({ variant: "chess960", position: 518 });
  const sides: Side[] = c960.players;
  check(c960.variant === "chess960" && sides.length === 2, "chess960");
  c960.free();
  // The table of games: its names are the unions newGame takes.
  const table: GameInfo[] = games();
  for (const row of table) {
    const id: GameId = row.id;
    const variant: Variant = row.variant;
    const rules: Rules | undefined = row.rules;
    const made: Game = newGame({ variant, rules });
    check(made.variant === variant && made.players.join() === row.playOrder.join() && row.facts.files === made.facts.files, id);
    made.free();
  }
  const room: RoomGame = "kingdoms";
  const chess960Room: RoomGame = "chess960";
  void chess960Room;
  // @ts-expect-error a name that is not in the table of games is no room's game
  const notARoom: RoomGame = "checkers";
  void notARoom;
  check(table.some((g) => g.id === room && g.timesOut), "kingdoms times out");
  const out = [`fourplayer turn=${turn} points=${points} first=${move?.san} games=${table.length}`];
  game.free();
  return out;
}
