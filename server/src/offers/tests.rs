use super::*;

const TWO: [bool; 2] = [true, true];
const FOUR: [bool; 4] = [true, true, true, true];

fn view<'a>(persons: &'a [bool], active: &'a [bool], movers: &'a [usize]) -> View<'a> {
    View {
        over: false,
        rated: false,
        persons,
        active,
        movers,
    }
}

fn agreed(a: Agreement) -> Result<Outcome, Refusal> {
    Ok(Outcome::Agreed(a))
}

fn code(r: Result<Outcome, Refusal>) -> &'static str {
    r.unwrap_err().code
}

#[test]
fn r12_1_draw_accepted() {
    let v = view(&TWO, &TWO, &[0, 1, 0]);
    let mut o = Offers::new();
    assert_eq!(o.offer(Some(1), OfferKind::Draw, &v), Ok(Outcome::Pending));
    assert_eq!(
        o.open(),
        &[Offer {
            offer: OfferKind::Draw,
            by: 1,
            accepted: vec![1]
        }]
    );
    assert_eq!(
        o.answer(Some(0), OfferKind::Draw, true, &v),
        agreed(Agreement::Draw)
    );
    assert!(o.open().is_empty());
}

#[test]
fn r12_1_crossing_draw_offers_agree() {
    let v = view(&TWO, &TWO, &[0, 1]);
    let mut o = Offers::new();
    o.offer(Some(0), OfferKind::Draw, &v).unwrap();
    assert_eq!(
        o.offer(Some(1), OfferKind::Draw, &v),
        agreed(Agreement::Draw)
    );
}

#[test]
fn r12_1_draw_declined_may_not_be_repeated_before_a_move() {
    let v = view(&TWO, &TWO, &[0, 1]);
    let mut o = Offers::new();
    o.offer(Some(0), OfferKind::Draw, &v).unwrap();
    assert_eq!(
        code(o.offer(Some(0), OfferKind::Draw, &v)),
        "already-offered"
    );
    assert_eq!(
        o.answer(Some(1), OfferKind::Draw, false, &v),
        Ok(Outcome::Declined)
    );
    assert!(o.open().is_empty());
    assert_eq!(
        code(o.offer(Some(0), OfferKind::Draw, &v)),
        "already-offered"
    );
    // The other player may still offer.
    assert_eq!(o.offer(Some(1), OfferKind::Draw, &v), Ok(Outcome::Pending));
    o.answer(Some(0), OfferKind::Draw, false, &v).unwrap();
    // White moves: White may offer again; Black, who has not moved, may not.
    o.on_move(0);
    assert_eq!(o.offer(Some(0), OfferKind::Draw, &v), Ok(Outcome::Pending));
    assert_eq!(
        o.answer(Some(1), OfferKind::Draw, false, &v),
        Ok(Outcome::Declined)
    );
    let mut o2 = o.clone();
    o2.on_move(0);
    assert_eq!(
        code(o2.offer(Some(1), OfferKind::Draw, &v)),
        "already-offered"
    );
}

#[test]
fn r12_1_a_move_declines_the_draw_offer() {
    let v = view(&TWO, &TWO, &[0, 1]);
    let mut o = Offers::new();
    // White offers on their own turn, then moves: the offer stands.
    o.offer(Some(0), OfferKind::Draw, &v).unwrap();
    o.on_move(0);
    assert_eq!(o.open().len(), 1);
    // Black moves instead of answering: declined.
    o.on_move(1);
    assert!(o.open().is_empty());
    assert_eq!(
        code(o.answer(Some(1), OfferKind::Draw, true, &v)),
        "no-offer"
    );
    assert_eq!(
        code(o.offer(Some(0), OfferKind::Draw, &v)),
        "already-offered"
    );
    o.on_move(0);
    assert_eq!(o.offer(Some(0), OfferKind::Draw, &v), Ok(Outcome::Pending));
}

#[test]
fn r12_1_four_players_every_active_player_accepts() {
    let mut active = FOUR;
    let movers = [0, 1, 2, 3];
    let v = view(&FOUR, &active, &movers);
    let mut o = Offers::new();
    o.offer(Some(0), OfferKind::Draw, &v).unwrap();
    o.on_move(0);
    assert_eq!(
        o.answer(Some(1), OfferKind::Draw, true, &v),
        Ok(Outcome::Pending)
    );
    // Blue accepted, then moves: the offer stands.
    o.on_move(1);
    assert_eq!(o.open()[0].accepted, vec![0, 1]);
    // Yellow accepts by offering too.
    assert_eq!(o.offer(Some(2), OfferKind::Draw, &v), Ok(Outcome::Pending));
    assert_eq!(
        o.answer(Some(2), OfferKind::Draw, true, &v),
        Ok(Outcome::Pending),
        "accepting twice changes nothing"
    );
    assert_eq!(o.open()[0].accepted, vec![0, 1, 2]);
    assert_eq!(
        o.answer(Some(3), OfferKind::Draw, true, &v),
        agreed(Agreement::Draw)
    );

    // Green still to answer, but Green is mated: the draw is agreed by those still in.
    let mut o = Offers::new();
    o.offer(Some(0), OfferKind::Draw, &v).unwrap();
    o.answer(Some(1), OfferKind::Draw, true, &v).unwrap();
    o.answer(Some(2), OfferKind::Draw, true, &v).unwrap();
    active[3] = false;
    let after = view(&FOUR, &active, &movers);
    assert_eq!(o.on_out(3, &after), Some(Agreement::Draw));
    assert!(o.open().is_empty());
}

#[test]
fn r12_1_four_players_one_decline_closes() {
    let movers = [0, 1, 2, 3];
    let v = view(&FOUR, &FOUR, &movers);
    let mut o = Offers::new();
    o.offer(Some(1), OfferKind::Draw, &v).unwrap();
    o.answer(Some(2), OfferKind::Draw, true, &v).unwrap();
    assert_eq!(
        o.answer(Some(0), OfferKind::Draw, false, &v),
        Ok(Outcome::Declined)
    );
    assert!(o.open().is_empty());
    // A move by Yellow, who had accepted, does not free Blue to repeat it.
    o.on_move(2);
    assert_eq!(
        code(o.offer(Some(1), OfferKind::Draw, &v)),
        "already-offered"
    );
}

#[test]
fn r12_1_four_players_out_seats_have_no_say() {
    let active = [true, false, true, true];
    let movers = [0, 1, 2, 3];
    let v = view(&FOUR, &active, &movers);
    let mut o = Offers::new();
    assert_eq!(code(o.offer(Some(1), OfferKind::Draw, &v)), "already-out");
    o.offer(Some(0), OfferKind::Draw, &v).unwrap();
    assert_eq!(
        code(o.answer(Some(1), OfferKind::Draw, true, &v)),
        "already-out"
    );
    o.answer(Some(2), OfferKind::Draw, true, &v).unwrap();
    assert_eq!(
        o.answer(Some(3), OfferKind::Draw, true, &v),
        agreed(Agreement::Draw)
    );
}

#[test]
fn r12_1_offerer_out_closes_the_offer() {
    let mut active = FOUR;
    let movers = [0, 1, 2, 3];
    let v = view(&FOUR, &active, &movers);
    let mut o = Offers::new();
    o.offer(Some(0), OfferKind::Draw, &v).unwrap();
    active[0] = false;
    assert_eq!(o.on_out(0, &view(&FOUR, &active, &movers)), None);
    assert!(o.open().is_empty());
}

#[test]
fn r12_1_no_draw_offers_to_a_computer() {
    let persons = [true, false];
    let v = view(&persons, &TWO, &[0, 1]);
    let mut o = Offers::new();
    assert_eq!(code(o.offer(Some(0), OfferKind::Draw, &v)), "not-allowed");
    // A computer that is out in four players does not stop a draw.
    let persons = [true, true, false, true];
    let active = [true, true, false, true];
    let v = view(&persons, &active, &[0, 1, 2, 3]);
    assert_eq!(o.offer(Some(0), OfferKind::Draw, &v), Ok(Outcome::Pending));
}

#[test]
fn r12_1_watchers_and_bad_seats() {
    let v = view(&TWO, &TWO, &[0, 1]);
    let mut o = Offers::new();
    for by in [None, Some(2), Some(usize::MAX)] {
        for kind in [OfferKind::Draw, OfferKind::Takeback, OfferKind::Rematch] {
            assert_eq!(code(o.offer(by, kind, &v)), "not-seated");
            assert_eq!(code(o.answer(by, kind, true, &v)), "not-seated");
        }
        assert_eq!(o.abort(by, &v).unwrap_err().code, "not-seated");
    }
    o.offer(Some(0), OfferKind::Draw, &v).unwrap();
    assert_eq!(
        code(o.answer(None, OfferKind::Draw, true, &v)),
        "not-seated"
    );
    assert_eq!(o.open().len(), 1, "nothing changed");
}

#[test]
fn r12_1_answers_to_nothing() {
    let v = view(&TWO, &TWO, &[0, 1]);
    let mut o = Offers::new();
    assert_eq!(
        code(o.answer(Some(0), OfferKind::Draw, true, &v)),
        "no-offer"
    );
    assert_eq!(
        code(o.answer(Some(0), OfferKind::Takeback, false, &v)),
        "no-offer"
    );
    o.offer(Some(0), OfferKind::Draw, &v).unwrap();
    assert_eq!(
        code(o.answer(Some(0), OfferKind::Draw, true, &v)),
        "no-offer",
        "one's own offer"
    );
    assert_eq!(
        code(o.answer(Some(1), OfferKind::Takeback, true, &v)),
        "no-offer"
    );
}

#[test]
fn r12_1_no_draw_offer_after_the_game() {
    let v = View {
        over: true,
        ..view(&TWO, &TWO, &[0, 1])
    };
    let mut o = Offers::new();
    assert_eq!(code(o.offer(Some(0), OfferKind::Draw, &v)), "game-over");
    assert_eq!(code(o.offer(Some(0), OfferKind::Takeback, &v)), "game-over");
    assert_eq!(
        code(o.answer(Some(0), OfferKind::Draw, true, &v)),
        "game-over"
    );
}

#[test]
fn r12_1_game_end_closes_offers() {
    let v = view(&TWO, &TWO, &[0, 1]);
    let mut o = Offers::new();
    o.offer(Some(0), OfferKind::Draw, &v).unwrap();
    o.offer(Some(1), OfferKind::Takeback, &v).unwrap();
    o.on_over();
    assert!(o.open().is_empty());
}

#[test]
fn r12_2_takeback_one_or_two_plies() {
    // Black asks right after moving: one ply.
    let v = view(&TWO, &TWO, &[0, 1, 0, 1]);
    let mut o = Offers::new();
    assert_eq!(
        o.offer(Some(1), OfferKind::Takeback, &v),
        Ok(Outcome::Pending)
    );
    assert_eq!(
        o.answer(Some(0), OfferKind::Takeback, true, &v),
        agreed(Agreement::Takeback { plies: 1 })
    );
    // White asks after Black replied: two plies.
    let mut o = Offers::new();
    o.offer(Some(0), OfferKind::Takeback, &v).unwrap();
    assert_eq!(
        o.answer(Some(1), OfferKind::Takeback, true, &v),
        agreed(Agreement::Takeback { plies: 2 })
    );
}

#[test]
fn r12_2_takeback_refusals() {
    let mut o = Offers::new();
    let rated = View {
        rated: true,
        ..view(&TWO, &TWO, &[0, 1])
    };
    assert_eq!(
        code(o.offer(Some(0), OfferKind::Takeback, &rated)),
        "not-allowed"
    );
    let four = view(&FOUR, &FOUR, &[0, 1, 2, 3]);
    assert_eq!(
        code(o.offer(Some(3), OfferKind::Takeback, &four)),
        "not-allowed"
    );
    // Nothing of one's own to take back.
    let v = view(&TWO, &TWO, &[]);
    assert_eq!(
        code(o.offer(Some(0), OfferKind::Takeback, &v)),
        "not-allowed"
    );
    let v = view(&TWO, &TWO, &[0]);
    assert_eq!(
        code(o.offer(Some(1), OfferKind::Takeback, &v)),
        "not-allowed"
    );
    assert!(o.open().is_empty());
    // One request at a time.
    let v = view(&TWO, &TWO, &[0, 1]);
    o.offer(Some(1), OfferKind::Takeback, &v).unwrap();
    assert_eq!(
        code(o.offer(Some(1), OfferKind::Takeback, &v)),
        "already-offered"
    );
    assert_eq!(
        code(o.offer(Some(0), OfferKind::Takeback, &v)),
        "already-offered"
    );
    // Declined: not again before a move.
    assert_eq!(
        o.answer(Some(0), OfferKind::Takeback, false, &v),
        Ok(Outcome::Declined)
    );
    assert_eq!(
        code(o.offer(Some(1), OfferKind::Takeback, &v)),
        "already-offered"
    );
}

#[test]
fn r12_2_a_move_closes_the_takeback_request() {
    let v = view(&TWO, &TWO, &[0, 1, 0]);
    let mut o = Offers::new();
    o.offer(Some(0), OfferKind::Takeback, &v).unwrap();
    o.on_move(1);
    assert!(o.open().is_empty());
    assert_eq!(
        code(o.answer(Some(1), OfferKind::Takeback, true, &v)),
        "no-offer"
    );
    let v = view(&TWO, &TWO, &[0, 1, 0, 1]);
    assert_eq!(
        code(o.offer(Some(0), OfferKind::Takeback, &v)),
        "already-offered"
    );
}

#[test]
fn r12_2_takeback_against_the_computer_is_granted() {
    let persons = [true, false];
    let v = view(&persons, &TWO, &[0, 1]);
    let mut o = Offers::new();
    assert_eq!(
        o.offer(Some(0), OfferKind::Takeback, &v),
        agreed(Agreement::Takeback { plies: 2 })
    );
}

#[test]
fn r12_2_takeback_closes_a_draw_offer() {
    let v = view(&TWO, &TWO, &[0, 1]);
    let mut o = Offers::new();
    o.offer(Some(0), OfferKind::Draw, &v).unwrap();
    o.offer(Some(1), OfferKind::Takeback, &v).unwrap();
    o.answer(Some(0), OfferKind::Takeback, true, &v).unwrap();
    assert!(o.open().is_empty());
}

#[test]
fn r12_3_abort_until_every_first_move() {
    let mut o = Offers::new();
    for movers in [&[][..], &[0]] {
        let v = view(&TWO, &TWO, movers);
        assert!(resign_is_abort(&v));
        assert_eq!(o.abort(Some(1), &v), Ok(()));
        assert_eq!(o.abort(Some(0), &v), Ok(()));
    }
    let v = view(&TWO, &TWO, &[0, 1]);
    assert!(!resign_is_abort(&v));
    assert_eq!(o.abort(Some(0), &v).unwrap_err().code, "too-late");
    // Four players: three first moves are not enough.
    let v = view(&FOUR, &FOUR, &[0, 1, 2]);
    assert!(resign_is_abort(&v));
    assert_eq!(o.abort(Some(3), &v), Ok(()));
    let v = view(&FOUR, &FOUR, &[0, 1, 2, 3]);
    assert_eq!(o.abort(Some(3), &v).unwrap_err().code, "too-late");
    let over = View {
        over: true,
        ..view(&TWO, &TWO, &[])
    };
    assert!(!resign_is_abort(&over));
    assert_eq!(o.abort(Some(0), &over).unwrap_err().code, "game-over");
}

#[test]
fn r12_3_abort_closes_offers() {
    let v = view(&TWO, &TWO, &[0]);
    let mut o = Offers::new();
    o.offer(Some(0), OfferKind::Takeback, &v).unwrap();
    o.abort(Some(1), &v).unwrap();
    assert!(o.open().is_empty());
}

#[test]
fn r12_4_rematch_two_players() {
    let playing = view(&TWO, &TWO, &[0, 1]);
    let v = View {
        over: true,
        ..playing
    };
    let mut o = Offers::new();
    assert_eq!(
        code(o.offer(Some(0), OfferKind::Rematch, &playing)),
        "not-over"
    );
    assert_eq!(
        code(o.answer(Some(0), OfferKind::Rematch, true, &playing)),
        "not-over"
    );
    assert_eq!(
        o.offer(Some(0), OfferKind::Rematch, &v),
        Ok(Outcome::Pending)
    );
    assert_eq!(
        code(o.offer(Some(0), OfferKind::Rematch, &v)),
        "already-offered"
    );
    assert_eq!(
        o.answer(Some(1), OfferKind::Rematch, true, &v),
        agreed(Agreement::Rematch {
            seating: vec![1, 0]
        })
    );
    assert_eq!(reseat(&["ana", "bo"]), vec!["bo", "ana"]);
}

#[test]
fn r12_4_rematch_declined_is_not_repeated() {
    let v = View {
        over: true,
        ..view(&TWO, &TWO, &[0, 1])
    };
    let mut o = Offers::new();
    o.offer(Some(0), OfferKind::Rematch, &v).unwrap();
    assert_eq!(
        o.answer(Some(1), OfferKind::Rematch, false, &v),
        Ok(Outcome::Declined)
    );
    assert_eq!(
        code(o.offer(Some(0), OfferKind::Rematch, &v)),
        "already-offered"
    );
    assert_eq!(
        o.offer(Some(1), OfferKind::Rematch, &v),
        Ok(Outcome::Pending)
    );
    assert_eq!(
        o.answer(Some(0), OfferKind::Rematch, true, &v),
        agreed(Agreement::Rematch {
            seating: vec![1, 0]
        })
    );
}

#[test]
fn r12_4_rematch_four_players_rotate_and_computers_keep_levels() {
    // Red and Yellow are computers (levels 3 and 5): only Blue and Green answer.
    let persons = [false, true, false, true];
    let active = [false, true, false, false];
    let v = View {
        over: true,
        ..view(&persons, &active, &[0, 1, 2, 3, 0])
    };
    let mut o = Offers::new();
    assert_eq!(
        o.offer(Some(3), OfferKind::Rematch, &v),
        Ok(Outcome::Pending)
    );
    assert_eq!(
        code(o.answer(Some(0), OfferKind::Rematch, true, &v)),
        "not-allowed",
        "the computer has no say"
    );
    assert_eq!(
        o.answer(Some(1), OfferKind::Rematch, true, &v),
        agreed(Agreement::Rematch {
            seating: vec![3, 0, 1, 2]
        })
    );
    // Clockwise: Red's occupant to Blue, Blue's to Yellow, Yellow's to Green, Green's to
    // Red.
    let seats = ["cpu3", "bea", "cpu5", "gil"];
    assert_eq!(reseat(&seats), vec!["gil", "cpu3", "bea", "cpu5"]);
}

#[test]
fn r12_4_rematch_alone_against_the_computer() {
    let persons = [false, true];
    let v = View {
        over: true,
        ..view(&persons, &TWO, &[0, 1])
    };
    let mut o = Offers::new();
    assert_eq!(
        o.offer(Some(1), OfferKind::Rematch, &v),
        agreed(Agreement::Rematch {
            seating: vec![1, 0]
        })
    );
}

#[test]
fn r12_4_game_end_frees_declined_offers_for_the_rematch() {
    let v = view(&TWO, &TWO, &[0, 1]);
    let mut o = Offers::new();
    o.offer(Some(0), OfferKind::Draw, &v).unwrap();
    o.answer(Some(1), OfferKind::Draw, false, &v).unwrap();
    o.on_over();
    let over = View { over: true, ..v };
    assert_eq!(
        o.offer(Some(0), OfferKind::Rematch, &over),
        Ok(Outcome::Pending)
    );
    assert_eq!(o.open().len(), 1);
}

#[test]
fn offer_kinds_and_open_offers_serialize_for_the_protocol() {
    for (kind, name) in [
        (OfferKind::Draw, "\"draw\""),
        (OfferKind::Takeback, "\"takeback\""),
        (OfferKind::Rematch, "\"rematch\""),
    ] {
        assert_eq!(serde_json::to_string(&kind).unwrap(), name);
        assert_eq!(serde_json::from_str::<OfferKind>(name).unwrap(), kind);
    }
    assert!(serde_json::from_str::<OfferKind>("\"Draw\"").is_err());
    let o = Offer {
        offer: OfferKind::Draw,
        by: 1,
        accepted: vec![1],
    };
    assert_eq!(
        serde_json::to_value(&o).unwrap(),
        serde_json::json!({"offer": "draw", "by": 1, "accepted": [1]})
    );
}
