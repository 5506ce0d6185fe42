// Small helpers shared by the game page and the per-game board renderers.
export const SVG_NS = "http://www.w3.org/2000/svg";

// A figure as the page's language writes it (Intl.NumberFormat): «1 000» (a no-break space),
// «2,5» in Russian; "1,000", "2.5" in English — what settlers.core.numbers and the server's
// plural texts write. Numbers only: a seed or an id the reader may copy stays as it came.
const numberFormats = new Map();
export function formatNumber(value, lang = document.documentElement.lang || "ru") {
  let format = numberFormats.get(lang);
  if (!format) { format = new Intl.NumberFormat(lang); numberFormats.set(lang, format); }
  return format.format(value);
}

function shown(value, lang) {
  return typeof value === "number" && Number.isFinite(value) ? formatNumber(value, lang) : String(value);
}

// A catalog text with its fields filled. ICU-style plurals and selects are understood:
// "{n, plural, one {# ход} few {# хода} many {# ходов} other {# хода}}" picks the form by the
// language's CLDR plural rules (Intl.PluralRules; the server uses Babel's, settlers/web/plurals.py).
// A number, in "#" or a plain field, is written by formatNumber. A field marked "!s" ("Шаг
// {step!s} из {steps!s}") is a number that names rather than counts — a turn, a step, a round,
// a version — and is written as it is, «Ход 1234», as the server's log and the terminal write
// it (Python's "!s" on the server gives the same); "!f" (the server's figure) is a plain field.
export function fill(template, params = {}, lang = document.documentElement.lang || "ru") {
  const text = String(template);
  let out = "";
  for (let i = 0; i < text.length;) {
    if (text[i] !== "{") { out += text[i++]; continue; }
    const end = closing(text, i);
    const inner = text.slice(i + 1, end);
    const m = inner.match(/^\s*(\w+)\s*,\s*(plural|select)\s*,([\s\S]*)$/);
    if (m) {
      const [, name, kind, body] = m;
      const options = icuOptions(body);
      const value = params[name];
      let chosen;
      if (kind === "plural") {
        chosen = options[`=${value}`] ?? options[new Intl.PluralRules(lang).select(Math.abs(Number(value)))] ?? options.other ?? "";
        out += fill(chosen, params, lang).replaceAll("#", shown(value, lang));
      } else {
        chosen = options[String(value)] ?? options.other ?? "";
        out += fill(chosen, params, lang);
      }
    } else {
      const [, name, conversion] = inner.trim().match(/^([^!]*)(?:!([sf]))?$/) ?? [, inner.trim()];
      if (!(name in params)) out += `{${inner}}`;
      else out += conversion === "s" ? String(params[name]) : shown(params[name], lang);
    }
    i = end + 1;
  }
  return out;
}

function closing(text, start) {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  return text.length - 1;
}

function icuOptions(body) {
  const out = {};
  let i = 0;
  while (i < body.length) {
    if (/\s/.test(body[i])) { i++; continue; }
    const open = body.indexOf("{", i);
    if (open < 0) break;
    const end = closing(body, open);
    out[body.slice(i, open).trim()] = body.slice(open + 1, end);
    i = end + 1;
  }
  return out;
}

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// A board's small clickable mark (a corner's dot, a robber's spot) drawn at the scale of a
// phone's screen is a dozen pixels wide: under it, a transparent shape as large as the place
// allows, with the same click. ``kind`` names the place (the mark's own class), so a test or a
// style can find the target of a mark; neighbouring targets never overlap (the caller sizes them).
export function hitArea(tag, attrs, onclick, title = null) {
  return s(tag, { ...attrs, class: "hit", fill: "transparent", onclick }, title ? s("title", {}, title) : null);
}

// Eight distinct player colours (seat order).
export const SEAT_COLORS = ["#d33b2c", "#2f6fd6", "#e8e2d0", "#e58a1f", "#2e9e57", "#8a4bc9", "#6b4a2b", "#1aa3a3"];

// A generic, readable tree of any JSON value (used when a game has no board renderer).
export function tree(value, depth = 0) {
  if (value === null || typeof value !== "object") return h("span", { class: "v" }, JSON.stringify(value));
  if (Array.isArray(value)) {
    if (value.every((x) => x === null || typeof x !== "object")) {
      return h("span", { class: "v" }, value.length ? value.map((x) => JSON.stringify(x)).join(", ") : "—");
    }
    return h("ol", { class: "tree", start: "0" }, value.map((x) => h("li", {}, tree(x, depth + 1))));
  }
  const entries = Object.entries(value);
  if (!entries.length) return h("span", { class: "v" }, "—");
  return h("dl", { class: "tree" }, entries.map(([k, v]) => [h("dt", {}, k), h("dd", {}, tree(v, depth + 1))]));
}

// Append `value` to the list kept under `key` (legal actions grouped by board place).
export function push(map, key, value) {
  if (!map.has(key)) map.set(key, []);
  map.get(key).push(value);
}

// Several actions on one board place (the robber with a choice of victim, a tile with several
// verbs): a small chooser at the click, inside `host`.
export function placeMenu(host, indices, actions, ctx, ev, picture = null) {
  host.querySelector(".place-menu")?.remove();
  // ``picture(i)``: a drawing of what action i would make (a game's preview), or null
  const pictures = indices.map((i) => (picture ? picture(i) : null));
  const box = h("div", { class: "place-menu card" + (pictures.some(Boolean) ? " with-pictures" : "") },
    indices.map((i, k) => h("button", { type: "button", class: "action", "data-index": i, onclick: () => { box.remove(); ctx.act(i); } }, pictures[k], h("span", {}, actions[i].label))),
    h("button", { type: "button", onclick: () => box.remove() }, "×"));
  const r = host.getBoundingClientRect();
  host.append(box);
  // by the click, but inside the host: a click near its right edge (a phone) opens it leftwards
  const left = Math.max(0, Math.min(ev.clientX - r.left + 8, host.clientWidth - box.offsetWidth - 4));
  box.style.left = `${left}px`;
  box.style.top = `${ev.clientY - r.top + 8}px`;
}

// A trade composer's guard: no kind both given and asked for (core.trade.shared_kinds; the
// server refuses such an offer, Landnám L53). `steppers` = {give: [el…], get: [el…]} by kind
// index; a kind on one side cannot be added on the other (its «+» disabled, the chip dimmed and
// titled), and `note` says which kinds and why. Returns the function to call on every change.
export function sameKindGuard(kinds, give, get, steppers, note, name, T) {
  return () => {
    const shared = [];
    kinds.forEach((r, i) => {
      for (const [side, other, els] of [[give, get, steppers.give], [get, give, steppers.get]]) {
        const el = els[i];
        if (!el) continue;
        const blocked = other[i] > 0 && side[i] === 0;
        el.classList.toggle("blocked", blocked);
        el.querySelector(".plus").disabled = blocked;
        el.title = blocked ? T("board.same_kind", { res: name(r) }) : "";
        if (blocked && !shared.includes(r)) shared.push(r);
      }
    });
    note.hidden = !shared.length;
    note.textContent = shared.length ? T("board.same_kind", { res: shared.map(name).join(", ") }) : "";
  };
}

// The building costs card, as the boxes print it beside the board: each build («Дорога»,
// «Город», …) with a swatch per card it costs (the colours of the hand's chips above it) and
// the names in its title; what the seat's ``hand`` pays for now is marked. ``costs`` =
// {build: {resource: n}} (the server's board help: the game's own rules data), ``items`` =
// [[build, label]] in the card's order, ``name``/``colour`` of a resource.
export function costsCard(costs, items, hand, name, colour, T) {
  const rows = items.filter(([k]) => costs?.[k]).map(([k, label]) => {
    const cost = Object.entries(costs[k]).filter(([, n]) => n > 0);
    const ok = cost.every(([r, n]) => (hand?.[r] ?? 0) >= n);
    const said = cost.map(([r, n]) => `${name(r)} ×${n}`).join(", ");
    return h("li", { class: "cost" + (ok ? " afford" : ""), "data-build": k, title: `${label}: ${said}${ok ? ` — ${T("board.cost_afford")}` : ""}` },
      h("span", { class: "cost-name" }, label),
      h("span", { class: "cost-cards", role: "img", "aria-label": said },
        cost.flatMap(([r, n]) => Array.from({ length: n }, () => h("span", { class: "swatch", "data-resource": r, style: `background:${colour(r)}` })))),
      ok ? h("span", { class: "afford-mark", "aria-label": T("board.cost_afford") }, "✓") : null);
  });
  return rows.length ? h("section", { class: "build-costs" }, h("h3", {}, T("board.costs")), h("ul", {}, rows)) : null;
}
