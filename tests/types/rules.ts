// The rules-only entry (`tablero-chess/rules`) in strict TypeScript, with no cast: its games
// are two-player games (`RulesGame`: `Game<Side>` without the computer's calls), its setups
// two-player setups. The `@ts-expect-error` lines must stay errors.
import {
  Game, TableroError, newGame, setup, validateFen,
  type BoardPiece, type Move, type RulesGame, type RulesSetup, type Side, type Square8, type Status,
} from "tablero-chess/rules";

export function rulesOnly(): string[] {
  const game: RulesGame = newGame({ variant: "3check" });
  const move: Move = game.play("e4");
  const side: Side = move.player;
  const status: Status = game.status();
  const turn: Side | null = status.over ? null : status.turn;
  const square: Square8 = "e4";
  const piece: BoardPiece | null = game.get(square);
  // @ts-expect-error: the rules-only entry has no computer opponent.
  void game.aiMove;
  // @ts-expect-error: nor four-player calls.
  void game.timeout;
  // @ts-expect-error: its games are two-player games: no four-player variant.
  void (() => newGame({ variant: "fourplayer" }));
  const editor: RulesSetup = setup({ fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1" });
  editor.put("a1", { piece: "rook", color: "white" });
  // @ts-expect-error: a two-player setup has no points.
  void editor.points;
  const fromSetup: RulesGame = editor.newGame();
  const back: RulesGame = Game.fromJSON(JSON.stringify(game));
  let code = "none";
  try {
    newGame({ pgn: '[Variant "FFA"]\n\n1. h2-h3 *' });
  } catch (e) {
    if (e instanceof TableroError) code = e.code;
  }
  const check = validateFen(fromSetup.fen());
  return [
    `rules ${side} ${turn} ${piece?.piece} ${back.ply} ${check.ok ? check.fen : check.code} ${code} ${typeof Reflect.get(game, "aiMove")}`,
  ];
}
