// Small DOM builders shared by the page's modules and the family editors
// (edit/*.js): lookup by id, elements from properties, buttons, selects
// (built, or refilled from a list) and radio groups.  Text always goes in as
// textContent, never as markup.

export const $ = (id) => document.getElementById(id);

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

// Replace root's children; a control that had the focus and is built again
// (same data-testid) gets it back, so an editor remounted by an edit keeps
// the keyboard where it was.
export function replaceKeepingFocus(root, ...children) {
  const focusedId = root.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
  root.replaceChildren(...children);
  if (focusedId) root.querySelector(`[data-testid="${CSS.escape(focusedId)}"]`)?.focus();
}

export function button(label, onClick, testid, extra = {}) {
  const b = el("button", { type: "button", textContent: label, ...extra });
  if (testid) b.dataset.testid = testid;
  b.addEventListener("click", onClick);
  return b;
}

// A control with its name written beside it ("Columns [4]").
export function labelled(text, control) {
  return el("label", { className: "size" }, text, control);
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
// `again`: choosing the option already chosen acts too (a click, not a
// change: "one peg in a hole you tap" chosen twice still waits for a tap).
export function radios(name, legend, options, value, onChange, { again = false } = {}) {
  const fs = el("fieldset", {}, el("legend", { textContent: legend }));
  for (const [v, label] of options) {
    const input = el("input", { type: "radio", name, value: v, checked: v === value });
    input.dataset.testid = `${name}-${v}`;
    input.addEventListener(again ? "click" : "change", () => onChange(v));
    fs.append(el("label", { className: "check" }, input, label));
  }
  return fs;
}

// Refill a <select> with [{value, label, disabled?}]; keep `value` chosen
// when it is among them.
export function fillSelect(select, items, value) {
  select.replaceChildren(...items.map(({ value: v, label, disabled }) =>
    el("option", { value: v, textContent: label, disabled: !!disabled })));
  if (value !== undefined && items.some((i) => i.value === value)) select.value = value;
}
