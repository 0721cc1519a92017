// Move sounds made with WebAudio (no files to download): a short knock for a move, a deeper
// one for a capture, two rising tones for a check, a chord at the end of a game and a tick for
// the last seconds of a turn timer. Muted with the header switch (remembered).
/** The audio context (made on the first gesture) and the header switch. */
const audio = { ctx: null, muted: false };
/** What was asked to sound, newest last (tests and the curious read it). */
export const log = [];

export function setMuted(m) {
  audio.muted = !!m;
}
export const isMuted = () => audio.muted;

/** Browsers only allow audio after a gesture: the first tap or key unlocks it. */
export function unlock() {
  if (audio.ctx || typeof AudioContext === "undefined") return;
  try {
    audio.ctx = new AudioContext();
  } catch {
    audio.ctx = null;
  }
}

function tone(freq, start, dur, { type = "sine", gain = 0.18, slide = 0 } = {}) {
  const { ctx } = audio;
  const t0 = ctx.currentTime + start;
  const osc = ctx.createOscillator();
  const g = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  if (slide) osc.frequency.exponentialRampToValueAtTime(freq * slide, t0 + dur);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(gain, t0 + 0.008);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  osc.connect(g).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + dur + 0.02);
}

const SOUNDS = {
  move: () => tone(520, 0, 0.07, { type: "triangle", gain: 0.22, slide: 0.6 }),
  capture: () => {
    tone(300, 0, 0.11, { type: "square", gain: 0.1, slide: 0.5 });
    tone(180, 0.01, 0.14, { type: "triangle", gain: 0.2, slide: 0.6 });
  },
  check: () => {
    tone(660, 0, 0.09, { type: "triangle", gain: 0.16 });
    tone(880, 0.1, 0.12, { type: "triangle", gain: 0.16 });
  },
  end: () => {
    for (const [i, f] of [523, 659, 784].entries()) tone(f, i * 0.09, 0.5, { gain: 0.12 });
  },
  out: () => tone(440, 0, 0.35, { type: "sawtooth", gain: 0.06, slide: 0.5 }),
  tick: () => tone(1200, 0, 0.03, { type: "square", gain: 0.05 }),
};

export function play(name) {
  const { ctx, muted } = audio;
  log.push({ name, muted });
  if (log.length > 100) log.shift();
  if (muted || !ctx || !SOUNDS[name]) return;
  try {
    if (ctx.state === "suspended") ctx.resume();
    SOUNDS[name]();
  } catch {
    /* audio is a nicety */
  }
}

/** The sound for a played entry: capture, check, or a plain move. */
export function forMove(m) {
  if (!m) return null;
  if (m.kind === "resign" || m.kind === "timeout") return "out";
  if (m.checks?.length || m.check) return "check";
  if (m.captured) return "capture";
  return "move";
}
