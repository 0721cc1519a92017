//! Two server processes on one PostgreSQL database, clients on different processes.
//!
//! The test starts its own PostgreSQL (Debian's `postgresql` package; installed with apt if
//! missing and possible) with `initdb` + `pg_ctl` on a temporary directory and a loopback
//! port, as the `postgres` user when run as root, and stops it afterwards. Where PostgreSQL
//! cannot be installed it skips with a message saying so.

mod common;

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use common::*;
use serde_json::json;

fn pg_bin() -> Option<PathBuf> {
    let find = || {
        let mut dirs: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
            .ok()?
            .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
            .filter(|d| d.join("initdb").exists() && d.join("pg_ctl").exists())
            .collect();
        dirs.sort();
        dirs.pop()
    };
    if let Some(d) = find() {
        return Some(d);
    }
    let root = Command::new("id").arg("-u").output().ok()?.stdout == b"0\n";
    if root {
        eprintln!("installing Debian's postgresql with apt-get for this test");
        let _ = Command::new("apt-get")
            .args(["install", "-y", "-q", "postgresql"])
            .env("DEBIAN_FRONTEND", "noninteractive")
            .status();
    }
    find()
}

/// A private PostgreSQL cluster, stopped on drop.
struct Pg {
    bin: PathBuf,
    data: PathBuf,
    as_postgres: bool,
    url: String,
}

fn run(as_postgres: bool, program: &Path, args: &[&str]) -> bool {
    let mut c = if as_postgres {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program);
        c
    } else {
        Command::new(program)
    };
    c.args(args)
        .stdout(std::process::Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

impl Pg {
    fn start() -> Option<Pg> {
        let bin = pg_bin()?;
        let dir = temp_dir("pg");
        let as_postgres = Command::new("id").arg("-u").output().ok()?.stdout == b"0\n";
        if as_postgres {
            // initdb refuses to run as root; the package's `postgres` user runs the cluster.
            Command::new("chown")
                .args(["-R", "postgres", dir.to_str()?])
                .status()
                .ok()?;
        }
        let data = dir.join("data");
        let port = TcpListener::bind("127.0.0.1:0")
            .ok()?
            .local_addr()
            .ok()?
            .port();
        assert!(run(
            as_postgres,
            &bin.join("initdb"),
            &[
                "-D",
                data.to_str()?,
                "-U",
                "tablero",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync"
            ]
        ));
        let opts = format!(
            "-p {port} -k {} -c listen_addresses=127.0.0.1 -c fsync=off",
            dir.to_str()?
        );
        assert!(run(
            as_postgres,
            &bin.join("pg_ctl"),
            &[
                "-D",
                data.to_str()?,
                "-o",
                &opts,
                "-l",
                dir.join("log").to_str()?,
                "-w",
                "start"
            ]
        ));
        Some(Pg {
            bin,
            data,
            as_postgres,
            url: format!("postgres://tablero@127.0.0.1:{port}/postgres"),
        })
    }
}

impl Drop for Pg {
    fn drop(&mut self) {
        run(
            self.as_postgres,
            &self.bin.join("pg_ctl"),
            &["-D", self.data.to_str().unwrap(), "-m", "immediate", "stop"],
        );
        if let Some(dir) = self.data.parent() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

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
