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
  // The deal being entered survives a reload (and a phone that drops the page): the ticks and
  // the rows are kept in this tab's sessionStorage under the page and the match's change count,
  // and put back when the page comes back with nothing ticked. sessionStorage, not localStorage
  // nor the server: a half-entered deal is this phone's unfinished work, for no other phone
  // nor the match's record until «Start»; it goes with the tab, and with the next change of the
  // match the key no longer fits.
  var dealForm = document.querySelector("form.deal-form");
  if (dealForm && window.sessionStorage) {
    var n = dealForm.querySelector('input[name="n"]');
    var key = "referee-deal:" + location.pathname + ":" + (n ? n.value : "");
    var fields = function () {
      return [].slice.call(dealForm.querySelectorAll("input[name]")).filter(function (i) {
        return i.name !== "csrf_token" && i.name !== "n" && i.type !== "hidden" && i.type !== "submit";
      });
    };
    var keep = function () {
      var state = {};
      fields().forEach(function (i) {
        if (i.type === "checkbox" || i.type === "radio") {
          if (i.checked && i.value) (state[i.name] = state[i.name] || []).push(i.value);
        } else if (i.value) {
          state[i.name] = [i.value];
        }
      });
      try { sessionStorage.setItem(key, JSON.stringify(state)); } catch (e) { /* full: not kept */ }
    };
    var fresh = !fields().some(function (i) {
      return (i.type === "checkbox" || i.type === "radio") ? (i.checked && i.value) : i.value;
    });
    var kept = null;
    try { kept = JSON.parse(sessionStorage.getItem(key) || "null"); } catch (e) { kept = null; }
    if (fresh && kept) {
      fields().forEach(function (i) {
        var v = kept[i.name];
        if (!v) return;
        if (i.type === "checkbox" || i.type === "radio") i.checked = v.indexOf(i.value) >= 0;
        else { i.value = v[0]; i.dispatchEvent(new Event("input", {bubbles: true})); }
      });
      dealForm.dispatchEvent(new Event("change", {bubbles: true}));
    }
    dealForm.addEventListener("change", keep);
    dealForm.addEventListener("input", keep);
    dealForm.addEventListener("click", function () { setTimeout(keep, 0); });
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
