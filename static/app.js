// Small improvements only: every page works without this file.
(function () {
  "use strict";
  // Follow the match: when another phone adds a move, reload (the read-only view and the table).
  var meta = document.querySelector('meta[name="poll"]');
  if (meta && window.fetch) {
    var url = meta.getAttribute("content");
    var n = meta.getAttribute("data-n");
    var busy = false;
    setInterval(function () {
      if (busy || document.hidden) return;
      // Do not pull the page away while someone is typing or choosing.
      var a = document.activeElement;
      if (a && (a.tagName === "INPUT" || a.tagName === "TEXTAREA" || a.tagName === "SELECT")) return;
      if (document.querySelector("form.choose:not(.turned-up), details[open]")) return;
      busy = true;
      fetch(url, {cache: "no-store", credentials: "same-origin"})
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (d) { if (d && String(d.n) !== n) location.reload(); })
        .catch(function () {})
        .then(function () { busy = false; });
    }, 2500);
  }
  // The deal picker: a tile marked for one player (or as the starter, or put aside) cannot be
  // marked for another; a blind row is built tap by tap, left to right, into its text field.
  var deal = document.querySelector("form.deal-form");
  if (deal) {
    var rowOf = function (input) {
      return input.value.split(/[\s,;]+/).filter(function (t) { return /^[0-6]:[0-6]$/.test(t); });
    };
    var rows = [].slice.call(deal.querySelectorAll("fieldset.blind-row"));
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
      });
      input.addEventListener("input", sync);
    });
    deal.addEventListener("change", sync);
    sync();
  }
  // Stop double taps from sending a move twice.
  document.addEventListener("submit", function (e) {
    var f = e.target;
    if (f.dataset.sent) { e.preventDefault(); return; }
    f.dataset.sent = "1";
    setTimeout(function () { delete f.dataset.sent; }, 4000);
  });
})();
