// Small improvements only: every page works without this file.
(function () {
  "use strict";
  // Follow the match: when another phone adds a move, reload (the read-only view and the table).
  var meta = document.querySelector('meta[name="poll"]');
  if (meta && window.fetch) {
    var url = meta.getAttribute("content");
    var busy = false;
    setInterval(function () {
      var st = document.getElementById("table-state");
      var n = st ? st.getAttribute("data-n") : meta.getAttribute("data-n");
      if (busy || document.hidden || window.refereeBusy && window.refereeBusy()) return;
      // Do not pull the page away while someone is typing or choosing.
      var a = document.activeElement;
      if (a && (a.tagName === "INPUT" || a.tagName === "TEXTAREA" || a.tagName === "SELECT")) return;
      if (document.querySelector("form.choose:not(.turned-up), details[open]")) return;
      busy = true;
      fetch(url, {cache: "no-store", credentials: "same-origin"})
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (d) {
          if (!d || String(d.n) === n) return;
          if (st && window.refereeRedraw) return window.refereeRedraw();
          location.reload();
        })
        .catch(function () {})
        .then(function () { busy = false; });
    }, 2500);
  }
  // The deal picker: a tile marked for one player (or as the starter, or put aside) cannot be
  // marked for another; a blind row is built tap by tap, left to right, into its text field.
  var initDeal = function () {
  var deal = document.querySelector("form.deal-form");
  if (deal) {
    var rowOf = function (input) {
      return input.value.split(/[\s,;]+/).filter(function (t) { return /^[0-6]:[0-6]$/.test(t); });
    };
    var rows = [].slice.call(deal.querySelectorAll("fieldset.blind-row"));
    // the picker is sent once, in the first row: each other row gets its own copy
    rows.forEach(function (fs) {
      if (!fs.querySelector(".row-picker") && rows[0].querySelector(".row-picker")) {
        fs.insertBefore(rows[0].querySelector(".row-picker").cloneNode(true), fs.querySelector(".row-tools"));
      }
    });
    var sync = function () {
      var taken = {};
      deal.querySelectorAll("input[type=checkbox]:checked, input[type=radio]:checked").forEach(function (c) {
        if (c.value) taken[c.value] = c.name;
      });
      rows.forEach(function (fs) {
        var input = fs.querySelector("input[name^=deal_]");
        rowOf(input).forEach(function (t) {
          var lo = t.split(":").sort().join(":");
          taken[lo] = input.name;
        });
      });
      deal.querySelectorAll("input[type=checkbox], input[type=radio]").forEach(function (c) {
        if (!c.value) return;
        var other = taken[c.value] && taken[c.value] !== c.name;
        c.disabled = !!other;
        c.parentNode.classList.toggle("gone", !!other);
      });
      rows.forEach(function (fs) {
        var input = fs.querySelector("input[name^=deal_]");
        var mine = rowOf(input).map(function (t) { return t.split(":").sort().join(":"); });
        fs.querySelectorAll("button[data-tile]").forEach(function (b) {
          var t = b.getAttribute("data-tile");
          var other = taken[t] && taken[t] !== input.name;
          b.disabled = !!other;
          b.classList.toggle("gone", !!other);
          b.classList.toggle("chosen", mine.indexOf(t) >= 0);
          b.setAttribute("aria-pressed", mine.indexOf(t) >= 0 ? "true" : "false");
        });
        // the row drawn left to right with the tiles' own pictures
        var view = fs.querySelector(".row-view");
        view.textContent = "";
        if (!mine.length) view.textContent = view.getAttribute("data-empty");
        mine.forEach(function (t, k) {
          var src = fs.querySelector('button[data-tile="' + t + '"] svg');
          var cell = document.createElement("span");
          cell.className = "row-tile";
          cell.appendChild(src.cloneNode(true));
          var no = document.createElement("small");
          no.textContent = String(k + 1);
          cell.appendChild(no);
          view.appendChild(cell);
        });
      });
    };
    rows.forEach(function (fs) {
      var input = fs.querySelector("input[name^=deal_]");
      fs.querySelector(".row-picker").hidden = false;
      fs.querySelector(".row-tools").hidden = false;
      fs.classList.add("js");
      fs.addEventListener("click", function (e) {
        var b = e.target.closest("button");
        if (!b) return;
        var row = rowOf(input).map(function (t) { return t.split(":").sort().join(":"); });
        if (b.hasAttribute("data-tile")) {
          var t = b.getAttribute("data-tile");
          var k = row.indexOf(t);
          if (k >= 0) row.splice(k, 1); else row.push(t);
        } else if (b.classList.contains("row-back")) {
          row.pop();
        } else if (b.classList.contains("row-clear")) {
          row = [];
        } else {
          return;
        }
        input.value = row.join(" ");
        sync();
        if (deal.refereeCounted) deal.refereeCounted(b.hasAttribute("data-tile"));
      });
      input.addEventListener("input", sync);
    });
    deal.addEventListener("change", sync);
    sync();
    // one picker at a time, a count per player («6/7»); a full one moves on to the next
    var tabs = deal.querySelector(".deal-tabs");
    var sets = [].slice.call(deal.querySelectorAll("fieldset.deal-player[data-i]"));
    if (tabs && sets.length) {
      var size = parseInt(deal.getAttribute("data-size") || "0", 10);
      var buttons = [].slice.call(tabs.querySelectorAll("button.deal-tab"));
      var cur = 0;
      var counts = function () {
        return sets.map(function (fs) {
          var row = fs.querySelector("input[name^=deal_]:not([type=checkbox])");
          return row ? rowOf(row).length : fs.querySelectorAll("input[type=checkbox]:checked").length;
        });
      };
      var show = function (i) {
        cur = i;
        sets.forEach(function (fs, k) { fs.hidden = k !== i; });
        buttons.forEach(function (b, k) { b.setAttribute("aria-selected", k === i ? "true" : "false"); });
      };
      var update = function () {
        var c = counts();
        buttons.forEach(function (b, k) {
          b.querySelector(".count").textContent = String(c[k]);
          b.classList.toggle("full", size > 0 && c[k] === size);
          b.classList.toggle("over", size > 0 && c[k] > size);
        });
        sets.forEach(function (fs, k) {
          var dc = fs.querySelector(".deal-count");
          if (dc) dc.textContent = "(" + c[k] + "/" + size + ")";
        });
        return c;
      };
      tabs.hidden = false;
      deal.classList.add("tabbed");
      tabs.addEventListener("click", function (e) {
        var b = e.target.closest("button.deal-tab");
        if (b) show(parseInt(b.getAttribute("data-i"), 10));
      });
      var counted = function (added) {
        var c = update();
        if (!size || !added || c[cur] !== size) return;
        for (var k = 1; k <= sets.length; k++) {
          var j = (cur + k) % sets.length;
          if (c[j] < size) { show(j); return; }
        }
      };
      deal.addEventListener("change", function (e) {
        if (e.target.type === "checkbox") counted(e.target.checked); else update();
      });
      deal.refereeCounted = counted;
      var c0 = update();
      var first = 0;
      while (size && first < sets.length - 1 && c0[first] >= size) first++;
      show(first);
    }
  }
  };
  initDeal();
  window.refereeInitDeal = initDeal;
  // Stop double taps from sending a move twice (forms that load a page).
  document.addEventListener("submit", function (e) {
    var f = e.target;
    if (e.defaultPrevented) return;
    if (f.dataset.sent) { e.preventDefault(); return; }
    f.dataset.sent = "1";
    setTimeout(function () { delete f.dataset.sent; }, 4000);
  });
})();

// The table page: each tap sent in the background, the table redrawn in place. Offline, a tap
// waits with the count it was made against; its own key makes a resend recorded once.
(function () {
  "use strict";
  if (!window.fetch || !window.FormData || !window.DOMParser) return;
  var main = document.querySelector("main");
  var LIVE = /\/m\/[^\/]+\/(move|end-turn|undo|undo-to|redo|hand|left|starter|result)$/;
  var sending = false, flushing = false, retry = null;
  var state = function () { return document.getElementById("table-state"); };
  var storeKey = function () {
    var st = state() || document.querySelector("[data-queue-key]");
    var k = st && (st.getAttribute("data-key") || st.getAttribute("data-queue-key"));
    return k ? "referee-queue:" + k : null;
  };
  var load = function () {
    var k = storeKey();
    try { return k ? JSON.parse(localStorage.getItem(k) || "[]") : []; } catch (e) { return []; }
  };
  var save = function (q) {
    var k = storeKey();
    if (!k) return;
    try { if (q.length) localStorage.setItem(k, JSON.stringify(q)); else localStorage.removeItem(k); }
    catch (e) {}
  };
  var word = function (name, fallback) {
    var st = state();
    return (st && st.getAttribute("data-" + name)) || fallback;
  };
  var newOp = function () {
    var a = new Uint8Array(12);
    (window.crypto || window.msCrypto).getRandomValues(a);
    return Array.prototype.map.call(a, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  };
  var field = function (entry, key) {
    for (var i = 0; i < entry.fields.length; i++) if (entry.fields[i][0] === key) return entry.fields[i][1];
    return null;
  };
  var label = function (submitter) {
    if (!submitter) return "";
    if (submitter.classList.contains("pick")) return submitter.value;
    return (submitter.getAttribute("data-label") || submitter.textContent || "").replace(/\s+/g, " ").trim();
  };
  var held = [];  // taps not sent because one before them was refused
  var render = function () {
    var box = document.querySelector(".queue");
    if (!box) return;
    var q = load();
    box.textContent = "";
    if (!q.length && !held.length) { box.hidden = true; main.classList.remove("waiting"); return; }
    box.hidden = false;
    main.classList.toggle("waiting", q.length > 0);
    var p = document.createElement("span");
    if (q.length) {
      p.textContent = word("waiting", "Waiting for the connection") + ": " +
        q.map(function (e) { return e.label; }).join(", ");
    } else {
      p.textContent = word("refused", "Refused when sent") + ": " + held.join(", ");
    }
    box.appendChild(p);
    if (held.length || q.length) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "discard";
      b.textContent = word("discard", "Discard");
      b.addEventListener("click", function () {
        save([]); held = []; render();
        if (window.refereeRedraw) window.refereeRedraw();  // the table as stored, when reachable
      });
      box.appendChild(b);
    }
    if (q.length) follow();
  };
  // the picker (or f) kept in sight above the bar as the drawing grows
  var keep = function (f) {
    f = f || main.querySelector("form.picker-form");
    var b = document.querySelector(".bar"), r = f && f.getBoundingClientRect();
    var d = r && b && b.offsetHeight && r.bottom + 4 - b.getBoundingClientRect().top;
    if (d > 0 || d < 0 && r.top < 0) scrollBy(0, Math.min(d, r.top));
  };
  var back = 0;
  var swap = function (html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var m = doc.querySelector("main");
    main.innerHTML = m ? m.innerHTML : doc.body.innerHTML;
    main.setAttribute("data-gen", +main.getAttribute("data-gen") + 1);
    var st = state();
    if (st) {
      if (st.getAttribute("data-title")) document.title = st.getAttribute("data-title");
      var body = st.getAttribute("data-body");
      if (body && body !== document.body.className) { document.body.className = body; window.scrollTo(0, 0); }
      var url = st.getAttribute("data-url");
      if (url && location.pathname !== url) { history.replaceState(null, "", url); window.scrollTo(0, 0); }
    }
    if (window.refereeInitDeal) window.refereeInitDeal();
    // result.js loaded with the first one-screen result form drawn in place
    if (window.refereeInitResult) window.refereeInitResult();
    else if (document.querySelector("form.result-form.one-screen") && !document.getElementById("result-js")) {
      var own = document.querySelector('script[src*="/app.js"]'), js = document.createElement("script");
      var css = document.createElement("link");
      css.rel = "stylesheet";
      css.href = own ? own.src.replace("/app.js", "/result.css") : "/static/result.css";
      document.head.appendChild(css);
      js.id = "result-js";
      js.src = own ? own.src.replace("/app.js", "/result.js") : "/static/result.js";
      document.head.appendChild(js);
    }
    if (window.refereeInitVibrate) window.refereeInitVibrate();
    // a choice of places above the bar (the page given back once answered); a question or a
    // refusal (blind blitz's last three) brought into view
    var ask = main.querySelector("form.choose, .problem[role=alert], form.open-form"), y = scrollY;
    if (ask && ask.id == "choose") { keep(ask); back += scrollY - y; return render(); }
    scrollBy(0, -back);
    back = 0;
    if (ask) {
      var r = ask.getBoundingClientRect(), bar = document.querySelector(".bar");
      if (r.top < 0 || r.top > window.innerHeight - 120 ||
          ((innerWidth > innerHeight || ask.classList.contains("open-form")) && bar && r.bottom > bar.getBoundingClientRect().top)) ask.scrollIntoView({block: "start"});
    } else keep();
    // a hand recorded by its result: its note in sight
    ask = main.querySelector("body.result-page .note");
    if (ask && ask.getBoundingClientRect().top < 0) scrollTo(0, 0);
    render();
  };
  // A data-inplace link opens its page into <main>, with a history entry (Back reloads); «Cancel»
  // of a choice, the table
  var pushed = false;
  document.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest("a[data-inplace], #choose a");
    if (!a || e.defaultPrevented || e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    fetch(a.href, {credentials: "same-origin", headers: {"X-Referee": "fetch"}, cache: "no-store"})
      .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.text(); })
      .then(function (t) {
        if (!a.hasAttribute("data-inplace")) return swap(t);
        history.pushState({inplace: true}, "", a.href);
        pushed = true;
        swap(t);
        window.scrollTo(0, 0);
      })
      .catch(function () { location.href = a.href; });
  });
  window.addEventListener("popstate", function () { if (pushed) location.reload(); });
  var post = function (entry) {
    var body = new FormData();
    entry.fields.forEach(function (kv) { body.append(kv[0], kv[1]); });
    return fetch(entry.action, {method: "POST", body: body, credentials: "same-origin",
                                headers: {"X-Referee": "fetch"}})
      .then(function (r) {
        // a proxy with the app down answers 502-504: as good as no connection
        if (r.status >= 502 && r.status <= 504) throw new Error("unreachable");
        return r.text().then(function (t) { return {ok: r.ok, status: r.status, html: t}; });
      });
  };
  var later = function () {
    if (retry) return;
    retry = setTimeout(function () { retry = null; flush(); }, 3000);
  };
  var flush = function () {
    var q = load();
    if (flushing || sending || !q.length) return;
    flushing = true;
    var entry = q[0];
    post(entry).then(function (res) {
      flushing = false;
      var rest = load();
      rest.shift();
      // a refusal, or a question that stored nothing (where the tile goes): the taps after it
      // were made for a table that is not there; they are listed, not sent
      var got = /id="table-state" data-n="(\d+)"/.exec(res.html);
      var asked = res.ok && got && got[1] === field(entry, "n");
      if (!res.ok || asked) { held = rest.map(function (e) { return e.label; }); rest = []; }
      save(rest);
      swap(res.html);
      if (rest.length) flush();
    }, function () { flushing = false; later(); });
  };
  window.addEventListener("online", flush);
  window.refereeBusy = function () { return sending || flushing || load().length > 0; };
  window.refereeRedraw = function () {
    var st = state();
    if (!st || sending || flushing) return;
    if (document.querySelector("form.choose:not(.turned-up), details[open], form.result-form[data-dirty]")) return;
    fetch(st.getAttribute("data-url"), {credentials: "same-origin", headers: {"X-Referee": "fetch"},
                                        cache: "no-store"})
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (t) { if (t && !sending && !flushing) swap(t); })
      .catch(function () {});
  };
  var fields = function (form, submitter) {
    var out = [];
    new FormData(form).forEach(function (v, k) { if (typeof v === "string") out.push([k, v]); });
    if (submitter && submitter.name) out.push([submitter.name, submitter.value || ""]);
    return out;
  };
  // offline, the turns followed by table.js (without it only the first waiting tap)
  var predict = function (q) {
    return window.refereePredict ? window.refereePredict(q, state(), field) : {stop: q.length > 0, players: null};
  };
  var follow = function () { if (window.refereeFollow) window.refereeFollow(load(), state(), field, word); };
  var nudge = function (text) {
    var t = document.querySelector(".bar-turn");
    if (t && text) t.textContent = text;
    var bar = document.querySelector(".bar");
    if (bar) { bar.classList.remove("nudge"); void bar.offsetWidth; bar.classList.add("nudge"); }
  };
  document.addEventListener("submit", function (e) {
    var form = e.target;
    var submitter = e.submitter || null;
    if (form.id === "more-form") {
      // «X lays more»: the picker opens for him, on the phone (nothing to ask the server)
      e.preventDefault();
      document.querySelectorAll("main input[name=more]").forEach(function (i) { i.value = "1"; });
      document.querySelectorAll("main form.locked").forEach(function (f) { f.classList.remove("locked"); });
      var b = document.querySelector(".bar button.more");
      if (b) b.hidden = true;
      main.setAttribute("data-gen", +main.getAttribute("data-gen") + 1);
      return;
    }
    if ((form.method || "").toLowerCase() !== "post" || !LIVE.test(new URL(form.action, location.href).pathname)) return;
    e.preventDefault();
    if (form.classList.contains("locked") && submitter &&
        (submitter.classList.contains("pick") || submitter.classList.contains("place"))) {
      nudge(form.getAttribute("data-locked"));
      return;
    }
    // who leads not said yet: the tap is not sent (the server refuses it so), the bar says why
    var lead = form.id === "picker" && form.querySelector("fieldset.leader:not(:has(:checked))");
    if (lead) {
      var bar = document.querySelector(".bar");
      if (bar && !bar.querySelector(".bar-turn")) bar.insertAdjacentHTML("afterbegin", '<p class="bar-turn" role="status"></p>');
      nudge(lead.getAttribute("data-ask"));
      lead.classList.remove("nudge"); void lead.offsetWidth; lead.classList.add("nudge");
      lead.scrollIntoView({block: "nearest"});
      return;
    }
    if (sending) return;  // one tap at a time: the next waits for the table it is made on
    var entry = {action: form.action, fields: fields(form, submitter), label: label(submitter) || "?"};
    entry.fields.push(["op", newOp()]);
    var q = load();
    if (q.length || navigator.onLine === false) {
      // made against the table shown plus the taps waiting; whose it is, from ``predict``
      var P = predict(q);
      if (P.stop) { nudge(word("unknown", "")); return; }
      var st = state();
      var base = st ? parseInt(st.getAttribute("data-n"), 10) : 0;
      var who = P.players && P.to_move !== null ? P.players[P.to_move] : null;
      entry.fields = entry.fields.map(function (kv) {
        if (kv[0] === "n") return ["n", String(base + q.length)];
        if (kv[0] === "turn" && who) return ["turn", who];
        return kv;
      });
      if (who && entry.fields.some(function (kv) { return kv[0] === "turn"; })) entry.label = who + " " + entry.label;
      q.push(entry);
      save(q);
      render();
      flush();
      return;
    }
    sending = true;
    main.classList.add("sending");
    var t0 = performance.now();
    post(entry).then(function (res) {
      sending = false;
      main.classList.remove("sending");
      swap(res.html);
      if (!res.ok && window.refereeBuzz) window.refereeBuzz();
      window.refereeLastRedraw = performance.now() - t0;
    }, function () {
      sending = false;
      main.classList.remove("sending");
      var q2 = load();
      q2.push(entry);
      save(q2);
      render();
      later();
    });
  }, true);
  render();
  keep();
  flush();
})();



// On a match page the screen stays awake (Wake Lock, where there is one); a refused move
// vibrates (a switch on the table page).
(function () {
  "use strict";
  if (document.querySelector('meta[name="wake-lock"]') && navigator.wakeLock && navigator.wakeLock.request) {
    var lock = null;
    var ask = function () {
      if (lock || document.visibilityState !== "visible") return;
      try {
        navigator.wakeLock.request("screen").then(function (l) {
          lock = l;
          if (l && l.addEventListener) l.addEventListener("release", function () { lock = null; });
        }, function () {});
      } catch (e) {}
    };
    document.addEventListener("visibilitychange", ask);
    ask();
  }
  var KEY = "referee-vibrate";
  var on = function () { try { return localStorage.getItem(KEY) !== "off"; } catch (e) { return true; } };
  window.refereeBuzz = function () {
    if (navigator.vibrate && on()) { try { navigator.vibrate(150); } catch (e) {} }
  };
  var toggle = function () {
    var b = document.querySelector(".vibrate-toggle");
    if (!b || !navigator.vibrate) return;
    b.hidden = false;
    b.setAttribute("aria-pressed", on() ? "true" : "false");
    b.textContent = b.getAttribute(on() ? "data-on" : "data-off");
  };
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest(".vibrate-toggle");
    if (!b) return;
    try { localStorage.setItem(KEY, on() ? "off" : "on"); } catch (err) {}
    toggle();
  });
  window.refereeInitVibrate = toggle;
  toggle();
})();
// A starting tile picked from the bazaar: who leads and the start button brought above the bar.
(function () {
  "use strict";
  document.addEventListener("change", function (e) {
    var t = e.target;
    if (!t || t.name !== "starter" || !t.checked || !t.form) return;
    var go = t.form.querySelector("button[type=submit]");
    if (!go) return;
    var bar = document.querySelector(".bar");
    var bottom = window.innerHeight - (bar && bar.getClientRects().length ? bar.getBoundingClientRect().height : 0);
    var r = go.getBoundingClientRect();
    // the tile just tapped stays in sight as far as the room allows
    if (r.bottom > bottom) window.scrollBy(0, Math.min(r.bottom - bottom + 8, t.closest("label").getBoundingClientRect().top));
  });
})();
