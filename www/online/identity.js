// The online identity of this device (name, id and token, kept together in localStorage) and
// what the page remembers about its online games; the games themselves live on the server.
import { OnlineClient } from "../../pkg/tablero-online.js";

const KEY = "tablero.online";
const ROOMS = "tablero.online.rooms";
const BEFORE = "tablero.online.ratingBefore";

const read = (key, fallback) => {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null") ?? fallback;
  } catch {
    return fallback;
  }
};
const write = (key, value) => {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage may be blocked: the session still works until the page closes */
  }
};

/** The page's one client, made on first use. */
const online = { client: null };

/** The page's client (same origin as the page: `make demo` serves both). */
export function getClient() {
  online.client ??= new OnlineClient({ token: identity()?.token ?? null });
  return online.client;
}

/** `{id, name, token}` of this device, or null. */
export const identity = () => read(KEY, null);

export async function register(name) {
  const c = getClient();
  const p = await c.register(name);
  write(KEY, { id: p.id, name: p.name, token: p.token });
  return p;
}

/** Renames this device's player on the server (same player, seats and history). */
export async function rename(name) {
  const p = await getClient().rename(name);
  const me = identity();
  if (me) write(KEY, { ...me, name: p.name });
  return p;
}

/** Signs this device in as the player of a recovery code from another device. */
export async function recover(code) {
  const p = await getClient().recover(code);
  write(KEY, { id: p.id, name: p.name, token: p.token });
  return p;
}

/** This device's recovery code: its secret in groups of four, to type on another device. */
export function recoveryCode() {
  const token = identity()?.token ?? "";
  return token.match(/.{1,4}/g)?.join(" ") ?? "";
}

export function forget() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* nothing stored */
  }
  if (online.client) online.client.token = null;
}

/** Online games this device sat in, newest first: [{id, game, seat, at}]. */
export const myRooms = () => read(ROOMS, []);

export function rememberRoom(entry) {
  const list = myRooms().filter((r) => r.id !== entry.id);
  list.unshift({ ...entry, at: Date.now() });
  write(ROOMS, list.slice(0, 50));
}

/** The rating before a rated game started, to show the change after it. */
export const ratingBefore = (room) => read(BEFORE, {})[room] ?? null;
export function setRatingBefore(room, value) {
  const all = read(BEFORE, {});
  if (all[room]) return;
  all[room] = value;
  write(BEFORE, all);
}
