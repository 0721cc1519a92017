#!/usr/bin/env node
// A small static file server for the demo page, with no npm dependencies.
//
//   node scripts/serve.mjs [--port 8080] [--host localhost] [--root .]
//
// It serves the repository root, so www/index.html can import ../pkg/tablero.js, and sends
// .wasm files as application/wasm, which WebAssembly.instantiateStreaming requires.
//
// Responses are compressed (brotli, else gzip) when the browser accepts it, and carry an ETag:
// every file is revalidated (`no-cache`), so a rebuilt pkg/ is picked up at once, while an
// unchanged one costs a 304 with no body instead of the whole package on every reload.
// Compressed bodies are kept in memory until the file changes.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";

const { values: args } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT ?? "8080" },
    host: { type: "string", default: "localhost" },
    root: { type: "string", default: fileURLToPath(new URL("..", import.meta.url)) },
    start: { type: "string", default: "/www/" },
    quiet: { type: "boolean", default: false },
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
// Worth compressing: text and wasm (already-compressed images are not).
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".map", ".wasm", ".ts", ".md", ".txt", ".svg"]);

/** path -> { key, etag, raw, br?, gz? } */
const cache = new Map();

function send(res, status, body) {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  res.end(body);
}

async function load(file, info) {
  const key = `${info.size}-${info.mtimeMs}`;
  let entry = cache.get(file);
  if (!entry || entry.key !== key) {
    entry = { key, etag: `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`, raw: await readFile(file) };
    cache.set(file, entry);
  }
  return entry;
}

function encodingFor(req, ext, entry) {
  if (!COMPRESSIBLE.has(ext) || entry.raw.length < 512) return null;
  const accept = String(req.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accept)) {
    entry.br ??= brotliCompressSync(entry.raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.raw.length } });
    return ["br", entry.br];
  }
  if (/\bgzip\b/.test(accept)) {
    entry.gz ??= gzipSync(entry.raw, { level: 6 });
    return ["gzip", entry.gz];
  }
  return null;
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
    const ext = extname(file).toLowerCase();
    const entry = await load(file, info);
    const headers = {
      "content-type": MIME[ext] ?? "application/octet-stream",
      "cache-control": "no-cache",
      etag: entry.etag,
      vary: "accept-encoding",
    };
    if (req.headers["if-none-match"] === entry.etag) {
      res.writeHead(304, headers);
      res.end();
    } else {
      const enc = encodingFor(req, ext, entry);
      const body = enc ? enc[1] : entry.raw;
      if (enc) headers["content-encoding"] = enc[0];
      headers["content-length"] = body.length;
      res.writeHead(200, headers);
      res.end(req.method === "HEAD" ? undefined : body);
    }
  } catch {
    send(res, 404, `not found: ${pathname}\n`);
  }
  if (!args.quiet) console.log(`${req.method} ${pathname} ${res.statusCode}`);
});

server.listen(port, args.host, () => {
  console.log(`Serving ${root}`);
  console.log(`Demo: http://${args.host}:${server.address().port}${args.start}`);
});
