// Imperial Settlers: the open lookout cards, the player's own hand as cards, and every player's
// empire board — goods and tokens, the tableau in three rows (production / feature / action)
// with the deals under the board — drawn from view(seat)["state"] (schema:
// settlers/games/imperial/README.md). Playable cards are clickable (pick, build, deal, raze,
// activate, tokens); the rest stay buttons. Returns the indices of the actions made clickable.
import { seatAskedIn } from "../seat_on_move.js";
import { h, placeMenu, push, s } from "../util.js";

const EMPIRE_COLOUR = { romans: "#b8322a", barbarians: "#2f6fd6", egyptians: "#d9a521", japanese: "#3d3d3d" };
const DECK_OF_PREFIX = { COM: "common", ROM: "romans", BAR: "barbarians", EGY: "egyptians", JAP: "japanese" };
const COMMON_COLOUR = "#76684d";  // (white words on it 5.4:1; #8a7a5c was 4.2:1)
const GOODS = ["W", "S", "F", "G", "Wk", "Raze", "Def"];
const GOOD_COLOUR = { W: "#8b5a2b", S: "#9aa0a6", F: "#d0463b", G: "#e9b824", Wk: "#f1e3c2", Raze: "#5b2a86", Def: "#3b6fb6", VP: "#2e9e57" };
const ROWS = ["production", "feature", "action"];
// legal actions that point at a card in the hand, a location on a board, or an open card
const HAND_TYPES = new Set(["build", "deal", "raze_card", "put_under_gate", "put_on_shrine"]);
const OWN_LOCATION_TYPES = new Set(["activate", "place_defence", "place_samurai"]);
// the targets of a location's action («op» in the card data) that name a location: the
// option's first item the owner and its second the card, or its only item an own location
const OP_OPPONENT_LOCATION = new Set(["raze_opponent", "discard_opponent", "capture", "deal_with_opponent", "raze_bonus_good"]);
const OP_OWN_LOCATION = new Set(["raze_own", "activate_other_action", "activate_production"]);
const OP_HAND_CARD = new Set(["build_faction_no_foundation", "foundation_from_hand"]);

// "pass" gives up the rest of the round: the page asks first while other actions remain
export const CONFIRM_TYPES = ["pass"];

// a pick among cards (the lookout's, an empire card's) opens the board with those cards: on a
// phone they come before the HUD while the choice is among them (game.js), every card of the
// choice in the first screen (a long board of cards keeps the HUD first otherwise)
export function mapFirst(msg) {
  return msg.actions.length > 0 && msg.actions.every((a) => a.action.type === "pick");
}

// What the seats asked decide when it is not the turn's own move (game.js names it in the
// status, web.game.ask.* / web.game.wait.*): the lookout's picks (the alternative lookout:
// everyone at once), what stays on the Warehouses before the cleanup
const PENDING_AWAITS = { draft: "lookout", solo_draft: "lookout", warehouse: "warehouse" };
export function awaited(msg) {
  const st = msg.view.state || {};
  if (st.phase === "alt_lookout" && !st.pending) return "lookout";
  return PENDING_AWAITS[st.pending?.kind] || null;
}

// Whose move it is (game.js, the status): the view's "turn" is the player of the actions
// phase; the lookout's picks (first player clockwise, then back) and the Warehouses' choices
// before the cleanup ask one seat at a time while "turn" still names the last turn's player
// (the seat asked read «Ходит Игрок 2 — выберите карточку разведки»). There the one seat
// asked is the seat on move.
export const turnOf = seatAskedIn(["lookout", "cleanup"]);

export function seatColor(msg, seat) {
  const p = msg.view.state.players?.[seat];
  return p ? EMPIRE_COLOUR[p.empire] : null;
}



// A small drawn token for a good (wood log, stone, food, gold coin, worker, raze, defence, VP).
function icon(good, size = 22) {
  const c = GOOD_COLOUR[good] || "#999";
  const shapes = {
    W: [s("rect", { x: 3, y: 7, width: 18, height: 10, rx: 5, fill: c, stroke: "#3e2612", "stroke-width": 1.5 }),
      s("circle", { cx: 17, cy: 12, r: 3, fill: "#d9b380", stroke: "#3e2612" })],
    S: [s("polygon", { points: "4,17 6,8 12,4 19,7 21,16 14,20", fill: c, stroke: "#4a4e52", "stroke-width": 1.5 })],
    F: [s("circle", { cx: 12, cy: 13, r: 8, fill: c, stroke: "#6b1a14", "stroke-width": 1.5 }),
      s("path", { d: "M12 5 Q14 1 17 3", stroke: "#3d7f36", "stroke-width": 2, fill: "none" })],
    G: [s("circle", { cx: 12, cy: 12, r: 9, fill: c, stroke: "#8a6a00", "stroke-width": 1.5 }),
      s("circle", { cx: 12, cy: 12, r: 5, fill: "none", stroke: "#8a6a00", "stroke-width": 1 })],
    Wk: [s("circle", { cx: 12, cy: 7, r: 4, fill: c, stroke: "#6b5a3a", "stroke-width": 1.5 }),
      s("path", { d: "M5 21 Q6 12 12 12 Q18 12 19 21 Z", fill: c, stroke: "#6b5a3a", "stroke-width": 1.5 })],
    Raze: [s("circle", { cx: 12, cy: 12, r: 9, fill: c, stroke: "#2a1040", "stroke-width": 1.5 }),
      s("path", { d: "M7 7 L17 17 M17 7 L7 17", stroke: "#fff", "stroke-width": 2.5 })],
    Def: [s("path", { d: "M12 3 L20 6 Q20 16 12 21 Q4 16 4 6 Z", fill: c, stroke: "#1d3a66", "stroke-width": 1.5 })],
    VP: [s("polygon", { points: "12,2 14.6,9 22,9 16,13.5 18.3,21 12,16.5 5.7,21 8,13.5 2,9 9.4,9", fill: c, stroke: "#1b5e34", "stroke-width": 1.2 })],
  };
  return s("svg", { viewBox: "0 0 24 24", width: size, height: size, class: "good-icon", "data-good": good }, shapes[good] || []);
}

const COLOUR_SWATCH = { gray: "#8d9096", gold: "#e2b52a", red: "#c8402f", brown: "#8b5a2b", blue: "#3b6fb6", purple: "#7a4aa8", pink: "#e58fb0", black: "#222", samurai: "#3d3d3d" };

// Goods as the printed cards show them: a count and a drawn token each; a card to draw is a
// card glyph, and what has no token (a deal given up as a cost) a word. ``word(g)`` names a
// good (the game's catalog, imperial.good.<g>): the key itself is never shown.
const CARD_GOODS = new Set(["Card", "CardC", "CardF"]);
const goodName = (ctx) => (g) => ctx.game[`imperial.good.${g}`] ?? "";
export function goodsLine(goods, sign = "", word = () => "") {
  return Object.entries(goods || {}).filter(([, n]) => n).map(([g, n]) =>
    h("span", { class: "fx-good", "data-good": g, title: word(g) || null }, `${sign}${n}`,
      GOODS.includes(g) || g === "VP" ? icon(g, 14) : h("small", {}, CARD_GOODS.has(g) ? "🂠" : ` ${word(g)}`)));
}

// A card's effects as short lines: production, features, action, bonus when built; raze and
// deal rewards; all words from the web catalog, goods as icons (no grammar to get wrong).
function effectLines(face, fx, ctx) {
  const T = (k, p) => ctx.T(`board.imperial.fx.${k}`, p);
  const word = goodName(ctx);
  const colour = (c) => T(`colour.${c}`);
  const yields = (list) => (list || []).map((y) => {
    if (y.goods) return goodsLine(y.goods, "+", word);
    if (y.per) return [goodsLine({ [y.good]: 1 }, "+", word), " ", y.max ? T("per", { colour: colour(y.per), max: y.max }) : T("per_nomax", { colour: colour(y.per) })];
    if (y.choice) return y.choice.map((c, i) => [i ? ` ${T("choice")} ` : "", goodsLine(c, "+", word)]);
    if (y.pick) return T("pick", { n: y.pick });
    if (y.samurai) return T("samurai", { n: y.samurai });
    return null;
  });
  const lines = [];
  const line = (kind, ...body) => lines.push(h("div", { class: `fx fx-${kind}` }, h("b", {}, T(kind), ": "), body));
  if (fx.production?.length) line("production", yields(fx.production).map((y, i) => [i ? "; " : "", y]));
  for (const f of fx.features || []) {
    if (f.passive) line("feature", T(`passive.${f.passive}`, { max: f.max ?? "" }));
    else if (f.on === "build" && f.colour) line("feature", T("on.build", { colour: colour(f.colour) }), " ", goodsLine(f.goods, "+", word));
    else if (f.on === "build") line("feature", T("on.build_any"), " ", goodsLine(f.goods, "+", word));
    else line("feature", T(`on.${f.on}`), " ", goodsLine(f.goods, "+", word));
  }
  if (fx.action) {
    const a = fx.action;
    line("action", goodsLine(a.cost, "", word), " → ", a.op ? T(`op.${a.op}`) : goodsLine(a.goods, "+", word), a.limit > 1 ? ` (${T("limit", { n: a.limit })})` : "");
  }
  if (fx.build_bonus?.length) line("build_bonus", yields(fx.build_bonus).map((y, i) => [i ? "; " : "", y]));
  const tail = [];
  if (face?.deal) tail.push(h("span", { class: "fx-tail" }, T("deal"), " ", goodsLine({ [face.deal]: 1 }, "+", word)));
  if (face?.raze && !fx.unrazeable) tail.push(h("span", { class: "fx-tail" }, T("raze"), " ", goodsLine(face.raze, "+", word)));
  if (fx.unrazeable) tail.push(h("span", { class: "fx-tail muted" }, T("unrazeable")));
  if (tail.length) lines.push(h("div", { class: "fx fx-rewards" }, tail));
  return lines;
}

export function render(el, msg, ctx) {
  const st = msg.view.state;
  // an empire a user's board file names is under a key of its own (st.names: default -> key)
  const G = (key) => ctx.game[st.names?.[key] ?? key] ?? key.split(".").pop();
  // cards are indices into the game's card table, which the view carries (st.cards)
  const table = st.cards || [];
  const idOf = (card) => (table[card] ? table[card].id : null);
  const nameOf = (card) => {
    const face = table[card];
    if (!face) return `#${card}`;
    return face.name?.[ctx.lang] || face.name?.en || ctx.game[`imperial.card.${face.id}`] || face.id;
  };
  const deckOf = (card) => (table[card] ? table[card].deck : null) || DECK_OF_PREFIX[(idOf(card) || "").slice(0, 3)] || "common";
  const colourOf = (card) => EMPIRE_COLOUR[deckOf(card)] || COMMON_COLOUR;
  const me = msg.seat !== null && msg.seat !== undefined ? msg.seat : null;
  const made = [];
  const click = (indices) => (ev) => {
    ev.stopPropagation();
    if (indices.length === 1) ctx.act(indices[0]);
    else placeMenu(el, indices, msg.actions, ctx, ev);
  };

  // ------------------------------------------------------------------ legal actions by card
  const hand = me !== null ? st.players[me]?.hand || [] : [];
  const inHand = (card) => {
    if (hand.includes(card)) return card;
    // the actions name one of identical copies; put it on a copy that is in the hand
    return hand.find((c) => nameOf(c) === nameOf(card) && deckOf(c) === deckOf(card));
  };
  // the board each location lies on (a captured one stays on its owner's; -1: the solo opponent)
  const boardOf = new Map();
  st.players.forEach((p, seat) => ROWS.forEach((row) => (p.locations?.[row] || []).forEach((loc) => boardOf.set(loc.card, seat))));
  for (const c of st.solo?.opponent_locations || []) boardOf.set(c, -1);
  const located = (card) => (boardOf.has(card) ? `${boardOf.get(card)}:${card}` : null);
  // An answer to the question that names a location or a card in the hand: the location
  // discarded as a foundation, an action's target, a samurai's place, the location the solo
  // opponent razes. Identical copies carry the same label but not the same tokens or uses:
  // only the card on the board tells them apart.
  const chosen = (option) => {
    const pend = st.pending;
    if (!pend || me === null || pend.seat !== me) return null;
    if (pend.kind === "build") return option[0] === 0 ? { where: located(option[1]) } : null;
    if (pend.kind === "samurai_bonus" || pend.kind === "solo_attack") return { where: located(option[0]) };
    if (pend.kind !== "op") return null;
    const op = ctx.help?.effects?.[idOf(pend.card)]?.action?.op;
    if (OP_OPPONENT_LOCATION.has(op)) return boardOf.get(option[1]) === option[0] ? { where: located(option[1]) } : null;
    if (OP_OWN_LOCATION.has(op)) return { where: located(option[0]) };
    if (OP_HAND_CARD.has(op) && inHand(option[0]) !== undefined) return { hand: inHand(option[0]) };
    return null;
  };
  const byHand = new Map(), byOpen = new Map(), byLocation = new Map();
  msg.actions.forEach((a, i) => {
    const x = a.action;
    if (x.type === "pick") push(byOpen, x.card, i);
    else if (HAND_TYPES.has(x.type) && inHand(x.card) !== undefined) push(byHand, inHand(x.card), i);
    else if (OWN_LOCATION_TYPES.has(x.type)) push(byLocation, located(x.card) || `${me}:${x.card}`, i);
    else if (x.type === "raze_location") push(byLocation, `${x.target}:${x.card}`, i);
    else if (x.type === "choose") {
      const to = chosen(x.option || []);
      if (to?.where) push(byLocation, to.where, i);
      else if (to?.hand !== undefined) push(byHand, to.hand, i);
    }
  });

  const cardBox = (card, { indices = null, extra = null, small = false, cls = "" } = {}) => {
    const box = h("div", {
      class: `is-card ${cls}` + (small ? " small" : "") + (indices ? " hot" : ""),
      "data-card": card, "data-deck": deckOf(card), "data-index": indices ? indices[0] : null,
      style: `--deck:${colourOf(card)}`,
      title: indices ? indices.map((i) => msg.actions[i].label).join("\n") : `${nameOf(card)} (${idOf(card) ?? card})`,
      onclick: indices ? click(indices) : null,
    },
    h("div", { class: "is-card-band" }, h("small", {}, deckOf(card) === "common" ? G("imperial.deck.common") : G(`imperial.empire.${deckOf(card)}`)),
      table[card]?.type ? h("small", { class: "is-card-type" }, ctx.T(`board.imperial.fx.type.${table[card].type}`)) : null),
    h("div", { class: "is-card-head" },
      h("strong", { class: "is-card-name" }, nameOf(card)),
      table[card]?.cost && !small ? h("span", { class: "is-card-cost", title: ctx.T("board.imperial.fx.cost") }, goodsLine(table[card].cost, "", goodName(ctx))) : null),
    table[card]?.colours?.length ? h("div", { class: "is-card-colours" }, table[card].colours.map((c) => h("span", { class: "colour-dot", style: `background:${COLOUR_SWATCH[c] || "#999"}`, title: ctx.T(`board.imperial.fx.colour.${c}`) }))) : null,
    !small && table[card] ? h("div", { class: "is-card-text" }, effectLines(table[card], ctx.help?.effects?.[idOf(card)] || {}, ctx)) : null,
    extra,
    indices ? h("div", { class: "is-verbs" }, [...new Set(indices.map((i) => msg.actions[i].action.type))]
      .map((t) => h("span", { class: "verb", "data-type": t }, ctx.T(`board.imperial.verb.${t}`)))) : null);
    if (indices) made.push(...indices);
    return box;
  };

  const parts = [];
  // ------------------------------------------------------------------ round, phase, question
  const pend = st.pending;
  const hud = [];
  hud.push(h("div", { class: "catan-info" },
    h("span", { class: "chip phase", "data-phase": st.phase }, G(`imperial.phase.${st.phase}`)),
    h("span", { class: "chip" }, ctx.T("board.imperial.round", { n: st.round })),
    h("span", { class: "chip" }, ctx.T("board.imperial.first", { name: ctx.seatName(st.first) })),
    h("span", { class: "chip" }, ctx.T("board.imperial.common_deck", { n: st.common_deck })),
    st.peaceful ? h("span", { class: "chip" }, ctx.T("board.imperial.peaceful")) : null,
    pend ? h("span", { class: "chip question", "data-kind": pend.kind },
      ctx.T("board.imperial.question", { name: pend.seat >= 0 ? ctx.seatName(pend.seat) : G("imperial.render.virtual"), question: G(`imperial.question.${pend.kind}`) }),
      pend.card !== undefined && pend.card !== null ? ` — ${ctx.T("board.imperial.card_quoted", { name: nameOf(pend.card) })}` : "") : null));

  // ------------------------------------------------------------------ the open lookout cards
  if (st.row?.length) {
    parts.push(h("section", { class: "is-lookout" }, h("h3", {}, ctx.T("board.imperial.lookout")),
      h("div", { class: "is-row" }, st.row.map((c) => cardBox(c, { indices: byOpen.get(c) || null })))));
  }
  const alt = st.alt_lookout;
  if (alt?.offer?.length) {
    parts.push(h("section", { class: "is-lookout" }, h("h3", {}, ctx.T("board.imperial.offer")),
      h("div", { class: "is-row" }, alt.offer.map((c) => cardBox(c, { indices: byOpen.get(c) || null }))),
      // the two cards the viewer passed on, which the next player now chooses between
      alt.passed?.length ? h("div", { class: "is-passed muted" }, ctx.T("board.imperial.passed"), ": ", alt.passed.map(nameOf).join(", ")) : null));
  }
  // picks among cards shown nowhere else (an empire-card pick): cards in the question
  const shown = new Set([...(st.row || []), ...(alt?.offer || [])]);
  const hidden = [...byOpen.keys()].filter((c) => !shown.has(c));
  if (hidden.length) {   // (before the open cards: the choice comes first)
    parts.unshift(h("section", { class: "is-lookout" }, h("h3", {}, ctx.T("board.imperial.choose_card")),
      h("div", { class: "is-row" }, hidden.map((c) => cardBox(c, { indices: byOpen.get(c) })))));
  }

  // ------------------------------------------------------------------ own hand
  if (me !== null && st.players[me]?.hand) {
    parts.push(h("section", { class: "my-hand" }, h("h3", {}, ctx.T("game.hand"), ` (${hand.length})`),
      h("div", { class: "is-row hand-cards" }, hand.map((c) => cardBox(c, { indices: byHand.get(c) || null })))));
  }

  // ------------------------------------------------------------------ the empire boards
  const order = st.players.map((_, i) => i);
  if (me !== null) order.sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
  const boards = h("section", { class: "is-boards" });
  for (const seat of order) boards.append(empireBoard(seat));
  parts.push(boards);
  if (st.solo) parts.push(solo(st.solo));

  // a pick among cards on a phone puts the cards first and the HUD (these goods) screens below
  // (mapFirst): one's goods under the cards to choose, what the choice is weighed against
  // (app.css: only on a phone; a wide screen has the HUD beside). The HUD's own «Ваши ресурсы»
  // is then left out on a phone (.by-pick), not said a second time a screen lower.
  const picking = me !== null && st.players[me] && mapFirst(msg) ? parts.find((p) => p.querySelector(".hot")) : null;
  if (me !== null && st.players[me]) hud.push(h("section", { class: "my-goods" + (picking ? " by-pick" : "") }, h("h3", {}, ctx.T("board.imperial.my_goods")), goodsOf(st.players[me])));
  if (picking) picking.append(h("div", { class: "pick-goods" }, h("span", { class: "muted" }, ctx.T("board.imperial.my_goods"), ":"), goodsOf(st.players[me])));

  function goodsOf(p) {
    return h("div", { class: "is-goods" }, GOODS.map((g) => h("span", { class: "is-good", "data-good": g, title: G(`imperial.good.${g}`) },
      icon(g), h("b", {}, p.goods[g] ?? 0))),
    h("span", { class: "is-good vp", title: G("imperial.good.VP") }, icon("VP"), h("b", {}, p.vp)));
  }

  function empireBoard(seat) {
    const p = st.players[seat];
    const colour = EMPIRE_COLOUR[p.empire] || "#777";
    const goods = goodsOf(p);
    const rows = ROWS.map((row) => h("div", { class: "is-tableau-row", "data-row": row },
      h("span", { class: "is-row-label" }, ctx.T(`board.imperial.row.${row}`)),
      h("div", { class: "is-row" }, (p.locations[row] || []).length
        ? p.locations[row].map((loc) => locationCard(seat, loc))
        : h("span", { class: "muted empty" }, "—"))));
    // others' deals lie face down: only their good is shown (the card is null in the view)
    const dealBox = (c, i) => c === null || c === undefined
      ? h("div", { class: "is-card small deal face-down", title: G(`imperial.good.${(p.deal_goods || [])[i]}`) },
        icon((p.deal_goods || [])[i]))
      : cardBox(c, { small: true, cls: "deal" });
    const deals = [...(p.deals || []).map(dealBox), ...(p.route_deals || []).map((c) => cardBox(c, { small: true, cls: "deal" }))];
    const hotRaze = [...byLocation.keys()].some((k) => k.startsWith(`${seat}:`));
    return h("div", { class: "is-board" + (seat === me ? " mine" : "") + (hotRaze && seat !== me ? " targeted" : ""), "data-seat": seat, style: `--empire:${colour}` },
      h("div", { class: "is-board-head" },
        h("strong", {}, ctx.seatName(seat)), h("span", { class: "empire" }, G(`imperial.empire.${p.empire}`)),
        p.passed ? h("small", { class: "badge" }, G("imperial.render.passed")) : null,
        h("span", { class: "score", "data-score-of": seat }, ctx.T("board.imperial.score", { vp: p.vp, score: p.score }))),
      goods,
      rows,
      h("div", { class: "is-deals", "data-row": "deals" },
        h("span", { class: "is-row-label" }, ctx.T("board.imperial.deals")),
        h("div", { class: "is-row" }, deals.length ? deals : h("span", { class: "muted empty" }, "—"))),
      h("div", { class: "is-counts muted" },
        ctx.T("board.imperial.counts", {
          hand: p.hand_count, common: p.hand_common_count, foundations: p.foundation_count,
          deck: p.empire_deck, discard: p.empire_discard,
        }),
        p.hand_known?.length && seat !== me ? h("div", {}, ctx.T("board.imperial.known"), ": ", p.hand_known.map(nameOf).join(", ")) : null,
        // the card this seat kept of the two the viewer passed it (L730-731; the viewer's alone)
        p.hand_seen?.length && seat !== me ? h("div", { class: "is-seen" }, ctx.T("board.imperial.seen"), ": ", p.hand_seen.map(nameOf).join(", ")) : null,
        p.foundations?.length ? h("div", {}, ctx.T("board.imperial.foundations"), ": ", p.foundations.map(nameOf).join(", ")) : null));
  }

  function locationCard(seat, loc) {
    const indices = byLocation.get(`${seat}:${loc.card}`) || null;
    const flags = [];
    if (loc.used) flags.push(h("span", { class: "flag used", title: ctx.T("board.imperial.used") }, `✓${loc.used > 1 ? loc.used : ""}`));
    if (loc.defence) flags.push(h("span", { class: "flag", title: G("imperial.good.Def") }, icon("Def", 16)));
    if (loc.samurai) flags.push(h("span", { class: "flag samurai", title: ctx.T("board.imperial.samurai") }, ctx.T("board.imperial.samurai")));
    if (loc.kept) flags.push(h("span", { class: "flag" }, ctx.T("board.imperial.kept", { n: loc.kept })));
    const gate = (loc.under_gate?.common || 0) + (loc.under_gate?.empire || 0);
    if (gate) flags.push(h("span", { class: "flag" }, ctx.T("board.imperial.under_gate", { n: gate })));
    if (loc.captured_by >= 0) flags.push(h("span", { class: "flag captured" }, ctx.T("board.imperial.captured", { name: ctx.seatName(loc.captured_by) })));
    const box = cardBox(loc.card, { indices, extra: flags.length ? h("div", { class: "is-flags" }, flags) : null, cls: "location" + (loc.used ? " used" : "") });
    box.setAttribute("data-seat", seat);
    box.setAttribute("data-id", loc.id);
    return box;
  }

  function solo(so) {
    return h("section", { class: "is-solo trade" }, h("h3", {}, G("imperial.render.virtual")),
      h("p", {}, ctx.T("board.imperial.solo", { trophies: so.trophies, deck: so.attack_deck })),
      so.opponent_locations?.length ? h("div", { class: "is-row" }, so.opponent_locations.map((c) => cardBox(c, { small: true, indices: byLocation.get(`-1:${c}`) || null }))) : null,
      so.attack_row?.length ? h("p", {}, ctx.T("board.imperial.attacks"), ": ", so.attack_row.map((g) => G(`imperial.good.${g}`)).join(", ")) : null);
  }

  // …and what follows the choice (the hand, the empire boards) goes in a panel of its own
  // (.board-panel): a phone puts it under the HUD (game.js placeBoardPanel), so the phase chip
  // and one's goods follow the cards to choose in the first screen (under the boards they lay
  // some 2700 px down); a wide screen keeps it under the cards
  const lead = picking ? parts.indexOf(picking) + 1 : parts.length;
  el.replaceChildren(h("div", { class: "imperial" }, parts.slice(0, lead)),
    ...(lead < parts.length ? [h("div", { class: "imperial board-panel" }, parts.slice(lead))] : []));
  if (ctx.hud) ctx.hud.append(...hud); else el.firstChild.prepend(...hud);
  return made;
}
