//! The unified `tablero::Game` (contract.md shapes, history views, saves, failed calls) and
//! the README's list of stable codes.

mod cheap;
mod extras;
mod fuzz;
mod games_dts;
mod generated;
mod movetext;
mod readme_codes;
mod record;
mod saves;
mod setup;
mod shapes;
// The squares' types are rendered from both boards: the four-player one needs `four`.
#[cfg(feature = "four")]
mod squares_dts;
