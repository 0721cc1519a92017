// A room's chat panel: the players' channel (watchers read it), the watchers' channel
// (players read it once the game is over) and, for a Teams player, the team channel that only
// the partner reads. Lines are text, never HTML. A player muted on
// this device is not shown; the chat can be turned off here.
import { ot, refusal } from "../online/strings.js";
import { isMuted, setMuted, chatOff, setChatOff } from "../online/prefs.js";
import { el, nameSpan } from "./online-common.js";

/** The chat panel's state: the room it speaks to and the channel shown. */
const chat = {
  room: null,
  channel: "players",
  /** Who this page is: `{playerId, seated, team}` (`team`: seated in a Teams room, with a
   * partner to talk to). */
  me: { playerId: null, seated: false, team: false },
};

/** The panel for a room (Room of pkg/tablero-online.js); `me` as in `chat.me`. */
export function chatPanel(room, me) {
  chat.room = room;
  chat.me = me;
  chat.channel = me.seated ? "players" : chat.channel;
  const box = el("section", { id: "online-chat", className: "online-chat" });
  box.dataset.channel = chat.channel;
  box.dataset.seated = String(!!me.seated);
  box.dataset.team = String(!!me.team);
  drawChat(box);
  return box;
}

/** Redraws the lines (a new line, a mute, the channel). */
export function renderChat() {
  const box = document.getElementById("online-chat");
  if (box) fillLines(box);
}

function drawChat(box) {
  const off = chatOff();
  const toggle = el("button", {
    type: "button",
    id: "chat-toggle",
    className: "link",
    textContent: off ? ot("chatOn") : ot("chatOff"),
    onclick: () => {
      setChatOff(!chatOff());
      drawChat(box);
    },
  });
  const head = el("div", { className: "chat-head" }, el("h2", { textContent: ot("chat") }), toggle);
  if (off) return void box.replaceChildren(head, el("p", { className: "muted", id: "chat-off", textContent: ot("chatIsOff") }));
  const tabs = el(
    "div",
    { className: "chat-tabs", role: "tablist" },
    ...["players", "watchers", ...(chat.me.team ? ["team"] : [])].map((c) =>
      el("button", {
        type: "button",
        role: "tab",
        id: `chat-tab-${c}`,
        textContent: { players: ot("chatPlayers"), watchers: ot("chatWatchers"), team: ot("chatTeam") }[c],
        ariaSelected: String(c === chat.channel),
        onclick: () => {
          chat.channel = c;
          box.dataset.channel = c;
          drawChat(box);
        },
      }),
    ),
  );
  const list = el("ol", { id: "chat-lines", className: "chat-lines", "aria-live": "polite" });
  const notes = el("div", { id: "chat-muted" });
  // Players write in their channel (and a Teams player in its team's), watchers with a name in
  // theirs.
  const own = chat.channel === (chat.me.seated ? "players" : "watchers") || (chat.channel === "team" && chat.me.team);
  const canWrite = own && !!chat.me.playerId;
  const form = canWrite ? chatForm() : null;
  box.replaceChildren(head, tabs, list, notes, ...(form ? [form] : []));
  fillLines(box);
}

/** The lines of the channel shown, without the muted players' (the form keeps its text). */
function fillLines(box) {
  const list = box.querySelector("#chat-lines");
  const notes = box.querySelector("#chat-muted");
  if (!list) return;
  const lines = (chat.room?.chatLines ?? []).filter((l) => l.channel === chat.channel);
  const mutedNow = [];
  const items = [];
  for (const l of lines) {
    const id = l.player?.id ?? null;
    if (isMuted(id)) {
      if (!mutedNow.includes(id)) mutedNow.push(id);
      continue;
    }
    const li = el("li", { className: "chat-line" }, nameSpan(l.player?.name ?? "?", "chat-name"), " ", el("span", { className: "chat-text", textContent: l.text }));
    if (id && id !== chat.me.playerId) {
      li.append(" ", el("button", { type: "button", className: "link chat-mute", textContent: ot("mute"), onclick: () => (setMuted(id, true), fillLines(box)) }));
    }
    items.push(li);
  }
  if (!items.length) items.push(el("li", { className: "muted", textContent: ot("chatEmpty") }));
  list.replaceChildren(...items);
  notes.replaceChildren(
    ...mutedNow.map((id) => {
      const name = lines.find((l) => l.player?.id === id)?.player?.name ?? "?";
      return el("p", { className: "muted chat-muted" }, ot("muted", { name }), " ", el("button", { type: "button", className: "link", textContent: ot("unmute"), onclick: () => (setMuted(id, false), fillLines(box)) }));
    }),
  );
  list.scrollTop = list.scrollHeight;
}

function chatForm() {
  const input = el("input", { id: "chat-input", maxLength: 200, placeholder: ot("chatPlaceholder"), "aria-label": ot("chatPlaceholder"), autocomplete: "off" });
  const error = el("p", { className: "error", id: "chat-error", hidden: true, role: "alert" });
  const form = el("form", { className: "chat-form", id: "chat-form" }, input, el("button", { type: "submit", id: "chat-send", textContent: ot("chatSend") }), error);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text || !chat.room) return;
    error.hidden = true;
    try {
      await chat.room.chat(text, chat.channel === "team" ? "team" : undefined);
      input.value = "";
    } catch (err) {
      error.textContent = refusal(err);
      error.hidden = false;
    }
  });
  return form;
}
