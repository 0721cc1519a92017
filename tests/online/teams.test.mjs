// A Teams room (R14) through the online client in Node against the real server: two partners
// (Red and Yellow) against two computers (Blue and Green), the computers moving on their own,
// and the team chat that only the partner reads; a resignation ends it with the other team
// named as the winners.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServer } from "./server.mjs";
import { clientOf, rejectsCode, partnersWithComputers } from "./clients.mjs";

const env = useServer(["--ai-nodes", "200", "--clock", "manual"]);

const client = (token) => clientOf(env.server, token);
/** The room's chat lines once one with `text` has arrived. */
const lineArrives = (room, text) =>
  new Promise((resolve) => {
    if (room.chatLines.some((l) => l.text === text)) return resolve(room.chatLines);
    room.on("chat", (lines, all) => all.some((l) => l.text === text) && resolve(all));
  });

test("Teams: partners against two computers, a team chat only the partner reads, a resignation", async () => {
  const { ra, rb, id } = await partnersWithComputers(env.server, "teams", ["Rosa", "Yara"]);
  await ra.play(ra.legalMoves()[0]);
  // Blue (a computer) answers; then it is Yellow's turn.
  const s = await rb.waitFor((x) => x.status.turn === "yellow");
  assert.equal(s.game, "teams");
  assert.equal(s.ply, 2);
  await rb.play(rb.legalMoves()[0]);
  await ra.waitFor((x) => x.status.turn === "red" && x.ply === 4);

  // The team chat: Yara reads Rosa's line; a named watcher does not, and has no team.
  const w = client();
  await w.register("Vera");
  const rw = w.openRoom(id);
  await rw.waitFor((x) => x.roomStatus === "playing");
  await ra.chat("take the knight", "team");
  const got = await lineArrives(rb, "take the knight");
  assert.equal(got.at(-1).channel, "team");
  assert.equal(got.at(-1).seat, "red");
  await ra.chat("gl");
  await lineArrives(rw, "gl");
  assert.ok(!rw.chatLines.some((l) => l.channel === "team"), JSON.stringify(rw.chatLines));
  await rejectsCode(rw.chat("psst", "team"), "not-allowed");

  // Red resigns: its team loses (R14.7), and the winners are the other team's two seats.
  await ra.resign();
  const over = await rb.waitFor((x) => x.status.over);
  assert.equal(over.status.result.reason, "resignation");
  assert.deepEqual(over.status.result.winners, ["blue", "green"]);
  for (const r of [ra, rb, rw]) r.close();
});
