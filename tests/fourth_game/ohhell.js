// Oh Hell on the phone page, kept with the test game it draws (its kit's phone_page names this file):
// each seat's bid and the tricks it took, the trump and the round, the bid as a row of numbers, and
// its log lines. The page (app.js) loads it for the game in the facts; see PLAIN in app.js for the parts.

export default function (page) {
  const {_, fill, el, symbol, button, mine, name, Name, colour, cardName} = page;

  function seatInfo(v, s) {
    const bid = v.bids[s];
    const words = bid !== null ? fill(_("bid {bid} · took {took}"), {bid, took: v.tricks_won[s]}) :
      v.has_bid[s] ? _("bid face down") : _("no bid yet");
    return [el("span", "small bid", words)];
  }

  function tableInfo(v) {
    const nodes = [_("Trump:") + " ", symbol(v.trump, "c-" + v.trump), colour(v.trump) + " · "];
    const round = fill(_("Round {round} of {rounds}"), {round: v.round, rounds: v.rounds});
    nodes.push(el("span", "small", round + " · " + (mine(v.dealer) ? _("You dealt") : fill(_("{name} dealt"), {name: Name(v.dealer)}))));
    return nodes;
  }

  function lastTrick(v) {
    const lt = v.last_trick;
    return lt && lt.cards ? {label: fill(_("Last trick: {name}"), {name: name(lt.winner)}), cards: lt.cards} : null;
  }

  // the bid: one button per number of tricks, open or face down
  function decision(v, legal, kinds, handled) {
    const bids = legal.filter(a => a[0] === "bid" || a[0] === "secret_bid");
    if (!bids.length) return [];
    handled.add("bid");
    handled.add("secret_bid");
    const grid = el("div", "choices bids");
    for (const a of bids) grid.append(button(String(a[1]), a));
    return [grid];
  }

  function describe(e, said, kind, value) {
    switch (e.t) {
      case "act":
        if (kind === "bid") return said(_("You bid {n}"), _("{who} bids {n}"), {n: value});
        if (kind === "secret_bid") {
          if (value === null) return said(_("You bid face down"), _("{who} bids face down"));
          return said(_("You bid {n} face down"), _("{who} bids {n} face down"), {n: value});
        }
        return undefined;
      case "deal":
        return fill(_("Round {round} is dealt: {card} is turned up"), {round: e.round, card: cardName(e.trump_card)});
      case "bids_shown":
        return fill(_("The bids: {bids}"), {bids: e.bids.map((b, s) => name(s) + " " + b).join(", ")});
      default: return undefined;
    }
  }

  return {handKinds: ["play"], seatInfo, tableInfo, lastTrick, decision, describe};
}
