// Helpers of the online tests that speak to the server through the client module in Node
// (pkg/tablero-online.js, with the wasm module loaded so moves are checked locally).
import assert from "node:assert/strict";
import WebSocket from "ws";
import "../node/load.mjs";
import { OnlineClient, OnlineError } from "../../pkg/tablero-online.js";

/** A client of `server` (startServer's), signed in with `token` when given. */
export const clientOf = (server, token) => new OnlineClient({ server: server.url, WebSocket, token });

/** Asserts that `p` rejects with an OnlineError of `code`. */
export const rejectsCode = (p, code) =>
  assert.rejects(p, (e) => {
    assert.ok(e instanceof OnlineError, String(e));
    assert.equal(e.code, code, e.message);
    return true;
  });

/** The state once it is `room`'s own seat's turn. */
export const turnOf = (room) => room.waitFor((s) => s.status.turn === room.seat);

/**
 * Two people (`names`) as Red and Yellow of a `game` room (four players) with computers of
 * level 1 as Blue and Green; answers `{a, b, ra, rb, id}` once the room plays.
 */
export async function partnersWithComputers(server, game, names) {
  const a = clientOf(server);
  const b = clientOf(server);
  await a.register(names[0]);
  await b.register(names[1]);
  const { id } = await a.createRoom({ game, seat: "red", computers: { blue: 1, green: 1 } });
  assert.deepEqual(await b.join(id), { seat: "yellow" });
  const ra = a.openRoom(id);
  const rb = b.openRoom(id);
  await ra.waitFor((s) => s.roomStatus === "playing");
  return { a, b, ra, rb, id };
}
