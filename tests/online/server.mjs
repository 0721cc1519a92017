// Starts the real tablero-server binary on a loopback port for the online tests, serving the
// repository's www/ and pkg/ like `make demo`. Build it first: `make test-online` does.
import { before, after } from "node:test";
import { spawn } from "node:child_process";
import { mkdtempSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = fileURLToPath(new URL("../../", import.meta.url));
const TARGET = process.env.CARGO_TARGET_DIR ?? join(REPO, "target");
/** The binary: $TABLERO_SERVER_BIN (`make test-online` passes it), else the one the test profile's
 * `cargo test --profile ci -p tablero-server` builds. */
export const BINARY = process.env.TABLERO_SERVER_BIN ?? join(TARGET, "ci", "tablero-server");

/**
 * Starts a server. `port` 0 picks a free one; pass the same `data` and `port` to restart one.
 * Resolves with { url, port, data, child, stop(signal), advance(ms) }: `advance` moves the
 * time of a server started with `--clock manual` on by `ms` and answers its new `now`.
 */
export async function startServer({ port = 0, data, args = [] } = {}) {
  if (!existsSync(BINARY)) throw new Error(`${BINARY} missing: cargo test --profile ci -p tablero-server --no-run (or set TABLERO_SERVER_BIN)`);
  data ??= join(mkdtempSync(join(tmpdir(), "tablero-online-")), "db.sqlite");
  const child = spawn(
    BINARY,
    ["--host", "127.0.0.1", "--port", String(port), "--data", data, "--static", REPO, "--create-per-minute", "1000", ...args],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const url = await new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 30000);
    child.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/listening on (http:\/\/[^/\s]+)\//);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${stderr}`));
    });
  });
  child.stdout.resume();
  const exited = new Promise((resolve) => child.on("exit", resolve));
  return {
    url,
    port: Number(new URL(url).port),
    data,
    child,
    async advance(ms) {
      const res = await fetch(`${url}/api/test/clock`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ advance: ms }) });
      if (res.status !== 200) throw new Error(`POST /api/test/clock: ${res.status} (is the server's clock manual?)`);
      return (await res.json()).now;
    },
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/**
 * One server for a test file, started with `args` before its tests and stopped after them.
 * Answers `{server}`, filled in once the tests run.
 */
export function useServer(args = []) {
  const env = { server: null };
  before(async () => {
    env.server = await startServer({ args });
  });
  after(async () => {
    await env.server?.stop();
  });
  return env;
}
