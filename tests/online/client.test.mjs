// The online client module (pkg/tablero-online.js) in Node against the real server.
import { test } from "node:test";
import assert from "node:assert/strict";
import { OnlineClient } from "../../pkg/tablero-online.js";
import { newGame } from "../../pkg/tablero.js";
import { startServer, useServer } from "./server.mjs";
import { clientOf, rejectsCode, partnersWithComputers } from "./clients.mjs";

const env = useServer(["--away-seconds", "1", "--ai-nodes", "200"]);

const client = (token) => clientOf(env.server, token);

test("register, lobby, create, join and play a game to checkmate", async () => {
  const a = client();
  const b = client();
  assert.equal(await a.health(), true);
  const pa = await a.register("Ana");
  await b.register("  Bo  ");
  assert.equal(pa.name, "Ana");
  assert.equal((await a.me()).name, "Ana");
  const created = await a.createRoom({ game: "chess", seat: "white" });
  assert.match(created.invite, new RegExp(created.id));
  const lobby = await b.rooms();
  const listed = lobby.rooms.find((r) => r.id === created.id);
  assert.deepEqual(listed.free, ["black"]);
  assert.equal(listed.seats[0].player.name, "Ana");
  assert.deepEqual(await b.join(created.id), { seat: "black" });

  const ra = a.openRoom(created.id);
  const rb = b.openRoom(created.id);
  const moves = [];
  rb.on("move", (last) => last && moves.push(last.uci));
  await ra.waitFor((s) => s.roomStatus === "playing");
  await rb.waitFor((s) => s.roomStatus === "playing");
  assert.equal(ra.seat, "white");
  assert.equal(rb.seat, "black");
  assert.equal(ra.legalMoves().length, 20);
  assert.deepEqual(rb.legalMoves(), []);

  // Refused locally, with the package's codes, before anything is sent.
  await rejectsCode(rb.play("e7e5"), "not-your-turn");
  await rejectsCode(ra.play("e2e5"), "illegal-move");
  // Fool's mate, SAN and UCI and square objects mixed.
  // Each side waits for its turn to reach it, as a page does.
  const mine = (r) => r.waitFor((s) => s.status.turn === r.seat);
  await ra.play("f3");
  await mine(rb);
  await rb.play({ from: "e7", to: "e5" });
  await mine(ra);
  await ra.play("g2g4");
  await mine(rb);
  const end = await rb.play("Qh4#");
  assert.equal(end.status.over, true);
  assert.deepEqual(end.status.result.winners, ["black"]);
  assert.equal(end.status.result.reason, "checkmate");
  const final = await ra.waitFor((s) => s.roomStatus === "over");
  assert.deepEqual(final.moves, ["f2f3", "e7e5", "g2g4", "d8h4"]);
  // The server's FEN is the engine's own.
  const g = newGame();
  for (const m of final.moves) g.play(m);
  assert.equal(final.fen, g.fen());
  g.free();
  assert.deepEqual(moves, ["f2f3", "e7e5", "g2g4", "d8h4"]);
  await rejectsCode(ra.play("a2a3"), "game-over");
  ra.close();
  rb.close();
});

test("server refusals arrive as errors and the room stays usable", async () => {
  const a = client();
  const b = client();
  await a.register("Cy");
  await b.register("Di");
  const { id } = await a.createRoom({ game: "3check" });
  await b.join(id);
  const ra = a.openRoom(id);
  await ra.waitFor((s) => s.roomStatus === "playing");
  const errors = [];
  ra.on("error", (e) => errors.push(e.code));
  // A stale ply, sent raw past the local checks.
  ra.send({ type: "move", move: "e2e4", ply: 5 });
  await new Promise((r) => setTimeout(r, 300));
  assert.deepEqual(errors, ["stale-ply"]);
  await rejectsCode(ra.claimDraw(), "no-draw");
  const s = await ra.play("e4");
  assert.equal(s.ply, 1);
  // A watcher (no token) sees the game but cannot move.
  const w = client().openRoom(id);
  const ws = await w.waitFor((x) => x.ply === 1);
  assert.equal(w.seat, null);
  assert.equal(ws.game, "3check");
  await rejectsCode(w.play("e5"), "not-seated");
  const rb = b.openRoom(id);
  await rb.waitFor((x) => x.ply === 1);
  // A resignation before every seat's first move is an abort (R12.3): Black moves first.
  await rb.play("e5");
  await rb.waitFor((x) => x.ply === 2 && x.abortable === false);
  const over = await rb.resign();
  assert.deepEqual(over.status.result.winners, ["white"]);
  for (const r of [ra, rb, w]) r.close();
});

test("a room reconnects on its own after the server restarts, and resumes", async () => {
  const own = await startServer({ args: ["--away-seconds", "30"] });
  const mk = (token) => clientOf(own, token);
  const a = mk();
  const b = mk();
  await a.register("Ed");
  await b.register("Flo");
  const { id } = await a.createRoom({ game: "kingofthehill" });
  await b.join(id);
  const ra = a.openRoom(id, { maxDelay: 500 });
  const rb = b.openRoom(id, { maxDelay: 500 });
  await ra.waitFor((s) => s.roomStatus === "playing");
  await rb.waitFor((s) => s.roomStatus === "playing");
  await ra.play("e4");
  const drops = [];
  ra.on("connection", (c) => drops.push(c.connected));
  await own.stop("SIGKILL");
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(ra.connected, false);
  const again = await startServer({ port: own.port, data: own.data, args: ["--away-seconds", "30"] });
  try {
    await ra.waitFor(() => ra.connected, 20000).catch(() => {});
    await rb.waitFor((s) => s.ply === 1 && rb.connected, 20000);
    const s = await rb.play("e5");
    assert.deepEqual(s.moves, ["e2e4", "e7e5"]);
    await ra.waitFor((x) => x.ply === 2);
    assert.ok(drops.includes(false) && drops.at(-1) === true, JSON.stringify(drops));
  } finally {
    ra.close();
    rb.close();
    await again.stop();
  }
});

test("ffa with two people and two computers: the computers move on their own", async () => {
  const { ra, rb } = await partnersWithComputers(env.server, "ffa", ["Gus", "Hana"]);
  await ra.play(ra.legalMoves()[0]);
  // Blue (computer) moves, then yellow is to move.
  const s = await rb.waitFor((x) => x.status.turn === "yellow");
  assert.equal(s.ply, 2);
  assert.equal(s.seats.find((x) => x.seat === "blue").computer, 1);
  await rb.play(rb.legalMoves()[0]);
  await ra.waitFor((x) => x.status.turn === "red" && x.ply === 4);
  ra.close();
  rb.close();
});

test("an unknown room closes for good with no-room", async () => {
  const a = client();
  await a.register("Ivo");
  const r = a.openRoom("AAAAAAAAAAAAAAAAAAAAAA", { maxDelay: 200 });
  const info = await new Promise((resolve) => r.on("closed", resolve));
  assert.equal(info.code, "no-room");
  assert.equal(r.closed, true);
});

test("Node 20 without a WebSocket constructor gets a clear error", () => {
  const c = new OnlineClient({ server: "http://127.0.0.1:1", WebSocket: null });
  c.WebSocket = undefined;
  assert.throws(() => c.openRoom("x"), /no WebSocket/);
});
