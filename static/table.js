// The table page without a connection (app.js keeps the taps made then and asks these two):
(function () {
  "use strict";
  // Offline, the phone follows the turns: the engine's answer for the table shown (data-plan:
  // seats, counts, bazaar, known hands, whether a lay passes the turn on) with the waiting taps
  // replayed on it. stop: what follows cannot be told here; nothing more is kept.
  var lo = function (t) { return t.split(":").sort().join(":"); };
  // multi: a lay leaves the turn open; «X lays more» (the tap sent with more=1) goes on with
  // him, «Turn: Y» (an end of the turn) passes it to the next seat clockwise
  var step = function (P, e, field) {
    var path = new URL(e.action, location.href).pathname, n = P.players.length, f = function (k) { return field(e, k); };
    if (/end-turn$/.test(path) && P.next !== null) { P.to_move = P.next; P.next = null; P.open = false; return; }
    if (!/move$/.test(path) || (P.to_move === null && P.players.indexOf(f("leader")) < 0)) { P.stop = true; return; }
    if (P.open && f("more") !== "1") { P.stop = true; return; }
    if (P.to_move === null) P.to_move = P.players.indexOf(f("leader"));
    var tm = P.to_move, tok = f("token") || "", t = f("tile") || (/^[0-6]:[0-6]/.test(tok) ? tok.slice(0, 3) : null);
    P.next = null;
    P.open = false;
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
    if (t && P.multi && (!P.blind || (P.closed && P.closed[tm]))) {
      // the turn stays open unless the hand is over (his last tile) or the row is turned up
      P.stop = --P.counts[tm] <= 0 || (P.blind && P.counts[tm] <= 3);
      P.open = true;
      P.next = (tm + 1) % n;
      return;
    }
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
    P.open = !!P.multi && P.next !== null;  // drawn with the turn open: the choice is still to make
    q.forEach(function (e) { if (!P.stop) step(P, e, field); });
    return P;
  };
  // A lay kept offline with the turn left open: «X lays more» (the picker opens for him, its taps
  // sent with more=1) or «Turn: Y» (an end of the turn, kept like any tap), as the table shows
  // them online; the picker stays locked until one is tapped.
  var choose = function (P, who, k, word) {
    var bar = document.querySelector(".bar-buttons"), picker = document.getElementById("picker");
    if (!bar || !picker) return;
    var nextName = P.players[P.next];
    var more = bar.querySelector(".more-offline"), next = bar.querySelector(".next-offline");
    if (!more) {
      more = document.createElement("button");
      more.type = "button";
      more.className = "more more-offline";
      bar.insertBefore(more, bar.firstChild);
      more.addEventListener("click", function () {
        main().setAttribute("data-more-after", more.getAttribute("data-k"));
        document.querySelectorAll("main input[name=more]").forEach(function (i) { i.value = "1"; });
        document.querySelectorAll("main form.locked").forEach(function (f) { f.classList.remove("locked"); });
        more.hidden = next.hidden = true;
        main().setAttribute("data-gen", String((parseInt(main().getAttribute("data-gen") || "0", 10) || 0) + 1));
      });
      next = document.createElement("button");
      next.type = "button";
      next.className = "primary next-turn next-offline";
      more.after(next);
      next.addEventListener("click", function () {
        var f = document.getElementById("end-offline");
        if (!f) {
          var go = document.createElement("button");
          go.type = "submit";
          f = document.createElement("form");
          f.id = "end-offline";
          f.method = "post";
          f.hidden = true;
          f.action = picker.action.replace(/\/move(#choose)?$/, "/end-turn");
          [["csrf_token", (picker.querySelector("input[name=csrf_token]") || {}).value || ""], ["n", "0"]].forEach(function (kv) {
            var i = document.createElement("input");
            i.type = "hidden"; i.name = kv[0]; i.value = kv[1];
            f.appendChild(i);
          });
          f.appendChild(go);
          main().appendChild(f);
        }
        var go2 = f.querySelector("button");
        go2.setAttribute("data-label", next.textContent);
        f.requestSubmit(go2);
      });
    }
    var said = st().getAttribute("data-more-words") || "{name} +", turn = st().getAttribute("data-next-words") || "→ {next}";
    more.textContent = said.replace("{name}", who);
    next.textContent = turn.replace("{next}", nextName) + " →";
    more.setAttribute("data-k", st().getAttribute("data-n") + "/" + k);
    var chosen = main().getAttribute("data-more-after") === more.getAttribute("data-k");
    more.hidden = next.hidden = chosen;
    document.querySelectorAll("main input[name=more]").forEach(function (i) { i.value = chosen ? "1" : ""; });
    if (!chosen) {
      picker.classList.add("locked");
      picker.setAttribute("data-locked", (st().getAttribute("data-say-first") || "").replace(/\{name\}/g, who).replace("{next}", nextName));
    }
  };
  var main = function () { return document.querySelector("main"); };
  var st = function () { return document.getElementById("table-state"); };
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
    bar.querySelectorAll('button[name="pass"], button[name="draw"]').forEach(function (b) { b.hidden = P.stop || P.open; });
    main.querySelectorAll("form.locked").forEach(function (f) { f.classList.remove("locked"); });
    if (!P.stop && P.open && who) choose(P, who, q.length, word);
    q.forEach(function (e) {  // laid: a drawn tile stays his
      if (field(e, "tile") && field(e, "mode") !== "draw" && field(e, "draw") === null) gone[lo(field(e, "tile"))] = 1;
    });
    (P.hands || []).forEach(function (h) { h.forEach(function (x) { delete gone[x]; }); });
    main.querySelectorAll("form.picker-form button.pick").forEach(function (b) { if (gone[b.value]) b.disabled = true; });
  };
})();
