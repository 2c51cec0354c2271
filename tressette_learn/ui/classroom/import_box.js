// The teacher's progress files: each file chosen is weighed here, in the browser. One that
// fits goes to the kernel as one message carrying its bytes; a larger one is only named (no
// bytes), so the kernel's connection never carries more than it takes and the box says why.
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "tl-teacher-import-picker";
  const input = document.createElement("input");
  input.type = "file";
  input.multiple = true;
  input.accept = ".json,application/json";
  input.className = "tl-teacher-import-files";
  input.hidden = true;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "tl-teacher-import-button jupyter-button";
  const busy = document.createElement("span");
  busy.className = "tl-teacher-import-busy";
  busy.setAttribute("role", "status");
  busy.style.marginLeft = "0.8em";
  box.append(input, button, busy);
  el.appendChild(box);

  function draw() {
    const state = model.get("state");
    button.textContent = state.button;
  }
  function done() {
    busy.textContent = "";
    button.disabled = false;
  }
  async function send(files) {
    const state = model.get("state");
    button.disabled = true;
    for (const [index, file] of files.entries()) {
      const head = { name: file.name.slice(0, 200), index, count: files.length };
      busy.textContent = state.sending.replace("{file}", file.name);
      if (file.size > state.most_bytes) {
        model.send({ type: "too_big", ...head });
        continue;
      }
      const bytes = await file.arrayBuffer();
      model.send({ type: "file", ...head }, undefined, [bytes]);
    }
  }
  button.addEventListener("click", () => input.click());
  input.addEventListener("change", () => {
    const files = [...input.files];
    input.value = ""; // the same file may be chosen again
    if (files.length) send(files);
  });
  model.on("change:state", draw);
  model.on("change:handled", done);
  draw();
  return () => {
    model.off("change:state", draw);
    model.off("change:handled", done);
  };
}

export default { render };
