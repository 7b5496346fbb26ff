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
  // Stop double taps from sending a move twice.
  document.addEventListener("submit", function (e) {
    var f = e.target;
    if (f.dataset.sent) { e.preventDefault(); return; }
    f.dataset.sent = "1";
    setTimeout(function () { delete f.dataset.sent; }, 4000);
  });
})();
