// The result of a hand on one screen: who went out (one tap), then each other player's pips on
// the number pad, a player at a time (a digit that would make a count the engine refuses is
// refused at once, with the reason; a count that cannot take another digit moves on to the
// next player by itself), or his tiles on the picker (tabs, one player at a time). The points
// and totals come from the server (/result/preview: the engine's own scoring) as the numbers
// go in; «Record» is sent in the background like a tap on the table. The table's tiles-left
// form at the end of a hand played move by move uses the same pad (no one to choose: the hand
// says who went out; no preview).
(function () {
  "use strict";
  var init = function () {
    var form = document.querySelector("form.result-form.one-screen");
    if (!form || form.dataset.ready) return;
    form.dataset.ready = "1";
    form.classList.add("js");
    var asks = {};
    try { asks = JSON.parse(form.getAttribute("data-asks") || "{}"); } catch (e) { asks = {}; }
    var rows = [].slice.call(form.querySelectorAll(".pad-row"));
    var keys = form.querySelector(".keys") || form;  // no pad where the tiles must be named
    var msg = form.querySelector(".pad-msg");
    var tabs = form.querySelector(".tile-tabs");
    var sets = [].slice.call(form.querySelectorAll("details.left-tiles"));
    var active = null;
    keys.hidden = false;
    form.querySelectorAll(".tiles-open, .pad-undo").forEach(function (b) { b.hidden = false; });
    // the tiles-left form at a hand's end: the hand says who went out; every row is asked
    var endless = !form.querySelector("input[name=out]");
    rows.forEach(function (r) { r.querySelector("input").setAttribute("inputmode", "none"); });
    var say = function (text, bad) {
      msg.textContent = text || "";
      msg.classList.toggle("bad", !!bad);
      if (bad && window.refereeBuzz) window.refereeBuzz();
    };
    var input = function (r) { return r.querySelector("input"); };
    var out = function () {
      var c = form.querySelector("input[name=out]:checked");
      return c ? c.value : null;
    };
    var open = function (r) { return !input(r).disabled; };
    var tilesOf = function (i) {
      return form.querySelectorAll('input[name="left_' + i + '"]:checked').length;
    };
    var dock = form.querySelector(".pad-dock");
    var setActive = function (r) {
      active = r;
      rows.forEach(function (x) { x.classList.toggle("active", x === r); });
      form.querySelector(".record").classList.toggle("ready", !r);
      if (r) {
        // the row being entered stays in sight above the pad (a small phone scrolls it up)
        var fixedBottom = getComputedStyle(dock).position === "fixed" && dock.getBoundingClientRect().top > innerHeight / 3;
        document.documentElement.style.scrollPaddingBottom = fixedBottom ? (dock.offsetHeight + 8) + "px" : "";
        var box = r.getBoundingClientRect();
        if (box.top < 0 || box.bottom > (fixedBottom ? dock.getBoundingClientRect().top : innerHeight)) {
          r.scrollIntoView({block: "nearest"});
        }
      }
    };
    var nextOpen = function (from) {
      var k = from ? rows.indexOf(from) + 1 : 0;
      for (; k < rows.length; k++) {
        var r = rows[k];
        if (open(r) && !input(r).value && !(r.classList.contains("pip-row") && !r.classList.contains("scored-row") && tilesOf(r.getAttribute("data-i")))) return r;
      }
      return null;
    };
    // who went out (or the fish): the engine's answer says whose pips are asked then
    var wasTiles = false;
    var ended = function () {
      var o = out();
      var asked = o !== null ? asks[o] : null;
      // a hand scored by the tiles left (Bergen's fish): no pips, his tiles asked instead
      var byTiles = o !== null && o === form.getAttribute("data-by-tiles"), first = null;
      rows.forEach(function (r) {
        if (r.classList.contains("scored-row")) return;
        var name = r.getAttribute("data-name");
        var st = r.querySelector(".pip-state");
        var isOut = o !== null && name === o;
        var free = !isOut && asked && asked.indexOf(name) < 0;
        input(r).disabled = isOut || !!free || byTiles;
        r.classList.toggle("out", isOut);
        r.classList.toggle("free", !!free);
        r.classList.toggle("tiles", byTiles);
        st.textContent = isOut ? st.getAttribute("data-out") : free ? st.getAttribute("data-free") : "";
        if (isOut || free || byTiles) input(r).value = "";
        if (!isOut && !free && !first) first = r;
      });
      if (byTiles && first) { showTiles(first.getAttribute("data-i")); toTabs(); }
      else if (wasTiles) showPad();
      wasTiles = byTiles;
      setActive(nextOpen(null));
    };
    var one = function (r) {
      var v = r.getAttribute("data-one");
      return v ? v.split(" ").map(Number) : null;
    };
    var possible = function (r, text) {
      // whether ``text`` is a count the engine allows, or the start of one
      var most = parseInt(r.getAttribute("data-most") || "", 10);
      var only = one(r);
      if (only) return only.some(function (x) { return String(x).indexOf(text) === 0; });
      if (!isNaN(most)) return parseInt(text, 10) <= most;
      return true;
    };
    var complete = function (r, text) {
      // no digit can follow: the count is whole
      if (text === "0") return true;
      var only = one(r);
      if (only) return !only.some(function (x) { return String(x).length > text.length && String(x).indexOf(text) === 0; });
      var most = parseInt(r.getAttribute("data-most") || "", 10);
      return !isNaN(most) && parseInt(text + "0", 10) > most;
    };
    var stepOk = function (r) {
      var step = parseInt(r.getAttribute("data-step") || "", 10);
      var v = input(r).value;
      return !step || !v || parseInt(v, 10) % step === 0;
    };
    var advance = function () {
      if (active && !stepOk(active)) { say(active.getAttribute("data-refuse-step"), true); return; }
      setActive(nextOpen(active) || nextOpen(null));
    };
    var timer = null, asked = 0;
    var preview = function () {
      if (!form.getAttribute("data-preview")) return;
      clearTimeout(timer);
      timer = setTimeout(function () {
        var mine = ++asked;
        var body = new FormData(form);
        fetch(form.getAttribute("data-preview"), {method: "POST", body: body, credentials: "same-origin",
                                                   headers: {"X-Referee": "fetch"}})
          .then(function (r) { return r.ok ? r.text() : null; })
          .then(function (t) {
            if (!t || mine !== asked) return;
            var box = form.querySelector("#result-preview");
            var doc = new DOMParser().parseFromString(t, "text/html");
            var fresh = doc.querySelector("#result-preview");
            if (box && fresh) box.replaceWith(fresh);
            form.setAttribute("data-previewed", String(mine));
          })
          .catch(function () {});
      }, 120);
    };
    var changed = function () { form.dataset.dirty = "1"; preview(); };
    keys.addEventListener("click", function (e) {
      var b = e.target.closest("button[data-key]");
      if (!b) return;
      var k = b.getAttribute("data-key");
      if (k === "next") { say(""); advance(); return; }
      if (!active) {
        var legend = form.querySelector(".result-end legend");
        if (legend) say(legend.textContent, true);
        return;
      }
      var box = input(active);
      if (k === "back") {
        if (box.value) box.value = box.value.slice(0, -1);
        else { var prev = rows.slice(0, rows.indexOf(active)).reverse().filter(open)[0]; if (prev) setActive(prev); }
        say("");
        changed();
        return;
      }
      var text = (box.value === "0" ? "" : box.value) + k;
      if (!active.classList.contains("scored-row") && !possible(active, text)) {
        say(active.getAttribute("data-refuse"), true);
        return;
      }
      say("");
      box.value = text;
      if (!active.classList.contains("scored-row")) {
        // a count given as pips takes the place of tiles marked for him
        form.querySelectorAll('input[name="left_' + active.getAttribute("data-i") + '"]:checked').forEach(function (c) { c.checked = false; });
        count();
        if (complete(active, text)) setActive(nextOpen(active) || nextOpen(null));
      }
      changed();
    });
    rows.forEach(function (r) {
      r.addEventListener("click", function (e) {
        if (e.target.closest(".tiles-open") || !open(r)) return;
        setActive(r);
        say("");
      });
      input(r).addEventListener("input", changed);
    });
    form.addEventListener("change", function (e) {
      if (e.target.name === "out") { ended(); say(""); }
      if (/^left_/.test(e.target.name || "")) {
        var i = e.target.name.slice(5);
        var box = form.querySelector('input[name="pips_' + i + '"]');
        if (box && e.target.checked) box.value = "";
        count();
      }
      changed();
    });
    // the tiles, a player at a time (tabs as on the deal page); the pad comes back with «Number pad»
    var count = function () {
      form.querySelectorAll(".tile-tab").forEach(function (b) {
        var n = tilesOf(b.getAttribute("data-i"));
        b.querySelector(".count").textContent = n ? "(" + n + ")" : "";
      });
      form.querySelectorAll(".tiles-open").forEach(function (b) {
        var n = tilesOf(b.getAttribute("data-i"));
        b.querySelector(".tile-count").textContent = n ? " " + n : "";
        b.classList.toggle("has", n > 0);
      });
    };
    var showTiles = function (i) {
      form.classList.add("tiles-mode");
      tabs.hidden = false;
      sets.forEach(function (d) {
        var mine = d.getAttribute("data-i") === String(i);
        d.hidden = !mine;
        d.open = mine;
      });
      tabs.querySelectorAll(".tile-tab").forEach(function (b) {
        b.setAttribute("aria-selected", b.getAttribute("data-i") === String(i) ? "true" : "false");
      });
    };
    var showPad = function () {
      form.classList.remove("tiles-mode");
      tabs.hidden = true;
      sets.forEach(function (d) { d.hidden = true; d.open = false; });
      // a player whose tiles were tapped is done: the pad goes on to the next one to enter
      if (active && !active.classList.contains("scored-row") && tilesOf(active.getAttribute("data-i"))) {
        setActive(nextOpen(active) || nextOpen(null));
      }
    };
    // opened by a tap: the tabs brought to the top of the screen, so that the tiles under them
    // are not left behind the pad's dock at the bottom of a small phone
    var toTabs = function () {
      var r = tabs.getBoundingClientRect();
      if (r.top < 0 || r.top > window.innerHeight / 3) tabs.scrollIntoView({block: "start"});
    };
    form.querySelectorAll(".tiles-open").forEach(function (b) {
      b.addEventListener("click", function () { showTiles(b.getAttribute("data-i")); toTabs(); });
    });
    tabs.addEventListener("click", function (e) {
      var b = e.target.closest("button");
      if (!b) return;
      if (b.classList.contains("pad-back")) showPad(); else showTiles(b.getAttribute("data-i"));
    });
    // only the players with tiles entered show a picker when the page comes back with a refusal
    var marked = sets.filter(function (d) { return tilesOf(d.getAttribute("data-i")); })[0];
    marked = marked || !rows.length && sets[0];  // no pips asked: the first player's tiles up
    if (marked) showTiles(marked.getAttribute("data-i")); else showPad();
    var note = !rows.length && form.previousElementSibling, at = note && note.getBoundingClientRect();
    if (at && (at.top < 0 || at.top > innerHeight / 3)) note.scrollIntoView();  // with the tiles under it
    count();
    if (endless) {
      setActive(nextOpen(null));
    } else if (out() !== null) {
      var keep = rows.map(function (r) { return input(r).value; });
      ended();
      rows.forEach(function (r, k) { if (open(r)) input(r).value = keep[k]; });
      setActive(nextOpen(null));
    } else {
      setActive(null);
      form.querySelector(".record").classList.remove("ready");
    }
  };
  window.refereeInitResult = init;
  init();
})();
