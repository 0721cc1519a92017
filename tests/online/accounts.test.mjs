// Issue 51 in chromium against the real server: the page under its Content-Security-Policy,
// names people can trust, identity, records and profiles.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer } from "./server.mjs";
import { launch, open, person, createRoom, waitTurn, move, noErrors } from "./pages.mjs";

const ARGS = ["--ai-nodes", "300", "--stand-in-level", "1"];
let server;
let browser;
before(async () => {
  server = await startServer({ args: ARGS });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A context that records every CSP violation its pages report (before any script runs). */
async function watchedContext() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  context.consoleCsp = [];
  context.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) context.consoleCsp.push(m.text());
  });
  return context;
}

test("the page works under its Content-Security-Policy: no violation at home, with the worker, online", async () => {
  const response = await fetch(`${server.url}/www/`);
  const csp = response.headers.get("content-security-policy");
  assert.match(csp ?? "", /script-src 'self' 'wasm-unsafe-eval'/);
  assert.equal(response.headers.get("x-content-type-options"), "nosniff");
  const context = await watchedContext();
  const page = await open(server, context, "#/");
  // A local game with the computer's hint (the Web Worker and its wasm).
  await page.click("#start");
  await page.waitForSelector("svg.board");
  await page.click("#hint");
  await page.waitForSelector('#hint-text[data-state="shown"], #hint-text[data-state="error"]', { timeout: 30000 });
  // Online: a name, a room against the computer, a move over the socket.
  await page.goto(`${server.url}/www/#/online`);
  await page.fill("#online-name", "Csp Tester");
  await page.click("#online-name-go");
  await createRoom(page, { game: "chess", seat: "white", computers: { black: 1 } });
  await waitTurn(page, "white");
  await move(page, "e2", "e4");
  await waitTurn(page, "white");
  const violations = await page.evaluate(() => window.cspViolations);
  assert.deepEqual(violations, []);
  assert.deepEqual(context.consoleCsp, []);
  noErrors(page);
  // The check can fail: an inline script is reported.
  await page.evaluate(() => {
    const s = document.createElement("script");
    s.textContent = "window.inlineRan = true";
    document.body.append(s);
  });
  await page.waitForFunction(() => window.cspViolations.length > 0);
  assert.equal(await page.evaluate(() => window.inlineRan), undefined);
  await context.close();
});
