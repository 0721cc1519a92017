//! Two server processes on one PostgreSQL database, clients on different processes.
//!
//! The test starts its own PostgreSQL (Debian's `postgresql` package; installed with apt if
//! missing and possible) with `initdb` + `pg_ctl` on a temporary directory and a loopback
//! port, as the `postgres` user when run as root, and stops it afterwards. Where PostgreSQL
//! cannot be installed it skips with a message saying so.

mod common;

use std::time::Duration;

use common::pg::Pg;
use common::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_rooms_and_take_over_a_dead_one() {
    let Some(pg) = Pg::start() else {
        eprintln!("SKIPPED: PostgreSQL is not installed and could not be installed with apt");
        return;
    };
    let args = [
        "--database-url",
        &pg.url,
        "--lease-seconds",
        "2",
        "--ai-nodes",
        "300",
    ];
    let mut a = Server::start(&args);
    let api_a = Api::new(&a);
    let x = api_a.player("X").await;
    let y = api_a.player("Y").await;
    let r1 = api_a.room(&x, json!({"game": "chess"})).await;
    let r2 = api_a
        .room(
            &x,
            json!({"game": "ffa", "computers": {"blue": 1, "yellow": 1, "green": 1}}),
        )
        .await;
    // Let process A take the lease of r2 before B exists.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let b = Server::start(&args);
    let api_b = Api::new(&b);
    // Y joins through B; X plays on A, Y on B.
    assert_eq!(api_b.join(&y, &r1, None).await.1["seat"], "black");
    let mut cx = Client::connect(&a, &r1, Some(&x.token)).await;
    let mut cy = Client::connect(&b, &r1, Some(&y.token)).await;
    cx.state_where(|s| s["roomStatus"] == "playing").await;
    let mut rng = Rng(3);
    for i in 0..10 {
        let (mover, other) = if i % 2 == 0 {
            (&mut cx, &mut cy)
        } else {
            (&mut cy, &mut cx)
        };
        let s = mover.state_where(|s| ply(s) == i).await;
        let moves = legal_moves(&s);
        let mv = moves[rng.below(moves.len())].clone();
        mover
            .send(json!({"type": "move", "move": mv, "ply": i}))
            .await;
        let seen = other.state_where(|s| ply(s) == i + 1).await;
        assert_eq!(seen["moves"][i as usize], mv);
    }
    // Presence crosses processes: A's state shows Y connected on B.
    cx.state_where(|s| s["seats"][1]["connected"] == true).await;
    // Both racing for ply 10 through different processes: exactly one wins.
    let s = cx.state_where(|s| ply(s) == 10).await;
    let mv = legal_moves(&s)[0].clone();
    cx.send(json!({"type": "move", "move": mv, "ply": 10}))
        .await;
    cy.send(json!({"type": "move", "move": "e7e5", "ply": 10}))
        .await;
    // B refuses Y's move either way: as out of turn if A's move has not reached B yet, or as
    // stale once it has (ply 10 is then taken). Which one depends on NOTIFY timing.
    let refusal = cy.error().await;
    assert!(
        refusal == "not-your-turn" || refusal == "stale-ply",
        "Y's racing move must be refused, got {refusal:?}"
    );
    let s = cy.state_where(|s| ply(s) == 11).await;
    assert_eq!(
        s["moves"][10], mv,
        "white's move is the one stored at ply 10"
    );

    // r2 (owned by A): X plays red on B; A's computers answer, B's socket sees them.
    let mut c2 = Client::connect(&b, &r2, Some(&x.token)).await;
    async fn red_moves(c: &mut Client, n: usize) {
        for _ in 0..n {
            let s = c
                .state_where(|s| turn(s).as_deref() == Some("red") || s["status"]["over"] == true)
                .await;
            if s["status"]["over"] == true {
                return;
            }
            let p = ply(&s);
            let mv = legal_moves(&s)[0].clone();
            c.send(json!({"type": "move", "move": mv, "ply": p})).await;
            // The three computers reply (the ply moves on by four).
            c.state_where(|s| ply(s) >= p + 4 || s["status"]["over"] == true)
                .await;
        }
    }
    red_moves(&mut c2, 2).await;
    // A dies; B takes r2 over once A's lease expires and its computers keep playing.
    a.kill();
    red_moves(&mut c2, 2).await;
    // r1 goes on entirely on B.
    let mut cx = Client::connect(&b, &r1, Some(&x.token)).await;
    let s = cx.state_where(|s| ply(s) == 11).await;
    let mv = legal_moves(&s)[0].clone();
    cy.send(json!({"type": "move", "move": mv, "ply": 11}))
        .await;
    cx.state_where(|s| ply(s) == 12).await;
    drop(b);
    drop(pg);
}
