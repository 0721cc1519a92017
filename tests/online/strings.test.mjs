// The online pages' strings: every key in English, Spanish and Italian, with the same
// placeholders, so no language falls back to English.
import { test } from "node:test";
import assert from "node:assert/strict";

globalThis.localStorage ??= { getItem: () => null, setItem: () => {} };
globalThis.navigator ??= { languages: ["en"] };
globalThis.document ??= { documentElement: {} };
const { STRINGS } = await import("../../www/online/strings.js");

const holes = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test("every online string exists in es, it and en with the same placeholders", () => {
  const keys = Object.keys(STRINGS.en);
  assert.ok(keys.length > 150, `${keys.length} keys`);
  for (const lang of ["es", "it"]) {
    assert.deepEqual(Object.keys(STRINGS[lang]).sort(), [...keys].sort(), lang);
    for (const k of keys) assert.deepEqual(holes(STRINGS[lang][k]), holes(STRINGS.en[k]), `${lang}.${k}`);
  }
});
