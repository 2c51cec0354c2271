// The card picker: one button per card, drawn by Python (SVG) and picked with a message.
// Each button has data-card="3c"; picked ones have the class "selected".

function button(item, model) {
  const btn = document.createElement("button");
  btn.type = "button";
  btn.className = "tl-card";
  btn.dataset.card = item.card;
  btn.setAttribute("aria-label", item.label);
  const face = document.createElement("span");
  face.className = "tl-card-face";
  face.innerHTML = item.svg; // drawn by the engine in Python
  btn.appendChild(face);
  const badge = document.createElement("span");
  badge.className = "tl-card-order";
  badge.setAttribute("aria-hidden", "true");
  btn.appendChild(badge);
  if (item.caption) {
    const caption = document.createElement("span");
    caption.className = "tl-card-caption";
    caption.textContent = item.caption;
    btn.appendChild(caption);
  }
  btn.addEventListener("click", () => {
    if (!model.get("disabled")) {
      model.send({ type: "toggle", card: item.card });
    }
  });
  return btn;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "tl-cardpicker";
  root.setAttribute("role", "group");
  el.appendChild(root);

  function update() {
    const selected = model.get("selected");
    const mode = model.get("mode");
    root.dataset.mode = mode;
    root.setAttribute("aria-label", model.get("label"));
    for (const btn of root.querySelectorAll("button.tl-card")) {
      const position = selected.indexOf(btn.dataset.card);
      btn.classList.toggle("selected", position >= 0);
      btn.setAttribute("aria-pressed", position >= 0 ? "true" : "false");
      btn.disabled = model.get("disabled");
      const badge = btn.querySelector(".tl-card-order");
      badge.textContent = mode === "order" && position >= 0 ? String(position + 1) : "";
    }
  }

  function draw() {
    root.replaceChildren(...model.get("items").map((item) => button(item, model)));
    update();
  }

  draw();
  model.on("change:items", draw);
  model.on("change:selected", update);
  model.on("change:mode", update);
  model.on("change:disabled", update);
  model.on("change:label", update);
  return () => {
    model.off("change:items", draw);
    model.off("change:selected", update);
    model.off("change:mode", update);
    model.off("change:disabled", update);
    model.off("change:label", update);
  };
}

export default { render };
