// Small pieces shared by the views: the banner, the confirm dialog, dates, seat controls.
import { t, locale } from "../i18n/index.js";
import { ICONS } from "../icons.js";

export const $ = (id) => document.getElementById(id);

export function showBanner(text, kind = "error") {
  $("banner-text").textContent = text;
  $("banner").dataset.kind = kind;
  $("banner").hidden = false;
}
export function hideBanner(kind) {
  if (!kind || $("banner").dataset.kind === kind) $("banner").hidden = true;
}

export function confirmDialog(text) {
  const d = $("confirm");
  $("confirm-text").textContent = text;
  d.returnValue = "";
  d.showModal();
  return new Promise((resolve) => d.addEventListener("close", () => resolve(d.returnValue === "yes"), { once: true }));
}

export function fmtDate(ms) {
  try {
    return new Date(ms).toLocaleString(locale(), { dateStyle: "medium", timeStyle: "short" });
  } catch {
    return new Date(ms).toISOString();
  }
}

export function controllerText(c) {
  return c?.type === "ai" ? `${t("computer")} (${t("levelN", { n: c.level })})` : t("person");
}

export function swatch(seat) {
  const s = document.createElement("span");
  s.className = `swatch ${seat}`;
  s.setAttribute("aria-hidden", "true");
  return s;
}

export function icon(name) {
  const s = document.createElement("span");
  s.className = "icon-wrap";
  s.innerHTML = ICONS[name];
  return s;
}

export function button(text, onClick, cls) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  if (cls) b.className = cls;
  b.addEventListener("click", onClick);
  return b;
}

/** A person / computer-level picker for a seat. */
export function controllerSelect(current, onChange, label, short = false) {
  const sel = document.createElement("select");
  sel.setAttribute("aria-label", label);
  sel.add(new Option(t("person"), "human"));
  for (let l = 1; l <= 8; l++) {
    const o = new Option(short ? `${t("computer")} ${l}` : `${t("computer")} — ${t("level")} ${l}`, `ai${l}`);
    o.setAttribute("aria-label", `${t("computer")}, ${t("levelN", { n: l })}`);
    sel.add(o);
  }
  sel.value = current?.type === "ai" ? `ai${current.level}` : "human";
  sel.addEventListener("change", () => {
    const v = sel.value;
    onChange(v === "human" ? { type: "human", level: current?.level ?? 3 } : { type: "ai", level: Number(v.slice(2)) });
  });
  return sel;
}
