// Catan board: hexes, harbours, roads, buildings and the robber drawn from view(seat)["state"]
// (schema: settlers/games/catan/README.md). Legal places are clickable; a trade composer builds
// domestic offers and counter-offers. Returns the indices of the actions it made clickable.
import { offerLacking, offerTerms } from "../offer_terms.js";
import { costsCard, fill, h, hitArea, placeMenu, push, s, sameKindGuard } from "../util.js";

// the board is one map a screen high: on a phone it comes before the HUD while the choice is
// a lit place on it (game.js)
export function mapFirst() { return true; }

// What the seats asked decide when it is not the turn's own move (game.js names it in the
// status, web.game.ask.* / web.game.wait.*): a discard after a 7, the answers to an offer
export function awaited(msg) {
  const phase = msg.view.state?.phase;
  return phase === "discard" ? "discard" : phase === "trade_answers" ? "trade_answer" : null;
}

const UNIT = 60;
const TERRAIN = { forest: "#3d7f36", pasture: "#a9d46e", fields: "#f1c93f", hills: "#c8693b", mountains: "#9b9b9b", desert: "#e7d7a5" };
const COLOURS = { red: "#d33b2c", blue: "#2f6fd6", white: "#f6f3ec", orange: "#ef8a1a" };
const RES = ["brick", "lumber", "wool", "grain", "ore"];
const TRADE_ANSWERS = new Set(["answer_trade", "accept_trade", "withdraw_trade"]);
const RES_COLOUR = { brick: "#c8693b", lumber: "#3d7f36", wool: "#a9d46e", grain: "#f1c93f", ore: "#9b9b9b" };
const DEV = ["knight", "victory_point", "road_building", "year_of_plenty", "monopoly"];

export function seatColor(msg, seat) {
  const p = msg.view.state.players?.[seat];
  return p ? COLOURS[p.colour] : null;
}


function hexPoints(x, y) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 180) * (60 * k - 90);
    pts.push(`${((x + Math.cos(a)) * UNIT).toFixed(1)},${((y + Math.sin(a)) * UNIT).toFixed(1)}`);
  }
  return pts.join(" ");
}

function house(x, y, colour, city) {
  const X = x * UNIT, Y = y * UNIT, k = city ? 1.35 : 1;
  const w = 9 * k, top = 15 * k, base = 8 * k;
  const pts = city
    ? [[X - 14, Y + base], [X - 14, Y - 4], [X - 4, Y - 4], [X - 4, Y - top + 2], [X + 5, Y - top - 6], [X + 14, Y - top + 2], [X + 14, Y + base]]
    : [[X - w, Y + base], [X - w, Y - 3], [X, Y - top + 2], [X + w, Y - 3], [X + w, Y + base]];
  return s("polygon", { points: pts.map((p) => p.join(",")).join(" "), fill: colour, stroke: "#222", "stroke-width": 2, class: city ? "city" : "settlement" });
}


function resourceChips(counts, G) {
  return h("div", { class: "hand" }, RES.map((r) => h("span", { class: "chip", "data-resource": r },
    h("span", { class: "swatch", style: `background:${RES_COLOUR[r]}` }), `${G(`catan.res.${r}`)} ×${counts?.[r] ?? 0}`)));
}

function stepper(label, colour, max, onChange) {
  let value = 0;
  const out = h("span", { class: "count" }, "0");
  const set = (v) => { value = Math.max(0, Math.min(max, v)); out.textContent = String(value); onChange(value); };
  return h("span", { class: "stepper chip" }, h("span", { class: "swatch", style: `background:${colour}` }), h("span", { class: "res-name" }, label),
    h("button", { type: "button", class: "minus", onclick: () => set(value - 1) }, "−"), out,
    h("button", { type: "button", class: "plus", onclick: () => set(value + 1) }, "+"));
}

// The best bank rate for giving `r`: a 2:1 harbour of that resource, else a 3:1 harbour, else 4.
function rate(harbours, r) {
  if (harbours?.includes(r)) return 2;
  return harbours?.includes("generic") ? 3 : 4;
}

// The trade builder: what to give and what to get; then either an offer to every player
// (their answers come back to the HUD) or, for one resource at the best rate, the bank.
function composer(kind, me, msg, ctx, G) {
  // give / get vectors in the order brick, lumber, wool, grain, ore (README: resource vectors)
  const mine = me?.resources;
  const give = [0, 0, 0, 0, 0], get = [0, 0, 0, 0, 0];
  const offer = h("button", { type: "button", class: "primary send-offer", disabled: true,
    onclick: () => ctx.send({ type: kind, give: [...give], get: [...get] }) }, ctx.T(kind === "offer_trade" ? "board.send_offer" : "board.send_counter"));
  const maritime = msg.actions.filter((a) => a.action.type === "maritime_trade");
  const bank = h("button", { type: "button", class: "primary send-bank", disabled: true }, ctx.T("board.send_bank"));
  const hint = h("small", { class: "muted bank-hint" });
  // no kind both given and asked for (catan.trade.offer_problem: the server refuses it): a kind
  // on one side cannot be added on the other, and a line says why
  const steppers = { give: [], get: [] };
  const sameNote = h("p", { class: "muted same-kind-note", hidden: true });
  const block = sameKindGuard(RES, give, get, steppers, sameNote, (r) => G(`catan.res.${r}`), ctx.T);
  const check = () => {
    block();
    const offering = give.some((x) => x) && get.some((x) => x);
    offer.disabled = !offering || (kind === "offer_trade" && !mayOffer(msg));
    // the bank: exactly one resource given at its best rate for exactly one taken
    const gi = give.map((x, i) => (x ? i : -1)).filter((i) => i >= 0);
    const ti = get.map((x, i) => (x ? i : -1)).filter((i) => i >= 0);
    let legal = null;
    if (gi.length === 1 && ti.length === 1 && get[ti[0]] === 1 && give[gi[0]] === rate(me?.harbours, RES[gi[0]])) {
      legal = maritime.find((a) => a.action.give === RES[gi[0]] && a.action.get === RES[ti[0]]) || null;
    }
    bank.disabled = !legal;
    bank.onclick = legal ? () => ctx.send(legal.action) : null;
    hint.textContent = gi.length === 1 ? ctx.T("board.bank_rate", { rate: rate(me?.harbours, RES[gi[0]]), res: G(`catan.res.${RES[gi[0]]}`) }) : "";
  };
  // (a phone lays it out as a table: a line per resource, what is given beside what is got)
  const box = h("div", { class: `composer catan-composer ${kind}`, "data-kind": kind },
    h("div", { class: "row" }, h("strong", {}, ctx.T("board.you_give")), RES.map((r, i) => (steppers.give[i] = stepper(G(`catan.res.${r}`), RES_COLOUR[r], mine?.[r] ?? 0, (v) => { give[i] = v; check(); })))),
    h("div", { class: "row" }, h("strong", {}, ctx.T("board.you_get")), RES.map((r, i) => (steppers.get[i] = stepper(G(`catan.res.${r}`), RES_COLOUR[r], 19, (v) => { get[i] = v; check(); })))),
    h("div", { class: "row" }, offer, kind === "offer_trade" && maritime.length ? [bank, hint] : null),
    sameNote);
  if (kind === "counter_offer") return h("section", { class: "trade-builder open" }, h("h3", {}, ctx.T("board.compose_counter")), box);
  return h("details", { class: "trade-builder" }, h("summary", {}, ctx.T("board.trade_builder")), box);
}

// May this seat send a domestic offer now? The rules set no limit (almanac L452 «без каких-либо
// ограничений»): the view's may_offer says so while the menu, which lists offers only for the
// first few of a turn (a bound for bots), has stopped listing them.
function mayOffer(msg) {
  const st = msg.view.state;
  return msg.actions.some((a) => a.action.type === "offer_trade")
    || (msg.seat === st.current && msg.actions.length > 0 && st.may_offer === true);
}

function vector(obj, G) {
  const parts = RES.filter((r) => obj?.[r]).map((r) => `${G(`catan.res.${r}`)} ×${obj[r]}`);
  return parts.join(", ") || "—";
}

// A phone (app.css's narrow layout): the board's targets need a finger's width there.
const PHONE = window.matchMedia("(max-width: 600px)");
// which kind of place a phone lights while both roads and corners could be built (kept from
// one message to the next: a bot's move re-draws the board)
let shownKind = "intersection";

// The phone's chooser above the board: the roads' places or the corners' (settlements,
// cities), each with how many are lit; a tap shows that kind (svg[data-places], app.css).
function placeChooser(svg, at, msg, ctx) {
  const builds = new Set([...at.intersection.values()].flat().map((i) => msg.actions[i].action.type));
  const corners = ["build_settlement", "build_city"].filter((t) => builds.has(t))
    .map((t) => ctx.T(`board.cost.${t.slice(6)}`)).join(" / ") || ctx.T("board.cost.settlement");
  const choice = (kind, what, n) => h("button", {
    type: "button", class: "place-kind", "data-kind": kind, "aria-pressed": String(shownKind === kind),
    onclick: (ev) => {
      shownKind = kind;
      svg.dataset.places = kind;
      for (const b of ev.currentTarget.parentElement.querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.kind === kind));
    },
  }, ctx.T("board.places", { what, n }));
  return h("div", { class: "place-chooser", role: "group", "aria-label": ctx.T("board.places_choose") },
    choice("intersection", corners, at.intersection.size), choice("path", ctx.T("board.cost.road"), at.path.size));
}

export function render(el, msg, ctx) {
  const st = msg.view.state;
  const board = st.board;
  const G = (key, params = {}) => fill(ctx.game[key] ?? key.split(".").pop(), params);
  const colourOf = (seat) => COLOURS[st.players[seat]?.colour] || "#777";

  const at = { intersection: new Map(), path: new Map(), hex: new Map() };
  msg.actions.forEach((a, i) => {
    const x = a.action;
    if (typeof x.intersection === "number") push(at.intersection, x.intersection, i);
    else if (typeof x.path === "number") push(at.path, x.path, i);
    else if (x.type === "move_robber") push(at.hex, x.hex, i);
  });
  const made = [];

  // the drawing's box: the hexes (pointy-top, half-width cos 30°) and the harbour discs out at
  // sea, with a thin rim of water; on a phone every unit of it costs the board's scale
  const SEA = 0.2, HALF = Math.sqrt(3) / 2, PORT = 17 / UNIT;
  const xs = [...board.hexes.flatMap((hx) => [hx.x - HALF, hx.x + HALF]), ...board.harbours.flatMap((hb) => [hb.x - PORT, hb.x + PORT])];
  const ys = [...board.hexes.flatMap((hx) => [hx.y - 1, hx.y + 1]), ...board.harbours.flatMap((hb) => [hb.y - PORT, hb.y + PORT])];
  const minX = (Math.min(...xs) - SEA) * UNIT, minY = (Math.min(...ys) - SEA) * UNIT;
  const w = (Math.max(...xs) - Math.min(...xs) + 2 * SEA) * UNIT, hgt = (Math.max(...ys) - Math.min(...ys) + 2 * SEA) * UNIT;
  const svg = s("svg", { viewBox: `${minX} ${minY} ${w} ${hgt}`, class: "catan-board", role: "img" });
  svg.append(s("rect", { x: minX, y: minY, width: w, height: hgt, fill: "#5f9fd3", rx: 18 }));

  const inter = new Map(board.intersections.map((p) => [p.id, p]));
  // harbours: two piers and a label out at sea
  for (const hb of board.harbours) {
    for (const id of hb.intersections) {
      const p = inter.get(id);
      svg.append(s("line", { x1: hb.x * UNIT, y1: hb.y * UNIT, x2: p.x * UNIT, y2: p.y * UNIT, stroke: "#8b5a2b", "stroke-width": 5 }));
    }
    const fillc = hb.kind === "generic" ? "#fff" : RES_COLOUR[hb.kind];
    svg.append(s("circle", { cx: hb.x * UNIT, cy: hb.y * UNIT, r: 17, fill: fillc, stroke: "#333", "stroke-width": 1.5, class: "harbour", "data-kind": hb.kind },
      s("title", {}, G(`catan.harbour.${hb.kind}`))));
    svg.append(s("text", { x: hb.x * UNIT, y: hb.y * UNIT + 5, "text-anchor": "middle", "font-size": 13, "font-weight": "bold", class: "harbour-ratio" }, `${hb.ratio}:1`));
  }
  // hexes
  for (const hx of board.hexes) {
    const X = hx.x * UNIT, Y = hx.y * UNIT;
    const g = s("g", { class: "hex", "data-hex": hx.id, "data-label": hx.label });
    g.append(s("polygon", { points: hexPoints(hx.x, hx.y), fill: TERRAIN[hx.terrain] || "#ccc", stroke: "#f4e9c8", "stroke-width": 4 },
      s("title", {}, `${hx.label}: ${G(`catan.terrain.${hx.terrain}`)}`)));
    // the hex's letter, which the actions name («Разбойник на A»): 11 px on a phone
    g.append(s("text", { x: X, y: Y - 25, "text-anchor": "middle", "font-size": 18, fill: "#222", opacity: 0.55, class: "hex-label" }, hx.label));
    if (hx.number) {
      const hot = hx.number === 6 || hx.number === 8;
      const ink = hot ? "#c0271b" : "#222";
      // the token: the number, and under it its pips (the chances of the roll) as dots as
      // large as a bullet of 11 px text is on a phone, where app.css also enlarges the token
      // (they were a line of «•» text that a phone drew 5.6 px high)
      const n = hx.pips || 0, PITCH = 6.5;
      g.append(s("g", { class: "token", "data-number": hx.number },
        s("circle", { cx: X, cy: Y, r: 19, fill: "#fbf3dc", stroke: "#555" }),
        s("text", { x: X, y: Y + 2, "text-anchor": "middle", "font-size": 18, "font-weight": "bold", fill: ink, class: "number" }, hx.number),
        s("g", { class: "pips", "data-pips": n }, Array.from({ length: n }, (_, k) => s("circle", { cx: X + (k - (n - 1) / 2) * PITCH, cy: Y + 10, r: 2.5, fill: ink, class: "pip" })))));
    }
    svg.append(g);
  }
  // robber
  const rob = board.hexes.find((hx) => hx.id === st.robber);
  if (rob) {
    svg.append(s("g", { class: "robber", "data-hex": rob.id },
      s("ellipse", { cx: rob.x * UNIT + 26, cy: rob.y * UNIT + 14, rx: 9, ry: 14, fill: "#2b2b2b" }),
      s("circle", { cx: rob.x * UNIT + 26, cy: rob.y * UNIT - 4, r: 7, fill: "#2b2b2b" })));
  }
  // roads
  const paths = new Map(board.paths.map((p) => [p.id, p]));
  for (const rd of st.roads) {
    const p = paths.get(rd.path);
    const [a, b] = p.intersections.map((id) => inter.get(id));
    svg.append(s("line", { x1: a.x * UNIT, y1: a.y * UNIT, x2: b.x * UNIT, y2: b.y * UNIT, stroke: "#222", "stroke-width": 11, "stroke-linecap": "round" }));
    svg.append(s("line", { x1: a.x * UNIT, y1: a.y * UNIT, x2: b.x * UNIT, y2: b.y * UNIT, stroke: colourOf(rd.seat), "stroke-width": 7, "stroke-linecap": "round", class: "road", "data-path": rd.path, "data-seat": rd.seat }));
  }
  // buildings
  for (const b of st.buildings) {
    const p = inter.get(b.intersection);
    const shape = house(p.x, p.y, colourOf(b.seat), b.kind === "city");
    shape.setAttribute("data-intersection", b.intersection);
    shape.setAttribute("data-seat", b.seat);
    svg.append(shape);
  }
  // legal places
  const click = (indices) => (ev) => {
    if (indices.length === 1) ctx.act(indices[0]);
    else placeMenu(el, indices, msg.actions, ctx, ev);
  };
  // On a phone a corner and the middle of a path beside it are 19 px apart: with both lit (a
  // turn's builds), no target could be a finger (32 px) wide without covering its neighbour.
  // There one kind is lit at a time, chosen above the board (the builds' order of strong
  // sites: what, then where); a corner's target is then a disc out to just short of half the
  // way to the next corner (one hex side, UNIT, away), a path's a disc at its middle out to
  // half the way to the next path's (UNIT·√3/2: the discs touch; 32 px at 390 px). With both
  // lit on a wide screen, a path's target is a rhombus out to a third of the way to the hexes
  // beside it and a corner's a smaller disc (the middle of each path stays the path's); the
  // robber's is a hex's face.
  const oneKind = at.path.size > 0 && at.intersection.size > 0 && PHONE.matches;
  if (oneKind) svg.dataset.places = shownKind;
  const bothLit = at.path.size > 0 && at.intersection.size > 0 && !oneKind;
  // the targets go under the marks on a wide screen (a mark brightens under the pointer), over
  // them on a phone: a lit path's mark runs into the corner it shares with the next lit path,
  // and there, 16 px from the next path's middle, it took the next path's taps
  const hits = [];
  for (const [id, indices] of at.hex) {
    const hx = board.hexes.find((x) => x.id === id);
    hits.push(hitArea("polygon", { points: hexPoints(hx.x, hx.y), "data-hex": id }, click(indices), msg.actions[indices[0]].label));
  }
  for (const [id, indices] of at.path) {
    const p = paths.get(id);
    const [a, b] = p.intersections.map((k) => inter.get(k));
    const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2, nx = (a.y - b.y) * 0.3, ny = (b.x - a.x) * 0.3;
    const pts = [[a.x, a.y], [mx + nx, my + ny], [b.x, b.y], [mx - nx, my - ny]].map(([x, y]) => `${(x * UNIT).toFixed(1)},${(y * UNIT).toFixed(1)}`).join(" ");
    hits.push(bothLit ? hitArea("polygon", { points: pts, "data-path": id }, click(indices), msg.actions[indices[0]].label)
      : hitArea("circle", { cx: mx * UNIT, cy: my * UNIT, r: UNIT * Math.sqrt(3) / 4, "data-path": id }, click(indices), msg.actions[indices[0]].label));
  }
  for (const [id, indices] of at.intersection) {
    const p = inter.get(id);
    hits.push(hitArea("circle", { cx: p.x * UNIT, cy: p.y * UNIT, r: UNIT * (bothLit ? 0.33 : 0.48), "data-intersection": id }, click(indices), msg.actions[indices[0]].label));
  }
  if (!PHONE.matches) svg.append(...hits);
  for (const [id, indices] of at.path) {
    const p = paths.get(id);
    const [a, b] = p.intersections.map((k) => inter.get(k));
    svg.append(s("line", { x1: a.x * UNIT, y1: a.y * UNIT, x2: b.x * UNIT, y2: b.y * UNIT, class: "hot hot-edge", "data-path": id, "data-index": indices[0], onclick: click(indices) },
      s("title", {}, msg.actions[indices[0]].label)));
    made.push(...indices);
  }
  for (const [id, indices] of at.intersection) {
    const p = inter.get(id);
    svg.append(s("circle", { cx: p.x * UNIT, cy: p.y * UNIT, r: 11, class: "hot hot-spot", "data-intersection": id, "data-index": indices[0], onclick: click(indices) },
      s("title", {}, msg.actions[indices[0]].label)));
    made.push(...indices);
  }
  for (const [id, indices] of at.hex) {
    const hx = board.hexes.find((x) => x.id === id);
    svg.append(s("circle", { cx: hx.x * UNIT - 24, cy: hx.y * UNIT + 16, r: 13, class: "hot hot-spot", "data-hex": id, "data-index": indices[0], onclick: click(indices) },
      s("title", {}, msg.actions[indices[0]].label)));
    made.push(...indices);
  }
  if (PHONE.matches) svg.append(...hits);

  // ---------------------------------------------------------------- panel under the board
  const me = msg.seat !== null && msg.seat !== undefined ? st.players[msg.seat] : null;
  const info = h("div", { class: "catan-info" },
    h("span", { class: "chip phase", "data-phase": st.phase }, G(`catan.phase.${st.phase}`)),
    h("span", { class: "chip", "data-turn": st.turn }, ctx.turnWords(st.turn)),
    st.dice ? h("span", { class: "chip dice" }, ctx.T("board.dice", { a: st.dice[0], b: st.dice[1], sum: st.dice[0] + st.dice[1] })) : null,
    h("span", { class: "chip" }, ctx.T("board.dev_deck", { n: st.development_deck })),
    h("span", { class: "chip" }, ctx.T("board.bank"), " ", vector(st.bank, G)));

  const hud = [info];
  const parts = [];
  if (me) {
    const devs = DEV.filter((d) => me.development?.[d]).map((d) => h("span", { class: "chip dev" }, `${G(`catan.dev.${d}`)} ×${me.development[d]}`));
    const fresh = DEV.filter((d) => me.new_development?.[d]).map((d) => h("span", { class: "chip dev new" }, `${G(`catan.dev.${d}`)} ×${me.new_development[d]} (${ctx.T("board.new_card")})`));
    // a 7's discard is picked card by card and the hand changes only when everybody is done:
    // how many are still owed and which are picked (the view's own discard, discard_chosen)
    const picked = RES.some((r) => me.discard_chosen?.[r]);
    const discarding = me.discard || picked ? h("p", { class: "discard-status", "data-owed": me.discard || 0 },
      me.discard ? h("strong", {}, G("catan.board.discard_owed", { n: me.discard })) : null,
      me.discard && picked ? " · " : null,
      picked ? h("span", { class: "discard-picked" }, G("catan.board.discard_picked", { cards: vector(me.discard_chosen, G) })) : null) : null;
    hud.push(h("section", { class: "my-hand" }, h("h3", {}, ctx.T("game.hand")), resourceChips(me.resources, G), discarding,
      devs.length || fresh.length ? h("div", { class: "hand" }, devs, fresh) : null,
      me.harbours?.length ? h("p", { class: "muted harbours-line" }, ctx.T("board.harbours"), ": ", me.harbours.map((k) => G(`catan.harbour.${k}`)).join(", ")) : null));
    // the building costs card (almanac «Карта цены строительства»), beside the hand that pays
    // them, in the seat's own turn of trade and building (an answer to an offer, a discard,
    // the founding's free pieces keep the room)
    if (st.current === msg.seat && ["main", "trade", "build"].includes(st.phase)) {
      hud.push(costsCard(ctx.help?.costs, ["road", "settlement", "city", "development_card"].map((k) => [k, ctx.T(`board.cost.${k}`)]),
        me.resources, (r) => G(`catan.res.${r}`), (r) => RES_COLOUR[r], ctx.T));
    }
  }
  // a column's heading: the full word, on a phone its abbreviation (app.css: th[data-short]), the
  // full word in its title — a phone's card is narrower than the five full words
  const heading = (key, attrs = {}) => h("th", { ...attrs, title: ctx.T(`board.${key}`), "data-short": ctx.T(`board.short.${key}`) },
    ctx.T(`board.${key}`));
  parts.push(h("table", { class: "players catan-players" },
    // the points next to the name: on a phone, where the table may scroll inside its card,
    // they are never the column out of sight
    h("thead", {}, h("tr", {}, h("th", {}), h("th", {}), heading("points", { class: "points" }), heading("cards"),
      heading("devs"), heading("knights"), heading("road"))),
    h("tbody", {}, st.players.map((p) => h("tr", { "data-seat": p.seat, class: p.seat === st.current ? "acting" : "" },
      h("td", {}, h("span", { class: "swatch", style: `background:${COLOURS[p.colour]}` })),
      h("td", {}, ctx.seatName(p.seat), p.longest_road ? h("small", { class: "badge" }, ctx.T("board.longest_road")) : null,
        p.largest_army ? h("small", { class: "badge" }, ctx.T("board.largest_army")) : null),
      h("td", { class: "points", "data-score-of": p.seat }, p.points ?? p.public_points),
      h("td", {}, p.resource_count), h("td", {}, p.development_count), h("td", {}, p.knights_played), h("td", {}, p.road_length))))));

  if (st.trade) {
    const tr = st.trade;
    // what the seat asked lacks to accept (its own hand against what the offer asks of it)
    const short = Object.fromEntries(RES.map((r) => [r, Math.max((tr.get?.[r] || 0) - (me?.resources?.[r] || 0), 0)]));
    hud.push(h("section", { class: "trade" }, h("h3", {}, ctx.T("board.trade_from", { name: ctx.seatName(tr.from) })),
      offerTerms(ctx.T, { role: msg.seat === tr.from ? "from" : me ? "to" : "other", give: vector(tr.give, G), get: vector(tr.get, G) }),
      h("ul", {}, Object.entries(tr.answers || {}).map(([seat, ans]) => h("li", { "data-seat": seat },
        `${ctx.seatName(Number(seat))}: ${ctx.T(`board.answer.${ans.answer}`)}`,
        ans.answer === "counter" ? ` (${ctx.T("board.give")}: ${vector(ans.give, G)}; ${ctx.T("board.get")}: ${vector(ans.get, G)})` : ""))),
      // the answers sit with the offer they answer
      h("div", { class: "trade-answers" }, msg.actions.map((a, i) => (TRADE_ANSWERS.has(a.action.type)
        ? (made.push(i), h("button", { type: "button", class: a.action.type === "answer_trade" && !a.action.accept ? "action decline" : "primary action",
          "data-index": i, "data-type": a.action.type, onclick: () => ctx.act(i) }, a.label))
        : null)),
      offerLacking(ctx.T, me && msg.seat !== tr.from && msg.actions.length && RES.some((r) => short[r] > 0) ? vector(short, G) : ""))));
  }
  const types = new Set(msg.actions.map((a) => a.action.type));
  if (types.has("offer_trade") || types.has("maritime_trade") || mayOffer(msg)) {
    hud.push(composer("offer_trade", me, msg, ctx, G));
    // the builder makes these: their many preset buttons stay folded under "All actions"
    msg.actions.forEach((a, i) => { if (a.action.type === "offer_trade" || a.action.type === "maritime_trade") made.push(i); });
  }
  // a counter-offer may have any terms the answerer can pay (almanac: the terms are the
  // players' to negotiate), so the builder opens for every answer owed — also when the menu
  // lists no counter because the answerer lacks the cards asked for
  if (types.has("counter_offer") || (st.trade && types.has("answer_trade"))) {
    hud.push(composer("counter_offer", me, msg, ctx, G));
    msg.actions.forEach((a, i) => { if (a.action.type === "counter_offer") made.push(i); });
  }

  el.replaceChildren(oneKind ? placeChooser(svg, at, msg, ctx) : "", svg, h("div", { class: "board-panel" }, parts));
  (ctx.hud || el.querySelector(".board-panel")).append(...hud.filter(Boolean));
  return made;
}
