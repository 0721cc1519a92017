//! A private PostgreSQL cluster for the tests.
//!
//! Debian's `postgresql` package (installed with apt if missing and possible), started with
//! `initdb` + `pg_ctl` on a temporary directory and a loopback port, as the `postgres` user
//! when run as root, and stopped on drop.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::temp_dir;

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
pub struct Pg {
    pub bin: PathBuf,
    data: PathBuf,
    pub as_postgres: bool,
    /// `postgres://tablero@127.0.0.1:PORT/postgres`.
    pub url: String,
}

pub fn run(as_postgres: bool, program: &Path, args: &[&str]) -> bool {
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
    /// Starts a fresh cluster; `None` where PostgreSQL is missing and cannot be installed.
    pub fn start() -> Option<Pg> {
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

impl Pg {
    /// The URL of database `db` of this cluster.
    pub fn url_of(&self, db: &str) -> String {
        let base = self.url.rsplit_once('/').map_or(&*self.url, |(b, _)| b);
        format!("{base}/{db}")
    }

    /// Runs the cluster's client `program` (`psql`, `pg_dump`) with `args`, `stdin` as its
    /// input; its output, or `None` if it failed.
    pub fn client(&self, program: &str, args: &[&str], stdin: &[u8]) -> Option<Vec<u8>> {
        use std::io::Write;
        let mut child = Command::new(self.bin.join(program))
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .ok()?;
        child.stdin.take()?.write_all(stdin).ok()?;
        let out = child.wait_with_output().ok()?;
        out.status.success().then_some(out.stdout)
    }
}
