// The seat on move where a game's view does not name it (game.js's status asks a renderer's
// turnOf(msg)): in some phases the rules engine asks one seat at a time in an order of its own
// (Founders' draft, Imperial's lookout) while the view's "current"/"turn" still names the last
// turn's player — the status told the seat asked «Ходит Бот 2 — …». In those phases the one
// seat asked is the seat on move (null while several are asked at once); elsewhere undefined,
// and game.js reads the view's own turn.
export function seatAskedIn(phases) {
  const inOrder = new Set(phases);
  return (msg) => {
    if (!inOrder.has(msg.view.state?.phase)) return undefined;
    return msg.view.to_act.length === 1 ? msg.view.to_act[0] : null;
  };
}
