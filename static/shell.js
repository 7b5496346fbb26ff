// The app on the phone (every page works without this file):
// - registers the service worker (secure origins only: HTTPS, localhost) that keeps the static
//   files and the rules pages for reading offline;
// - on the read-only view, follows the match and says when the page is out of date because
//   the server cannot be reached.
(function () {
  "use strict";
  // the table's time zone (the phone's own), for the times the pages and the sheets print
  try {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && /^[A-Za-z0-9/_+-]+$/.test(zone) && document.cookie.indexOf("tz=" + zone) < 0) {
      document.cookie = "tz=" + zone + "; path=/; max-age=31536000; samesite=lax";
      // a page drawn before the server knew the zone says its times in UTC: say them here
      var pad = function (n) { return (n < 10 ? "0" : "") + n; };
      document.querySelectorAll("time[datetime]").forEach(function (el) {
        var d = new Date(el.getAttribute("datetime"));
        if (isNaN(d)) return;
        el.textContent = d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate()) +
          " " + pad(d.getHours()) + ":" + pad(d.getMinutes());
      });
    }
  } catch (e) { /* no Intl: the times stay in UTC, said so */ }
  var sw = document.querySelector('meta[name="service-worker"]');
  if (sw && "serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(sw.getAttribute("content")).catch(function () {});
  }
  var meta = document.querySelector('meta[name="follow"]');
  var notice = document.querySelector(".stale");
  if (!meta || !window.fetch) return;
  var url = meta.getAttribute("content");
  var n = meta.getAttribute("data-n");
  var lastOk = Date.now();
  var busy = false;
  var clock = function (t) {
    var d = new Date(t);
    return ("0" + d.getHours()).slice(-2) + ":" + ("0" + d.getMinutes()).slice(-2) + ":" + ("0" + d.getSeconds()).slice(-2);
  };
  var stale = function (on) {
    if (!notice) return;
    if (on) notice.querySelector("time").textContent = clock(lastOk);
    notice.hidden = !on;
    document.body.classList.toggle("out-of-date", on);
  };
  var poll = function () {
    if (busy || document.hidden) return;
    busy = true;
    var ctl = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (ctl) ctl.abort(); }, 6000);
    fetch(url, {cache: "no-store", credentials: "same-origin", signal: ctl ? ctl.signal : undefined})
      .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.json(); })
      .then(function (d) {
        lastOk = Date.now();
        stale(false);
        if (String(d.n) !== n) location.reload();
      })
      .catch(function () { stale(true); })
      .then(function () { clearTimeout(timer); busy = false; });
  };
  setInterval(poll, 2500);
  window.addEventListener("offline", function () { stale(true); });
  window.addEventListener("online", poll);
  document.addEventListener("visibilitychange", poll);
})();
