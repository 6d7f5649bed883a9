// Stride's live board (issue 39). Everything the page shows comes from the bot as JSON
// and goes in as text (textContent, attributes), never as markup. No outside resource.
"use strict";

const base = location.pathname.replace(/\/+$/, "");
const view = document.body.dataset.view;
const moves = view !== "table";
const $ = (id) => document.getElementById(id);
let board = null;     // the latest board data
let digest = null;    // the picture shown
let picking = null;   // {token, squares, dash} while a token's squares are shown
let chosen = null;    // {token, to, action} once a square is tapped

function text(tag, value, cls) {
  const el = document.createElement(tag);
  el.textContent = value;
  if (cls) el.className = cls;
  return el;
}

function status(word) { $("status").textContent = word; }

function place(el, col, row, squares) {
  const p = board.picture;
  el.style.left = (p.left_px + col * p.cell_px) + "px";
  el.style.top = (p.top_px + row * p.cell_px) + "px";
  el.style.width = el.style.height = (squares * p.cell_px) + "px";
}

function cellOf(name) {  // "C4" -> [2, 3]; "AA10" -> [26, 9]
  const m = /^([A-Z]+)(\d+)$/.exec(name);
  let col = 0;
  for (const ch of m[1]) col = col * 26 + (ch.charCodeAt(0) - 64);
  return [col - 1, Number(m[2]) - 1];
}

function show(data) {
  board = data.board;
  const notice = $("notice");
  notice.hidden = !data.notice;
  notice.textContent = data.notice || "";
  $("turn").textContent = board ? board.turn : (data.notice || "No board");
  $("order").replaceChildren(...(board ? board.order : []).map((name) =>
    text("li", name, board.acting === name ? "acting" : "")));
  $("lines").replaceChildren(...(data.lines || []).map((line) => text("li", line)));
  $("tokens").replaceChildren(...(board ? board.tokens : []).map((t) =>
    text("li", `${t.name} · ${t.cell}${t.hidden ? " · hidden" : ""}`, t.hidden ? "hidden" : "")));
  const holder = $("board");
  if (!board) {
    holder.hidden = true;
    return;
  }
  holder.hidden = false;
  holder.style.width = board.picture.width_px + "px";
  holder.style.height = board.picture.height_px + "px";
  if (data.digest !== digest) {
    $("picture").src = `${base}/picture/${data.digest}.png`;
    digest = data.digest;
  }
  marks();
}

function marks() {
  const layer = $("marks");
  const out = [];
  for (const t of board.tokens) {
    const mark = document.createElement(moves && (t.mine || view === "gm") ? "button" : "span");
    mark.className = "token" + (t.hidden ? " hidden" : "") + (t.mine ? " mine" : "");
    mark.setAttribute("aria-label", t.name);
    mark.title = `${t.name} (${t.cell})`;
    place(mark, t.col, t.row, t.squares);
    if (mark.tagName === "BUTTON") {
      mark.type = "button";
      mark.addEventListener("click", () => pick(t.name));
    }
    out.push(mark);
  }
  if (picking) {
    for (const sq of picking.squares) {
      if (sq.dash && !picking.dash) continue;
      const [col, row] = cellOf(sq.cell);
      const mark = text("button", sq.cost, "square" + (sq.dash ? " dash" : ""));
      mark.type = "button";
      mark.setAttribute("aria-label", `${sq.cell}, ${sq.cost}${sq.dash ? " with a dash" : ""}`);
      place(mark, col, row, 1);
      mark.addEventListener("click", () => preview(sq));
      out.push(mark);
    }
  }
  layer.replaceChildren(...out);
}

async function ask(path, body) {
  const response = await fetch(base + path, body === undefined ? {} : {
    method: "POST",
    headers: {"Content-Type": "application/json", "X-Stride-Move": "1"},
    body: JSON.stringify(body),
  });
  return response.json();
}

function panel(title, description, fields, footer, confirm, picture) {
  $("panel").hidden = false;
  const shown = $("panel-picture");
  shown.hidden = !picture;
  if (picture) shown.src = "data:image/png;base64," + picture;
  $("panel-title").textContent = title || "";
  $("panel-text").textContent = description || "";
  $("panel-fields").replaceChildren(...(fields || []).flatMap((f) =>
    [text("dt", f.name), text("dd", f.value)]));
  $("panel-footer").textContent = footer || "";
  $("confirm").hidden = !confirm;
  $("dash").hidden = !(picking && !picking.dash && picking.squares.some((s) => s.dash));
}

async function pick(name) {
  chosen = null;
  const found = await ask(`/reach?token=${encodeURIComponent(name)}`);
  if (found.error) {
    picking = null;
    panel(`${name} can't move now`, found.error, [], "", false);
  } else {
    picking = {token: name, squares: found.squares, dash: false};
    const count = found.squares.filter((s) => !s.dash).length;
    panel(`Move ${name}`, `Tap a square: ${count} within this move.`, [], "", false);
  }
  marks();
}

async function preview(square) {
  chosen = {token: picking.token, to: square.cell, action: square.dash ? "dash" : null};
  const ruled = await ask("/move", {...chosen, preview: true});
  if (!ruled.ok) {
    panel(ruled.title || "The rules refuse that move", ruled.error, [], "", false);
    return;
  }
  panel(ruled.title, ruled.description, ruled.fields, ruled.footer, true, ruled.picture);
}

async function confirm() {
  if (!chosen) return;
  const ruled = await ask("/move", {...chosen, preview: false});
  picking = null;
  chosen = null;
  if (!ruled.ok) {
    panel(ruled.title || "The rules refuse that move", ruled.error, [], "", false);
  } else {
    panel(ruled.title, ruled.description, ruled.fields, ruled.footer, false, ruled.picture);
  }
  if (board) marks();
}

$("confirm").addEventListener("click", confirm);
$("dash").addEventListener("click", () => { if (picking) { picking.dash = true; marks(); } });
$("cancel").addEventListener("click", () => {
  $("panel").hidden = true;
  picking = null;
  chosen = null;
  if (board) marks();
});

function connect() {
  const events = new EventSource(base + "/events");
  events.addEventListener("board", (event) => { status("live"); show(JSON.parse(event.data)); });
  events.addEventListener("open", () => status("live"));
  events.addEventListener("error", () => status("reconnecting…"));
}

connect();
