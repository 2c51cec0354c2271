// Inlined in the <head> of every page of the static site (scripts/lite/trim.py): a page
// opened with a language or faces saved in this browser other than the defaults stays hidden
// from its first paint until the kernel has taken them (preferences.js shows it on the
// kernel's "settled"). There the widgets' own script loads after the cells are drawn, so
// hiding from it left the page in English for seconds. If no kernel answers, the page shows
// itself SHOW_MS after its cells are drawn.
(function () {
  const KEY = "tressette_learn.preferences", PENDING = "tl-preferences-pending", SHOW_MS = 8000;
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(KEY) || "null"); } catch (e) { return; }
  if (!saved || !saved.at || (saved.lang === "en" && saved.faces === "italian")) return;
  const root = document.documentElement;
  const style = document.createElement("style");
  style.id = PENDING;
  style.textContent = "." + PENDING + " #rendered_cells { visibility: hidden; }";
  document.head.appendChild(style);
  root.classList.add(PENDING);
  const shown = setInterval(function () {
    const cells = document.getElementById("rendered_cells");
    if (cells && cells.style.display !== "none") {
      clearInterval(shown);
      setTimeout(function () { root.classList.remove(PENDING); }, SHOW_MS);
    }
  }, 100);
})();
