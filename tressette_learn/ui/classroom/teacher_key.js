// The teacher's key box: the key travels with the click (or Enter) in one message, so a busy
// kernel never checks a half-typed key; the box is emptied at once and hides once unlocked.
function render({ model, el }) {
  const form = document.createElement("form");
  form.className = "tl-teacher-key";
  const input = document.createElement("input");
  input.type = "password";
  input.autocomplete = "off";
  const open = document.createElement("button");
  open.type = "submit";
  open.className = "tl-teacher-open";
  form.append(input, open);
  el.appendChild(form);

  function draw() {
    const state = model.get("state");
    input.placeholder = state.key;
    input.setAttribute("aria-label", state.key);
    open.textContent = state.open;
    open.disabled = input.disabled = !state.enabled;
    form.hidden = state.unlocked;
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    model.send({ type: "unlock", key: input.value });
    input.value = "";
  });
  model.on("change:state", draw);
  draw();
  return () => model.off("change:state", draw);
}

export default { render };
