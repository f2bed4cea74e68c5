// A list of moves as buttons, each labelled by the family's move-listing
// hook (family.js listMove): the solution's moves (solve.js) and the legal
// moves of play mode (play.js) are the same list, so a family changes how
// its moves read in one place.

import { el, button } from "./dom.js";
import { listMove } from "./family.js";

/**
 * Fill `list` (an <ol>) with one button per move.
 * @param {HTMLElement} list
 * @param {import("./family.js").Family|undefined} family
 * @param {Array<{text: string, data: Object}>} moves  api.py's move text and move_data
 * @param {(index: number) => void} onPick  a click on move `index`
 * @param {(b: HTMLButtonElement, index: number) => void} [dress]  the list's own marks
 */
export function fillMoveList(list, family, moves, onPick, dress = () => {}) {
  list.replaceChildren(...moves.map(({ text, data }, i) => {
    const label = listMove(family, text, data, i);
    const b = button(label.text, () => onPick(i));
    if (label.title) b.title = label.title;
    dress(b, i);
    return el("li", {}, b);
  }));
}
