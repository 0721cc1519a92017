// A Teams room on the demo's Online page in chromium, against the real server: two partners
// (Red and Yellow) and two computers; each partner has a Team chat tab, and a line written
// there reaches the partner's Team tab and not the players' channel.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, createRoom, waitTurn, anyMove, shot, noErrors } from "./pages.mjs";

const env = useBrowser(["--ai-nodes", "300"]);

test("Teams room: partners against two computers, the Team chat tab reaches the partner only", async () => {
  const red = await env.person("Rosa");
  const id = await createRoom(red, { game: "teams", seat: "red", computers: { blue: 1, green: 1 } });
  const yel = await env.person("Yara");
  await yel.goto(`${env.server.url}/www/#/online/${id}`);
  await yel.click("#join-seat");
  await waitTurn(red, "red");
  await anyMove(red);
  await waitTurn(yel, "yellow");
  await anyMove(yel);
  await waitTurn(red, "red");

  await red.click("#chat-tab-team");
  await red.fill("#chat-input", "cover my king");
  await red.click("#chat-send");
  await yel.click("#chat-tab-team");
  await yel.waitForFunction(() => document.querySelector("#chat-lines")?.textContent.includes("cover my king"), null, { timeout: 10000 });
  await shot(yel, "teams-chat");
  await yel.click("#chat-tab-players");
  assert.ok(!(await yel.locator("#chat-lines").textContent()).includes("cover my king"));
  noErrors(red, yel);
  await red.context().close();
  await yel.context().close();
});
