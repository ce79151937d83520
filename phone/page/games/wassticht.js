// Was sticht? on the phone page: the tasks (their draft, the secret choice, laying one down), the row
// draft, the secret trump and its log lines. The page (app.js) loads it for the game in the facts and
// calls the parts returned below; see PLAIN in app.js for what each part is.

export default function (page) {
  const {_, ngettext, fill, el, cardEl, tapper, button, mine, name, colour, cardName, andList, tricks} = page;

  function trumpWords(c, number) {
    return (c ? colour(c) : _("no colour")) + ", " + (number ? number : _("no number"));
  }

  function task(t) {
    const tasks = page.facts.tasks;
    return tasks && tasks[t] ? tasks[t] : {text: t, difficulty: "?"};
  }

  function taskTile(t, action) {
    const info = task(t);
    const tile = el("div", "task");
    tile.append(el("span", "tid", t), el("span", "ttext", info.text), el("span", "tdiff", "★".repeat(Math.min(8, info.difficulty || 0)) + ` ${info.difficulty}`));
    if (action) tapper(tile, action);
    return tile;
  }

  function seatInfo(v, s) {
    const held = v.held_tasks[s].length;
    const nodes = [el("span", "small", fill(ngettext("{n} task left", "{n} tasks left", held), {n: held}) +
                      " · " + tricks(v.tricks_won[s]))];
    const chosen = v.chosen[s];
    if (chosen) nodes.push(el("span", "small bid", fill(_("task {task}"), {task: chosen})));
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
    if (v.chosen[me]) nodes.push(el("span", "small", " · " + fill(_("your task: {task}"), {task: v.chosen[me]})));
    return nodes;
  }

  // no card in the trick while the tricks are played: the last one taken
  function lastTrick(v) {
    if (!(v.tricks && v.tricks.length && v.phase === "play")) return null;
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
      if (held.length) parts.push(el("div", "small", fill(_("Your tasks: {tasks}"), {tasks: held.join(", ")})));
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
    if (["task_choice", "discard", "row_draft"].includes(v.phase) || kinds.has("task") || kinds.has("discard")) {
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

  function describe(e, said, kind, value) {
    switch (e.t) {
      case "act":
        switch (kind) {
          case "take_task": return said(_("You took task {task}"), _("{who} took task {task}"), {task: value});
          case "draft": return said(_("You took {card}"), _("{who} took {card}"), {card: cardName(value)});
          case "task":
            if (value) return said(_("You chose task {task} (secret)"), _("{who} chose task {task} (secret)"), {task: value});
            return said(_("You chose a secret task"), _("{who} chose a secret task"));
          case "discard":
            if (value) return said(_("You laid down {task}"), _("{who} laid down {task}"), {task: value});
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
          decision, describe};
}
