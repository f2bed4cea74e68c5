// The position's address: the link text `CODE&metric=..&algo=..&h=..&step=..`
// (the same as the CLI's; a solution shown travels as `path` with its proven
// lower bound `lb`, api.py replay), the URL fragment it lives in, and the copy kept
// in local storage so the last position comes back without a link.  Used by
// position.js (loading), solve.js, share.js and play mode; the page never
// builds a position code, only appends options to one.

const STORE_KEY = "puzzlelab:last";
const OPTION_KEYS = ["metric", "first", "algo", "h", "count", "factor", "mem", "step", "path", "lb"];
// The families a saved position may name (a saved value is checked before
// anything of it is used: every project site of one user shares storage).
const FAMILIES = ["tiles", "blocks", "pegs"];

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

// The link in the address bar (or in `url`, a hashchange event's newURL:
// the address may have been rewritten since that event was queued), or null.
export function parseHash(url = location.href) {
  const at = url.indexOf("#");
  let raw = at < 0 ? "" : url.slice(at + 1);
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

// {link, desc} saved last, or null.  A value that is not what saveLocal
// wrote (another site's, an older version's, a damaged one) is dropped.
export function loadLocal() {
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(STORE_KEY) || "null");
  } catch (_) {
    saved = undefined;
  }
  if (saved === null) return null;
  if (validSaved(saved)) return saved;
  forgetLocal();
  return null;
}

export function forgetLocal() {
  try { localStorage.removeItem(STORE_KEY); } catch (_) { /* storage disabled */ }
}

function isObject(x) {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

function validSaved(saved) {
  if (!isObject(saved) || !Object.hasOwn(saved, "link") || !Object.hasOwn(saved, "desc")) return false;
  const { link, desc } = saved;
  if (typeof link !== "string" || link.length > 4000 || !isObject(desc)) return false;
  if (typeof desc.family !== "string" || !FAMILIES.includes(desc.family)) return false;
  if (typeof desc.code !== "string" || !link.startsWith(desc.code)) return false;
  if (!isObject(desc.view) || desc.view.family !== desc.family) return false;
  return true;
}
