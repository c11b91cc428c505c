//! A skeleton engine adapter in Rust (std only): protocol 1 over JSON lines on stdin/stdout, as
//! ADAPTERS.md describes. It knows one card, Lightning Bolt, and the steps `cast` and `resolve`,
//! and declares no features, so it passes `mtg-conformance smoke`'s core part. Replace `Game`
//! and the step functions with calls into your engine; with serde_json the `json` module goes.
//!
//!   cargo build --release && mtg-conformance smoke --engine 'cmd:target/release/mtg-skeleton-engine'

mod json;

use json::Value;
use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};

const PLAYERS: [&str; 2] = ["alice", "bob"];
const ZONES: [&str; 5] = ["hand", "library", "graveyard", "battlefield", "exile"];

#[derive(Clone)]
struct Card { zone: String, owner: String }

#[derive(Clone)]
struct Player { life: i64, pool: Vec<String>, counters: Value }

#[derive(Clone)]
struct Game { players: BTreeMap<String, Player>, cards: BTreeMap<String, Card>, stack: Vec<Value> }

struct Illegal { rule: &'static str, reason: &'static str }

fn symbols(mana: &str) -> Vec<String> {
    mana.split('{').filter_map(|s| s.strip_suffix('}')).map(str::to_string).collect()
}

fn new_game(setup: &Value) -> Result<Game, String> {
    let mut game = Game { players: BTreeMap::new(), cards: BTreeMap::new(), stack: vec![] };
    for name in PLAYERS {
        let spec = setup.get("players").and_then(|p| p.get(name));
        let field = |key: &str| spec.and_then(|s| s.get(key));
        game.players.insert(name.to_string(), Player {
            life: field("life").and_then(Value::as_i64).unwrap_or(20),
            pool: symbols(field("mana").and_then(Value::as_str).unwrap_or("")),
            counters: field("counters").cloned().unwrap_or(Value::Object(BTreeMap::new())),
        });
        for zone in ZONES {
            for item in field(zone).and_then(Value::as_array).unwrap_or(&vec![]) {
                let card = item.get("card").and_then(Value::as_str).unwrap_or("");
                if card != "Lightning Bolt" {
                    return Err(format!("unsupported card {card}"));
                }
                let label = item.get("label").and_then(Value::as_str).unwrap_or("").to_string();
                game.cards.insert(label, Card { zone: zone.to_string(), owner: name.to_string() });
            }
        }
    }
    Ok(game)
}

fn view(game: &Game) -> Value {
    let mut players = BTreeMap::new();
    for (name, p) in &game.players {
        let count = |zone: &str| game.cards.values().filter(|c| &c.owner == name && c.zone == zone).count() as i64;
        let mana: String = p.pool.iter().map(|s| format!("{{{s}}}")).collect();
        players.insert(name.clone(), Value::object(vec![
            ("life", Value::Int(p.life)), ("mana", Value::Str(mana)), ("counters", p.counters.clone()),
            ("hand", Value::Int(count("hand"))), ("library", Value::Int(count("library"))),
            ("graveyard", Value::Int(count("graveyard"))), ("exile", Value::Int(count("exile"))),
            ("lost", Value::Bool(false)),
        ]));
    }
    let mut cards = BTreeMap::new();
    for (label, c) in &game.cards {
        cards.insert(label.clone(), Value::object(vec![
            ("zone", Value::Str(c.zone.clone())), ("owner", Value::Str(c.owner.clone())),
            ("controller", Value::Str(c.owner.clone())), ("mana_value", Value::Int(1)),
        ]));
    }
    Value::object(vec![
        ("players", Value::Object(players)), ("cards", Value::Object(cards)),
        ("stack", Value::Array(game.stack.clone())), ("tokens", Value::Array(vec![])),
        ("turn", Value::object(vec![("active", Value::Str("alice".into())), ("step", Value::Str("main1".into()))])),
    ])
}

fn cast(game: &mut Game, args: &Value) -> Result<(), Illegal> {
    let label = args.get("card").and_then(Value::as_str).unwrap_or("").to_string();
    let owner = match game.cards.get(&label) {
        Some(card) if card.zone == "hand" => card.owner.clone(),
        _ => return Err(Illegal { rule: "601.2a", reason: "the card is not in a hand" }),
    };
    let targets = args.get("targets").and_then(Value::as_array).cloned().unwrap_or_default();
    let target = targets.first().and_then(Value::as_str).unwrap_or("").to_string();
    if targets.len() != 1 || !PLAYERS.contains(&target.as_str()) {
        return Err(Illegal { rule: "601.2c", reason: "one target: a player" });
    }
    let pay = args.get("pay").and_then(Value::as_str).map(symbols).unwrap_or_else(|| vec!["R".into()]);
    let pool = &mut game.players.get_mut(&owner).unwrap().pool;
    let Some(at) = pool.iter().position(|s| s == "R") else {
        return Err(Illegal { rule: "601.2h", reason: "the total cost {R} cannot be paid" });
    };
    if pay != vec!["R".to_string()] {
        return Err(Illegal { rule: "601.2h", reason: "the payment is not the total cost {R}" });
    }
    pool.remove(at);
    game.cards.get_mut(&label).unwrap().zone = "stack".into();
    game.stack.push(Value::object(vec![
        ("kind", Value::Str("spell".into())), ("source", Value::Str(label)), ("controller", Value::Str(owner)),
        ("targets", Value::Array(vec![Value::Str(target)])),
    ]));
    Ok(())
}

fn resolve(game: &mut Game) -> Result<(), Illegal> {
    let top = game.stack.pop().ok_or(Illegal { rule: "405.5", reason: "the stack is empty" })?;
    let target = top.get("targets").and_then(Value::as_array).and_then(|t| t.first()).and_then(Value::as_str);
    if let Some(player) = target.and_then(|t| game.players.get_mut(t)) {
        player.life -= 3;
    }
    if let Some(card) = top.get("source").and_then(Value::as_str).and_then(|s| game.cards.get_mut(s)) {
        card.zone = "graveyard".into();
    }
    Ok(())
}

fn run(case: &Value) -> Value {
    let errored = |message: String| Value::object(vec![("status", Value::Str("errored".into())), ("message", Value::Str(message))]);
    let mut game = match new_game(case.get("setup").unwrap_or(&Value::Null)) {
        Ok(game) => game,
        Err(message) => return Value::object(vec![("results", Value::Array(vec![errored(message)]))]),
    };
    let mut results = vec![];
    for step in case.get("steps").and_then(Value::as_array).cloned().unwrap_or_default() {
        let Some((kind, args)) = step.as_object().and_then(|o| o.iter().next()) else { break };
        let before = game.clone();
        let outcome = match kind.as_str() {
            "cast" => cast(&mut game, args),
            "resolve" => resolve(&mut game),
            other => {
                results.push(errored(format!("step {other} is not supported")));
                break;
            }
        };
        results.push(match outcome {
            Ok(()) => Value::object(vec![("status", Value::Str("ok".into())), ("view", view(&game))]),
            Err(illegal) => {
                game = before; // an illegal action changes nothing
                Value::object(vec![
                    ("status", Value::Str("illegal".into())), ("rule", Value::Str(illegal.rule.into())),
                    ("reason", Value::Str(illegal.reason.into())), ("view", view(&game)),
                ])
            }
        });
    }
    Value::object(vec![("results", Value::Array(results))])
}

fn main() {
    let stdout = io::stdout();
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let Ok(request) = json::parse(&line) else { continue };
        let answer = match request.get("cmd").and_then(Value::as_str) {
            Some("hello") => Value::object(vec![
                ("implementation", Value::object(vec![
                    ("name", Value::Str("rust skeleton".into())), ("version", Value::Str("0.1.0".into())),
                    ("language", Value::Str("rust".into())),
                ])),
                ("protocol", Value::Int(1)), ("features", Value::Array(vec![])),
            ]),
            Some("run") => {
                let mut answer = run(request.get("case").unwrap_or(&Value::Null));
                if let (Value::Object(map), Some(seq)) = (&mut answer, request.get("seq")) {
                    map.insert("seq".into(), seq.clone());
                }
                answer
            }
            Some("stop") => {
                let _ = writeln!(stdout.lock(), "{}", Value::object(vec![("ok", Value::Bool(true))]));
                return;
            }
            _ => continue,
        };
        let mut out = stdout.lock();
        let _ = writeln!(out, "{answer}");
        let _ = out.flush();
    }
}
