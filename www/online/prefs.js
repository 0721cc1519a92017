// What this device remembers about online rooms apart from the identity: players muted in the
// chat, chat turned off, and whether to notify when it is your turn. Kept in localStorage; a
// blocked storage keeps the choices for the page's life only.
const KEY = "tablero.online.prefs";

/** The choices, read once and written on every change. */
const prefs = { value: null };

function load() {
  if (prefs.value) return prefs.value;
  let v = null;
  try {
    v = JSON.parse(localStorage.getItem(KEY) ?? "null");
  } catch {
    v = null;
  }
  prefs.value = { muted: Array.isArray(v?.muted) ? v.muted.filter((x) => typeof x === "string") : [], chatOff: v?.chatOff === true, notify: v?.notify === true };
  return prefs.value;
}

function save() {
  try {
    localStorage.setItem(KEY, JSON.stringify(prefs.value));
  } catch {
    /* storage may be blocked */
  }
}

/** Is the player with this id muted on this device? */
export const isMuted = (playerId) => !!playerId && load().muted.includes(playerId);

export function setMuted(playerId, muted) {
  const p = load();
  p.muted = p.muted.filter((x) => x !== playerId);
  if (muted) p.muted.push(playerId);
  save();
}

export const chatOff = () => load().chatOff;
export function setChatOff(off) {
  load().chatOff = !!off;
  save();
}

export const notifyOn = () => load().notify;
export function setNotify(on) {
  load().notify = !!on;
  save();
}
