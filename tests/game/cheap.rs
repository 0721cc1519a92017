//! The cheap forms for loops (issue 14): `legal_moves_uci` names exactly the moves that
//! `legal_moves` describes, in every game, along random games; and `play_text` of each UCI
//! text plays the move that `legal_moves` described with it.

use tablero::{Game, GameKind, NewGame};

fn kinds() -> Vec<GameKind> {
    GameKind::ALL
        .into_iter()
        .filter(|k| cfg!(feature = "four") || k.rules().is_none())
        .collect()
}

#[test]
fn legal_moves_uci_matches_the_described_moves_along_random_games() {
    for kind in kinds() {
        let mut game = Game::new(NewGame {
            kind,
            ..NewGame::default()
        })
        .unwrap();
        let mut state = 0x2545_f491_u64;
        for _ in 0..60 {
            let moves = game.legal_moves();
            let described: Vec<String> = moves.iter().map(|m| m.uci.clone()).collect();
            let cheap = game.legal_moves_uci(None).unwrap();
            assert_eq!(cheap, described, "{kind} after {}", game.fen());
            if let Some(first) = moves.first() {
                let from_one: Vec<String> = moves
                    .iter()
                    .filter(|m| m.from == first.from)
                    .map(|m| m.uci.clone())
                    .collect();
                assert_eq!(game.legal_moves_uci(Some(&first.from)).unwrap(), from_one);
            }
            if cheap.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let pick = &cheap[(state % cheap.len() as u64) as usize];
            let played = game.play_text(pick).unwrap();
            assert_eq!(&played.uci, pick, "{kind}");
        }
        assert!(
            game.legal_moves_uci(Some("z9")).is_err(),
            "{kind}: z9 is no square"
        );
    }
}
