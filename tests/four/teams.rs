//! R14: the `teams` preset (chess.com 4 Player Chess "Teams").

use tablero::four::{Position, Rules};

#[test]
fn r14_10_perft_start_depth_1_to_4() {
    let p = Position::startpos(Rules::Teams);
    assert_eq!(p.perft(1), 20);
    assert_eq!(p.perft(2), 395);
    assert_eq!(p.perft(3), 7800);
    assert_eq!(p.perft(4), 152050);
}

#[test]
fn r14_10_perft_start_depth_5() {
    let p = Position::startpos(Rules::Teams);
    let t = std::time::Instant::now();
    let n = p.perft(5);
    eprintln!("teams perft(5) = {n} in {:.3}s", t.elapsed().as_secs_f64());
    assert_eq!(n, 3452310);
}
