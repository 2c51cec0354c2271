// The learner's language and faces kept in localStorage: offered to the kernel as a page
// opens (the page stays hidden until the kernel has answered, at most restoreMs + HIDE_MS;
// on the static site it is hidden from its first paint by preferences_head.js), saved back
// after every choice. Also names the browser tab in the chosen language.
const KEY = "tressette_learn.preferences";
const HIDE_MS = 4000;
// How long the offer waits for the page's widgets to be created: the model's
// restore_wait_ms (served: 30 s; it was HIDE_MS, and on a busy class server lesson 7 took
// longer, the offer came while Voilà was still creating the models, their updates were
// lost and the page showed in English).
const restoreMs = (model) => model.get("restore_wait_ms") || HIDE_MS;
const PENDING = "tl-preferences-pending";

function remembered() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || "null");
    const ok = saved && ["lang", "faces", "at"].every((k) => typeof saved[k] === "string");
    return ok && saved.at ? saved : null;
  } catch (e) {
    return null;
  }
}

function hide(hidden) {
  if (!document.getElementById(PENDING)) {
    const style = document.createElement("style");
    style.id = PENDING;
    style.textContent = `.${PENDING} #rendered_cells { visibility: hidden; }`;
    document.head.appendChild(style);
  }
  document.documentElement.classList.toggle(PENDING, hidden);
}

// The model may exist before its connection to the kernel: try again until it sends.
function offer(model, message, waited = 0) {
  try {
    model.send(message);
  } catch (e) {
    if (waited < HIDE_MS) setTimeout(() => offer(model, message, waited + 50), 50);
  }
}

// The saved choice is offered once the widget manager has created every model of the page:
// an update for a model still being created is lost, so a choice applied while Voilà was
// creating them left some texts in the old language. Managers without `restored` (or
// already restored) go on at once; after `wait` ms the choice is offered anyway.
function whenRestored(manager, wait) {
  if (!manager || !manager.restored || manager.restoredStatus !== false) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      manager.restored.disconnect(done);
      resolve();
    };
    manager.restored.connect(done);
    setTimeout(done, wait);
  });
}

function initialize({ model }) {
  const saved = remembered();
  // on the static site the model may not hold the kernel's state yet: nothing chosen there
  const current = model.get("saved") || {};
  const offered = saved && saved.at > (current.at || "");
  if (offered && (saved.lang !== current.lang || saved.faces !== current.faces)) {
    // the same look carries its time too: a later choice elsewhere must not undo it
    hide(true);
    setTimeout(() => hide(false), restoreMs(model) + HIDE_MS);  // the offer waits, then the kernel
  } else if (!offered) {
    hide(false);  // hidden as the page opened (preferences_head.js): nothing is offered
  }
  whenRestored(model.widget_manager, restoreMs(model)).then(() => offerSaved(model));
  const onMessage = (msg) => { if (msg && msg.type === "settled") hide(false); };
  const onSaved = () => {
    const now = model.get("saved");
    if (now.at) localStorage.setItem(KEY, JSON.stringify(now));
  };
  model.on("msg:custom", onMessage);
  model.on("change:saved", onSaved);
  return () => {
    model.off("msg:custom", onMessage);
    model.off("change:saved", onSaved);
  };
}

function offerSaved(model) {
  const saved = remembered();
  if (saved && saved.at > ((model.get("saved") || {}).at || "")) {
    offer(model, { type: "restore", lang: saved.lang, faces: saved.faces, at: saved.at });
  }
}

function render({ model, el }) {
  el.hidden = true;
  const name = () => { if (model.get("title")) document.title = model.get("title"); };
  model.on("change:title", name);
  name();
  return () => model.off("change:title", name);
}

export default { initialize, render };
