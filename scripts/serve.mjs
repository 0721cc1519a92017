#!/usr/bin/env node
// A tiny static file server for the demo page, with no npm dependencies.
//
//   node scripts/serve.mjs [--port 8080] [--host localhost] [--root .]
//
// It serves the repository root, so www/index.html can import ../pkg/tablero.js, and
// sends .wasm files as application/wasm, which WebAssembly.instantiateStreaming requires.
import { createServer } from "node:http";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT ?? "8080" },
    host: { type: "string", default: "localhost" },
    root: { type: "string", default: fileURLToPath(new URL("..", import.meta.url)) },
    start: { type: "string", default: "/www/" },
  },
});

const root = resolve(args.root);
const port = Number(args.port);

const MIME = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".wasm": "application/wasm",
  ".ts": "text/plain; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
};

function send(res, status, body) {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  res.end(body);
}

const server = createServer(async (req, res) => {
  if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, "method not allowed\n");

  let pathname;
  try {
    pathname = decodeURIComponent(new URL(req.url, "http://x").pathname);
  } catch {
    return send(res, 400, "bad request\n");
  }
  if (pathname === "/") {
    res.writeHead(302, { location: args.start });
    return res.end();
  }

  // Refuse anything that would escape the served root.
  let file = normalize(join(root, pathname));
  if (file !== root && !file.startsWith(root + sep)) return send(res, 403, "forbidden\n");

  try {
    let info = await stat(file);
    if (info.isDirectory()) {
      if (!pathname.endsWith("/")) {
        res.writeHead(301, { location: pathname + "/" });
        return res.end();
      }
      file = join(file, "index.html");
      info = await stat(file);
    }
    res.writeHead(200, {
      "content-type": MIME[extname(file).toLowerCase()] ?? "application/octet-stream",
      "content-length": info.size,
      "cache-control": "no-cache",
    });
    if (req.method === "HEAD") return res.end();
    createReadStream(file).pipe(res);
  } catch {
    send(res, 404, `not found: ${pathname}\n`);
  }
  console.log(`${req.method} ${pathname} ${res.statusCode}`);
});

server.listen(port, args.host, () => {
  console.log(`Serving ${root}`);
  console.log(`Demo: http://${args.host}:${server.address().port}${args.start}`);
});
