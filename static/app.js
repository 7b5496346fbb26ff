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
      if (document.querySelector("form.choose, details[open]")) return;
      busy = true;
      fetch(url, {cache: "no-store", credentials: "same-origin"})
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (d) { if (d && String(d.n) !== n) location.reload(); })
        .catch(function () {})
        .then(function () { busy = false; });
    }, 2500);
  }
  // The deal picker: a tile marked for one player cannot be marked for another.
  var deal = document.querySelector("form.deal-form");
  if (deal) {
    var sync = function () {
      var taken = {};
      deal.querySelectorAll("input[type=checkbox]:checked").forEach(function (c) { taken[c.value] = c.name; });
      deal.querySelectorAll("input[type=checkbox]").forEach(function (c) {
        var other = taken[c.value] && taken[c.value] !== c.name;
        c.disabled = !!other;
        c.parentNode.classList.toggle("gone", !!other);
      });
    };
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
