// The rules page: its sections are <details>; a link to a rule (a refusal's «the rule» link,
// the contents, a rule's own #) opens the section that holds it and shows the rule.
(function () {
  "use strict";
  function show() {
    var id = decodeURIComponent(location.hash.slice(1));
    var el = id && document.getElementById(id);
    if (!el) return;
    for (var d = el; d; d = d.parentElement) {
      if (d.tagName === "DETAILS") d.open = true;
    }
    el.scrollIntoView();
  }
  window.addEventListener("hashchange", show);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
  else show();
})();
