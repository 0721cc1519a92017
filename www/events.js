// What the model says happened. The model (session.js, hint.js) never calls a view: it emits
// one of these and app.js wires each to the view that draws it, so the model's files import
// nothing above them.
//   game      the open game changed: draw it again
//   clock     (timer, leftMs, totalMs) the turn timer ticked; (null) hides the clocks
//   announce  (text) a line for screen readers
//   notice    ({text, out}) a notice that stays until closed (eliminations, a timed-out turn)
//   over      the open game just ended: show its result
//   banner    (text, kind) a problem to show; `kind` groups what a later `unbanner` hides
//   unbanner  (kind) the problem of that kind is gone
//   saved     (record) the open game was written to the store
//   opened    (id) a game was started or imported: go to its page
const TYPES = ["game", "clock", "announce", "notice", "over", "banner", "unbanner", "saved", "opened"];
const listeners = new Map(TYPES.map((type) => [type, new Set()]));

function of(type) {
  const set = listeners.get(type);
  // A misspelt type would be a listener that never hears anything: fail loudly instead.
  if (!set) throw new Error(`unknown event type: ${type}`);
  return set;
}

/** Calls `fn(...args)` on every `emit(type, ...args)`; returns a function that stops it. */
export function on(type, fn) {
  const set = of(type);
  set.add(fn);
  return () => set.delete(fn);
}

/** Tells the listeners of `type`, in the order they subscribed, synchronously. */
export function emit(type, ...args) {
  for (const fn of of(type)) fn(...args);
}
