//! R8: perft from the R5.2 start position.

use tablero::four::{Position, Rules};

#[test]
fn r8_perft_start_depth_1_to_4() {
    let p = Position::startpos(Rules::Ffa);
    assert_eq!(p.perft(1), 20);
    assert_eq!(p.perft(2), 395);
    assert_eq!(p.perft(3), 7800);
    assert_eq!(p.perft(4), 152050);
}

#[test]
fn r8_perft_start_depth_5() {
    let p = Position::startpos(Rules::Ffa);
    let t = std::time::Instant::now();
    let n = p.perft(5);
    let dt = t.elapsed().as_secs_f64();
    eprintln!(
        "perft(5) = {n} in {dt:.3}s: {:.1} Mleaves/s",
        n as f64 / dt / 1e6
    );
    assert_eq!(n, 3452310);
}
