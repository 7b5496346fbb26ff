/* The roster picker of a club's pages (templates/club/_picker.html, and an event's entrants:
   templates/club/_event_picker.html, "lines" below). "seat": a tap on a player
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

  /* "lines": an event's entrants, one a line in a textarea (fixed pairs «Аня + Вера»), or the
     late entry's one name in an input. */
  function linesPicker(picker) {
    var form = picker.closest("form");
    if (!form) return;
    var area = form.querySelector('textarea[name="entrants"]') || form.querySelector('input[name="names"]');
    if (!area) return;
    var multi = area.tagName === "TEXTAREA";
    var chips = Array.prototype.slice.call(picker.querySelectorAll(".roster-chip[data-name]"));
    picker.querySelector(".roster-chips").hidden = false;
    var tools = picker.querySelector(".picker-tools");
    if (tools && multi) tools.hidden = false;
    var copy = picker.querySelector(".picker-copy");
    if (copy) copy.hidden = true;
    function pairs() {
      var unit = form.querySelector('input[name="unit"]:checked');
      return unit && unit.value === "pair";
    }
    function lines() {
      return area.value.split("\n").map(function (l) { return l.trim(); }).filter(Boolean);
    }
    function names(line) { return line.split("+").map(key); }
    function write(ls) { area.value = ls.join("\n") + (multi && ls.length ? "\n" : ""); refresh(); }
    function refresh() {
      var seen = [];
      (multi ? lines() : [area.value.trim()]).forEach(function (l) { seen = seen.concat(names(l)); });
      chips.forEach(function (c) {
        c.setAttribute("aria-pressed", seen.indexOf(key(c.dataset.name)) >= 0 ? "true" : "false");
      });
    }
    function add(name, ls) {
      var last = ls[ls.length - 1];
      if (pairs() && last && last.indexOf("+") < 0) ls[ls.length - 1] = last + " + " + name;
      else ls.push(name);
    }
    chips.forEach(function (c) {
      c.addEventListener("click", function () {
        var name = c.dataset.name;
        if (!multi) { area.value = key(area.value) === key(name) ? "" : name; refresh(); return; }
        var ls = lines();
        var at = ls.findIndex(function (l) { return names(l).indexOf(key(name)) >= 0; });
        if (at >= 0) {
          var rest = ls[at].split("+").map(function (s) { return s.trim(); })
            .filter(function (s) { return key(s) !== key(name); });
          if (rest.length) ls[at] = rest.join(" + "); else ls.splice(at, 1);
        } else {
          add(name, ls);
        }
        write(ls);
      });
    });
    var all = picker.querySelector(".pick-all");
    if (all) all.addEventListener("click", function () {
      var ls = lines();
      chips.forEach(function (c) {
        var taken = ls.some(function (l) { return names(l).indexOf(key(c.dataset.name)) >= 0; });
        if (!taken) add(c.dataset.name, ls);
      });
      write(ls);
    });
    var order = picker.querySelector(".pick-order");
    if (order) order.addEventListener("click", function () {
      var rank = {};
      chips.forEach(function (c) { if (c.dataset.rank) rank[key(c.dataset.name)] = +c.dataset.rank; });
      var ls = lines().map(function (l, i) {
        var ranks = names(l).map(function (n) { return rank[n]; });
        var known = ranks.every(function (r) { return r !== undefined; });
        var mean = known ? ranks.reduce(function (a, b) { return a + b; }, 0) / ranks.length : Infinity;
        return { line: l, mean: mean, i: i };
      });
      ls.sort(function (a, b) { return a.mean - b.mean || a.i - b.i; });
      write(ls.map(function (x) { return x.line; }));
    });
    area.addEventListener("input", refresh);
    refresh();
  }

  document.querySelectorAll(".roster-picker").forEach(function (picker) {
    if (picker.dataset.mode === "seat") seatPicker(picker);
    else if (picker.dataset.mode === "lines") linesPicker(picker);
    else checkPicker(picker);
  });
})();
