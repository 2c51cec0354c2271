// Step buttons: drawn from the state, a press sends {type: "step", action}. A button that
// cannot act now is aria-disabled (not disabled), so the keyboard focus stays on it; the
// buttons are kept between redraws for the same reason.

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "tl-stepper";
  root.setAttribute("role", "group");
  const buttons = new Map();
  const text = document.createElement("span");
  text.className = "tl-stepper-text";
  root.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (button && root.contains(button) && button.getAttribute("aria-disabled") !== "true") {
      model.send({ type: "step", action: button.dataset.action });
    }
  });
  el.appendChild(root);

  function button(step) {
    let node = buttons.get(step.action);
    if (!node) {
      node = document.createElement("button");
      node.type = "button";
      node.dataset.action = step.action;
      node.className = `jupyter-button widget-button tl-step-${step.action}`;
      buttons.set(step.action, node);
    }
    node.textContent = step.label;
    node.setAttribute("aria-disabled", step.enabled ? "false" : "true");
    node.hidden = !step.shown;
    return node;
  }

  function draw() {
    const state = model.get("state");
    const nodes = [...(state.steps || []).map(button), text];
    text.textContent = state.text || "";
    nodes.forEach((node, at) => {
      if (root.children[at] !== node) root.insertBefore(node, root.children[at] || null);
    });
    while (root.children.length > nodes.length) root.lastElementChild.remove();
  }

  const onMessage = (msg) => {
    const node = msg && msg.type === "focus" ? buttons.get(msg.action) : null;
    if (node && !node.hidden) node.focus();
  };

  draw();
  model.on("change:state", draw);
  model.on("msg:custom", onMessage);
  return () => {
    model.off("change:state", draw);
    model.off("msg:custom", onMessage);
  };
}

export default { render };
