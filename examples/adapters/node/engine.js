#!/usr/bin/env node
// A skeleton engine adapter in JavaScript (Node.js, no dependencies): protocol 1 over JSON lines
// on stdin/stdout, as ADAPTERS.md describes. It knows one card, Lightning Bolt, and the steps
// `cast` and `resolve`, and declares no features, so it passes `mtg-conformance smoke`'s core
// part. Start your own adapter from here: replace `newGame`, `view` and the step functions with
// calls into your engine, then declare the features you support in `hello`.
//
//   mtg-conformance smoke --engine 'cmd:node examples/adapters/node/engine.js'
"use strict";

const readline = require("readline");

const CARDS = { "Lightning Bolt": { manaValue: 1, cost: ["R"] } };
const PLAYERS = ["alice", "bob"];
const ZONES = ["hand", "library", "graveyard", "battlefield", "exile"];

class Illegal extends Error {
  constructor(rule, reason) { super(reason); this.rule = rule; }
}

function symbols(mana) { return (mana || "").match(/\{([^{}]+)\}/g)?.map((s) => s.slice(1, -1)) || []; }

function newGame(setup) {
  const game = { players: {}, cards: {}, stack: [], turn: { active: "alice", step: "main1" } };
  for (const name of PLAYERS) {
    const spec = (setup.players || {})[name] || {};
    game.players[name] = { life: spec.life ?? 20, pool: symbols(spec.mana), counters: { ...(spec.counters || {}) } };
    for (const zone of ZONES) {
      for (const item of spec[zone] || []) {
        if (!CARDS[item.card]) throw new Error(`unsupported card ${item.card}`);
        game.cards[item.label] = { name: item.card, zone, owner: name };
      }
    }
  }
  return game;
}

function view(game) {
  const players = {};
  for (const [name, p] of Object.entries(game.players)) {
    const count = (zone) => Object.values(game.cards).filter((c) => c.owner === name && c.zone === zone).length;
    players[name] = { life: p.life, mana: p.pool.map((s) => `{${s}}`).join(""), counters: p.counters,
                      hand: count("hand"), library: count("library"), graveyard: count("graveyard"),
                      exile: count("exile"), lost: false };
  }
  const cards = {};
  for (const [label, c] of Object.entries(game.cards)) {
    cards[label] = { zone: c.zone, owner: c.owner, controller: c.owner, mana_value: CARDS[c.name].manaValue };
  }
  return { players, cards, stack: game.stack.map((s) => ({ ...s })), tokens: [], turn: { ...game.turn } };
}

const STEPS = {
  cast(game, args) {
    const card = game.cards[args.card];
    if (!card || card.zone !== "hand") throw new Illegal("601.2a", "the card is not in a hand");
    const targets = args.targets || [];
    if (targets.length !== 1 || !PLAYERS.includes(targets[0])) throw new Illegal("601.2c", "one target: a player");
    const pool = game.players[card.owner].pool;
    const pay = "pay" in args ? symbols(args.pay) : CARDS[card.name].cost;
    if (pay.join() !== CARDS[card.name].cost.join() || !pool.includes("R")) {
      throw new Illegal("601.2h", "the total cost {R} cannot be paid");
    }
    pool.splice(pool.indexOf("R"), 1);
    card.zone = "stack";
    game.stack.push({ kind: "spell", source: args.card, controller: card.owner, targets });
  },
  resolve(game) {
    const top = game.stack.pop();
    if (!top) throw new Illegal("405.5", "the stack is empty");
    game.players[top.targets[0]].life -= 3;
    game.cards[top.source].zone = "graveyard";
  },
};

function run(testCase) {
  const game = newGame(testCase.setup || {});
  const results = [];
  for (const step of testCase.steps) {
    const [kind, args] = Object.entries(step)[0];
    if (!STEPS[kind]) { results.push({ status: "errored", message: `step ${kind} is not supported` }); break; }
    const before = JSON.stringify(game);
    try {
      STEPS[kind](game, args || {});
      results.push({ status: "ok", view: view(game) });
    } catch (err) {
      if (!(err instanceof Illegal)) { results.push({ status: "errored", message: String(err) }); break; }
      Object.assign(game, JSON.parse(before));  // an illegal action changes nothing
      results.push({ status: "illegal", rule: err.rule, reason: err.message, view: view(game) });
    }
  }
  return { results };
}

const out = (message) => process.stdout.write(JSON.stringify(message) + "\n");
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const request = JSON.parse(line);
  if (request.cmd === "hello") {
    out({ implementation: { name: "node skeleton", version: "0.1.0", language: "javascript" }, protocol: 1, features: [] });
  } else if (request.cmd === "run") {
    let answer;
    try { answer = run(request.case); } catch (err) {
      answer = { results: [{ status: "errored", message: String(err) }] };
    }
    out({ seq: request.seq, ...answer });
  } else if (request.cmd === "stop") {
    out({ ok: true });
    process.exit(0);
  }
});
