//! Socket messages: decoding what clients send, encoding refusals.
//!
//! Decoding never panics and never trusts sizes: the socket layer refuses anything over
//! [`MAX_MESSAGE`] before it gets here, and serde reads the rest into small typed values.

use serde::Deserialize;
use serde_json::json;

use crate::engine::Action;
use crate::refusal::Refusal;

/// Largest message a client may send, in bytes.
pub const MAX_MESSAGE: usize = 8 * 1024;

/// A message from a client: a ping, or an action on the room's game (decoded straight into
/// the engine's [`Action`]).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
// Unknown extra fields are ignored, so clients may add their own (a request id, say).
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ClientMsg {
    /// `{"type":"ping"}`, answered by `{"type":"pong"}`.
    Ping,
    /// `{"type":"move","move":"e2e4","ply":0}`, `{"type":"resign"}`, `{"type":"claimDraw"}`,
    /// `{"type":"offer","offer":"draw"}`, `{"type":"answer","offer":"draw","accept":true}`,
    /// `{"type":"abort"}`, `{"type":"chat","text":"gg"}`.
    #[serde(untagged)]
    Act(Action),
}

/// Decodes one text message.
pub fn decode(text: &str) -> Result<ClientMsg, Refusal> {
    if text.len() > MAX_MESSAGE {
        return Err(Refusal {
            code: "too-large",
            message: format!("messages are limited to {MAX_MESSAGE} bytes"),
        });
    }
    // Nearly every message is an action: read it as one first, which spares serde the
    // tagged enum's buffering and its failed try at `ping`; anything else (a ping, or what
    // is no message) is read as before.
    let msg = match serde_json::from_str::<Action>(text) {
        Ok(action) => ClientMsg::Act(action),
        Err(_) => serde_json::from_str(text).map_err(|e| Refusal {
            code: "bad-message",
            message: format!("not a message this server understands: {e}"),
        })?,
    };
    if let ClientMsg::Act(Action::Move { text, .. }) = &msg
        && (text.is_empty() || text.len() > 32)
    {
        return Err(Refusal {
            code: "bad-message",
            message: "a move is 1 to 32 characters of text".into(),
        });
    }
    Ok(msg)
}

/// The error message for a refusal.
pub fn error_json(r: &Refusal) -> String {
    json!({"type": "error", "code": r.code, "message": r.message}).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Channel;
    use crate::offers::OfferKind;

    #[test]
    fn decodes_the_documented_messages() {
        assert_eq!(
            decode(r#"{"type":"move","move":"e2e4","ply":0}"#),
            Ok(ClientMsg::Act(Action::Move {
                text: "e2e4".into(),
                ply: 0
            }))
        );
        assert_eq!(
            decode(r#"{"type":"resign"}"#),
            Ok(ClientMsg::Act(Action::Resign))
        );
        assert_eq!(
            decode(r#"{"type":"claimDraw"}"#),
            Ok(ClientMsg::Act(Action::ClaimDraw))
        );
        assert_eq!(decode(r#"{"type":"ping"}"#), Ok(ClientMsg::Ping));
        assert_eq!(
            decode(r#"{"type":"offer","offer":"takeback"}"#),
            Ok(ClientMsg::Act(Action::Offer {
                offer: OfferKind::Takeback
            }))
        );
        assert_eq!(
            decode(r#"{"type":"answer","offer":"rematch","accept":false}"#),
            Ok(ClientMsg::Act(Action::Answer {
                offer: OfferKind::Rematch,
                accept: false
            }))
        );
        assert_eq!(
            decode(r#"{"type":"abort"}"#),
            Ok(ClientMsg::Act(Action::Abort))
        );
        assert_eq!(
            decode(r#"{"type":"chat","text":"<b>gg</b>"}"#),
            Ok(ClientMsg::Act(Action::Chat {
                text: "<b>gg</b>".into(),
                channel: None
            }))
        );
        assert_eq!(
            decode(r#"{"type":"chat","text":"hi","channel":"watchers"}"#),
            Ok(ClientMsg::Act(Action::Chat {
                text: "hi".into(),
                channel: Some(Channel::Watchers)
            }))
        );
        assert_eq!(
            decode(r#"{"type":"resign","id":7}"#),
            Ok(ClientMsg::Act(Action::Resign))
        );
    }

    #[test]
    fn refuses_everything_else_with_a_code() {
        for bad in [
            "",
            "null",
            "[]",
            "{}",
            r#"{"type":"move"}"#,
            r#"{"type":"move","move":"e2e4","ply":"0"}"#,
            r#"{"type":"move","move":"","ply":0}"#,
            r#"{"type":"fly"}"#,
            r#"{"type":"timeout"}"#,
            r#"{"type":"flag"}"#,
            r#"{"type":"agreeDraw"}"#,
            r#"{"type":"takeback","plies":1}"#,
            r#"{"type":"offer"}"#,
            r#"{"type":"offer","offer":"moves"}"#,
            r#"{"type":"answer","offer":"draw"}"#,
            r#"{"type":"answer","offer":"draw","accept":"yes"}"#,
            r#"{"type":"chat"}"#,
            r#"{"type":"chat","text":7}"#,
            r#"{"type":"chat","text":"hi","channel":"everyone"}"#,
            "{\"type\":\"move\",\"move\":\"e2e4\",\"ply\":1e400}",
        ] {
            assert_eq!(decode(bad).unwrap_err().code, "bad-message", "{bad:?}");
        }
        let big = format!(r#"{{"type":"move","move":"{}","ply":0}}"#, "a".repeat(9000));
        assert_eq!(decode(&big).unwrap_err().code, "too-large");
    }

    /// Property test of the decoder: random byte strings, random mutations of valid
    /// messages and deep nesting never panic, and every refusal has a documented code.
    #[test]
    fn fuzz_the_decoder_with_random_input() {
        let mut state = 0x1234_5678_9abc_def0u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let seeds = [
            r#"{"type":"move","move":"e2e4","ply":0}"#,
            r#"{"type":"resign"}"#,
            r#"{"type":"claimDraw"}"#,
            r#"{"type":"move","move":"Qg1xQn8+","ply":12}"#,
            r#"{"type":"offer","offer":"draw"}"#,
            r#"{"type":"answer","offer":"takeback","accept":true}"#,
            r#"{"type":"abort"}"#,
            r#"{"type":"chat","text":"gg wp","channel":"players"}"#,
        ];
        for i in 0..200_000 {
            let text: String = if i % 2 == 0 {
                let len = (next() % 64) as usize;
                let bytes: Vec<u8> = (0..len).map(|_| next() as u8).collect();
                String::from_utf8_lossy(&bytes).into_owned()
            } else {
                let mut b = seeds[(next() % seeds.len() as u64) as usize]
                    .as_bytes()
                    .to_vec();
                for _ in 0..(next() % 4 + 1) {
                    let at = (next() as usize) % b.len();
                    match next() % 3 {
                        0 => b[at] = next() as u8,
                        1 => {
                            b.remove(at);
                        }
                        _ => b.insert(at, b"{}[]\":,0e-\\"[(next() % 11) as usize]),
                    }
                    if b.is_empty() {
                        break;
                    }
                }
                String::from_utf8_lossy(&b).into_owned()
            };
            if let Err(r) = decode(&text) {
                assert!(["bad-message", "too-large"].contains(&r.code));
            }
        }
        let deep = "[".repeat(100_000);
        assert_eq!(decode(&deep).unwrap_err().code, "too-large");
        let deep = "[".repeat(8000);
        assert_eq!(decode(&deep).unwrap_err().code, "bad-message");
    }
}
