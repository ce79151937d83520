// Tricktable's phone page: one seat's own hand, over a WebSocket to the table (phone/server.py).
// Shows only what the table sends this seat (its own observation) and sends its taps as actions.
"use strict";

(function () {
  const COLOUR_NAMES = {R: "red", G: "green", B: "blue", Y: "yellow", X: "grey"};
  const SHAPES = {  // the TV's symbols: red circle, green triangle, blue square, yellow star, grey ring
    R: '<circle cx="12" cy="12" r="8"/>',
    G: '<polygon points="12,3 21.5,19.5 2.5,19.5"/>',
    B: '<rect x="4.5" y="4.5" width="15" height="15"/>',
    Y: '<polygon points="12,2 14.6,8.6 21.5,9.2 16.2,13.7 17.9,20.6 12,16.9 6.1,20.6 7.8,13.7 2.5,9.2 9.4,8.6"/>',
    X: '<circle cx="12" cy="12" r="7" fill="none" stroke-width="4.5"/>',
  };
  const PROMPTS = {
    mlut: {play: "play a card", pick: "pick {k} cards from the trick", plus: "choose your two plus colours"},
    tricks: {buy: "buy a face-up card", bury: "bury a face-up card for 1 chip, or nothing",
             bid: "bid a card (secret)", play: "play a card", lead: "name who leads the next trick"},
    wassticht: {task_draft: "take a task", row_draft: "take a card from row {row}",
                task_choice: "choose your secret task", play: "play a card",
                discard: "lay down one of your tasks, or none"},
  };

  const token = location.pathname.split("/").filter(Boolean).pop() || "";
  const device = deviceId();
  const KEY = "tricktable-key-" + token;  // the seat's resume key: proof that this device held it
  let key = stored(KEY);
  let ws = null, facts = null, cur = null, status = "connecting", retry = 500;
  let connected = false;  // this page has held a connection: a close now is a lost one, not the first connect
  let attempts = 0, again = null;  // tries since the connection was lost; the timer of the next one
  let log = [], refusal = "", picked = [], jokerOpen = false, audio = null, lastTurn = false;
  let sheet = null;  // the round whose scores the TV shows with nobody at it: a tap here moves it on
  // teach mode: the reminders the table sent (each rule once a game), shown one at a time, the first
  // in QUEUE; SEEN: every rule ever queued. Kept for this tab, so a reload goes on where it was.
  const TEACH_KEY = "tricktable-teach-" + token;
  let teach = restoredTeach(), teachOpen = false;

  function stored(name) {
    try { return localStorage.getItem(name); } catch (e) { return null; }  // private mode: none
  }
  function store(name, value) {
    try { localStorage.setItem(name, value); } catch (e) { /* kept for this page only */ }
  }

  function deviceId() {
    let id = stored("tricktable-device");
    if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
      const bytes = new Uint8Array(12);
      crypto.getRandomValues(bytes);
      id = Array.from(bytes, b => b.toString(16).padStart(2, "0")).join("");
      store("tricktable-device", id);
    }
    return id;
  }

  // a device id alone proves nothing (any page can repeat it): the table lets a device back into
  // its seat without asking the host only when it shows the key the table gave it there
  function join() { send(key ? {type: "join", device, key} : {type: "join", device}); }

  // --- the connection ---------------------------------------------------------------------------
  const FINAL = ["lost", "turned_away", "closed", "host_left"];  // the table is done with this page

  function connect() {
    clearTimeout(again);
    again = null;
    if (ws) return;  // a try is under way already
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = ws = new WebSocket(`${scheme}://${location.host}/ws/${token}`);
    socket.onopen = () => { retry = 500; connected = true; join(); };
    socket.onmessage = ev => { let m; try { m = JSON.parse(ev.data); } catch (e) { return; } receive(m); };
    socket.onclose = () => {
      if (ws === socket) ws = null;
      if (FINAL.includes(status)) return;
      attempts += 1;
      if (connected) {
        setStatus("reconnecting", "Connection lost, reconnecting…",
                  `Tried ${attempts} time${attempts === 1 ? "" : "s"} so far. Your seat is kept for you: ` +
                  "the page goes on where it was as soon as the table answers.", "Try again now");
      } else {
        setStatus("connecting", "Connecting to the table…",
                  `Tried ${attempts} time${attempts === 1 ? "" : "s"}: is the TV's game still open?`, "Try again now");
      }
      again = setTimeout(connect, retry);
      retry = Math.min(retry * 2, 4000);
    };
  }

  function send(message) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  }

  function act(action) {
    unlockAudio();
    doneReminder();  // the seat's next action puts the reminder away
    refusal = "";
    picked = [];
    jokerOpen = false;
    send({type: "act", action, moment: cur ? cur.moment : null});
    if (cur) { cur.turn = false; cur.legal = []; }  // until the table answers: no second tap
    render();
  }

  function receive(m) {
    switch (m.type) {
      case "hello":
        facts = m;
        document.title = `${m.name}: ${m.title}`;
        if (m.lobby && !cur) { showLobby(); return; }
        break;
      case "state":
        learn(m.teach);  // first: a snapshot that got here before this message had none of its reminders
        if (cur && !m.full && m.moment <= cur.moment) { render(); return; }  // already shown
        if (!cur || m.moment !== cur.moment) { refusal = ""; picked = []; jokerOpen = false; }
        if (m.full && m.history) log = [];  // a snapshot brings the whole log so far (a reload)
        for (const e of (m.full && m.history) ? m.history : m.events) { const line = describe(e); if (line) log.push(line); }
        cur = m;
        attempts = 0;
        setStatus("play");
        if (m.turn && !lastTurn) alertTurn();
        lastTurn = m.turn;
        break;
      case "seated": key = m.key; store(KEY, m.key); attempts = 0; return;
      case "sheet": sheet = m.open ? m.round : null; break;
      case "refused": refusal = "Not allowed: " + m.reason; if (cur) restoreLegal(); break;
      case "error":  // e.g. too many messages: the move was not read, so it can be made again
        refusal = m.reason.charAt(0).toUpperCase() + m.reason.slice(1);
        if (m.dropped === "join") setTimeout(join, 1000);
        if (cur) restoreLegal();
        break;
      case "waiting": setStatus("waiting", "Waiting to be let in", m.reason); return;
      case "lost":  // the hand is no longer this page's to show
        cur = null;
        document.getElementById("app").hidden = true;
        if (m.reason.startsWith("another")) setStatus("lost", "Another device took this seat", "The host let another device play it.");
        else setStatus("lost", "This seat is open elsewhere", "It was opened again on this device (another tab or window).");
        return;
      case "turned_away": setStatus("turned_away", "Not let in", m.reason); return;
      case "closed": {  // the game ended with a result
        const winners = cur && cur.view.winners;
        const result = !winners ? "" : winners.includes(cur.seat) ? "You won! " : `${winners.map(Name).join(" and ")} won. `;
        setStatus("closed", "The game has ended", result + "Thank you for playing.");
        return;
      }
      case "host_left":  // the game stays unfinished: the host left it, or closed the lobby
        cur = null;
        document.getElementById("app").hidden = true;
        if (m.started) setStatus("host_left", "The host left the game",
                                 "The game is not finished: the TV keeps it. When the host continues it " +
                                 "(Continue), this link opens your seat again.");
        else setStatus("host_left", "The host closed the lobby",
                       "The game did not start. Ask the host for your seat's link when they start it.");
        return;
      default: return;
    }
    render();
  }

  // --- teach mode ---------------------------------------------------------------------------------
  function restoredTeach() {
    try {
      const kept = JSON.parse(sessionStorage.getItem(TEACH_KEY) || "null");
      if (kept && Array.isArray(kept.queue) && Array.isArray(kept.seen)) return kept;
    } catch (e) { /* none kept */ }
    return {queue: [], seen: []};
  }
  function keepTeach() {
    try { sessionStorage.setItem(TEACH_KEY, JSON.stringify(teach)); } catch (e) { /* this page only */ }
  }
  function learn(notes) {
    if (!Array.isArray(notes) || !notes.length) return;
    for (const n of notes) {
      if (!n || typeof n.short !== "string" || teach.seen.includes(n.rule)) continue;
      teach.seen.push(n.rule);
      teach.queue.push({rule: n.rule, short: n.short, line: String(n.line || n.short),
                        target: Array.isArray(n.target) ? n.target : []});
    }
    keepTeach();
  }
  function doneReminder() {
    if (!teach.queue.length) return;
    teach.queue.shift();
    teachOpen = false;
    keepTeach();
  }
  document.getElementById("teach-more").addEventListener("click", () => { teachOpen = !teachOpen; render(); });
  document.getElementById("teach-ok").addEventListener("click", () => { doneReminder(); render(); });

  // the reminder first in the queue, and a ring around what it speaks of (its target)
  function drawTeach() {
    for (const e of document.querySelectorAll(".taught")) e.classList.remove("taught");
    const box = document.getElementById("teach"), note = teach.queue[0];
    box.hidden = !note;
    document.body.dataset.teach = note ? note.rule : "";
    if (!note) return;
    const more = note.line !== note.short;
    document.getElementById("teach-short").textContent = note.short;
    const hint = document.getElementById("teach-hint");
    hint.textContent = teachOpen ? "Less" : "More";
    hint.hidden = !more;
    const button = document.getElementById("teach-more");
    button.setAttribute("aria-expanded", String(teachOpen && more));
    const line = document.getElementById("teach-line");
    line.textContent = note.line;
    line.hidden = !(teachOpen && more);
    const [kind, what] = note.target;
    let node = null;
    if (kind === "card") node = [...document.querySelectorAll("#hand .card")].find(c => c.dataset.card === what);
    else if (kind === "trick") node = document.querySelector("#table .trick");
    else if (kind === "seat") node = document.querySelector(`#scores .seat[data-seat="${Number(what)}"]`);
    else if (kind === "trump") node = document.querySelector("#table .tinfo");
    else if (kind === "action") node = document.getElementById("decision");
    if (node) node.classList.add("taught");
  }

  let kept = null;  // the legal actions while an action is on its way, for a refusal to bring back
  function restoreLegal() { if (kept && kept.moment === cur.moment) { cur.turn = true; cur.legal = kept.legal; } }

  // the overlay says what is happening when there is nothing to play: connecting, a lost connection,
  // waiting to be let in, the end; RETRY: the label of a button that tries to connect at once
  function setStatus(s, title, text, retryLabel) {
    status = s;
    document.body.dataset.status = s;
    const overlay = document.getElementById("overlay");
    if (s === "play" || s === "lobby") { overlay.hidden = true; return; }
    if (s === "connecting" && !connected && attempts === 0) return;  // the first try: the banner says so
    overlay.hidden = false;
    document.getElementById("overlay-title").textContent = title;
    document.getElementById("overlay-text").textContent = text || "";
    const retryButton = document.getElementById("overlay-retry");
    retryButton.hidden = !retryLabel;
    retryButton.textContent = retryLabel || "";
  }
  document.getElementById("overlay-retry").addEventListener("click", () => {
    unlockAudio();
    if (!FINAL.includes(status)) connect();
  });

  // joined before the game began: whose seat this is, and who the page waits for
  function showLobby() {
    setStatus("lobby");
    document.getElementById("title").textContent = `${facts.title} · waiting to start`;
    document.getElementById("who").textContent = facts.name;
    document.getElementById("banner").textContent = `You are ${facts.name} at the table`;
    const wait = el("div", "lobby");
    wait.append(el("p", "wait", "Waiting for the host to start the game on the TV."),
                el("p", "small", "Players: " + facts.names.map((n, s) => s === facts.seat ? `${n} (you)` : n).join(", ")));
    const table = document.getElementById("table");
    table.hidden = false;
    table.replaceChildren(wait);
    document.getElementById("hand").replaceChildren(el("div", "small dim", "Your cards come when the game starts"));
  }

  // --- your turn: a buzz and a beep where the phone allows ---------------------------------------
  function unlockAudio() {
    if (audio) return;
    try { audio = new (window.AudioContext || window.webkitAudioContext)(); } catch (e) { audio = false; }
  }
  document.addEventListener("pointerdown", unlockAudio, {once: true});

  function alertTurn() {
    try { if (navigator.vibrate) navigator.vibrate([120, 60, 120]); } catch (e) { /* not allowed */ }
    if (!audio) return;
    try {
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.12, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.25);
    } catch (e) { /* no sound then */ }
  }

  // --- words ----------------------------------------------------------------------------------------
  function name(seat) {
    if (seat === null || seat === undefined || !facts) return "?";
    return seat === facts.seat ? "you" : facts.names[seat];  // hello's seat: known before any state
  }
  function Name(seat) { const n = name(seat); return n.charAt(0).toUpperCase() + n.slice(1); }
  function cardName(c) { return c ? `${COLOUR_NAMES[c[0]]} ${c.slice(1)}` : "a card"; }
  function task(t) { return facts && facts.tasks && facts.tasks[t] ? facts.tasks[t] : {text: t, difficulty: "?"}; }

  function describe(e) {
    if (!cur && !facts) return null;
    const who = e.p !== undefined ? Name(e.p) : "";
    switch (e.t) {
      case "act": {
        const a = e.a, k = Object.keys(a).find(x => x !== "as"), v = a[k];
        switch (k) {
          case "play": return `${who} played ${cardName(v)}${a.as ? " as " + COLOUR_NAMES[a.as] : ""}`;
          case "pick": return `${who} picked ${v.map(cardName).join(", ")}`;
          case "plus": return `${who} chose plus colours ${v.map(c => COLOUR_NAMES[c]).join(" and ")}`;
          case "buy": return `${who} bought ${e.card ? cardName(e.card) : "a card"}${e.price !== undefined ? " for " + e.price : ""}`;
          case "bury": return v === null ? `${who} buried nothing` : `${who} buried ${e.card ? cardName(e.card) : "a card"}`;
          case "bid": return v ? `${who} bid ${cardName(v)} (secret)` : `${who} bid a secret card`;
          case "lead": return `${who} named ${name(v)} to lead`;
          case "take_task": return `${who} took task ${v}`;
          case "draft": return `${who} took ${cardName(v)}`;
          case "task": return v ? `${who} chose task ${v} (secret)` : `${who} chose a secret task`;
          case "discard": return v ? `${who} laid down ${v}` : `${who} laid down no task`;
          default: return `${who}: ${k}`;
        }
      }
      case "deal": return `Round ${e.round} is dealt`;
      case "decks": return `Round ${e.round}: the market is open`;
      case "trick":
        if (e.winner !== undefined) return `${Name(e.winner)} won the trick`;
        return `${Name(e.picker)} picked${e.taker !== null && e.taker !== undefined ? ", " + name(e.taker) + " took the rest" : ""}`;
      case "early_end": return `The round ends early: ${name(e.p)} holds only the fourth colour`;
      case "trump": return e.colour ? `Trump is ${COLOUR_NAMES[e.colour]}` : "No trump this round";
      case "bids_shown": return "The bids are shown";
      case "trump_shown": return `The trump is shown: ${trumpWords(e.colour, e.number)}`;
      case "tasks_shown": return "The tasks are shown";
      case "hint": return `Row ${e.row}: ${name(e.winner)} would win it`;
      case "loan": return `${who} took a loan of ${e.amount}`;
      case "score": return `Round ${e.round} scored`;
      case "end": return "The game is over";
      default: return null;
    }
  }

  function chips(n) { return `${n} chip${n === 1 ? "" : "s"}`; }
  function tricks(n) { return `${n} trick${n === 1 ? "" : "s"}`; }

  function trumpWords(colour, number) {
    return `${colour ? COLOUR_NAMES[colour] : "no colour"}, ${number ? number : "no number"}`;
  }

  // --- drawing ----------------------------------------------------------------------------------------
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }

  function symbol(colour, cls) {
    const s = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    s.setAttribute("viewBox", "0 0 24 24");
    s.setAttribute("class", "sym " + (cls || ""));
    s.innerHTML = SHAPES[colour] || "";
    return s;
  }

  function cardEl(card, extra) {
    const c = el("div", `card c-${card[0]} ${extra || ""}`);
    c.dataset.card = card;
    c.setAttribute("aria-label", cardName(card));
    const corner = el("span", "corner");
    corner.append(el("span", "cv", card.slice(1)), symbol(card[0]));
    c.append(corner, el("span", "value", card.slice(1)), symbol(card[0], "big"));
    return c;
  }

  function tapper(node, action) {
    node.classList.add("tap");
    node.dataset.action = JSON.stringify(action);
    node.addEventListener("click", () => act(action));
    return node;
  }

  function button(label, action, cls) {
    const b = el("button", "act " + (cls || ""), label);
    b.type = "button";
    return tapper(b, action);
  }

  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

  function render() {
    if (!cur || !facts) return;
    const v = cur.view, legal = cur.turn ? cur.legal : [];
    if (cur.turn) kept = {moment: cur.moment, legal: cur.legal};
    const kinds = new Set(legal.map(a => a[0]));
    document.body.dataset.turn = cur.turn ? "1" : "0";
    document.body.dataset.phase = v.phase;
    document.body.dataset.moment = cur.moment;
    document.body.dataset.game = facts.game;
    document.body.classList.toggle("myturn", !!cur.turn);

    const round = v.rounds ? `round ${v.round} of ${v.rounds}` : (v.round ? `round ${v.round}` : "task draft");
    document.getElementById("title").textContent = `${facts.title} · ${round}`;
    document.getElementById("who").textContent = facts.name;

    const banner = document.getElementById("banner");
    if (v.winners) {
      const won = v.winners.includes(cur.seat);
      banner.textContent = won ? "You won!" : `${v.winners.map(Name).join(" and ")} won`;
    } else if (cur.turn) {
      const p = (PROMPTS[facts.game] || {})[v.phase] || "your choice";
      banner.textContent = "Your turn: " + p.replace("{k}", v.pick_size).replace("{row}", v.row);
    } else if (v.current_player !== null && v.current_player !== undefined) {
      banner.textContent = `${facts.names[v.current_player]}'s turn`;
    } else {
      banner.textContent = "";
    }

    drawScores(v);
    drawTable(v, legal, kinds);
    drawDecision(v, legal, kinds);
    drawNext();
    drawHand(v, legal, kinds);
    drawTeach();

    const r = document.getElementById("refusal");
    r.textContent = refusal;
    const ol = document.getElementById("log");
    ol.replaceChildren(...log.slice().reverse().map(line => el("li", null, line)));
  }

  function drawScores(v) {
    const box = document.getElementById("scores");
    const rows = [];
    for (let s = 0; s < facts.players; s++) {
      const row = el("div", "seat" + (s === cur.seat ? " me" : "") + (s === v.current_player ? " now" : ""));
      row.dataset.seat = s;
      row.append(el("span", "sname", facts.names[s]), el("span", "pts", String(v.totals[s])));
      const info = el("span", "info");
      if (facts.game === "mlut") {
        info.append(el("span", "cnt", String(v.hand_sizes[s])));
        const col = v.collections[s];
        for (const c of "RGBY") {
          const open = col.open[c], hidden = col.hidden[c];
          const n = open ? open.length : hidden || 0;
          const chip = el("span", `chip pc c-${c}` + (hidden !== undefined ? " minus" : "") +
                          (col.plus && col.plus.includes(c) ? " plus" : ""));
          chip.append(symbol(c), el("span", null, String(n)));
          info.append(chip);
        }
      } else if (facts.game === "tricks") {
        const bid = v.bids[s];
        const bidText = bid ? `bid ${cardName(bid)}` : (v.has_bid[s] ? "bid ✓" : "");
        info.append(el("span", "small", tricks(v.tricks_won[s]) + (v.loans[s] ? ` · loan ${v.loans[s]}` : "")));
        if (bidText) info.append(el("span", "small bid", bidText));
      } else if (facts.game === "wassticht") {
        const held = v.held_tasks[s].length;
        info.append(el("span", "small", `${held} task${held === 1 ? "" : "s"} left · ${tricks(v.tricks_won[s])}`));
        const chosen = v.chosen[s];
        if (chosen) info.append(el("span", "small bid", `task ${chosen}`));
        else if (v.chosen_by && v.chosen_by.includes(s) && v.phase === "task_choice") info.append(el("span", "small bid", "chose ✓"));
        if (s === v.starter) info.append(el("span", "small tag", "starter"));
      }
      row.append(info);
      rows.push(row);
    }
    box.replaceChildren(...rows);
  }

  function trickRow(plays, opts) {
    const row = el("div", "trick");
    for (const p of plays) {
      const slot = el("div", "slot");
      const card = cardEl(p[1], "small");
      if (opts && opts.pick) {
        const act = opts.pick;
        if (picked.includes(p[1])) card.classList.add("picked");
        card.classList.add("tap", "pickable");
        card.addEventListener("click", () => {
          const i = picked.indexOf(p[1]);
          if (i >= 0) picked.splice(i, 1); else if (picked.length < act.size) picked.push(p[1]);
          render();
        });
      }
      slot.append(card, el("span", "pname", facts.names[p[0]]));
      if (p[1] === "X4" && p[2]) slot.append(el("span", "named", "as " + COLOUR_NAMES[p[2]]));
      row.append(slot);
    }
    return row;
  }

  function marketEl(v, legal, kinds) {
    const market = el("div", "market");
    for (let s = 0; s < facts.players; s++) {
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
      stall.append(el("span", "owner", s === cur.seat ? "your deck" : facts.names[s]));
      if (d.top) {
        const price = kinds.has("bury") ? `bury for ${v.market.bury_fee}` :
          s === cur.seat || v.market.prices[s] === 0 ? `${v.market.prices[s]} to the bank` : chips(v.market.prices[s]);
        const loan = v.market.seat === cur.seat && !kinds.has("bury") && v.market.loan_needed[s] ? ` + loan ${v.market.loan_needed[s]}` : "";
        stall.append(el("span", "small", price + loan));
      }
      stall.append(el("span", "small dim", d.count ? `${d.count} left` : "empty"));
      market.append(stall);
    }
    return market;
  }

  function drawTable(v, legal, kinds) {
    const box = document.getElementById("table");
    const parts = [];
    const info = el("div", "tinfo");
    if (facts.game === "mlut") {
      if (v.trump) { info.append("Trump: "); info.append(symbol(v.trump, "c-" + v.trump), COLOUR_NAMES[v.trump] + " · "); }
      const trick = v.phase === "over" ? "" : `trick ${Math.min(v.tricks_played + 1, 14)} · `;
      info.append(el("span", "small", `${trick}${Name(v.dealer)} dealt`));
    } else if (facts.game === "tricks") {
      const words = [];
      if (v.phase === "play" || v.phase === "lead") {
        if (v.trump) info.append("Trump: ", symbol(v.trump, "c-" + v.trump), COLOUR_NAMES[v.trump] + " · ");
        else info.append("No trump · ");
        if (v.led) words.push(`led ${COLOUR_NAMES[v.led]}`);
      } else if (v.market) {
        info.append("Market · ");
        words.push(`${Name(v.start_player)} started`);
      } else if (v.phase === "bid") {
        info.append("Bidding · ");
      }
      words.push(`you have ${chips(v.chips[cur.seat])}` + (v.loans[cur.seat] ? ` (loan ${v.loans[cur.seat]})` : ""));
      info.append(el("span", "small", words.join(" · ")));
    } else if (facts.game === "wassticht") {
      if (v.trump_known) {
        const mine = v.phase === "row_draft" ? "Your secret trump: " : "Trump: ";
        info.append(el("span", v.phase === "row_draft" ? "secret" : "", mine + trumpWords(v.trump_colour, v.trump_number)));
      } else if (v.round) {
        info.append(`Trump: not shown yet · ${name(v.starter)} starts`);
      }
      if (v.chosen[cur.seat]) info.append(el("span", "small", ` · your task: ${v.chosen[cur.seat]}`));
    }
    parts.push(info);

    const pick = kinds.has("pick") ? {size: v.pick_size} : null;
    if (facts.game === "tricks" && v.market) {
      parts.push(marketEl(v, legal, kinds));
    } else if (v.trick && v.trick.length) {
      parts.push(trickRow(v.trick, {pick}));
    } else if (v.last_trick && v.last_trick.cards) {
      const last = el("div", "last");
      last.append(el("div", "small", "Last trick" + (v.last_trick.winner !== undefined ? `: ${name(v.last_trick.winner)}` :
        v.last_trick.picker !== undefined ? `: ${name(v.last_trick.picker)} picked` : "")));
      last.append(trickRow(v.last_trick.cards));
      parts.push(last);
    } else if (facts.game === "wassticht" && v.tricks && v.tricks.length && v.phase === "play") {
      const t = v.tricks[v.tricks.length - 1];
      const last = el("div", "last");
      last.append(el("div", "small", `Last trick: ${name(t.winner)}`), trickRow(t.cards));
      parts.push(last);
    } else {
      if (v.phase === "play") parts.push(el("div", "trick empty", "No card in the trick yet"));
    }
    box.replaceChildren(...parts);
    box.hidden = !info.childNodes.length && parts.length === 1;
  }

  function taskTile(t, action) {
    const info = task(t);
    const tile = el("div", "task");
    tile.append(el("span", "tid", t), el("span", "ttext", info.text), el("span", "tdiff", "★".repeat(Math.min(8, info.difficulty || 0)) + ` ${info.difficulty}`));
    if (action) tapper(tile, action);
    return tile;
  }

  function drawNext() {
    if (sheet === null) return;
    const b = el("button", "act next", `Next round (the TV shows round ${sheet}'s scores)`);
    b.type = "button";
    b.id = "next-round";
    b.addEventListener("click", () => { send({type: "next"}); sheet = null; render(); });
    document.getElementById("decision").prepend(b);
  }

  function drawDecision(v, legal, kinds) {
    const box = document.getElementById("decision");
    const parts = [];
    const handled = new Set(["play", "bid"]);
    if (kinds.has("pick")) {
      handled.add("pick");
      const chosen = legal.find(a => a[0] === "pick" && a[1].length === picked.length &&
                                     picked.every(c => a[1].includes(c)));
      const go = el("button", "act go", chosen ? `Take ${picked.map(cardName).join(", ")}` :
                    `Tap ${v.pick_size} cards in the trick (${picked.length} chosen)`);
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
        for (const c of a[1]) { const w = el("span", `pc c-${c}`); w.append(symbol(c), COLOUR_NAMES[c]); b.append(w); }
        grid.append(b);
      }
      parts.push(grid);
    }
    if (facts.game === "tricks" && v.market) {
      handled.add("buy"); handled.add("bury");
      const none = legal.find(a => a[0] === "bury" && a[1] === null);
      if (none) parts.push(button("Bury nothing", none, "wide"));
    }
    if (kinds.has("lead")) {
      handled.add("lead");
      const grid = el("div", "choices");
      for (const a of legal.filter(x => x[0] === "lead")) grid.append(button(`${Name(a[1])} lead${a[1] === cur.seat ? "" : "s"}`, a));
      parts.push(grid);
    }
    if (facts.game === "wassticht") {
      if (v.phase === "task_draft") {
        handled.add("take_task");
        const grid = el("div", "tasks");
        const mine = v.held_tasks[cur.seat];
        for (const t of v.task_offer) grid.append(taskTile(t, legal.find(a => a[0] === "take_task" && a[1] === t)));
        parts.push(grid);
        if (mine.length) parts.push(el("div", "small", "Your tasks: " + mine.join(", ")));
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
        parts.push(el("div", "small", `Row ${v.row} of 9`), row);
      }
      if (["task_choice", "discard", "row_draft"].includes(v.phase) || kinds.has("task") || kinds.has("discard")) {
        handled.add("task"); handled.add("discard");
        const grid = el("div", "tasks mine");
        for (const t of v.held_tasks[cur.seat]) {
          const a = legal.find(x => (x[0] === "task" || x[0] === "discard") && x[1] === t);
          const tile = taskTile(t, a);
          if (v.chosen[cur.seat] === t) tile.classList.add("chosen");
          grid.append(tile);
        }
        if (grid.childNodes.length) parts.push(el("div", "small", "Your tasks"), grid);
        const none = legal.find(x => x[0] === "discard" && x[1] === null);
        if (none) {
          const whose = (v.entitled || []).map(name).join(" and ");
          if (whose) parts.push(el("div", "small", `Your tricks meet the task of ${whose}: you may lay down one of your own.`));
          parts.push(button("Lay down no task", none, "wide"));
        }
      }
    }
    // anything this page has no picture for: a plain button, so every decision can be made
    const rest = legal.filter(a => !handled.has(a[0]));
    for (const a of rest) parts.push(button(a.map(x => Array.isArray(x) ? x.join("+") : String(x)).join(" "), a, "generic"));
    if (jokerOpen) {
      const grid = el("div", "choices joker");
      grid.append(el("div", "small", "The grey 4 counts as:"));
      for (const a of legal.filter(x => x[0] === "play" && x[1] === "X4" && x.length === 3)) {
        const b = button("", a, "pair");
        const w = el("span", `pc c-${a[2]}`);
        w.append(symbol(a[2]), COLOUR_NAMES[a[2]]);
        b.append(w);
        grid.append(b);
      }
      parts.push(grid);
    }
    box.replaceChildren(...parts);
  }

  function drawHand(v, legal, kinds) {
    const box = document.getElementById("hand");
    const hand = v.hand || [];
    const cards = [];
    const seen = {};
    for (const c of hand) {
      const node = cardEl(c);
      const twice = seen[c] = (seen[c] || 0) + 1;
      if (twice > 1) node.dataset.copy = twice;
      const play = legal.filter(a => (a[0] === "play" || a[0] === "bid") && a[1] === c);
      if (play.length === 1) {
        tapper(node, play[0]);
        node.classList.add("legal");
      } else if (play.length > 1) {  // the grey 4 names a colour
        node.classList.add("legal", "tap");
        node.dataset.joker = "1";
        node.addEventListener("click", () => { jokerOpen = !jokerOpen; render(); });
      } else if (cur.turn && (kinds.has("play") || kinds.has("bid"))) {
        node.classList.add("off");
      }
      cards.push(node);
    }
    if (!cards.length) cards.push(el("div", "small dim", "No cards in your hand"));
    box.replaceChildren(...cards);
    box.classList.toggle("many", hand.length > 9);
  }

  // for tests and the curious: what the page holds is this seat's own observation, nothing more
  window.tricktable = {act: action => act(action), state: () => cur};

  if (!token) setStatus("closed", "No seat in this link", "Open the link the table shows for your seat.");
  else connect();
})();
