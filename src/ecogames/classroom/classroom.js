// A classroom page: the game's own widget bundle, given a model that speaks the widget's
// message protocol over a websocket (ipywidgets' comm messages: {method: "update", state} and
// {method: "custom", content} in, the widget's custom messages out). The server adds the
// transport and the seat's token; Python decides every rule.
const script = document.currentScript ?? document.querySelector("script[data-socket]");
const { bundle, socket: socketPath, kind } = script.dataset;
const statusEl = document.getElementById("room-status");
const noticeEl = document.getElementById("room-notice");
const gameEl = document.getElementById("game");

/** The part of an anywidget model the kit uses, fed by the socket. */
class SocketModel {
  constructor() {
    this.values = {};
    this.handlers = new Map();
    this.socket = null;
  }
  get(name) {
    return this.values[name];
  }
  set(name, value) {
    this.values[name] = value; // the kit sets nothing Python owns; kept for UI-only state
  }
  on(event, callback) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event).add(callback);
  }
  off(event, callback) {
    if (!event) this.handlers.clear();
    else if (!callback) this.handlers.delete(event);
    else this.handlers.get(event)?.delete(callback);
  }
  fire(event, ...args) {
    for (const callback of [...(this.handlers.get(event) ?? [])]) callback(...args);
  }
  save_changes() {}
  send(content) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN)
      this.socket.send(JSON.stringify(content));
    else notice("Not connected: your move was not sent. Reconnecting…");
  }
  update(state) {
    const names = Object.keys(state);
    for (const name of names) this.values[name] = state[name];
    for (const name of names) this.fire(`change:${name}`, this, state[name]);
    this.fire("change", this);
  }
}

function notice(text) {
  noticeEl.textContent = text ?? "";
  noticeEl.hidden = !text;
}

function roomInfo(room) {
  document.body.classList.toggle("room-paused", room.paused === true);
  const bots = room.bots ?? {};
  const parts = [];
  if (room.paused) parts.push("paused by the teacher");
  if (kind === "seat" && typeof room.seat === "number" && bots[String(room.seat)])
    parts.push(`a bot (${bots[String(room.seat)]}) plays this seat for now`);
  statusEl.textContent = parts.length ? `connected · ${parts.join(" · ")}` : "connected";
}

const model = new SocketModel();
let rendered = false;
let retry = 500;

async function start() {
  const widget = (await import(bundle)).default;
  connect(widget);
}

function connect(widget) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}${socketPath}`);
  model.socket = socket;
  statusEl.textContent = rendered ? "reconnecting…" : "connecting…";
  socket.addEventListener("open", () => {
    retry = 500;
  });
  socket.addEventListener("message", (event) => {
    let data;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    if (data.method === "update") {
      model.update(data.state ?? {});
      if (!rendered) {
        rendered = true;
        widget.render({ model, el: gameEl });
        document.body.dataset.ready = "true";
      }
      return;
    }
    if (data.method !== "custom") return;
    const content = data.content ?? {};
    if (content.kind === "room") roomInfo(content);
    else if (content.kind === "refused") notice(content.error);
    else {
      if (content.kind === "history") notice(null);
      model.fire("msg:custom", content, []);
    }
  });
  socket.addEventListener("close", (event) => {
    model.socket = null;
    if (event.code === 4403 || event.code === 1001) {
      statusEl.textContent = "disconnected";
      notice(event.reason || "This page no longer plays a seat.");
      document.body.dataset.closed = "true";
      return;
    }
    statusEl.textContent = "connection lost: reconnecting…";
    setTimeout(() => connect(widget), retry);
    retry = Math.min(retry * 2, 8000);
  });
}

start();
