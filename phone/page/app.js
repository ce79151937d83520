// Tricktable's phone page: one seat's own hand, over a WebSocket to the table (phone/server.py).
// Shows only what the table sends this seat (its own observation) and sends its taps as actions.
// This file is the page's mechanism and names no game: each game's own drawing (its seats' lines, its
// table, its choices, its log lines) is its module, games/<id>.js, loaded for the game the facts name
// (see PLAIN below for the parts a module may give).
"use strict";

(function () {
  // --- the phone's own language ------------------------------------------------------------------
  // The first of the phone's languages (best first) that the table speaks, else the table's own
  // (index.html names both). Its words are the gettext catalogue's (GET /words/<lang>.json), loaded
  // before anything is drawn; every shown word goes through _() here and in the games' modules (Babel
  // extracts them from these files), and an English message is its own translation.
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
  // a message with a context (the catalogue's "context\u0004message"), as the TV's pgettext
  function pgettext(context, message) {
    const t = WORDS[context + "\u0004" + message];
    return typeof t === "string" && t ? t : message;
  }
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
                    hand: _("Your hand"), panels: _("Your notes"), log: _("What happened")};
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
  // the seat's own link (/s/<token>), or the table's one link (/t/<token>): a page there looks at the
  // table's seats, takes one (name, seat, face), then is that seat's page, its address the seat's link
  let token = location.pathname.split("/").filter(Boolean).pop() || "";
  let guest = location.pathname.split("/")[1] === "t";
  const device = deviceId();
  let KEY = "tricktable-key-" + token;  // the seat's resume key: proof that this device held it
  let key = stored(KEY);
  let ws = null, facts = null, cur = null, status = "connecting", retry = 500;
  let game = null, gameId = null;  // the drawing of the game named in the facts (games/<id>.js), once loaded
  let inbox = Promise.resolve();  // messages are read in order, each after the game's module is there
  let connected = false;  // this page has held a connection: a close now is a lost one, not the first connect
  let attempts = 0, again = null;  // tries since the connection was lost; the timer of the next one
  let log = [], refusal = "", picked = [], audio = null, lastTurn = false;
  let jokerOpen = false;  // the hand's card whose colours are shown (a card that names one), or false
  let sheet = null;  // the round whose scores the TV shows with nobody at it: a tap here moves it on
  // teach mode: the reminders the table sent (each rule once a game), shown one at a time, the first
  // in QUEUE; SEEN: every rule ever queued. Kept for this tab, so a reload goes on where it was.
  let TEACH_KEY = "tricktable-teach-" + token;
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
  const FINAL = ["lost", "turned_away", "closed", "host_left", "host_closed"];  // the table is done with this page

  function connect() {
    clearTimeout(again);
    again = null;
    if (ws) return;  // a try is under way already
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = ws = new WebSocket(scheme + "://" + location.host + "/ws/" + token + "?lang=" + LANG);
    socket.onopen = () => { retry = 500; connected = true; if (guest) send({type: "look", device}); else join(); };
    socket.onmessage = ev => {
      let m;
      try { m = JSON.parse(ev.data); } catch (e) { return; }
      inbox = inbox.then(() => receive(m)).catch(e => console.error(e));
    };
    socket.onclose = () => {
      if (ws === socket) ws = null;
      if (status === "host_left") {  // the host may continue the game: this link opens the seat again then
        again = setTimeout(connect, 2000);
        return;
      }
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
    doneReminders();  // the seat's next action puts the reminders away: they spoke of the moment it ended
    refusal = "";
    picked = [];
    jokerOpen = false;
    send({type: "act", action, moment: cur ? cur.moment : null});
    if (cur) { cur.turn = false; cur.legal = []; }  // until the table answers: no second tap
    render();
  }

  // --- a refusal as a toast: the table's reason, in this phone's language, for a few seconds ----------
  const TOAST_MS = 5000;
  let toastTimer = null;
  function toast(text) {
    refusal = text;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { refusal = ""; drawToast(); }, TOAST_MS);
    drawToast();
  }
  function drawToast() {
    const r = document.getElementById("refusal");
    r.textContent = refusal;
    r.hidden = !refusal;
  }
  // a card that may not be played now, tapped: the table is asked, and its door says why (the rules'
  // reason, "it is Ben's turn, not yours"), as for any action a phone sends; nothing is taken back here
  function whyNot(action) {
    unlockAudio();
    send({type: "act", action, moment: cur ? cur.moment : null});
  }

  function receive(m) {
    switch (m.type) {
      case "hello":
        facts = m;
        document.title = `${m.name}: ${m.title}`;
        if (m.lobby && !cur) { showLobby(); return loadGame(m.game); }
        return loadGame(m.game).then(render);
      case "state":
        learn(m.teach, m);  // first: a snapshot that got here before this message had none of its reminders
        if (cur && !m.full && m.moment <= cur.moment) { render(); return; }  // already shown
        if (!cur || m.moment !== cur.moment) { picked = []; jokerOpen = false; }
        if (m.full && m.history) log = [];  // a snapshot brings the whole log so far (a reload)
        readLog(m);
        cur = m;
        attempts = 0;
        setStatus("play");
        if (m.turn && !lastTurn) alertTurn();
        lastTurn = m.turn;
        break;
      case "seated": key = m.key; store(KEY, m.key); attempts = 0; return;
      case "roster": roster = m; if (guest) showJoin(); else if (!cur) showRoster(); return;
      case "claimed": claimed(m); return;
      case "claim_refused": joinWhy = m.reason; showJoin(); return;
      case "result": result = m; showResult(); return;
      case "votes": votes = m; showResult(); return;
      case "again": rematch(); return;
      case "reacted": if (!m.shown && m.reason) toast(m.reason); return;
      case "sheet": sheet = m.open ? m.round : null; break;
      case "refused": toast(fill(_("Not allowed: {reason}"), {reason: m.reason})); if (cur) restoreLegal(); break;
      case "error":  // e.g. too many messages: the move was not read, so it can be made again
        toast(m.reason.charAt(0).toUpperCase() + m.reason.slice(1));
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
        else if (m.kind === "freed") setStatus("lost", _("The host freed your seat"),
                                              _("Scan the table's code on the TV again to take a seat."));
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
                                 _("The game is not finished: the TV keeps it. This page keeps trying: when " +
                                   "the host continues it (Continue), your seat opens here again."));
        else setStatus("host_closed", _("The host closed the lobby"),
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
  // each reminder keeps the phase and the moment of the message it came in (M): a reminder is shown
  // only in the phase it came in (another phase's speaks of a decision gone), the latest first (at the
  // seat's turn: the rule of the decision at hand)
  function learn(notes, m) {
    if (!Array.isArray(notes) || !notes.length) return;
    const phase = m && m.view ? m.view.phase : "", moment = m ? m.moment : 0;
    for (const n of notes) {
      if (!n || typeof n.short !== "string" || teach.seen.includes(n.rule)) continue;
      teach.seen.push(n.rule);
      teach.queue.push({rule: n.rule, short: n.short, line: String(n.line || n.short),
                        target: Array.isArray(n.target) ? n.target : [], phase, moment});
    }
    keepTeach();
  }
  function currentReminders(phase) {
    const before = teach.queue.length;
    teach.queue = teach.queue.filter(n => n.phase === undefined || n.phase === phase);
    if (teach.queue.length !== before) keepTeach();
    // the latest message's first; of its reminders the last (the table tells the step's before the decision's)
    return teach.queue.slice().reverse().sort((a, b) => (b.moment || 0) - (a.moment || 0));
  }
  function doneReminder() {  // the shown one goes (its ✕)
    const note = cur ? currentReminders(cur.view.phase)[0] : teach.queue[0];
    if (!note) return;
    teach.queue = teach.queue.filter(n => n !== note);
    teachOpen = false;
    keepTeach();
  }
  function doneReminders() {
    if (!teach.queue.length) return;
    teach.queue = [];
    teachOpen = false;
    keepTeach();
  }
  document.getElementById("teach-more").addEventListener("click", () => { teachOpen = !teachOpen; render(); });
  document.getElementById("teach-ok").addEventListener("click", () => { doneReminder(); render(); });

  // the reminder first in the queue, and a ring around what it speaks of (its target)
  function drawTeach() {
    for (const e of document.querySelectorAll(".taught")) e.classList.remove("taught");
    const box = document.getElementById("teach"), note = currentReminders(cur.view.phase)[0];
    box.hidden = !note;
    document.body.dataset.teach = note ? note.rule : "";
    document.body.dataset.teachMoment = note ? String(note.moment || "") : "";
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
    if (s === "play" || s === "lobby") { overlay.hidden = true; document.getElementById("app").hidden = false; return; }
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

  // --- the table's own talk: joining by the table's link, the lobby's seats, the end, reactions -------------
  let roster = null, joinWhy = "", result = null, votes = null, shapes = null;
  const joining = {name: "", seat: null, face: null};  // what this page chose so far on the table's link
  const shapesReady = import("/p/shapes.js").then(m => { shapes = m.default; }).catch(() => { shapes = {faces: {}, reactions: {}}; });

  function drawing(parts, label) {  // a face or reaction of phone/shapes.py as SVG
    const NS = "http://www.w3.org/2000/svg", s = document.createElementNS(NS, "svg");
    s.setAttribute("viewBox", "0 0 24 24");
    s.setAttribute("class", "shape");
    s.setAttribute("role", "img");
    s.setAttribute("aria-label", label);
    for (const part of parts || []) {
      const node = document.createElementNS(NS, part.circle ? "circle" : "polygon");
      if (part.circle) { node.setAttribute("cx", part.circle[0]); node.setAttribute("cy", part.circle[1]); node.setAttribute("r", part.circle[2]); }
      else node.setAttribute("points", part.points.map(p => p.join(",")).join(" "));
      node.setAttribute("fill", part.fill);
      s.append(node);
    }
    return s;
  }
  function faceOf(id) {
    const f = shapes && shapes.faces[id];
    return f ? drawing(f.parts, _(f.name)) : el("span", "shape none");
  }

  // the table's link: the name typed, a seat (a free one, or a new one while the game allows more
  // players) and a face; the TV shows it at once
  function showJoin() {
    return shapesReady.then(drawJoin);
  }
  function drawJoin() {
    setStatus("lobby");
    const r = roster;
    document.getElementById("title").textContent = r.title;
    document.getElementById("who").textContent = "";
    document.getElementById("banner").textContent = _("Join the table");
    const box = el("form", "join");
    box.id = "join";
    if (r.rename) {
      const label = el("label", "field");
      label.append(el("span", null, _("Your name")));
      const input = el("input");
      input.id = "join-name";
      input.maxLength = 14;
      input.autocomplete = "nickname";
      input.value = joining.name;
      input.addEventListener("input", () => { joining.name = input.value; });
      label.append(input);
      box.append(label);
    }
    const free = r.seats.map((seat, n) => ({seat, n})).filter(x => x.seat.free);
    if (joining.seat !== null && joining.seat !== "new" && !(r.seats[joining.seat] || {}).free) joining.seat = null;
    if (joining.seat === null && free.length === 1 && !r.can_add) joining.seat = free[0].n;
    box.append(el("div", "small", _("Your seat")));
    const seats = el("div", "choices seats");
    for (const {seat, n} of free) {
      const words = seat.kind === "bot" ? fill(_("{name}'s seat (a bot now)"), {name: seat.name}) : seat.name;
      seats.append(choice(words, joining.seat === n, () => { joining.seat = n; drawJoin(); }, "seat-" + n));
    }
    if (r.can_add) seats.append(choice(_("A new seat"), joining.seat === "new", () => { joining.seat = "new"; drawJoin(); }, "seat-new"));
    if (!seats.childNodes.length) seats.append(el("div", "small", _("No seat is free: ask the host.")));
    box.append(seats);
    const taken = new Set(r.seats.filter((s, n) => n !== joining.seat).map(s => s.face).filter(Boolean));
    if (taken.has(joining.face)) joining.face = null;
    box.append(el("div", "small", _("Your face")));
    const faces = el("div", "faces");
    for (const id of Object.keys(shapes.faces)) {
      const b = el("button", "face" + (joining.face === id ? " picked" : ""));
      b.type = "button";
      b.dataset.face = id;
      b.disabled = taken.has(id);
      b.setAttribute("aria-pressed", String(joining.face === id));
      b.append(faceOf(id));
      b.addEventListener("click", () => { joining.face = id; drawJoin(); });
      faces.append(b);
    }
    box.append(faces);
    if (joinWhy) box.append(el("div", "why", joinWhy.charAt(0).toUpperCase() + joinWhy.slice(1)));
    const go = el("button", "act go", _("Join"));
    go.type = "submit";
    go.id = "join-go";
    box.append(go);
    box.addEventListener("submit", ev => {
      ev.preventDefault();
      joinWhy = "";
      if (joining.seat === null) { joinWhy = _("choose your seat first"); drawJoin(); return; }
      send({type: "claim", seat: joining.seat === null ? -1 : joining.seat, name: joining.name, face: joining.face});
    });
    const table = document.getElementById("table");
    table.hidden = false;
    table.replaceChildren(box);
    document.getElementById("scores").replaceChildren();
    document.getElementById("hand").hidden = true;  // no hand yet: the form alone
    const input = document.getElementById("join-name");
    if (input && !joining.name && document.activeElement !== input) input.focus();
  }
  function choice(words, on, pick, id) {
    const b = el("button", "act choice" + (on ? " picked" : ""), words);
    b.type = "button";
    b.id = id;
    b.setAttribute("aria-pressed", String(on));
    b.addEventListener("click", pick);
    return b;
  }

  // the seat is this page's: from now its address is the seat's own link (a reload, a rejoin)
  function claimed(m) {
    token = m.token;
    guest = false;
    KEY = "tricktable-key-" + token;
    TEACH_KEY = "tricktable-teach-" + token;
    key = null;
    document.getElementById("hand").hidden = false;
    try { history.replaceState(null, "", "/s/" + token); } catch (e) { /* the link is kept in the page only */ }
  }

  // joined before the game began: the table's seats as they fill, this seat's marked
  function showRoster() {
    return shapesReady.then(() => {
      const r = roster, me = r.you, own = r.seats[me] || {name: ""};
      setStatus("lobby");
      document.getElementById("title").textContent = fill(_("{title} · waiting to start"), {title: r.title});
      document.getElementById("who").textContent = own.name;
      document.getElementById("banner").textContent = fill(_("You are {name} at the table"), {name: own.name});
      const wait = el("div", "lobby");
      wait.append(el("p", "wait", _("Waiting for the host to start the game on the TV.")));
      const list = el("ul", "roster");
      r.seats.forEach((seat, n) => {
        const row = el("li", n === me ? "me" : "");
        const how = seat.kind === "bot" ? _("a bot") : seat.kind === "tv" ? _("at the TV") :
          seat.joined ? _("here") : _("waiting for the phone");
        row.append(faceOf(seat.face), el("span", "sname", n === me ? fill(_("{name} (you)"), {name: seat.name}) : seat.name),
                   el("span", "small", how));
        list.append(row);
      });
      wait.append(list);
      const table = document.getElementById("table");
      table.hidden = false;
      table.replaceChildren(wait);
      document.getElementById("scores").replaceChildren();
      document.getElementById("hand").replaceChildren(el("div", "small dim", _("Your cards come when the game starts")));
    });
  }

  // the end: this seat's own result and the vote to play again
  function showResult() {
    if (!result) return;
    let box = document.getElementById("result");
    if (!box) {
      box = el("section", "result");
      box.id = "result";
      document.getElementById("banner").after(box);
    }
    const head = result.won ? _("You won!") : fill(_("Place {place} of {players}"), {place: result.place, players: result.players});
    const parts = [el("h2", null, head),
                   el("p", "score", fill(_("{measure}: {score}"), {measure: result.measure, score: result.score}))];
    if (result.tasks) parts.push(el("p", "tasks", fill(ngettext("Tasks met: {met} of {n}", "Tasks met: {met} of {n}", result.tasks[1]),
                                                        {met: result.tasks[0], n: result.tasks[1]})));
    if (result.moment) {
      const best = el("p", "moment");
      best.append(el("strong", null, fill(_("Your best moment: {heading}"), {heading: result.moment.heading})), el("br"),
                  el("span", null, result.moment.text));
      parts.push(best);
    }
    const mineVote = votes ? (votes.yes.includes(result.seat) ? true : votes.no.includes(result.seat) ? false : null) : null;
    const again = el("div", "again");
    const yes = el("button", "act go" + (mineVote === true ? " picked" : ""), _("Play again"));
    yes.type = "button";
    yes.id = "vote-yes";
    yes.addEventListener("click", () => send({type: "vote", again: true}));
    const no = el("button", "act" + (mineVote === false ? " picked" : ""), _("Not this time"));
    no.type = "button";
    no.id = "vote-no";
    no.addEventListener("click", () => send({type: "vote", again: false}));
    again.append(yes, no);
    parts.push(again);
    if (votes && votes.yes.length) {
      parts.push(el("p", "small votes", fill(_("Play again: {names}"), {names: andList(votes.yes.map(s => facts ? facts.names[s] : String(s)))})));
    }
    if (mineVote === true) parts.push(el("p", "small", _("The host starts the next game on the TV.")));
    box.replaceChildren(...parts);
  }

  // a row of the fixed reactions (phone/shapes.py REACTIONS): a tap pops it up by this seat on the TV
  function drawReactions() {
    if (!shapes || document.getElementById("reactions")) return;
    const row = el("div", "reactions");
    row.id = "reactions";
    row.setAttribute("aria-label", _("Reactions"));
    for (const id of Object.keys(shapes.reactions)) {
      const r = shapes.reactions[id], b = el("button", "react");
      b.type = "button";
      b.dataset.reaction = id;
      b.append(drawing(r.parts, _(r.name)));
      b.addEventListener("click", () => {
        send({type: "react", reaction: id});
        b.classList.add("sent");
        setTimeout(() => b.classList.remove("sent"), 600);
      });
      row.append(b);
    }
    document.getElementById("hand").after(row);
  }

  // a rematch with the same seats and links: the new game's hello and state follow
  function rematch() {
    cur = null; result = null; votes = null; log = []; refusal = ""; lastTurn = false; sheet = null;
    const box = document.getElementById("result");
    if (box) box.remove();
    document.getElementById("banner").textContent = _("A new game begins…");
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

  // the log's lines of a state message M: each event as the seat was told it (a snapshot: all so far)
  function readLog(m) {
    for (const e of (m.full && m.history) ? m.history : m.events) { const line = describe(e); if (line) log.push(line); }
  }

  // one line of the log: a sentence with "You" where this seat did it (the verb differs), else its name;
  // the game's module words its own actions and events, the page the ones every trick-taking game has
  // a move of this seat's that a bot made while the phone was away (the table marks it "bot"): worded as
  // a bot's, "A bot played green 7 for you", never "You played green 7"
  function describe(e) {
    const line = describeOne(e);
    return line && e.bot && mine(e.p) ? fill(_("{what} for you"), {what: line}) : line;
  }
  function describeOne(e) {
    if (!cur && !facts) return null;
    const byBot = !!e.bot && mine(e.p);
    const me = mine(e.p) && !byBot, who = byBot ? _("A bot") : e.p !== undefined ? Name(e.p) : "";
    const said = (yours, theirs, values) => fill(me ? yours : theirs, Object.assign({who}, values || {}));
    const a = e.t === "act" ? e.a : null, k = a ? Object.keys(a).find(x => x !== "as") : undefined;
    const own = game ? game.describe(e, said, k, a ? a[k] : undefined) : undefined;
    if (own !== undefined) return own;
    switch (e.t) {
      case "act": {
        const v = a[k];
        switch (k) {
          case "play":
            if (a.as) return said(_("You played {card} as {colour}"), _("{who} played {card} as {colour}"),
                                  {card: cardName(v), colour: colour(a.as)});
            return said(_("You played {card}"), _("{who} played {card}"), {card: cardName(v)});
          default: return who + ": " + k;
        }
      }
      case "deal": return fill(_("Round {round} is dealt"), {round: e.round});
      case "trick":
        if (e.winner !== undefined) return mine(e.winner) ? _("You won the trick") : fill(_("{name} won the trick"), {name: Name(e.winner)});
        return null;
      case "score": return fill(_("Round {round} scored"), {round: e.round});
      case "end": return _("The game is over");
      default: return null;
    }
  }

  function trickCount(n) { return fill(ngettext("{n} trick", "{n} tricks", n), {n}); }

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
    const c = el("div", `card c-${card[0]} ${card.length > 2 ? "two" : ""} ${extra || ""}`);
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

  function render() {
    if (!cur || !facts || !game) return;
    const v = cur.view, legal = cur.turn ? cur.legal : [];
    if (cur.turn) kept = {moment: cur.moment, legal: cur.legal};
    const kinds = new Set(legal.map(a => a[0]));
    document.body.dataset.turn = cur.turn ? "1" : "0";
    document.body.dataset.phase = v.phase;
    document.body.dataset.moment = cur.moment;
    document.body.dataset.game = facts.game;
    document.body.classList.toggle("myturn", !!cur.turn);

    const round = v.rounds ? fill(_("round {round} of {rounds}"), {round: v.round, rounds: v.rounds}) :
      (v.round ? fill(_("round {round}"), {round: v.round}) : game.opening(v));
    document.getElementById("title").textContent = `${facts.title} · ${round}`;
    document.getElementById("who").textContent = facts.name;

    const banner = document.getElementById("banner");
    if (v.winners) {
      const won = v.winners.includes(cur.seat);
      banner.textContent = won ? _("You won!") :
        fill(ngettext("{names} won", "{names} won", v.winners.length), {names: andList(v.winners.map(Name))});
    } else if (cur.turn) {
      const prompt = facts.prompts && facts.prompts[game.promptKey(v)];  // in the phone's language already
      const p = prompt ? fill(prompt, game.promptValues(v)) : _("your choice");
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
    drawPanels(v);
    drawTeach();
    drawToast();
    drawReactions();

    const ol = document.getElementById("log");
    ol.replaceChildren(...log.slice().reverse().map(line => el("li", null, line)));
  }

  // every seat's total, and beside it (+N) the points of this round so far, or of the last round scored
  // (the table's ``points``); a line above says which round they are
  function drawScores(v) {
    const box = document.getElementById("scores");
    const rows = [], points = cur.points;
    if (points && Array.isArray(points.points)) {
      const which = points.so_far ? fill(_("+ points of round {round} so far"), {round: points.round}) :
        fill(_("+ points of round {round}"), {round: points.round});
      rows.push(el("div", "small points-of", which));
    }
    for (let s = 0; s < facts.players; s++) {
      const row = el("div", "seat" + (s === cur.seat ? " me" : "") + (s === v.current_player ? " now" : ""));
      row.dataset.seat = s;
      const pts = el("span", "pts", String(v.totals[s]));
      if (points && Array.isArray(points.points) && typeof points.points[s] === "number") {
        const n = points.points[s];
        pts.append(el("span", "rp", (n < 0 ? " " : " +") + n));
      }
      row.append(el("span", "sname", facts.names[s]), pts);
      const info = el("span", "info");
      info.append(...game.seatInfo(v, s));
      row.append(info);
      rows.push(row);
    }
    box.replaceChildren(...rows);
  }

  // the cards of a trick, each with its player's name (and the colour a card was named as); PICK:
  // {size, action kind}: the seat taps SIZE of them (into `picked`) before it confirms
  // WINNER (opts.winner): the seat whose card wins the trick so far (the view's trick_winner), marked
  function trickRow(plays, opts) {
    const row = el("div", "trick");
    const winner = opts && opts.winner !== undefined ? opts.winner : null;
    for (const p of plays) {
      const slot = el("div", "slot");
      if (winner !== null && p[0] === winner) {
        slot.classList.add("winning");
        slot.dataset.winning = "1";
      }
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
      if (named(p[1]) && p[2]) slot.append(el("span", "named", fill(_("as {colour}"), {colour: colour(p[2])})));
      if (slot.dataset.winning) slot.append(el("span", "wins", _("wins so far")));
      row.append(slot);
    }
    return row;
  }

  // a card that is played as a colour it names (the facts' joker)
  function named(card) { return !!facts.joker && card === facts.joker; }

  function drawTable(v, legal, kinds) {
    const box = document.getElementById("table");
    const parts = [];
    const info = el("div", "tinfo");
    info.append(...game.tableInfo(v));
    parts.push(info);

    const own = game.tableMain(v, legal, kinds);  // a game's own picture of the table (a market, a pick)
    const last = game.lastTrick(v);
    let lastShown = false;
    if (own) {
      parts.push(own);
    } else if (v.trick && v.trick.length) {
      parts.push(trickRow(v.trick, {winner: v.trick_winner}));
    } else if (last) {
      parts.push(lastTrickNode(last));
      lastShown = true;
    } else if (v.phase === "play") {
      parts.push(el("div", "trick empty", _("No card in the trick yet")));
    }
    if (last && !lastShown) {  // one tap away while the open trick (or a market, a pick) lies there
      const b = el("button", "act peek" + (lastOpen ? " open" : ""), lastOpen ? _("Hide the last trick") : _("Last trick"));
      b.type = "button";
      b.id = "last-trick";
      b.setAttribute("aria-expanded", String(lastOpen));
      b.addEventListener("click", () => { lastOpen = !lastOpen; render(); });
      parts.push(b);
      if (lastOpen) parts.push(lastTrickNode(last));
    }
    box.replaceChildren(...parts);
    box.hidden = !info.childNodes.length && parts.length === 1;
  }

  let lastOpen = false;  // the last trick is shown beside the open one (its button)
  function lastTrickNode(last) {
    const shown = el("div", "last");
    shown.id = "last-trick-cards";
    shown.append(el("div", "small", last.label), trickRow(last.cards));
    return shown;
  }

  // the game's own notes beside the table (Was sticht?'s rows and notepad): PLAIN's panels
  function drawPanels(v) {
    const box = document.getElementById("panels");
    const parts = game.panels(v);
    box.replaceChildren(...parts);
    box.hidden = !parts.length;
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
    const handled = new Set(game.handKinds);  // the hand's cards take these
    const parts = game.decision(v, legal, kinds, handled);  // and adds the kinds it draws to HANDLED
    // anything this page has no picture for: a plain button, so every decision can be made
    const rest = legal.filter(a => !handled.has(a[0]));
    for (const a of rest) parts.push(button(a.map(x => Array.isArray(x) ? x.join("+") : String(x)).join(" "), a, "generic"));
    if (jokerOpen) {
      const grid = el("div", "choices joker");
      grid.append(el("div", "small", game.jokerLabel(jokerOpen)));
      for (const a of legal.filter(x => game.handKinds.includes(x[0]) && x[1] === jokerOpen && x.length === 3)) {
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
    const takes = game.handKinds;
    for (const c of hand) {
      const node = cardEl(c);
      const twice = seen[c] = (seen[c] || 0) + 1;
      if (twice > 1) node.dataset.copy = twice;
      const play = legal.filter(a => takes.includes(a[0]) && a[1] === c);
      if (play.length === 1) {
        tapper(node, play[0]);
        node.classList.add("legal");
      } else if (play.length > 1) {  // a card that names a colour: the colours come first
        node.classList.add("legal", "tap");
        node.dataset.joker = "1";
        node.addEventListener("click", () => { jokerOpen = jokerOpen ? false : c; render(); });
      } else {
        if (cur.turn && takes.some(k => kinds.has(k))) node.classList.add("off");
        const kind = takes.find(k => kinds.has(k)) || takes[0];
        node.addEventListener("click", () => whyNot([kind, c]));  // the table says why not (a toast)
      }
      cards.push(node);
    }
    if (!cards.length) cards.push(el("div", "small dim", _("No cards in your hand")));
    box.replaceChildren(...cards);
    box.classList.toggle("many", hand.length > 9);
  }

  // --- the game's own drawing: its module phone/page/games/<id>.js, served at /p/games/<id>.js ---------
  // The module's default export takes PAGE (the helpers below) and returns the game's parts; a part it
  // leaves out is PLAIN's. A game without a module of its own is played with plain buttons.
  const page = {
    _, ngettext, pgettext, fill, andList, el, symbol, cardEl, tapper, button, trickRow, render, stored, store,
    mine, name, Name, colour, cardName, trickCount,
    get facts() { return facts; },  // the hello's facts: names, players, hand size, colours, rows...
    get seat() { return cur ? cur.seat : facts.seat; },  // this page's seat
    get picked() { return picked; },  // the trick's cards tapped so far (trickRow's pick)
    // the table's words under one of the seat's choices (the game kit's phone_choices), or ""
    choiceWords: action => {
      const said = cur && Array.isArray(cur.choices) ?
        cur.choices.find(c => JSON.stringify(c[0]) === JSON.stringify(action)) : undefined;
      return said ? String(said[1]) : "";
    },
    get token() { return token; },  // this seat's link: what the page keeps in the phone is keyed by it
  };
  const PLAIN = {
    handKinds: ["play"],  // the action kinds a tap on a hand's card takes
    promptValues: v => ({}),  // the {placeholders} of the phase's prompt (the facts' prompts)
    promptKey: v => v.phase,  // which of the facts' prompts the turn says: the phase's, or a moment's of the game
    opening: v => "",  // the title's words before the first round (round 0)
    seatInfo: (v, seat) => [],  // the nodes after a seat's name and total in the scores
    tableInfo: v => [],  // the nodes of the table's first line (trump, dealer, chips...)
    tableMain: (v, legal, kinds) => null,  // a node in the open trick's place, or null for the trick
    lastTrick: v => null,  // with no card in the trick: {label, cards} of the last one, or null
    decision: (v, legal, kinds, handled) => [],  // the nodes of the decision; adds the kinds it draws
    describe: (e, said, kind, value) => undefined,  // a log line (null: none), undefined: the page's
    jokerLabel: card => cardName(card),  // above the colours the hand's CARD may be played as
    panels: v => [],  // the nodes of the game's own notes under the hand (a notepad), each a section
  };

  function loadGame(id) {
    if (game && id === gameId) return Promise.resolve();
    gameId = id;
    return import("/p/games/" + encodeURIComponent(id) + ".js")
      .then(module => { game = Object.assign({}, PLAIN, module.default(page)); })
      .catch(error => { console.error(error); game = Object.assign({}, PLAIN); });
  }

  // for tests and the curious: what the page holds is this seat's own observation, nothing more
  window.tricktable = {act: action => act(action), state: () => cur};

  loadWords().then(() => {
    pageWords();
    if (!token) setStatus("closed", _("No seat in this link"), _("Open the link the table shows for your seat."));
    else connect();
  });
})();
