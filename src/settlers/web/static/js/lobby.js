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
