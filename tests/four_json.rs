//! The serde shapes the JS layer relies on, checked with a minimal JSON writer (the crate has
//! no JSON dependency).

mod common4;
use common4::*;
use serde::Serialize;
use serde::ser::{self, SerializeMap, SerializeSeq, SerializeStruct};
use std::fmt::{self, Display};
use tablero::four::{FourGame, Rules, Seat};

#[derive(Debug)]
struct E(String);
impl Display for E {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for E {}
impl ser::Error for E {
    fn custom<T: Display>(m: T) -> Self {
        E(m.to_string())
    }
}

#[derive(Default)]
struct J(String);

struct C<'a> {
    j: &'a mut J,
    first: bool,
    close: char,
}

impl C<'_> {
    fn comma(&mut self) {
        if !self.first {
            self.j.0.push(',');
        }
        self.first = false;
    }
}

type R = Result<(), E>;

impl<'a> ser::Serializer for &'a mut J {
    type Ok = ();
    type Error = E;
    type SerializeSeq = C<'a>;
    type SerializeTuple = C<'a>;
    type SerializeTupleStruct = C<'a>;
    type SerializeTupleVariant = C<'a>;
    type SerializeMap = C<'a>;
    type SerializeStruct = C<'a>;
    type SerializeStructVariant = C<'a>;
    fn serialize_bool(self, v: bool) -> R {
        self.0.push_str(if v { "true" } else { "false" });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> R {
        self.serialize_i64(v as i64)
    }
    fn serialize_i16(self, v: i16) -> R {
        self.serialize_i64(v as i64)
    }
    fn serialize_i32(self, v: i32) -> R {
        self.serialize_i64(v as i64)
    }
    fn serialize_i64(self, v: i64) -> R {
        self.0.push_str(&v.to_string());
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> R {
        self.serialize_u64(v as u64)
    }
    fn serialize_u16(self, v: u16) -> R {
        self.serialize_u64(v as u64)
    }
    fn serialize_u32(self, v: u32) -> R {
        self.serialize_u64(v as u64)
    }
    fn serialize_u64(self, v: u64) -> R {
        self.0.push_str(&v.to_string());
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> R {
        self.serialize_f64(v as f64)
    }
    fn serialize_f64(self, v: f64) -> R {
        self.0.push_str(&v.to_string());
        Ok(())
    }
    fn serialize_char(self, v: char) -> R {
        self.serialize_str(&v.to_string())
    }
    fn serialize_str(self, v: &str) -> R {
        self.0.push('"');
        for c in v.chars() {
            match c {
                '"' => self.0.push_str("\\\""),
                '\\' => self.0.push_str("\\\\"),
                c => self.0.push(c),
            }
        }
        self.0.push('"');
        Ok(())
    }
    fn serialize_bytes(self, _v: &[u8]) -> R {
        Err(E("bytes".into()))
    }
    fn serialize_none(self) -> R {
        self.0.push_str("null");
        Ok(())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> R {
        v.serialize(self)
    }
    fn serialize_unit(self) -> R {
        self.serialize_none()
    }
    fn serialize_unit_struct(self, _n: &'static str) -> R {
        self.serialize_none()
    }
    fn serialize_unit_variant(self, _n: &'static str, _i: u32, v: &'static str) -> R {
        self.serialize_str(v)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _n: &'static str, v: &T) -> R {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _n: &'static str,
        _i: u32,
        _v: &'static str,
        _value: &T,
    ) -> R {
        Err(E("newtype variant".into()))
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<C<'a>, E> {
        self.0.push('[');
        Ok(C {
            j: self,
            first: true,
            close: ']',
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<C<'a>, E> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _n: &'static str, len: usize) -> Result<C<'a>, E> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _n: &'static str,
        _i: u32,
        _v: &'static str,
        _len: usize,
    ) -> Result<C<'a>, E> {
        Err(E("tuple variant".into()))
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<C<'a>, E> {
        self.0.push('{');
        Ok(C {
            j: self,
            first: true,
            close: '}',
        })
    }
    fn serialize_struct(self, _n: &'static str, _len: usize) -> Result<C<'a>, E> {
        self.serialize_map(None)
    }
    fn serialize_struct_variant(
        self,
        _n: &'static str,
        _i: u32,
        _v: &'static str,
        _len: usize,
    ) -> Result<C<'a>, E> {
        Err(E("struct variant".into()))
    }
}

impl SerializeSeq for C<'_> {
    type Ok = ();
    type Error = E;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> R {
        self.comma();
        v.serialize(&mut *self.j)
    }
    fn end(self) -> R {
        self.j.0.push(self.close);
        Ok(())
    }
}
impl ser::SerializeTuple for C<'_> {
    type Ok = ();
    type Error = E;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> R {
        SerializeSeq::serialize_element(self, v)
    }
    fn end(self) -> R {
        SerializeSeq::end(self)
    }
}
impl ser::SerializeTupleStruct for C<'_> {
    type Ok = ();
    type Error = E;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, v: &T) -> R {
        SerializeSeq::serialize_element(self, v)
    }
    fn end(self) -> R {
        SerializeSeq::end(self)
    }
}
impl ser::SerializeTupleVariant for C<'_> {
    type Ok = ();
    type Error = E;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, v: &T) -> R {
        SerializeSeq::serialize_element(self, v)
    }
    fn end(self) -> R {
        SerializeSeq::end(self)
    }
}
impl SerializeMap for C<'_> {
    type Ok = ();
    type Error = E;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, k: &T) -> R {
        self.comma();
        k.serialize(&mut *self.j)?;
        self.j.0.push(':');
        Ok(())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, v: &T) -> R {
        v.serialize(&mut *self.j)
    }
    fn end(self) -> R {
        self.j.0.push(self.close);
        Ok(())
    }
}
impl SerializeStruct for C<'_> {
    type Ok = ();
    type Error = E;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, k: &'static str, v: &T) -> R {
        SerializeMap::serialize_key(self, k)?;
        v.serialize(&mut *self.j)
    }
    fn end(self) -> R {
        SerializeMap::end(self)
    }
}
impl ser::SerializeStructVariant for C<'_> {
    type Ok = ();
    type Error = E;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, k: &'static str, v: &T) -> R {
        SerializeStruct::serialize_field(self, k, v)
    }
    fn end(self) -> R {
        SerializeMap::end(self)
    }
}

fn json<T: Serialize>(v: &T) -> String {
    let mut j = J::default();
    v.serialize(&mut j).unwrap();
    j.0
}

#[test]
fn json_shapes_of_a_plain_game() {
    let mut g = FourGame::new(Rules::Ffa, Seat::Red, None, 5);
    assert_eq!(
        json(&g.status()),
        r#"{"turn":"red","inCheck":[],"over":false}"#
    );
    let info = g.play("h2h4").unwrap();
    assert_eq!(
        json(&info),
        r#"{"from":"h2","to":"h4","uci":"h2h4","san":"h2-h4","piece":"pawn","check":false,"checks":[],"player":"red","points":0,"scoring":[],"eliminated":[],"kind":"move"}"#
    );
    assert_eq!(
        json(&g.scores()[1]),
        r#"{"player":"blue","points":0,"status":"active"}"#
    );
    assert_eq!(
        json(&g.board()[0]),
        r#"{"square":"d1","piece":"rook","color":"red","grey":false}"#
    );
    let s = json(&g.to_save());
    assert!(
        s.starts_with(r#"{"variant":"fourplayer","rules":"ffa","startFen":"R-0,0,0,0-"#),
        "{s}"
    );
    assert!(
        s.ends_with(r#","firstPlayer":"red","moveLimit":null,"seed":5,"moves":["h2h4"]}"#),
        "{s}"
    );
    g.resign(Seat::Blue).unwrap();
    assert_eq!(
        json(&g.history()[1]),
        r#"{"from":"","to":"","uci":"","san":"R","piece":"","check":false,"checks":[],"player":"blue","points":0,"scoring":[],"eliminated":[],"kind":"resign"}"#
    );
    assert_eq!(
        json(&g.scores()[1]),
        r#"{"player":"blue","points":0,"status":"resigned"}"#
    );
}

#[test]
fn json_shapes_of_mates_and_results() {
    let pieces = [
        ("h1", "rK"),
        ("a4", "bK"),
        ("g14", "yK"),
        ("n4", "gK"),
        ("a11", "yR"),
        ("n11", "yR"),
        ("f5", "rR"),
        ("e10", "rR"),
    ];
    let mut g = game(Rules::Ffa, Seat::Red, &pieces, 0);
    let info = g.play("e10e4").unwrap();
    assert_eq!(
        json(&info),
        concat!(
            r#"{"from":"e10","to":"e4","uci":"e10e4","san":"Re10-e4##","piece":"rook","check":true,"#,
            r#""checks":["blue","green"],"player":"red","points":45,"scoring":["#,
            r#"{"player":"red","points":5,"reason":"double-check"},"#,
            r#"{"player":"red","points":20,"reason":"checkmate"},"#,
            r#"{"player":"red","points":20,"reason":"checkmate"}],"#,
            r#""eliminated":[{"player":"blue","reason":"checkmated"},{"player":"green","reason":"checkmated"}],"#,
            r#""kind":"move"}"#
        )
    );
    assert_eq!(
        json(&g.status()),
        concat!(
            r#"{"turn":null,"inCheck":[],"over":true,"result":{"winners":["red"],"reason":"points-lead","scores":["#,
            r#"{"player":"red","points":45,"status":"active","place":1},"#,
            r#"{"player":"blue","points":0,"status":"checkmated","place":2},"#,
            r#"{"player":"yellow","points":0,"status":"active","place":2},"#,
            r#"{"player":"green","points":0,"status":"checkmated","place":2}]}}"#
        )
    );
}
