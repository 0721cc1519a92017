//! R0.4: mangled FEN4, PGN4 and move texts never panic; accepted inputs behave.

use tablero::four::{FourGame, MoveList, Position, Rules, Seat};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const ALPHABET: &[u8] = b"RBYGrbygdKQNPx0123456789,-/{}():' abcdefghijklmnO=+#.\n\"[]";

fn mangle(rng: &mut Rng, s: &str) -> String {
    let mut b: Vec<u8> = s.bytes().collect();
    for _ in 0..1 + rng.below(4) {
        let i = rng.below(b.len() + 1);
        match rng.below(3) {
            0 if i < b.len() => {
                b.remove(i);
            }
            1 if i < b.len() => b[i] = ALPHABET[rng.below(ALPHABET.len())],
            _ => b.insert(i.min(b.len()), ALPHABET[rng.below(ALPHABET.len())]),
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

#[test]
fn mangled_inputs_never_panic() {
    let mut rng = Rng(0xDEAD_BEEF);
    let mut g = FourGame::new(Rules::Ffa, Seat::Red, None, 1);
    for m in ["h2h4", "b7d7", "g13g11", "m8k8", "g1j4", "a10c9"] {
        g.play(m).unwrap();
    }
    let fens = [g.fen4(), Position::startpos(Rules::Kingdoms).fen4()];
    let pgn = g.pgn4();
    let mut accepted = 0;
    for i in 0..20_000 {
        let rules = if i % 2 == 0 {
            Rules::Ffa
        } else {
            Rules::Kingdoms
        };
        let f = mangle(&mut rng, &fens[i % 2]);
        if let Ok(p) = Position::from_fen4(rules, &f) {
            accepted += 1;
            let out = p.fen4();
            let q = Position::from_fen4(rules, &out).expect("own output reads back");
            assert_eq!(q.fen4(), out);
            let mut l = MoveList::new();
            p.legal_moves(&mut l);
            let _ = p.perft(2);
            if let Ok(mut gg) = FourGame::from_fen4(rules, &f, Some(20), 3) {
                for _ in 0..20 {
                    let ms = gg.legal_moves();
                    if ms.is_empty() {
                        break;
                    }
                    let m = &ms[rng.below(ms.len())];
                    gg.play(&m.uci).unwrap();
                }
                let _ = FourGame::from_pgn4(&gg.pgn4(), 3).expect("own PGN4 reads back");
            }
        }
        let t = mangle(&mut rng, &pgn);
        let _ = FourGame::from_pgn4(&t, 0);
        let mv = mangle(&mut rng, "Qg1xQn8+");
        let before = g.fen4();
        let _ = g.clone().play(&mv);
        assert_eq!(g.fen4(), before);
    }
    assert!(
        accepted > 100,
        "some mutations are still valid FEN4 ({accepted})"
    );
}
