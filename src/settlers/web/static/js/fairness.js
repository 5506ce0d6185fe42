// Provably fair play: the commitment sha256("seed:salt") is shown from the start; on the
// replay page of a finished game the revealed seed and salt are hashed HERE, in the browser,
// and compared with the commitment, and the server's replay of the game from that seed is
// checked to end exactly as the game was played.
import { h } from "./util.js";

// SHA-256 of a text as hex. crypto.subtle exists only on secure origins (https, localhost),
// so a plain implementation (FIPS 180-4) is used everywhere else.
export async function sha256Hex(text) {
  const bytes = new TextEncoder().encode(text);
  if (globalThis.crypto?.subtle) {
    const digest = await crypto.subtle.digest("SHA-256", bytes);
    return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  }
  return sha256Plain(bytes);
}

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2]);

export function sha256Plain(bytes) {
  const len = bytes.length;
  const total = Math.ceil((len + 9) / 64) * 64;
  const msg = new Uint8Array(total);
  msg.set(bytes);
  msg[len] = 0x80;
  const bits = len * 8;
  const view = new DataView(msg.buffer);
  view.setUint32(total - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(total - 4, bits >>> 0);
  const H = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const W = new Uint32Array(64);
  const rotr = (x, n) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < total; off += 64) {
    for (let i = 0; i < 16; i++) W[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(W[i - 15], 7) ^ rotr(W[i - 15], 18) ^ (W[i - 15] >>> 3);
      const s1 = rotr(W[i - 2], 17) ^ rotr(W[i - 2], 19) ^ (W[i - 2] >>> 10);
      W[i] = (W[i - 16] + s0 + W[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = H;
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + W[i]) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
    }
    H[0] += a; H[1] += b; H[2] += c; H[3] += d; H[4] += e; H[5] += f; H[6] += g; H[7] += hh;
  }
  return [...H].map((x) => x.toString(16).padStart(8, "0")).join("");
}

// The live page: the commitment; once over, the seed is revealed and the replay page checks
// it (a pointer there). DOM's replaceChildren writes a null child as the text «null»: the
// finished game's panel read «… null» (the tenth pass), so only real children are given.
export function showCommitment(el, fairness, T, replayHref) {
  if (!el || !fairness) return;
  const revealed = fairness.seed !== undefined;
  el.replaceChildren(...[
    fairness.commitment
      ? h("p", {}, T("fair.commitment"), ": ", h("code", { id: "fair-commitment" }, fairness.commitment))
      : h("p", {}, T("fair.none")),
    !revealed && fairness.commitment ? h("p", { class: "hint" }, T("fair.waiting")) : null,
    revealed && fairness.commitment && replayHref
      ? h("p", { class: "hint fair-revealed" }, T("fair.revealed"), " ",
        h("a", { href: replayHref, class: "link-button fair-check" }, T("fair.check_replay")))
      : null,
  ].filter(Boolean));
}

// The replay page: fetch the record, hash the revealed seed and salt here, show both checks.
export async function verifyGame(el, gameId, T) {
  if (!el) return null;
  const res = await fetch(`/api/games/${gameId}/record`);
  const rec = await res.json();
  if (!rec.commitment || !rec.salt) {
    el.replaceChildren(h("p", {}, T("fair.none")));
    return null;
  }
  const hash = await sha256Hex(`${rec.seed}:${rec.salt}`);
  const hashOk = hash === rec.commitment;
  const replayOk = Boolean(rec.verification?.same_end);
  el.replaceChildren(
    h("p", {}, T("fair.commitment"), ": ", h("code", { id: "fair-commitment" }, rec.commitment)),
    h("p", {}, T("fair.seed"), ": ", h("code", { id: "fair-seed" }, rec.seed), " · ",
      T("fair.salt"), ": ", h("code", {}, rec.salt)),
    h("p", { id: "fair-hash", class: hashOk ? "ok" : "bad", "data-ok": String(hashOk) },
      hashOk ? "✔ " : "✘ ", hashOk ? T("fair.hash_ok") : T("fair.hash_bad")),
    h("p", { id: "fair-replay", class: replayOk ? "ok" : "bad", "data-ok": String(replayOk) },
      replayOk ? "✔ " : "✘ ",
      replayOk ? T("fair.replay_ok", { actions: rec.verification.actions }) : T("fair.replay_bad")),
    h("p", {}, h("a", { href: `/api/games/${gameId}/record`, download: `${gameId}.json`, class: "link-button fair-record" }, T("fair.record"))),
  );
  el.dataset.checked = "true";
  return { hashOk, replayOk };
}
