// Spanish and English strings for the demo. `t(key, params)` looks a key up in the current
// language; `{name}` placeholders are filled from params. Rules summaries follow docs/RULES.md.

export const LANGS = ["es", "en"];

const STRINGS = {
  en: {
    appTitle: "tablero — chess variants",
    home: "Play",
    saved: "Saved games",
    language: "Language",
    chooseGame: "Choose a game",
    seats: "Players",
    person: "Person",
    computer: "Computer",
    level: "Level",
    levelN: "level {n}",
    start: "Start game",
    continue: "Continue",
    continueGame: "Continue: {game}, {moves} moves, {date}",
    importGame: "Import",
    settings: "Settings",
    showLegal: "Show legal moves",
    rotateBoard: "Turn the board to the player to move (shared device)",
    timeLimit: "Turn time limit",
    noLimit: "None",
    seconds: "{n} s",
    moveLimit: "Move limit",
    moveLimitHint: "0 = no limit",
    alternate: "Alternate who starts across a series",
    firstPlayer: "First to move: {seat}",
    soon: "coming soon",
    comingSoon: "Coming soon: this engine build does not play it yet.",
    rules: "Rules",
    // game names
    g_chess: "Chess",
    g_3check: "Three-check",
    g_kingofthehill: "King of the Hill",
    g_racingkings: "Racing Kings",
    g_ffa: "Four-player free-for-all",
    g_kingdoms: "Four Kingdoms",
    // seats
    s_white: "White",
    s_black: "Black",
    s_red: "Red",
    s_blue: "Blue",
    s_yellow: "Yellow",
    s_green: "Green",
    // pieces (for screen readers)
    p_king: "king",
    p_queen: "queen",
    p_rook: "rook",
    p_bishop: "bishop",
    p_knight: "knight",
    p_pawn: "pawn",
    c_white: "white",
    c_black: "black",
    c_red: "red",
    c_blue: "blue",
    c_yellow: "yellow",
    c_green: "green",
    squareLabel: "{square}, {color} {piece}",
    squareGrey: "{square}, grey {piece} (was {color})",
    squareEmpty: "{square}",
    board: "Board",
    // play
    toMove: "{seat} to move",
    inCheck: "in check",
    thinking: "{seat} is thinking…",
    undo: "Undo",
    resign: "Resign",
    claimDraw: "Claim draw",
    flip: "Turn board",
    newGame: "New game",
    moves: "Moves",
    noMoves: "No moves yet.",
    first: "First move",
    prev: "Previous move",
    next: "Next move",
    last: "Last move",
    reviewing: "Reviewing move {n} of {total}.",
    backToGame: "Back to the game",
    checks: "Checks given",
    checksOf: "{n} of 3",
    points: "{n} pts",
    events: "Scoring",
    noEvents: "No points scored yet.",
    hillNote: "Hill: d4, e4, d5, e5 — a king that reaches it wins.",
    raceNote: "Finish line: rank 8 — first king there wins (Black gets one reply).",
    st_active: "playing",
    st_checkmated: "checkmated",
    st_stalemated: "stalemated",
    st_resigned: "resigned",
    st_timeout: "timed out",
    "st_king-captured": "king captured",
    place: "{n}º",
    timeLeft: "{n} s left",
    confirmResign: "Resign for {seat}?",
    yes: "Yes",
    no: "No",
    promoteTo: "Promote to",
    cancel: "Cancel",
    close: "Close",
    // results
    gameOver: "Game over",
    wins: "{seat} wins",
    winsMany: "{seats} win",
    draw: "Draw",
    r_checkmate: "checkmate",
    r_stalemate: "stalemate",
    "r_third-check": "third check",
    "r_king-of-the-hill": "king on the hill",
    r_race: "race won",
    "r_threefold-repetition": "threefold repetition",
    "r_fifty-move-rule": "fifty-move rule",
    "r_fivefold-repetition": "fivefold repetition",
    "r_seventy-five-move-rule": "seventy-five-move rule",
    "r_insufficient-material": "insufficient material",
    r_resignation: "resignation",
    "r_draw-claimed": "draw agreed",
    "r_three-out": "three players out",
    "r_points-lead": "21-point lead",
    "r_move-limit": "move limit reached",
    r_repetition: "repetition",
    r_timeout: "time ran out",
    "r_king-captured": "king captured",
    "r_last-survivor": "last player standing",
    finalScores: "Final scores",
    rematch: "Next game",
    review: "Review the game",
    backHome: "Home",
    ev_checkmate: "checkmate",
    ev_stalemate: "stalemate",
    ev_capture: "capture",
    "ev_double-check": "double check",
    "ev_triple-check": "triple check",
    "ev_king-capture": "king captured",
    ev_draw: "draw bonus",
    ev_survivor: "last player bonus",
    eliminated: "{seat} is out ({reason})",
    // saved games
    savedTitle: "Saved games",
    savedEmpty: "No saved games yet.",
    col_game: "Game",
    col_players: "Players",
    col_date: "Date",
    col_moves: "Moves",
    col_state: "State",
    open: "Open",
    delete: "Delete",
    export: "Export",
    confirmDelete: "Delete this saved game?",
    state_playing: "in progress — {seat} to move",
    state_over: "finished — {result}",
    corrupt: "{n} saved entries could not be read and were skipped.",
    corruptEntry: "Unreadable saved entry ({id})",
    openFailed: "This saved game could not be opened: {message}",
    storageFull: "This browser's storage is full: the game goes on but is not being saved.",
    storageError: "Saving failed: {message}. The game goes on.",
    storageUnavailable: "Saved games are unavailable in this browser (IndexedDB is blocked).",
    // import / export
    exportTitle: "Export",
    notation: "Game record (PGN)",
    notation4: "Game record (PGN4)",
    position: "Position (FEN)",
    position4: "Position (FEN4)",
    copy: "Copy",
    copied: "Copied",
    download: "Download",
    importTitle: "Import a game",
    importHelp: "Paste a PGN, PGN4, FEN or FEN4, or choose a file.",
    importAs: "Game",
    importAuto: "Detect",
    importFile: "File",
    importText: "Text",
    importGo: "Import and open",
    importFailed: "Could not import: {message}",
    // errors
    illegal: "That move is not legal.",
    error: "Error: {message}",
    workerFailed: "The computer could not move: {message}",
    saved_ok: "Saved",
  },
  es: {
    appTitle: "tablero — variantes de ajedrez",
    home: "Jugar",
    saved: "Partidas guardadas",
    language: "Idioma",
    chooseGame: "Elige un juego",
    seats: "Jugadores",
    person: "Persona",
    computer: "Ordenador",
    level: "Nivel",
    levelN: "nivel {n}",
    start: "Empezar partida",
    continue: "Continuar",
    continueGame: "Continuar: {game}, {moves} jugadas, {date}",
    importGame: "Importar",
    settings: "Ajustes",
    showLegal: "Mostrar jugadas legales",
    rotateBoard: "Girar el tablero hacia quien mueve (dispositivo compartido)",
    timeLimit: "Tiempo por turno",
    noLimit: "Sin límite",
    seconds: "{n} s",
    moveLimit: "Límite de jugadas",
    moveLimitHint: "0 = sin límite",
    alternate: "Alternar quién empieza en cada partida",
    firstPlayer: "Empieza: {seat}",
    soon: "próximamente",
    comingSoon: "Próximamente: esta versión del motor aún no lo juega.",
    rules: "Reglas",
    g_chess: "Ajedrez",
    g_3check: "Tres jaques",
    g_kingofthehill: "Rey de la Colina",
    g_racingkings: "Carrera de Reyes",
    g_ffa: "Ajedrez para cuatro (individual)",
    g_kingdoms: "Cuatro Reinos",
    s_white: "Blancas",
    s_black: "Negras",
    s_red: "Rojo",
    s_blue: "Azul",
    s_yellow: "Amarillo",
    s_green: "Verde",
    p_king: "rey",
    p_queen: "dama",
    p_rook: "torre",
    p_bishop: "alfil",
    p_knight: "caballo",
    p_pawn: "peón",
    c_white: "las blancas",
    c_black: "las negras",
    c_red: "Rojo",
    c_blue: "Azul",
    c_yellow: "Amarillo",
    c_green: "Verde",
    squareLabel: "{square}, {piece} de {color}",
    squareGrey: "{square}, {piece} gris (era de {color})",
    squareEmpty: "{square}",
    board: "Tablero",
    toMove: "Mueve {seat}",
    inCheck: "en jaque",
    thinking: "{seat} está pensando…",
    undo: "Deshacer",
    resign: "Abandonar",
    claimDraw: "Reclamar tablas",
    flip: "Girar tablero",
    newGame: "Nueva partida",
    moves: "Jugadas",
    noMoves: "Aún no hay jugadas.",
    first: "Primera jugada",
    prev: "Jugada anterior",
    next: "Jugada siguiente",
    last: "Última jugada",
    reviewing: "Repasando la jugada {n} de {total}.",
    backToGame: "Volver a la partida",
    checks: "Jaques dados",
    checksOf: "{n} de 3",
    points: "{n} ptos",
    events: "Puntuación",
    noEvents: "Todavía nadie ha puntuado.",
    hillNote: "Colina: d4, e4, d5, e5 — el rey que llega gana.",
    raceNote: "Meta: fila 8 — gana el primer rey en llegar (las negras tienen una respuesta).",
    st_active: "en juego",
    st_checkmated: "mate",
    st_stalemated: "ahogado",
    st_resigned: "abandonó",
    st_timeout: "sin tiempo",
    "st_king-captured": "rey capturado",
    place: "{n}º",
    timeLeft: "quedan {n} s",
    confirmResign: "¿Abandona {seat}?",
    yes: "Sí",
    no: "No",
    promoteTo: "Promocionar a",
    cancel: "Cancelar",
    close: "Cerrar",
    gameOver: "Fin de la partida",
    wins: "Ganan {seat}",
    winsMany: "Ganan {seats}",
    draw: "Tablas",
    r_checkmate: "jaque mate",
    r_stalemate: "ahogado",
    "r_third-check": "tercer jaque",
    "r_king-of-the-hill": "rey en la colina",
    r_race: "carrera ganada",
    "r_threefold-repetition": "triple repetición",
    "r_fifty-move-rule": "regla de los 50 movimientos",
    "r_fivefold-repetition": "quíntuple repetición",
    "r_seventy-five-move-rule": "regla de los 75 movimientos",
    "r_insufficient-material": "material insuficiente",
    r_resignation: "abandono",
    "r_draw-claimed": "tablas acordadas",
    "r_three-out": "tres jugadores fuera",
    "r_points-lead": "ventaja de 21 puntos",
    "r_move-limit": "límite de jugadas",
    r_repetition: "repetición",
    r_timeout: "se acabó el tiempo",
    "r_king-captured": "rey capturado",
    "r_last-survivor": "último jugador en pie",
    finalScores: "Puntuación final",
    rematch: "Siguiente partida",
    review: "Repasar la partida",
    backHome: "Inicio",
    ev_checkmate: "jaque mate",
    ev_stalemate: "ahogado",
    ev_capture: "captura",
    "ev_double-check": "jaque doble",
    "ev_triple-check": "jaque triple",
    "ev_king-capture": "rey capturado",
    ev_draw: "bono de tablas",
    ev_survivor: "bono de superviviente",
    eliminated: "{seat} queda fuera ({reason})",
    savedTitle: "Partidas guardadas",
    savedEmpty: "Aún no hay partidas guardadas.",
    col_game: "Juego",
    col_players: "Jugadores",
    col_date: "Fecha",
    col_moves: "Jugadas",
    col_state: "Estado",
    open: "Abrir",
    delete: "Borrar",
    export: "Exportar",
    confirmDelete: "¿Borrar esta partida guardada?",
    state_playing: "en curso — mueve {seat}",
    state_over: "terminada — {result}",
    corrupt: "{n} partidas guardadas no se pudieron leer y se han omitido.",
    corruptEntry: "Entrada guardada ilegible ({id})",
    openFailed: "No se pudo abrir esta partida guardada: {message}",
    storageFull:
      "El almacenamiento de este navegador está lleno: la partida sigue, pero no se está guardando.",
    storageError: "No se pudo guardar: {message}. La partida sigue.",
    storageUnavailable:
      "Las partidas guardadas no están disponibles en este navegador (IndexedDB bloqueado).",
    exportTitle: "Exportar",
    notation: "Partida (PGN)",
    notation4: "Partida (PGN4)",
    position: "Posición (FEN)",
    position4: "Posición (FEN4)",
    copy: "Copiar",
    copied: "Copiado",
    download: "Descargar",
    importTitle: "Importar una partida",
    importHelp: "Pega un PGN, PGN4, FEN o FEN4, o elige un archivo.",
    importAs: "Juego",
    importAuto: "Detectar",
    importFile: "Archivo",
    importText: "Texto",
    importGo: "Importar y abrir",
    importFailed: "No se pudo importar: {message}",
    illegal: "Esa jugada no es legal.",
    error: "Error: {message}",
    workerFailed: "El ordenador no pudo mover: {message}",
    saved_ok: "Guardada",
  },
};

// Short rules summaries per game, from docs/RULES.md (R1–R6).
export const RULES = {
  en: {
    chess: [
      "Standard chess (FIDE). Checkmate wins; stalemate is a draw.",
      "Threefold repetition and the 50-move rule can be claimed; fivefold repetition, the 75-move rule and dead positions draw automatically.",
    ],
    "3check": [
      "Chess with one more way to win: give check three times.",
      "Every move that gives check adds one to your counter (a double check counts once). The third check wins at once; checkmate also wins.",
      "Only king against king is a draw for lack of material.",
    ],
    kingofthehill: [
      "Chess with one more way to win: bring your king safely to the hill — d4, e4, d5 or e5.",
      "The king still never moves onto an attacked square. Checkmate also wins; stalemate is a draw.",
    ],
    racingkings: [
      "No pawns and no checks: race your king to rank 8.",
      "A move that gives check is illegal, as is leaving your own king in check.",
      "If White arrives first, Black gets one reply: reaching rank 8 too makes it a draw.",
    ],
    ffa: [
      "Four players on a 160-square cross board, clockwise: Red, Blue, Yellow, Green. Capture for points: pawn 1, knight 3, bishop 5, rook 5, queen 9, promoted queen 1.",
      "Checkmate +20; checking two kings at once +5 (+1 with a queen), three kings +20 (+5 with a queen). A mated, stalemated or resigned player is out and their pieces turn grey.",
      "The game ends with three players out or two left 21 points apart. Highest score wins. Pawns promote to queens on their 8th rank.",
    ],
    kingdoms: [
      "Four players, counter-clockwise: Red, Green, Yellow, Blue. Captures score as in free-for-all; no en passant and no multi-check bonus.",
      "Kings can be captured for 20 points. A player who resigns or runs out of time keeps moving at random with frozen points.",
      "Equal scores favour Green, then Yellow, then Blue, then Red.",
    ],
  },
  es: {
    chess: [
      "Ajedrez normal (FIDE). El jaque mate gana; el ahogado es tablas.",
      "La triple repetición y la regla de los 50 movimientos se pueden reclamar; la quíntuple repetición, la regla de los 75 movimientos y las posiciones muertas son tablas automáticas.",
    ],
    "3check": [
      "Ajedrez con una forma más de ganar: dar jaque tres veces.",
      "Cada jugada que da jaque suma uno a tu contador (un jaque doble cuenta una vez). El tercer jaque gana de inmediato; el mate también gana.",
      "Solo rey contra rey es tablas por falta de material.",
    ],
    kingofthehill: [
      "Ajedrez con una forma más de ganar: lleva tu rey a salvo a la colina — d4, e4, d5 o e5.",
      "El rey nunca puede entrar en una casilla atacada. El mate también gana; el ahogado es tablas.",
    ],
    racingkings: [
      "Sin peones ni jaques: lleva tu rey a la octava fila.",
      "Dar jaque es ilegal, igual que dejar a tu propio rey en jaque.",
      "Si las blancas llegan primero, las negras tienen una respuesta: si también llegan, es tablas.",
    ],
    ffa: [
      "Cuatro jugadores en una cruz de 160 casillas, en sentido horario: rojo, azul, amarillo y verde. Captura para sumar puntos: peón 1, caballo 3, alfil 5, torre 5, dama 9, dama promocionada 1.",
      "El mate da 20; dar jaque a dos reyes a la vez suma 5 (1 con dama), a tres suma 20 (5 con dama). Quien recibe mate, queda ahogado o abandona queda fuera y sus piezas se vuelven grises.",
      "Termina con tres fuera o dos restantes separados por 21 puntos o más. Gana la mayor puntuación. Los peones promocionan a dama en su fila 8.",
    ],
    kingdoms: [
      "Cuatro jugadores en sentido antihorario: rojo, verde, amarillo y azul. Las capturas puntúan como en individual; no hay captura al paso ni bonos por jaques múltiples.",
      "Los reyes se pueden capturar por 20 puntos. Quien abandona o se queda sin tiempo sigue moviendo al azar con sus puntos congelados.",
      "Los empates a puntos favorecen a verde, luego amarillo, azul y rojo.",
    ],
  },
};

let lang = pickLanguage();

function pickLanguage() {
  try {
    const saved = localStorage.getItem("tablero.lang");
    if (LANGS.includes(saved)) return saved;
  } catch {
    /* storage may be blocked */
  }
  for (const l of navigator.languages ?? [navigator.language]) {
    const base = String(l).slice(0, 2).toLowerCase();
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

export function getLang() {
  return lang;
}

export function setLang(next) {
  if (!LANGS.includes(next)) return;
  lang = next;
  try {
    localStorage.setItem("tablero.lang", next);
  } catch {
    /* ignore */
  }
  document.documentElement.lang = next;
}

export function t(key, params = {}) {
  let s = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  for (const [k, v] of Object.entries(params)) s = s.replaceAll(`{${k}}`, String(v));
  return s;
}

/** Translate `prefix + code`, falling back to the code itself with dashes as spaces. */
export function tr(prefix, code) {
  const key = prefix + code;
  const s = STRINGS[lang][key] ?? STRINGS.en[key];
  return s ?? String(code).replaceAll("-", " ");
}

export function rules(choice) {
  return RULES[lang][choice] ?? [];
}

/** Applies translations to static markup: data-i18n (text), data-i18n-label (aria-label). */
export function translateDom(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-label]")) {
    node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  }
  for (const node of root.querySelectorAll("[data-i18n-title]")) {
    node.title = t(node.dataset.i18nTitle);
  }
  document.title = t("appTitle");
}
