// skilldex web catalog: search as you type and keyboard navigation.
// Served from /static/ under script-src 'self'; the pages work without it.
"use strict";
(function () {
  var q = document.getElementById("q");
  var seq = 0, timer = 0, sel = -1, shown = q ? q.value.trim() : "";

  function hits() {
    return Array.prototype.slice.call(document.querySelectorAll("#hits .hit, #files .hit"));
  }

  function select(i) {
    var list = hits();
    if (!list.length) return;
    i = Math.max(0, Math.min(i, list.length - 1));
    list.forEach(function (el) { el.classList.remove("sel"); el.removeAttribute("aria-current"); });
    var el = list[i];
    el.classList.add("sel");
    el.setAttribute("aria-current", "true");
    var a = el.querySelector("a");
    if (a) a.focus({ preventScroll: true });
    el.scrollIntoView({ block: "nearest" });
    sel = i;
  }

  // The query of the results shown: the search box's text and the filters.
  function params(text) {
    var f = document.getElementById("filters");
    var p = new URLSearchParams(f ? new FormData(f) : undefined);
    p.set("q", text);
    // Defaults stay out of the address, as the server writes it.
    if (!p.get("root")) p.delete("root");
    if (!p.get("audit")) p.delete("audit");
    if (p.get("sort") === "relevance") p.delete("sort");
    if (!text) p.delete("q");
    if (f && f.elements.q) f.elements.q.value = text;
    return p;
  }

  function search(text) {
    var results = document.getElementById("results");
    if (!results) return;
    var p = params(text);
    var page = p.toString();
    p.set("fragment", "1");
    var mine = ++seq;
    fetch("/?" + p.toString(), { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (r) {
        // Sent to the login form (the token cookie is gone): go there.
        if (r.redirected && new URL(r.url).pathname === "/login") { location.assign(r.url); throw new Error("login"); }
        return r.text();
      })
      .then(function (html) {
        if (mine !== seq) return; // a later keystroke's answer wins
        var doc = new DOMParser().parseFromString(html, "text/html");
        results.replaceChildren.apply(results, Array.prototype.slice.call(doc.body.childNodes));
        sel = -1;
        history.replaceState(null, "", page ? "/?" + page : "/");
        document.title = (text ? text + " - skills" : "Skills") + " · skilldex";
      })
      .catch(function () { /* the form still submits on Enter */ });
  }

  if (q && document.getElementById("results")) {
    q.addEventListener("input", function () {
      clearTimeout(timer);
      var text = q.value.trim();
      if (text === shown) return;
      timer = setTimeout(function () { shown = text; search(text); }, 120);
    });
    var f = document.getElementById("filters");
    if (f) {
      f.addEventListener("change", function () { f.submit(); });
    }
  }

  function typing(el) {
    return el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable);
  }

  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    var t = e.target;
    if (t === q) {
      // Escape leaves the box; it does not clear it (a search box's default).
      if (e.key === "Escape") { e.preventDefault(); q.blur(); }
      else if (e.key === "ArrowDown" && hits().length) { e.preventDefault(); q.blur(); select(0); }
      return;
    }
    if (typing(t)) return;
    switch (e.key) {
      case "/":
        if (q) { e.preventDefault(); q.focus(); q.select(); }
        break;
      case "j": case "ArrowDown":
        if (hits().length) { e.preventDefault(); select(sel + 1); }
        break;
      case "k": case "ArrowUp":
        if (sel > 0) { e.preventDefault(); select(sel - 1); }
        else if (sel === 0 && q) { e.preventDefault(); q.focus(); }
        break;
      case "Enter":
        if (sel >= 0 && t.tagName !== "A" && t.tagName !== "BUTTON") {
          var a = hits()[sel] && hits()[sel].querySelector("a");
          if (a) { e.preventDefault(); location.assign(a.href); }
        }
        break;
      case "n": case "p":
        var pg = document.querySelector(e.key === "n" ? 'a[rel="next"]' : 'a[rel="prev"]');
        if (pg) { e.preventDefault(); location.assign(pg.href); }
        break;
      case "u":
        var up = document.querySelector("[data-up]");
        if (up) { e.preventDefault(); location.assign(up.href); }
        break;
    }
  });
  // The keys work from now on (the browser tests wait for this).
  document.documentElement.setAttribute("data-js", "ready");
})();
