// Archipelago board: the explored regions (hexes with resource icons, huts, straits, buildings
// with their controllers, inhabitants active or striking, ships), boards I-IV as tracks with
// their markers, the evolution track with prices, the action wheel with the discs, the crisis
// card, the seat's own screen, secret bid entry, the offer builder and incoming offers, and at
// the end the revealed objectives and the score table. Drawn from view(seat)["state"]
// (schema: settlers/games/archipelago/view.py). Legal places are clickable; returns the indices
// of the actions it made clickable. Every word comes from the game's catalog (archipelago.*).
import { fill, h, placeMenu, push, s } from "../util.js";

const R = 34;  // hex radius
const RES = ["fruit", "wood", "cattle", "fish", "stone", "iron"];
const RES_COLOUR = { fruit: "#e0559a", wood: "#3d7f36", cattle: "#a9d46e", fish: "#3a8fd8", stone: "#9b9b9b", iron: "#5b4a3f" };
const EDGE_COLOUR = { s: "#7fb9e6", f: "#cfe3a3", m: "#b9a58a" };
const SEAT = ["#d33b2c", "#e8c21f", "#2e9e57", "#2f6fd6", "#f6f3ec"];  // Red Yellow Green Blue White
const ZONES = ["taxes", "trade", "explore", "reproduce", "recruit", "migrate", "build", "harvest"];
const DISC_KINDS = { taxes: "taxes", trade: "trade", explore: "explore", reproduce: "reproduce", recruit: "recruit", migrate: "migrate", build: "build", harvest: "harvest" };
const ITEMS = ["f", ...RES, "token"];
const ROW = "display:flex;flex-wrap:wrap;gap:6px";

// An offer being composed on the page is sent as its steps (propose, add_give…, add_want…,
// send_offer): one per state message, each checked by the server like any action.
let pending = [];
// the side of a hex in hand the player clicked ({hex, side}): its placements alone are lit
let chosen = null;

export function seatColor(msg, seat) { return SEAT[seat % SEAT.length]; }
// the seat an offer or a gift goes to: its button carries the seat's swatch and name (game.js
// actionButtons), as the offer builder beside it does
export function actionSeat(action) { return ["propose", "gift"].includes(action.type) && Number.isInteger(action.to) ? action.to : null; }
// …and names it as that list does, «Игрок 2 (Жёлтый)», where the engine's label names the
// colour alone («Предложить сделку: Жёлтый», «Подарок → Жёлтый: рыба»): the catalog's own
// template is split at {to} and the colour after its head becomes the seat's name and colour
// (the button's words, as a list of texts and nodes)
export function actionLabel(a, ctx) {
  const to = actionSeat(a.action);
  const template = ctx.game[`archipelago.action.${a.action.type}`];
  const colour = ctx.game[`archipelago.player.${to}`];
  const who = ctx.game["archipelago.board.seat_colour"];
  if (to === null || !template?.includes("{to}") || !colour || !who) return a.label;
  const head = fill(template.split("{to}")[0]);
  if (!a.label.startsWith(head + colour)) return a.label;
  // (the words after the name — « (Жёлтый)» — in a span of their own, not drawn: the swatch
  // before them shows the colour, a screen reader still says them, and the button keeps to one
  // line — «Предложить сделку: Игрок 2 (Жёлтый)» took two on a phone; app.css)
  const name = ctx.seatName(to), whole = fill(who, { name, colour });
  const seat = whole.startsWith(name) && whole.length > name.length
    ? [name, h("span", { class: "seat-colour" }, whole.slice(name.length))] : [whole];
  return [head, ...seat, a.label.slice(head.length + colour.length)];
}

// The end of a round closes the seat's round (L467-475): one prominent button (game.js), not
// the last of some thirty side actions (tokens, offers, gifts) in the HUD's list
// (and an offer composed step by step is sent or cancelled by two such buttons: the last two
// of a dozen «Даю: …» / «Прошу: …», they were under the fold of the HUD's list at 1280×800)
export const FINISH_TYPES = ["end_round", "send_offer", "cancel_offer"];

// What the seats asked decide when it is not the actor's own move (game.js names it in the
// status, web.game.ask.* / web.game.wait.*): the secret bids, the objective cards kept
export function awaited(msg) {
  const st = msg.view.state || {}, step = st.step;
  if (step === "bid") return "bid";
  if (step === "answer") return "trade_answer";   // an offer made to this seat (L229)
  if (step === "keep_objective") return "objective";
  // the victim of the Thief or the Pirate answers in the card user's round (L1128, L1372)
  if (step === "thief_hands") return "thief_hands";
  if (step === "pirate_pay") return "pirate_pay";
  // a crisis (L364-385): a cube for it or a pass; once a cube is paid, the inhabitants it
  // raises (L368: «обязан поднять»), or those a church raises (L687)
  if (step === "domestic") return (st.ctx?.raise_left > 0 || st.ctx?.church >= 0) ? "raise" : "crisis_domestic";
  if (step === "export") return "crisis_export";
  return null;
}

// The seat decides on the map (a region to lay, an inhabitant to raise, a unit to move or
// send to harvest): on a phone the board comes before the HUD (game.js, .board-decides)
const ON_MAP = new Set(["place_region", "raise", "move_unit", "harvest_with"]);
export function mapFirst(msg) {
  return msg.actions.some((a) => ON_MAP.has(a.action.type) || typeof a.action.region === "number");
}

// phones: the wheel is the round's decision and goes into the HUD, under the status
const PHONE = "(max-width: 1000px)";   // (app.css: one column, the HUD first)

// …and while it is there, the round's side actions (explorer tokens, offers, gifts: some
// thirty late in a game) are folded under «Закончить раунд» (game.js): listed between the
// wheel and that button they pushed it a screen down. The fold names what it holds.
export function foldRest(msg, n, game = {}) {
  const st = msg.view.state || {};
  const discs = msg.actions.some((a) => a.action.type in DISC_KINDS);
  if (!(st.step === "round" && discs && window.matchMedia(PHONE).matches)) return null;
  const words = game["archipelago.board.side_actions"];
  return words ? fill(words, { n }) : null;
}

function centre(q, r) { return [R * Math.sqrt(3) * (q + r / 2), R * 1.5 * r]; }

function hexPoints(cx, cy, rad = R) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 180) * (60 * k - 30);
    pts.push(`${(cx + rad * Math.cos(a)).toFixed(1)},${(cy + rad * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

// A region's face as printed (view.face_drawing): the ground, land or open water; the terrain
// of each world side — sea, fields, mountains — as a coloured border (side d clockwise from
// east, already turned); a strait (L721-725) between the two vertices that part its shores
// (shore 1 along the sides rot, rot+1, rot+2, shore 2 along the other three) with each icon on
// its shore's half; the resource icons (ringed black once plundered); the huts. The board, the
// hexes in hand and the placement menu's previews all draw a face with it.
// (``hand``: a face drawn alone and small — a hex in hand — with its icons and its huts' count
// larger, the count in the middle: at 90 px its huts read at 15 px, not 8)
function drawFace(g, cx, cy, words, rad = R, side = 4, hand = false) {
  const k = rad / R, out = [];
  const land = g.edges.some((e) => e !== "s") || g.huts > 0;
  out.push(s("polygon", { points: hexPoints(cx, cy, rad), fill: land ? "#efe4c2" : "#9fcbee", stroke: "#36566e", "stroke-width": 1.5 * k, class: "ground" }));
  g.edges.forEach((e, d) => {
    const a1 = (Math.PI / 180) * (60 * d - 30), a2 = (Math.PI / 180) * (60 * d + 30), r = rad * 0.93;
    out.push(s("line", { x1: cx + r * Math.cos(a1), y1: cy + r * Math.sin(a1), x2: cx + r * Math.cos(a2), y2: cy + r * Math.sin(a2),
      stroke: EDGE_COLOUR[e] || "#999", "stroke-width": side * k, class: "side", "data-side": d, "data-terrain": e }));
  });
  const shoreAngle = (sh) => (Math.PI / 3) * ((g.rot || 0) + 1 + 3 * sh);
  if (g.strait) {
    const a1 = (Math.PI / 180) * (60 * (g.rot || 0) - 30), a2 = a1 + Math.PI;
    out.push(s("line", { x1: cx + rad * Math.cos(a1), y1: cy + rad * Math.sin(a1), x2: cx + rad * Math.cos(a2), y2: cy + rad * Math.sin(a2), stroke: "#3a8fd8", "stroke-width": 5 * k, class: "strait" }, s("title", {}, words.strait)));
  }
  const onShore = [0, 0];
  g.icons.forEach((icon, i) => {
    let a = (2 * Math.PI * i) / Math.max(1, g.icons.length) - Math.PI / 2;
    if (g.strait) {
      const sh = g.icon_shores?.[i] || 0, n = g.icon_shores ? g.icon_shores.filter((x) => x === sh).length : 1;
      a = shoreAngle(sh) + (onShore[sh]++ - (n - 1) / 2) * 0.75;
    }
    const plundered = (g.plundered || []).includes(i);
    out.push(s("circle", { cx: cx + 17 * k * Math.cos(a), cy: cy + 17 * k * Math.sin(a), r: (hand ? 7.5 : 6.5) * k, fill: RES_COLOUR[icon], stroke: plundered ? "#000" : "#fff", "stroke-width": (plundered ? 2 : 1) * k, class: "icon", "data-resource": icon },
      s("title", {}, words.res(icon))));
  });
  if (g.huts) out.push(s("text", { x: cx, y: cy + (hand ? 4.5 : -3.5) * k, "text-anchor": "middle", "font-size": (hand ? 13 : 10) * k, "font-weight": hand ? "bold" : null, fill: "#6b4a2b", class: "huts" }, `⌂${g.huts}`, s("title", {}, words.huts(g.huts))));
  return out;
}

// A face alone, turned ``rot`` sixths clockwise (view.face_drawing's edges are unturned for a
// hex in hand: side d shows edges[d - rot], as board.edge turns it), in an svg of its own.
function turned(face, rot) {
  return { ...face, rot, edges: [0, 1, 2, 3, 4, 5].map((d) => face.edges[(((d - rot) % 6) + 6) % 6]) };
}

// (drawn small, its sides a little wider than on the board, so that the coasts read)
function faceSvg(face, words, attrs = {}) {
  const pad = 3;
  return s("svg", { viewBox: `${-R - pad} ${-R - pad} ${2 * R + 2 * pad} ${2 * R + 2 * pad}`, role: "img", "aria-label": words.name(face), "data-face": face.face, "data-rot": face.rot || 0, ...attrs },
    s("title", {}, words.name(face)), ...drawFace(face, 0, 0, words, R, 7, attrs.class === "hand-face"));
}

function sameAction(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

export function render(el, msg, ctx) {
  const st = msg.view.state;
  const me = msg.seat;
  const G = (key, params = {}) => fill(ctx.game[key] ?? key.split(".").pop(), params);
  const B = (key, params = {}) => G(`archipelago.board.${key}`, params);
  const res = (r) => G(`archipelago.res.${r}`);
  // what a card does (the catalog's text by its id), a second line under its name; a card of
  // a user's content file the catalog does not know has none (never its raw key)
  // a card's name: the catalog's, else the name a user's content file gives it (view tables)
  const cardName = (id) => ctx.game[`archipelago.card.${id}`] ?? st.tables?.card_names?.[id]?.[ctx.lang] ?? st.tables?.card_names?.[id]?.en ?? id;
  // what an objective card gives (L920, L950, L1210): its criterion ranked, or the Pacifist's /
  // the Separatist's own rule — a second line under the card
  const objectiveText = (o) => h("small", { class: "card-text" }, o.criterion === "pacifist" || o.criterion === "separatist"
    ? G(`archipelago.objective_text.${o.criterion}`, { margin: o.margin ?? 10 })
    : G("archipelago.objective_text.ranked", { points: (st.tables?.objective_points || [3, 2, 1]).join("/") }));
  const cardText = (id) => { const text = ctx.game[`archipelago.card_text.${id}`]; return text ? h("small", { class: "card-text" }, text) : null; };
  // who may use a card and for what (view.card_terms, L800-866): its owner alone or anyone
  // for the owner's fee (L822), its activation price; without activation (King, Queen); a
  // wonder is built, not activated
  const priceText = (cost) => [cost.f ? `${cost.f}f` : null, ...RES.filter((r) => cost[r]).map((r) => resCount(r, cost[r], true)),
    cost.discs ? G("archipelago.word.discs_n", { n: cost.discs }) : null].filter(Boolean).join(", ") || G("archipelago.word.free");
  const useText = (t) => (t && t.use ? h("small", { class: "card-use", "data-use": t.use },
    B(`use.${t.use}`, { cost: t.cost ? priceText(t.cost) : "" })) : null);
  // "5 рыб": the catalog's counted word forms (<key>.count / .count_acc plural patterns).
  const resCount = (r, n, acc = false) => G(`archipelago.res.${r}.${acc ? "count_acc" : "count"}`, { count: n });
  // an offer's item: a resource, a florin / token, a harvest permission in a region
  // ("permit:<region>", L459, L709) or an evolution card ("card:<id>", L229)
  const item = (it) => (RES.includes(it) ? res(it) : it.startsWith("card:") ? cardName(it.slice(5))
    : it.startsWith("permit:") ? B("item.permit_in", { region: it.slice(7) }) : B(`item.${it}`));
  // an offer's items, the same ones counted: «4 флорина», «2 рыбы» (not «1 флорин, 1 флорин, …»)
  const COUNTED = { f: "archipelago.item.florin.count", token: "archipelago.item.token.count" };
  const items = (arr) => {
    const n = new Map();
    for (const it of arr) n.set(it, (n.get(it) || 0) + 1);
    return [...n].map(([it, k]) => (k === 1 ? item(it) : RES.includes(it) ? resCount(it, k)
      : COUNTED[it] ? G(COUNTED[it], { count: k }) : `${item(it)} ×${k}`)).join(", ");
  };
  // an objective's end condition with its number for this table (L175: kept in mind)
  const endText = (o) => {
    const end = G(`archipelago.end.${o.end.kind}`);
    if (o.need === undefined || o.end.kind === "bank_money_empty") return end;
    if (o.need < 0) return B("end_unused", { end });
    // a count said in words where the catalog has them: «кончились 2 стопки жетонов…» (L1237)
    if (ctx.game[`archipelago.end.${o.end.kind}.n`]) return G(`archipelago.end.${o.end.kind}.n`, { n: o.need });
    return B(o.end.kind === "surplus_above" ? "end_above" : "end_need", { end, n: o.need });
  };
  const trendName = (t) => { const c = st.tables.trends?.[t]; return c ? `${c.name?.[ctx.lang] || c.name?.en || t} (${G(`archipelago.criterion.${c.criterion}`)})` : t; };
  const words = { res, strait: B("strait"), huts: (n) => B("huts", { n }), name: (f) => f.name?.[ctx.lang] || f.name?.en || f.face };
  // both sides of each hex the seat holds or has taken (view.hand_hexes), by number
  const sidesOf = new Map((st.hand_hexes || []).map((x) => [x.hex, x.sides]));
  // a placement's menu item shows the face turned as it would lie: its coasts in view
  const preview = (i) => {
    const x = msg.actions[i].action, sides = x.type === "place_region" ? sidesOf.get(x.hex) : null;
    return sides ? faceSvg(turned(sides[x.side], x.rot), words, { class: "rot-preview", "aria-hidden": "true" }) : null;
  };
  const made = [];
  // (``host``: where the menu of several choices opens — the board, or the HUD holding the wheel)
  const click = (indices, host = el) => (ev) => {
    ev.stopPropagation();
    if (indices.length === 1) { ctx.act(indices[0]); return; }
    placeMenu(host, indices, msg.actions, ctx, ev, preview);
    // pointing at a placement lays its face on the map, turned, beside its neighbours' coasts
    for (const b of el.querySelectorAll(".place-menu button.action")) {
      const x = msg.actions[Number(b.dataset.index)].action, sides = x.type === "place_region" ? sidesOf.get(x.hex) : null;
      if (!sides) continue;
      const show = () => {
        map.querySelector(".ghost")?.remove();
        const [cx, cy] = centre(x.q, x.r);
        map.append(s("g", { class: "ghost", "data-cell": `${x.q},${x.r}`, "data-rot": x.rot }, ...drawFace(turned(sides[x.side], x.rot), cx, cy, words)));
      };
      const hide = () => map.querySelector(".ghost")?.remove();
      b.addEventListener("mouseenter", show); b.addEventListener("focus", show);
      b.addEventListener("mouseleave", hide); b.addEventListener("blur", hide);
    }
  };

  // the next step of an offer composed on the page
  if (pending.length && msg.actions.length) {
    const next = pending[0];
    const i = msg.actions.findIndex((a) => sameAction(a.action, next));
    if (i >= 0) { pending.shift(); setTimeout(() => ctx.send(next), 0); }
    else pending = [];
  }

  // a hex side chosen in hand narrows the lit cells to its placements; forgotten once it has
  // none (laid, or the step is over)
  const places = msg.actions.map((a, i) => [a.action, i]).filter(([x]) => x.type === "place_region");
  if (chosen && !places.some(([x]) => x.hex === chosen.hex && x.side === chosen.side)) chosen = null;

  // legal actions by what they point at
  const byCell = new Map(), byRegion = new Map(), byUnit = new Map(), byZone = new Map(), bySlot = new Map(), byTrade = new Map(), byCard = new Map();
  let answers = [];
  msg.actions.forEach((a, i) => {
    const x = a.action;
    if (x.type === "place_region") {
      made.push(i);   // on the board whichever side is chosen (the others' cells come back)
      if (!chosen || (x.hex === chosen.hex && x.side === chosen.side)) push(byCell, `${x.q},${x.r}`, i);
    } else if (x.type === "raise" || x.type === "harvest_with") push(byUnit, x.unit, i);
    else if (typeof x.region === "number") push(byRegion, x.region, i);
    else if (x.type === "buy_card") push(bySlot, x.slot, i);
    else if (x.type === "answer") answers.push(i);
    if (x.type in DISC_KINDS && st.step === "round") push(byZone, DISC_KINDS[x.type], i);
    if (x.type === "trade") push(byTrade, `${x.market}:${x.resource}`, i);
    // a migration's move is also on its unit: click a unit for where it may go (L583-597)
    if (x.type === "move_unit") push(byUnit, x.unit, i);
    // a card's uses, one per choice its argument offers (L800-864), and a wonder's builders
    if (x.type === "use_card" || x.type === "build_wonder") push(byCard, x.card, i);
  });

  // ------------------------------------------------------------------ header
  const header = h("div", { class: "catan-info arch-header" },
    h("span", { class: "chip phase", "data-phase": st.phase }, `${st.turn > 0 ? B("turn", { n: st.turn }) : ctx.turnWords(0)} · ${G(`archipelago.phase.${st.phase}`)}`),
    // (at the end there is no step: the phase chip says the game is over)
    st.phase === "over" ? null : h("span", { class: "chip", "data-step": st.step }, G(`archipelago.step.${st.step || "none"}`)),
    h("span", { class: "chip" }, B("order", { order: st.order.map((x) => ctx.seatName(x)).join(" → ") })),
    st.trends.length ? h("span", { class: "chip" }, B("trend", { crit: st.trends.map(trendName).join(", ") })) : null);

  // ------------------------------------------------------------------ the archipelago
  // the explored regions and the cells a region may be laid on now fill the drawing, at
  // least three and a half hexes wide and three rows high (the sea around a young archipelago)
  const cells = [...st.regions.map((g) => [g.q, g.r]), ...[...byCell.keys()].map((k) => k.split(",").map(Number))];
  if (!cells.length) cells.push([0, 0]);
  const xs = cells.map(([q, r]) => centre(q, r)[0]), ys = cells.map(([q, r]) => centre(q, r)[1]);
  let minX = Math.min(...xs) - R - 6, minY = Math.min(...ys) - R - 6;
  let W = Math.max(...xs) - minX + R + 6, H = Math.max(...ys) - minY + R + 6;
  const minW = 3.5 * R * Math.sqrt(3), minH = 3 * 1.5 * R + R;
  if (W < minW) { minX -= (minW - W) / 2; W = minW; }
  if (H < minH) { minY -= (minH - H) / 2; H = minH; }
  const map = s("svg", { viewBox: `${minX} ${minY} ${W} ${H}`, class: "arch-map", role: "img", "aria-label": B("map") });
  for (const g of st.regions) {
    const [cx, cy] = centre(g.q, g.r);
    const idx = byRegion.get(g.index);
    const grp = s("g", { class: "region" + (idx ? " hot" : ""), "data-region": g.index, "data-face": g.face, onclick: idx ? click(idx) : null });
    grp.append(...drawFace(g, cx, cy, words));
    // a lit region (a place to build, reproduce, recruit, a church to raise with…) is marked:
    // the class alone drew nothing, and «Выберите подсвеченное место» pointed at a plain map
    if (idx || (st.step === "missionary" && st.ctx?.region === g.index)) grp.append(s("polygon", { points: hexPoints(cx, cy, R * 0.88), class: "hot-region-mark" }));
    // the region's number, as the menus name regions ("region 3")
    grp.append(s("text", { x: cx - 23, y: cy - 4, "text-anchor": "middle", "font-size": 10, fill: "#36566e", class: "region-index" }, String(g.index)));
    // a strait region's building lies on its builder's shore (L621, L723; rules .6): drawn on
    // that shore's half, side by side along the strait, its title naming the shore
    const bShores = g.strait ? g.building_shores || {} : {};
    const perShore = [0, 0], onShoreB = [0, 0];
    Object.values(bShores).forEach((sh) => { perShore[sh]++; });
    Object.entries(g.buildings).forEach(([kind, owner], k) => {
      const sh = bShores[kind];
      let x = cx - 20 + k * 12.5, y = cy + 1, side = 12;
      if (sh === 0 || sh === 1) {
        const a = (Math.PI / 3) * ((g.rot || 0) + 1 + 3 * sh), b = (Math.PI / 180) * (60 * (g.rot || 0) - 30);
        const j = onShoreB[sh]++ - (perShore[sh] - 1) / 2;
        side = 10;
        x = cx + 5.5 * Math.cos(a) + 11.5 * j * Math.cos(b) - side / 2;
        y = cy + 5.5 * Math.sin(a) + 11.5 * j * Math.sin(b) - side / 2;
      }
      const where = sh === 0 || sh === 1 ? `, ${B("shore", { n: sh + 1 })}` : "";
      grp.append(s("rect", { x, y, width: side, height: side, fill: owner >= 0 ? SEAT[owner] : "#bbb", stroke: "#222", class: "building", "data-building": kind, "data-owner": owner, "data-shore": sh ?? null },
        s("title", {}, `${G(`archipelago.building.${kind}`)}${owner >= 0 ? ` — ${ctx.seatName(owner)}` : ""}${where}`)));
      grp.append(s("text", { x: x + side / 2, y: y + side - 1.5, "text-anchor": "middle", "font-size": side === 12 ? 8.5 : 7.5, fill: "#000", class: "building-letter" }, G(`archipelago.building.${kind}`).slice(0, 1).toUpperCase()));
    });
    grp.append(s("title", {}, `${g.name?.[ctx.lang] || g.name?.en || g.face} (${g.index})`));
    // a church raising for free in a domestic crisis (L687) stays a button of the HUD too, by
    // the crisis it answers: on the map alone it was folded under «Все действия»
    if (idx) made.push(...idx.filter((i) => msg.actions[i].action.type !== "use_church"));
    map.append(grp);
  }
  // units: inhabitants (filled when active, hollow when striking) and ships
  const perRegion = new Map();
  for (const u of st.units) {
    if (u.region < 0) continue;
    const g = st.regions[u.region];
    const k = perRegion.get(u.region) || 0;
    perRegion.set(u.region, k + 1);
    const [cx, cy] = centre(g.q, g.r);
    let x = cx - 20 + (k % 5) * 10, y = cy + 20 + Math.floor(k / 5) * 9 - (u.ship ? 0 : 2);
    if (g.strait && !u.ship) {   // an inhabitant on its shore's half of a strait region
      const a = (Math.PI / 3) * ((g.rot || 0) + 1 + 3 * (u.shore || 0));
      x = cx + 24 * Math.cos(a) + ((k % 3) - 1) * 8; y = cy + 24 * Math.sin(a) + Math.floor(k / 3) * 8 - 4;
    }
    const idx = byUnit.get(u.id);
    const title = `${ctx.seatName(u.owner)}: ${u.ship ? B("ship") : B(u.standing ? "active" : "striking")}${u.building ? ` (${G(`archipelago.building.${u.building}`)})` : ""}${g.strait && !u.ship ? `, ${B("shore", { n: (u.shore || 0) + 1 })}` : ""}`;
    const shape = u.ship
      ? s("path", { d: `M${x - 5},${y - 2} L${x + 5},${y - 2} L${x + 3},${y + 3} L${x - 3},${y + 3} Z`, fill: SEAT[u.owner], stroke: "#222", class: "ship" + (idx ? " hot" : ""), "data-unit": u.id })
      : s("circle", { cx: x, cy: y, r: 4, fill: u.standing ? SEAT[u.owner] : "#fff", stroke: SEAT[u.owner] === "#f6f3ec" ? "#555" : SEAT[u.owner], "stroke-width": u.standing ? 1 : 2.5,
        class: "inhabitant " + (u.standing ? "active" : "striking") + (idx ? " hot" : ""), "data-unit": u.id });
    shape.append(s("title", {}, idx ? msg.actions[idx[0]].label : title));
    if (idx) { shape.addEventListener("click", click(idx)); made.push(...idx); }
    map.append(shape);
    // a lit unit keeps its owner's colour (whose inhabitant is raised or moved is the choice,
    // L368) and is ringed in the colour of a lit place; the ring is its target
    if (idx) map.append(s("circle", { cx: x, cy: y + (u.ship ? 0.5 : 0), r: 6.5, class: "hit unit-ring", fill: "none", "data-unit": u.id, onclick: click(idx) },
      s("title", {}, msg.actions[idx[0]].label)));
  }
  for (const [key, idx] of byCell) {
    const [q, r] = key.split(",").map(Number);
    const [cx, cy] = centre(q, r);
    map.append(s("polygon", { points: hexPoints(cx, cy, R * 0.9), class: "hot hot-hex", "data-cell": key, onclick: click(idx) },
      s("title", {}, G("archipelago.board.place_here", { n: idx.length }))));
  }

  // ------------------------------------------------------------------ the hexes to choose from
  // L117-123: the three hexes in hand in turn 0 (six regions to choose from); L501: in an
  // exploration the open hex of the stack, one side up, then both sides of the hex taken (or
  // the Pioneer's three, L1390). Each side as the board draws it; a side that fits somewhere
  // now is lit, and clicking it lights only its cells (again: all of them).
  // the caption under a hex in hand says its huts too
  const hutCount = (face) => (face.huts ? h("span", { class: "hut-count", "data-huts": face.huts, title: words.huts(face.huts) }, ` ⌂${face.huts}`) : null);
  const hexesCard = handCard();
  function handCard() {
    const mineHexes = st.hand_hexes || [];
    const openTop = st.step === "explore_draw" && st.stack_top;
    if (!mineHexes.length && !openTop) return null;
    const fitting = new Set(places.map(([x]) => `${x.hex}:${x.side}`));
    const picks = st.step === "explore_pick" ? new Map(msg.actions.map((a, i) => [a.action, i]).filter(([x]) => x.type === "pick").map(([x, i]) => [Number(x.value), i])) : new Map();
    const choose = (hex, side) => (ev) => {
      ev.stopPropagation();
      chosen = chosen && chosen.hex === hex && chosen.side === side ? null : { hex, side };
      render(el, msg, ctx);
    };
    const blocks = mineHexes.map((x) => {
      const pick = picks.get(x.hex);
      if (pick !== undefined) made.push(pick);
      return h("div", { class: "hand-hex" + (pick !== undefined ? " hot" : ""), "data-hex": x.hex, onclick: pick !== undefined ? () => ctx.act(pick) : null,
        title: pick !== undefined ? msg.actions[pick].label : null },
      x.sides.map((face, side) => {
        const fits = fitting.has(`${x.hex}:${side}`), on = chosen && chosen.hex === x.hex && chosen.side === side;
        return h("figure", { class: "hand-side" + (fits ? " hot" : places.length ? " no-fit" : "") + (on ? " chosen" : ""), "data-hex": x.hex, "data-side": side, "data-face": face.face,
          onclick: fits ? choose(x.hex, side) : null, title: fits ? B(on ? "hand_all_cells" : "hand_choose", { face: words.name(face) }) : places.length ? B("hand_no_fit", { face: words.name(face) }) : words.name(face) },
        faceSvg(face, words, { class: "hand-face" }), h("figcaption", {}, words.name(face), hutCount(face)));
      }));
    });
    const top = openTop ? h("div", { class: "hand-hex open-top", "data-hex": st.stack_top.hex },
      h("figure", { class: "hand-side", "data-face": st.stack_top.face, title: B("open_hex_hint") }, faceSvg(st.stack_top, words, { class: "hand-face" }), h("figcaption", {}, words.name(st.stack_top), hutCount(st.stack_top))),
      h("figure", { class: "hand-side back", title: B("open_hex_back") }, s("svg", { viewBox: `${-R - 3} ${-R - 3} ${2 * R + 6} ${2 * R + 6}`, class: "hand-face", role: "img", "aria-label": B("open_hex_back") },
        s("polygon", { points: hexPoints(0, 0), fill: "#d9cfb8", stroke: "#36566e", "stroke-width": 1.5 }), s("text", { x: 0, y: 6, "text-anchor": "middle", "font-size": 18, fill: "#7a6646" }, "?")), h("figcaption", {}, B("open_hex_back_short")))) : null;
    const title = openTop ? B("open_hex", { n: st.stack_size }) : st.step === "explore_pick" ? B("drawn_hexes") : st.phase === "start" ? B("hand") : B("taken_hex");
    const hint = chosen ? B("hand_chosen", { face: words.name(sidesOf.get(chosen.hex)[chosen.side]) }) : places.length ? B("hand_hint") : null;
    return h("section", { class: "arch-hand card", "data-chosen": chosen ? `${chosen.hex}:${chosen.side}` : "" },
      h("h4", {}, title, hint ? h("small", { class: "muted hand-hint" }, ` ${hint}`) : null,
        chosen ? h("button", { type: "button", class: "hand-all", onclick: (ev) => { ev.stopPropagation(); chosen = null; render(el, msg, ctx); } }, B("hand_show_all")) : null),
      h("div", { class: "hand-row" }, blocks, top));
  }

  // ------------------------------------------------------------------ boards I-IV
  const tb = st.tables;
  const marketBoard = (which, m) => {
    const zones = RES.map((r) => {
      const rows = tb[which][r];
      const slots = rows.reduce((n, row) => n + row.slots, 0);
      const have = st.markets[which][r];
      const idx = byTrade.get(`${m}:${r}`);
      const boxes = [];
      for (let k = 0; k < slots; k++) {
        const row = rows.find((w) => k >= w.first && k < w.first + w.slots);
        boxes.push(h("span", { class: "slot" + (k < have ? " full" : ""), title: `${row.price}f${row.surplus ? ` · ${B("surplus")} +${row.surplus}` : ""}${row.rebellion ? ` · ${B("rebellion")} +${row.rebellion}` : ""}`,
          style: `display:inline-block;width:14px;height:14px;margin:1px;border:1px solid #555;border-radius:3px;background:${k < have ? RES_COLOUR[r] : "#fff"}` }));
      }
      if (idx) made.push(...idx);
      return h("div", { class: "zone" + (idx ? " hot" : ""), "data-market": which, "data-resource": r, onclick: idx ? click(idx) : null, style: "margin:2px 0" },
        h("span", { style: "display:inline-block;min-width:6.4em" }, res(r)), boxes, h("small", {}, ` ${rows.map((w) => `${w.price}f`).join("/")}`));
    });
    return h("div", { class: "market-board card", "data-board": which }, h("h4", {}, G(`archipelago.render.${which}`)), zones);
  };
  const track = (label, key, rows, value, max, fmt) => {
    const marks = [];
    for (const row of rows) {
      const from = row.from, to = Math.min(row.to, max);
      marks.push(h("span", { class: "band" + (value >= from && value <= row.to ? " current" : ""), title: fmt(row),
        style: `display:inline-block;min-width:${Math.max(14, (to - from + 1) * 5)}px;white-space:nowrap;border:1px solid #777;padding:0 2px;font-size:11px;background:${value >= from && value <= row.to ? "#ffe08a" : "#fff"}` }, `${from}-${row.to}`));
    }
    return h("div", { class: "marker-track", "data-marker": key }, h("strong", {}, `${label}: ${value}`), " ", marks);
  };
  const mk = st.markers;
  const markers = h("section", { class: "arch-boards" },
    h("div", { class: "markers card" },
      h("h4", {}, B("markers")),
      h("div", { class: "marker-track", "data-marker": "population" }, h("strong", {}, `${B("population")}: ${mk.population}`), " · ",
        h("strong", { "data-marker": "rebellion" }, `${B("rebellion")}: ${mk.rebellion}`), " ",
        h("meter", { min: 0, max: tb.rebellion_max, low: Math.max(0, mk.population - 4), high: mk.population, value: mk.rebellion, title: B("independence_at", { n: mk.population + 1 }) })),
      track(`III ${B("stability")}`, "stability", tb.stability, mk.population, 60, (w) => `${B("surplus")} ${w.surplus >= 0 ? "+" : ""}${w.surplus}, ${B("rebellion")} ${w.rebellion >= 0 ? "+" : ""}${w.rebellion}`),
      track(`IV ${B("labour")}`, "surplus", tb.labour, mk.surplus, 30, (w) => `${w.price === null ? "—" : `${w.price}f`}, ${B("rebellion")} ${w.rebellion >= 0 ? "+" : ""}${w.rebellion}`),
      h("div", { "data-recruit": mk.recruit_price ?? "" }, mk.recruit_price === null || mk.recruit_price === undefined
        ? B("recruit_none") : B("recruit_price", { price: mk.recruit_price })),
      // the bank and the explorer piles: public, and what several objectives' ends count
      // (L175: «в банке кончились деньги», «ресурсы», «стопки»; L525: an emptied pile gives discs)
      st.bank ? h("div", { class: "bank", "data-money": st.bank.money }, B("bank", { money: st.bank.money,
        cubes: RES.map((r) => `${res(r)} ${st.bank.cubes[r]}`).join(", ") })) : null,
      st.piles ? h("div", { class: "piles", "data-piles": st.piles.join(",") }, B("piles", { piles: st.piles.join(" · "), hexes: st.stack_size ?? "—" }),
        // the stack's open hex (L501), face up for all: what an exploration would find
        st.turn > 0 && st.stack_top && !hexesCard ? [" ", faceSvg(st.stack_top, words, { class: "open-top-mini" })] : null) : null));
  const markets = h("section", { class: "arch-boards arch-markets" }, marketBoard("domestic", 0), marketBoard("export", 1));

  // ------------------------------------------------------------------ evolution track and crisis card
  const back = st.deck_top_back;
  const crisisText = (b) => [b.domestic ? B("domestic_demand", { res: res(b.domestic[0]), ratio: b.domestic[1] }) : null,
    b.export ? B("export_demand", { goods: resCount(b.export[0], b.export[1]) }) : null,
    b.event ? G(`archipelago.crisis.${b.event}`) : null].filter(Boolean).join("; ") || "—";
  // the crisis being resolved: the step's own, or the one an offer on the table interrupts
  // (L229 in a crisis: its proposer composing it and its addressee answering read what it is for)
  const crisis = (st.step === "domestic" || st.step === "export") ? { step: st.step, ...st.ctx }
    : st.offer?.crisis && (st.step === "offer" || st.step === "answer") ? st.offer.crisis : null;
  const current = crisis ? (crisis.step === "domestic"
    ? B("domestic_now", { res: res(RES[crisis.res]), ratio: crisis.ratio })
    : B("export_now", { goods: resCount(RES[crisis.res], crisis.left, true) })) : null;
  // the crisis in the HUD, by the buttons that answer it (the crisis card lies at the foot of
  // the board column, under the first screen): what it asks, and once a cube is paid how many
  // inhabitants are still to be raised on the map (L368)
  if (current && ctx.hud) {
    const raising = st.step === "domestic" && st.ctx.raise_left > 0 && msg.view.to_act.includes(me) && st.actor === me;
    ctx.hud.append(h("p", { class: "crisis-now arch-hud-crisis", "data-step": crisis.step }, h("strong", {}, current),
      raising ? h("span", { class: "raise-left", "data-left": st.ctx.raise_left }, ` — ${B("raise_left", { n: st.ctx.raise_left })}`) : null));
  }
  // L1105, L1376: the Detective's / Explorer's five cards lie face up until the purchase, each
  // as a card of the track: its kind (the user buys one of its own kind), its minimum price
  // (the price it is bought for), what it does and how it is used; in the purchase (step
  // reveal) a card the seat may buy is lit, and the others of the wrong kind are dimmed
  const rv = st.revealed_cards;
  const fiveCards = rv ? h("div", { class: "five-cards", "data-seat": rv.seat },
    h("strong", {}, B("five_cards", { name: ctx.seatName(rv.seat), kind: B(`five_${rv.type}`) })),
    h("div", { class: "tile-row", style: ROW }, rv.cards.map((id, k) => {
      const about = rv.about?.[k];
      const idx = st.step === "reveal" ? msg.actions.map((a, i) => (a.action.type === "pick" && a.action.value === id ? i : -1)).filter((i) => i >= 0) : [];
      if (idx.length) made.push(...idx);
      const other = about && about.type !== rv.type;
      return h("div", { class: "tile-card evo revealed-card" + (idx.length ? " hot" : "") + (other ? " other-kind" : ""), "data-card": id, onclick: idx.length ? click(idx) : null,
        title: idx.length ? msg.actions[idx[0]].label : other ? B("five_other_kind") : null },
      h("strong", {}, cardName(id)),
      about ? h("small", { class: "five-about" }, `${B(`kind_${about.type}`)} · ${about.price}f`) : null,
      cardText(id), useText(about));
    }))) : null;
  // the seat buys (a card of the track, L740-762, or one of the five, L1105): on a phone the
  // cards it chooses among, with what each does, go into the HUD under the status, not a screen
  // and more down the board (its buttons name the cards only)
  const buying = msg.actions.some((a) => a.action.type === "buy_card" || (st.step === "reveal" && a.action.type === "pick"));
  const phone = Boolean(ctx.hud) && window.matchMedia(PHONE).matches;
  const trackInHud = phone && buying && st.step === "buy";
  const fiveInHud = phone && buying && st.step === "reveal" && fiveCards;
  // the Missionary's choice (L1446): which region's huts, and how many — by the two buttons
  if (st.step === "missionary" && ctx.hud && st.actor === me && st.regions[st.ctx?.region]) {
    const reg = st.regions[st.ctx.region];
    ctx.hud.append(h("p", { class: "missionary-now", "data-region": reg.index, "data-huts": reg.huts },
      B("missionary_now", { region: reg.index, huts: reg.huts, rest: Math.max(0, reg.huts - 1) })));
  }
  // the Thief's pick (L1128-1129): whose fists, and that one may be empty — the two buttons
  // name the victim («Левый кулак игрока Игрок 1»), not «Выбрать: левый кулак» alone
  if (st.step === "thief_pick" && ctx.hud && st.ctx && Number.isInteger(st.ctx.victim)) {
    const fists = msg.actions.map((a, i) => [a.action, i]).filter(([x]) => x.type === "pick" && (x.value === "left" || x.value === "right"));
    if (fists.length) {
      const name = ctx.seatName(st.ctx.victim);
      made.push(...fists.map(([, i]) => i));
      ctx.hud.append(h("div", { class: "thief-now card", "data-victim": st.ctx.victim },
        h("p", {}, B("thief_now", { name })),
        h("div", { class: "thief-fists", style: ROW }, fists.map(([x, i]) => h("button", { type: "button", class: "action primary thief-fist", "data-index": i, "data-fist": x.value,
          onclick: () => ctx.act(i) }, B(`thief_fist_${x.value}`, { name }))))));
    }
  }
  const evo = h("section", { class: "arch-track card" + (trackInHud ? " in-hud" : "") },
    h("h4", {}, G("archipelago.render.track"), " ", h("small", {}, B("deck", { n: st.deck_size }))),
    // in the purchase among the five, they come before the track
    st.step === "reveal" && !fiveInHud ? fiveCards : null,
    h("div", { class: "tile-row", style: ROW }, st.track.map((t, slot) => {
      const idx = bySlot.get(slot);
      if (idx) made.push(...idx);
      return h("div", { class: "tile-card evo" + (idx ? " hot" : ""), "data-slot": slot, onclick: idx ? click(idx) : null },
        // its quarter turns (L758-762): the third brings it to the skull, and it is discarded
        t ? [h("strong", {}, cardName(t.card)), h("small", {}, `${t.price}f`,
          h("span", { class: "turned", "data-rotation": t.rotation, title: B("turned", { n: t.rotation, max: 3 }) }, ` ${"↻".repeat(t.rotation) || "·"}`)),
        cardText(t.card), useText(t)] : h("small", {}, "—"));
    })),
    st.step === "reveal" ? null : fiveCards,
    h("div", { class: "crisis-card", "data-crisis": st.step === "domestic" || st.step === "export" ? st.step : "" },
      h("strong", {}, B("crisis_card")), " ",
      back ? [h("span", {}, `${B("normal")}: ${crisisText(back.normal || {})}`), " · ", h("span", {}, `${B("red")}: ${back.red ? crisisText(back.red) : "—"}`)] : "—",
      current ? h("p", { class: "crisis-now" }, h("strong", {}, current)) : null));

  // ------------------------------------------------------------------ the action wheel
  // The printed wheel: eight zones around a hub; each disc placed this phase lies in its zone
  // in its owner's colour; the zones the seat may take now are lit and clickable.
  const discsFor = st.players.map((p) => `${ctx.seatName(p.seat)} ${p.discs - p.discs_used}/${p.discs}`).join(" · ");
  const WR = 100, HUB = 26;
  // on a phone, while a disc may be placed, the wheel is drawn in the HUD: the first thing
  // under the status, not a screen and a half down the board
  const wheelInHud = byZone.size > 0 && st.step === "round" && Boolean(ctx.hud) && window.matchMedia(PHONE).matches;
  const wheelSvg = s("svg", { viewBox: `${-WR - 4} ${-WR - 4} ${2 * WR + 8} ${2 * WR + 8}`, class: "arch-wheel-svg", role: "img", "aria-label": B("wheel") });
  const onWheel = new Map();
  for (const [seat, zone] of st.wheel_discs || []) push(onWheel, zone, seat);
  const polar = (rad, a) => [rad * Math.cos(a), rad * Math.sin(a)];
  ZONES.forEach((z, k) => {
    const a0 = -Math.PI / 2 + (2 * Math.PI * k) / ZONES.length, a1 = a0 + (2 * Math.PI) / ZONES.length, mid = (a0 + a1) / 2;
    const idx = byZone.get(z);
    if (idx) made.push(...idx);
    const [x0, y0] = polar(WR, a0), [x1, y1] = polar(WR, a1), [i0, j0] = polar(HUB, a0), [i1, j1] = polar(HUB, a1);
    const limit = tb.wheel[z];
    const label = G(`archipelago.zone.${z}`);
    const grp = s("g", { class: "zone" + (idx ? " hot" : ""), "data-zone": z, onclick: idx ? click(idx, wheelInHud ? ctx.hud : el) : null },
      s("path", { d: `M${i0.toFixed(1)},${j0.toFixed(1)} L${x0.toFixed(1)},${y0.toFixed(1)} A${WR},${WR} 0 0 1 ${x1.toFixed(1)},${y1.toFixed(1)} L${i1.toFixed(1)},${j1.toFixed(1)} A${HUB},${HUB} 0 0 0 ${i0.toFixed(1)},${j0.toFixed(1)} Z`,
        class: "sector", fill: k % 2 ? "#f3e7c9" : "#e9dab4", stroke: "#7a6646", "stroke-width": 1 }),
      s("title", {}, `${label}${limit ? ` ${st.wheel[z] || 0}/${limit}` : ""}${idx ? ` — ${msg.actions[idx[0]].label}` : ""}`));
    // the zone's name in lines of at most 8 letters (the catalog's «|» breaks a long one,
    // «строи-|тельство»), 10.5 units high: 11 px and more as the wheel is drawn
    const key = `archipelago.board.zone_lines.${z}`;
    const lines = (ctx.game[key] ? G(key) : label).split("|");   // (no lines given: the name whole)
    const rows = lines.length + (limit ? 1 : 0), [tx, ty] = polar(WR * 0.68, mid), ly = ty - ((rows - 1) * 11) / 2 + 3.5;
    grp.append(s("text", { x: tx.toFixed(1), y: ly.toFixed(1), "text-anchor": "middle", class: "zone-name", "font-size": 10.5, "aria-label": label },
      lines.map((line, i) => s("tspan", { x: tx.toFixed(1), dy: i ? "11" : "0" }, line))));
    if (limit) grp.append(s("text", { x: tx.toFixed(1), y: (ly + lines.length * 11).toFixed(1), "text-anchor": "middle", class: "zone-limit", "font-size": 10.5 }, `${st.wheel[z] || 0}/${limit}`));
    // the discs in rows from the hub outwards: 3 in the first row, 4 in the next, …
    const discs = onWheel.get(z) || [];
    for (let row = 0, start = 0; start < discs.length; start += 3 + row, row += 1) {
      const rowDiscs = discs.slice(start, start + 3 + row), rad = HUB + 12 + row * 11;
      rowDiscs.forEach((seat, k) => {
        const [dx, dy] = polar(rad, mid + (k - (rowDiscs.length - 1) / 2) * (10.5 / rad));
        grp.append(s("circle", { cx: dx.toFixed(1), cy: dy.toFixed(1), r: 4.6, fill: SEAT[seat], stroke: "#222", "stroke-width": 1, class: "disc", "data-seat": seat },
          s("title", {}, `${ctx.seatName(seat)}: ${label}`)));
      });
    }
    wheelSvg.append(grp);
  });
  // the hub: «Ход N», or in turn zero the table's word for it in lines that fit the hub's 52
  // units («Расста-|новка»; the one-line «Расстановка» is wider than the hub, «Ход 0» wrong)
  const hubLines = (st.turn > 0 ? B("turn", { n: st.turn }) : ctx.turnWords(0, true)).split("|");
  wheelSvg.append(s("circle", { cx: 0, cy: 0, r: HUB, fill: "#7a6646" }),
    s("text", { x: 0, y: (3.5 - ((hubLines.length - 1) * 11) / 2).toFixed(1), "text-anchor": "middle", "font-size": 10.5, fill: "#fff", class: "hub" },
      hubLines.map((line, i) => s("tspan", { x: 0, dy: i ? "11" : "0" }, line))));
  const wheel = h("section", { class: "arch-wheel card" + (wheelInHud ? " in-hud" : "") }, h("h4", {}, B("wheel")), h("small", { class: "discs-left" }, B("discs", { list: discsFor })), wheelSvg);

  // ------------------------------------------------------------------ my screen, bid, offers
  const mine = me !== null && me !== undefined ? st.players[me] : null;
  const panels = h("section", { class: "arch-panels" });
  // who has bid (never how much) and the bids last revealed: in the bid entry while this
  // seat bids, else among the panels
  const bidsIn = () => (st.players.some((p) => p.has_bid) && st.step === "bid"
    ? h("p", { class: "muted bids-in" }, B("bids_in", { list: st.players.filter((p) => p.has_bid).map((p) => ctx.seatName(p.seat)).join(", ") })) : null);
  const lastBids = () => (st.last_bids.some((b) => b >= 0)
    ? h("p", { class: "muted last-bids" }, B("last_bids", { list: st.last_bids.map((b, i) => `${ctx.seatName(i)} ${b < 0 ? "—" : `${b}f`}`).join(", ") })) : null);
  let bidding = false;
  if (mine && mine.money !== undefined) {
    const objectiveLines = (mine.objectives || []).map((o) => h("li", { "data-objective": o.id },
      `${B("ends_on", { end: endText(o) })}; ${B("ranks_by", { crit: G(`archipelago.criterion.${o.criterion}`) })}`, objectiveText(o)));
    panels.append(h("div", { class: "screen card", "data-seat": me },
      h("h4", {}, B("screen")),
      h("div", { class: "hand" },
        h("span", { class: "chip", "data-money": mine.money }, `${B("money")}: ${mine.money}f`),
        // a cube from an explorer token serves the present action or crisis only (L431-433):
        // it is marked, and the offer builder leaves it out
        RES.map((r) => h("span", { class: "chip", "data-resource": r, "data-bound": mine.token_cubes?.[r] || 0 },
          h("span", { class: "swatch", style: `background:${RES_COLOUR[r]}` }), `${res(r)} ×${mine.cubes[r]}`,
          mine.token_cubes?.[r] ? h("small", { class: "bound" }, ` (${B("bound", { n: mine.token_cubes[r] })})`) : null)),
        h("span", { class: "chip", "data-tokens": mine.tokens }, `${B("tokens")}: ${mine.tokens}`)),
      h("div", {}, h("strong", {}, B("objective")), h("ul", {}, objectiveLines)),
      // «Больше остроты» (L1041): the cards this seat sent back, which it alone saw
      mine.put_back && mine.put_back.length ? h("div", { class: "put-back muted" }, h("strong", {}, B("put_back")),
        h("ul", {}, mine.put_back.map((o) => h("li", { "data-objective": o.id },
          `${B("ends_on", { end: endText(o) })}; ${B("ranks_by", { crit: G(`archipelago.criterion.${o.criterion}`) })}`)))) : null));
    if (st.step === "bid" && msg.actions.some((a) => a.action.type === "bid")) {
      bidding = true;
      const input = h("input", { type: "number", min: 0, max: mine.money, value: 0, class: "bid-amount", "aria-label": B("bid") });
      const othersToBid = (msg.view.to_act || []).filter((x) => x !== me).length;
      // what the bid is for (L248-256: the highest bid orders the turn), what one may bid
      // (the florins behind one's screen) and what is known of the others' (who is in; the
      // last bids once revealed — a bid itself stays in the fist until all are in, L258). On a
      // phone the whole entry is in the HUD under the status: the HUD held «Все действия» only
      // and the entry lay at the foot of the first screen, under the screen's contents
      const bidInHud = Boolean(ctx.hud) && window.matchMedia(PHONE).matches;
      // a re-bid among those tied (L1015) asks fewer than every player
      const rebid = st.players.filter((p) => p.has_bid || (msg.view.to_act || []).includes(p.seat)).length < st.players.length;
      (bidInHud ? ctx.hud : panels).append(h("div", { class: "bid-entry card" + (bidInHud ? " in-hud" : ""), "data-others-to-bid": othersToBid },
        h("h4", {}, B("bid")),
        h("p", { class: "bid-for" }, B(rebid ? "bid_for_rebid" : "bid_for"), " ",
          h("span", { class: "bid-order" }, B("order", { order: st.order.map((x) => ctx.seatName(x)).join(" → ") }))),
        h("p", { class: "muted" }, B("bid_hint")),
        h("div", { class: "bid-row" }, input, h("span", { class: "bid-most muted" }, B("bid_most", { n: mine.money })),
          h("button", { type: "button", class: "primary send-bid", onclick: () => ctx.send({ type: "bid", amount: Math.max(0, Math.min(mine.money, Number(input.value) || 0)) }) }, B("bid_send"))),
        bidsIn(), lastBids()));
      made.push(...msg.actions.map((a, i) => (a.action.type === "bid" ? i : -1)).filter((i) => i >= 0));
    }
  }
  const shown = (n) => { if (n && !bidding) panels.append(n); };
  shown(bidsIn());
  if (st.step === "bribes" && st.ctx && st.ctx.decider !== undefined) {
    // L260: the others have the floor, in turn, before the highest bidder orders the turn
    panels.append(h("p", { class: "bribes-now card", "data-decider": st.ctx.decider },
      B("bribes_now", { decider: ctx.seatName(st.ctx.decider), speaker: ctx.seatName(st.actor) })));
  }
  shown(lastBids());
  const proposals = msg.actions.filter((a) => a.action.type === "propose");
  if (proposals.length) {
    const give = [], want = [];
    // the evolution cards that may change hands (L229): all but a built wonder
    // and the harvest permissions: one per region whose town the seat controls (L709)
    const cardsOf = (seat) => [...(st.regions || []).filter((g) => g.buildings?.town === seat).map((g) => `permit:${g.index}`),
      ...(st.players[seat]?.cards || []).filter((c) => !c.built).map((c) => `card:${c.card}`)];
    // (the first line says what the list does: it read «+», a select 19 px high at 1280)
    const options = (items) => [h("option", { value: "" }, B("add_item")), ...items.map((it) => h("option", { value: it }, item(it)))];
    const list = (arr) => h("span", { class: "offer-items" }, items(arr) || "—");
    let giveEl = list(give), wantEl = list(want);
    // how many of an item may be put in: a permission or a card once; what the seat gives, no
    // more than it holds behind its screen (a cube bound to an explorer token excepted, L433) —
    // the server refuses the rest, and the offer would be left half composed
    const most = (it, side) => (it.startsWith("card:") || it.startsWith("permit:") ? 1 : side === "want" ? 4
      : it === "f" ? mine?.money ?? 0 : it === "token" ? mine?.tokens ?? 0
        : (mine?.cubes?.[it] ?? 0) - (mine?.token_cubes?.[it] ?? 0));
    const picker = (arr, cls, getEl, setEl, items, side) => h("select", { class: cls, onchange: (ev) => {
      const it = ev.target.value;
      if (it && arr.length < 4 && arr.filter((x) => x === it).length < most(it, side)) { arr.push(it); const n = list(arr); getEl().replaceWith(n); setEl(n); }
      ev.target.value = "";
    } }, options(items));
    const givePicker = picker(give, "offer-give", () => giveEl, (n) => { giveEl = n; }, [...ITEMS, ...cardsOf(me)], "give");
    const wantPicker = picker(want, "offer-want", () => wantEl, (n) => { wantEl = n; }, [...ITEMS, ...cardsOf(proposals[0].action.to)], "want");
    // the addressee as elsewhere on the table: its colour's swatch and its name, with the
    // colour's word the offer buttons beside the builder use («Предложить сделку: Жёлтый»)
    const seatSwatch = (seat) => `background:${SEAT[seat % SEAT.length]}`;
    const toSwatch = h("span", { class: "swatch offer-to-swatch", style: seatSwatch(proposals[0].action.to) });
    const to = h("select", { class: "offer-to", onchange: (ev) => {   // the cards one may ask for are the addressee's
      const keep = want.filter((it) => !it.startsWith("card:") && !it.startsWith("permit:"));
      want.length = 0; want.push(...keep);
      const n = list(want); wantEl.replaceWith(n); wantEl = n;
      wantPicker.replaceChildren(...options([...ITEMS, ...cardsOf(Number(ev.target.value))]));
      toSwatch.setAttribute("style", seatSwatch(Number(ev.target.value)));
    } }, proposals.map((a) => h("option", { value: a.action.to },
      B("seat_colour", { name: ctx.seatName(a.action.to), colour: G(`archipelago.player.${a.action.to}`) }))));
    const sendBtn = h("button", { type: "button", class: "primary send-offer", onclick: () => {
      if (!give.length && !want.length) return;
      pending = [...give.map((it) => ({ type: "add_give", item: it })), ...want.map((it) => ({ type: "add_want", item: it })), { type: "send_offer" }];
      ctx.send({ type: "propose", to: Number(to.value) });
    } }, B("send_offer"));
    panels.append(h("div", { class: "composer offer-builder card" }, h("h4", {}, B("offer_builder")),
      h("div", { class: "row" }, h("strong", {}, B("to")), " ", toSwatch, to),
      h("div", { class: "row" }, h("strong", {}, B("give")), " ", givePicker, " ", giveEl),
      h("div", { class: "row" }, h("strong", {}, B("want")), " ", wantPicker, " ", wantEl),
      sendBtn));
  }
  if (st.offer) {
    const o = st.offer;
    // what the proposer gives and asks, said of the proposer: its addressee reads it too
    // (on a phone the offer this seat answers is in the HUD, under the status: in the board
    // it lay at the foot of the first screen and under it, the HUD holding «Все действия»)
    // (so is the offer this seat composes step by step, L229: what it gives and asks so far,
    // to whom, above its «Даю: …» / «Прошу: …» — it lay a screen down the board)
    const composing = st.step === "offer" && o.from === me && msg.actions.length > 0;
    const answerInHud = (answers.length > 0 || composing) && Boolean(ctx.hud) && window.matchMedia(PHONE).matches;
    (answerInHud ? ctx.hud : panels).append(h("div", { class: "incoming-offer card" + (answerInHud ? " in-hud" : ""), "data-from": o.from, "data-to": o.to },
      h("h4", {}, B("offer_in", { from: ctx.seatName(o.from), to: ctx.seatName(o.to) })),
      h("p", { class: "offer-gives" }, B("offer_gives", { name: ctx.seatName(o.from), items: items(o.give) || G("archipelago.item.nothing") })),
      // an empty side in the log's word («даёт: ничего», words.py), not a dash
      h("p", { class: "offer-asks" }, B("offer_asks", { name: ctx.seatName(o.from), items: items(o.want) || G("archipelago.item.nothing") })),
      answers.map((i) => h("button", { type: "button", class: "action answer" + (msg.actions[i].action.accept ? " primary" : ""), "data-index": i, "data-accept": String(msg.actions[i].action.accept), onclick: () => ctx.act(i) },
        B(msg.actions[i].action.accept ? "accept" : "decline")))));
    made.push(...answers);
  }
  // others: public facts only (discs, cards); screens are never in their view
  panels.append(h("div", { class: "others card" }, h("h4", {}, B("players")), h("ul", {}, st.players.map((p) => h("li", { "data-seat": p.seat },
    h("span", { class: "swatch", style: `background:${SEAT[p.seat]}` }), ` ${ctx.seatName(p.seat)}: `,
    // the cards in front of each player; a card this seat may use now (its own, or an open
    // one of another player for a fee) is clickable: its uses, each choice named in words
    p.cards.length ? B("public", { cards: "" }) : B("public", { cards: "—" }),
    // the seat's own cards and any it may use now are listed with what each does (L800)
    p.cards.map((c, k) => {
      const idx = byCard.get(c.card);
      if (idx) made.push(...idx);
      const name = h("span", { class: "evo-card" + (idx ? " hot" : ""), "data-card": c.card, onclick: idx ? click(idx) : null,
        title: idx ? idx.map((i) => msg.actions[i].label).join("\n") : null }, cardName(c.card));
      const text = p.seat === me || idx ? cardText(c.card) : null;
      return text ? h("div", { class: "evo-card-line", "data-card-line": c.card }, name, text, useText(c)) : [k ? ", " : "", name];
    }),
    p.passed ? ` · ${B("passed")}` : "",
    // another player's objective cards this seat may see: open («Никаких секретов», L1031-1033)
    // or shown by its Spy (L1454); its own are on its screen
    p.seat !== me && st.phase !== "over" && p.objectives && p.objectives.length ? h("ul", { class: "seen-objectives" }, p.objectives.map((o) => h("li", { "data-objective": o.id },
      `${B("objective_of", { name: ctx.seatName(p.seat), crit: G(`archipelago.criterion.${o.criterion}`) })}; ${B("ends_on", { end: endText(o) })}`, objectiveText(o)))) : null)))));

  // ------------------------------------------------------------------ game end
  // L900-1002: the objective cards revealed, who won (all, the main winner by points then
  // money, or on independence the Separatist alone), and the count card by card as in the
  // rulebook's example: each player's count by the card's criterion, the rank and the points.
  let end = null;
  if (st.phase === "over") {
    const sep = st.players.find((p) => (p.objectives || []).some((o) => o.criterion === "separatist"));
    const names = (seats) => seats.map((x) => ctx.seatName(x)).join(", ");
    const outcome = st.ended_by === "independence"
      ? (sep ? B("separatist_wins", { name: ctx.seatName(sep.seat) }) : B("collective_loss"))
      : st.ended_by === "objective" && st.ender >= 0 ? B("ended_objective_by", { name: ctx.seatName(st.ender) }) : B(`ended_${st.ended_by}`);
    const crit = (c) => G(`archipelago.criterion.${c}`);
    const cardRows = [...new Set((st.points || []).flatMap((row) => Object.keys(row)).filter((k) => k.startsWith("card:")))].sort();
    // a cell: the points in bold, under them the count and the rank (or "not ranked")
    const cell = (r, seat) => {
      const pts = r.points[seat] ? h("strong", { class: "pts" }, B("vp", { n: r.points[seat] })) : null;
      if (r.values === undefined) return pts;
      const v = r.values[seat], rank = r.ranks[seat];
      return [pts, pts ? h("br") : null, h("small", { class: "count" }, rank ? B("ranked", { value: v, rank }) : B("unranked", { value: v }))];
    };
    const rowLabel = (r) => r.kind === "trend" ? `${B("trend_short")}: ${trendName(r.id)}`
      : r.criterion === "separatist" ? B("separatist_row", { name: ctx.seatName(r.owner) })
        : r.criterion === "pacifist" ? B("pacifist_row", { name: ctx.seatName(r.owner), margin: r.margin, needed: r.needed })
          : B("objective_of", { name: ctx.seatName(r.owner), crit: crit(r.criterion) });
    const totals = (st.points || []).map((row) => Object.values(row).reduce((a, b) => a + b, 0));
    const winners = st.winners || [];
    end = h("section", { class: "arch-end card", "data-ended-by": st.ended_by },
      h("h3", {}, B("game_end")),
      h("p", { class: "outcome" }, h("strong", {}, outcome)),
      st.ended_by !== "independence" && winners.length ? h("p", { class: "main-winner" }, B("main_winner", { names: names(winners) })) : null,
      h("h4", {}, B("revealed")),
      h("ul", { class: "revealed" }, st.players.map((p) => h("li", { "data-seat": p.seat },
        h("span", { class: "swatch", style: `background:${SEAT[p.seat]}` }), ` ${ctx.seatName(p.seat)}: `,
        (p.objectives || []).map((o) => h("span", { class: "objective-card", "data-objective": o.id },
          `${crit(o.criterion)} — ${B("ends_on", { end: endText(o) })}`))))),
      // on independence the points decide nothing (L906-908): the table says what each would
      // have scored, and says so — the final scores beside it are all 0
      st.ranking && st.ended_by === "independence" ? h("p", { class: "points-void muted" }, B("points_void")) : null,
      st.ranking ? h("div", { class: "table-scroll" }, h("table", { class: "score-table" },
        h("thead", {}, h("tr", {}, h("th", {}, B("card_col")), st.players.map((p) => h("th", { "data-seat": p.seat, class: winners.includes(p.seat) ? "winner" : "" },
          h("span", { class: "swatch", style: `background:${SEAT[p.seat]}` }), ` ${ctx.seatName(p.seat)}${winners.includes(p.seat) ? " ★" : ""}`)))),
        h("tbody", {},
          st.ranking.map((r) => h("tr", { class: "rank-row", "data-kind": r.kind, "data-criterion": r.criterion }, h("th", { scope: "row" }, rowLabel(r)),
            st.players.map((p) => h("td", { "data-seat": p.seat, class: r.points[p.seat] ? "scored" : "" }, cell(r, p.seat))))),
          cardRows.map((k) => h("tr", { class: "card-row", "data-key": k }, h("th", { scope: "row" }, cardName(k.slice(5))),
            st.points.map((row, seat) => h("td", { "data-seat": seat, class: row[k] ? "scored" : "" }, row[k] ? h("strong", { class: "pts" }, B("vp", { n: row[k] })) : null)))),
          h("tr", { class: "total" }, h("th", { scope: "row" }, B("total")), totals.map((t, seat) => h("td", { "data-seat": seat }, String(t)))),
          h("tr", { class: "money" }, h("th", { scope: "row" }, B("money_tiebreak")), st.players.map((p) => h("td", { "data-seat": p.seat }, p.money === undefined ? "" : `${p.money}f`)))))) : null);
  }

  // the board column: the map, the markers, the track and the wheel beside the seat's own panels
  // and the two markets, so what a player decides with is in the first screen; the others below
  const others = panels.lastChild;
  // while the decision is on the map (a region to lay, a hex to choose), a phone shows the
  // hexes and the map first, the screen and the markets after them. The hexes in hand span
  // both columns: three hexes of two sides (L117-123, L1390) are six faces of 90 px, one row
  // across the board; in the left column alone they wrapped to two rows at 1280×800 and
  // pushed the map and its lit cells about 165 px down
  el.replaceChildren(h("div", { class: "archipelago" }, header, end, h("div", { class: "arch-main" + (byCell.size || hexesCard || (st.step !== "round" && (byUnit.size || byRegion.size)) ? " map-first" : "") },
    hexesCard, h("div", { class: "arch-left" + (st.step === "buy" || st.step === "reveal" ? " track-first" : "") }, h("div", { class: "arch-map-wrap" }, map), h("div", { class: "arch-top" }, wheelInHud ? null : wheel, markers), trackInHud ? null : evo), h("div", { class: "arch-right" }, panels, markets)), others));
  // the map is drawn at the column's width: a late archipelago (16 regions at 1280×800) is
  // scaled below 1, and its numbers, huts and buildings' letters would be under 11 px; they
  // are set from the drawn scale (up to a size that still fits the hex), again whenever the
  // map's drawn size changes (the page's columns are laid out after the board is drawn)
  const fitText = () => {
    const box = map.getBoundingClientRect();
    if (!(box.width > 0)) return;
    const perUnit = Math.min(box.width / W, box.height / H);   // (a tall map is held by its height)
    const fit = (sel, size, most) => map.querySelectorAll(sel).forEach((n) => n.setAttribute("font-size", Math.min(most, Math.max(size, 11.2 / perUnit)).toFixed(1)));
    fit(".region .region-index", 10, 13);
    fit(".region .huts", 10, 12.5);
    fit(".region .building-letter", 8.5, 11.5);
  };
  fitText();
  if (typeof ResizeObserver === "function") new ResizeObserver(fitText).observe(map);
  if (wheelInHud) ctx.hud.append(wheel);
  if (trackInHud) ctx.hud.append(evo);
  if (fiveInHud) ctx.hud.append(h("section", { class: "arch-track five-in-hud card" }, fiveCards));
  return made;
}
