// The app on the phone (every page works without this file):
// - registers the service worker (secure origins only: HTTPS, localhost) that keeps the static
//   files and the rules pages for reading offline;
// - on the read-only view, follows the match and says when the page is out of date because
//   the server cannot be reached.
(function () {
  "use strict";
  // the phone's time zone, for the times the pages and sheets print (without it: UTC, said so)
  try {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (/^[A-Za-z0-9/_+-]+$/.test(zone)) document.cookie = "tz=" + zone + "; path=/; max-age=31536000; samesite=lax";
  } catch (e) {}
  // the deal being entered survives a reload: kept in this tab (sessionStorage) under the page
  // and the match's change count, put back when the page comes back empty
  var df = document.querySelector("form.deal-form");
  if (df && window.sessionStorage) {
    var key = "deal:" + location.pathname + ":" + (df.n ? df.n.value : "");
    var on = function (i) { return /checkbox|radio/.test(i.type) ? i.checked && i.value : i.value; };
    var fields = function () { return [].slice.call(df.querySelectorAll("input[name]:not([type=hidden])")); };
    var keep = function () {
      var st = {};
      fields().forEach(function (i) { if (on(i)) (st[i.name] = st[i.name] || []).push(i.value); });
      try { sessionStorage.setItem(key, JSON.stringify(st)); } catch (e) {}
    };
    var kept = null;
    try { kept = JSON.parse(sessionStorage.getItem(key)); } catch (e) {}
    if (kept && !fields().some(on)) {
      fields().forEach(function (i) {
        var v = kept[i.name];
        if (!v) return;
        if (/checkbox|radio/.test(i.type)) i.checked = v.indexOf(i.value) >= 0;
        else { i.value = v[0]; i.dispatchEvent(new Event("input", {bubbles: true})); }
      });
      df.dispatchEvent(new Event("change", {bubbles: true}));
    }
    df.addEventListener("change", keep);
    df.addEventListener("input", keep);
    df.addEventListener("click", function () { setTimeout(keep, 0); });
  }
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
  // a form sent from this page (a seat's confirmation) is a page load already: never cut it off
  var leaving = false;
  document.addEventListener("submit", function () { leaving = true; });
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
        if (String(d.n) !== n && !leaving) location.reload();
      })
      .catch(function () { stale(true); })
      .then(function () { clearTimeout(timer); busy = false; });
  };
  setInterval(poll, 2500);
  window.addEventListener("offline", function () { stale(true); });
  window.addEventListener("online", poll);
  document.addEventListener("visibilitychange", poll);
})();
