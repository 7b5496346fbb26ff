/* The roster picker of a club's pages (templates/club/_picker.html). "seat": a tap on a player
   fills the next empty name field of the form, a second tap empties his field again; the chips
   show who is seated, whatever was typed. "check": «Everyone» picks every chip (a second tap
   leaves them all out). Without this script the name fields offer the roster as suggestions and
   the check chips are plain checkboxes. */
(function () {
  "use strict";
  function key(s) { return (s || "").trim().toLocaleLowerCase(); }

  function seatPicker(picker) {
    var form = picker.closest("form");
    if (!form) return;
    var fields = Array.prototype.slice.call(form.querySelectorAll('input[name^="player_"]'));
    var chips = Array.prototype.slice.call(picker.querySelectorAll(".roster-chip[data-name]"));
    function refresh() {
      var seated = fields.map(function (f) { return key(f.value); });
      chips.forEach(function (c) {
        c.setAttribute("aria-pressed", seated.indexOf(key(c.dataset.name)) >= 0 ? "true" : "false");
      });
    }
    chips.forEach(function (c) {
      c.addEventListener("click", function () {
        var name = c.dataset.name;
        var taken = fields.filter(function (f) { return key(f.value) === key(name); });
        if (taken.length) {
          taken.forEach(function (f) { f.value = ""; });
        } else {
          var free = fields.filter(function (f) { return !f.value.trim(); })[0];
          if (!free) return;
          free.value = name;
        }
        refresh();
      });
    });
    fields.forEach(function (f) { f.addEventListener("input", refresh); });
    refresh();
  }

  function checkPicker(picker) {
    var all = picker.querySelector(".pick-all");
    if (!all) return;
    var boxes = Array.prototype.slice.call(picker.querySelectorAll('input[type="checkbox"]'));
    all.hidden = false;
    all.addEventListener("click", function () {
      var every = boxes.every(function (b) { return b.checked; });
      boxes.forEach(function (b) { b.checked = !every; });
    });
  }

  document.querySelectorAll(".roster-picker").forEach(function (picker) {
    if (picker.dataset.mode === "seat") seatPicker(picker); else checkPicker(picker);
  });
})();
