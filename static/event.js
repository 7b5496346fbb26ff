// The round's clock on the director's page and the big screen: the time left counts down each
// second from what the server said (the page stays right without it: it says the time when drawn).
(function () {
  var clock = document.querySelector("[data-left]");
  if (!clock) return;
  var left = parseInt(clock.getAttribute("data-left"), 10);
  var start = Date.now();
  var out = clock.querySelector(".mmss");
  if (!out || isNaN(left)) return;
  setInterval(function () {
    var now = left - Math.floor((Date.now() - start) / 1000);
    var a = Math.abs(now);
    out.textContent = (now < 0 ? "−" : "") + Math.floor(a / 60) + ":" + String(a % 60).padStart(2, "0");
    clock.classList.toggle("over", now < 0);
  }, 1000);
})();
