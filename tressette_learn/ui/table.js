// The card table's view: draws the state the kernel sends and sends back clicks.
// It decides nothing about the rules; the kernel checks every message.

function h(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "html") node.innerHTML = value; // SVG drawn by the engine, never user text
    else if (key === "onclick") node.addEventListener("click", value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child) node.appendChild(child);
  return node;
}

// Card drawings arrive once (the "faces" trait); each is parsed once and its node reused.
// A node is moved into the new drawing the first time it is asked for in a redraw, and
// copied after that (a drawn card shows both in a hand and in the list of draws).
function makeFaces(model) {
  const cache = new Map();
  const used = new Set();
  const face = (card) => {
    const svg = model.get("faces")[card] || "";
    let entry = cache.get(card);
    if (!entry || entry.svg !== svg) {
      entry = { svg, node: h("span", { class: "tl-face", html: svg }) };
      cache.set(card, entry);
    }
    if (used.has(card)) return entry.node.cloneNode(true);
    used.add(card);
    return entry.node;
  };
  face.newDrawing = () => used.clear();
  return face;
}

function cardButton(card, send, playable, face) {
  const classes = ["tl-card", card.legal ? "legal" : "illegal", card.hinted ? "hinted" : ""];
  return h("button", {
    class: classes.join(" ").trim(), type: "button", "data-card": card.card,
    "aria-label": card.name, "aria-disabled": playable ? null : "true",
    onclick: () => playable && send({ type: "play", card: card.card }),
  }, [face(card.card)]);
}

function seatBox(seat, state, send, face) {
  const box = h("div", {
    class: `tl-seat tl-pos-${seat.pos}${seat.turn ? " tl-turn" : ""}`, "data-seat": seat.seat,
  });
  box.appendChild(h("div", { class: "tl-seat-label", text: seat.label }));
  const cards = h("div", { class: "tl-cards", role: "group", "aria-label": seat.label });
  if (seat.cards) {
    for (const card of seat.cards) cards.appendChild(cardButton(card, send, seat.playable, face));
  } else {
    for (let i = 0; i < seat.count; i++) cards.appendChild(h("span", { class: "tl-back" }, [face("back")]));
  }
  box.appendChild(cards);
  return box;
}

function trickBox(state, face) {
  const box = h("div", { class: "tl-trick", role: "group", "aria-label": state.labels.trick });
  for (const play of state.trick) {
    box.appendChild(h("div", {
      class: `tl-played tl-pos-${play.pos}${play.winner ? " tl-winner" : ""}`,
      "data-card": play.card, "data-seat": play.seat, "aria-label": play.name,
    }, [face(play.card)]));
  }
  return box;
}

function button(label, cls, onclick, extra = {}) {
  return label ? h("button", { class: `tl-button ${cls}`, type: "button", text: label, onclick, ...extra }) : null;
}

function controls(state, send) {
  const nodes = [];
  for (const sig of state.signals) {
    nodes.push(button(sig.label, `tl-signal${sig.selected ? " selected" : ""}`,
      () => send({ type: "signal", signal: sig.value }), { "aria-pressed": sig.selected ? "true" : "false", "data-signal": sig.value }));
  }
  for (const decl of state.declare) {
    nodes.push(button(decl.label, "tl-declare", () => send({ type: "declare", id: decl.id })));
  }
  const b = state.buttons;
  nodes.push(button(b.call, "tl-call", () => send({ type: "call" })));
  nodes.push(button(b.redeal, "tl-redeal", () => send({ type: "redeal" })));
  nodes.push(button(b.undo, "tl-undo", () => send({ type: "undo" })));
  nodes.push(button(b.next, "tl-next", () => send({ type: "next" })));
  nodes.push(button(b.new, "tl-new", () => send({ type: "new" })));
  return h("div", { class: "tl-controls" }, nodes);
}

function sideInfo(state, face) {
  const info = h("div", { class: "tl-info" });
  for (const pile of state.piles) info.appendChild(h("div", { class: "tl-pile", "data-side": pile.side, text: pile.text }));
  for (const text of state.declared) info.appendChild(h("div", { class: "tl-declared", text }));
  if (state.stock) {
    info.appendChild(h("div", { class: "tl-stock", text: state.stock.text }));
    for (const draw of state.stock.draws) {
      info.appendChild(h("div", { class: "tl-draw", "data-card": draw.card }, [
        face(draw.card), h("span", { text: draw.text })]));
    }
  }
  return info;
}

function moveFocus(event) {
  if (!["ArrowLeft", "ArrowRight"].includes(event.key)) return;
  const cards = [...event.currentTarget.querySelectorAll(".tl-pos-bottom .tl-card")];
  const at = cards.indexOf(document.activeElement);
  if (at < 0) return;
  const next = cards[(at + (event.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length];
  next.focus();
  event.preventDefault();
}

function render({ model, el }) {
  let timer = null;
  const send = (msg) => model.send(msg);
  const face = makeFaces(model);
  const root = h("div", { class: "tl-table" });
  root.addEventListener("keydown", moveFocus);
  el.appendChild(root);

  function draw() {
    const state = model.get("state");
    face.newDrawing();
    const hadFocus = root.contains(document.activeElement);
    const focused = hadFocus ? document.activeElement.getAttribute("data-card") : null;
    root.replaceChildren();
    root.dataset.status = state.status;
    root.dataset.step = state.step;
    root.setAttribute("lang", state.lang);
    root.appendChild(h("div", { class: "tl-status", role: "status", "aria-live": "polite", text: state.status_text }));
    root.appendChild(h("div", { class: `tl-message tl-${state.message.kind}`, role: "alert", text: state.message.text }));
    const felt = h("div", { class: "tl-felt" });
    for (const seat of state.seats) felt.appendChild(seatBox(seat, state, send, face));
    felt.appendChild(trickBox(state, face));
    root.appendChild(felt);
    if (state.lead_signal) root.appendChild(h("div", { class: "tl-lead-signal", text: state.lead_signal }));
    root.appendChild(sideInfo(state, face));
    if (state.result) root.appendChild(h("div", { class: "tl-result", text: state.result }));
    root.appendChild(controls(state, send));
    if (hadFocus) {
      const again = (focused && root.querySelector(`.tl-card[data-card="${focused}"]`))
        || root.querySelector(".tl-next, .tl-pos-bottom .tl-card.legal, .tl-new");
      if (again) again.focus();
    }
    clearTimeout(timer);
    if (state.status === "waiting") {
      timer = setTimeout(() => send({ type: "advance", step: state.step }), model.get("delay_ms"));
    }
  }

  model.on("change:state", draw);
  model.on("change:faces", draw);
  draw();
  return () => {
    clearTimeout(timer);
    model.off("change:state", draw);
    model.off("change:faces", draw);
  };
}

export default { render };
