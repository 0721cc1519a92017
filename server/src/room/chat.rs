//! Chat: its limits, the lines a reader may see, and a line said, checked, stored and sent.

use std::sync::Arc;

use serde_json::json;

use super::Room;
use crate::engine::Channel;
use crate::refusal::Refusal;
use crate::store::PlayerRef;
use crate::util::now_ms;
use tablero::{GameKind, Rules};

/// Longest chat line, in characters.
pub const CHAT_MAX_CHARS: usize = 200;
/// Chat lines one person may say per [`CHAT_WINDOW_MS`].
pub const CHAT_LINES: usize = 3;
/// The chat rate window.
pub const CHAT_WINDOW_MS: i64 = 5_000;
/// Chat lines kept in memory and sent on connect.
pub const CHAT_HISTORY: usize = 100;

/// One chat line as sockets receive it: its JSON, and whether the players may read it now
/// (a watchers' line said while the game goes on is not for them); a team line is for one
/// team's two players only.
#[derive(Clone, Debug)]
pub struct ChatOut {
    /// The line's JSON object.
    pub line: Arc<str>,
    /// May a seated player read it?
    pub for_players: bool,
    /// A team line (Teams, R14): the team whose players alone read it.
    pub team: Option<usize>,
}

impl Room {
    /// The team of seat `seat` in a Teams game (R14.1: 0 for Red and Yellow, 1 for Blue and
    /// Green, partners two seats apart in play order), `None` in other games.
    pub(super) fn team_of(&self, seat: usize) -> Option<usize> {
        (self.row.game == GameKind::FourPlayer(Rules::Teams)).then_some(seat % 2)
    }

    /// The team of a stored team line, from the seat it names.
    pub(super) fn line_team(&self, line: &str) -> Option<usize> {
        let v: serde_json::Value = serde_json::from_str(line).ok()?;
        let seat = v["seat"].as_str()?;
        let i = (0..self.row.seats.len()).find(|&i| self.seat_name(i) == seat)?;
        self.team_of(i)
    }

    /// The chat lines a reader may see: everything but team lines for watchers; for players,
    /// the players' channel, and the watchers' once the game is over; team lines for the
    /// two players of that team (`team`) only.
    pub(super) fn chat_history(&self, seated: bool, team: Option<usize>) -> String {
        let over = self.g.engine.is_over() || self.row.status != "playing";
        let lines: Vec<&str> = self
            .chat
            .iter()
            .filter(|(ch, _, l)| match ch {
                Channel::Team => team.is_some() && self.line_team(l) == team,
                _ => !seated || *ch == Channel::Players || over,
            })
            .map(|(_, _, l)| &**l)
            .collect();
        format!(r#"{{"type":"chat","lines":[{}]}}"#, lines.join(","))
    }

    /// A chat line from `player` (R12's chat): checked, stored, then sent to the readers.
    pub(super) async fn say(
        &mut self,
        player: &PlayerRef,
        text: String,
        channel: Option<Channel>,
    ) -> Result<(), Refusal> {
        let refuse = |code: &'static str, message: &str| {
            Err(Refusal {
                code,
                message: message.to_string(),
            })
        };
        let seat = self.seat_of(&player.id);
        let own = if seat.is_some() {
            Channel::Players
        } else {
            Channel::Watchers
        };
        let channel = channel.unwrap_or(own);
        let team = seat.and_then(|s| self.team_of(s));
        if channel == Channel::Team && team.is_none() {
            return refuse(
                "not-allowed",
                "team chat is for the players of a Teams game",
            );
        }
        if channel != own && channel != Channel::Team {
            return match own {
                Channel::Players => refuse("not-allowed", "players chat in the players' channel"),
                Channel::Watchers => refuse("not-seated", "only players chat in that channel"),
                // `own` is never the team channel (a seat's own channel is the players').
                Channel::Team => refuse("not-allowed", "team chat is for a team's players"),
            };
        }
        let text = text.trim();
        if text.is_empty() || text.chars().any(char::is_control) {
            return refuse(
                "bad-message",
                "a chat line is text without control characters",
            );
        }
        if text.chars().count() > CHAT_MAX_CHARS {
            return refuse("chat-too-long", "a chat line is at most 200 characters");
        }
        let now = now_ms();
        let times = self.chat_times.entry(player.id.clone()).or_default();
        while times.front().is_some_and(|&t| t <= now - CHAT_WINDOW_MS) {
            times.pop_front();
        }
        if times.len() >= CHAT_LINES {
            return refuse("rate-limited", "at most 3 chat lines in 5 seconds");
        }
        times.push_back(now);
        let line = json!({
            "channel": channel,
            "seat": seat.map(|s| self.seat_name(s)),
            "player": player,
            "text": text,
            "at": now,
        })
        .to_string();
        let seq = self.chat_seq;
        if let Err(e) = self.ctx.store.add_chat(&self.row.id, seq, now, &line).await {
            tracing::error!(room = %self.row.id, "storing a chat line failed: {e}");
            return refuse("internal", "the line could not be stored; try again");
        }
        self.chat_seq += 1;
        self.share_chat(&line, channel, now);
        let line: Arc<str> = Arc::from(line);
        self.chat.push_back((channel, now, line.clone()));
        while self.chat.len() > CHAT_HISTORY {
            self.chat.pop_front();
        }
        let playing = !self.g.engine.is_over() && self.row.status == "playing";
        let _ = self.chat_tx.send(ChatOut {
            line,
            for_players: channel == Channel::Players || !playing,
            team: team.filter(|_| channel == Channel::Team),
        });
        Ok(())
    }
}
