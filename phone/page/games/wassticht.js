// Was sticht? on the phone page: the tasks in words (their draft, the secret choice, laying one down),
// the row draft, the secret trump, the rows with their hints, the notepad of the trumps still possible
// (with the seat's own marks) and its log lines. The page (app.js) loads it for the game in the facts and
// calls the parts returned below; see PLAIN in app.js for what each part is.

export default function (page) {
  const {_, ngettext, pgettext, fill, el, symbol, cardEl, tapper, button, mine, name, colour, cardName, andList,
         trickCount} = page;

  function trumpWords(c, number) {
    return (c ? colour(c) : _("no colour")) + ", " + (number ? number : _("no number"));
  }

  // --- the tasks, always in words (a task's code is the rules' name for it, never shown) -------------------
  function task(t) {
    const tasks = page.facts.tasks;
    return tasks && tasks[t] ? tasks[t] : {text: _("a task"), difficulty: "?"};
  }
  function words(t) { return task(t).text; }
  function quoted(t) { return fill(_("'{task}'"), {task: words(t)}); }

  function taskTile(t, action) {
    const info = task(t);
    const tile = el("div", "task");
    tile.dataset.task = t;
    tile.append(el("span", "ttext", info.text),
                el("span", "tdiff", "★".repeat(Math.min(8, info.difficulty || 0)) + ` ${info.difficulty}`));
    if (action) tapper(tile, action);
    return tile;
  }

  // a seat's tasks: while the draft lasts, how many it has still to take; then how many still to do
  function taskCount(v, s) {
    const held = v.held_tasks[s].length;
    if (v.phase === "task_draft") {
      const left = Math.max(0, v.tasks_per_player - held);
      return fill(ngettext("{n} task still to take", "{n} tasks still to take", left), {n: left});
    }
    return fill(ngettext("{n} task still to do", "{n} tasks still to do", held), {n: held});
  }

  function seatInfo(v, s) {
    const nodes = [el("span", "small", taskCount(v, s) + " · " + trickCount(v.tricks_won[s]))];
    const chosen = v.chosen[s];
    if (chosen) nodes.push(el("span", "small bid seat-task", fill(_("task: {task}"), {task: words(chosen)})));
    else if (v.chosen_by && v.chosen_by.includes(s) && v.phase === "task_choice") nodes.push(el("span", "small bid", _("chose ✓")));
    if (s === v.starter) nodes.push(el("span", "small tag", _("starter")));
    return nodes;
  }

  function tableInfo(v) {
    const nodes = [], me = page.seat;
    if (v.trump_known) {
      const label = v.phase === "row_draft" ? _("Your secret trump:") : _("Trump:");
      nodes.push(el("span", v.phase === "row_draft" ? "secret" : "", label + " " + trumpWords(v.trump_colour, v.trump_number)));
    } else if (v.round) {
      nodes.push(mine(v.starter) ? _("Trump: not shown yet · you start") :
        fill(_("Trump: not shown yet · {name} starts"), {name: name(v.starter)}));
    }
    if (v.chosen[me]) nodes.push(el("span", "small", " · " + fill(_("your task: {task}"), {task: words(v.chosen[me])})));
    return nodes;
  }

  // the round's last trick taken (the page shows it with no card in the trick, else one tap away)
  function lastTrick(v) {
    if (!(v.tricks && v.tricks.length)) return null;
    const t = v.tricks[v.tricks.length - 1];
    return {label: fill(_("Last trick: {name}"), {name: name(t.winner)}), cards: t.cards};
  }

  function decision(v, legal, kinds, handled) {
    const parts = [], me = page.seat;
    if (v.phase === "task_draft") {
      handled.add("take_task");
      const grid = el("div", "tasks");
      const held = v.held_tasks[me];
      for (const t of v.task_offer) grid.append(taskTile(t, legal.find(a => a[0] === "take_task" && a[1] === t)));
      parts.push(grid);
      if (held.length) parts.push(el("div", "small", fill(_("Your tasks: {tasks}"), {tasks: held.map(words).join("; ")})));
    }
    if (v.phase === "row_draft" && v.row) {
      handled.add("draft");
      const row = el("div", "row");
      for (const c of v.rows[v.row - 1]) {
        const card = cardEl(c);
        const a = legal.find(x => x[0] === "draft" && x[1] === c);
        if (a) { tapper(card, a); card.classList.add("legal"); }
        row.append(card);
      }
      parts.push(el("div", "small", fill(_("Row {row} of {rows}"), {row: v.row, rows: page.facts.rows})), row);
    }
    if (["row_draft", "play"].includes(v.phase) && !kinds.has("task") && !kinds.has("discard")) {
      parts.push(...taskList(v, me));  // nothing to tap: the seat's tasks as a short list, in words
    } else if (["task_choice", "discard"].includes(v.phase) || kinds.has("task") || kinds.has("discard")) {
      handled.add("task"); handled.add("discard");
      const grid = el("div", "tasks mine");
      for (const t of v.held_tasks[me]) {
        const a = legal.find(x => (x[0] === "task" || x[0] === "discard") && x[1] === t);
        const tile = taskTile(t, a);
        if (v.chosen[me] === t) tile.classList.add("chosen");
        grid.append(tile);
      }
      if (grid.childNodes.length) parts.push(el("div", "small", _("Your tasks")), grid);
      const none = legal.find(x => x[0] === "discard" && x[1] === null);
      if (none) {
        const entitled = (v.entitled || []).map(name);
        if (entitled.length) {
          parts.push(el("div", "small", fill(_("Your tricks meet the task of {names}: you may lay down one of your own."),
                                            {names: andList(entitled)})));
        }
        parts.push(button(_("Lay down no task"), none, "wide"));
      }
    }
    return parts;
  }

  // the seat's tasks while it has none to tap: one line each, the one chosen for this round first
  function taskList(v, me) {
    const held = v.held_tasks[me].slice();
    if (!held.length) return [];
    const chosen = v.chosen[me];
    held.sort((a, b) => (b === chosen) - (a === chosen));
    const list = el("ul", "my-tasks");
    for (const t of held) {
      const item = el("li", t === chosen ? "chosen" : "");
      item.dataset.task = t;
      item.append(el("span", "ttext", words(t)), el("span", "tdiff", String(task(t).difficulty)));
      list.append(item);
    }
    return [el("div", "small", _("Your tasks")), list];
  }

  // --- the seat's notes: the rows with their hints, and the notepad ---------------------------------------
  // A panel folds under its heading (a button); which are folded, and the seat's own marks on the
  // notepad, are kept in this phone (localStorage, keyed by the seat's link): they are the player's own
  // scribbles, never sent to the table, and they outlive a reload.
  const FOLDED_KEY = "tricktable-folded-" + page.token;
  const MARKS_KEY = "tricktable-notepad-" + page.token;
  const MARKS = ["", "no", "maybe"];  // a tap moves a cell's mark on: none, ruled out by me, my guess

  function kept(key, fallback) {
    try {
      const value = JSON.parse(page.stored(key) || "null");
      return value && typeof value === "object" ? value : fallback;
    } catch (e) { return fallback; }
  }
  function keep(key, value) { page.store(key, JSON.stringify(value)); }

  function panel(id, heading, count, body) {
    const folded = kept(FOLDED_KEY, {});
    const box = el("section", "panel");
    box.id = id;
    const head = el("button", "panel-head");
    head.type = "button";
    head.setAttribute("aria-expanded", String(!folded[id]));
    head.append(el("span", "ph-title", heading), el("span", "ph-count", count), el("span", "ph-fold", folded[id] ? "▸" : "▾"));
    head.addEventListener("click", () => {
      const now = kept(FOLDED_KEY, {});
      now[id] = !now[id];
      keep(FOLDED_KEY, now);
      page.render();
    });
    box.append(head);
    if (!folded[id]) box.append(...body());
    return box;
  }

  function panels(v) {
    if (!["row_draft", "task_choice", "play", "discard"].includes(v.phase) || !v.rows) return [];
    const hints = v.hints ? v.hints.length : 0;
    return [panel("rows-panel", _("Rows and hints"),
                  fill(ngettext("{n} hint", "{n} hints", hints), {n: hints}), () => rowsGrid(v)),
            panel("notepad", _("Notepad: possible trumps"),
                  fill(_("{count} of {total} left"), {count: v.possible_trumps.length, total: combos().length}),
                  () => notepad(v))];
  }

  // every row of the draft: its cards (who took each), the hint (who would have won it), the row being taken
  function rowsGrid(v) {
    const grid = el("div", "rows-grid");
    for (let k = 0; k < page.facts.rows; k++) {
      const taken = v.drafted[k] || [], open = v.rows[k] || [], hint = v.hints ? v.hints[k] : undefined;
      const line = el("div", "rg-row" + (v.phase === "row_draft" && v.row === k + 1 ? " now" : ""));
      line.dataset.row = k + 1;
      line.append(el("span", "rg-no", String(k + 1)));
      const cardsBox = el("span", "rg-cards");
      for (const [seat, card] of taken) {
        const slot = el("span", "rg-slot");
        const c = cardEl(card, "tiny");
        if (hint !== undefined && seat === hint) c.classList.add("would-win");
        slot.append(c, el("span", "rg-who", mine(seat) ? _("you") : page.facts.names[seat]));
        cardsBox.append(slot);
      }
      for (const card of open) {
        const slot = el("span", "rg-slot");
        slot.append(cardEl(card, "tiny open"), el("span", "rg-who", ""));
        cardsBox.append(slot);
      }
      line.append(cardsBox);
      let said = "";
      if (hint !== undefined && hint !== null) said = mine(hint) ? _("you would win") : fill(_("{name} would win"), {name: page.facts.names[hint]});
      else if (v.phase === "row_draft" && v.row === k + 1) said = _("taking now");
      const hinted = el("span", "rg-hint", said);
      if (hint !== undefined && hint !== null) hinted.dataset.hint = hint;  // the row's hint: who would win it
      line.append(hinted);
      grid.append(line);
    }
    return [grid];
  }

  function combos() {
    const out = [];
    for (const n of page.facts.trump_numbers) for (const c of page.facts.trump_colours) out.push([c, n]);
    return out;
  }
  function cellKey(c, n) { return (c || "-") + (n === null || n === undefined ? "-" : String(n)); }

  // the seat's marks of this round ({cell: "no" | "maybe"}): a new round's trump is another, so its marks start afresh
  function marksOf(round) {
    const saved = kept(MARKS_KEY, {});
    return saved.round === round && saved.marks && typeof saved.marks === "object" ? saved.marks : {};
  }
  function mark(round, key) {
    const marks = marksOf(round);
    const next = MARKS[(MARKS.indexOf(marks[key] || "") + 1) % MARKS.length];
    if (next) marks[key] = next; else delete marks[key];
    keep(MARKS_KEY, {round, marks});
    page.render();
  }

  function noneWord() { return pgettext("no trump", "none"); }
  function choiceWords(values, names, all) {
    if (values.length === all) return _("anything so far");
    if (!values.length) return "–";
    const words = values.map(x => names(x));
    if (words.length === 1) return words[0];
    return fill(_("{first} or {last}"), {first: words.slice(0, -1).join(", "), last: words[words.length - 1]});
  }

  // the trumps the hints still allow (the rules' possible_trumps): the grid of colour (or none) by number
  // (or none), each cell crossed out when the hints rule it out, ringed on the starter's phone where the
  // true trump lies; a tap on a cell marks it (the seat's own deduction)
  function notepad(v) {
    const possible = new Set(v.possible_trumps.map(([c, n]) => cellKey(c, n)));
    const colours = page.facts.trump_colours, numbers = page.facts.trump_numbers;
    const truth = v.trump_known ? cellKey(v.trump_colour, v.trump_number) : null;
    const marks = marksOf(v.round);
    const left = v.possible_trumps;
    const colourName = c => c ? colour(c) : noneWord();
    const numberName = n => n === null || n === undefined ? noneWord() : String(n);
    const colourLine = fill(_("Colour: {choices}"), {
      choices: choiceWords(colours.filter(c => left.some(p => p[0] === c)), colourName, colours.length)});
    const numberLine = fill(_("Number: {choices}"), {
      choices: choiceWords(numbers.filter(n => left.some(p => p[1] === n)), numberName, numbers.length)});

    const grid = el("div", "np-grid");
    grid.style.gridTemplateColumns = `34px repeat(${colours.length}, minmax(44px, 1fr))`;
    grid.append(el("span", "np-corner", ""));
    for (const c of colours) {
      const head = el("span", "np-head");
      if (c) head.append(symbol(c, "c-" + c)); else head.textContent = noneWord();
      head.title = colourName(c);
      grid.append(head);
    }
    for (const n of numbers) {
      grid.append(el("span", "np-num", n === null ? "–" : String(n)));
      for (const c of colours) {
        const key = cellKey(c, n);
        const cell = el("button", "np-cell " + (possible.has(key) ? "possible" : "out") + (c ? " c-" + c : " c-none"));
        cell.type = "button";
        cell.dataset.cell = key;
        cell.dataset.mark = marks[key] || "";
        if (truth === key) cell.classList.add("truth");
        cell.textContent = marks[key] === "no" ? "✗" : marks[key] === "maybe" ? "?" : "";
        cell.setAttribute("aria-label", colourName(c) + " " + numberName(n) + ": " +
                          (possible.has(key) ? _("still possible") : _("ruled out by the hints")));
        cell.addEventListener("click", () => mark(v.round, key));
        grid.append(cell);
      }
    }
    return [el("div", "np-line", colourLine), el("div", "np-line", numberLine), grid,
            el("div", "small np-legend", _("Tap a cell to mark it: ✗ ruled out by you, ? your guess. Your marks stay on this phone."))];
  }

  function describe(e, said, kind, value) {
    switch (e.t) {
      case "act":
        switch (kind) {
          case "take_task": return said(_("You took task {task}"), _("{who} took task {task}"), {task: quoted(value)});
          case "draft": return said(_("You took {card}"), _("{who} took {card}"), {card: cardName(value)});
          case "task":
            if (value) return said(_("You chose task {task} (secret)"), _("{who} chose task {task} (secret)"), {task: quoted(value)});
            return said(_("You chose a secret task"), _("{who} chose a secret task"));
          case "discard":
            // the starter's bonus: a task of their own, not a count of the starter's tricks
            if (value) return said(_("Starter's bonus: you laid down {task}, a task of your own"),
                                   _("Starter's bonus: {who} laid down {task}, a task of their own"), {task: quoted(value)});
            return said(_("You laid down no task"), _("{who} laid down no task"));
          default: return undefined;
        }
      case "trump_shown": return fill(_("The trump is shown: {trump}"), {trump: trumpWords(e.colour, e.number)});
      case "tasks_shown": return _("The tasks are shown");
      case "hint":
        return mine(e.winner) ? fill(_("Row {row}: you would win it"), {row: e.row}) :
          fill(_("Row {row}: {name} would win it"), {row: e.row, name: name(e.winner)});
      default: return undefined;
    }
  }

  return {promptValues: v => ({row: v.row}), opening: v => _("task draft"), seatInfo, tableInfo, lastTrick,
          decision, describe, panels};
}
