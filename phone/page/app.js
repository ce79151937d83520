// Tricktable's phone page: one seat's own hand, over a WebSocket to the table (phone/server.py).
// Shows only what the table sends this seat (its own observation) and sends its taps as actions.
"use strict";

(function () {
  // --- the phone's own language ------------------------------------------------------------------
  // The first of the phone's languages (best first) that the table speaks, else the table's own
  // (index.html names both). Its words are the gettext catalogue's (GET /words/<lang>.json), loaded
  // before anything is drawn; every shown word goes through _() here (Babel extracts them from this
  // file), and an English message is its own translation.
  const root = document.documentElement;
  const OURS = (root.dataset.languages || "en").split(" ");
  const LANG = pickLanguage();
  let WORDS = {};

  function pickLanguage() {
    const asked = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (const code of asked) {
      const base = String(code || "").toLowerCase().split(/[-_]/)[0];
      if (OURS.includes(base)) return base;
    }
    return OURS.includes(root.dataset.tableLanguage) ? root.dataset.tableLanguage : "en";
  }
  function loadWords() {
    if (LANG === "en") return Promise.resolve();
    return fetch("/words/" + LANG + ".json")
      .then(r => r.ok ? r.json() : {words: {}})
      .then(d => { WORDS = d && d.words && typeof d.words === "object" ? d.words : {}; })
      .catch(() => { WORDS = {}; });  // the words could not come: English, the source, then
  }
  function _(message) {
    const t = WORDS[message];
    return typeof t === "string" && t ? t : message;
  }
  // English, German and Dutch have two forms: one for 1, the other for every other count
  function ngettext(singular, plural, n) {
    const t = WORDS[singular], form = n === 1 ? 0 : 1;
    return Array.isArray(t) && t[form] ? t[form] : (form === 0 ? singular : plural);
  }
  function N_(message) { return message; }  // marked for the catalogue; _() where it is shown
  // a translated text's {placeholders} filled in by name
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, (all, k) => Object.prototype.hasOwnProperty.call(values, k) ? String(values[k]) : all);
  }
  // "A and B", "A and B and C": a list of names or colours in the language's way
  function andList(items) {
    return items.reduce((first, last) => fill(_("{first} and {last}"), {first, last}));
  }

  // the words of index.html, in the phone's language
  function pageWords() {
    root.lang = LANG;
    document.title = _("Tricktable: your hand");
    document.getElementById("banner").textContent = _("Connecting to the table…");
    document.getElementById("teach").setAttribute("aria-label", _("A rule to remember"));
    document.getElementById("teach-hint").textContent = _("More");
    document.getElementById("teach-ok").setAttribute("aria-label", _("Got it"));
    const labels = {scores: _("Scores"), table: _("The table"), decision: _("Your choice"),
                    hand: _("Your hand"), log: _("What happened")};
    for (const id in labels) document.getElementById(id).setAttribute("aria-label", labels[id]);
  }

  const COLOUR_NAMES = {R: N_("red"), G: N_("green"), B: N_("blue"), Y: N_("yellow"), X: N_("grey")};
  // a card by its colour and value: "red 5" (German and Dutch inflect the colour)
  const CARD_NAMES = {R: N_("red {value}"), G: N_("green {value}"), B: N_("blue {value}"),
                      Y: N_("yellow {value}"), X: N_("grey {value}")};
  const SHAPES = {  // the TV's symbols: red circle, green triangle, blue square, yellow star, grey ring
    R: '<circle cx="12" cy="12" r="8"/>',
    G: '<polygon points="12,3 21.5,19.5 2.5,19.5"/>',
    B: '<rect x="4.5" y="4.5" width="15" height="15"/>',
    Y: '<polygon points="12,2 14.6,8.6 21.5,9.2 16.2,13.7 17.9,20.6 12,16.9 6.1,20.6 7.8,13.7 2.5,9.2 9.4,8.6"/>',
    X: '<circle cx="12" cy="12" r="7" fill="none" stroke-width="4.5"/>',
  };
  const PROMPTS = {
    mlut: {play: N_("play a card"), pick: N_("pick {k} cards from the trick"), plus: N_("choose your two plus colours")},
    tricks: {buy: N_("buy a face-up card"), bury: N_("bury a face-up card for 1 chip, or nothing"),
             bid: N_("bid a card (secret)"), play: N_("play a card"), lead: N_("name who leads the next trick")},
    wassticht: {task_draft: N_("take a task"), row_draft: N_("take a card from row {row}"),
                task_choice: N_("choose your secret task"), play: N_("play a card"),
                discard: N_("lay down one of your tasks, or none")},
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
    const socket = ws = new WebSocket(scheme + "://" + location.host + "/ws/" + token + "?lang=" + LANG);
    socket.onopen = () => { retry = 500; connected = true; join(); };
    socket.onmessage = ev => { let m; try { m = JSON.parse(ev.data); } catch (e) { return; } receive(m); };
    socket.onclose = () => {
      if (ws === socket) ws = null;
      if (FINAL.includes(status)) return;
      attempts += 1;
      if (connected) {
        setStatus("reconnecting", _("Connection lost, reconnecting…"),
                  fill(ngettext("Tried {n} time so far. Your seat is kept for you: the page goes on where it " +
                                "was as soon as the table answers.",
                                "Tried {n} times so far. Your seat is kept for you: the page goes on where it " +
                                "was as soon as the table answers.", attempts), {n: attempts}), _("Try again now"));
      } else {
        setStatus("connecting", _("Connecting to the table…"),
                  fill(ngettext("Tried {n} time: is the TV's game still open?",
                                "Tried {n} times: is the TV's game still open?", attempts), {n: attempts}),
                  _("Try again now"));
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
      case "refused": refusal = fill(_("Not allowed: {reason}"), {reason: m.reason}); if (cur) restoreLegal(); break;
      case "error":  // e.g. too many messages: the move was not read, so it can be made again
        refusal = m.reason.charAt(0).toUpperCase() + m.reason.slice(1);
        if (m.dropped === "join") setTimeout(join, 1000);
        if (cur) restoreLegal();
        break;
      case "waiting": setStatus("waiting", _("Waiting to be let in"), m.reason); return;
      case "lost":  // the hand is no longer this page's to show
        cur = null;
        document.getElementById("app").hidden = true;
        if (m.kind === "another_device") setStatus("lost", _("Another device took this seat"), _("The host let another device play it."));
        else if (m.kind === "moved") setStatus("lost", _("Your seat moved to another device"),
                                               _("It was opened elsewhere with this phone's key. If that was not you, " +
                                                 "tell the host, then open your link again: the host is asked to let " +
                                                 "this phone back in."));
        else if (m.kind === "bot") setStatus("lost", _("A bot plays this seat now"), m.reason);
        else setStatus("lost", _("This seat is open elsewhere"), _("It was opened again on this device (another tab or window)."));
        return;
      case "turned_away": setStatus("turned_away", _("Not let in"), m.reason); return;
      case "closed": {  // the game ended with a result
        const winners = cur && cur.view.winners;
        const result = !winners ? _("Thank you for playing.") : winners.includes(cur.seat) ? _("You won! Thank you for playing.") :
          fill(ngettext("{names} won. Thank you for playing.", "{names} won. Thank you for playing.", winners.length),
               {names: andList(winners.map(Name))});
        setStatus("closed", _("The game has ended"), result);
        return;
      }
      case "host_left":  // the game stays unfinished: the host left it, or closed the lobby
        cur = null;
        document.getElementById("app").hidden = true;
        if (m.started) setStatus("host_left", _("The host left the game"),
                                 _("The game is not finished: the TV keeps it. When the host continues it " +
                                   "(Continue), this link opens your seat again."));
        else setStatus("host_left", _("The host closed the lobby"),
                       _("The game did not start. Ask the host for your seat's link when they start it."));
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
    const short = document.getElementById("teach-short");
    short.textContent = note.short;
    short.dataset.label = _("Rule:") + " ";  // shown before it by the style sheet
    const hint = document.getElementById("teach-hint");
    hint.textContent = teachOpen ? _("Less") : _("More");
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
    document.getElementById("title").textContent = fill(_("{title} · waiting to start"), {title: facts.title});
    document.getElementById("who").textContent = facts.name;
    document.getElementById("banner").textContent = fill(_("You are {name} at the table"), {name: facts.name});
    const wait = el("div", "lobby");
    const names = facts.names.map((n, s) => s === facts.seat ? fill(_("{name} (you)"), {name: n}) : n);
    wait.append(el("p", "wait", _("Waiting for the host to start the game on the TV.")),
                el("p", "small", fill(_("Players: {names}"), {names: names.join(", ")})));
    const table = document.getElementById("table");
    table.hidden = false;
    table.replaceChildren(wait);
    document.getElementById("hand").replaceChildren(el("div", "small dim", _("Your cards come when the game starts")));
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
  function mine(seat) { return !!facts && seat === facts.seat; }  // hello's seat: known before any state
  function name(seat) {
    if (seat === null || seat === undefined || !facts) return "?";
    return mine(seat) ? _("you") : facts.names[seat];
  }
  function Name(seat) { const n = name(seat); return n.charAt(0).toUpperCase() + n.slice(1); }
  function colour(c) { return COLOUR_NAMES[c] ? _(COLOUR_NAMES[c]) : String(c); }
  function cardName(c) {
    if (!c) return _("a card");
    return CARD_NAMES[c[0]] ? fill(_(CARD_NAMES[c[0]]), {value: c.slice(1)}) : c;
  }
  function task(t) { return facts && facts.tasks && facts.tasks[t] ? facts.tasks[t] : {text: t, difficulty: "?"}; }

  // one line of the log: a sentence with "You" where this seat did it (the verb differs), else its name
  function describe(e) {
    if (!cur && !facts) return null;
    const me = mine(e.p), who = e.p !== undefined ? Name(e.p) : "";
    const said = (yours, theirs, values) => fill(me ? yours : theirs, Object.assign({who}, values || {}));
    switch (e.t) {
      case "act": {
        const a = e.a, k = Object.keys(a).find(x => x !== "as"), v = a[k];
        switch (k) {
          case "play":
            if (a.as) return said(_("You played {card} as {colour}"), _("{who} played {card} as {colour}"),
                                  {card: cardName(v), colour: colour(a.as)});
            return said(_("You played {card}"), _("{who} played {card}"), {card: cardName(v)});
          case "pick": return said(_("You picked {cards}"), _("{who} picked {cards}"), {cards: v.map(cardName).join(", ")});
          case "plus":
            // TRANSLATORS: {colours} is a pair like "red and blue"
            return said(_("You chose plus colours {colours}"), _("{who} chose plus colours {colours}"),
                        {colours: andList(v.map(colour))});
          case "buy": {
            if (!e.card) return said(_("You bought a card"), _("{who} bought a card"));
            const card = cardName(e.card);
            if (e.price !== undefined) return said(_("You bought {card} for {price}"), _("{who} bought {card} for {price}"), {card, price: chips(e.price)});
            return said(_("You bought {card}"), _("{who} bought {card}"), {card});
          }
          case "bury":
            if (v === null) return said(_("You buried nothing"), _("{who} buried nothing"));
            if (!e.card) return said(_("You buried a card"), _("{who} buried a card"));  // its words bring their own article
            return said(_("You buried {card}"), _("{who} buried {card}"), {card: cardName(e.card)});
          case "bid":
            if (v) return said(_("You bid {card} (secret)"), _("{who} bid {card} (secret)"), {card: cardName(v)});
            return said(_("You bid a secret card"), _("{who} bid a secret card"));
          case "lead":
            if (mine(v)) return said(_("You named you to lead"), _("{who} named you to lead"));
            return said(_("You named {name} to lead"), _("{who} named {name} to lead"), {name: name(v)});
          case "take_task": return said(_("You took task {task}"), _("{who} took task {task}"), {task: v});
          case "draft": return said(_("You took {card}"), _("{who} took {card}"), {card: cardName(v)});
          case "task":
            if (v) return said(_("You chose task {task} (secret)"), _("{who} chose task {task} (secret)"), {task: v});
            return said(_("You chose a secret task"), _("{who} chose a secret task"));
          case "discard":
            if (v) return said(_("You laid down {task}"), _("{who} laid down {task}"), {task: v});
            return said(_("You laid down no task"), _("{who} laid down no task"));
          default: return who + ": " + k;
        }
      }
      case "deal": return fill(_("Round {round} is dealt"), {round: e.round});
      case "decks": return fill(_("Round {round}: the market is open"), {round: e.round});
      case "trick": {
        if (e.winner !== undefined) return mine(e.winner) ? _("You won the trick") : fill(_("{name} won the trick"), {name: Name(e.winner)});
        const picker = Name(e.picker), taker = e.taker !== null && e.taker !== undefined ? e.taker : null;
        if (mine(e.picker)) {
          return taker === null ? _("You picked") : fill(_("You picked, {name} took the rest"), {name: name(taker)});
        }
        if (taker === null) return fill(_("{name} picked"), {name: picker});
        if (mine(taker)) return fill(_("{name} picked, you took the rest"), {name: picker});
        return fill(_("{name} picked, {taker} took the rest"), {name: picker, taker: name(taker)});
      }
      case "early_end":
        return mine(e.p) ? _("The round ends early: you hold only the fourth colour") :
          fill(_("The round ends early: {name} holds only the fourth colour"), {name: name(e.p)});
      case "trump": return e.colour ? fill(_("Trump is {colour}"), {colour: colour(e.colour)}) : _("No trump this round");
      case "bids_shown": return _("The bids are shown");
      case "trump_shown": return fill(_("The trump is shown: {trump}"), {trump: trumpWords(e.colour, e.number)});
      case "tasks_shown": return _("The tasks are shown");
      case "hint":
        return mine(e.winner) ? fill(_("Row {row}: you would win it"), {row: e.row}) :
          fill(_("Row {row}: {name} would win it"), {row: e.row, name: name(e.winner)});
      case "loan": return said(_("You took a loan of {amount}"), _("{who} took a loan of {amount}"), {amount: e.amount});
      case "score": return fill(_("Round {round} scored"), {round: e.round});
      case "end": return _("The game is over");
      default: return null;
    }
  }

  function chips(n) { return fill(ngettext("{n} chip", "{n} chips", n), {n}); }
  function tricks(n) { return fill(ngettext("{n} trick", "{n} tricks", n), {n}); }
  function loan(amount) { return fill(_("loan {amount}"), {amount}); }

  function trumpWords(c, number) {
    return (c ? colour(c) : _("no colour")) + ", " + (number ? number : _("no number"));
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

    const round = v.rounds ? fill(_("round {round} of {rounds}"), {round: v.round, rounds: v.rounds}) :
      (v.round ? fill(_("round {round}"), {round: v.round}) : _("task draft"));
    document.getElementById("title").textContent = `${facts.title} · ${round}`;
    document.getElementById("who").textContent = facts.name;

    const banner = document.getElementById("banner");
    if (v.winners) {
      const won = v.winners.includes(cur.seat);
      banner.textContent = won ? _("You won!") :
        fill(ngettext("{names} won", "{names} won", v.winners.length), {names: andList(v.winners.map(Name))});
    } else if (cur.turn) {
      const prompt = (PROMPTS[facts.game] || {})[v.phase];
      const p = prompt ? fill(_(prompt), {k: v.pick_size, row: v.row}) : _("your choice");
      banner.textContent = fill(_("Your turn: {task}"), {task: p});
    } else if (v.current_player !== null && v.current_player !== undefined) {
      banner.textContent = fill(_("{name}'s turn"), {name: facts.names[v.current_player]});
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
        const bidText = bid ? fill(_("bid {card}"), {card: cardName(bid)}) : (v.has_bid[s] ? _("bid ✓") : "");
        info.append(el("span", "small", tricks(v.tricks_won[s]) + (v.loans[s] ? " · " + loan(v.loans[s]) : "")));
        if (bidText) info.append(el("span", "small bid", bidText));
      } else if (facts.game === "wassticht") {
        const held = v.held_tasks[s].length;
        info.append(el("span", "small", fill(ngettext("{n} task left", "{n} tasks left", held), {n: held}) +
                       " · " + tricks(v.tricks_won[s])));
        const chosen = v.chosen[s];
        if (chosen) info.append(el("span", "small bid", fill(_("task {task}"), {task: chosen})));
        else if (v.chosen_by && v.chosen_by.includes(s) && v.phase === "task_choice") info.append(el("span", "small bid", _("chose ✓")));
        if (s === v.starter) info.append(el("span", "small tag", _("starter")));
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
      if (p[1] === "X4" && p[2]) slot.append(el("span", "named", fill(_("as {colour}"), {colour: colour(p[2])})));
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
      stall.append(el("span", "owner", s === cur.seat ? _("your deck") : facts.names[s]));
      if (d.top) {
        const price = kinds.has("bury") ? fill(_("bury for {fee}"), {fee: v.market.bury_fee}) :
          s === cur.seat || v.market.prices[s] === 0 ? fill(_("{price} to the bank"), {price: v.market.prices[s]}) : chips(v.market.prices[s]);
        const more = v.market.seat === cur.seat && !kinds.has("bury") && v.market.loan_needed[s] ? " + " + loan(v.market.loan_needed[s]) : "";
        stall.append(el("span", "small", price + more));
      }
      stall.append(el("span", "small dim", d.count ? fill(_("{n} left"), {n: d.count}) : _("empty")));
      market.append(stall);
    }
    return market;
  }

  function drawTable(v, legal, kinds) {
    const box = document.getElementById("table");
    const parts = [];
    const info = el("div", "tinfo");
    if (facts.game === "mlut") {
      if (v.trump) { info.append(_("Trump:") + " "); info.append(symbol(v.trump, "c-" + v.trump), colour(v.trump) + " · "); }
      const trick = v.phase === "over" ? "" : fill(_("trick {n}"), {n: Math.min(v.tricks_played + 1, 14)}) + " · ";
      info.append(el("span", "small", trick + (mine(v.dealer) ? _("You dealt") : fill(_("{name} dealt"), {name: Name(v.dealer)}))));
    } else if (facts.game === "tricks") {
      const words = [];
      if (v.phase === "play" || v.phase === "lead") {
        if (v.trump) info.append(_("Trump:") + " ", symbol(v.trump, "c-" + v.trump), colour(v.trump) + " · ");
        else info.append(_("No trump") + " · ");
        if (v.led) words.push(fill(_("led {colour}"), {colour: colour(v.led)}));
      } else if (v.market) {
        info.append(_("Market") + " · ");
        words.push(mine(v.start_player) ? _("You started") : fill(_("{name} started"), {name: Name(v.start_player)}));
      } else if (v.phase === "bid") {
        info.append(_("Bidding") + " · ");
      }
      words.push(fill(_("you have {chips}"), {chips: chips(v.chips[cur.seat])}) + (v.loans[cur.seat] ? " (" + loan(v.loans[cur.seat]) + ")" : ""));
      info.append(el("span", "small", words.join(" · ")));
    } else if (facts.game === "wassticht") {
      if (v.trump_known) {
        const label = v.phase === "row_draft" ? _("Your secret trump:") : _("Trump:");
        info.append(el("span", v.phase === "row_draft" ? "secret" : "", label + " " + trumpWords(v.trump_colour, v.trump_number)));
      } else if (v.round) {
        info.append(mine(v.starter) ? _("Trump: not shown yet · you start") :
          fill(_("Trump: not shown yet · {name} starts"), {name: name(v.starter)}));
      }
      if (v.chosen[cur.seat]) info.append(el("span", "small", " · " + fill(_("your task: {task}"), {task: v.chosen[cur.seat]})));
    }
    parts.push(info);

    const pick = kinds.has("pick") ? {size: v.pick_size} : null;
    if (facts.game === "tricks" && v.market) {
      parts.push(marketEl(v, legal, kinds));
    } else if (v.trick && v.trick.length) {
      parts.push(trickRow(v.trick, {pick}));
    } else if (v.last_trick && v.last_trick.cards) {
      const last = el("div", "last");
      const lt = v.last_trick;
      last.append(el("div", "small", lt.winner !== undefined ? fill(_("Last trick: {name}"), {name: name(lt.winner)}) :
        lt.picker === undefined ? _("Last trick") : mine(lt.picker) ? _("Last trick: you picked") :
        fill(_("Last trick: {name} picked"), {name: name(lt.picker)})));
      last.append(trickRow(v.last_trick.cards));
      parts.push(last);
    } else if (facts.game === "wassticht" && v.tricks && v.tricks.length && v.phase === "play") {
      const t = v.tricks[v.tricks.length - 1];
      const last = el("div", "last");
      last.append(el("div", "small", fill(_("Last trick: {name}"), {name: name(t.winner)})), trickRow(t.cards));
      parts.push(last);
    } else {
      if (v.phase === "play") parts.push(el("div", "trick empty", _("No card in the trick yet")));
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
    const b = el("button", "act next", fill(_("Next round (the TV shows round {round}'s scores)"), {round: sheet}));
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
        grid.append(b);
      }
      parts.push(grid);
    }
    if (facts.game === "tricks" && v.market) {
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
    if (facts.game === "wassticht") {
      if (v.phase === "task_draft") {
        handled.add("take_task");
        const grid = el("div", "tasks");
        const held = v.held_tasks[cur.seat];
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
        parts.push(el("div", "small", fill(_("Row {row} of {rows}"), {row: v.row, rows: 9})), row);
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
    }
    // anything this page has no picture for: a plain button, so every decision can be made
    const rest = legal.filter(a => !handled.has(a[0]));
    for (const a of rest) parts.push(button(a.map(x => Array.isArray(x) ? x.join("+") : String(x)).join(" "), a, "generic"));
    if (jokerOpen) {
      const grid = el("div", "choices joker");
      grid.append(el("div", "small", _("The grey 4 counts as:")));
      for (const a of legal.filter(x => x[0] === "play" && x[1] === "X4" && x.length === 3)) {
        const b = button("", a, "pair");
        const w = el("span", "pc c-" + a[2]);
        w.append(symbol(a[2]), colour(a[2]));
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
    if (!cards.length) cards.push(el("div", "small dim", _("No cards in your hand")));
    box.replaceChildren(...cards);
    box.classList.toggle("many", hand.length > 9);
  }

  // for tests and the curious: what the page holds is this seat's own observation, nothing more
  window.tricktable = {act: action => act(action), state: () => cur};

  loadWords().then(() => {
    pageWords();
    if (!token) setStatus("closed", _("No seat in this link"), _("Open the link the table shows for your seat."));
    else connect();
  });
})();
