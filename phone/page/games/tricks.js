// Tricks on the phone page: the market (buying and burying), chips and loans, the secret bids, the
// trump and who leads, and its log lines. The page (app.js) loads it for the game in the facts and
// calls the parts returned below; see PLAIN in app.js for what each part is.

export default function (page) {
  const {_, ngettext, fill, el, symbol, cardEl, tapper, button, mine, name, Name, colour, cardName, trickCount} = page;

  function chips(n) { return fill(ngettext("{n} chip", "{n} chips", n), {n}); }
  function loan(amount) { return fill(_("loan {amount}"), {amount}); }

  function seatInfo(v, s) {
    const bid = v.bids[s];
    const bidText = bid ? fill(_("bid {card}"), {card: cardName(bid)}) : (v.has_bid[s] ? _("bid ✓") : "");
    const nodes = [el("span", "small", trickCount(v.tricks_won[s]) + (v.loans[s] ? " · " + loan(v.loans[s]) : ""))];
    if (bidText) nodes.push(el("span", "small bid", bidText));
    return nodes;
  }

  function tableInfo(v) {
    const nodes = [], words = [], me = page.seat;
    if (v.phase === "play" || v.phase === "lead") {
      if (v.trump) nodes.push(_("Trump:") + " ", symbol(v.trump, "c-" + v.trump), colour(v.trump) + " · ");
      else nodes.push(_("No trump") + " · ");
      if (v.led) words.push(fill(_("led {colour}"), {colour: colour(v.led)}));
    } else if (v.market) {
      nodes.push(_("Market") + " · ");
      words.push(mine(v.start_player) ? _("You started") : fill(_("{name} started"), {name: Name(v.start_player)}));
    } else if (v.phase === "bid") {
      nodes.push(_("Bidding") + " · ");
    }
    words.push(fill(_("you have {chips}"), {chips: chips(v.chips[me])}) + (v.loans[me] ? " (" + loan(v.loans[me]) + ")" : ""));
    nodes.push(el("span", "small", words.join(" · ")));
    return nodes;
  }

  // the market: every seat's deck with its face-up card, its price (or the burial's fee) and what is left
  function tableMain(v, legal, kinds) {
    if (!v.market) return null;
    const market = el("div", "market"), me = page.seat;
    for (let s = 0; s < page.facts.players; s++) {
      const d = v.decks[s], stall = el("div", "stall");
      if (d.top) {
        const card = cardEl(d.top, "small");
        const buy = legal.find(a => a[0] === "buy" && a[1] === s);
        const bury = legal.find(a => a[0] === "bury" && a[1] === s);
        if (buy || bury) { tapper(card, buy || bury); card.classList.add("legal"); }
        stall.append(card);
      } else {
        stall.append(el("div", "card small empty"));
      }
      stall.append(el("span", "owner", s === me ? _("your deck") : page.facts.names[s]));
      if (d.top) {
        const price = kinds.has("bury") ? fill(_("bury for {fee}"), {fee: v.market.bury_fee}) :
          s === me || v.market.prices[s] === 0 ? fill(_("{price} to the bank"), {price: v.market.prices[s]}) : chips(v.market.prices[s]);
        const more = v.market.seat === me && !kinds.has("bury") && v.market.loan_needed[s] ? " + " + loan(v.market.loan_needed[s]) : "";
        stall.append(el("span", "small", price + more));
      }
      stall.append(el("span", "small dim", d.count ? fill(_("{n} left"), {n: d.count}) : _("empty")));
      market.append(stall);
    }
    return market;
  }

  function lastTrick(v) {
    const lt = v.last_trick;
    return lt && lt.cards ? {label: fill(_("Last trick: {name}"), {name: name(lt.winner)}), cards: lt.cards} : null;
  }

  function decision(v, legal, kinds, handled) {
    const parts = [];
    if (v.market) {
      handled.add("buy"); handled.add("bury");
      const none = legal.find(a => a[0] === "bury" && a[1] === null);
      if (none) parts.push(button(_("Bury nothing"), none, "wide"));
    }
    if (kinds.has("lead")) {
      handled.add("lead");
      const grid = el("div", "choices");
      for (const a of legal.filter(x => x[0] === "lead")) {
        grid.append(button(mine(a[1]) ? _("You lead") : fill(_("{name} leads"), {name: Name(a[1])}), a));
      }
      parts.push(grid);
    }
    return parts;
  }

  function describe(e, said, kind, value) {
    switch (e.t) {
      case "act":
        switch (kind) {
          case "buy": {
            if (!e.card) return said(_("You bought a card"), _("{who} bought a card"));
            const card = cardName(e.card);
            if (e.price !== undefined) return said(_("You bought {card} for {price}"), _("{who} bought {card} for {price}"), {card, price: chips(e.price)});
            return said(_("You bought {card}"), _("{who} bought {card}"), {card});
          }
          case "bury":
            if (value === null) return said(_("You buried nothing"), _("{who} buried nothing"));
            if (!e.card) return said(_("You buried a card"), _("{who} buried a card"));  // its words bring their own article
            return said(_("You buried {card}"), _("{who} buried {card}"), {card: cardName(e.card)});
          case "bid":
            if (value) return said(_("You bid {card} (secret)"), _("{who} bid {card} (secret)"), {card: cardName(value)});
            return said(_("You bid a secret card"), _("{who} bid a secret card"));
          case "lead":
            if (mine(value)) return said(_("You named yourself to lead"), _("{who} named you to lead"));
            if (value === e.p) return fill(_("{name} leads again"), {name: name(value)});  // not "Carla names Carla"
            return said(_("You named {name} to lead"), _("{who} named {name} to lead"), {name: name(value)});
          default: return undefined;
        }
      case "decks": return fill(_("Round {round}: the market is open"), {round: e.round});
      case "trump": return e.colour ? fill(_("Trump is {colour}"), {colour: colour(e.colour)}) : _("No trump this round");
      case "bids_shown": return _("The bids are shown");
      case "loan": return said(_("You took a loan of {amount}"), _("{who} took a loan of {amount}"), {amount: e.amount});
      default: return undefined;
    }
  }

  // the last card is the grey 4: it waits for its colour, and the turn's words say so
  function promptKey(v) {
    const last = v.phase === "play" && v.hand && v.hand.length === 1 && v.hand[0] === page.facts.joker;
    return last ? "play_grey_last" : v.phase;
  }

  return {handKinds: ["play", "bid"], seatInfo, tableInfo, tableMain, lastTrick, decision, describe, promptKey,
          jokerLabel: card => _("The grey 4 counts as:")};
}
