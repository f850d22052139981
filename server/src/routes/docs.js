// The API page's list of operations, read from /api/openapi.json (served apart from the page
// so that its Content-Security-Policy allows no inline script).
fetch("openapi.json").then((r) => r.json()).then((doc) => {
  const main = document.getElementById("ops");
  main.textContent = "";
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const section = document.createElement("section");
      const head = document.createElement("div");
      const m = document.createElement("span");
      m.className = "method " + method; m.textContent = method;
      const p = document.createElement("code"); p.textContent = "/api" + path;
      head.append(m, p);
      const tag = document.createElement("div"); tag.className = "tag";
      const store = (op.parameters || []).some((x) => x.name === "X-Store-Id");
      tag.textContent = (op.tags || []).join(", ") + (store ? " · X-Store-Id" : "") + (op.summary ? " · " + op.summary : "");
      const details = document.createElement("details");
      const summary = document.createElement("summary"); summary.textContent = "Details";
      const pre = document.createElement("pre"); pre.textContent = JSON.stringify(op, null, 2);
      details.append(summary, pre);
      section.append(head, tag, details);
      main.append(section);
    }
  }
}).catch(() => { document.getElementById("ops").textContent = "The API document could not be loaded."; });
