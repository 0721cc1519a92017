#!/usr/bin/env node
// Runs binaryen's wasm-opt on wasm-bindgen output in place, then checks (and if need be
// repairs) the one thing older binaryen releases get wrong with such modules.
//
//   node scripts/wasm-opt.mjs pkg/tablero_bg.wasm -O3
//
// wasm-bindgen's glue reaches its table of JS values through the export
// `__wbindgen_externrefs`. Binaryen up to version 108 (the one Debian 12 ships) writes table
// exports with the wrong index when a module has two tables (WebAssembly/binaryen#4711, fixed
// in 110): the export then names the function table and the page fails at start-up with
// "WebAssembly.Table.set(): Argument 1 is invalid for table". Every table export of the
// optimised module is therefore checked against the input: it must name a table of the same
// element type; a misnumbered one is pointed back at the only table of that type. Anything
// else it cannot explain stops the build.
import { spawnSync } from "node:child_process";
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";

const [file, ...flags] = process.argv.slice(2);
if (!file || !flags.length) {
  console.error("usage: node scripts/wasm-opt.mjs <file.wasm> <wasm-opt flags...>");
  process.exit(2);
}

const tmp = `${file}.opt`;
process.on("exit", () => rmSync(tmp, { force: true }));
const run = spawnSync("wasm-opt", [...flags, file, "-o", tmp], { stdio: "inherit" });
if (run.error) throw run.error;
if (run.status !== 0) process.exit(run.status ?? 1);

const before = tables(readFileSync(file));
const bytes = readFileSync(tmp);
const after = tables(bytes);
let repaired = 0;
for (const exp of after.exports) {
  const wanted = before.exports.find((e) => e.name === exp.name);
  if (!wanted) throw new Error(`wasm-opt added the table export ${exp.name}`);
  const type = before.types[wanted.index];
  if (after.types[exp.index] === type) continue;
  const candidates = after.types.flatMap((t, i) => (t === type ? [i] : []));
  if (candidates.length !== 1 || candidates[0] > 127 || exp.index > 127) {
    throw new Error(`table export ${exp.name} names a table of type ${after.types[exp.index]}; cannot repair`);
  }
  bytes[exp.indexAt] = candidates[0]; // a one-byte LEB128 either way
  repaired++;
}
writeFileSync(tmp, bytes);
renameSync(tmp, file);
const note = repaired ? ` (repaired ${repaired} table export${repaired > 1 ? "s" : ""}: binaryen#4711)` : "";
console.log(`wasm-opt ${flags.join(" ")}: ${file} ${statSync(file).size} bytes${note}`);

/** The element types of a module's tables (imported first) and its table exports. */
function tables(b) {
  let i = 8;
  const leb = () => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = b[i++];
      result += (byte & 0x7f) * 2 ** shift;
      shift += 7;
      if (byte < 0x80) return result;
    }
  };
  const name = () => {
    const len = leb();
    const s = b.subarray(i, i + len).toString("utf8");
    i += len;
    return s;
  };
  const limits = () => {
    const flags = b[i++];
    leb();
    if (flags & 1) leb();
  };
  const types = [];
  const exports = [];
  while (i < b.length) {
    const id = b[i++];
    const size = leb();
    const end = i + size;
    if (id === 2) {
      for (let n = leb(); n > 0; n--) {
        name();
        name();
        const kind = b[i++];
        if (kind === 0) leb();
        else if (kind === 1) {
          types.push(b[i++]);
          limits();
        } else if (kind === 2) limits();
        else if (kind === 3) i += 2;
        else throw new Error(`unknown import kind ${kind}`);
      }
    } else if (id === 4) {
      for (let n = leb(); n > 0; n--) {
        types.push(b[i++]);
        limits();
      }
    } else if (id === 7) {
      for (let n = leb(); n > 0; n--) {
        const exportName = name();
        const kind = b[i++];
        const indexAt = i;
        const index = leb();
        if (kind === 1) exports.push({ name: exportName, index, indexAt });
      }
    }
    i = end;
  }
  return { types, exports };
}

