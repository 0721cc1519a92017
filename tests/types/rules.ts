// The rules-only entry (`tablero-chess/rules`) in strict TypeScript, with no cast: its games
// are two-player games (`RulesGame`: `Game<Side>` without the computer's calls and the
// editor's square queries); the position editor is the full entry's. The `@ts-expect-error`
// lines must stay errors.
import * as rules from "tablero-chess/rules";
import {
  Game, TableroError, newGame,
  type BoardPiece, type Move, type RulesGame, type Side, type Square8, type Status,
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
  // @ts-expect-error: nor the position editor (the full entry has it).
  void rules.setup;
  // @ts-expect-error: nor the editor's square queries.
  void game.attackers;
  const back: RulesGame = Game.fromJSON(JSON.stringify(game));
  const code = (f: () => unknown): string => {
    try {
      f();
      return "none";
    } catch (e) {
      return e instanceof TableroError ? e.code : "not a TableroError";
    }
  };
  const pgn4 = code(() => newGame({ pgn: '[Variant "FFA"]\n\n1. h2-h3 *' }));
  // Called anyway, the editor's calls throw a coded error rather than being missing.
  const editor = code(() => Reflect.apply(Reflect.get(rules, "setup"), undefined, []));
  const attackers = code(() => Reflect.apply(Reflect.get(game, "attackers"), game, ["e4"]));
  return [
    `rules ${side} ${turn} ${piece?.piece} ${back.ply} ${pgn4} ${editor} ${attackers} ${typeof Reflect.get(game, "aiMove")}`,
  ];
}
