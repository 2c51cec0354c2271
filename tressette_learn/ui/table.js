// The card table's view: draws the state the kernel sends and sends back clicks.
// It decides nothing about the rules; the kernel checks every message.

function h(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "key") node.tlKey = value;
    else if (key === "msg") node.dataset.msg = JSON.stringify(value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child) node.appendChild(child);
  return node;
}

// Card drawings arrive once (the "faces" trait) and are parsed once; a redraw names a card
// with an empty placeholder that is filled with a copy only if it enters the page.
function makeFaces(model) {
  const parsed = new Map();
  let faces = null;
  let version = 0;
  const face = (card) => {
    if (model.get("faces") !== faces) {
      faces = model.get("faces");
      parsed.clear();
      version += 1;
    }
    return h("span", { class: "tl-face", "data-face": card, key: `face:${card}:${version}` });
  };
  face.fill = (node) => {
    if (node.nodeType !== Node.ELEMENT_NODE) return node;
    const spans = node.matches(".tl-face") ? [node] : node.querySelectorAll(".tl-face");
    for (const span of spans) {
      if (span.firstChild) continue;
      const card = span.dataset.face;
      if (!parsed.has(card)) {
        const template = document.createElement("span");
        template.innerHTML = faces[card] || ""; // SVG drawn by the engine, never user text
        parsed.set(card, template);
      }
      for (const child of parsed.get(card).childNodes) span.appendChild(child.cloneNode(true));
    }
    return node;
  };
  return face;
}

// Make `old` look like `fresh`, touching only what differs: nodes that stay keep their
// style, layout and focus, so a redraw costs the browser little.
function sameKind(a, b) {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName && a.tlKey === b.tlKey;
}

function morph(old, fresh, fill) {
  if (old.nodeType === Node.TEXT_NODE) {
    if (old.data !== fresh.data) old.data = fresh.data;
    return;
  }
  for (const { name } of [...old.attributes]) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of fresh.attributes) {
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  if (!old.classList.contains("tl-face")) morphChildren(old, fresh, fill);
}

function morphChildren(old, fresh, fill) {
  const wanted = new Set([...fresh.childNodes].map((n) => n.tlKey).filter(Boolean));
  const keyed = new Map();
  for (const child of [...old.childNodes]) {
    if (!child.tlKey) continue;
    if (wanted.has(child.tlKey)) keyed.set(child.tlKey, child);
    else child.remove();
  }
  let at = old.firstChild;
  for (const next of [...fresh.childNodes]) {
    let match = next.tlKey ? keyed.get(next.tlKey) : at;
    keyed.delete(next.tlKey); // a key is matched once, even if a state repeats it
    if (match && !sameKind(match, next)) match = null;
    if (!match) {
      old.insertBefore(fill(next), at);
      continue;
    }
    if (match === at) at = at.nextSibling;
    else old.insertBefore(match, at);
    morph(match, next, fill);
  }
  while (at) {
    const after = at.nextSibling;
    at.remove();
    at = after;
  }
}

function cardButton(card, playable, face) {
  const classes = ["tl-card", card.legal ? "legal" : "illegal", card.hinted ? "hinted" : ""];
  return h("button", {
    class: classes.join(" ").trim(), type: "button", "data-card": card.card, key: `card:${card.card}`,
    "aria-label": card.name, "aria-disabled": playable ? null : "true",
    msg: { type: "play", card: card.card },
  }, [face(card.card)]);
}

function seatBox(seat, face) {
  const box = h("div", {
    class: `tl-seat tl-pos-${seat.pos}${seat.turn ? " tl-turn" : ""}`, "data-seat": seat.seat,
    key: `seat:${seat.seat}`,
  });
  box.appendChild(h("div", { class: "tl-seat-label", text: seat.label }));
  const cards = h("div", { class: "tl-cards", role: "group", "aria-label": seat.label });
  if (seat.cards) {
    for (const card of seat.cards) cards.appendChild(cardButton(card, seat.playable, face));
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
      key: `played:${play.card}`,
    }, [face(play.card)]));
  }
  return box;
}

function button(label, cls, msg, extra = {}) {
  const key = JSON.stringify(msg);
  return label ? h("button", { class: `tl-button ${cls}`, type: "button", text: label, msg, key, ...extra }) : null;
}

function controls(state) {
  const nodes = [];
  for (const sig of state.signals) {
    nodes.push(button(sig.label, `tl-signal${sig.selected ? " selected" : ""}`,
      { type: "signal", signal: sig.value }, { "aria-pressed": sig.selected ? "true" : "false", "data-signal": sig.value }));
  }
  for (const decl of state.declare) {
    nodes.push(button(decl.label, "tl-declare", { type: "declare", id: decl.id }));
  }
  const b = state.buttons;
  nodes.push(button(b.call, "tl-call", { type: "call" }));
  nodes.push(button(b.redeal, "tl-redeal", { type: "redeal" }));
  nodes.push(button(b.undo, "tl-undo", { type: "undo" }));
  nodes.push(button(b.next, "tl-next", { type: "next" }));
  nodes.push(button(b.new, "tl-new", { type: "new" }));
  return h("div", { class: "tl-controls", key: "controls" }, nodes);
}

function sideInfo(state, face) {
  const info = h("div", { class: "tl-info", key: "info" });
  for (const pile of state.piles) {
    info.appendChild(h("div", { class: "tl-pile", "data-side": pile.side, text: pile.text, key: `pile:${pile.side}` }));
  }
  for (const text of state.declared) info.appendChild(h("div", { class: "tl-declared", text }));
  if (state.stock) {
    info.appendChild(h("div", { class: "tl-stock", text: state.stock.text }));
    for (const draw of state.stock.draws) {
      info.appendChild(h("div", { class: "tl-draw", "data-card": draw.card, key: `draw:${draw.card}` }, [
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
  root.addEventListener("click", (event) => {
    const target = event.target.closest("[data-msg]");
    if (target && root.contains(target) && target.getAttribute("aria-disabled") !== "true") {
      send(JSON.parse(target.dataset.msg));
    }
  });
  el.appendChild(root);
  // Table.focus_hand(): focus the first playable card, now or once the state shows one.
  let wantFocus = false;
  const focusHand = () => {
    const card = root.querySelector(".tl-card.legal");
    if (card) card.focus();
    wantFocus = !card;
  };
  const onMessage = (msg) => {
    if (msg && msg.type === "focus") focusHand();
  };

  function draw() {
    const state = model.get("state");
    const hadFocus = root.contains(document.activeElement);
    const felt = h("div", { class: "tl-felt", key: "felt" });
    for (const seat of state.seats) felt.appendChild(seatBox(seat, face));
    felt.appendChild(trickBox(state, face));
    const fresh = h("div", {
      class: "tl-table", "data-status": state.status, "data-step": state.step, lang: state.lang,
    }, [
      h("div", { class: "tl-status", role: "status", "aria-live": "polite", text: state.status_text, key: "status" }),
      h("div", { class: `tl-message tl-${state.message.kind}`, role: "alert", text: state.message.text, key: "message" }),
      felt,
      state.lead_signal ? h("div", { class: "tl-lead-signal", text: state.lead_signal, key: "signal" }) : null,
      sideInfo(state, face),
      state.result ? h("div", { class: "tl-result", text: state.result, key: "result" }) : null,
      controls(state),
    ]);
    morph(root, fresh, face.fill);
    if (hadFocus && !root.contains(document.activeElement)) {
      const again = root.querySelector(".tl-next, .tl-pos-bottom .tl-card.legal, .tl-new");
      if (again) again.focus();
    }
    if (wantFocus) focusHand();
    clearTimeout(timer);
    if (state.status === "waiting") {
      timer = setTimeout(() => send({ type: "advance", step: state.step }), model.get("delay_ms"));
    }
  }

  model.on("change:state", draw);
  model.on("change:faces", draw);
  model.on("msg:custom", onMessage);
  draw();
  return () => {
    clearTimeout(timer);
    model.off("change:state", draw);
    model.off("change:faces", draw);
    model.off("msg:custom", onMessage);
  };
}

export default { render };
