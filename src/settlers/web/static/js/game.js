// The game page: one WebSocket to the server, everything drawn from the last message.
// Generic parts (players, status, actions, log, state tree) work for every game; a game's
// board renderer (static/js/games/<id>.js) draws the board and makes legal actions clickable.
import { setupChat } from "./chat.js";
import { showCommitment, verifyGame } from "./fairness.js";
import { fill, formatNumber, h, tree, SEAT_COLORS } from "./util.js";

const boot = JSON.parse(document.getElementById("boot").textContent);
// "my games": this browser keeps the seat links it opened (the lobby asks which still work)
if (boot.token && boot.mode === "live") {
  try {
    const kept = JSON.parse(localStorage.getItem("settlers.seats") || "[]").filter((x) => x.id !== boot.id);
    kept.unshift({ id: boot.id, token: boot.token });
    localStorage.setItem("settlers.seats", JSON.stringify(kept.slice(0, 50)));
  } catch (err) { console.warn("cannot keep the seat link", err); }
}
// the one-column layout of a phone (app.css)
const PHONE_LAYOUT = "(max-width: 1000px)";
const T = (key, params = {}) => fill(boot.catalog[key] ?? key, params, boot.lang);
// a score, a count: as the page's language writes figures («1 000», «2,5»)
const figure = (value) => (typeof value === "number" ? formatNumber(value, boot.lang) : String(value));
const $ = (id) => document.getElementById(id);

let renderer = null;
if (boot.renderer) {
  try { renderer = await import(boot.renderer); } catch (err) { console.error("renderer failed to load", err); }
}

let current = null;   // the last "state"/"replay" message
let ws = null;
let retry = 0;
let busy = false;

// the table chat (chat.js): lines arrive on the game's socket, or from the API on a replay
const chat = setupChat($("chat"), {
  T, lang: boot.lang, mode: boot.mode, id: boot.id,
  seat: () => (current ? current.seat : null),
  color: (seat) => (current ? seatColor(current, seat) : SEAT_COLORS[seat % SEAT_COLORS.length]),
  send: (text) => {
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify({ type: "chat", text }));
    return true;
  },
});

// ------------------------------------------------------------------ rendering
function seatName(msg, seat) {
  const s = msg.seats?.[seat];
  return s ? s.name : T("seat.default_name", { n: seat + 1 });
}

// The seat whose turn it is (the game's own "current"), which may differ from the seats asked
// now: a bot's trade offer waits for my answer during the bot's turn.
function currentSeat(msg) {
  const st = msg.view.state || {};
  const seat = (x) => Number.isInteger(x) && x >= 0 && x < msg.seats.length;
  // a game whose "current" is not the seat on move in every phase names that seat itself
  // (turnOf(msg); undefined where "current" holds): Founders' draft, founding and last masters
  // go round in orders of their own while "current" stays the last turn's player
  let own;
  try { own = renderer?.turnOf?.(msg); } catch (err) { console.error(err); }
  if (own !== undefined) return seat(own) ? own : null;
  if (seat(st.current)) return st.current;
  // Archipelago: "actor" is the seat at the wheel and "turn" the round number; during secret
  // bids the actor is stale, so only an actor who is asked counts; while an offer is answered
  // the actor is its addressee, and the move is the proposer's
  if ("actor" in st) {
    if (st.step === "answer" && seat(st.offer?.from)) return st.offer.from;
    // the secret bids are everybody's at once (L258): nobody's move — the round's actor bids
    // like the rest (the seat asked read «Ходит Игрок 2 — сделайте тайную ставку»)
    if (st.step === "bid") return null;
    // the Thief's or the Pirate's victim hands over a cube in the card user's round
    if ((st.step === "thief_hands" || st.step === "pirate_pay") && seat(st.ctx?.thief)) return st.ctx.thief;
    return seat(st.actor) && msg.view.to_act.includes(st.actor) ? st.actor : null;
  }
  return seat(st.turn) ? st.turn : null;
}

// What the seats asked now decide when it is not simply a move of the turn (a discard, a
// trade's answer, a bid…): the renderer names its kind (awaited(msg)), the status says it in
// the catalog's words (game.ask.<kind> to the seat asked, game.wait.<kind> of the others)
function awaitedKind(msg) {
  let kind = null;
  try { kind = renderer?.awaited?.(msg) || null; } catch (err) { console.error(err); }
  return kind && boot.catalog[`game.ask.${kind}`] && boot.catalog[`game.wait.${kind}`] ? kind : null;
}

const capitalised = (text) => text.charAt(0).toLocaleUpperCase(boot.lang) + text.slice(1);

// The catalog's «Ваш ход — {ask}» with the game's words in a span of their own (.ask): a phone
// sets them lighter than the head, so Imperial's longest ask stays within three lines
function showAsk(el, key, params, ask) {
  const mark = "\u0000";
  const [before, after = ""] = T(key, { ...params, ask: mark }).split(mark);
  el.replaceChildren(before, h("span", { class: "ask" }, ask), after);
}

function renderStatus(msg) {
  const el = $("status");
  const view = msg.view;
  el.className = "status";
  const mine = msg.seat !== null && msg.seat !== undefined;
  const asked = mine && view.to_act.includes(msg.seat) && msg.actions.length > 0;
  const current = currentSeat(msg);
  const kind = msg.over ? null : awaitedKind(msg);
  if (msg.over) {
    const winners = msg.winners || view.winners || [];
    const names = winners.map((s) => seatName(msg, s)).join(", ");
    // «Победители: …» for a shared win, «Победителей нет» for a game nobody won (everybody lost
    // together — Archipelago's independence, L906)
    el.textContent = `${T("game.over")}. ${T("game.winners", { n: winners.length, names }).trim()} `;
    if (boot.mode === "live") el.append(h("a", { href: `/games/${boot.id}/replay`, class: "replay-link" }, T("game.open_replay")));
    el.classList.add("over");
  } else if (msg.status === "stopped" && (boot.mode !== "replay" || msg.step === msg.steps)) {
    // stopped at the most moves a game may have on the server: unfinished, nobody won
    el.textContent = `${T("game.stopped", { n: msg.version })} `;
    if (boot.mode === "live") el.append(h("a", { href: `/games/${boot.id}/replay`, class: "replay-link" }, T("game.open_replay")));
    el.classList.add("over", "stopped");
  } else if (asked && kind) {
    const ask = T(`game.ask.${kind}`);
    el.textContent = current === null ? capitalised(ask)
      : current === msg.seat ? T("game.your_turn_asks", { ask })
        : T("game.turn_of_asks", { name: seatName(msg, current), ask });
    el.classList.add("mine");
  } else if (asked && (current === null || current === msg.seat)) {
    // the game's own words for the decision (state.decision_text), where it has them
    if (msg.decision) showAsk(el, "game.your_turn_asks", {}, msg.decision);
    else el.textContent = T("game.your_turn");
    el.classList.add("mine");
  } else if (asked) {
    if (msg.decision) showAsk(el, "game.turn_of_asks", { name: seatName(msg, current) }, msg.decision);
    else el.textContent = T("game.turn_of_asks_you", { name: seatName(msg, current) });
    el.classList.add("mine");
  } else if (current !== null && view.to_act.length === 1 && view.to_act[0] === current) {
    el.textContent = T("game.turn_of", { name: seatName(msg, current) });
  } else {
    const names = view.to_act.map((s) => seatName(msg, s)).join(", ");
    el.textContent = kind ? T(`game.wait.${kind}`, { names }) : T("game.waiting_for", { names });
  }
  el.dataset.awaits = kind || "";
  el.dataset.current = current === null ? "" : String(current);
  el.dataset.version = String(msg.version);
}

function seatColor(msg, seat) {
  const own = renderer?.seatColor ? renderer.seatColor(msg, seat) : null;
  return own || SEAT_COLORS[seat % SEAT_COLORS.length];
}

function renderPlayers(msg) {
  const el = $("players");
  let own = null;
  try { own = renderer?.scores ? renderer.scores(msg) : null; } catch (err) { console.error(err); }
  const scores = msg.view.scores || own || msg.final_scores || null;
  const rows = msg.seats.map((s) => {
    const acting = msg.view.to_act.includes(s.seat);
    return h("tr", { class: [acting ? "acting" : "", s.seat === msg.seat ? "me" : ""].join(" "), "data-seat": s.seat },
      h("td", {}, h("span", { class: "swatch", style: `background:${seatColor(msg, s.seat)}` })),
      h("td", { class: "name" }, s.name, s.kind === "bot" ? h("small", { class: "badge" }, boot.catalog[`botname.${s.bot}`] ? T(`botname.${s.bot}`) : `${T("game.bot")} ${s.bot}`) : null),
      h("td", { class: s.online ? "online" : "offline", title: s.online ? T("game.online") : T("game.offline") }, s.online ? "●" : "○"),
      h("td", { class: "score" }, scores && scores[s.seat] !== undefined && scores[s.seat] !== null ? figure(scores[s.seat]) : "—"),
      h("td", { class: "turn" }, acting ? "▶" : ""),
    );
  });
  el.replaceChildren(h("table", { class: "players" },
    h("thead", {}, h("tr", {}, h("th", {}), h("th", {}), h("th", {}), h("th", {}, T("game.score")), h("th", {}, T("game.turn")))),
    h("tbody", {}, rows)));
  // the same scores in a line under the head while the players card is out of sight
  // (#game.scores-seen hides it, app.css): at 1280×800 Catan's and Landnám's HUD with a
  // counter-offer being composed puts the card under the first screen; a phone's players card
  // is always a long scroll away
  const line = $("score-line");
  const known = scores && msg.seats.some((s) => scores[s.seat] !== undefined && scores[s.seat] !== null);
  line.hidden = !known;
  // (a phone's sticky head shows it in the row of the chat button and the replay link: the
  // seats' colours and scores, the names in each one's title — app.css)
  const score = (seat) => (scores[seat] !== undefined && scores[seat] !== null ? figure(scores[seat]) : "—");
  line.replaceChildren(...(known ? [h("span", { class: "score-head" }, T("game.score_line")),
    ...msg.seats.map((s) => h("span", {
      class: "seat-score" + (s.seat === msg.seat ? " me" : ""), "data-seat": s.seat,
      title: T("game.seat_score", { name: s.name, score: score(s.seat) }),
    }, h("span", { class: "swatch", style: `background:${seatColor(msg, s.seat)}` }), h("span", { class: "seat-name" }, s.name),
    h("b", {}, score(s.seat))))] : []));
  watchPlayers();
}

// The line is left out while every seat's score is in sight: on the players card, or on the
// board where a game shows them (Founders' grid heads, Imperial's board heads, the players
// tables of Catan and Landnám: the renderers mark them [data-score-of=seat]). Founders and
// Imperial put one seat's score per board, a screen apart: the line stays while any is out
// of sight, and goes as a duplicate once all are seen (#game.scores-seen, app.css).
let playersWatch = null, playersInSight = false;
function watchPlayers() {
  if (playersWatch || typeof IntersectionObserver !== "function") return;
  playersWatch = new IntersectionObserver(([e]) => {
    playersInSight = e.isIntersecting && e.intersectionRatio > 0.9;
    scoresSeen();
  }, { threshold: [0, 0.9, 1] });
  playersWatch.observe($("players"));
}

let boardScoresWatch = null;
const boardScoresInSight = new Map();   // a marked element -> in sight
function watchBoardScores() {
  if (boardScoresWatch) boardScoresWatch.disconnect();
  boardScoresInSight.clear();
  const marked = document.querySelectorAll("#board [data-score-of], #hud [data-score-of], #board-after [data-score-of]");
  if (!marked.length || typeof IntersectionObserver !== "function") { scoresSeen(); return; }
  boardScoresWatch = new IntersectionObserver((entries) => {
    for (const e of entries) boardScoresInSight.set(e.target, e.isIntersecting && e.intersectionRatio > 0.9);
    scoresSeen();
  }, { threshold: [0, 0.9, 1] });
  for (const n of marked) { boardScoresInSight.set(n, false); boardScoresWatch.observe(n); }
  scoresSeen();
}

function scoresSeen() {
  const seen = new Set([...boardScoresInSight].filter(([, on]) => on).map(([n]) => n.dataset.scoreOf));
  const all = !!current && current.seats.length > 0 && current.seats.every((s) => seen.has(String(s.seat)));
  $("game").classList.toggle("scores-seen", playersInSight || all);
}

const logLines = new Map();  // line number (among this seat's) -> text; a broadcast carries only new lines
const logLang = boot.lang;  // the language the lines were asked in (every socket asks in it)

function renderLog(msg) {
  const el = $("log");
  if (msg.log_from === 0) logLines.clear();
  for (const e of msg.log) logLines.set(e.i, e.text);
  if (!logLines.size) {
    el.replaceChildren(h("li", { class: "muted" }, T("game.log_empty")));
    $("last-event").hidden = true;
    return;
  }
  const keys = [...logLines.keys()].sort((a, b) => a - b);
  el.replaceChildren(...keys.map((i) => h("li", { "data-i": i }, logLines.get(i))));
  el.scrollTop = el.scrollHeight;
  // what happened last, under the status: a phone's log is a long scroll away; a wide
  // screen's log is beside the board, but at 1280×800 Catan's and Landnám's side column
  // (the HUD, the players, the chat) puts it under the first screen — the line shows there
  // whenever the log's newest line is out of sight (#game.log-seen hides it, app.css)
  const last = $("last-event");
  last.textContent = T("game.last_event", { text: logLines.get(keys[keys.length - 1]) });
  last.title = last.textContent;   // (a phone cuts the line: the whole of it on a hover)
  last.dataset.i = String(keys[keys.length - 1]);
  last.hidden = false;
  watchNewest(el.lastElementChild);
}

let newestWatch = null;
function watchNewest(li) {
  if (newestWatch) newestWatch.disconnect();
  if (!li || typeof IntersectionObserver !== "function") return;
  newestWatch = new IntersectionObserver(([e]) => {
    $("game").classList.toggle("log-seen", e.isIntersecting && e.intersectionRatio > 0.9);
  }, { threshold: [0, 0.9, 1] });
  newestWatch.observe(li);
}

function actionButtons(msg, indices, onBoard) {
  return indices.map((i) => {
    const a = msg.actions[i];
    // an action going to a seat (renderer.actionSeat: Archipelago's offers and gifts, whose
    // labels name the seat's colour) carries the seat's swatch, its name in the title
    let to = null;
    try { to = renderer?.actionSeat?.(a.action) ?? null; } catch (err) { console.error(err); }
    // …and a renderer may word the button itself (renderer.actionLabel: Archipelago's engine
    // labels name the seat's colour alone, «Предложить сделку: Жёлтый»; the button names the
    // seat too, «Игрок 2 (Жёлтый)», as the offer builder's list does)
    let label = a.label;
    try { label = renderer?.actionLabel?.(a, { game: boot.game_catalog || {}, seatName: (s) => seatName(msg, s) }) ?? a.label; } catch (err) { console.error(err); }
    return h("button", {
      type: "button",
      class: "action" + (onBoard.has(i) ? " on-board" : ""),
      "data-index": i,
      "data-type": a.action.type,
      "data-action": JSON.stringify(a.action),
      title: to === null ? null : seatName(msg, to),
      onclick: () => act(i),
    }, to === null ? null : h("span", { class: "swatch", "data-seat": to, style: `background:${seatColor(msg, to)}` }), label);
  });
}

function withFilter(buttons) {
  if (buttons.length <= 12) return [h("div", { class: "action-list" }, buttons)];
  const filter = h("input", { type: "search", class: "action-filter", placeholder: T("game.filter") });
  filter.addEventListener("input", () => {
    const q = filter.value.trim().toLowerCase();
    for (const b of buttons) b.hidden = q && !b.textContent.toLowerCase().includes(q);
    if (list.parentElement) fitActionLists(list.parentElement);
  });
  const list = h("div", { class: "action-list" }, buttons);
  return [filter, list];
}

// A list of actions higher than its cap (app.css: .action-list, 30vh at 1280×800) scrolls; it
// ends between two rows of buttons, never across one, and a line under it says how many are
// below, until scrolled to its end (the eleventh pass: Archipelago's turn order cut its seventh
// button in half, with nothing to say the list went on)
function fitActionLists(root) {
  for (const list of root.querySelectorAll(".action-list")) {
    list.style.maxHeight = "";
    const cue = moreBelow(list);
    if (!list.getClientRects().length || list.scrollHeight <= list.clientHeight + 1) { cue?.remove(); continue; }
    const box = list.getBoundingClientRect();
    const edge = (b, side) => b.getBoundingClientRect()[side] - box.top + list.scrollTop;
    const cut = shownIn(list).filter((b) => edge(b, "bottom") > list.clientHeight + 0.5);
    if (!cut.length) { cue?.remove(); continue; }
    // the first row not wholly in sight starts where the list now ends
    list.style.maxHeight = `${Math.floor(Math.min(...cut.map((b) => edge(b, "top"))))}px`;
    if (!cue) {
      list.after(h("p", { class: "more-below muted" }));
      list.addEventListener("scroll", () => countBelow(list), { passive: true });
    }
    countBelow(list);
  }
}
function moreBelow(list) {
  return list.nextElementSibling?.classList.contains("more-below") ? list.nextElementSibling : null;
}
function shownIn(list) {
  return [...list.children].filter((b) => b.getClientRects().length);
}
function countBelow(list) {
  const line = moreBelow(list);
  if (!line) return;
  const bottom = list.getBoundingClientRect().bottom;
  const below = shownIn(list).filter((b) => b.getBoundingClientRect().bottom > bottom + 0.5).length;
  line.hidden = below === 0;
  line.textContent = T("game.more_below", { n: below });
}
let refitting = null;
window.addEventListener("resize", () => {
  clearTimeout(refitting);
  refitting = setTimeout(() => { if ($("actions")) fitActionLists($("actions")); liftHead(); }, 150);
});

// A phone's head is sticky (app.css): the status, the last move and the scores stay in sight
// as the page scrolls. Its first lines — the game's name, «Вы играете за: …» — need not: the
// head sticks with them above the screen's top (a negative top, the status's offset in it),
// some 40-60 px more of the board and the HUD in every scrolled screen, and nothing jumps.
// (The rows under them change as the scores' line comes and goes — the chat button then
// joins the status's row: the head's size is watched.)
let headWatch = null;
function liftHead() {
  const head = document.querySelector(".game-head");
  if (!head) return;
  if (!headWatch && typeof ResizeObserver === "function") (headWatch = new ResizeObserver(() => liftHead())).observe(head);
  if (!window.matchMedia(PHONE_LAYOUT).matches) { head.style.top = ""; return; }
  const rest = [...head.children].filter((n) => n.tagName !== "H1" && n.id !== "who" && n.getClientRects().length);
  const top = Math.min(...rest.map((n) => n.offsetTop));
  head.style.top = `${-Math.max(0, Number.isFinite(top) ? top - 3 : 0)}px`;
}

// Actions that close a turn or a step: one prominent button each, above everything else.
const FINISH_TYPES = new Set(["end_turn", "pass", "end_movement", "end_cases", "done"]);

function finishButtons(msg) {
  // (a game may name closing actions of its own: Archipelago's end of a round)
  const own = renderer?.FINISH_TYPES || [];
  const finish = msg.actions.map((a, i) => [a, i]).filter(([a]) => FINISH_TYPES.has(a.action.type) || own.includes(a.action.type));
  const others = msg.actions.length - finish.length;
  return finish.map(([a, i]) => h("button", {
    type: "button", class: "primary finish action", "data-index": i, "data-type": a.action.type,
    onclick: () => {
      // a game may ask before some of these (Imperial: passing gives up the rest of the
      // round), while other actions remain
      if ((renderer?.CONFIRM_TYPES || []).includes(a.action.type) && others > 0 && !confirm(T("game.confirm_pass", { n: others }))) return;
      act(i);
    },
  }, a.label));
}

// «Pick a highlighted place on the board» — which may be out of sight: Imperial's own
// locations lie under the hand, below the first screen at 1280×800 and screens down on a
// phone. A button beside the words brings a lit place into view (the next one at each press).
let litShown = -1;
function boardHint() {
  const show = () => {
    const lit = [...document.querySelectorAll("#board .hot")].filter((n) => n.getClientRects().length);
    if (!lit.length) return;
    litShown = (litShown + 1) % lit.length;
    lit[litShown].scrollIntoView({ block: "center", inline: "nearest" });
  };
  litShown = -1;
  return h("p", { class: "board-hint" }, T("game.board_hint"), " ",
    h("button", { type: "button", class: "show-lit", onclick: show }, T("game.board_show")));
}

// Actions the board made clickable are folded away under "All actions"; the rest are buttons.
function renderActions(msg, onBoard) {
  const el = $("actions");
  if (!el) return;
  if (!msg.actions.length) {
    // at the end nobody acts any more: the status and the final scores say so
    el.replaceChildren(...(msg.over || msg.status === "stopped" ? [] : [h("p", { class: "muted" }, T("game.no_actions"))]));
    $("game").classList.remove("board-decides");
    return;
  }
  const finish = finishButtons(msg);
  const finishing = new Set(finish.map((b) => Number(b.dataset.index)));
  const all = msg.actions.map((_, i) => i);
  const rest = all.filter((i) => !onBoard.has(i) && !finishing.has(i));
  const parts = [];
  // lit places on the board (a renderer may also make the HUD's own buttons, as a trade's
  // answers: then the hint would send the player to a board with nothing to click)
  const lit = document.querySelector("#board .hot") !== null;
  // a renderer may fold the side actions under the closing button while the turn's main
  // decision is drawn in the HUD above them (Archipelago's wheel on a phone: its token
  // exchanges, offers and gifts pushed «Закончить раунд» a screen down): foldRest names the fold
  let fold = null;
  try { fold = rest.length ? renderer?.foldRest?.(msg, rest.length, boot.game_catalog || {}) || null : null; } catch (err) { console.error(err); }
  if (rest.length && !fold) parts.push(...withFilter(actionButtons(msg, rest, onBoard)));
  else if (!rest.length && lit) parts.push(boardHint());
  if (finish.length) parts.push(h("div", { class: "finish-row" }, finish));
  if (fold) parts.push(h("details", { class: "side-actions" }, h("summary", {}, fold), ...withFilter(actionButtons(msg, rest, onBoard))));
  if (onBoard.size) {
    const folded = h("details", { class: "all-actions" }, h("summary", {}, T("game.more_actions", { n: all.length })),
      ...withFilter(actionButtons(msg, all, onBoard)));
    parts.push(folded);
  }
  el.replaceChildren(...parts);
  fitActionLists(el);
  // (a folded list is laid out when opened)
  for (const fold of el.querySelectorAll("details")) fold.addEventListener("toggle", () => fitActionLists(fold));
  // a phone shows the HUD before the board; the board comes first when every choice but
  // closing the turn is a lit place on it and its renderer says the place is near its top
  // (mapFirst(msg): a map a screen high; app.css: .board-decides) — a long board of cards
  // keeps the HUD first
  let first = false;
  try { first = Boolean(renderer?.mapFirst?.(msg)); } catch (err) { console.error(err); }
  // (a HUD with controls of its own — a trade builder, a trade's answers — stays first)
  const hudControls = document.querySelector("#hud button") !== null;
  const decides = first && lit && !rest.length && !hudControls;
  $("game").classList.toggle("board-decides", decides);
  // …and a phone then needs no hint sending it to the board just above (app.css hides it): it
  // goes last, the closing button first under the map
  const hint = el.querySelector(":scope > .board-hint");
  if (hint && decides && window.matchMedia(PHONE_LAYOUT).matches) el.append(hint);
}

// A phone, when the board decides (.board-decides: the map first, the HUD under it): the tables
// under a map (.board-panel: the players, the supply…) go under the HUD (#board-after), so the
// phase, the hand and the closing button follow the map in the first screen. Landnám's
// movement, whose status takes two lines, put the phase chip under the first screen.
function placeBoardPanel() {
  const after = $("board-after");
  if (!after) return;
  const panel = $("board").querySelector(":scope > .board-panel");
  const move = Boolean(panel) && $("game").classList.contains("board-decides") && window.matchMedia(PHONE_LAYOUT).matches;
  after.replaceChildren(...(move ? [panel] : []));
  after.hidden = !move;
}

function renderView(msg) {
  $("view").replaceChildren(tree(msg.view.state));
}

// A trade builder opened in the HUD brings its foot — the send buttons — into view: the side
// column (1280) or the page (a phone) scrolls by as much as it ends under the screen, never
// past the builder's own top (Landnám's «Обменять с банком», under the builder's four kinds,
// ended under the first screen at 1280×800)
function revealOnOpen(fold) {
  fold.addEventListener("toggle", () => { if (fold.open) fold.scrollIntoView({ block: "nearest" }); });
}

// The turn chip's words: «Ход N» from the first turn, «Расстановка» before it (Catan's founding
// and Archipelago's turn zero are turn 0 in their views; a table said «Ход 0» there). With
// ``lines``, for a narrow place (Archipelago's 52-px wheel hub), the words in lines parted by
// «|»: «Расста-|новка», «Setup».
function turnWords(n, lines = false) {
  return n > 0 ? T("board.turn", { n }) : T(lines ? "board.setup_lines" : "board.setup");
}

function renderBoard(msg) {
  const board = $("board");
  const onBoard = new Set();
  if (renderer) {
    try {
      const hud = $("hud");
      hud.replaceChildren();
      const made = renderer.render(board, msg, {
        T, act, send, hud, help: boot.board_help || {}, lang: boot.lang, game: boot.game_catalog || {}, seatName: (s) => seatName(msg, s),
        turnWords,
      });
      for (const i of made || []) onBoard.add(i);
      for (const fold of hud.querySelectorAll("details.trade-builder")) revealOnOpen(fold);
      return onBoard;
    } catch (err) {
      console.error("board renderer failed", err);
    }
  }
  board.replaceChildren(h("div", { class: "generic-board" }, tree(msg.view.state)));
  return onBoard;
}

// ------------------------------------------------------------------ game over
let timeline = null;

async function renderFinal(msg) {
  const el = $("final");
  // a game stopped at the server's move limit has its scores and chart too (nobody won)
  const ended = msg.over || msg.status === "stopped";
  if (!ended || boot.mode === "replay" && msg.step !== msg.steps) { el.hidden = true; return; }
  el.hidden = false;
  if (!timeline) {
    try {
      const res = await fetch(`/api/games/${boot.id}/timeline?lang=${boot.lang}`);
      timeline = await res.json();
    } catch (err) { console.error(err); return; }
  }
  if (timeline.type === "error") { el.replaceChildren(h("p", {}, timeline.message)); return; }
  const order = msg.seats.map((s) => s.seat).sort((a, b) => timeline.final[b] - timeline.final[a]);
  // the rulebook's categories (settlements, cities, …) as columns before the total
  const parts = timeline.breakdown || { categories: [], rows: [] };
  el.replaceChildren(
    h("h2", {}, T("game.final_scores")),
    h("table", { class: "players final-scores" },
      parts.categories.length ? h("thead", {}, h("tr", {},
        h("th", {}, ""),
        h("th", { class: "score" }, T("game.total")),
        parts.categories.map((c) => h("th", { class: "part", "data-key": c.key }, c.label)))) : null,
      h("tbody", {}, order.map((seat, place) => h("tr", { "data-seat": seat, class: timeline.winners.includes(seat) ? "winner" : "" },
        // place, colour and name in one cell, on one line: the place (a winner's ★) on the
        // seat's swatch, so the cell is as narrow as the name and a phone has room for four
        // categories' columns (the place, the swatch and the star beside the name made it
        // 114 px and Founders' table ran 23 px past its card; broken after the place, every
        // row took two lines)
        h("td", { class: "name" },
          h("span", { class: "rank" }, placeBadge(seatColor(msg, seat), timeline.winners.includes(seat) ? "★" : `${place + 1}`)),
          h("span", { class: "who" }, seatName(msg, seat))),
        // the total next to the name: on a phone, where five categories may scroll inside the
        // card, it is never the column out of sight
        h("td", { class: "score" }, figure(timeline.final[seat])),
        parts.categories.map((c, i) => h("td", { class: "part", "data-key": c.key }, figure(parts.rows[seat][i]))))))),
    h("h3", {}, T("game.points_over_game")),
    chart(msg, timeline));
}

// A seat's place in the final scores: its figure (or a winner's ★) on the seat's colour, in
// black or white, whichever is the more legible on that colour (WCAG's relative luminance).
function placeBadge(colour, text) {
  const m = /^#([0-9a-f]{6})$/i.exec(colour || "");
  const lum = m ? [16, 8, 0].map((shift) => ((parseInt(m[1], 16) >> shift) & 255) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0) : 1;
  return h("span", { class: "swatch place", style: `background:${colour};color:${lum > 0.179 ? "#1b1b1b" : "#fff"}` }, text);
}

// Every player's score along the game as lines on one SVG chart.
function chart(msg, tl) {
  const W = 360, H = 180, L = 30, B = 22, R = 8, TOP = 8;
  const maxStep = Math.max(1, tl.steps[tl.steps.length - 1]);
  const all = tl.scores.flat();
  const lo = Math.min(0, ...all), hi = Math.max(1, ...all);
  const x = (step) => L + (step / maxStep) * (W - L - R);
  const y = (v) => TOP + (1 - (v - lo) / (hi - lo)) * (H - TOP - B);
  const NS = "http://www.w3.org/2000/svg";
  const el = (tag, attrs, text) => {
    const n = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
    if (text !== undefined) n.textContent = text;
    return n;
  };
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "score-chart", role: "img", "aria-label": T("game.points_over_game") });
  const ticks = [...new Set([lo, Math.round((lo + hi) / 2), hi])];
  for (const v of ticks) {
    svg.append(el("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: "grid" }));
    svg.append(el("text", { x: L - 4, y: y(v) + 4, "text-anchor": "end", class: "tick" }, figure(v)));
  }
  svg.append(el("text", { x: W - R, y: H - 4, "text-anchor": "end", class: "tick" }, T("game.chart_moves", { n: maxStep })));
  for (const s of msg.seats) {
    const pts = tl.steps.map((step, i) => `${x(step).toFixed(1)},${y(tl.scores[i][s.seat]).toFixed(1)}`).join(" ");
    const line = el("polyline", { points: pts, fill: "none", stroke: seatColor(msg, s.seat), "stroke-width": 2.5, "data-seat": s.seat, class: "series" });
    line.append(el("title", {}, seatName(msg, s.seat)));
    svg.append(line);
  }
  return svg;
}

function render(msg) {
  current = msg;
  busy = false;
  document.body.classList.remove("busy");
  renderStatus(msg);
  liftHead();
  renderPlayers(msg);
  const onBoard = renderBoard(msg);
  renderActions(msg, onBoard);
  placeBoardPanel();
  watchBoardScores();
  renderLog(msg);
  renderView(msg);
  renderFinal(msg);
  renderIdle();
  if (boot.mode === "live") showCommitment($("fairness"), msg.fairness, T, `/games/${boot.id}/replay`);
  $("game").dataset.version = String(msg.version);
  $("game").dataset.over = String(msg.over);
}

function toast(text) {
  const el = $("toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.hidden = true; }, 6000);
}

function setConn(key) {
  const el = $("conn");
  if (el) { el.textContent = T(`game.${key}`); el.dataset.state = key; }
}

// ------------------------------------------------------------------ live play
function act(index) {
  const a = current?.actions[index];
  if (a) send(a.action);
}

// Any action JSON (board composers build actions that are not in the listed ones; the server
// checks them like every other).
function send(action) {
  if (!current || busy || !ws || ws.readyState !== WebSocket.OPEN) return;
  busy = true;
  document.body.classList.add("busy");
  ws.send(JSON.stringify({ type: "act", version: current.version, action }));
}

// A broadcast carries only the top-level keys of view.state that changed since the last
// state message on this socket; rebuild the whole view before drawing.
function merge(msg) {
  const view = msg.view;
  if (view.state_delta === undefined) return msg;
  const state = Object.assign({}, current ? current.view.state : {}, view.state_delta);
  for (const k of view.state_removed || []) delete state[k];
  view.state = state;
  delete view.state_delta;
  delete view.state_removed;
  return msg;
}

// ------------------------------------------------------------------ when an idle table stops
// The server says in how many seconds the table is stopped if nobody touches it (a move, a
// seat's page opening or chat line) and from how close to that the page says so ("idle"
// messages: Room.idle_message); counted down here from when it was told, on the page's own
// clock, so no clock of the server's is needed and nothing of the policy is guessed here.
let idle = null;   // { until: performance.now() when it stops, within: seconds }

// as the lobby says it (payloads.idle_when): whole days from two days on, whole hours from
// one hour on (never more time than is left), then "within the hour"
function idleWhen(seconds) {
  if (seconds >= 2 * 86400) return T("idle.in_days", { n: Math.floor(seconds / 86400) });
  if (seconds >= 3600) return T("idle.in_hours", { n: Math.floor(seconds / 3600) });
  return T("idle.within_hour");
}

function renderIdle() {
  const el = $("idle-notice");
  if (!el) return;
  const live = current !== null && !current.over && current.status !== "stopped";
  const left = idle ? (idle.until - performance.now()) / 1000 : Infinity;
  const show = live && idle !== null && left <= idle.within;
  if (show) el.textContent = T("idle.notice", { when: idleWhen(Math.max(0, left)) });
  el.hidden = !show;
}

function onIdle(msg) {
  idle = typeof msg.stops_in === "number" && typeof msg.notice_within === "number"
    ? { until: performance.now() + msg.stops_in * 1000, within: msg.notice_within } : null;
  renderIdle();
}
if (boot.mode === "live") setInterval(renderIdle, 30000);

function handle(msg) {
  if (msg.type === "state") render(merge(msg));
  else if (msg.type === "idle") onIdle(msg);
  else if (msg.type === "presence" && current) { current.seats = msg.seats; renderPlayers(current); }
  else if (msg.type === "chat") chat.receive(msg);
  else if (msg.type === "error" && String(msg.code).startsWith("chat_")) chat.error(msg);
  else if (msg.type === "error") {
    busy = false;
    document.body.classList.remove("busy");
    toast(msg.message);
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = new URLSearchParams({ lang: boot.lang });
  if (boot.token) q.set("token", boot.token);
  // reconnecting: the log lines this page has (numbered 0.. among the seat's own, with no
  // gap) and their language, so only the ones it missed come; a page missing one, or whose
  // lines are in another language than it asks for, is sent the whole log
  if (logLines.size && logLines.has(logLines.size - 1)) {
    q.set("since", String(logLines.size));
    q.set("since_lang", logLang);
  }
  ws = new WebSocket(`${proto}://${location.host}/ws/games/${boot.id}?${q}`);
  ws.onopen = () => { retry = 0; setConn("connected"); };
  ws.onmessage = (ev) => handle(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    if (ev.code >= 4400 && ev.code < 4500) return;  // refused for good (bad token, unknown game)
    setConn("reconnecting");
    setTimeout(connect, Math.min(5000, 250 * 2 ** retry++));
  };
}

// ------------------------------------------------------------------ replay
async function showStep(step) {
  const res = await fetch(`/api/games/${boot.id}/replay/${step}?lang=${boot.lang}`);
  const msg = await res.json();
  if (msg.type === "error") { toast(msg.message); return; }
  render(msg);
  const url = new URL(location.href);
  url.searchParams.set("step", String(msg.step));
  history.replaceState(null, "", url);
  $("replay-range").value = String(msg.step);
  $("replay-step").textContent = T("game.replay_step", { step: msg.step, steps: msg.steps });
}

function setupReplay() {
  const range = $("replay-range");
  const steps = Number(range.max);
  const go = (what) => {
    const now = current ? current.step : 0;
    const to = { first: 0, prev: now - 1, next: now + 1, last: steps }[what];
    showStep(Math.max(0, Math.min(steps, to)));
  };
  for (const b of document.querySelectorAll("#replay-bar button")) b.addEventListener("click", () => go(b.dataset.step));
  range.addEventListener("change", () => showStep(Number(range.value)));
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowLeft") go("prev");
    if (ev.key === "ArrowRight") go("next");
  });
  const asked = Number(new URLSearchParams(location.search).get("step"));
  showStep(Number.isInteger(asked) && asked > 0 ? Math.min(asked, steps) : 0);
}

if (boot.mode === "replay") {
  setupReplay();
  if (boot.over) verifyGame($("fairness"), boot.id, T);
} else connect();
