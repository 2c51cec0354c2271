// The deal drawn card by card: draws the step the kernel sends and sends back the presses
// of Play, Pause, Step and Restart. While playing, the browser's clock sends a tick naming
// the step on screen; the kernel alone moves the step. With prefers-reduced-motion the
// steps come without motion (no shuffle, no card flying from the deck).

function h(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child) node.appendChild(child);
  return node;
}

const still = () =>
  !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);

function render({ model, el }) {
  const root = h("div", { class: "tl-dealing", role: "group" });
  const title = h("strong", { class: "tl-dealing-title" });
  const felt = h("div", { class: "tl-dealing-felt" });
  const deck = h("div", { class: "tl-dealing-deck", "aria-hidden": "true" });
  const deckLabel = h("span", { class: "tl-dealing-deck-label" });
  const caption = h("p", { class: "tl-dealing-caption", role: "status", "aria-live": "polite" });
  const buttons = h("div", { class: "tl-dealing-buttons" });
  const seats = new Map();
  const press = {};
  for (const name of ["play", "pause", "step", "restart"]) {
    press[name] = h("button", { type: "button", class: `jupyter-button widget-button tl-dealing-${name}` });
    press[name].addEventListener("click", () => {
      if (press[name].getAttribute("aria-disabled") !== "true") model.send({ type: name });
    });
    buttons.appendChild(press[name]);
  }
  const centre = h("div", { class: "tl-dealing-centre" }, [deck, deckLabel]);
  felt.appendChild(centre);
  root.append(title, felt, caption, buttons);
  el.appendChild(root);
  let timer = null;
  let shown = -1;

  function seatBox(seat) {
    if (!seats.has(seat.seat)) {
      const label = h("div", { class: "tl-dealing-seat-label" });
      const cards = h("div", { class: "tl-dealing-cards", role: "list" });
      const box = h("div", { class: `tl-dealing-seat tl-pos-${seat.place}`, "data-seat": seat.seat },
        [label, cards]);
      felt.appendChild(box);
      seats.set(seat.seat, { box, label, cards });
    }
    return seats.get(seat.seat);
  }

  function face(card) {
    const span = h("span", { class: "tl-dealing-card", role: "listitem", "data-card": card });
    span.innerHTML = (model.get("faces") || {})[card] || ""; // SVG drawn by the engine
    return span;
  }

  function fly(node, from) {
    if (still() || !from || !node.animate) return;
    const a = from.getBoundingClientRect();
    const b = node.getBoundingClientRect();
    const dx = a.left + a.width / 2 - (b.left + b.width / 2);
    const dy = a.top + a.height / 2 - (b.top + b.height / 2);
    node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
      { duration: Math.min(350, model.get("delay_ms") * 0.8), easing: "ease-out" });
  }

  function drawDeck(state) {
    const left = Math.min(state.deck_left, 6);
    const backs = model.get("faces") || {};
    while (deck.children.length > left) deck.lastElementChild.remove();
    while (deck.children.length < left) {
      const back = h("span", { class: "tl-dealing-back" });
      back.innerHTML = backs.back || "";
      deck.appendChild(back);
    }
    deck.dataset.kind = state.kind;
    const dealer = seats.get(state.dealer);
    root.dataset.dealer = state.dealer;
    deck.classList.remove("tl-shuffling", "tl-cutting");
    if (!still() && shown !== state.step) {
      void deck.offsetWidth; // restart the animation
      if (state.kind === "shuffle") deck.classList.add("tl-shuffling");
      if (state.kind === "cut") deck.classList.add("tl-cutting");
    }
    return dealer;
  }

  function draw() {
    const state = model.get("state");
    if (!state || !state.seats) return;
    title.textContent = state.title;
    deckLabel.textContent = state.deck;
    root.dataset.step = String(state.step);
    root.dataset.kind = state.kind;
    root.dataset.playing = state.playing ? "true" : "false";
    for (const seat of state.seats) {
      const { box, label, cards } = seatBox(seat);
      label.textContent = seat.label;
      cards.setAttribute("aria-label", seat.count);
      box.classList.toggle("tl-dealing-to", state.to === seat.seat);
      box.classList.toggle("tl-dealing-dealer", state.dealer === seat.seat);
      const have = [...cards.children].map((n) => n.dataset.card);
      const same = have.length <= seat.cards.length && have.every((c, i) => c === seat.cards[i]);
      if (!same) cards.replaceChildren();
      for (const card of seat.cards.slice(same ? have.length : 0)) {
        const node = face(card);
        cards.appendChild(node);
        if (state.to === seat.seat && card === state.card && shown === state.step - 1) fly(node, deck);
      }
    }
    drawDeck(state);
    caption.textContent = state.caption;
    const labels = state.labels;
    const can = {
      play: !state.playing && state.step < state.last,
      pause: state.playing,
      step: state.step < state.last,
      restart: state.step > 0,
    };
    for (const [name, node] of Object.entries(press)) {
      node.textContent = labels[name];
      node.setAttribute("aria-disabled", can[name] ? "false" : "true");
    }
    shown = state.step;
    clearTimeout(timer);
    if (state.playing) {
      const wait = state.kind === "shuffle" || state.kind === "cut" || state.kind === "intro"
        ? model.get("delay_ms") * 3 : model.get("delay_ms");
      timer = setTimeout(() => model.send({ type: "advance", step: state.step }), wait);
    }
  }

  // Keyboard: the buttons are real buttons (Tab, Enter, Space); inside the widget the
  // right arrow steps and "k" plays or pauses, as video players do.
  root.addEventListener("keydown", (event) => {
    if (event.target.closest("button") && (event.key === "Enter" || event.key === " ")) return;
    const state = model.get("state");
    if (event.key === "ArrowRight" && state.step < state.last) {
      model.send({ type: "step" });
      event.preventDefault();
    } else if (event.key === "k") {
      model.send({ type: state.playing ? "pause" : "play" });
      event.preventDefault();
    }
  });

  const redrawFaces = () => {
    for (const seat of seats.values()) seat.cards.replaceChildren();
    deck.replaceChildren();
    draw();
  };
  draw();
  model.on("change:state", draw);
  model.on("change:faces", redrawFaces);
  return () => {
    clearTimeout(timer);
    model.off("change:state", draw);
    model.off("change:faces", redrawFaces);
  };
}

export default { render };
