// tablero-online: a small client for tablero-server's online rooms (docs/PROTOCOL.md), shipped
// in the package beside tablero.js. It works in browsers and in Node (give Node 20 a WebSocket
// constructor, e.g. the `ws` package; Node 22 has one built in).
//
// A move is checked with the package's own engine before it is sent, so an illegal click costs
// no round trip; the server stays the authority. The engine is used only once the page has
// initialised the wasm module (`await init()`); before that the server alone checks.
import { newGame, games } from "./tablero.js";

/** The package's table of games by id, read once the wasm module is loaded. */
const table = { byId: null };

/** An error with a stable `.code` (the protocol's refusal codes, plus `network`, `http`,
 * `disconnected`, `closed`). */
export class OnlineError extends Error {
  constructor(code, message, status) {
    super(message);
    this.name = "OnlineError";
    this.code = code;
    if (status !== undefined) this.status = status;
  }
}

/** Engine options for a room's game name, from the package's table of games (`games()`, so
 * the wasm module must be loaded). A name the table does not hold is passed on as a variant,
 * for `newGame` to refuse. */
export function engineOptions(game) {
  table.byId ??= new Map(games().map((g) => [g.id, g]));
  const g = table.byId.get(game);
  if (!g) return { variant: game };
  return g.rules ? { variant: g.variant, rules: g.rules } : { variant: g.variant };
}

/**
 * The HTTP side: players, rooms, ratings; and `openRoom` for the socket.
 */
export class OnlineClient {
  /**
   * @param {object} [options]
   * @param {string} [options.server] base URL of the server (default: the page's origin)
   * @param {string} [options.token] a token from an earlier `register` (kept by the caller)
   * @param {Function} [options.WebSocket] WebSocket constructor (default `globalThis.WebSocket`)
   * @param {Function} [options.fetch] fetch function (default `globalThis.fetch`)
   */
  constructor(options = {}) {
    const origin = globalThis.location?.origin;
    this.server = String(options.server ?? (origin && origin !== "null" ? origin : "")).replace(/\/+$/, "");
    if (!this.server) throw new OnlineError("invalid-argument", "no server URL: pass { server: 'http://host:port' }");
    this.token = options.token ?? null;
    this.WebSocket = options.WebSocket ?? globalThis.WebSocket;
    this.fetch = options.fetch ?? globalThis.fetch?.bind(globalThis);
    if (!this.fetch) throw new OnlineError("invalid-argument", "no fetch: pass { fetch }");
  }

  async request(method, path, body) {
    const headers = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let res;
    try {
      res = await this.fetch(this.server + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (e) {
      throw new OnlineError("network", `cannot reach ${this.server}: ${e.message}`);
    }
    let data = null;
    try {
      data = await res.json();
    } catch {
      /* not JSON */
    }
    if (!res.ok) {
      throw new OnlineError(data?.error ?? "http", data?.message ?? `HTTP ${res.status}`, res.status);
    }
    return data;
  }

  /** `GET /api/health` → true when the server answers. */
  async health() {
    try {
      return (await this.request("GET", "/api/health"))?.ok === true;
    } catch {
      return false;
    }
  }

  /** Registers a player; the client keeps the token for its later calls. */
  async register(name) {
    const p = await this.request("POST", "/api/players", { name });
    this.token = p.token;
    return p;
  }

  /** The caller and their ratings per game. */
  me() {
    return this.request("GET", "/api/players/me");
  }

  /** The lobby: `{rooms, games, playing, online}` (`rooms` waiting for players, `games` in
   * progress that anyone may watch). */
  rooms() {
    return this.request("GET", "/api/rooms");
  }

  /** Cancels a waiting room the caller created (`DELETE /api/rooms/<id>`) → `{ok: true}`. */
  cancelRoom(roomId) {
    return this.request("DELETE", `/api/rooms/${encodeURIComponent(roomId)}`);
  }

  /** Creates a room: `{game, rated?, clock?: {initial, increment} (seconds), turnSeconds?,
   * moveLimit?, seat?, computers?}` → `{id, invite, seat}`. */
  createRoom(options) {
    return this.request("POST", "/api/rooms", options);
  }

  /** Takes a seat (the named one or the first free one) → `{seat}`. */
  join(roomId, seat) {
    return this.request("POST", `/api/rooms/${encodeURIComponent(roomId)}/join`, seat ? { seat } : {});
  }

  /** A room's current state (as the socket sends it, without `you`). */
  roomState(roomId) {
    return this.request("GET", `/api/rooms/${encodeURIComponent(roomId)}`);
  }

  /** The leaderboard of a game, best first. */
  ratings(game) {
    return this.request("GET", `/api/ratings?game=${encodeURIComponent(game)}`);
  }

  /** Renames the caller (`PATCH /api/players/me`): the same player (id, token, ratings,
   * seats, history) under a new name → `{id, name}`. `taken` (409) or `bad-name` (400). */
  rename(name) {
    return this.request("PATCH", "/api/players/me", { name });
  }

  /** Signs this client in as the player whose recovery code (another device's secret) is
   * `code` → `{id, name, token}`; the client keeps the token. `bad-code`, `rate-limited`. */
  async recover(code) {
    const p = await this.request("POST", "/api/players/recover", { code });
    this.token = p.token;
    return p;
  }

  /** A player's profile: `{id, name, created, ratings: [{game, rating, games, provisional,
   * history: [{at, rating}]}]}` (`no-player` for an unknown id). */
  player(id) {
    return this.request("GET", `/api/players/${encodeURIComponent(id)}`);
  }

  /** A page of a player's finished games, newest first: `{games, next}`; pass `next` as
   * `before` for the following page (`null` at the end). */
  playerGames(id, before) {
    const q = before ? `?before=${encodeURIComponent(before)}` : "";
    return this.request("GET", `/api/players/${encodeURIComponent(id)}/games${q}`);
  }

  /** The URL of a game's record (PGN, or PGN4 for four players). */
  recordUrl(roomId) {
    return `${this.server}/api/games/${encodeURIComponent(roomId)}.pgn`;
  }

  /** A game's record as text: the finished game, or the current record of one in
   * progress (`not-started` while the room waits). */
  async gameRecord(roomId) {
    let res;
    try {
      res = await this.fetch(this.recordUrl(roomId));
    } catch (e) {
      throw new OnlineError("network", `cannot reach ${this.server}: ${e.message}`);
    }
    if (!res.ok) {
      const data = await res.json().catch(() => null);
      throw new OnlineError(data?.error ?? "http", data?.message ?? `HTTP ${res.status}`, res.status);
    }
    return res.text();
  }

  /** Opens a room's socket (see {@link Room}). Without a token the room is watched only. */
  openRoom(roomId, options = {}) {
    if (!this.WebSocket) {
      throw new OnlineError("invalid-argument", "no WebSocket: pass { WebSocket } (in Node 20, e.g. the ws package)");
    }
    return new Room(this, roomId, options);
  }
}

/**
 * A seat's remaining time in ms at server time `serverNow`, from a room state: the state's
 * `clocks[seat]`, minus the time since the state's `now` when that seat's clock runs (the
 * seat to move, once every seat has made a first move, while the game goes on). Never below
 * 0; null when the room has no game clock or the seat none.
 */
export function remainingMs(state, seat, serverNow) {
  const left = state?.clocks?.[seat];
  if (typeof left !== "number") return null;
  const c = state.clock;
  const running = state.roomStatus === "playing" && c && c.started && c.turn === seat;
  if (!running) return Math.max(0, left);
  const at = state.now ?? c.now ?? serverNow;
  return Math.max(0, left - Math.max(0, serverNow - at));
}

const INITIAL_DELAY = 250;
const MAX_DELAY = 8000;
const PING_MS = 15000;

/**
 * One open room: a socket that reconnects with backoff and resumes from the server's state.
 *
 * Events (`room.on(type, fn)`, returns a function that removes the listener):
 * - `state` (state): every state message (complete; the newest is also `room.state`)
 * - `move` (last, state): the game advanced (`last` is the package's Move, or null)
 * - `presence` (seats, state): a seat's player connected, left or was replaced
 * - `error` (OnlineError): a refusal (server or local check)
 * - `connection` ({connected, attempt, retryIn}): the socket opened or dropped
 * - `chat` (lines, all): new chat lines (`{channel, seat, player, text, at}`); `all` is
 *   `room.chat` after them. A socket's first chat message replaces the list (it carries the
 *   room's last lines), so a reconnection never doubles a line.
 * - `rematch` (roomId, state): a rematch was agreed; the new room's id
 * - `closed` ({code, message}): closed for good (`close()`, or the room is gone)
 */
export class Room {
  constructor(client, id, options = {}) {
    this.client = client;
    this.id = id;
    this.state = null;
    /** `{player, seat}` from the first state of the first socket (`seat` null: watching). */
    this.you = null;
    this.connected = false;
    this.closed = false;
    this.attempt = 0;
    this.listeners = new Map();
    this.pending = [];
    this.mirror = null;
    this.mirrorPly = -1;
    this.maxDelay = options.maxDelay ?? MAX_DELAY;
    this.timer = null;
    this.pingTimer = null;
    /** Chat lines this socket may read, oldest first. */
    this.chatLines = [];
    /** The next chat message replaces `chatLines` (a new socket's first one). */
    this.freshSocket = true;
    /** Server time − local time, from the newest state (ms). */
    this.offset = 0;
    /** Local time when the newest state arrived (ms). */
    this.receivedAt = 0;
    this.connect();
  }

  on(type, fn) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type).add(fn);
    return () => this.listeners.get(type)?.delete(fn);
  }

  emit(type, ...args) {
    for (const fn of [...(this.listeners.get(type) ?? [])]) {
      try {
        fn(...args);
      } catch (e) {
        // A listener's bug must not stop the room; report it where it can be seen.
        queueMicrotask(() => {
          throw e;
        });
      }
    }
  }

  /** Resolves with the next state (or the current one) for which `pred(state)` holds. */
  waitFor(pred, timeoutMs = 30000) {
    if (this.state && pred(this.state)) return Promise.resolve(this.state);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new OnlineError("timeout", "no such state arrived"));
      }, timeoutMs);
      const off = this.on("state", (s) => {
        if (!pred(s)) return;
        clearTimeout(timer);
        off();
        resolve(s);
      });
    });
  }

  socketUrl() {
    const base = this.client.server.replace(/^http/, "ws");
    // `compact=1`: after a move the server sends only what the move changed (a `move`
    // message), which `receive` applies to the state; the room's state keeps its shape.
    const q = this.client.token ? `?token=${encodeURIComponent(this.client.token)}&compact=1` : "?compact=1";
    return `${base}/api/rooms/${encodeURIComponent(this.id)}/socket${q}`;
  }

  connect() {
    if (this.closed) return;
    let ws;
    try {
      ws = new this.client.WebSocket(this.socketUrl());
    } catch (e) {
      return this.retry(e);
    }
    this.ws = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      this.freshSocket = true;
      this.attempt = 0;
      this.connected = true;
      this.emit("connection", { connected: true, attempt: 0, retryIn: 0 });
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), PING_MS);
    };
    ws.onmessage = (ev) => this.receive(ev.data);
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pingTimer);
      const was = this.connected;
      this.connected = false;
      this.failPending(new OnlineError("disconnected", "the connection dropped before the server answered"));
      if (this.closed) return;
      if (was || opened) this.emit("connection", { connected: false, attempt: this.attempt, retryIn: 0 });
      this.retry();
    };
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  async retry() {
    if (this.closed) return;
    this.attempt += 1;
    // A socket that never opens may mean the room is gone (or the token is bad): ask once
    // over HTTP, which says why, before trying again.
    if (this.attempt > 1) {
      try {
        await this.client.roomState(this.id);
      } catch (e) {
        if (e.code === "no-room") return this.finish({ code: "no-room", message: e.message });
      }
    }
    const delay = Math.min(this.maxDelay, INITIAL_DELAY * 2 ** Math.min(this.attempt - 1, 10));
    // The first retry anywhere in [0, delay): when a server process dies, all its sockets
    // drop at once, and their pages then reach the survivor spread out rather than together
    // (and sooner on average); later retries back off around the doubled delay.
    const spread = this.attempt === 1 ? Math.random() : 0.75 + Math.random() * 0.5;
    const retryIn = Math.round(delay * spread);
    this.emit("connection", { connected: false, attempt: this.attempt, retryIn });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), retryIn);
  }

  receive(data) {
    let msg;
    try {
      msg = JSON.parse(typeof data === "string" ? data : String(data));
    } catch {
      return;
    }
    if (msg.type === "state") this.onState(msg);
    else if (msg.type === "move") this.onMoved(msg);
    else if (msg.type === "chat" && Array.isArray(msg.lines)) this.onChat(msg.lines);
    else if (msg.type === "error") {
      const err = new OnlineError(msg.code, msg.message);
      const p = this.pending.shift();
      if (p) p.reject(err);
      this.emit("error", err);
    }
  }

  /** A compact `move` message: the fields a move changed, with only the new entries of
   * `moves` and `san`. The server sends it only after the state it applies to; should the
   * entries not follow this state's, the socket is opened again for a complete state. */
  onMoved(msg) {
    const prev = this.state;
    const added = Array.isArray(msg.moves) ? msg.moves : [];
    if (!prev || !Array.isArray(prev.moves) || prev.ply + added.length !== msg.ply) {
      this.ws?.close();
      return;
    }
    const { you: _you, ...rest } = prev;
    this.onState({
      ...rest,
      ...msg,
      type: "state",
      moves: prev.moves.concat(added),
      san: (prev.san ?? []).concat(Array.isArray(msg.san) ? msg.san : []),
    });
  }

  onChat(lines) {
    if (this.freshSocket) this.chatLines = [];
    this.freshSocket = false;
    this.chatLines.push(...lines);
    if (this.chatLines.length > 500) this.chatLines.splice(0, this.chatLines.length - 500);
    this.emit("chat", lines, this.chatLines);
    this.pending = this.pending.filter((p) => {
      if (p.chat && lines.some((l) => l.text === p.chat && (!this.you?.player || l.player?.id === this.you.player.id))) {
        p.resolve(this.state);
        return false;
      }
      return true;
    });
  }

  onState(s) {
    const prev = this.state;
    if (s.you) this.you = s.you;
    this.state = s;
    this.receivedAt = Date.now();
    const now = s.now ?? s.clock?.now;
    if (typeof now === "number") this.offset = now - this.receivedAt;
    this.emit("state", s);
    if (s.rematch && s.rematch !== prev?.rematch) this.emit("rematch", s.rematch, s);
    if (!prev || prev.ply !== s.ply) this.emit("move", s.last ?? null, s);
    const presence = (st) => JSON.stringify(st?.seats ?? null);
    if (!prev || presence(prev) !== presence(s)) this.emit("presence", s.seats, s);
    this.pending = this.pending.filter((p) => {
      if (p.until ? p.until(s) : s.ply > p.ply || (p.ends && s.roomStatus === "over")) {
        p.resolve(s);
        return false;
      }
      return true;
    });
  }

  failPending(err) {
    const pending = this.pending;
    this.pending = [];
    for (const p of pending) p.reject(err);
  }

  send(msg) {
    if (!this.ws || this.ws.readyState !== 1) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  /** The seat this socket plays (null: watching, or before the first state). */
  get seat() {
    return this.you?.seat ?? null;
  }

  /** A wasm game at the room's current position, or null when the engine is not loaded. */
  game() {
    const s = this.state;
    if (!s) return null;
    if (this.mirror && this.mirrorPly === s.ply && this.mirrorFen === s.fen) return this.mirror;
    this.mirror?.free?.();
    this.mirror = null;
    try {
      this.mirror = newGame({ ...engineOptions(s.game), fen: s.fen });
      this.mirrorPly = s.ply;
      this.mirrorFen = s.fen;
    } catch {
      // The wasm module is not initialised (or cannot read this position): the server checks.
      this.mirror = null;
    }
    return this.mirror;
  }

  /** The legal moves of this seat now (the package's Move objects); [] when it is not its turn. */
  legalMoves(from) {
    const s = this.state;
    if (!s || s.status?.turn !== this.seat || s.roomStatus !== "playing") return [];
    const g = this.game();
    if (!g) return [];
    try {
      return g.legalMoves(from);
    } catch {
      return [];
    }
  }

  reject(code, message) {
    const err = new OnlineError(code, message);
    this.emit("error", err);
    return Promise.reject(err);
  }

  /**
   * Plays a move (UCI, SAN, PGN4 text, or `{from, to, promotion?}`). Resolves with the state
   * that includes it; rejects with an OnlineError (`illegal-move`, `not-your-turn`, `stale-ply`,
   * ...), checked locally first when the engine is loaded.
   */
  play(move) {
    const s = this.state;
    if (this.closed) return this.reject("closed", "the room is closed");
    if (!s) return this.reject("not-started", "no state from the server yet");
    if (s.status?.over || s.roomStatus === "over") return this.reject("game-over", "the game is over");
    if (this.seat === null) return this.reject("not-seated", "you have no seat in this room");
    if (s.roomStatus !== "playing") return this.reject("not-started", "the room still waits for players");
    if (s.status?.turn !== this.seat) return this.reject("not-your-turn", `it is ${s.status?.turn}'s turn`);
    // The server reads the move (UCI, SAN or PGN4 text) with its engine: a text is sent as
    // the caller wrote it; an object becomes the UCI the engine makes of it.
    let text = typeof move === "string" ? move : `${move.from}${move.to}${move.promotion ?? ""}`;
    const g = this.game();
    if (g) {
      // Check on a copy: the mirror stays at the server's position.
      let probe = null;
      try {
        probe = newGame({ ...engineOptions(s.game), fen: s.fen });
        const m = probe.play(typeof move === "string" ? move : { from: move.from, to: move.to, promotion: move.promotion });
        if (typeof move !== "string") text = m.uci || text;
      } catch (e) {
        if (e?.code) return this.reject(e.code === "game-over" ? "game-over" : "illegal-move", e.message);
      } finally {
        probe?.free?.();
      }
    }
    return this.action({ type: "move", move: text, ply: s.ply }, s.ply, false);
  }

  /** Resigns this seat. */
  resign() {
    const s = this.state;
    if (!s) return this.reject("not-started", "no state from the server yet");
    return this.action({ type: "resign" }, s.ply, true);
  }

  /** Claims a draw (threefold repetition or 50 moves; two players). */
  claimDraw() {
    const s = this.state;
    if (!s) return this.reject("not-started", "no state from the server yet");
    if (s.status && s.status.canClaimDraw === false) return this.reject("no-draw", "no draw can be claimed now");
    return this.action({ type: "claimDraw" }, s.ply, true);
  }

  /**
   * Offers a draw, a takeback (casual two-player rooms) or a rematch (after the game).
   * Offering what someone else already offers accepts it. Resolves with the state that
   * shows the offer (or its outcome); rejects with an OnlineError (`not-seated`,
   * `already-offered`, `not-allowed`, `not-over`, `left`, ...).
   */
  offer(kind) {
    const s = this.state;
    if (!s) return this.reject("not-started", "no state from the server yet");
    if (this.seat === null) return this.reject("not-seated", "you have no seat in this room");
    const seat = this.seat;
    const ply = s.ply;
    const until = (st) =>
      (st.offers ?? []).some((o) => o.offer === kind && o.accepted?.includes(seat)) ||
      (kind === "rematch" ? !!st.rematch : st.roomStatus === "over" && kind === "draw") ||
      (kind === "takeback" && st.ply !== ply);
    return this.action({ type: "offer", offer: kind }, ply, false, until);
  }

  /** Accepts or declines the open offer of that kind made by someone else. */
  answer(kind, accept) {
    const s = this.state;
    if (!s) return this.reject("not-started", "no state from the server yet");
    if (this.seat === null) return this.reject("not-seated", "you have no seat in this room");
    const seat = this.seat;
    const open = (st) => (st.offers ?? []).find((o) => o.offer === kind && o.by !== seat);
    if (!open(s)) return this.reject("no-offer", `no open ${kind} offer`);
    const until = (st) => {
      const o = open(st);
      return !o || (accept && o.accepted?.includes(seat)) || (kind === "rematch" && !!st.rematch);
    };
    return this.action({ type: "answer", offer: kind, accept: !!accept }, s.ply, false, until);
  }

  /** Aborts the game while it may be (`state.abortable`: before every seat's first move). */
  abort() {
    const s = this.state;
    if (!s) return this.reject("not-started", "no state from the server yet");
    if (this.seat === null) return this.reject("not-seated", "you have no seat in this room");
    if (s.abortable === false && s.roomStatus === "playing") return this.reject("too-late", "every seat has moved already");
    return this.action({ type: "abort" }, s.ply, true);
  }

  /**
   * Says a line in the room's chat (1–200 characters). `channel` is `players`, `watchers` or
   * (a Teams player to its partner) `team`; by default the server picks the speaker's own
   * (players for a seat, watchers otherwise).
   * Resolves once the line comes back from the server.
   */
  chat(text, channel) {
    const line = String(text ?? "").trim();
    if (!line) return this.reject("bad-message", "an empty line");
    if ([...line].length > 200) return this.reject("chat-too-long", "at most 200 characters");
    const msg = channel ? { type: "chat", text: line, channel } : { type: "chat", text: line };
    return this.action(msg, this.state?.ply ?? 0, false, () => false, line);
  }

  /**
   * A seat's remaining time in ms at a local time (default now), from the newest state's
   * `clocks` counted down for the seat whose clock runs, corrected by the server's `now`.
   * null without a game clock.
   */
  clockMs(seat, localNow = Date.now()) {
    return remainingMs(this.state, seat, localNow + this.offset);
  }

  action(msg, ply, ends, until, chat) {
    return new Promise((resolve, reject) => {
      if (!this.send(msg)) {
        const err = new OnlineError("disconnected", "not connected; the room reconnects on its own");
        this.emit("error", err);
        return reject(err);
      }
      this.pending.push({ ply, ends, until, chat, resolve, reject });
    });
  }

  finish(info) {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pingTimer);
    this.failPending(new OnlineError(info.code, info.message));
    const ws = this.ws;
    this.ws = null;
    this.connected = false;
    try {
      ws?.close();
    } catch {
      /* already closing */
    }
    this.mirror?.free?.();
    this.mirror = null;
    this.emit("closed", info);
  }

  /** Closes the socket for good (no reconnection). */
  close() {
    if (this.closed) return;
    this.finish({ code: "closed", message: "closed by the page" });
  }
}
