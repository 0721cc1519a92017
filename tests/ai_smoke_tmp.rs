use tablero::ai::*;
use tablero::chess8::Variant;
use tablero::game::Game;
#[test]
fn smoke() {
    for v in Variant::ALL {
        let g = Game::new(v);
        let t = now_ms();
        let c = choose_move_8(
            &g,
            &AiOptions {
                level: 8,
                time_ms: Some(2000),
                nodes: None,
                seed: 0,
            },
        )
        .unwrap();
        let el = now_ms() - t;
        println!(
            "{:?} {} score {} depth {} nodes {} nps {:.0} pv {:?}",
            v,
            c.mv.uci(),
            c.score_cp,
            c.depth,
            c.nodes,
            c.nodes as f64 / el * 1000.0,
            c.pv.iter().map(|m| m.uci()).collect::<Vec<_>>()
        );
    }
}
