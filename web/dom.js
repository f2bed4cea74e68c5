// Small DOM builders shared by the family editors (edit/*.js): elements from
// properties, buttons, selects and radio groups.  Text always goes in as
// textContent, never as markup.

export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "dataset") Object.assign(node.dataset, v);
    else if (k in node) node[k] = v;
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}

export function button(label, onClick, testid, extra = {}) {
  const b = el("button", { type: "button", textContent: label, ...extra });
  if (testid) b.dataset.testid = testid;
  b.addEventListener("click", onClick);
  return b;
}

// `values`: plain values, or [value, text] pairs.
export function select(label, values, value, onChange, testid) {
  const s = el("select", { "aria-label": label });
  if (testid) s.dataset.testid = testid;
  for (const item of values) {
    const [v, text] = Array.isArray(item) ? item : [item, item];
    s.append(el("option", { value: String(v), textContent: String(text) }));
  }
  s.value = String(value);
  s.addEventListener("change", () => onChange(s.value));
  return s;
}

// A fieldset of radio buttons; each input's data-testid is `${name}-${value}`.
export function radios(name, legend, options, value, onChange) {
  const fs = el("fieldset", {}, el("legend", { textContent: legend }));
  for (const [v, label] of options) {
    const input = el("input", { type: "radio", name, value: v, checked: v === value });
    input.dataset.testid = `${name}-${v}`;
    input.addEventListener("change", () => onChange(v));
    fs.append(el("label", { className: "check" }, input, label));
  }
  return fs;
}
