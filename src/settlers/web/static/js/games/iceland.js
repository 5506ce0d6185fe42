// Landnám (Iceland): the island inside its frame of open sea, explored and unknown positions,
// number tokens, harbours, boats and settlers, farms and towns, red tokens and outlaws, drawn
// from view(seat)["state"] (schema: settlers/games/iceland/README.md). Hexes, corners and the
// outer sea are clickable where a legal action points at them. Returns the indices made
// clickable.
import { offerLacking, offerTerms } from "../offer_terms.js";
import { SEAT_COLORS, costsCard, fill, h, hitArea, placeMenu, push, s, sameKindGuard } from "../util.js";

// the board is one map a screen high: on a phone it comes before the HUD while the choice is
// a lit place on it (game.js)
export function mapFirst() { return true; }

// What the seats asked decide when it is not the turn's own move (game.js names it in the
// status, web.game.ask.* / web.game.wait.*): the Althing's card window (all at once), its
// round of cases, a case's side, a helper; an offer's addressee; a chased piece's owner
const ALTHING_AWAITS = { window: "althing_card", cases: "althing_cases", case: "althing_case", help: "althing_help" };
export function awaited(msg) {
  const st = msg.view.state || {};
  if (st.phase === "offer") return "trade_answer";
  if (st.phase === "retreat") return "retreat";
  if (st.phase === "althing") {
    // a seat holding no Althing card is asked too (so no one learns who holds one): it is
    // told its only answer
    const acts = msg.actions || [];
    if (st.althing?.stage === "window" && acts.length && acts.every((a) => a.action.type === "pass")) return "althing_pass";
    return ALTHING_AWAITS[st.althing?.stage] || null;
  }
  return null;
}

const UNIT = 58;
const SQ = Math.sqrt(3) / 2;
const TERRAIN = { sea: "#4f8fc8", forest: "#3d7f36", fields: "#f1c93f", pasture: "#a9d46e", bog: "#7d6a3e", mountain: "#9b9b9b" };
const UNKNOWN = "#d9cfb6";
// the built-in resources and their colours; a user's data folder may name others (rules.json
// «resources»): resourcesOf(st) gives the table's, resourceColour a colour to each
const RES = ["grain", "wood", "wool", "iron"];
const RES_COLOUR = { grain: "#f1c93f", wood: "#3d7f36", wool: "#a9d46e", iron: "#7d6a3e" };

// A hue drawn from an id: the same resource or terrain of a user's file gets the same colour
// on every page and every visit.
function hueOf(id) {
  let x = 2166136261;   // FNV-1a over the id's characters
  for (const ch of String(id)) x = Math.imul(x ^ ch.codePointAt(0), 16777619) >>> 0;
  return x % 360;
}
export function resourceColour(r) { return RES_COLOUR[r] || `hsl(${hueOf(r)}, 55%, 60%)`; }
function terrainColour(t) { return TERRAIN[t] || `hsl(${hueOf(t)}, 35%, 62%)`; }
// The table's resources in the rules' order: the supply counts harbours per resource in that
// order (view: supply.harbours), as the seat's hand does; the built-in four otherwise
export function resourcesOf(st) {
  const ids = Object.keys(st.supply?.harbours || st.hand || {});
  return ids.length ? ids : RES;
}
const AGEING = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12];
// lattice offsets of a hex's corners, clockwise from the top (settlers.core.hexgrid)
const CORNER_OFFSETS = [[0, -2], [1, -1], [1, 1], [0, 2], [-1, 1], [-1, -1]];

// The board's geometry as settlers.core.hexgrid numbers it: a hexagon of radius 2, hexes in
// reading order, corners in reading order of their lattice points (top to bottom, left to right).
function geometry(radius) {
  const hexes = [];
  for (let r = -radius; r <= radius; r++) {
    for (let q = Math.max(-radius, -r - radius); q <= Math.min(radius, -r + radius); q++) hexes.push([q, r]);
  }
  const lattice = hexes.map(([q, r]) => [2 * q + r, 3 * r]);
  const seen = new Map();
  for (const [X, Y] of lattice) for (const [dx, dy] of CORNER_OFFSETS) seen.set(`${X + dx},${Y + dy}`, [X + dx, Y + dy]);
  const corners = [...seen.values()].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const pos = ([X, Y]) => [X * SQ, Y / 2];
  return { hexes, centres: lattice.map(pos), corners: corners.map(pos) };
}
const GEO = geometry(2);
// the frame: the ring of open sea around the island (drawn only, all of it is "the outer sea")
const FRAME = (() => {
  const out = [];
  for (let r = -3; r <= 3; r++) {
    for (let q = Math.max(-3, -r - 3); q <= Math.min(3, -r + 3); q++) {
      if (Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) === 3) out.push([(2 * q + r) * SQ, 1.5 * r]);
    }
  }
  return out;
})();
const OUTER = [-4.75, -3.95];  // where pieces on the outer sea are drawn (top left, in the frame)
// its lit spot: right of its name, above the frame
const OUTER_SPOT = [OUTER[0] + 1.75, OUTER[1] - 0.85];

// The token a number becomes when its hex ages: the next larger one left in the supply (after
// 6 comes 8, after 12 comes 2), as settlers.games.iceland.harvest.next_available does.
function nextAvailable(n, pool) {
  const i = AGEING.indexOf(n);
  if (i < 0) return null;
  for (let k = 1; k < AGEING.length; k++) {
    const m = AGEING[(i + k) % AGEING.length];
    if ((pool?.[String(m)] ?? 0) > 0) return m;
  }
  return null;
}


function hexPoints(x, y, k = 1) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 90);
    pts.push(`${((x + k * Math.cos(a)) * UNIT).toFixed(1)},${((y + k * Math.sin(a)) * UNIT).toFixed(1)}`);
  }
  return pts.join(" ");
}


function boat(X, Y, colour) {
  return s("g", { class: "boat" },
    s("polygon", { points: `${X - 16},${Y + 2} ${X + 16},${Y + 2} ${X + 10},${Y + 11} ${X - 10},${Y + 11}`, fill: colour, stroke: "#222", "stroke-width": 2 }),
    s("line", { x1: X, y1: Y + 2, x2: X, y2: Y - 17, stroke: "#222", "stroke-width": 2 }),
    s("polygon", { points: `${X + 1},${Y - 16} ${X + 12},${Y - 1} ${X + 1},${Y - 1}`, fill: "#fbf3dc", stroke: "#222", "stroke-width": 1.2 }));
}

function settler(X, Y, colour) {
  return s("g", { class: "settler" },
    s("path", { d: `M${X - 10},${Y + 12} L${X - 7},${Y - 2} Q${X},${Y - 7} ${X + 7},${Y - 2} L${X + 10},${Y + 12} Z`, fill: colour, stroke: "#222", "stroke-width": 2 }),
    s("circle", { cx: X, cy: Y - 11, r: 6.5, fill: colour, stroke: "#222", "stroke-width": 2 }));
}

function house(X, Y, colour, town) {
  const k = town ? 1.3 : 1;
  const w = 9 * k, top = 15 * k, base = 8 * k;
  const pts = town
    ? [[X - 14, Y + base], [X - 14, Y - 4], [X - 4, Y - 4], [X - 4, Y - top + 2], [X + 5, Y - top - 6], [X + 14, Y - top + 2], [X + 14, Y + base]]
    : [[X - w, Y + base], [X - w, Y - 3], [X, Y - top + 2], [X + w, Y - 3], [X + w, Y + base]];
  return s("polygon", { points: pts.map((p) => p.join(",")).join(" "), fill: colour, stroke: "#222", "stroke-width": 2, class: town ? "town" : "farm" });
}

export function render(el, msg, ctx) {
  const st = msg.view.state;
  const board = st.board;
  // a name a user's data folder gives is under a key of its own (st.names: default -> key)
  const G = (key, params = {}) => fill(ctx.game[st.names?.[key] ?? key] ?? key.split(".").pop(), params);
  const colourOf = (seat) => SEAT_COLORS[seat % SEAT_COLORS.length];
  const pieceKind = (piece) => (piece % 10 < 5 ? "boat" : "horse");
  const pieceName = (piece) => `${G(`iceland.piece.${pieceKind(piece)}`)} — ${ctx.seatName(Math.floor(piece / 10))}`;
  const terrainName = (t) => G(`iceland.terrain.${t ?? "unknown"}`);
  const res = resourcesOf(st);
  const ageing = new Map();   // number on the board -> what it ages into
  const made = [];

  // legal actions by the place they point at: a hex (-1 = the outer sea) or a corner
  const atHex = new Map(), atCorner = new Map();
  msg.actions.forEach((a, i) => {
    const x = a.action;
    switch (x.type) {
      case "move": case "explore": push(atHex, x.to, i); break;
      case "retreat": push(atHex, x.to, i); break;
      case "age_hex": push(atHex, x.hex, i); break;
      case "build_settler": case "build_boat": push(atHex, x.hex, i); break;
      case "build_harbour": case "build_ageing": case "open_case":
        if (board.pieces[x.piece] !== undefined && board.pieces[x.piece] >= -1) push(atHex, board.pieces[x.piece], i);
        break;
      case "build_farm": case "build_town": push(atCorner, x.corner, i); break;
      default: break;
    }
  });
  const click = (indices) => (ev) => {
    ev.stopPropagation();
    if (indices.length === 1) ctx.act(indices[0]);
    else placeMenu(el, indices, msg.actions, ctx, ev);
  };

  // the drawing's box: the island, the outer sea's pieces and spot, and about half the frame
  // of open sea (the rest of the frame is cut: on a phone every unit costs the board's scale)
  const minX = -5.3 * UNIT, minY = -5.3 * UNIT;
  const w = 10.6 * UNIT, hgt = 10.2 * UNIT;
  const svg = s("svg", { viewBox: `${minX.toFixed(1)} ${minY.toFixed(1)} ${w.toFixed(1)} ${hgt.toFixed(1)}`, class: "iceland-board", role: "img" });
  svg.append(s("rect", { x: minX, y: minY, width: w, height: hgt, fill: "#3f78ad", rx: 18 }));
  // the frame: open sea all around
  for (const [x, y] of FRAME) svg.append(s("polygon", { points: hexPoints(x, y), fill: "#5b93c7", stroke: "#6fa3d3", "stroke-width": 2 }));
  // the outer sea's name, a word a line: a phone draws it larger (app.css), left of its spot
  const [outerFirst, ...outerRest] = G("iceland.outer").split(" ");
  svg.append(s("text", { x: (OUTER[0] - 0.2) * UNIT, y: (OUTER[1] - 0.7) * UNIT, "text-anchor": "start", "font-size": 13, fill: "#eaf3fb", "font-style": "italic", class: "outer-label" },
    s("tspan", {}, outerFirst), outerRest.length ? s("tspan", { x: (OUTER[0] - 0.2) * UNIT, dy: "1.1em" }, outerRest.join(" ")) : null));

  // the island
  const occupantAt = new Map();
  board.pieces.forEach((pos, piece) => { if (pos >= 0) occupantAt.set(pos, piece); });
  GEO.centres.forEach(([x, y], id) => {
    const X = x * UNIT, Y = y * UNIT;
    const t = board.terrain[id];
    const g = s("g", { class: "hex" + (t ? "" : " unknown"), "data-hex": id, "data-terrain": t ?? "unknown" });
    g.append(s("polygon", { points: hexPoints(x, y), fill: t ? terrainColour(t) : UNKNOWN, stroke: "#f4e9c8", "stroke-width": 4 },
      s("title", {}, `${G("iceland.hex", { hex: id })}: ${terrainName(t)}${board.number[id] ? `, ${board.number[id]}` : ""}`)));
    if (!t) g.append(s("text", { x: X, y: Y + 12, "text-anchor": "middle", "font-size": 34, fill: "#b3a786", "font-weight": "bold" }, "?"));
    if (t === "mountain") {
      g.append(s("polygon", { points: `${X - 26},${Y + 20} ${X - 6},${Y - 14} ${X + 4},${Y} ${X + 12},${Y - 8} ${X + 28},${Y + 20}`, fill: "#7c7c7c", stroke: "#5e5e5e", "stroke-width": 1.5 }));
      g.append(s("polygon", { points: `${X - 11},${Y - 6} ${X - 6},${Y - 14} ${X - 1},${Y - 6}`, fill: "#fff" }));
    }
    // the position's number, which the actions and the log name («гекс 7»)
    g.append(s("text", { x: X, y: Y - 33, "text-anchor": "middle", "font-size": 11, fill: "#222", opacity: 0.55, class: "hex-id" }, id));
    if (board.number[id]) {
      const n = board.number[id];
      const hot = n === 6 || n === 8;
      const next = nextAvailable(n, st.supply.numbers);
      if (next) ageing.set(n, next);
      // (a phone enlarges the token, and lists the ageing under the board instead of the
      // «→next» by the token: app.css, ageing-legend). 10 units: ≥ 11 px as drawn at 1280×800
      // (the board at 1.15 there; 9 units were 10.3 px)
      g.append(s("g", { class: "number", "data-number": n },
        s("g", { class: "token" },
          s("circle", { cx: X, cy: Y + 14, r: 16, fill: "#fbf3dc", stroke: "#555" }),
          s("text", { x: X, y: Y + 20, "text-anchor": "middle", "font-size": 16, "font-weight": "bold", fill: hot ? "#c0271b" : "#222", class: "number-text" }, n)),
        next ? s("text", { x: X + 16, y: Y + 32, "font-size": 10, fill: "#222", opacity: 0.7, class: "ageing-hint" }, `→${next}`) : null,
        s("title", {}, next ? ctx.T("board.iceland.ages", { n, next }) : String(n))));
    }
    if (board.harbour[id]) {
      const r = board.harbour[id];
      g.append(s("g", { class: "harbour", "data-resource": r },
        s("circle", { cx: X - 20, cy: Y - 12, r: 14, fill: resourceColour(r), stroke: "#333", "stroke-width": 1.5, class: "harbour-disc" }),
        s("text", { x: X - 20, y: Y - 8, "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: r === "wood" || r === "iron" ? "#fff" : "#222", class: "harbour-rate" }, "2:1"),
        // a resource of a user's file has no colour players know: its name's first letters
        RES_COLOUR[r] ? null : s("text", { x: X - 20, y: Y + 24, "text-anchor": "middle", "font-size": 12, "font-weight": "bold", fill: "#222", class: "harbour-res" }, G(`iceland.abbr.${r}`)),
        s("title", {}, `${ctx.T("board.iceland.harbour")}: ${G(`iceland.res.${r}`)} 2:1`)));
    }
    svg.append(g);
  });

  // legal places on hexes: under the pieces, which let clicks through to them
  for (const [id, indices] of atHex) {
    const label = msg.actions[indices[0]].label;
    if (id === -1) {
      // a transparent target twice the mark's size under it (util.hitArea): a phone's finger
      svg.append(hitArea("circle", { cx: OUTER_SPOT[0] * UNIT, cy: OUTER_SPOT[1] * UNIT, r: 29, "data-hex": -1 }, click(indices), label));
      svg.append(s("circle", { cx: OUTER_SPOT[0] * UNIT, cy: OUTER_SPOT[1] * UNIT, r: 14, class: "hot hot-spot", "data-hex": -1, "data-index": indices[0], onclick: click(indices) },
        s("title", {}, label)));
    } else {
      const [x, y] = GEO.centres[id];
      svg.append(s("polygon", { points: hexPoints(x, y, 0.86), class: "hot hot-hex", "data-hex": id, "data-index": indices[0], onclick: click(indices) },
        s("title", {}, label)));
    }
    made.push(...indices);
  }
  // pieces (one per position on the island, any number on the outer sea)
  const drawPiece = (piece, X, Y) => {
    const seat = Math.floor(piece / 10);
    const shape = pieceKind(piece) === "boat" ? boat(X, Y, colourOf(seat)) : settler(X, Y, colourOf(seat));
    shape.setAttribute("data-piece", piece);
    shape.setAttribute("data-seat", seat);
    if (atHex.has(board.pieces[piece])) shape.style.pointerEvents = "none";
    const red = board.red_tokens?.[piece] || board.red_tokens?.[String(piece)];
    shape.append(s("title", {}, pieceName(piece) + (red?.length ? ` — ${ctx.T("board.iceland.outlaw")}` : "")));
    if (red?.length) {
      shape.classList.add("outlaw");
      shape.prepend(s("circle", { cx: X, cy: Y - 2, r: 22, fill: "none", stroke: "#b3140c", "stroke-width": 2.5, "stroke-dasharray": "5 3" }));
      red.forEach((claimant, k) => shape.append(s("circle", { cx: X + 18 + k * 9, cy: Y - 18, r: 5.5, fill: "#c0271b", stroke: colourOf(claimant), "stroke-width": 2, class: "red-token" })));
    }
    svg.append(shape);
  };
  board.pieces.forEach((pos, piece) => {
    if (pos >= 0) { const [x, y] = GEO.centres[pos]; drawPiece(piece, x * UNIT + 14, y * UNIT - 10); }
  });
  board.pieces.map((pos, piece) => [pos, piece]).filter(([pos]) => pos === -1)
    .forEach(([, piece], k) => drawPiece(piece, (OUTER[0] + (k % 3) * 0.62) * UNIT, (OUTER[1] + Math.floor(k / 3) * 0.62) * UNIT));

  // farms and towns
  for (const [corner, seat, level] of board.houses) {
    const [x, y] = GEO.corners[corner];
    const shape = house(x * UNIT, y * UNIT, colourOf(seat), level === 2);
    shape.setAttribute("data-corner", corner);
    shape.setAttribute("data-seat", seat);
    shape.append(s("title", {}, `${G(level === 2 ? "iceland.render.town" : "iceland.render.farm")} — ${ctx.seatName(seat)}`));
    svg.append(shape);
  }

  // farms and towns built this turn: they stand at the end of the turn (drawn as outlines)
  for (const [kind, , corner] of st.pending_builds || []) {
    if ((kind !== "farm" && kind !== "town") || !GEO.corners[corner]) continue;
    const [x, y] = GEO.corners[corner];
    const shape = house(x * UNIT, y * UNIT, colourOf(st.current), kind === "town");
    shape.setAttribute("class", `${kind} pending`);
    shape.setAttribute("data-corner", corner);
    shape.setAttribute("fill-opacity", 0.45);
    shape.setAttribute("stroke-dasharray", "4 3");
    shape.append(s("title", {}, ctx.T("board.iceland.pending")));
    svg.append(shape);
  }
  // legal places on corners (above the houses)
  for (const [id, indices] of atCorner) {
    const [x, y] = GEO.corners[id];
    // under the mark, a target up to 0.49 of the way to the next corner (one hex side away)
    svg.append(hitArea("circle", { cx: x * UNIT, cy: y * UNIT, r: UNIT * 0.49, "data-corner": id }, click(indices), msg.actions[indices[0]].label));
    svg.append(s("circle", { cx: x * UNIT, cy: y * UNIT, r: 10, class: "hot hot-spot", "data-corner": id, "data-index": indices[0], onclick: click(indices) },
      s("title", {}, msg.actions[indices[0]].label)));
    made.push(...indices);
  }

  // ---------------------------------------------------------------- panel under the board
  const parts = [];
  const hud = [];
  const mv = st.movement;
  // what each number on the board ages into, in words a phone reads (app.css shows it there,
  // where the «→next» by a token would be 5 px high)
  if (ageing.size) {
    parts.push(h("p", { class: "ageing-legend" }, ctx.T("board.iceland.ageing_now", {
      list: [...ageing].sort((a, b) => a[0] - b[0]).map(([n, next]) => `${n}→${next}`).join(", ") })));
  }
  hud.push(h("div", { class: "catan-info" },
    h("span", { class: "chip phase", "data-phase": st.phase }, G(`iceland.phase.${st.phase}`)),
    // the view counts turns from 0 (the terminal's title adds 1): the first turn is «Ход 1»
    h("span", { class: "chip", "data-turn": st.turn + 1 }, ctx.turnWords(st.turn + 1)),
    st.dice ? h("span", { class: "chip dice" }, ctx.T("board.iceland.dice", { a: st.dice[0], b: st.dice[1], sum: st.dice[0] + st.dice[1] })) : null,
    st.phase === "move" && mv ? h("span", { class: "chip" }, ctx.T("board.iceland.steps", { left: mv.steps_left, taken: mv.steps_taken })) : null,
    h("span", { class: "chip" }, ctx.T("board.iceland.fate_deck", { n: st.supply.fate_deck })),
    h("span", { class: "chip muted", title: G("iceland.render.ageing") }, ctx.T("board.iceland.ageing"))));

  const me = msg.seat !== null && msg.seat !== undefined && st.hand ? st.players[msg.seat] : null;
  if (me) {
    hud.push(h("section", { class: "my-hand" }, h("h3", {}, ctx.T("game.hand")),
      h("div", { class: "hand" }, res.map((r) => h("span", { class: "chip", "data-resource": r },
        h("span", { class: "swatch", style: `background:${resourceColour(r)}` }), `${G(`iceland.res.${r}`)} ×${st.hand[r] ?? 0}`))),
      // (.quiet: the seat decides something else — a case, a move — and plays no card now; a
      // phone then lists the cards by name only, so the decision's buttons are not pushed under
      // the first screen by three cards' rules: app.css)
      st.fate_hand?.length
        ? h("div", { class: "hand fate-hand" + (msg.actions.length && !msg.actions.some((a) => a.action.type === "play_fate") ? " quiet" : "") },
          h("strong", {}, ctx.T("board.iceland.fate"), ":"),
          st.fate_hand.map((c) => h("span", { class: "chip fate", "data-card": c, title: ctx.help?.fate?.[c] || null }, G(`iceland.card.${c}`), h("small", { class: "fate-effect" }, ctx.help?.fate?.[c] ? ` — ${ctx.help.fate[c]}` : ""))))
        : null));
    // the costs of the four builds (L57-58), beside the hand that pays them, in the seat's
    // own turn of trade and building
    if (st.current === msg.seat && st.phase === "build") {
      hud.push(costsCard(ctx.help?.costs, ["farm", "town", "settler", "boat"].map((k) => [k, ctx.T(`board.cost.${k}`)]),
        st.hand, (r) => G(`iceland.res.${r}`), resourceColour, ctx.T));
    }
  }
  const handWords = (hand) => res.map((r) => `${G(`iceland.res.${r}`)} ×${hand[r] ?? 0}`).join(", ");
  parts.push(h("table", { class: "players iceland-players" },
    h("thead", {}, h("tr", {}, h("th", {}), h("th", {}), h("th", {}, ctx.T("board.cards")), h("th", {}, ctx.T("board.iceland.fate")),
      ["white", "red", "black"].map((k) => h("th", { title: ctx.T(`board.iceland.${k}`) }, h("span", { class: `token-dot ${k}` }))), h("th", {}, ctx.T("board.points")))),
    h("tbody", {}, st.players.map((p, seat) => h("tr", { "data-seat": seat, class: seat === st.current ? "acting" : "" },
      h("td", {}, h("span", { class: "swatch", style: `background:${colourOf(seat)}` })),
      h("td", { class: "name" }, ctx.seatName(seat)),
      // every hand is public kind by kind (L6-7, L26-60: no card moves unseen; the view's
      // players[x].hand): the count and, beside it, a swatch and a number per kind held — the
      // names in the title and for a screen reader
      h("td", { class: "cards", title: p.hand ? handWords(p.hand) : null },
        h("span", { class: "count" }, p.cards),
        p.hand ? h("span", { class: "hand-kinds", "aria-label": handWords(p.hand) },
          res.filter((r) => (p.hand[r] ?? 0) > 0).map((r) => h("span", { class: "kind", "data-resource": r, title: G(`iceland.res.${r}`) },
            h("span", { class: "swatch", style: `background:${resourceColour(r)}` }), String(p.hand[r])))) : null),
      h("td", {}, p.fate_cards, p.fate_known?.length ? h("small", { class: "badge" }, p.fate_known.map((c) => G(`iceland.card.${c}`)).join(", ")) : null),
      h("td", {}, p.white), h("td", {}, p.red), h("td", {}, p.black),
      h("td", { class: "points", "data-score-of": seat }, p.points))))));

  // an offer's amounts (by the table's resources) in words
  const vec = (v) => res.map((r, i) => (v[i] ? `${G(`iceland.res.${r}`)} ×${v[i]}` : null)).filter(Boolean).join(", ") || "—";
  if (st.offer) {
    const role = msg.seat === st.offer.to ? "to" : msg.seat === st.current ? "from" : "other";
    hud.push(h("section", { class: "trade" }, h("h3", {}, ctx.T("board.trade_between", { from: ctx.seatName(st.current), to: ctx.seatName(st.offer.to) })),
      offerTerms(ctx.T, { role, give: vec(st.offer.give), get: vec(st.offer.get) })));
  }
  if (st.althing) hud.push(althing(st, ctx, G, pieceName, res));
  hud.push(help(st, ctx));
  if (msg.actions.some((a) => a.action.type === "offer_trade" || a.action.type === "trade_bank") || offerTargets(msg, st).length) {
    hud.push(tradeBuilder(msg, st, ctx, G, res));
    msg.actions.forEach((a, i) => { if (a.action.type === "offer_trade" || a.action.type === "trade_bank") made.push(i); });
  }
  if (st.offer) {
    const answers = msg.actions.map((a, i) => [a, i]).filter(([a]) => a.action.type === "answer_offer");
    // what the seat asked lacks to accept (its own hand against what the offer asks of it)
    const short = msg.seat === st.offer.to && st.hand ? res.map((r, i) => (st.offer.get[i] || 0) - (st.hand[r] ?? 0)) : [];
    const box = hud.find((x) => x.classList?.contains("trade") && !x.classList.contains("althing"));
    if (box && answers.length) {
      box.append(h("div", { class: "trade-answers" }, answers.map(([a, i]) => (made.push(i), h("button", {
        type: "button", class: a.action.accept ? "primary action" : "action decline", "data-index": i, "data-type": a.action.type,
        onclick: () => ctx.act(i) }, a.label))),
        offerLacking(ctx.T, short.some((n) => n > 0) ? vec(short.map((n) => Math.max(n, 0))) : "")));
    }
  }
  if (st.pending_builds?.length) {
    parts.push(h("p", { class: "muted" }, ctx.T("board.iceland.pending"), ": ", st.pending_builds.map((b) => G(`iceland.build.build_${b[0]}`)).join(", ")));
  }
  const sup = st.supply;
  parts.push(h("details", { class: "iceland-supply" }, h("summary", {}, ctx.T("board.iceland.supply")),
    h("div", { class: "hand" }, Object.entries(sup.terrain).map(([t, n]) => h("span", { class: "chip" },
      h("span", { class: "swatch", style: `background:${terrainColour(t)}` }), `${terrainName(t)} ×${n}`))),
    h("div", { class: "hand" }, Object.entries(sup.numbers).map(([n, k]) => h("span", { class: "chip" }, `${n} ×${k}`))),
    h("div", { class: "hand" }, Object.entries(sup.harbours).map(([r, k]) => h("span", { class: "chip" }, `${ctx.T("board.iceland.harbour")} ${G(`iceland.res.${r}`)} ×${k}`))),
    sup.fate_discard?.length ? h("p", { class: "muted" }, ctx.T("board.iceland.discard"), ": ", sup.fate_discard.map((c) => G(`iceland.card.${c}`)).join(", ")) : null));

  el.replaceChildren(svg, h("div", { class: "board-panel" }, parts));
  (ctx.hud || el.querySelector(".board-panel")).append(...hud.filter(Boolean));
  return made;
}

// A short help panel from the web catalog: the Althing and its cases while it sits, fate cards
// whenever the player holds some.
function help(st, ctx) {
  const keys = [];
  if (st.althing) keys.push("althing", "case", "black");
  if (st.fate_hand?.length || st.althing) keys.push("fate");
  if (!keys.length) return null;
  return h("details", { class: "help-panel" },
    h("summary", {}, "? ", ctx.T("help.title")),
    keys.map((k) => h("p", { "data-help": k }, ctx.T(`help.iceland.${k}`))));
}

// Whom the player to move may make an offer now. The rulebook sets no bound on offers (L53
// «Текущий игрок также может предлагать торговлю другим игрокам»): the menu lists them only
// for the first few of a turn (a bound for bots), after which any other player may still be
// offered cards (the server refuses only where a table set offer_limit).
function offerTargets(msg, st) {
  const listed = [...new Set(msg.actions.filter((a) => a.action.type === "offer_trade").map((a) => a.action.to))];
  if (listed.length) return listed;
  const holds = Object.values(st.hand || {}).some((n) => n > 0);
  if (st.phase !== "build" || msg.seat !== st.current || !msg.actions.length || !holds || !(st.offers_made > 0)) return [];
  return st.players.map((_, seat) => seat).filter((seat) => seat !== msg.seat);
}

// The trade builder: give / get, then either a binding offer to one player or the bank.
// Its bounds are the rules' (L52, L53): the cards given are the player's own (the server
// refuses more: core.trade CANNOT_PAY); the cards asked are the addressee's, whose count of
// resource cards is public (L8 «называть общее количество карт ресурсов») — it may accept
// only if it holds them (core.trade.can_answer_yes), so an offer asks for that many cards at
// most, all kinds together; the bank gives one card a trade (L52 «за один другой»).
function tradeBuilder(msg, st, ctx, G, res) {
  const give = res.map(() => 0), get = res.map(() => 0);
  const hand = st.hand || {};
  const targets = offerTargets(msg, st);
  const bankActions = msg.actions.filter((a) => a.action.type === "trade_bank");
  const to = h("select", { class: "offer-to" }, targets.map((seat) => h("option", { value: seat }, ctx.seatName(seat))));
  // the most cards the get side may ask for, all kinds together: the addressee's, or the
  // bank's one card
  const held = () => (targets.length ? st.players[Number(to.value)]?.cards ?? 0 : 0);
  const askable = () => Math.max(held(), bankActions.length ? 1 : 0);
  const asked = () => get.reduce((a, b) => a + b, 0);
  const offer = h("button", { type: "button", class: "primary send-offer", disabled: true,
    onclick: () => ctx.send({ type: "offer_trade", to: Number(to.value), give: [...give], get: [...get] }) }, ctx.T("board.send_offer"));
  const bank = h("button", { type: "button", class: "primary send-bank", disabled: true }, ctx.T("board.send_bank"));
  // no kind both given and asked for (L53, core.trade.shared_kinds: the server refuses such an
  // offer): a kind put on one side cannot be added on the other, and the builder says why
  const steppers = { give: [], get: [] };
  const sameNote = h("p", { class: "muted same-kind-note", hidden: true });
  const block = sameKindGuard(res, give, get, steppers, sameNote, (r) => G(`iceland.res.${r}`), ctx.T);
  const check = () => {
    block();
    offer.disabled = !(targets.length && give.some((x) => x) && get.some((x) => x) && asked() <= held());
    const gi = give.map((x, i) => (x ? i : -1)).filter((i) => i >= 0);
    const ti = get.map((x, i) => (x ? i : -1)).filter((i) => i >= 0);
    const legal = gi.length === 1 && ti.length === 1 && get[ti[0]] === 1
      ? bankActions.find((a) => a.action.give === res[gi[0]] && a.action.get === res[ti[0]]) : null;
    bank.disabled = !legal;
    // the bank takes its rate (4, or 2 at a usable harbour) whatever count was set to give:
    // the button names the real terms (the action's label) rather than hiding them in a tooltip
    bank.textContent = legal ? legal.label : ctx.T("board.send_bank");
    bank.title = legal ? legal.label : "";
    bank.onclick = legal ? () => ctx.send(legal.action) : null;
  };
  // a count of one kind: side[i] between 0 and max() (a bound that may move with the addressee)
  const shown = [];
  const stepper = (r, side, i, max) => {
    const out = h("span", { class: "count" }, "0");
    const show = () => { out.textContent = String(side[i]); };
    const set = (v) => { side[i] = Math.max(0, Math.min(max(), v)); show(); check(); };
    shown.push(show);
    const el = h("span", { class: "stepper chip", "data-resource": r }, h("span", { class: "swatch", style: `background:${resourceColour(r)}` }), G(`iceland.res.${r}`),
      h("button", { type: "button", class: "minus", onclick: () => set(side[i] - 1) }, "−"), out,
      h("button", { type: "button", class: "plus", onclick: () => set(side[i] + 1) }, "+"));
    steppers[side === give ? "give" : "get"][i] = el;
    return el;
  };
  // another addressee: what is asked is cut to what that player holds (the last kinds first)
  to.addEventListener("change", () => {
    for (let i = get.length - 1; i >= 0 && asked() > askable(); i--) get[i] = Math.max(0, get[i] - (asked() - askable()));
    shown.forEach((show) => show());
    check();
  });
  return h("details", { class: "trade-builder" }, h("summary", {}, ctx.T("board.iceland.builder")),
    h("div", { class: "composer offer_trade" },
      h("div", { class: "row give" }, h("strong", {}, ctx.T("board.you_give")), res.map((r, i) => stepper(r, give, i, () => hand[r] ?? 0))),
      h("div", { class: "row get" }, h("strong", {}, ctx.T("board.you_get")), res.map((r, i) => stepper(r, get, i, () => get[i] + askable() - asked()))),
      sameNote,
      h("div", { class: "row" }, targets.length ? [ctx.T("board.iceland.offer_to"), " ", to, offer] : null, bankActions.length ? bank : null)));
}

function althing(st, ctx, G, pieceName, res) {
  const a = st.althing;
  const names = (seats) => (seats || []).map((x) => ctx.seatName(x)).join(", ") || "—";
  const rows = [h("h3", {}, G("iceland.label.althing"), " — ", ctx.T(`board.iceland.stage.${a.stage}`))];
  if (a.starter >= 0) rows.push(h("p", {}, ctx.T("board.iceland.starter", { name: ctx.seatName(a.starter) })));
  if (a.case) {
    const c = a.case;
    rows.push(h("div", { class: "althing-case" },
      h("p", {}, h("strong", {}, ctx.T("board.iceland.case", { piece: pieceName(c.piece), resource: G(`iceland.res.${typeof c.resource === "number" ? res[c.resource] : c.resource}`) }))),
      h("div", { class: "sides" }, c.sides.map((side, k) => h("div", { class: "side" + (c.turn === k ? " acting" : ""), "data-side": k },
        h("strong", {}, ctx.T(k === 0 ? "board.iceland.plaintiffs" : "board.iceland.defence")), ": ", names(side),
        h("span", { class: "chip bid" }, ctx.T("board.iceland.bid", { n: c.totals?.[k] ?? 0 })))))));
  }
  if (a.window) rows.push(h("p", { class: "muted" }, ctx.T("board.iceland.window", { answered: a.window.answered.length, seats: a.window.seats.length })));
  if (a.accused?.length) rows.push(h("p", {}, ctx.T("board.iceland.accused"), ": ", names(a.accused)));
  if (a.dissolved) rows.push(h("p", { class: "muted" }, ctx.T("board.iceland.dissolved")));
  return h("section", { class: "althing trade", "data-stage": a.stage }, rows);
}
