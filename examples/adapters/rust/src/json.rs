//! Just enough JSON for the skeleton (objects, arrays, strings, integers, booleans, null).
//! A real adapter would use serde_json; this keeps the skeleton free of dependencies.

use std::collections::BTreeMap;
use std::fmt;

#[derive(Clone, Debug, PartialEq)]
pub enum Value { Null, Bool(bool), Int(i64), Float(f64), Str(String), Array(Vec<Value>), Object(BTreeMap<String, Value>) }

impl Value {
    pub fn object(pairs: Vec<(&str, Value)>) -> Value {
        Value::Object(pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
    }
    pub fn get(&self, key: &str) -> Option<&Value> { self.as_object()?.get(key) }
    pub fn as_object(&self) -> Option<&BTreeMap<String, Value>> { if let Value::Object(m) = self { Some(m) } else { None } }
    pub fn as_array(&self) -> Option<&Vec<Value>> { if let Value::Array(a) = self { Some(a) } else { None } }
    pub fn as_str(&self) -> Option<&str> { if let Value::Str(s) = self { Some(s) } else { None } }
    pub fn as_i64(&self) -> Option<i64> { if let Value::Int(i) = self { Some(*i) } else { None } }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Value::Null => write!(f, "null"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Int(i) => write!(f, "{i}"),
            Value::Float(x) => write!(f, "{x}"),
            Value::Str(s) => {
                write!(f, "\"")?;
                for c in s.chars() {
                    match c {
                        '"' => write!(f, "\\\"")?,
                        '\\' => write!(f, "\\\\")?,
                        c if (c as u32) < 0x20 => write!(f, "\\u{:04x}", c as u32)?,
                        c => write!(f, "{c}")?,
                    }
                }
                write!(f, "\"")
            }
            Value::Array(items) => {
                write!(f, "[")?;
                for (i, v) in items.iter().enumerate() { if i > 0 { write!(f, ",")?; } write!(f, "{v}")?; }
                write!(f, "]")
            }
            Value::Object(map) => {
                write!(f, "{{")?;
                for (i, (k, v)) in map.iter().enumerate() {
                    if i > 0 { write!(f, ",")?; }
                    write!(f, "{}:{v}", Value::Str(k.clone()))?;
                }
                write!(f, "}}")
            }
        }
    }
}

pub fn parse(text: &str) -> Result<Value, String> {
    let mut p = Parser { s: text.as_bytes(), i: 0 };
    let v = p.value()?;
    p.ws();
    if p.i != p.s.len() { return Err("trailing characters".into()); }
    Ok(v)
}

struct Parser<'a> { s: &'a [u8], i: usize }

impl Parser<'_> {
    fn ws(&mut self) { while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() { self.i += 1; } }
    fn eat(&mut self, b: u8) -> Result<(), String> {
        self.ws();
        if self.s.get(self.i) == Some(&b) { self.i += 1; Ok(()) } else { Err(format!("expected {}", b as char)) }
    }
    fn value(&mut self) -> Result<Value, String> {
        self.ws();
        match self.s.get(self.i).copied() {
            Some(b'{') => {
                self.i += 1;
                let mut map = BTreeMap::new();
                self.ws();
                if self.s.get(self.i) == Some(&b'}') { self.i += 1; return Ok(Value::Object(map)); }
                loop {
                    self.ws();
                    let Value::Str(k) = self.value()? else { return Err("object key".into()) };
                    self.eat(b':')?;
                    map.insert(k, self.value()?);
                    self.ws();
                    match self.s.get(self.i) { Some(b',') => self.i += 1, Some(b'}') => { self.i += 1; return Ok(Value::Object(map)); } _ => return Err("object".into()) }
                }
            }
            Some(b'[') => {
                self.i += 1;
                let mut items = vec![];
                self.ws();
                if self.s.get(self.i) == Some(&b']') { self.i += 1; return Ok(Value::Array(items)); }
                loop {
                    items.push(self.value()?);
                    self.ws();
                    match self.s.get(self.i) { Some(b',') => self.i += 1, Some(b']') => { self.i += 1; return Ok(Value::Array(items)); } _ => return Err("array".into()) }
                }
            }
            Some(b'"') => {
                self.i += 1;
                let mut out = String::new();
                loop {
                    let rest = std::str::from_utf8(&self.s[self.i..]).map_err(|e| e.to_string())?;
                    let mut chars = rest.char_indices();
                    let Some((_, c)) = chars.next() else { return Err("unterminated string".into()) };
                    self.i += c.len_utf8();
                    match c {
                        '"' => return Ok(Value::Str(out)),
                        '\\' => {
                            let e = *self.s.get(self.i).ok_or("escape")?;
                            self.i += 1;
                            out.push(match e {
                                b'n' => '\n', b't' => '\t', b'r' => '\r', b'b' => '\u{8}', b'f' => '\u{c}',
                                b'u' => {
                                    let hex = std::str::from_utf8(&self.s[self.i..self.i + 4]).map_err(|e| e.to_string())?;
                                    self.i += 4;
                                    char::from_u32(u32::from_str_radix(hex, 16).map_err(|e| e.to_string())?).unwrap_or('\u{fffd}')
                                }
                                other => other as char,
                            });
                        }
                        c => out.push(c),
                    }
                }
            }
            Some(b't') if self.s[self.i..].starts_with(b"true") => { self.i += 4; Ok(Value::Bool(true)) }
            Some(b'f') if self.s[self.i..].starts_with(b"false") => { self.i += 5; Ok(Value::Bool(false)) }
            Some(b'n') if self.s[self.i..].starts_with(b"null") => { self.i += 4; Ok(Value::Null) }
            Some(c) if c == b'-' || c.is_ascii_digit() => {
                let start = self.i;
                while self.i < self.s.len() && matches!(self.s[self.i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') { self.i += 1; }
                let text = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                text.parse::<i64>().map(Value::Int).or_else(|_| text.parse::<f64>().map(Value::Float)).map_err(|e| e.to_string())
            }
            _ => Err("unexpected character".into()),
        }
    }
}
