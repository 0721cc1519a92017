//! Command-line options.

use std::path::PathBuf;

/// How the server runs; see `tablero-server --help`.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address to bind.
    pub host: String,
    /// Port to bind (`--port`, else `PORT`, else 8080).
    pub port: u16,
    /// SQLite file (`--data`), used unless `database_url` is set.
    pub data: PathBuf,
    /// `postgres://…` to share rooms between processes.
    pub database_url: Option<String>,
    /// Directory holding `www/` and `pkg/` (static files); `None` serves the API only.
    pub static_root: Option<PathBuf>,
    /// Grace period of a dropped connection before the computer plays the seat.
    pub away_seconds: f64,
    /// Length of one "second" of turn timers in milliseconds (tests shorten it).
    pub turn_ms_per_second: u64,
    /// Largest node budget of a computer move.
    pub ai_nodes: u64,
    /// Level the computer plays at for away or timed-out players.
    pub stand_in_level: u8,
    /// Players, and separately rooms, one address may create per minute.
    pub create_per_minute: u32,
    /// Allowed page origins for CORS and WebSocket; empty allows any.
    pub allow_origins: Vec<String>,
    /// Messages one socket may send per second.
    pub messages_per_second: u32,
    /// Room lease length in PostgreSQL mode.
    pub lease_seconds: f64,
    /// Tests: the server's time stands still until `POST /api/test/clock` moves it.
    pub manual_clock: bool,
    /// Minutes after which a waiting room with a free seat and nobody connected closes.
    pub idle_minutes: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            host: "127.0.0.1".into(),
            port: 8080,
            data: PathBuf::from("data/tablero.sqlite"),
            database_url: None,
            static_root: None,
            away_seconds: 60.0,
            turn_ms_per_second: 1000,
            ai_nodes: 100_000,
            stand_in_level: 4,
            create_per_minute: 30,
            allow_origins: Vec::new(),
            messages_per_second: 20,
            lease_seconds: 5.0,
            manual_clock: false,
            idle_minutes: 30.0,
        }
    }
}

/// Text of `--help`.
pub const HELP: &str = "tablero-server: online rooms for tablero

USAGE: tablero-server [OPTIONS]

  --port N               port to listen on (default: $PORT or 8080)
  --host ADDR            address to bind (default 127.0.0.1; 0.0.0.0 for all)
  --data PATH            SQLite file (default ./data/tablero.sqlite)
  --database-url URL     postgres://user@host:port/db: share rooms between processes
  --static DIR           serve DIR/www and DIR/pkg (default: the current directory if it has www/)
  --no-static            serve the API only
  --away-seconds S       grace period before the computer plays for a dropped player (60)
  --ai-nodes N           node budget cap of a computer move (100000)
  --stand-in-level L     level of the computer playing for away players (4)
  --create-per-minute N  players and rooms one address may create per minute, each (30)
  --allow-origin ORIGIN  allowed page origin (repeatable); default: any origin
  --messages-per-second N  socket message rate limit (20)
  --lease-seconds S      PostgreSQL room lease length (5)
  --idle-minutes M       close waiting rooms idle this long (30)
  --clock manual         tests: time moves only by POST /api/test/clock from loopback
  --help                 this text
";

fn value<T: std::str::FromStr>(
    args: &mut impl Iterator<Item = String>,
    flag: &str,
) -> Result<T, String> {
    let v = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
    v.parse().map_err(|_| format!("{flag}: bad value {v:?}"))
}

impl Config {
    /// Parses the command line (without the program name). `Ok(None)` means `--help`.
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Option<Config>, String> {
        let mut c = Config::default();
        if let Ok(p) = std::env::var("PORT")
            && let Ok(p) = p.parse()
        {
            c.port = p;
        }
        let mut static_root: Option<Option<PathBuf>> = None;
        let mut args = args.into_iter();
        while let Some(a) = args.next() {
            match a.as_str() {
                "--help" | "-h" => return Ok(None),
                "--port" => c.port = value(&mut args, &a)?,
                "--host" => c.host = value(&mut args, &a)?,
                "--data" => c.data = value(&mut args, &a)?,
                "--database-url" => c.database_url = Some(value(&mut args, &a)?),
                "--static" => static_root = Some(Some(value(&mut args, &a)?)),
                "--no-static" => static_root = Some(None),
                "--away-seconds" => c.away_seconds = value(&mut args, &a)?,
                "--ai-nodes" => c.ai_nodes = value(&mut args, &a)?,
                "--stand-in-level" => c.stand_in_level = value(&mut args, &a)?,
                "--create-per-minute" => c.create_per_minute = value(&mut args, &a)?,
                "--allow-origin" => c.allow_origins.push(value(&mut args, &a)?),
                "--messages-per-second" => c.messages_per_second = value(&mut args, &a)?,
                "--lease-seconds" => c.lease_seconds = value(&mut args, &a)?,
                "--idle-minutes" => c.idle_minutes = value(&mut args, &a)?,
                "--clock" => {
                    let v: String = value(&mut args, &a)?;
                    match v.as_str() {
                        "manual" => c.manual_clock = true,
                        "wall" => c.manual_clock = false,
                        _ => return Err(format!("--clock is manual or wall, not {v:?}")),
                    }
                }
                // For tests: turn timers run this many milliseconds per second.
                "--turn-ms-per-second" => c.turn_ms_per_second = value(&mut args, &a)?,
                other => return Err(format!("unknown option {other:?} (see --help)")),
            }
        }
        c.static_root = match static_root {
            Some(s) => s,
            None => std::path::Path::new("www")
                .is_dir()
                .then(|| PathBuf::from(".")),
        };
        if !(1..=8).contains(&c.stand_in_level) {
            return Err("--stand-in-level must be 1 to 8".into());
        }
        if c.away_seconds < 0.0 || c.lease_seconds <= 0.0 {
            return Err("--away-seconds and --lease-seconds must be positive".into());
        }
        Ok(Some(c))
    }
}
