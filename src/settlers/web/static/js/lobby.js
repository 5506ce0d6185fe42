// Lobby: adapt the new-game form to the chosen game (player counts, options, seats); copy links.
const form = document.getElementById("new-game");

function sync() {
  const game = document.getElementById("game-select");
  const players = document.getElementById("players-select");
  const opt = game.selectedOptions[0];
  const lo = Number(opt.dataset.min), hi = Number(opt.dataset.max);
  for (const o of players.options) {
    const n = Number(o.value);
    o.hidden = o.disabled = n < lo || n > hi;
  }
  let n = Number(players.value);
  if (n < lo || n > hi) { n = Math.min(hi, Math.max(lo, 4)); players.value = String(n); }
  for (const fs of form.querySelectorAll("fieldset.options")) {
    const on = fs.dataset.game === game.value;
    fs.hidden = !on;
    for (const el of fs.querySelectorAll("select,input")) el.disabled = !on;
  }
  for (const row of form.querySelectorAll(".seat-row")) {
    const kind = row.querySelector("select.seat-kind");
    for (const o of kind.options) {
      if (!o.dataset.games) continue;
      const ok = o.dataset.games.split(" ").includes(game.value);
      o.hidden = o.disabled = !ok;
    }
    if (kind.selectedOptions[0]?.disabled) {
      const fallback = [...kind.options].find((o) => !o.disabled && o.value !== "human");
      kind.value = fallback ? fallback.value : "human";
    }
    const on = Number(row.dataset.seat) < n;
    row.hidden = !on;
    for (const el of row.querySelectorAll("select,input")) el.disabled = !on;
  }
}

if (form) {
  form.addEventListener("change", sync);
  sync();
}

for (const btn of document.querySelectorAll("button.copy")) {
  btn.addEventListener("click", async () => {
    const input = btn.parentElement.querySelector("input.link");
    input.select();
    try { await navigator.clipboard.writeText(input.value); } catch { document.execCommand("copy"); }
    btn.textContent = btn.dataset.copied;
  });
}

// "My games": the seat links this browser keeps (localStorage); the server says which still
// work, the dead ones are dropped.
const mine = document.getElementById("mine");
if (mine) showMine(mine);

async function showMine(box) {
  let kept = [];
  try { kept = JSON.parse(localStorage.getItem("settlers.seats") || "[]"); } catch { kept = []; }
  if (!Array.isArray(kept) || !kept.length) return;
  const lang = document.documentElement.lang;
  let games;
  try {
    const res = await fetch(`/api/mine?lang=${lang}`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ seats: kept.slice(0, 50) }),
    });
    if (!res.ok) return;
    games = (await res.json()).games;
  } catch { return; }
  const alive = new Set(games.map((g) => `${g.id} ${g.link}`));
  localStorage.setItem("settlers.seats", JSON.stringify(
    kept.filter((x) => alive.has(`${x.id} /games/${x.id}?token=${encodeURIComponent(x.token)}`))));
  const list = box.querySelector("ul");
  for (const g of games) {
    if (list.querySelector(`li[data-game-id="${CSS.escape(g.id)}"]`)) continue;
    const li = document.createElement("li");
    li.dataset.gameId = g.id;
    li.className = "mine-game";
    const name = document.createElement("strong");
    name.textContent = g.game_name;
    const seat = document.createElement("span");
    seat.textContent = ` ${box.dataset.seatLabel.replace("{n}", g.seat + 1)} — ${g.name} `;
    const a = document.createElement("a");
    a.className = "resume";
    a.href = g.link;
    a.textContent = box.dataset.label;
    li.append(name, seat, a);
    if (g.stops_note) {   // when it stops unless someone moves (the server's words and time)
      const stops = document.createElement("small");
      stops.className = "muted idle-stops";
      stops.textContent = ` ${g.stops_note}`;
      li.append(stops);
    }
    list.append(li);
  }
  if (list.children.length) box.hidden = false;
}

// The creator's page: a new link for a seat (the old one stops working at once).
for (const btn of document.querySelectorAll("button.reissue")) {
  btn.addEventListener("click", async () => {
    const gid = btn.closest("[data-game-id]").dataset.gameId;
    const creator = new URLSearchParams(location.search).get("creator") || "";
    const res = await fetch(`/api/games/${gid}/seats/${btn.dataset.seat}/reissue?lang=${document.documentElement.lang}`, {
      method: "POST", headers: { "x-creator-token": creator },
    });
    const body = await res.json();
    const li = btn.closest("li");
    const input = li.querySelector("input.link");
    input.hidden = false;
    input.value = res.ok ? `${location.origin}${body.link}` : body.message;
    li.querySelector("button.copy").hidden = !res.ok;
  });
}

// A content option: one's own data uploaded (a file; for a folder option its files, sent as
// one JSON object {file name: text}). The server checks it by starting a game with it and
// answers the set's name, which is added to the option's list and chosen; a refusal is shown
// as the server words it (naming the file by its name, never a place on the server).
// The input itself is hidden (Chromium's «Choose Files / No file chosen» are the browser's
// words, not the page's): its label shows a button and the chosen file's name.
for (const input of document.querySelectorAll("input.content-upload")) {
  input.addEventListener("change", () => {
    const chosen = input.parentElement.querySelector(".upload-chosen");
    if (chosen) chosen.textContent = [...input.files].map((f) => f.name).join(", ") || input.dataset.none;
    uploadContent(input);
  });
}

async function uploadContent(input) {
  const files = [...input.files];
  if (!files.length) return;
  const status = input.parentElement.querySelector(".upload-status");
  const select = form.querySelector(`select[name="${CSS.escape(input.dataset.select)}"]`);
  const lang = document.documentElement.lang;
  let body, filename;
  if (input.multiple) {
    const allowed = (input.dataset.files || "").split(" ");
    const texts = {};
    for (const f of files) if (allowed.includes(f.name)) texts[f.name] = await f.text();
    body = JSON.stringify(texts);
    filename = files.length === 1 ? files[0].name : "";
  } else {
    body = files[0];
    filename = files[0].name;
  }
  status.textContent = input.dataset.sending;
  try {
    const query = new URLSearchParams({ lang, filename });
    const res = await fetch(`/api/content/${encodeURIComponent(input.dataset.game)}/` +
      `${encodeURIComponent(input.dataset.option)}?${query}`, { method: "POST", body });
    const answer = await res.json();
    if (!res.ok) {
      status.textContent = answer.message;
      return;
    }
    let choice = [...select.options].find((o) => o.value === answer.name);
    if (!choice) {
      choice = new Option(filename ? `${filename} (${answer.name})` : answer.name, answer.name);
      select.add(choice);
    }
    select.value = answer.name;
    status.textContent = input.dataset.done;
  } catch {
    status.textContent = input.dataset.failed;
  } finally {
    input.value = "";
  }
}
