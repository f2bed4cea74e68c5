// The position's address: the link text `CODE&metric=..&algo=..&h=..&step=..`
// (the same as the CLI's), the URL fragment it lives in, and the copy kept
// in local storage so the last position comes back without a link.  Used by
// position.js (loading), solve.js, share.js and play mode; the page never
// builds a position code, only appends options to one.

const STORE_KEY = "puzzlelab:last";
const OPTION_KEYS = ["metric", "algo", "h", "step"];

export function linkFor(code, opts = {}) {
  const parts = [code];
  for (const key of OPTION_KEYS) {
    if (opts[key]) parts.push(`${key}=${encodeURIComponent(opts[key])}`);
  }
  return parts.join("&");
}

// A link's code and options ({} when none).  A bad escape keeps the raw
// value: the API names the option in its message.
export function parseLink(link) {
  const [code, ...rest] = link.split("&");
  const opts = {};
  for (const part of rest) {
    const [k, v] = part.split("=");
    try {
      if (k) opts[k] = decodeURIComponent(v || "");
    } catch (_) {
      opts[k] = v;
    }
  }
  return { code, opts };
}

// The link in the address bar, or null.
export function parseHash() {
  let raw = location.hash.slice(1);
  if (!raw) return null;
  try { raw = decodeURIComponent(raw); } catch (_) { /* keep raw: the API reports it */ }
  return raw;
}

// Put a link in the address bar: `push` makes a history entry (Back returns
// to the previous position), else the current one is replaced.
export function setHash(link, push = false) {
  if (push) history.pushState(null, "", `#${link}`);
  else history.replaceState(null, "", `#${link}`);
}

export function saveLocal(link, desc) {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify({ link, desc }));
  } catch (_) { /* storage full or disabled: nothing to lose but convenience */ }
}

// {link, desc} saved last, or null.
export function loadLocal() {
  try { return JSON.parse(localStorage.getItem(STORE_KEY) || "null"); } catch (_) { return null; }
}
