// The canvas: sizes it for the container and devicePixelRatio so drawing is
// crisp, and converts between pointer coordinates and grid cells.  Renderers
// (render/*.js) draw in CSS pixels through `ctx`, with the helpers of
// render/draw.js; main.js makes the board and the goal picture, view.js
// sizes them per family; share.js draws images on boards of its own.

const MAX_CELL_PX = 110;  // largest cell, CSS pixels
const PHONE_CELL_PX = 180; // on a phone the board takes the screen's width
const MARGIN_PX = 10;     // space around the grid, CSS pixels
const HEIGHT_SHARE = 0.62; // of the window's height, at most
const SHEET_SHARE = 0.5;   // ... while a sheet covers the lower half (phones)

/** Below this width (CSS pixels) the page is a phone's: style.css says the same. */
export const PHONE = window.matchMedia("(max-width: 699px)");

export class Board {
  // `width`: a fixed width in CSS pixels (the goal picture, images to share);
  // `height`: a fixed largest height.
  constructor(canvas, { width = null, height = null } = {}) {
    this.canvas = canvas;
    this.fixedWidth = width;
    this.fixedHeight = height;
    this.ctx = canvas.getContext("2d");
    this.cols = 3;
    this.rows = 3;
    this.cell = 40;
    this.ox = 0;
    this.oy = 0;
  }

  // Fit a cols x rows grid (cells may be non-square when `aspect` < 1, for
  // triangular lattices) into the canvas's container width.
  setGrid(cols, rows, aspect = 1) {
    this.cols = cols;
    this.rows = rows;
    this.aspect = aspect;
    this.resize();
  }

  resize() {
    let avail;
    let maxH;
    let maxCell = MAX_CELL_PX;
    if (this.fixedWidth) {
      avail = this.fixedWidth;
      maxH = this.fixedHeight || this.fixedWidth * 1.5;
    } else {
      const box = this.canvas.parentElement.getBoundingClientRect();
      avail = Math.max(160, Math.min(box.width || 400, 720));
      // a sheet open over the lower half (phones): the board fits above it
      const share = PHONE.matches && document.body.dataset.sheet ? SHEET_SHARE : HEIGHT_SHARE;
      maxH = Math.max(200, window.innerHeight * share - (share === SHEET_SHARE ? 8 : 0));
      if (PHONE.matches) maxCell = PHONE_CELL_PX;
    }
    this.cell = Math.min(maxCell, (avail - 2 * MARGIN_PX) / this.cols,
      (maxH - 2 * MARGIN_PX) / (this.rows * this.aspect));
    const w = Math.round(this.cols * this.cell + 2 * MARGIN_PX);
    const h = Math.round(this.rows * this.cell * this.aspect + 2 * MARGIN_PX);
    const dpr = window.devicePixelRatio || 1;
    this.canvas.style.width = `${w}px`;
    this.canvas.style.height = `${h}px`;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    this.width = w;
    this.height = h;
    this.ox = MARGIN_PX;
    this.oy = MARGIN_PX;
    this.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  }

  // Rectangle of grid cell (r, c) in CSS pixels.
  cellRect(r, c) {
    return { x: this.ox + c * this.cell, y: this.oy + r * this.cell * this.aspect,
      w: this.cell, h: this.cell * this.aspect };
  }

  // Grid cell under a pointer event's client coordinates, or null.
  cellAt(clientX, clientY) {
    const at = this.gridAt(clientX, clientY);
    if (at.r < 0 || at.c < 0 || at.r >= this.rows || at.c >= this.cols) return null;
    return at;
  }

  // The same, off the grid too (a drag that leaves the board): row and
  // column (possibly outside), fractional grid coordinates x (columns), y (rows).
  gridAt(clientX, clientY) {
    const rect = this.canvas.getBoundingClientRect();
    const x = (clientX - rect.left - this.ox) / this.cell;
    const y = (clientY - rect.top - this.oy) / (this.cell * this.aspect);
    return { r: Math.floor(y), c: Math.floor(x), x, y };
  }

  // Grid coordinates (x columns, y rows, fractional) -> canvas CSS pixels.
  toPixels(x, y) {
    return { x: this.ox + x * this.cell, y: this.oy + y * this.cell * this.aspect };
  }

  clear(color) {
    const { ctx } = this;
    ctx.clearRect(0, 0, this.width, this.height);
    if (color) {
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, this.width, this.height);
    }
  }
}
