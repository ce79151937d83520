// Mit List und Tücke on the phone page: its seats' collections, the trump and dealer, the pick from the
// trick, the plus colours and its log lines. The page (app.js) loads it for the game in the facts and
// calls the parts returned below; see PLAIN in app.js for what each part is.

export default function (page) {
  const {_, fill, el, symbol, trickRow, button, tapper, mine, name, Name, colour, cardName, andList} = page;

  function seatInfo(v, s) {
    const nodes = [el("span", "cnt", String(v.hand_sizes[s]))];
    const col = v.collections[s];
    for (const c of page.facts.colours) {
      const open = col.open[c], hidden = col.hidden[c];
      const n = open ? open.length : hidden || 0;
      const chip = el("span", `chip pc c-${c}` + (hidden !== undefined ? " minus" : "") +
                      (col.plus && col.plus.includes(c) ? " plus" : ""));
      chip.append(symbol(c), el("span", null, String(n)));
      nodes.push(chip);
    }
    return nodes;
  }

  function tableInfo(v) {
    const nodes = [];
    if (v.trump) nodes.push(_("Trump:") + " ", symbol(v.trump, "c-" + v.trump), colour(v.trump) + " · ");
    const trick = v.phase === "over" ? "" :
      fill(_("trick {n}"), {n: Math.min(v.tricks_played + 1, page.facts.tricks_per_round)}) + " · ";
    nodes.push(el("span", "small", trick + (mine(v.dealer) ? _("You dealt") : fill(_("{name} dealt"), {name: Name(v.dealer)}))));
    return nodes;
  }

  // the pick: the highest trump's player taps its cards in the trick
  function tableMain(v, legal, kinds) {
    return kinds.has("pick") && v.trick && v.trick.length ? trickRow(v.trick, {pick: {size: v.pick_size}, winner: v.trick_winner}) : null;
  }

  function lastTrick(v) {
    const lt = v.last_trick;
    if (!lt || !lt.cards) return null;
    const label = lt.picker === undefined ? _("Last trick") : mine(lt.picker) ? _("Last trick: you picked") :
      fill(_("Last trick: {name} picked"), {name: name(lt.picker)});
    return {label, cards: lt.cards};
  }

  function decision(v, legal, kinds, handled) {
    const parts = [];
    if (kinds.has("pick")) {
      handled.add("pick");
      const picked = page.picked;
      const chosen = legal.find(a => a[0] === "pick" && a[1].length === picked.length &&
                                     picked.every(c => a[1].includes(c)));
      const go = el("button", "act go", chosen ? fill(_("Take {cards}"), {cards: picked.map(cardName).join(", ")}) :
                    fill(_("Tap {k} cards in the trick ({n} chosen)"), {k: v.pick_size, n: picked.length}));
      go.id = "pick-go";
      go.type = "button";
      if (chosen) tapper(go, chosen); else go.disabled = true;
      parts.push(go);
    }
    if (kinds.has("plus")) {
      handled.add("plus");
      const grid = el("div", "choices");
      for (const a of legal.filter(x => x[0] === "plus")) {
        const b = button("", a, "pair");
        for (const c of a[1]) { const w = el("span", "pc c-" + c); w.append(symbol(c), colour(c)); b.append(w); }
        const now = page.choiceWords(a);  // what the pair would score now, as the TV's box says
        if (now) b.append(el("span", "small pair-points", now));
        grid.append(b);
      }
      parts.push(grid);
    }
    return parts;
  }

  function describe(e, said, kind, value) {
    if (e.t === "act") {
      if (kind === "pick") return said(_("You picked {cards}"), _("{who} picked {cards}"), {cards: value.map(cardName).join(", ")});
      if (kind === "plus") {
        // TRANSLATORS: {colours} is a pair like "red and blue"
        return said(_("You chose plus colours {colours}"), _("{who} chose plus colours {colours}"),
                    {colours: andList(value.map(colour))});
      }
      return undefined;
    }
    if (e.t === "trick" && e.winner === undefined) {
      const picker = Name(e.picker), taker = e.taker !== null && e.taker !== undefined ? e.taker : null;
      if (mine(e.picker)) {
        return taker === null ? _("You picked") : fill(_("You picked, {name} took the rest"), {name: name(taker)});
      }
      if (taker === null) return fill(_("{name} picked"), {name: picker});
      if (mine(taker)) return fill(_("{name} picked, you took the rest"), {name: picker});
      return fill(_("{name} picked, {taker} took the rest"), {name: picker, taker: name(taker)});
    }
    if (e.t === "early_end") {
      return mine(e.p) ? _("The round ends early: you hold only the fourth colour") :
        fill(_("The round ends early: {name} holds only the fourth colour"), {name: name(e.p)});
    }
    return undefined;
  }

  return {promptValues: v => ({k: v.pick_size}), seatInfo, tableInfo, tableMain, lastTrick, decision, describe};
}
