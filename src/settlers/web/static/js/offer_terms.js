// A trade offer's terms as its reader takes them (Catan's and Landnám's offer cards). The line
// «Отдаёт: шерсть ×1 → Получает: железо ×1» left the seat asked to answer working out whose
// side was whose; now the seat the offer is put to reads what it would get and give, and what
// it lacks to accept (the menu then offers only to decline); the proposer reads its own side;
// anyone else the proposer's («Отдаёт … → Получает …»). ``give`` and ``get`` are the
// proposer's, already in words; ``lacking`` the cards the reader is short of, in words or "".
import { h } from "./util.js";

export function offerTerms(T, { role, give, get, lacking = "" }) {
  if (role === "to") {
    return [h("p", { class: "offer-terms", "data-role": role }, T("board.you_get"), ": ", give, " · ", T("board.you_give"), ": ", get),
      lacking ? h("p", { class: "offer-lacking" }, T("board.offer_lacking", { cards: lacking })) : null];
  }
  if (role === "from") {
    return [h("p", { class: "offer-terms", "data-role": role }, T("board.you_give"), ": ", give, " → ", T("board.you_get"), ": ", get)];
  }
  return [h("p", { class: "offer-terms", "data-role": "other" }, T("board.give"), ": ", give, " → ", T("board.get"), ": ", get)];
}
