// The rules pages: every game's complete rules, from docs/RULES.md and the original pages.
import { state, savePrefs } from "../state.js";
import { t, rulesPage } from "../i18n/index.js";
import { choices, offered, gameName } from "../games.js";
import { $ } from "./common.js";

export function renderRules(choice) {
  if (!choices().includes(choice)) choice = offered(state.prefs.choice);
  $("rules-page-title").textContent = t("rulesOf", { game: gameName(choice) });
  $("rules-tabs").replaceChildren(
    ...choices().map((c) => {
      const a = document.createElement("a");
      a.href = `#/rules/${c}`;
      a.textContent = gameName(c);
      if (c === choice) a.setAttribute("aria-current", "page");
      return a;
    }),
  );
  const nodes = [];
  for (const section of rulesPage(choice)) {
    const h = document.createElement("h2");
    h.textContent = section.title;
    const ul = document.createElement("ul");
    for (const item of section.items) ul.append(Object.assign(document.createElement("li"), { textContent: item }));
    nodes.push(h, ul);
  }
  $("rules-page").replaceChildren(...nodes);
  $("rules-page").dataset.choice = choice;
  $("rules-play").onclick = () => {
    state.prefs.choice = choice;
    savePrefs();
    location.hash = "#/";
  };
}
