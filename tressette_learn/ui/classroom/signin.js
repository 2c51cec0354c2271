// The sign-in bar: name, class code and PIN, checked by the kernel. After a sign-in the kernel
// sends this browser a session ("session": the learner's id and a token, never the PIN), kept
// in localStorage, with which every other page signs the learner in again ("restore"). "Not
// you?" forgets it and opens the page again, so nothing of the previous learner stays on
// screen; another tab that sees the learner change opens again too.
// On the class hub (state.hub) the kernel knows the learner: nothing is asked or remembered
// (every learner of the hub shares its origin, so its localStorage too).
// On the static site (state.browser) the kernel runs in a worker that cannot reach
// localStorage: the bar hands it the stored progress with each sign-in, writes what it sends
// back ("keep"), tells it what another tab wrote, and saves the progress as a file.
const KEY = "tressette_learn.learner";
let reloading = false;  // one reload at a time: a second one aborts the first

function reloadOnce() {
  if (reloading) return;
  reloading = true;
  location.reload();
}

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

function remembered() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || "null");
    return saved && Number.isInteger(saved.learner) && typeof saved.token === "string"
      ? saved : null;
  } catch (e) {
    return null;
  }
}

function kept(state, key) {
  return typeof key === "string" && (state.kept_prefixes || []).some((p) => key.startsWith(p));
}

function storedProgress(state) {
  const found = {};
  if (!state.browser) return found;
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (kept(state, key)) found[key] = localStorage.getItem(key);
  }
  return found;
}

function download(state) {
  const text = localStorage.getItem(state.progress_key);
  if (!text) return;
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = el("a", { href: url, download: state.export_file });
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

function keepInBrowser(model) {
  function received(msg) {
    const state = model.get("state");
    if (!msg || state.hub) return;
    if (msg.type === "session" && Number.isInteger(msg.learner) && typeof msg.token === "string") {
      localStorage.setItem(KEY, JSON.stringify({ learner: msg.learner, token: msg.token }));
      return;
    }
    if (msg.type === "forget") {
      localStorage.removeItem(KEY);
      return;
    }
    if (!state.browser || msg.type !== "keep" || !kept(state, msg.key)
        || typeof msg.text !== "string") return;
    try {
      localStorage.setItem(msg.key, msg.text);
    } catch (e) {
      model.send({ type: "keep_failed" });
    }
  }
  function otherTab(event) {
    const state = model.get("state");
    if (state.hub) return;
    if (event.key === KEY || event.key === null) {  // another tab signed in or out
      const saved = remembered();
      if (!(saved && state.signed_in && saved.learner === state.learner_id)) reloadOnce();
      return;
    }
    if (state.browser && kept(state, event.key) && event.newValue !== null) {
      model.send({ type: "stored", stored: { [event.key]: event.newValue } });
    }
  }
  model.on("msg:custom", received);
  window.addEventListener("storage", otherTab);
  return () => {
    model.off("msg:custom", received);
    window.removeEventListener("storage", otherTab);
  };
}

function render({ model, el: host }) {
  const root = el("div", { class: "tl-signin" });
  host.appendChild(root);
  let restored = false;
  let leaving = false;  // "Not you?" pressed: the page opens again once the kernel forgot
  const typed = { name: "", code: "" };  // kept when the form is drawn again (an error said)

  function form(state) {
    const f = el("form", { class: "tl-signin-form" });
    f.appendChild(el("span", { class: "tl-signin-intro" }, state.labels.intro));
    const name = el("input", { type: "text", maxlength: "40", class: "tl-signin-name",
      "aria-label": state.labels.name, placeholder: state.labels.name });
    const code = el("input", { type: "text", maxlength: "16", class: "tl-signin-code",
      "aria-label": state.labels.class_code, placeholder: state.labels.class_code });
    const pin = el("input", { type: "password", maxlength: "8", inputmode: "numeric",
      autocomplete: "off", class: "tl-signin-pin", "aria-label": state.labels.pin,
      placeholder: state.labels.pin });
    const go = el("button", { type: "submit", class: "tl-signin-start" }, state.labels.start);
    name.value = typed.name;
    code.value = typed.code;
    f.append(name, code, pin, go);
    f.appendChild(el("div", { class: "tl-signin-pin-note" }, state.labels.pin_note));
    f.addEventListener("submit", (event) => {
      event.preventDefault();
      typed.name = name.value;
      typed.code = code.value;
      model.send({ type: "sign_in", name: name.value, class_code: code.value, pin: pin.value,
        stored: storedProgress(model.get("state")) });
      pin.value = "";
    });
    return f;
  }

  function signedIn(state) {
    const bar = el("div", { class: "tl-signin-bar" });
    bar.appendChild(el("span", { class: "tl-signin-who" }, state.who));
    bar.appendChild(el("span", { class: `tl-signin-status tl-${state.status_kind}`, role: "status" }, state.status));
    if (state.status_kind === "failed" || (state.hub && !state.signed_in)) {
      const retry = el("button", { type: "button", class: "tl-signin-retry" }, state.labels.retry);
      retry.addEventListener("click", () => model.send({ type: "retry" }));
      bar.appendChild(retry);
    }
    if (state.hub) return bar;
    if (state.browser) {
      const save = el("button", { type: "button", class: "tl-signin-export" }, state.labels.export);
      save.addEventListener("click", () => download(model.get("state")));
      bar.appendChild(save);
    }
    const out = el("button", { type: "button", class: "tl-signin-out" }, state.labels.not_you);
    out.addEventListener("click", () => {
      leaving = true;
      localStorage.removeItem(KEY);
      model.send({ type: "sign_out" });
      setTimeout(reloadOnce, 3000);  // should the kernel not answer
    });
    bar.appendChild(out);
    return bar;
  }

  function draw() {
    const state = model.get("state");
    if (leaving && !state.signed_in) {
      reloadOnce();
      return;
    }
    root.replaceChildren(state.signed_in || state.hub ? signedIn(state) : form(state));
    if (state.browser) root.appendChild(el("div", { class: "tl-signin-note" }, state.labels.browser_note));
    if (state.message) root.appendChild(el("div", { class: `tl-signin-message tl-${state.kind}`, role: "alert" }, state.message));
    if (state.hub || state.signed_in || restored) return;
    restored = true;
    const saved = remembered();
    if (saved) model.send({ type: "restore", learner: saved.learner, token: saved.token,
      stored: storedProgress(state) });
  }

  model.on("change:state", draw);
  const stopKeeping = keepInBrowser(model);
  draw();
  return () => {
    model.off("change:state", draw);
    stopKeeping();
  };
}

export default { render };
