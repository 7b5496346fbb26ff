// The table page without a connection (app.js keeps the taps made then and asks these two):
(function () {
  "use strict";
  // Offline, the phone follows the turns: the engine's answer for the table shown (data-plan:
  // seats, counts, bazaar, known hands, whether a lay passes the turn on) with the waiting taps
  // replayed on it. stop: what follows cannot be told here; nothing more is kept.
  var lo = function (t) { return t.split(":").sort().join(":"); };
  var step = function (P, e, field) {
    var path = new URL(e.action, location.href).pathname, n = P.players.length, f = function (k) { return field(e, k); };
    if (/end-turn$/.test(path) && P.next !== null) { P.to_move = P.next; P.next = null; return; }
    if (!/move$/.test(path) || (P.to_move === null && P.players.indexOf(f("leader")) < 0)) { P.stop = true; return; }
    if (P.to_move === null) P.to_move = P.players.indexOf(f("leader"));
    var tm = P.to_move, tok = f("token") || "", t = f("tile") || (/^[0-6]:[0-6]/.test(tok) ? tok.slice(0, 3) : null);
    P.next = null;
    if (f("pass") !== null) { P.to_move = (tm + 1) % n; P.stop = ++P.passes >= n - 1; return; }
    P.passes = 0;
    if (f("open") !== null || f("mode") === "miss") { P.stop = true; return; }
    if (f("draw") !== null || f("mode") === "draw" || (P.hands && t && P.hands[tm].indexOf(lo(t)) < 0)) {
      P.counts[tm]++;
      if (P.hands && t) P.hands[tm].push(lo(t));
      P.stop = --P.bazaar <= 0;
      return;
    }
    if (P.hands && t) P.hands[tm] = P.hands[tm].filter(function (h) { return h !== lo(t); });
    P.to_move = (tm + 1) % n;
    P.stop = !t || !P.plain || --P.counts[tm] <= 0;  // he may lay more, or the hand may be over
  };
  window.refereePredict = function (q, st, field) {
    var P = null;
    try { P = JSON.parse((st && st.getAttribute("data-plan")) || "null"); } catch (e) { P = null; }
    if (!P) return {stop: q.length > 0, players: null, to_move: null};
    if (P.hands) P.hands = P.hands.map(function (h) { return h.map(lo); });
    P.passes = 0;
    P.stop = false;
    q.forEach(function (e) { if (!P.stop) step(P, e, field); });
    return P;
  };
  window.refereeFollow = function (q, st, field, word) {  // the table shown follows the waiting taps
    var P = window.refereePredict(q, st, field), main = document.querySelector("main"), t = document.querySelector(".bar-turn"), bar = document.querySelector(".bar");
    var who = P.players && P.to_move !== null ? P.players[P.to_move] : null, gone = {};
    if (!q.length || !bar) return;
    if (!t) {
      t = document.createElement("p");
      t.className = "bar-turn";
      bar.insertBefore(t, bar.firstChild);
    }
    t.textContent = P.stop ? word("unknown", "") : who ? word("turn", "Turn") + ": " + who + " (" + word("offline", "") + ")" : "";
    document.querySelectorAll(".seats .seat").forEach(function (li) {
      li.classList.toggle("current", !P.stop && li.querySelector(".name").textContent === who);
    });
    bar.querySelectorAll(".more, .next-turn").forEach(function (b) { b.hidden = true; });
    bar.querySelectorAll('button[name="pass"]').forEach(function (b) { b.hidden = P.stop; });
    main.querySelectorAll("form.locked").forEach(function (f) { f.classList.remove("locked"); });
    q.forEach(function (e) {  // laid: a drawn tile stays his
      if (field(e, "tile") && field(e, "mode") !== "draw" && field(e, "draw") === null) gone[lo(field(e, "tile"))] = 1;
    });
    (P.hands || []).forEach(function (h) { h.forEach(function (x) { delete gone[x]; }); });
    main.querySelectorAll("form.picker-form button.pick").forEach(function (b) { if (gone[b.value]) b.disabled = true; });
  };
})();
