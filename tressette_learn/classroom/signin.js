// The sign-in bar: remembers the learner in localStorage and signs them in on each page.
// On the class hub (state.hub) the kernel knows the learner: nothing is asked or remembered
// (every learner of the hub shares its origin, so its localStorage too).
// On the static site (state.browser) the kernel runs in a worker that cannot reach
// localStorage: the bar hands it the stored progress with each sign-in, writes what it sends
// back ("keep"), tells it what another tab wrote, and saves the progress as a file.
const KEY = "tressette_learn.learner";

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

function remembered() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || "null");
    return saved && typeof saved.name === "string" ? saved : null;
  } catch (e) {
    return null;
  }
}

function storedProgress(state) {
  const found = {};
  if (!state.browser) return found;
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key && key.startsWith(state.store_prefix)) found[key] = localStorage.getItem(key);
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
  function kept(msg) {
    const state = model.get("state");
    if (!state.browser || !msg || msg.type !== "keep" || typeof msg.key !== "string"
        || !msg.key.startsWith(state.store_prefix) || typeof msg.text !== "string") return;
    try {
      localStorage.setItem(msg.key, msg.text);
    } catch (e) {
      model.send({ type: "keep_failed" });
    }
  }
  function otherTab(event) {
    const state = model.get("state");
    if (state.browser && event.key && event.key.startsWith(state.store_prefix)
        && event.newValue !== null) {
      model.send({ type: "stored", stored: { [event.key]: event.newValue } });
    }
  }
  model.on("msg:custom", kept);
  window.addEventListener("storage", otherTab);
  return () => {
    model.off("msg:custom", kept);
    window.removeEventListener("storage", otherTab);
  };
}

function render({ model, el: host }) {
  const root = el("div", { class: "tl-signin" });
  host.appendChild(root);
  let restored = false;

  function form(state) {
    const f = el("form", { class: "tl-signin-form" });
    f.appendChild(el("span", { class: "tl-signin-intro" }, state.labels.intro));
    const name = el("input", { type: "text", maxlength: "40", class: "tl-signin-name",
      "aria-label": state.labels.name, placeholder: state.labels.name });
    const code = el("input", { type: "text", maxlength: "16", class: "tl-signin-code",
      "aria-label": state.labels.class_code, placeholder: state.labels.class_code });
    const go = el("button", { type: "submit", class: "tl-signin-start" }, state.labels.start);
    f.append(name, code, go);
    f.addEventListener("submit", (event) => {
      event.preventDefault();
      model.send({ type: "sign_in", name: name.value, class_code: code.value,
        stored: storedProgress(model.get("state")) });
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
      localStorage.removeItem(KEY);
      model.send({ type: "sign_out" });
    });
    bar.appendChild(out);
    return bar;
  }

  function draw() {
    const state = model.get("state");
    root.replaceChildren(state.signed_in || state.hub ? signedIn(state) : form(state));
    if (state.browser) root.appendChild(el("div", { class: "tl-signin-note" }, state.labels.browser_note));
    if (state.message) root.appendChild(el("div", { class: `tl-signin-message tl-${state.kind}`, role: "alert" }, state.message));
    if (state.hub) return;
    if (state.signed_in) {
      localStorage.setItem(KEY, JSON.stringify({ name: state.name, class_code: state.class_code }));
    } else if (!restored) {
      restored = true;
      const saved = remembered();
      if (saved) model.send({ type: "restore", name: saved.name, class_code: saved.class_code || "",
        stored: storedProgress(state) });
    }
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
