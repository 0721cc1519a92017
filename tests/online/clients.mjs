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
