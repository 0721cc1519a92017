// Saved games in IndexedDB: database "tablero", object store "games", one record per game.
// A record: { id, choice, seats, settings, saved (Game.toJSON()), created, updated, moves,
// over, turn, result, fen }. Reading never throws for one bad record: list() returns the
// readable ones and counts the others.

const DB_NAME = "tablero";
const STORE = "games";
/** The database, opened once (a promise, so callers made before it opened wait for it). */
const db = { opening: null };

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export function openDb() {
  db.opening ??= new Promise((resolve, reject) => {
    let req;
    try {
      req = indexedDB.open(DB_NAME, 1);
    } catch (e) {
      reject(e);
      return;
    }
    req.onupgradeneeded = () => {
      const conn = req.result;
      if (!conn.objectStoreNames.contains(STORE)) {
        const store = conn.createObjectStore(STORE, { keyPath: "id" });
        store.createIndex("updated", "updated");
      }
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error("database blocked"));
  });
  return db.opening;
}

async function tx(mode, fn) {
  const conn = await openDb();
  return new Promise((resolve, reject) => {
    let result;
    let t;
    try {
      t = conn.transaction(STORE, mode);
      result = fn(t.objectStore(STORE));
    } catch (e) {
      reject(e);
      return;
    }
    t.oncomplete = async () => resolve(await result);
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error ?? new DOMException("transaction aborted", "AbortError"));
  });
}

export function isQuotaError(e) {
  return (
    e?.name === "QuotaExceededError" ||
    e?.code === 22 ||
    /quota|storage.*full/i.test(String(e?.message ?? ""))
  );
}

export function put(record) {
  return tx("readwrite", (store) => request(store.put(record)));
}

export function get(id) {
  return tx("readonly", (store) => request(store.get(id)));
}

export function remove(id) {
  return tx("readwrite", (store) => request(store.delete(id)));
}

/** Checks the fields the app relies on; a record failing this is reported as unreadable. */
export function validRecord(r) {
  return (
    r &&
    typeof r === "object" &&
    typeof r.id === "string" &&
    typeof r.choice === "string" &&
    r.saved &&
    typeof r.saved === "object" &&
    typeof r.updated === "number" &&
    r.seats &&
    typeof r.seats === "object"
  );
}

/** All records, newest first: { games: [record], bad: [{id, reason}] }. */
export async function list() {
  const keys = await tx("readonly", (store) => request(store.getAllKeys()));
  const games = [];
  const bad = [];
  // One read per key, so a record that cannot be read does not take the others down with it.
  for (const key of keys) {
    try {
      const r = await get(key);
      if (validRecord(r)) games.push(r);
      else bad.push({ id: String(key), reason: "invalid record" });
    } catch (e) {
      bad.push({ id: String(key), reason: e?.message ?? String(e) });
    }
  }
  games.sort((a, b) => b.updated - a.updated);
  return { games, bad };
}

export function newId() {
  const rnd = crypto.getRandomValues(new Uint32Array(2));
  return `g-${Date.now().toString(36)}-${rnd[0].toString(36)}${rnd[1].toString(36)}`;
}
