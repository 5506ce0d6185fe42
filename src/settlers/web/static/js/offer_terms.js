// A trade offer's terms as its reader takes them (Catan's and Landnám's offer cards). The line
// «Отдаёт: шерсть ×1 → Получает: железо ×1» left the seat asked to answer working out whose
// side was whose; now the seat the offer is put to reads what it would get and give, the
// proposer its own side, anyone else the proposer's («Отдаёт … → Получает …»). ``give`` and
// ``get`` are the proposer's, already in words.
import { h } from "./util.js";

export function offerTerms(T, { role, give, get }) {
  const [a, b, arrow] = role === "to" ? [T("board.you_get"), T("board.you_give"), " · "]
    : role === "from" ? [T("board.you_give"), T("board.you_get"), " → "]
      : [T("board.give"), T("board.get"), " → "];
  return h("p", { class: "offer-terms", "data-role": role }, a, ": ", give, arrow, b, ": ", get);
}

// Why the seat asked may only decline: the cards it lacks to accept (its own hand against the
// terms, ``lacking`` in words or ""), beside the answer buttons — a line of its own pushed a
// phone's counter-offer builder below the first screen.
export function offerLacking(T, lacking) {
  return lacking ? h("span", { class: "offer-lacking" }, T("board.offer_lacking", { cards: lacking })) : null;
}
