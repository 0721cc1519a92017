// Inline SVG icons: they never depend on the fonts a system happens to have (an emoji clock
// rendered as an empty box on Debian's Chromium).
const svg = (body, cls = "") =>
  `<svg class="ico ${cls}" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">${body}</svg>`;
const stroke = 'fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"';

export const ICONS = {
  clock: svg(`<circle cx="12" cy="13" r="8" ${stroke}/><path d="M12 9v4l3 2M9 2h6" ${stroke}/>`),
  soundOn: svg(`<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" ${stroke}/>`),
  soundOff: svg(`<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path d="M16.5 9.5l5 5M21.5 9.5l-5 5" ${stroke}/>`),
  zoom: svg(`<circle cx="10.5" cy="10.5" r="6.5" ${stroke}/><path d="M15.5 15.5L21 21M10.5 7.5v6M7.5 10.5h6" ${stroke}/>`),
  first: svg(`<path d="M18 6l-6 6 6 6M11 6l-6 6 6 6" ${stroke}/>`),
  prev: svg(`<path d="M15 6l-6 6 6 6" ${stroke}/>`),
  next: svg(`<path d="M9 6l6 6-6 6" ${stroke}/>`),
  last: svg(`<path d="M6 6l6 6-6 6M13 6l6 6-6 6" ${stroke}/>`),
  cpu: svg(`<rect x="6" y="6" width="12" height="12" rx="2" ${stroke}/><path d="M10 2v4M14 2v4M10 18v4M14 18v4M2 10h4M2 14h4M18 10h4M18 14h4" ${stroke}/>`),
  person: svg(`<circle cx="12" cy="8" r="4" ${stroke}/><path d="M4 21c1-4.5 4-6.5 8-6.5s7 2 8 6.5" ${stroke}/>`),
  // Two pairs of players facing across a cross: the Teams card.
  team: svg(`<path d="M9 2h6v7h7v6h-7v7H9v-7H2V9h7z" fill="currentColor" opacity="0.35"/><circle cx="7" cy="7" r="2.6" fill="currentColor"/><circle cx="17" cy="17" r="2.6" fill="currentColor"/><path d="M3 13c.6-2 2-3 4-3s3.4 1 4 3M13 23c.6-2 2-3 4-3s3.4 1 4 3" ${stroke}/>`),
  // Two chain links: a Teams seat's partner.
  link: svg(`<path d="M10 14a4 4 0 0 0 5.7 0l3.6-3.6a4 4 0 0 0-5.7-5.7L12 6.3M14 10a4 4 0 0 0-5.7 0l-3.6 3.6a4 4 0 0 0 5.7 5.7l1.6-1.6" ${stroke}/>`),
  cross: svg(`<path d="M9 2h6v7h7v6h-7v7H9v-7H2V9h7z" fill="currentColor"/>`),
  logo: svg(`<path d="M7 21h11l-1.5-3.5c0-3 2.5-4 2.5-8.5C19 5 16 3 12 3L9 2l.5 2.5L5 9l1.5 2 3-1.5 1 1.5c-2 1.5-4 4-4 6.5z" fill="currentColor"/>`),
};
