// The online client's offers, answers, abort, rematch, chat, clocks, watching and cancelling
// (issue 50), in Node against the real server. The server's time is driven by the tests
// (`--clock manual`, POST /api/test/clock): no test waits for wall time to pass.
import { test } from "node:test";
import assert from "node:assert/strict";
import { remainingMs } from "../../pkg/tablero-online.js";
import { useServer } from "./server.mjs";
import { clientOf, rejectsCode, turnOf } from "./clients.mjs";

const env = useServer(["--away-seconds", "30", "--ai-nodes", "200", "--clock", "manual"]);

const client = (token) => clientOf(env.server, token);

/** Pairs made so far: the default names differ per pair (names are unique on a server). */
let pairs = 0;

/** Two registered people in a playing two-player room, both sockets open. */
async function pair(options = { game: "chess" }, names = [`Ana ${++pairs}`, `Bo ${pairs}`]) {
  const a = client();
  const b = client();
  await a.register(names[0]);
  await b.register(names[1]);
  const { id } = await a.createRoom({ seat: "white", ...options });
  const ra = a.openRoom(id);
  await ra.waitFor((s) => s.roomStatus === "waiting");
  await b.join(id);
  const rb = b.openRoom(id);
  await ra.waitFor((s) => s.roomStatus === "playing");
  await rb.waitFor((s) => s.roomStatus === "playing");
  return { a, b, ra, rb, id };
}

test("a draw offered and accepted ends the game by agreement; a declined one cannot be repeated at once", async () => {
  const { ra, rb } = await pair();
  await ra.play("e4");
  await turnOf(rb);
  await rb.play("e5");
  await rejectsCode(rb.answer("draw", true), "no-offer"); // nothing offered yet
  const offered = await ra.offer("draw");
  assert.deepEqual(offered.offers.map((o) => [o.offer, o.by]), [["draw", "white"]]);
  await rb.waitFor((s) => s.offers.length === 1);
  await rb.answer("draw", false);
  const cleared = await ra.waitFor((s) => s.offers.length === 0);
  assert.equal(cleared.roomStatus, "playing");
  await rejectsCode(ra.offer("draw"), "already-offered");
  await rb.offer("draw");
  await ra.waitFor((s) => s.offers.some((o) => o.by === "black"));
  const end = await ra.answer("draw", true);
  const over = end.roomStatus === "over" ? end : await ra.waitFor((s) => s.roomStatus === "over");
  assert.deepEqual(over.status.result.winners, []);
  assert.equal(over.status.result.reason, "agreement");
  ra.close();
  rb.close();
});

test("a takeback undoes the asker's move and the reply; refused in rated rooms", async () => {
  const { ra, rb } = await pair();
  await ra.play("e4");
  await turnOf(rb);
  await rb.play("c5");
  await ra.waitFor((s) => s.ply === 2);
  await ra.offer("takeback");
  await rb.waitFor((s) => s.offers.some((o) => o.offer === "takeback"));
  await rb.answer("takeback", true);
  const back = await ra.waitFor((s) => s.ply === 0);
  assert.deepEqual(back.san, []);
  assert.equal(back.status.turn, "white");
  ra.close();
  rb.close();
  const rated = await pair({ game: "chess", rated: true }, ["Cy", "Di"]);
  await rated.ra.play("d4");
  await rejectsCode(rated.ra.offer("takeback"), "not-allowed");
  rated.ra.close();
  rated.rb.close();
});

test("abort before the first moves; too late after them", async () => {
  const { ra, rb } = await pair();
  const s = await ra.waitFor((x) => x.abortable === true);
  assert.equal(s.abortable, true);
  const over = await rb.abort();
  assert.equal(over.status.result.reason, "aborted");
  assert.deepEqual(over.status.result.winners, []);
  ra.close();
  rb.close();
  const late = await pair({ game: "chess" }, ["Ed", "Flo"]);
  await late.ra.play("e4");
  await turnOf(late.rb);
  await late.rb.play("e5");
  await late.ra.waitFor((x) => x.ply === 2 && x.abortable === false);
  await rejectsCode(late.ra.abort(), "too-late");
  // Past the local check, the server says the same.
  const codes = [];
  late.ra.on("error", (e) => codes.push(e.code));
  late.ra.send({ type: "abort" });
  await late.ra.waitFor(() => codes.length > 0, 5000).catch(() => {});
  await new Promise((r) => setTimeout(r, 200));
  assert.deepEqual(codes, ["too-late"]);
  late.ra.close();
  late.rb.close();
});

test("a rematch agreed by both opens a new room with the colours swapped", async () => {
  const { ra, rb, id } = await pair({ game: "3check" }, ["Gus", "Hil"]);
  await rejectsCode(ra.offer("rematch"), "not-over");
  await ra.play("e4");
  await turnOf(rb);
  await rb.resign();
  await ra.waitFor((s) => s.roomStatus === "over");
  const moved = new Promise((resolve) => rb.on("rematch", resolve));
  await ra.offer("rematch");
  await rb.waitFor((s) => s.offers.some((o) => o.offer === "rematch"));
  await rb.answer("rematch", true);
  const next = await moved;
  assert.notEqual(next, id);
  assert.equal((await ra.waitFor((s) => !!s.rematch)).rematch, next);
  const fresh = await client().roomState(next);
  assert.equal(fresh.game, "3check");
  assert.deepEqual(
    fresh.seats.map((x) => [x.seat, x.player.name]),
    [
      ["white", "Hil"],
      ["black", "Gus"],
    ],
  );
  ra.close();
  rb.close();
});

test("chat: text comes back as it was written, watchers have their own channel, limits are coded", async () => {
  const { a, ra, rb, id } = await pair({ game: "chess" }, ["Ivo", "Jo"]);
  const html = "<img src=x onerror=alert(1)><b>gl</b> hf";
  await ra.chat(html);
  const got = await new Promise((resolve) => {
    if (rb.chatLines.length) return resolve(rb.chatLines);
    rb.on("chat", (lines, all) => resolve(all));
  });
  assert.equal(got.at(-1).text, html);
  assert.equal(got.at(-1).channel, "players");
  assert.equal(got.at(-1).player.name, "Ivo");
  await rejectsCode(ra.chat("x".repeat(201)), "chat-too-long");
  // A watcher without a name reads the players' chat but cannot write.
  const w = client().openRoom(id);
  await w.waitFor((s) => s.watchers >= 1);
  const seen = await new Promise((resolve) => {
    if (w.chatLines.length) return resolve(w.chatLines);
    w.on("chat", (l, all) => resolve(all));
  });
  assert.equal(seen.at(-1).text, html);
  await rejectsCode(w.chat("hello"), "not-allowed");
  // A named watcher writes in the watchers' channel; the players do not receive it.
  const k = client();
  await k.register("Kim");
  const wk = k.openRoom(id);
  await wk.waitFor((s) => s.roomStatus === "playing");
  await wk.chat("spectating");
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(wk.chatLines.at(-1).channel, "watchers");
  assert.ok(!ra.chatLines.some((l) => l.text === "spectating"));
  assert.ok(a.token);
  for (const r of [ra, rb, w, wk]) r.close();
});

test("a 1+0 clock: runs only after both first moves, counts down, and flags at the deadline", async () => {
  const { ra, rb } = await pair({ game: "chess", clock: { initial: 60, increment: 0 } }, ["Lu", "Mo"]);
  const s0 = ra.state;
  assert.deepEqual(s0.clocks, { white: 60000, black: 60000 });
  assert.equal(s0.clock.started, false);
  await ra.play("e4");
  await turnOf(rb);
  await rb.play("e5");
  const s2 = await ra.waitFor((s) => s.ply === 2 && s.clock?.started);
  assert.equal(s2.clocks.white, 60000);
  // The helper counts the running clock down from the state's `now`.
  assert.equal(remainingMs(s2, "white", s2.now + 1500), 58500);
  assert.equal(remainingMs(s2, "black", s2.now + 1500), s2.clocks.black);
  assert.equal(remainingMs(s2, "white", s2.now + 99999), 0);
  assert.equal(ra.clockMs("white", Date.now()) <= 60000, true);
  await env.server.advance(20000);
  await ra.play("Nf3");
  const s3 = await rb.waitFor((s) => s.ply === 3);
  assert.equal(s3.clocks.white, 40000);
  await env.server.advance(60000);
  const over = await ra.waitFor((s) => s.roomStatus === "over");
  assert.equal(over.status.result.reason, "timeout");
  assert.deepEqual(over.status.result.winners, ["white"]);
  assert.equal(over.clocks.black, 0);
  ra.close();
  rb.close();
});

test("the lobby lists games in progress with watchers; a creator cancels a waiting room", async () => {
  const { ra, rb, id } = await pair({ game: "kingofthehill" }, ["Ned", "Ola"]);
  const w = client().openRoom(id);
  await ra.waitFor((s) => s.watchers === 1);
  const lobby = await client().rooms();
  const listed = lobby.games.find((g) => g.id === id);
  assert.equal(listed.game, "kingofthehill");
  assert.equal(listed.watchers, 1);
  assert.deepEqual(listed.seats.map((x) => x.player.name), ["Ned", "Ola"]);
  const p = client();
  await p.register("Pia");
  const q = client();
  await q.register("Quin");
  const { id: waiting } = await p.createRoom({ game: "chess" });
  await rejectsCode(q.cancelRoom(waiting), "not-creator");
  assert.deepEqual(await p.cancelRoom(waiting), { ok: true });
  assert.ok(!(await q.rooms()).rooms.some((r) => r.id === waiting));
  await rejectsCode(q.join(waiting), "no-room");
  for (const r of [ra, rb, w]) r.close();
});
