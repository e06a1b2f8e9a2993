// A fake anywidget model for looking at a built widget in a plain browser, no kernel needed.
// Query: ?fixture=<file name without .json>&entry=<entry>&step=<n>&error=<text>&width=<px>
const params = new URLSearchParams(location.search);
const name = params.get("fixture") ?? "generic-pond";
const entry = params.get("entry") ?? "generic";

class FakeModel {
  constructor(values) {
    this.values = values;
    this.handlers = new Map();
    this.sent = [];
  }
  get(key) {
    return this.values[key];
  }
  set(key, value) {
    this.values[key] = value;
    for (const cb of this.handlers.get(`change:${key}`) ?? []) cb(this, value);
    for (const cb of this.handlers.get("change") ?? []) cb(this);
  }
  on(event, cb) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event).add(cb);
  }
  off(event, cb) {
    this.handlers.get(event)?.delete(cb);
  }
  save_changes() {}
  send(content) {
    this.sent.push(content);
    document.getElementById("sent").textContent = this.sent
      .map((m) => JSON.stringify(m))
      .join("\n");
  }
}

document.getElementById("widget-css").href = `../../src/ecogames/static/${entry}.css`;
const values = await (await fetch(`../tests/fixtures/${name}.json`)).json();
if (params.has("step")) values.step = Number(params.get("step"));
if (params.has("error")) values.error = params.get("error");
if (params.has("width")) document.getElementById("widget").style.width = `${params.get("width")}px`;
const widget = (await import(`../../src/ecogames/static/${entry}.js`)).default;
const model = new FakeModel(values);
window.model = model;
window.cleanup = widget.render({ model, el: document.getElementById("widget") });
document.body.dataset.ready = "true";
