// The online client's calls of issue 50 in strict TypeScript, with no cast: offers and their
// answers, abort, chat on both channels, cancelling a waiting room, clocks and the state's
// offers, rematch and watchers. `onlineCalls` needs a server, so it is only type-checked;
// `clockFacts` runs. The `@ts-expect-error` lines must stay errors.
import {
  OnlineClient, OnlineError, remainingMs,
  type ChatLine, type CreateRoom, type OfferKind, type Room, type RoomState,
} from "tablero-chess/online";

/** A room with a 3+2 clock, then every call a page makes on it. */
export async function onlineCalls(client: OnlineClient): Promise<string[]> {
  const options: CreateRoom = { game: "chess", clock: { initial: 180, increment: 2 } };
  const created = await client.createRoom(options);
  const spare = await client.createRoom({ game: "ffa", clock: { initial: 60, increment: 0 } });
  const cancelled: { ok: true } = await client.cancelRoom(spare.id);
  const room: Room = client.openRoom(created.id);
  const kinds: OfferKind[] = ["draw", "takeback", "rematch"];
  let state: RoomState = await room.offer("draw");
  state = await room.answer("takeback", false);
  state = await room.abort();
  state = await room.chat("<b>gg</b>");
  state = await room.chat("white is winning", "watchers");
  // @ts-expect-error: no such offer
  await room.offer("pause");
  // @ts-expect-error: an answer says yes or no
  await room.answer("draw");
  // @ts-expect-error: no such channel
  await room.chat("hi", "everyone");
  room.on("chat", (lines: ChatLine[], all: ChatLine[]) => {
    for (const l of lines) console.log(l.channel, l.seat ?? "watcher", l.text, all.length);
  });
  room.on("rematch", (id: string, s: RoomState) => console.log(id, s.rematch));
  const offers = state.offers.map((o) => `${o.offer} by ${o.by} (${o.accepted.join(",")})`);
  const left: number | null = room.clockMs("white");
  const lobby = await client.rooms();
  const watched = lobby.games.map((g) => `${g.id} ${g.watchers}`);
  return [
    String(cancelled.ok), kinds.join(","), ...offers, String(left), String(state.watchers),
    state.rematch ?? "no rematch", String(state.abortable), ...watched,
  ];
}

/** What runs without a server: remaining time from a state, and the error type. */
export function clockFacts(): string {
  const none = remainingMs(null, "white", 0);
  const e = new OnlineError("too-late", "every player has moved");
  const code: string = e.code;
  return `online clock=${none} error=${code}`;
}
