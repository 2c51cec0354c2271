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

// The learner's cards are buttons: the playable ones share one Tab stop (see `rove`), the
// others say aria-disabled (a click still asks the kernel, which explains the rule). The
// cards of a hand the learner only sees are pictures, never Tab stops.
function cardButton(card, seat, face) {
  const classes = ["tl-card", card.legal ? "legal" : "illegal", card.hinted ? "hinted" : ""];
  return h("button", {
    class: classes.join(" ").trim(), type: "button", "data-card": card.card, key: `card:${card.card}`,
    "aria-label": card.name, "aria-disabled": card.legal ? null : "true", tabindex: "-1",
    msg: seat.playable ? { type: "play", card: card.card } : null,
  }, [face(card.card)]);
}

function shownCard(card, face) {
  return h("span", {
    class: "tl-card tl-shown", role: "img", "data-card": card.card, key: `card:${card.card}`,
    "aria-label": card.name,
  }, [face(card.card)]);
}

function seatBox(seat, face) {
  const box = h("div", {
    class: `tl-seat tl-pos-${seat.pos}${seat.turn ? " tl-turn" : ""}`, "data-seat": seat.seat,
    key: `seat:${seat.seat}`,
  });
  box.appendChild(h("div", { class: "tl-seat-label", text: seat.label }));
  const cards = h("div", {
    class: `tl-cards${seat.mine ? " tl-hand" : ""}`, role: "group", "aria-label": seat.label,
    tabindex: seat.mine ? "-1" : null, key: "cards",
  });
  if (seat.cards) {
    for (const card of seat.cards) {
      cards.appendChild(seat.mine ? cardButton(card, seat, face) : shownCard(card, face));
    }
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
  // the way on first: one Tab from the hand reaches "Next trick" or "New deal"
  nodes.unshift(button(b.next, "tl-next", { type: "next" }), button(b.new, "tl-new", { type: "new" }));
  nodes.push(button(b.call, "tl-call", { type: "call" }));
  nodes.push(button(b.redeal, "tl-redeal", { type: "redeal" }));
  nodes.push(button(b.undo, "tl-undo", { type: "undo" }));
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

// Roving tabindex: of the playable cards only one is a Tab stop (the last one the learner
// was on, else the first); the arrow keys, Home and End move among them.
function rove(tree, current) {
  const cards = [...tree.querySelectorAll(".tl-hand .tl-card.legal")];
  const stop = cards.find((card) => card.dataset.card === current) || cards[0];
  if (stop) stop.setAttribute("tabindex", "0");
  return stop;
}

const STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

function moveAmong(card, key) {
  const cards = [...card.closest(".tl-hand").querySelectorAll(".tl-card.legal")];
  const at = cards.indexOf(card);
  if (at < 0 || !cards.length) return null;
  if (key === "Home") return cards[0];
  if (key === "End") return cards[cards.length - 1];
  return key in STEPS ? cards[(at + STEPS[key] + cards.length) % cards.length] : null;
}

function render({ model, el }) {
  let timer = null;
  let current = null; // the playable card that holds the hand's Tab stop
  const send = (msg) => model.send(msg);
  // The computer's next card, due after a pause. A page being left has had its kernel's
  // connection closed by Voila while this pause ran: sending then throws ("Cannot send"),
  // and there is no one left to show the card to.
  const advance = (step) => {
    try {
      send({ type: "advance", step });
    } catch (e) {
      console.debug("tressette_learn: the table's kernel is gone", e);
    }
  };
  const face = makeFaces(model);
  const root = h("div", { class: "tl-table" });
  root.addEventListener("click", (event) => {
    const target = event.target.closest("[data-msg]");
    if (target && root.contains(target)) send(JSON.parse(target.dataset.msg));
  });
  root.addEventListener("focusin", (event) => {
    if (event.target.matches(".tl-hand .tl-card.legal")) current = event.target.dataset.card;
  });
  root.addEventListener("keydown", (event) => {
    const card = event.target.closest(".tl-hand .tl-card");
    if (!card || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Enter" || event.key === " ") {
      if (!event.repeat && card.dataset.msg) send(JSON.parse(card.dataset.msg));
    } else {
      const next = moveAmong(card, event.key);
      if (!next) return;
      card.setAttribute("tabindex", "-1");
      next.setAttribute("tabindex", "0");
      next.focus();
    }
    event.preventDefault(); // no second click from the button, no scrolling
    event.stopPropagation(); // nor a notebook's shortcut
  });
  el.appendChild(root);
  // Table.focus_hand(): focus the hand's playable Tab stop, now or once the state shows one.
  let wantFocus = false;
  const handStop = () => root.querySelector('.tl-hand .tl-card[tabindex="0"]');
  const focusHand = () => {
    const card = handStop();
    if (card) card.focus();
    wantFocus = !card;
  };
  const onMessage = (msg) => {
    if (msg && msg.type === "focus") focusHand();
  };

  // Keep the keyboard in the hand: when a redraw removes the focused card or button, or
  // the learner's turn comes while the focus waits on the hand, focus the hand's Tab stop
  // (or the learner's hand itself while the others play). Once the hand is empty, the
  // way on (Next trick, New deal) or else the status line that says how the deal ended.
  function keepFocus(hadFocus) {
    const active = document.activeElement;
    const lost = !root.contains(active);
    if (!hadFocus || !(lost || active.matches(".tl-hand, .tl-hand .tl-card:not(.legal)"))) return;
    const me = model.get("state").me;
    const hand = root.querySelector(`.tl-seat[data-seat="${me}"] .tl-hand`);
    const empty = hand && !hand.querySelector(".tl-card");
    const target = handStop() || (empty ? root.querySelector(".tl-controls button") ||
      root.querySelector(".tl-status") : hand);
    if (target && target !== active) target.focus();
  }

  // The status line, then the message; a paused table (a puzzle solved, a replay done)
  // puts its verdict first and what to do next under it.
  function lines(state) {
    const status = h("div", { class: "tl-status", role: "status", "aria-live": "polite", tabindex: "-1", text: state.status_text, key: "status" });
    const message = h("div", { class: `tl-message tl-${state.message.kind}`, role: "alert", text: state.message.text, key: "message" });
    return state.status === "paused" ? [message, status] : [status, message];
  }

  function draw() {
    const state = model.get("state");
    const hadFocus = root.contains(document.activeElement);
    const felt = h("div", { class: "tl-felt", key: "felt" });
    for (const seat of state.seats) felt.appendChild(seatBox(seat, face));
    felt.appendChild(trickBox(state, face));
    const fresh = h("div", {
      class: "tl-table", "data-status": state.status, "data-step": state.step, lang: state.lang,
      "data-lm-suppress-shortcuts": "true",
    }, [
      ...lines(state),
      felt,
      state.lead_signal ? h("div", { class: "tl-lead-signal", text: state.lead_signal, key: "signal" }) : null,
      sideInfo(state, face),
      state.result ? h("div", { class: "tl-result", text: state.result, key: "result" }) : null,
      controls(state),
    ]);
    rove(fresh, current);
    morph(root, fresh, face.fill);
    keepFocus(hadFocus);
    if (wantFocus) focusHand();
    clearTimeout(timer);
    if (state.status === "waiting") {
      timer = setTimeout(() => advance(state.step), model.get("delay_ms"));
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
