// Pieces as the page names and draws them: one place for the promotion letters the engine
// reads and the glyphs the views show.

/** The glyph of each piece, by the engine's piece names (shown with U+FE0E, as text). */
export const GLYPH = { king: "♚", queen: "♛", rook: "♜", bishop: "♝", knight: "♞", pawn: "♟" };

/** The engine's letter for a piece name ("queen" → "q", "knight" → "n"); a letter stays itself. */
export const letter = (piece) => (piece === "knight" ? "n" : String(piece).toLowerCase()[0]);

/** The piece name of a letter ("q" → "queen"), or undefined. */
export const pieceOf = (l) => Object.keys(GLYPH).find((p) => letter(p) === l);

/** What `game.play` takes for one of the engine's moves: from, to and the promotion letter. */
export const moveInput = (m) => ({ from: m.from, to: m.to, ...(m.promotion ? { promotion: letter(m.promotion) } : {}) });
