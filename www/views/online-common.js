// Pieces the online pages share: making elements (names from other people are only ever set
// as text), the name form, and player names that never push a column out.
import { ot, refusal } from "../online/strings.js";
import { register, recover } from "../online/identity.js";

export const el = (tag, props = {}, ...children) => {
  const n = document.createElement(tag);
  // ARIA attributes are attributes, not properties: `{"aria-label": ...}` must name the element.
  for (const [k, v] of Object.entries(props)) {
    if (k.startsWith("aria-")) n.setAttribute(k, v);
    else n[k] = v;
  }
  n.append(...children.filter((c) => c !== null && c !== undefined));
  return n;
};

/** A person's name: cut with an ellipsis where it does not fit, whole in the title. */
export const nameSpan = (name, className = "player-name") => el("span", { className, textContent: name, title: name });

/** A person's name as a link to their profile (`#player=<id>`). */
export const nameLink = (player, className = "player-name") =>
  el("a", { className: `${className} profile-link`, href: `#player=${encodeURIComponent(player.id)}`, textContent: player.name, title: player.name });

/** The name form (`#online-name`); `then()` runs once the name is registered. */
export function nameForm(then, { focus = true } = {}) {
  const input = el("input", { id: "online-name", maxLength: 24, required: true, autocomplete: "nickname" });
  const error = el("p", { className: "error", id: "online-name-error", hidden: true, role: "alert" });
  const form = el(
    "form",
    { className: "online-name" },
    el("label", { htmlFor: "online-name", textContent: ot("yourName") }),
    input,
    el("small", { textContent: ot("nameHint") }),
    error,
    el("button", { type: "submit", className: "primary", id: "online-name-go", textContent: ot("nameGo") }),
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      await register(input.value);
      await then();
    } catch (err) {
      error.textContent = err?.code === "taken" ? ot("nameTaken") : refusal(err);
      error.hidden = false;
    }
  });
  // Or sign in with the recovery code of another device: the same player here.
  const code = el("input", { id: "online-code", autocomplete: "off", spellcheck: false });
  const codeError = el("p", { className: "error", id: "online-code-error", hidden: true, role: "alert" });
  const recovery = el(
    "form",
    { className: "online-name", id: "online-recover" },
    el("label", { htmlFor: "online-code", textContent: ot("recoveryShow") }),
    code,
    codeError,
    el("button", { type: "submit", id: "online-code-go", textContent: ot("recoveryGo") }),
  );
  recovery.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      await recover(code.value);
      await then();
    } catch (err) {
      codeError.textContent = refusal(err);
      codeError.hidden = false;
    }
  });
  const details = el("details", { className: "recover-box" }, el("summary", { textContent: ot("recoveryUse") }), recovery);
  if (focus) queueMicrotask(() => input.isConnected && input.focus());
  return el("div", { className: "name-forms" }, form, details);
}
