// The table chat panel, the same for every game. Lines come from the game's WebSocket
// ("chat" messages: a history on joining, then new lines) or, on the replay page, from
// GET /api/games/{id}/chat. Every text is put in with textContent (util.h): never parsed as HTML.
import { h } from "./util.js";

const TIME = new Map();  // lang -> Intl.DateTimeFormat

function clock(iso, lang) {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  if (!TIME.has(lang)) TIME.set(lang, new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit" }));
  return TIME.get(lang).format(at);
}

// root: the #chat section. opts: T, lang, mode ("live" | "replay"), id (game), seat() -> the
// page's own seat or null, color(seat) -> CSS colour, send(text) -> whether it went out.
export function setupChat(root, opts) {
  const { T, lang } = opts;
  const $ = (sel) => root.querySelector(sel);
  const list = $(".chat-lines"), form = $(".chat-form"), input = $(".chat-input");
  const toggle = $(".chat-toggle"), unreadEl = $(".chat-unread"), note = $(".chat-note");
  const errorEl = $(".chat-error"), left = $(".chat-left"), jump = document.getElementById("chat-jump");
  const lines = new Map();  // id -> line
  let unread = 0;
  let maxLength = Number(input?.getAttribute("maxlength")) || 300;
  let pending = null;  // the text last sent, given back to the input if it is refused
  let visible = true;  // the panel is on screen (desktop: not scrolled away)
  const phone = window.matchMedia("(max-width: 1000px)");

  function isOpen() { return root.dataset.open === "true"; }
  function setOpen(open) {
    root.dataset.open = String(open);
    toggle.setAttribute("aria-expanded", String(open));
    toggle.title = open ? T("chat.hide") : T("chat.show");
    if (open) { markRead(); scrollDown(); } else showUnread();
  }
  function seen() { return isOpen() && visible && document.visibilityState !== "hidden"; }
  function markRead() { unread = 0; showUnread(); }
  function showUnread() {
    const text = unread ? T("chat.unread", { n: unread }) : "";
    unreadEl.hidden = !unread;
    unreadEl.textContent = unread ? String(unread) : "";
    unreadEl.title = text;
    root.dataset.unread = String(unread);
    if (jump) {
      // wide screens: the button shows only while new lines are out of sight. Phones: the
      // folded chat is this button, in the head's flow (never over the table), with the count
      jump.hidden = phone.matches ? isOpen() : !unread || (isOpen() && visible);
      jump.replaceChildren(root.querySelector(".chat-icon").cloneNode(true), unread ? ` ${unread}` : "");
      jump.title = text || T("chat.show");
      jump.setAttribute("aria-label", jump.title);
    }
  }
  function own(x) {
    const seat = opts.seat();
    return seat !== null && seat !== undefined && !x.spectator && x.seat === seat;
  }
  function scrollDown() { list.scrollTop = list.scrollHeight; }

  function lineEl(x) {
    const mine = own(x);
    return h("li", { class: ["chat-line", mine ? "mine" : "", x.spectator ? "spectator" : ""].join(" ").trim(), "data-id": x.id, "data-seat": x.seat ?? "" },
      h("span", { class: "chat-swatch", style: x.spectator ? null : `background:${opts.color(x.seat)}` }),
      h("span", { class: "chat-name" }, x.name),
      h("time", { class: "chat-time", datetime: x.at }, clock(x.at, lang)),
      h("span", { class: "chat-text" }, x.text));
  }

  function draw() {
    const keys = [...lines.keys()].sort((a, b) => a - b);
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
    if (!keys.length) list.replaceChildren(h("li", { class: "chat-empty muted" }, T("chat.empty")));
    else list.replaceChildren(...keys.map((id) => lineEl(lines.get(id))));
    if (atBottom || !list.dataset.drawn) scrollDown();
    list.dataset.drawn = "1";
    root.dataset.count = String(lines.size);
  }

  // a "chat" message from the server (or the API)
  function receive(msg) {
    // a reconnect's history: lines written while this page was away count as new
    const lastSeen = lines.size ? Math.max(...lines.keys()) : null;
    if (msg.history) {
      lines.clear();
      if (msg.max_length) { maxLength = msg.max_length; input?.setAttribute("maxlength", String(maxLength)); }
      if (msg.can_post !== undefined) canPost(msg.can_post);
    }
    const fresh = msg.lines.filter((x) => (msg.history ? lastSeen !== null && x.id > lastSeen : !lines.has(x.id)));
    for (const x of msg.lines) lines.set(x.id, x);
    draw();
    const others = fresh.filter((x) => !own(x)).length;
    if (others && !seen()) { unread += others; showUnread(); }
    if (msg.lines.some((x) => own(x) && x.text === pending)) pending = null;
  }

  function canPost(yes) {
    if (!form) return;
    form.hidden = !yes;
    note.hidden = false;
    const seat = opts.seat();
    note.textContent = yes ? (seat === null || seat === undefined ? T("chat.as_spectator") : "") : T("chat.read_only");
    if (!note.textContent) note.hidden = true;
  }

  function error(msg) {
    errorEl.textContent = msg.message;
    errorEl.hidden = false;
    clearTimeout(error.timer);
    error.timer = setTimeout(() => { errorEl.hidden = true; }, 8000);
    if (pending !== null && input && !input.value) input.value = pending;
    pending = null;
    if (!isOpen()) setOpen(true);
  }

  function counter() {
    if (!left) return;
    const n = maxLength - [...input.value].length;
    left.hidden = n > 50;
    left.textContent = T("chat.left", { n: Math.max(0, n) });
  }

  toggle.addEventListener("click", () => setOpen(!isOpen()));
  // phones: Escape folds the sheet away again
  root.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && phone.matches && isOpen()) { setOpen(false); (jump || toggle).focus(); }
  });
  jump?.addEventListener("click", () => {
    setOpen(true);
    root.scrollIntoView({ block: "nearest", behavior: "smooth" });
    input?.focus();
  });
  if (form) {
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      if (opts.send(text)) { pending = text; input.value = ""; errorEl.hidden = true; counter(); }
    });
    input.addEventListener("input", counter);
  }
  if ("IntersectionObserver" in window) {
    new IntersectionObserver((entries) => {
      visible = entries.some((e) => e.isIntersecting);
      if (seen()) markRead(); else showUnread();
    }).observe(list);
  }
  document.addEventListener("visibilitychange", () => { if (seen()) markRead(); });
  // phones: the chat starts folded into a button, so it never covers the table unasked
  setOpen(!phone.matches);
  phone.addEventListener?.("change", (ev) => setOpen(!ev.matches));
  draw();

  // the replay page: the whole stored chat, read only
  async function loadAll() {
    note.textContent = T("chat.replay_note");
    note.hidden = false;
    let before = null;
    for (let page = 0; page < 20; page++) {
      const q = new URLSearchParams({ lang });
      if (before !== null) q.set("before", String(before));
      const res = await fetch(`/api/games/${opts.id}/chat?${q}`);
      const msg = await res.json();
      if (msg.type === "error") { error(msg); return; }
      receive({ ...msg, history: false });
      if (!msg.more || !msg.lines.length) break;
      before = msg.lines[0].id;
    }
    unread = 0;
    showUnread();
  }
  if (opts.mode === "replay") loadAll();

  return { receive, error, redraw: draw };
}
