// Founders of the Empire: the market (open rows, stacks, prizes, draft) and each player's tile
// grid, drawn from view(seat)["state"] (schema: settlers/games/founders/README.md). Legal tiles,
// stacks, cells and corners are clickable. Returns the indices of the actions made clickable.
import { seatAskedIn } from "../seat_on_move.js";
import { h, placeMenu, push, s } from "../util.js";

const CELL = 86;
const LAYOUT_CELL = 72;   // a founding layout's tile (two of them side by side fit half a phone's card)
const DECK_COLOUR = { nature: "#5fa052", village: "#4f7fc4", city: "#8a5bb8", prize: "#c4473d" };
// a tile's name in its deck's colour, darker where that colour is too light for words on white
// (nature 3.2:1, village 4.1:1 — now 5.2 and 5.9; city and prize are 4.8-4.9:1 as they are)
const DECK_INK = { ...DECK_COLOUR, nature: "#3f7a35", village: "#3a64a8" };

// What the seats asked decide when it is not the turn's own move (game.js names it in the
// status, web.game.ask.* / web.game.wait.*): the others' answers to a proposal to end the game
export function awaited(msg) {
  return msg.view.state?.phase === "vote" ? "end_vote" : null;
}

// Whose move it is (game.js, the status): the view's "current" is the player of the turn
// (reveal, main, place) and the vote's proposer; the nature draft, the laying of the first
// tiles and the last masters go round in orders of their own (draft_order, found_order,
// final_order: the rules engine asks one seat at a time), while "current" still names the
// last turn's player. There the one seat asked is the seat on move.
export const turnOf = seatAskedIn(["draft", "found", "final_masters"]);

// The points column of the players table: Founders keeps each player's score in its view.
export function scores(msg) {
  const players = msg.view.state?.players;
  return players ? players.map((p) => p.score) : null;
}

// Text that must fit a tile of the grid: up to `lines` lines no wider than `room` px at
// `size` px, broken between words (measured in the page's font: a count of letters let
// «Школа ремёсел» run over the next tile in bold Cyrillic). A word wider than a line, or the
// rest of a text longer than `lines`, keeps its size and is drawn narrower (svgLines).
let measurer = null;
function textWidth(text, size, bold) {
  measurer ??= document.createElement("canvas").getContext("2d");
  measurer.font = `${bold ? "bold " : ""}${size}px ${getComputedStyle(document.body).fontFamily || "sans-serif"}`;
  return measurer.measureText(text).width;
}

function wrapWords(text, room, lines, size, bold = false) {
  const out = [];
  let line = "";
  for (const word of String(text).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (!line || textWidth(next, size, bold) <= room) line = next;
    else { out.push(line); line = word; }
  }
  if (line) out.push(line);
  if (out.length > lines) out.splice(lines - 1, out.length, out.slice(lines - 1).join(" "));
  return out;
}

function svgLines(x, y, lines, size, attrs, room, bold = false) {
  return lines.map((line, i) => s("text", {
    x, y: y + i * (size + 2), "text-anchor": "middle", "font-size": size, fill: "#fff", ...attrs,
    // a line wider than the tile is squeezed to it, its letters kept at `size`
    ...(textWidth(line, size, bold) > room ? { textLength: room, lengthAdjust: "spacingAndGlyphs" } : {}),
  }, line));
}

// A tile to lay, a token to play on a grid or the founding's layouts: the chosen tile and the
// grids lead the board
// (render), so on a phone the board may come before the HUD (game.js).
const ON_GRIDS = new Set(["attach", "play_master", "play_cart", "play_war", "play_coin", "found_state"]);
const onGrids = (msg) => msg.actions.some((a) => ON_GRIDS.has(a.action.type));
// …and a reveal: its stacks lead the market, at the board's top (under a phone's HUD the third
// stack was cut by the first screen's foot)
export function mapFirst(msg) { return onGrids(msg) || msg.actions.some((a) => a.action.type === "reveal"); }

export function render(el, msg, ctx) {
  const st = msg.view.state;
  const lang = ctx.lang;
  const name = (obj) => obj?.[lang] || obj?.en || "?";
  const typeName = (type) => name(st.types[type]);
  const good = (g) => name(st.goods[g]);
  const made = [];
  const click = (indices) => (ev) => {
    ev.stopPropagation();
    if (indices.length === 1) ctx.act(indices[0]);
    else placeMenu(el, indices, msg.actions, ctx, ev);
  };

  // legal actions by what they point at
  const byTile = new Map(), byStack = new Map(), byCell = new Map(), byCorner = new Map();
  msg.actions.forEach((a, i) => {
    const x = a.action;
    if (x.type === "draft_pick" || x.type === "choose_tile") push(byTile, x.tile, i);
    else if (x.type === "reveal") push(byStack, x.stack, i);
    else if (x.type === "play_cart") push(byCorner, `${msg.seat}:${x.x}:${x.y}`, i);
    else if (x.type === "attach" || x.type === "play_master") push(byCell, `${msg.seat}:${x.x}:${x.y}`, i);
    else if (x.type === "play_war" || x.type === "play_coin") push(byCell, `${x.target}:${x.x}:${x.y}`, i);
  });

  const tileCard = (ref, extra = {}) => {
    const tt = st.types[ref.type] || {};
    const idx = byTile.get(ref.id);
    const gives = tt.vp ? `${tt.vp} ${ctx.T("board.vp")}` : (tt.produces || []).map(good).join(" / ");
    const card = h("div", {
      class: "tile-card" + (idx ? " hot" : ""), style: `border-color:${DECK_COLOUR[tt.deck] || "#999"}`,
      "data-tile": ref.id, "data-type": ref.type, "data-index": idx ? idx[0] : null,
      title: idx ? msg.actions[idx[0]].label : null, onclick: idx ? click(idx) : null, ...extra,
    },
    h("strong", { style: `color:${DECK_INK[tt.deck] || "#333"}` }, typeName(ref.type)),
    h("small", {}, `${(tt.needs || []).map(good).join(" + ") || "—"} → ${gives}`),
    tt.token ? h("small", { class: "badge" }, ctx.game[`founders.token.${tt.token}`] || tt.token) : null);
    if (idx) made.push(...idx);
    return card;
  };

  // ------------------------------------------------------------------ market
  const market = h("section", { class: "market" });
  const phase = ctx.game[`founders.phase.${st.phase}`] || st.phase;
  const hud = [];
  hud.push(h("div", { class: "catan-info" },
    h("span", { class: "chip phase", "data-phase": st.phase }, phase),
    h("span", { class: "chip" }, ctx.T("board.supply", st.supply))));
  if (st.draft?.length) {
    market.append(h("h3", {}, ctx.T("board.draft")), h("div", { class: "tile-row draft" }, st.draft.map((t) => tileCard(t))));
  }
  for (const stack of ["nature", "village", "city"]) {
    const idx = byStack.get(stack);
    const pile = h("div", {
      class: "tile-card stack" + (idx ? " hot" : ""), "data-stack": stack, "data-index": idx ? idx[0] : null,
      style: `border-color:${DECK_COLOUR[stack]};background:${DECK_COLOUR[stack]}22`,
      title: idx ? msg.actions[idx[0]].label : null, onclick: idx ? click(idx) : null,
    }, h("strong", {}, ctx.game[`founders.stack.${stack}`] || stack), h("small", {}, ctx.T("board.face_down", { n: st.stacks[stack] })));
    if (idx) made.push(...idx);
    market.append(h("div", { class: "tile-row", "data-row": stack }, pile, (st.rows[stack] || []).map((t) => tileCard(t))));
  }
  if (st.prizes?.length) market.append(h("h3", {}, ctx.T("board.prizes")), h("div", { class: "tile-row prizes" }, st.prizes.map((t) => tileCard(t))));
  const chosen = st.chosen ? h("section", { class: "chosen" }, h("h3", {}, ctx.T("board.chosen")), h("div", { class: "tile-row" }, tileCard(st.chosen))) : null;

  // ------------------------------------------------------------------ the founding's layouts
  // Each way to lay the two first tiles (found_state: the first at (0, 0), the second beside it
  // or, stacked, farther from the owner) drawn as the grid will show it, the owner below: a
  // button with the two tiles and the action's words (the words alone, «Положить «Обрыв» ближе
  // к себе, «Водопад» за ним», left the picture to the player)
  const layoutActions = msg.actions.map((a, i) => [a, i]).filter(([a]) => a.action.type === "found_state");
  const layouts = layoutActions.length ? h("div", { class: "found-layouts" }, layoutActions.map(([a, i]) => {
    made.push(i);
    const { first, second, stacked } = a.action;
    const typeOf = (id) => (st.players[msg.seat]?.founding || []).find((t) => t.id === id)?.type;
    const size = LAYOUT_CELL, w = stacked ? size : 2 * size, hgt = stacked ? 2 * size : size;
    const svg = s("svg", { viewBox: `0 0 ${w} ${hgt}`, class: "layout-picture", "aria-hidden": "true", style: `width:${w}px;height:${hgt}px` });
    for (const [id, x, y] of [[first, 0, stacked ? size : 0], [second, stacked ? 0 : size, 0]]) {
      const type = typeOf(id), tt = st.types[type] || {};
      svg.append(s("rect", { x: x + 2, y: y + 2, width: size - 4, height: size - 4, rx: 7, fill: DECK_COLOUR[tt.deck] || "#999", stroke: "#333" }));
      const room = size - 10;
      const title = wrapWords(typeName(type), room, 2, 11, true);
      svg.append(...svgLines(x + size / 2, y + 17, title, 11, { "font-weight": "bold" }, room, true));
      const gives = tt.vp ? `${tt.vp} ${ctx.T("board.vp")}` : (tt.produces || []).map(good).join(" / ");
      svg.append(...svgLines(x + size / 2, y + 19 + title.length * 13, wrapWords(gives, room, 2, 11), 11, {}, room));
    }
    return h("button", { type: "button", class: "found-layout hot", "data-index": i, "data-stacked": String(stacked), onclick: () => ctx.act(i) },
      svg, h("span", { class: "layout-words" }, a.label));
  })) : null;

  // ------------------------------------------------------------------ the players' grids
  const grids = h("section", { class: "grids" });
  const order = st.players.map((p) => p.seat);
  if (msg.seat !== null && msg.seat !== undefined) order.sort((a, b) => (a === msg.seat ? -1 : b === msg.seat ? 1 : a - b));
  for (const seat of order) {
    const p = st.players[seat];
    const mine = seat === msg.seat;
    const cells = [...p.tiles.map((t) => [t.x, t.y])];
    const hot = [...byCell.keys()].filter((k) => k.startsWith(`${seat}:`)).map((k) => k.split(":").slice(1).map(Number));
    const corners = [...byCorner.keys()].filter((k) => k.startsWith(`${seat}:`)).map((k) => k.split(":").slice(1).map(Number));
    const all = [...cells, ...hot, ...corners, [0, 0]];
    const minX = Math.min(...all.map((c) => c[0])) - 0.5, maxX = Math.max(...all.map((c) => c[0])) + 1.5;
    const minY = Math.min(...all.map((c) => c[1])) - 0.5, maxY = Math.max(...all.map((c) => c[1])) + 1.5;
    // y grows upwards (the owner sits below): screen y = (maxY - y - 1)
    const X = (x) => (x - minX) * CELL, Y = (y) => (maxY - y - 1) * CELL;
    const svg = s("svg", { viewBox: `0 0 ${(maxX - minX) * CELL} ${(maxY - minY) * CELL}`, class: "founders-grid", "data-seat": seat,
      // drawn 1:1 (its text 11 px; shrunk to a column, a phone drew it 8.8 px): a grid wider
      // than its card scrolls inside it (app.css)
      style: `width:${(maxX - minX) * CELL}px` });
    for (const t of p.tiles) {
      const tt = st.types[t.type] || {};
      const g = s("g", { class: "cell", "data-x": t.x, "data-y": t.y, "data-type": t.type });
      g.append(s("rect", { x: X(t.x) + 2, y: Y(t.y) + 2, width: CELL - 4, height: CELL - 4, rx: 8,
        fill: `${DECK_COLOUR[tt.deck] || "#999"}${t.producing ? "" : "88"}`, stroke: t.unprotected ? "#ffcc33" : "#333", "stroke-width": t.unprotected ? 3 : 1 }));
      const room = CELL - 12;   // the tile's rect less a margin each side
      const title = wrapWords(typeName(t.type), room, 2, 11, true);
      g.append(...svgLines(X(t.x) + CELL / 2, Y(t.y) + 18, title, 11, { "font-weight": "bold", class: "tile-name" }, room, true));
      const gives = tt.vp ? `${tt.vp} ${ctx.T("board.vp")}` : (tt.produces || []).map(good).join(" / ");
      g.append(...svgLines(X(t.x) + CELL / 2, Y(t.y) + 20 + title.length * 13, wrapWords(gives, room, 2, 11), 11, { class: "tile-gives" }, room));
      const flags = [t.war ? "⚔" : "", t.master ? "M" : "", t.coin ? "$" : ""].join(" ").trim();
      if (flags) g.append(s("text", { x: X(t.x) + CELL / 2, y: Y(t.y) + 78, "text-anchor": "middle", "font-size": 13, fill: "#fff" }, flags));
      g.append(s("title", {}, `${typeName(t.type)} (${t.x}, ${t.y})${t.master ? ` — ${name(st.masters[t.master])}` : ""}${t.coin ? ` — $ ${good(t.coin.good)}` : ""}`));
      svg.append(g);
    }
    for (const c of p.carts) svg.append(s("circle", { cx: X(c.x), cy: Y(c.y) + CELL, r: 9, fill: "#8b5a2b", stroke: "#222", class: "cart" }));
    for (const [x, y] of hot) {
      const idx = byCell.get(`${seat}:${x}:${y}`);
      // a lit cell that holds a tile (a master or a token to play on it) keeps the tile legible
      const onTile = p.tiles.some((t) => t.x === x && t.y === y);
      svg.append(s("rect", { x: X(x) + 8, y: Y(y) + 8, width: CELL - 16, height: CELL - 16, rx: 10, class: "hot hot-spot" + (onTile ? " on-tile" : ""), "data-x": x, "data-y": y, "data-index": idx[0], onclick: click(idx) },
        s("title", {}, msg.actions[idx[0]].label)));
      made.push(...idx);
    }
    for (const [x, y] of corners) {
      const idx = byCorner.get(`${seat}:${x}:${y}`);
      svg.append(s("circle", { cx: X(x), cy: Y(y) + CELL, r: 11, class: "hot hot-spot", "data-corner": `${x},${y}`, "data-index": idx[0], onclick: click(idx) },
        s("title", {}, msg.actions[idx[0]].label)));
      made.push(...idx);
    }
    const hand = p.hand;
    grids.append(h("div", { class: "player-grid" + (mine ? " mine" : ""), "data-seat": seat },
      h("h3", { "data-score-of": seat }, ctx.seatName(seat), " — ", ctx.T("board.points"), `: ${p.score}`),
      h("div", { class: "hand" },
        ["war", "coin", "cart"].map((k) => h("span", { class: "chip", "data-token": k }, `${ctx.game[`founders.token.${k}`] || k} ×${hand[k]}`)),
        hand.masters.map((m) => h("span", { class: "chip master" }, name(st.masters[m])))),
      p.founding?.length ? h("div", { class: "tile-row" }, p.founding.map((t) => tileCard(t))) : null,
      mine ? layouts : null,
      p.face_down?.length ? h("p", { class: "face-down-label" }, ctx.T("board.face_down", { n: p.face_down.length })) : null,
      p.face_down?.length ? h("div", { class: "tile-row compact" }, p.face_down.map((t) => tileCard(t))) : null,
      h("div", { class: "grid-scroll" }, svg)));
  }
  const me = msg.seat !== null && msg.seat !== undefined ? st.players[msg.seat] : null;
  if (me) {
    hud.push(h("section", { class: "my-hand" }, h("h3", { "data-score-of": msg.seat }, ctx.T("game.hand"), ` — ${ctx.T("board.points")}: ${me.score}`),
      h("div", { class: "hand" },
        ["war", "coin", "cart"].map((k) => h("span", { class: "chip", "data-token": k }, `${ctx.game[`founders.token.${k}`] || k} ×${me.hand[k]}`)),
        me.hand.masters.map((m) => h("span", { class: "chip master" }, name(st.masters[m]))))));
  }
  // a tile to lay or a token to play on a grid: the chosen tile and the grids (one's own
  // first) before the market, which would otherwise push them below the first screen — unless
  // the turn's choice of an open tile is in the market: the tokens are then a choice on the
  // way («можно сначала сыграть: монету»), and three grids put the market some 2,000 px down a
  // phone (the eighteenth pass)
  const gridsFirst = onGrids(msg) && !msg.actions.some((a) => a.action.type === "choose_tile");
  el.replaceChildren(h("div", { class: "founders" + (gridsFirst ? " grids-first" : "") }, gridsFirst ? [chosen, grids, market] : [market, chosen, grids]));
  if (ctx.hud) ctx.hud.append(...hud); else market.prepend(...hud);
  showLitCells(el);
  return made;
}

// A grid wider than its card scrolls inside it (drawn 1:1), from its left edge: a phone's card
// shows four columns, so a lit cell further right was out of sight, with no sign that it was
// there. Each grid with lit cells is scrolled to them: their span centred, or its start when
// the span is wider than the card.
function showLitCells(el) {
  for (const box of el.querySelectorAll(".grid-scroll")) {
    const lit = [...box.querySelectorAll(".hot-spot")].map((n) => n.getBBox());
    if (!lit.length || box.scrollWidth <= box.clientWidth) continue;
    const lo = Math.min(...lit.map((b) => b.x)), hi = Math.max(...lit.map((b) => b.x + b.width));
    box.scrollLeft = hi - lo <= box.clientWidth ? (lo + hi - box.clientWidth) / 2 : lo - 4;
  }
}
