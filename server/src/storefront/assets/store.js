/* Storeloom storefront script: cart, checkout, slideshow, countdowns, popups, analytics beacons
   and the editor's preview protocol. No framework; the page is fully rendered by the server. */
(function () {
  "use strict";
  var bootEl = document.getElementById("sl-boot");
  if (!bootEl) return;
  var boot = JSON.parse(bootEl.textContent || "{}");
  var base = boot.base || "";
  var params = new URLSearchParams(location.search);
  var inFrame = window.parent !== window;
  var preview = params.has("nocache") && inFrame;
  // The editor's signed preview token: the server renders posted configs, and gives the
  // preview's catalog snapshot, only to requests that carry it.
  var previewToken = preview ? params.get("preview") || "" : "";
  var adminOrigin = boot.adminOrigin === "self" ? location.origin : boot.adminOrigin;
  var editorPage = boot.editorPage || "homepage";
  var kind = boot.page;
  var product = boot.product;
  // The most of one cart line (the core's rule, which the checkout applies too).
  var QTY_MAX = boot.quantityMax;
  var lastConfig = null;
  var sample = null;
  // In preview, the storefront's renderer of the core runs here as WebAssembly (the preview
  // runtime, built with the admin): it renders every edit itself, with no request. Until it has
  // started, and if it cannot, the server renders (POST /_preview, /cart/view).
  var RUNTIME_URL = "/admin/preview/storefront_preview.js";
  var runtime = null;
  var runtimeWanted = preview;
  var timers = [];
  var CART_KEY = "sl-cart:" + boot.storeKey;
  var DRAFT_KEY = "sl-draft:" + boot.storeKey;

  function $(sel, root) { return (root || document).querySelector(sel); }
  function $$(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }
  function store(kindOf) { try { return kindOf === "session" ? window.sessionStorage : window.localStorage; } catch (e) { return null; } }
  function getItem(k, s) { var st = store(s); try { return st ? st.getItem(k) : null; } catch (e) { return null; } }
  function setItem(k, v, s) { var st = store(s); try { if (st) st.setItem(k, v); } catch (e) { /* storage full or blocked */ } }
  function randomId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var a = new Uint8Array(16); crypto.getRandomValues(a);
    return Array.prototype.map.call(a, function (b) { return b.toString(16).padStart(2, "0"); }).join("");
  }

  // ------------------------------------------------------------------ analytics beacons
  var queue = [];
  var flushTimer = 0;
  function sessionId() {
    var now = Date.now();
    var saved = null;
    try { saved = JSON.parse(getItem("sl-session") || "null"); } catch (e) { saved = null; }
    if (!saved || !saved.id || now - saved.last > 30 * 60 * 1000) saved = { id: randomId() };
    saved.last = now;
    setItem("sl-session", JSON.stringify(saved));
    return saved.id;
  }
  function track(type) {
    if (preview) return;
    // The path with its query, so a landing page's UTM parameters reach the UTM report.
    queue.push({ type: type, sessionId: sessionId(), at: Date.now(), page: (location.pathname + location.search).slice(0, 512) });
    // Events close together go in one batch; a batch leaves soon, so little waits for an unload.
    clearTimeout(flushTimer);
    flushTimer = setTimeout(function () { flush(false); }, 300);
  }
  function flush(leaving, after) {
    clearTimeout(flushTimer); flushTimer = 0;
    if (!queue.length) { if (after) after(); return; }
    var body = JSON.stringify({ storeKey: boot.storeKey, events: queue.splice(0, 100) });
    // A text/plain body keeps the request simple (no preflight); the endpoint reads the JSON
    // whatever the type says.
    if (leaving && navigator.sendBeacon) {
      try { if (navigator.sendBeacon("/api/storefront/events", new Blob([body], { type: "text/plain;charset=UTF-8" }))) return; } catch (e) { /* fall back to fetch */ }
    }
    fetch("/api/storefront/events", { method: "POST", body: body, headers: { "content-type": "text/plain;charset=UTF-8" }, keepalive: true })
      .catch(function () { /* analytics never blocks the shopper */ })
      .then(function () { if (after) after(); });
  }
  /** Goes to `url` once the waiting events are sent (at most 300 ms later). */
  function go(url) {
    var gone = false;
    function leave() { if (!gone) { gone = true; location.href = url; } }
    if (!queue.length) { leave(); return; }
    flush(false, leave);
    setTimeout(leave, 300);
  }
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "hidden") flush(true); });
  window.addEventListener("pagehide", function () { flush(true); });
  document.addEventListener("click", function (e) {
    if (preview || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || !queue.length) return;
    var a = e.target.closest && e.target.closest("a[href]");
    if (!a || a.target || a.origin !== location.origin || a.hash && a.pathname === location.pathname) return;
    e.preventDefault();
    go(a.href);
  });

  // ------------------------------------------------------------------ cart storage
  function readCart() {
    try { var c = JSON.parse(getItem(CART_KEY) || "[]"); return Array.isArray(c) ? c : []; } catch (e) { return []; }
  }
  function writeCart(items) { setItem(CART_KEY, JSON.stringify(items)); updateCount(); }
  function updateCount() {
    var n = readCart().reduce(function (s, i) { return s + (i.quantity || 0); }, 0);
    $$("[data-cart-count]").forEach(function (el) { el.textContent = String(n); el.hidden = n === 0; });
  }
  // A personalized line carries the shopper's values; other values make another line.
  function addToCart(productId, variantId, quantity, personal) {
    var items = readCart();
    var key = JSON.stringify(personal || []);
    var found = items.filter(function (i) { return i.productId === productId && (i.variantId || null) === (variantId || null) && JSON.stringify(i.personalization || []) === key; })[0];
    if (found) found.quantity = Math.min(QTY_MAX, found.quantity + quantity);
    else {
      found = { productId: productId, variantId: variantId || null, quantity: Math.min(QTY_MAX, quantity) };
      if (personal && personal.length) found.personalization = personal;
      items.push(found);
    }
    writeCart(items);
    track("add_to_cart");
  }
  function previewItems() {
    var items = readCart();
    if (!items.length && preview) {
      var p = sample || product;
      var v = p && p.variants && (p.variants.filter(function (x) { return x.available; })[0] || p.variants[0]);
      if (p) items = [{ productId: p.id, variantId: v ? v.id : null, quantity: 1 }];
    }
    return items;
  }
  // `body` is a value, or JSON text already made.
  function postJson(url, body) {
    var headers = { "content-type": "application/json", accept: "application/json" };
    if (previewToken) headers["x-preview-token"] = previewToken;
    return fetch(url, { method: "POST", headers: headers, body: typeof body === "string" ? body : JSON.stringify(body) })
      .then(function (r) { return r.json().catch(function () { return {}; }).then(function (data) { return { ok: r.ok, status: r.status, data: data }; }); });
  }

  // ------------------------------------------------------------------ sections
  // A picture that failed before this script listened for errors. `naturalWidth` alone cannot
  // tell: a picture offered at widths (`srcset`) reports its width divided by the density the
  // browser took, 0 for a tiny one that loaded; `decode()` fails only for a broken one.
  function initImages(root) {
    $$("img", root).forEach(function (img) {
      if (img.complete && img.naturalWidth === 0 && img.getAttribute("src")) img.decode().catch(function () { failed(img); });
    });
  }
  function failed(img) {
    var fallback = img.getAttribute("data-fallback");
    if (fallback && img.getAttribute("src") !== fallback) { img.removeAttribute("data-fallback"); img.src = fallback; return; }
    img.classList.add("broken");
  }
  document.addEventListener("error", function (e) { var t = e.target; if (t && t.tagName === "IMG") failed(t); }, true);

  function initFonts() { $$("link[data-font]").forEach(function (l) { l.media = "all"; }); }

  function initSlideshows(root) {
    $$(".slideshow", root).forEach(function (sec) {
      // The interval comes from the core, within the theme's limits; without one the slides stay.
      var every = Number(sec.getAttribute("data-interval")) * 1000;
      if (!(every > 0)) return;
      $$(".slides", sec).forEach(function (box) {
        var slides = $$(".slide", box);
        var dots = $$("[data-dot]", box);
        if (slides.length < 2) return;
        var at = 0;
        function show(i) {
          at = (i + slides.length) % slides.length;
          slides.forEach(function (s, j) { s.classList.toggle("on", j === at); });
          dots.forEach(function (d, j) { d.setAttribute("aria-current", j === at ? "true" : "false"); });
        }
        dots.forEach(function (d, j) { d.addEventListener("click", function () { show(j); }); });
        timers.push(setInterval(function () { if (!document.hidden) show(at + 1); }, every));
      });
    });
  }

  function two(n) { return String(n).padStart(2, "0"); }
  function initCountdowns(root) {
    var boxes = $$("[data-countdown]", root);
    if (!boxes.length) return;
    function tick() {
      var now = Date.now();
      boxes.forEach(function (box) {
        var period = Number(box.getAttribute("data-period")) || 86400000;
        var end = Math.ceil((now + 1) / period) * period;
        var left = Math.max(0, Math.floor((end - now) / 1000));
        $("[data-d]", box).textContent = two(Math.floor(left / 86400));
        $("[data-h]", box).textContent = two(Math.floor(left % 86400 / 3600));
        $("[data-m]", box).textContent = two(Math.floor(left % 3600 / 60));
        $("[data-s]", box).textContent = two(left % 60);
      });
    }
    tick();
    timers.push(setInterval(tick, 1000));
  }

  function initHeader(root) {
    $$("[data-menu-toggle]", root).forEach(function (btn) {
      btn.addEventListener("click", function () {
        var header = btn.closest(".site-header");
        var open = header.classList.toggle("menu-open");
        btn.setAttribute("aria-expanded", open ? "true" : "false");
      });
    });
    var words = boot.search || [];
    var input = $("[data-suggest]", root);
    if (input && words.length > 1) {
      var i = 0;
      timers.push(setInterval(function () { i = (i + 1) % words.length; input.placeholder = words[i]; }, Math.max(1, boot.searchEvery || 3) * 1000));
    }
    updateCount();
  }

  // ------------------------------------------------------------------ product page
  function initProduct(root) {
    var form = $("[data-buy]", root);
    if (!form || !product) return;
    var variants = product.variants || [];
    // The core's picker table (storefront::variants): for the chosen variant, where each value of
    // each option leads (null: it cannot be chosen), and each variant's values.
    var table = null;
    try { table = JSON.parse(form.getAttribute("data-picker") || "null"); } catch (e) { table = null; }
    var hidden = $("[data-variant]", form);
    var current = variants.map(function (v) { return v.id; }).indexOf(hidden ? hidden.value : "");
    function chosen() { return variants[current] || variants[0] || null; }
    function showChoices() {
      if (!table || !table.next || current < 0) return;
      var at = table.positions[current] || [];
      var next = table.next[current] || [];
      $$("[data-option]", form).forEach(function (el) {
        var i = Number(el.getAttribute("data-option"));
        if (el.tagName === "SELECT") {
          Array.prototype.forEach.call(el.options, function (o) {
            var k = Number(o.getAttribute("data-value"));
            o.disabled = (next[i] || [])[k] == null;
            o.selected = at[i] === k;
          });
        } else {
          var k = Number(el.getAttribute("data-value"));
          el.disabled = (next[i] || [])[k] == null;
          el.checked = at[i] === k;
          el.parentNode.classList.toggle("out", el.disabled);
        }
      });
      if (hidden && variants[current]) hidden.value = variants[current].id;
    }
    function choose(el) {
      if (!table || !table.next || current < 0 || !el.hasAttribute("data-option")) return;
      var i = Number(el.getAttribute("data-option"));
      var picked = el.tagName === "SELECT" ? el.options[el.selectedIndex] : el;
      var to = ((table.next[current] || [])[i] || [])[Number(picked.getAttribute("data-value"))];
      if (to != null) current = to;
      showChoices();
    }
    function qty() { var q = $("#qty", form); return Math.max(1, Math.min(QTY_MAX, parseInt(q ? q.value : "1", 10) || 1)); }
    function refresh() {
      var v = chosen();
      if (!v) return;
      // The server writes each variant's prices in the store's currency (the core's formats).
      $$("[data-price]", root).forEach(function (el) { el.textContent = v.priceText; });
      var cmp = $("[data-compare]", root);
      var sale = $("[data-sale]", root);
      var has = v.compareAtPrice && v.compareAtPrice > v.price;
      if (cmp) { cmp.hidden = !has; if (has) cmp.textContent = v.compareAtPriceText; }
      if (sale && has && /%$/.test(sale.textContent)) sale.textContent = "-" + Math.round((v.compareAtPrice - v.price) / v.compareAtPrice * 100) + "%";
      if (sale) sale.hidden = !has;
      var stock = $("[data-stock]", root);
      if (stock) stock.textContent = v.available ? "In stock" : "Sold out";
      $$("[data-add],[data-buy-now],[data-sticky-add]", root).forEach(function (b) { b.disabled = !v.available; });
      var add = $("[data-add]", form);
      if (add) add.textContent = v.available ? "Add to cart" : "Sold out";
    }
    form.addEventListener("change", function (e) { if (e.target && e.target.hasAttribute) choose(e.target); refresh(); });
    $$("[data-step]", form).forEach(function (b) {
      b.addEventListener("click", function () {
        var q = $("#qty", form);
        q.value = String(Math.max(1, Math.min(QTY_MAX, (parseInt(q.value, 10) || 1) + Number(b.getAttribute("data-step")))));
      });
    });
    function add() {
      var v = chosen();
      if (v && !v.available) return false;
      if (preview) return true;
      if (!form.reportValidity()) return false;
      var personal = $$("[data-personal]", form).map(function (i) { return { layer: Number(i.getAttribute("data-personal")), value: i.value.trim() }; }).filter(function (e) { return e.value; });
      addToCart(product.id, v ? v.id : null, qty(), personal);
      var note = $("[data-added]", form);
      if (note) { note.hidden = false; var a = $("[data-cart-href]", note); if (a) a.href = base + "/cart"; }
      return true;
    }
    form.addEventListener("submit", function (e) { e.preventDefault(); add(); });
    var buy = $("[data-buy-now]", form);
    if (buy) buy.addEventListener("click", function () { if (add() && !preview) go(base + "/checkout"); });
    var sticky = $("[data-sticky]", root);
    var stickyAdd = $("[data-sticky-add]", root);
    if (stickyAdd) stickyAdd.addEventListener("click", function () { add(); });
    var watch = $(".actions", form);
    if (sticky && watch && "IntersectionObserver" in window) {
      new IntersectionObserver(function (entries) { sticky.hidden = entries[0].isIntersecting || entries[0].boundingClientRect.top > 0; }).observe(watch);
    }
    $$("[data-thumb]", root).forEach(function (t) {
      t.addEventListener("click", function () { var img = $(".main-img img", root); if (img) { img.classList.remove("broken"); img.src = t.getAttribute("data-thumb"); } });
    });
    refresh();
  }

  // ------------------------------------------------------------------ cart page
  function renderCart(root) {
    var box = $("[data-cart-view]", root);
    if (!box) return;
    // The preview runtime renders the preview's cart with the page.
    if (runtimeWanted) { initImages(box); return; }
    postJson(base + "/cart/view", { items: previewItems(), view: "cart", code: readCode() || undefined, config: preview ? lastConfig : undefined }).then(function (r) {
      if (!r.ok) { box.innerHTML = "<p class=\"notice\" role=\"alert\">The cart could not be loaded. Try again.</p>"; return; }
      box.innerHTML = r.data.html;
      if (!preview) writeCart(r.data.lines);
      initImages(box);
      initCode(box, function () { renderCart(root); });
      // A line is its place in the lines the server answered (and the cart now keeps).
      $$("[data-line]", box).forEach(function (li) {
        var at = Number(li.getAttribute("data-line"));
        function change(fn) {
          if (preview) return;
          var items = readCart();
          items = items.map(function (i, k) { if (k === at) fn(i); return i; }).filter(function (i) { return i.quantity > 0; });
          writeCart(items); renderCart(root);
        }
        $$("[data-line-step]", li).forEach(function (b) { b.addEventListener("click", function () { var d = Number(b.getAttribute("data-line-step")); change(function (i) { i.quantity = Math.min(QTY_MAX, i.quantity + d); }); }); });
        var rm = $("[data-line-remove]", li);
        if (rm) rm.addEventListener("click", function () { change(function (i) { i.quantity = 0; }); });
      });
      $$("[data-upsell]", box).forEach(function (b) {
        b.addEventListener("click", function () { if (preview) return; addToCart(b.getAttribute("data-upsell"), b.getAttribute("data-upsell-variant") || null, 1); renderCart(root); });
      });
    }).catch(function () { box.innerHTML = "<p class=\"notice\" role=\"alert\">The cart could not be loaded. Check your connection.</p>"; });
  }

  // ------------------------------------------------------------------ discount code
  // The code the shopper typed is kept with the cart; the server says whether it applies.
  var CODE_KEY = "sl-code:" + boot.storeKey;
  function readCode() { return preview ? "" : (getItem(CODE_KEY) || ""); }
  function writeCode(code) { if (preview) return; if (code) setItem(CODE_KEY, code); else { try { localStorage.removeItem(CODE_KEY); } catch (x) { /* ignore */ } } }
  function initCode(box, rerender) {
    var form = $("[data-discount-form]", box);
    if (form) form.addEventListener("submit", function (e) {
      e.preventDefault();
      var input = $("[data-discount-code]", form);
      writeCode(input ? input.value.trim() : "");
      rerender();
    });
    var remove = $("[data-discount-remove]", box);
    if (remove) remove.addEventListener("click", function () { writeCode(""); rerender(); });
  }

  // ------------------------------------------------------------------ checkout draft
  // The checkout records the cart and the contact details typed so far under a token this
  // browser keeps, so the seller sees checkouts that were not completed; the order closes it.
  var draftTimer = null;
  var recovered = false;
  function saveDraft(form, leaving) {
    clearTimeout(draftTimer);
    draftTimer = null;
    var cart = readCart();
    if (preview || !cart.length) return;
    var token = getItem(DRAFT_KEY);
    if (!token) { token = randomId(); setItem(DRAFT_KEY, token); }
    var body = { token: token, items: cart };
    var email = form && form.elements.email;
    if (email && email.value.trim() && email.checkValidity()) body.email = email.value.trim();
    var name = form && form.elements["shipping.name"];
    if (name && name.value.trim()) body.name = name.value.trim();
    fetch(base + "/checkout/draft", { method: "POST", keepalive: Boolean(leaving), headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
      .then(function (r) { if (r.status === 409) { try { localStorage.removeItem(DRAFT_KEY); } catch (x) { /* ignore */ } } })
      .catch(function () { /* a draft never blocks the shopper */ });
  }
  // A recovery link (`checkout?recover=TOKEN`) puts the draft's lines back in the cart and its
  // contact details in the form.
  function recover(root, token) {
    recovered = true;
    fetch(base + "/checkout/draft/" + encodeURIComponent(token), { headers: { accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (data && Array.isArray(data.items) && data.items.length) {
          writeCart(data.items);
          setItem(DRAFT_KEY, token);
        }
        try { history.replaceState(null, "", location.pathname); } catch (x) { /* ignore */ }
        initCheckout(root);
        var form = $("[data-checkout]", root);
        if (data && form) {
          if (data.email && !form.elements.email.value) form.elements.email.value = data.email;
          if (data.name && !form.elements["shipping.name"].value) form.elements["shipping.name"].value = data.name;
        }
      })
      .catch(function () { initCheckout(root); });
  }

  // ------------------------------------------------------------------ checkout
  function initCheckout(root) {
    var form = $("[data-checkout]", root);
    if (!form) return;
    var recoverToken = params.get("recover");
    if (recoverToken && !recovered && !preview) { recover(root, recoverToken); return; }
    var summary = $("[data-summary]", root);
    var items = previewItems();
    if (summary && runtimeWanted) {
      initImages(summary);
    } else if (summary) {
      if (!items.length) {
        summary.innerHTML = "<p>Your cart is empty.</p><a class=\"btn\" href=\"" + base + "/collections/all\">Continue shopping</a>";
      } else {
        var choices = $("[data-shipping-choices]", form);
        var shownChoices = "";
        // The shipping rate chosen, by name, while the address's choices offer it.
        var chosenRate = function () {
          var picked = choices && $("input[name=shippingRate]:checked", choices);
          return picked ? picked.value : undefined;
        };
        var loadSummary = function () {
          var email = form.elements.email;
          var country = form.elements["shipping.country"];
          var region = form.elements["shipping.region"];
          postJson(base + "/cart/view", {
            items: items, view: "summary", code: readCode() || undefined,
            email: email && email.value.trim() && email.checkValidity() ? email.value.trim() : undefined,
            // The tax of the address typed so far.
            country: country && country.value ? country.value : undefined,
            region: region && region.value.trim() ? region.value.trim() : undefined,
            shippingRate: chosenRate(),
            config: preview ? lastConfig : undefined
          }).then(function (r) {
            summary.innerHTML = r.ok ? r.data.html : "<p class=\"notice\">The summary could not be loaded.</p>";
            // The choices are drawn again only when they change (not when the shopper picked
            // one of them), so a radio taken with the keyboard keeps the focus.
            if (choices && r.ok && r.data.shippingHtml && r.data.shippingHtml.replace(/ checked/g, "") !== shownChoices) {
              var focused = choices.contains(document.activeElement);
              choices.innerHTML = r.data.shippingHtml;
              shownChoices = r.data.shippingHtml.replace(/ checked/g, "");
              var taken = focused && $("input[name=shippingRate]:checked", choices);
              if (taken) taken.focus();
            }
            initImages(summary);
            initCode(summary, loadSummary);
          });
        };
        loadSummary();
        // A code's limit per customer depends on the e-mail.
        if (form.elements.email) form.elements.email.addEventListener("change", function () { if (readCode()) loadSummary(); });
        // The tax depends on where the order ships.
        ["shipping.country", "shipping.region"].forEach(function (name) {
          if (form.elements[name]) form.elements[name].addEventListener("change", loadSummary);
        });
        // So do the shipping's price and the tax on it.
        if (choices) choices.addEventListener("change", function (e) {
          if (e.target && e.target.name === "shippingRate") loadSummary();
        });
      }
    }
    var same = $("[data-billing-same]", form);
    var billing = $("[data-billing]", form);
    if (same && billing) same.addEventListener("change", function () { billing.hidden = same.checked; billing.disabled = same.checked; });
    // Countries without postcodes: the field is optional there.
    $$("select[name$='.country']", form).forEach(function (sel) {
      var prefix = sel.name.split(".")[0];
      var sync = function () {
        var opt = sel.options[sel.selectedIndex];
        var pc = form.elements[prefix + ".postcode"];
        if (pc) pc.required = !(opt && opt.hasAttribute("data-no-postcode"));
      };
      sel.addEventListener("change", sync); sync();
      // The shipping country the shopper chose is remembered in this browser, for this store:
      // the server preselects it on their next checkout (the core's checkout_country).
      if (prefix === "shipping" && !preview) sel.addEventListener("change", function () {
        document.cookie = "sl-country=" + encodeURIComponent(sel.value) + "; path=" + (base || "/") + "; max-age=31536000; samesite=lax";
      });
    });
    var timer = $("[data-co-timer]", root);
    if (timer && boot.checkout && boot.checkout.countdown) {
      var started = Number(getItem("sl-co-start", "session")) || Date.now();
      setItem("sl-co-start", String(started), "session");
      var total = Math.max(1, boot.checkout.minutes || 10) * 60000;
      var tick = function () {
        var left = Math.max(0, Math.floor((started + total - Date.now()) / 1000));
        timer.textContent = two(Math.floor(left / 60)) + ":" + two(left % 60);
      };
      tick();
      timers.push(setInterval(tick, 1000));
    }
    if (!preview && kind === "checkout") track("reached_checkout");
    if (!preview && items.length) {
      saveDraft(form);
      ["email", "shipping.name"].forEach(function (field) {
        var el = form.elements[field];
        if (!el) return;
        el.addEventListener("input", function () { clearTimeout(draftTimer); draftTimer = setTimeout(function () { saveDraft(form); }, 800); });
        el.addEventListener("change", function () { saveDraft(form); });
      });
      window.addEventListener("pagehide", function () { if (draftTimer) saveDraft(form, true); });
    }
    var error = $("[data-co-error]", form);
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      if (preview) return;
      var cart = readCart();
      // :disabled also matches the fields of a disabled fieldset (the billing address while it
      // is the same as shipping), which el.disabled does not.
      var fields = $$("input[required],select[required]", form).filter(function (el) { return !el.matches(":disabled"); });
      var bad = fields.filter(function (el) { var ok = el.checkValidity() && el.value.trim() !== ""; el.setAttribute("aria-invalid", ok ? "false" : "true"); return !ok; });
      if (!cart.length) { error.textContent = "Your cart is empty."; error.hidden = false; return; }
      if (bad.length) { error.textContent = "Check the highlighted fields."; error.hidden = false; bad[0].focus(); return; }
      var key = getItem("sl-checkout-key", "session");
      if (!key) { key = randomId(); setItem("sl-checkout-key", key, "session"); }
      var button = $("[data-place]", form);
      button.disabled = true; button.textContent = "Processing…";
      error.hidden = true;
      var note = form.elements.note;
      var address = function (prefix) {
        var a = {};
        ["name", "line1", "line2", "city", "region", "postcode", "country", "phone"].forEach(function (f) {
          var el = form.elements[prefix + "." + f];
          if (el) a[f] = el.value.trim();
        });
        return a;
      };
      postJson(base + "/checkout", {
        sessionId: sessionId(), idempotencyKey: key, email: form.elements.email.value.trim(),
        shippingAddress: address("shipping"), billingAddress: same && !same.checked ? address("billing") : undefined,
        discountCode: readCode() || undefined,
        shippingRate: chosenRate ? chosenRate() : undefined,
        note: note ? note.value.trim() : null, items: cart, draftToken: getItem(DRAFT_KEY) || undefined
      }).then(function (r) {
        if (r.ok) {
          writeCart([]);
          writeCode("");
          try { localStorage.removeItem(DRAFT_KEY); } catch (x) { /* ignore */ }
          try { sessionStorage.removeItem("sl-checkout-key"); sessionStorage.removeItem("sl-co-start"); } catch (x) { /* ignore */ }
          go(r.data.thankYouUrl);
          return;
        }
        button.disabled = false; button.textContent = "Pay now";
        error.textContent = (r.data.messages || ["The order could not be placed."]).join(" ");
        error.hidden = false;
        if (r.status === 409) { try { sessionStorage.removeItem("sl-checkout-key"); } catch (x) { /* ignore */ } }
      }).catch(function () {
        button.disabled = false; button.textContent = "Pay now";
        error.textContent = "No connection. Your order was not placed; try again."; error.hidden = false;
      });
    });
  }

  // ------------------------------------------------------------------ popups
  function initPopups(root) {
    var dialogs = $$("dialog[data-popup]", root);
    dialogs.forEach(function (d) {
      var name = d.getAttribute("data-popup");
      function close() { d.close(); setItem("sl-popup:" + name, "1", preview ? "session" : "local"); }
      $$("[data-close]", d).forEach(function (b) { b.addEventListener("click", close); });
      d.addEventListener("cancel", function () { setItem("sl-popup:" + name, "1", preview ? "session" : "local"); });
      var form = $("[data-popup-form]", d);
      if (form) form.addEventListener("submit", function (e) { e.preventDefault(); form.hidden = true; $(".pop-done", d).hidden = false; setItem("sl-popup:" + name, "1"); });
      var copy = $("[data-copy]", d);
      if (copy) copy.addEventListener("click", function () {
        var code = $("[data-code]", d).textContent;
        if (navigator.clipboard) navigator.clipboard.writeText(code).catch(function () { /* not allowed */ });
        var done = $(".pop-done", d); if (done && done.textContent) done.hidden = false;
        setItem("sl-popup:" + name, "1");
      });
    });
    var next = dialogs.filter(function (d) { var n = d.getAttribute("data-popup"); return !getItem("sl-popup:" + n, preview ? "session" : "local") && !getItem("sl-popup:" + n); })[0];
    if (next && typeof next.showModal === "function" && kind !== "checkout") {
      // In the editor's preview the popup is shown without taking the focus (the `open`
      // attribute runs no focusing steps), so the field the merchant is typing in keeps it.
      timers.push(setTimeout(function () {
        if (document.querySelector("dialog[open]")) return;
        if (preview) next.setAttribute("open", ""); else next.showModal();
      }, preview ? 1200 : 4000));
    }
  }

  // ------------------------------------------------------------------ everything on a page
  function initAll() {
    timers.forEach(function (t) { clearInterval(t); clearTimeout(t); });
    timers = [];
    sectionTimers = {};
    var root = document.getElementById("sl-app");
    // Forms first (a submit must never reach the server as a plain form); the rest each in its
    // own short task, so the page answers input between them.
    initProduct(root);
    initCheckout(root);
    [initImages, initHeader, renderCart, initSlideshows, initCountdowns, initPopups].forEach(function (part) {
      timers.push(setTimeout(function () { part(root); }, 0));
    });
  }

  initFonts();
  initAll();

  if (!preview) {
    track("page_view");
    if (kind === "product") track("view_content");
    // The conversion is not sent from here: the server records it when it places the order.
    return;
  }

  // ------------------------------------------------------------------ preview protocol
  document.body.classList.add("sl-preview");
  var latest = 0;
  function send(msg) { window.parent.postMessage(msg, adminOrigin); }
  // What changed since the page was last rendered, as the admin says with each config it sends:
  // sections by key (home, header, footer) and whether the style did; null when the next render
  // must be of the whole page (at first, after a config sent without it, after a failed part).
  var pending = null;
  var lastConfigText = null;
  // At most this many sections render alone (the server's limit); more render the whole page.
  var SECTIONS_MAX = 50;
  function cssEscape(s) { return window.CSS && CSS.escape ? CSS.escape(s) : s; }
  function shownSection(key) { return document.querySelector("#sl-app [data-section-key=\"" + cssEscape(key) + "\"]"); }
  // The timers of sections put in place alone, by key, stopped when the section is replaced.
  var sectionTimers = {};
  // Puts freshly rendered sections in place of the shown ones; null (and nothing changed)
  // when one does not fit. Answers the new elements by key.
  function swapSections(html) {
    var swaps = [];
    var ok = Object.keys(html).every(function (key) {
      var el = shownSection(key);
      var t = document.createElement("template");
      t.innerHTML = html[key];
      if (!el || t.content.children.length !== 1) return false;
      swaps.push([key, el, t.content.firstElementChild]);
      return true;
    });
    if (!ok) return null;
    var placed = {};
    swaps.forEach(function (s) { s[1].replaceWith(s[2]); placed[s[0]] = s[2]; });
    return placed;
  }
  // Starts what the sections put in place alone need (images, slides, countdowns).
  function initSections(placed) {
    Object.keys(placed).forEach(function (key) {
      (sectionTimers[key] || []).forEach(function (t) { clearInterval(t); clearTimeout(t); });
      var before = timers.length;
      [initImages, initSlideshows, initCountdowns].forEach(function (part) { part(placed[key]); });
      sectionTimers[key] = timers.slice(before);
    });
  }
  // The render request of some sections: the config with every other home section cut to its
  // key, type and place (they are not drawn, but give each section its position).
  function sectionsBody(config, keys) {
    var home = config.pages.homepage;
    var all = home.sections;
    var cut = {};
    Object.keys(all).forEach(function (k) {
      var s = all[k];
      cut[k] = keys.indexOf(k) >= 0 || !s || typeof s !== "object" ? s : { key: s.key, type: s.type, index: s.index };
    });
    var pages = Object.assign({}, config.pages, { homepage: Object.assign({}, home, { sections: cut }) });
    return JSON.stringify({ config: Object.assign({}, config, { pages: pages }), page: editorPage, family: boot.family || null, sections: keys });
  }
  // The pending sections, when they (and the style) can render alone on the page shown now:
  // home sections on the home page, the header and footer on any.
  function renderable(config, newPage) {
    if (!pending || newPage !== editorPage) return null;
    var keys = Object.keys(pending.sections);
    var pages = (config && config.pages) || {};
    var home = (pages.homepage && pages.homepage.sections) || null;
    var fixed = (pages.fixed && pages.fixed.sections) || {};
    if (!home || typeof home !== "object" || keys.length > SECTIONS_MAX || (!keys.length && !pending.style)) return null;
    var has = Object.prototype.hasOwnProperty;
    for (var i = 0; i < keys.length; i++) {
      var placed = has.call(fixed, keys[i]) || (editorPage === "homepage" && has.call(home, keys[i]));
      if (!placed || !shownSection(keys[i])) return null;
    }
    return keys;
  }
  // The theme's stylesheet and font links.
  function restyle(css, fonts) {
    document.getElementById("sl-theme").textContent = css;
    $$("link[data-font]").forEach(function (l) { l.remove(); });
    (fonts || []).forEach(function (u) { var l = document.createElement("link"); l.rel = "stylesheet"; l.href = u; l.setAttribute("data-font", ""); document.head.appendChild(l); });
  }
  // The render request's body, with the config's text as the editor sent it.
  function previewBody(text, newPage) {
    return "{\"config\":" + (text || "null") + ",\"page\":" + JSON.stringify(newPage) + ",\"family\":" + JSON.stringify(boot.family || null) + "}";
  }
  function render(seq, newPage) {
    var ticket = ++latest;
    var pageChanged = newPage !== editorPage;
    var config = lastConfig;
    var keys = renderable(config, newPage);
    if (keys) {
      var style = pending.style;
      postJson(base + "/_preview", sectionsBody(config, keys)).then(function (r) {
        if (ticket !== latest) return;
        var placed = r.ok ? swapSections(r.data.sections || {}) : null;
        if (!placed) { pending = null; render(seq, newPage); return; }
        if (style) restyle(r.data.css, r.data.fonts);
        // Everything pending went with this request (a later change would have a later ticket).
        pending = { sections: {}, style: false };
        if (seq !== undefined) send({ type: "storeloom:rendered", seq: seq });
        initSections(placed);
      }).catch(function () { /* the next message renders again */ });
      return;
    }
    postJson(base + "/_preview", previewBody(lastConfigText, newPage)).then(function (r) {
      if (ticket !== latest || !r.ok) {
        if (!r.ok && seq !== undefined) send({ type: "storeloom:rendered", seq: seq, error: (r.data.messages || []).join(" ") });
        return;
      }
      pending = { sections: {}, style: false };
      var y = window.scrollY;
      editorPage = newPage;
      kind = r.data.kind;
      sample = r.data.product || sample;
      if (kind === "product") product = sample;
      document.getElementById("sl-app").innerHTML = r.data.html;
      restyle(r.data.css, r.data.fonts);
      document.body.className = r.data.family + " page-" + kind + " sl-preview";
      initAll();
      window.scrollTo(0, pageChanged ? 0 : y);
      if (seq !== undefined) send({ type: "storeloom:rendered", seq: seq });
    }).catch(function () { /* the next message renders again */ });
  }
  // A config arrived: what it changed since the last one joins what is pending.
  function received(msg) {
    var named = Array.isArray(msg.sections) && msg.sections.every(function (k) { return typeof k === "string"; });
    if (!named || !pending) { pending = null; return; }
    msg.sections.forEach(function (k) { pending.sections[k] = true; });
    if (msg.style === true) pending.style = true;
  }
  // Who else edits a section in the admin's live session: its outline and "Minh is editing",
  // as style rules by section key, so they hold whatever renders the section again.
  function cssString(text) { return "\"" + String(text).replace(/[\\"]/g, "\\$&").replace(/[\n\r\f]/g, " ") + "\""; }
  function showEditing(sections) {
    var css = Object.keys(sections).filter(function (k) { return typeof sections[k] === "string"; }).map(function (key) {
      var sel = "#sl-app [data-section-key=" + cssString(key) + "]";
      return sel + "{outline:2px solid #f08c00;outline-offset:-2px" + (key === "header" ? "" : ";position:relative") + "}" +
        sel + "::after{content:" + cssString(sections[key]) + ";position:absolute;top:0;right:0;z-index:60;background:#f08c00;color:#fff;" +
        "font:600 12px/1.6 system-ui,sans-serif;padding:0 8px;border-radius:0 0 0 6px;pointer-events:none}";
    }).join("");
    var el = document.getElementById("sl-editing");
    if (!el) { el = document.createElement("style"); el.id = "sl-editing"; document.head.appendChild(el); }
    el.textContent = css;
  }
  window.addEventListener("message", function (e) {
    if (e.origin !== adminOrigin || e.source !== window.parent) return;
    var msg = e.data;
    if (!msg || typeof msg !== "object" || typeof msg.type !== "string") return;
    if (runtime && (msg.type === "storeloom:config" || msg.type === "storeloom:page")) {
      // The preview runtime listens to these itself.
      return;
    } else if (msg.type === "storeloom:config" && typeof msg.configJson === "string") {
      // The editor's config as JSON text: parsed here once, sent on as it is.
      var parsed = null;
      try { parsed = JSON.parse(msg.configJson); } catch (x) { return; }
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return;
      lastConfig = parsed;
      lastConfigText = msg.configJson;
      received(msg);
      render(msg.seq, editorPage);
    } else if (msg.type === "storeloom:config" && msg.config && typeof msg.config === "object") {
      lastConfig = msg.config;
      lastConfigText = JSON.stringify(msg.config);
      received(msg);
      render(msg.seq, editorPage);
    } else if (msg.type === "storeloom:page" && ["homepage", "product", "cart", "order", "category"].indexOf(msg.page) >= 0) {
      render(undefined, msg.page);
    } else if (msg.type === "storeloom:scroll" && typeof msg.section === "string") {
      var el = document.querySelector("[data-section-key=\"" + (window.CSS && CSS.escape ? CSS.escape(msg.section) : msg.section) + "\"]");
      if (el) {
        el.scrollIntoView({ behavior: "smooth", block: "start" });
        el.classList.add("sl-flash");
        setTimeout(function () { el.classList.remove("sl-flash"); }, 1500);
      }
    } else if (msg.type === "storeloom:device" && (msg.device === "mobile" || msg.device === "desktop")) {
      document.documentElement.setAttribute("data-device", msg.device);
    } else if (msg.type === "storeloom:presence" && msg.sections && typeof msg.sections === "object") {
      showEditing(msg.sections);
    }
  });
  document.addEventListener("click", function (e) {
    var link = e.target.closest("a[href]");
    if (link) e.preventDefault();
    var sec = e.target.closest("[data-section-key]");
    if (sec) send({ type: "storeloom:select", section: sec.getAttribute("data-section-key"), page: editorPage });
  }, true);
  document.addEventListener("submit", function (e) { e.preventDefault(); }, true);
  // The preview runtime put new elements in place: their behaviour starts here.
  document.addEventListener("storeloom:placed", function (e) {
    var d = e.detail || {};
    if (d.whole) {
      editorPage = d.page || editorPage;
      kind = d.kind || kind;
      sample = d.product || sample;
      if (kind === "product") product = sample;
      initAll();
    } else {
      var placed = {};
      (d.keys || []).forEach(function (k) { var el = shownSection(k); if (el) placed[k] = el; });
      initSections(placed);
    }
  });
  // The frame's page, store.css, store.js, the runtime and the catalog snapshot, kept for
  // offline use by a worker that answers the preview's requests only.
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(base + "/_preview/sw.js?token=" + encodeURIComponent(previewToken), { scope: base + "/" }).catch(function () { /* kept or not, the preview works */ });
  }
  // The runtime and the snapshot of what the pages show besides the config (fetched once; the
  // worker keeps it and serves the kept copy offline).
  function loadRuntime() {
    var snapshot = fetch(base + "/_preview/catalog", { headers: { accept: "application/json", "x-preview-token": previewToken } })
      .then(function (r) { if (!r.ok) throw new Error("catalog " + r.status); return r.text(); });
    return Promise.all([import(RUNTIME_URL), snapshot]).then(function (got) {
      var mod = got[0];
      return mod.default().then(function () {
        mod.start(got[1], adminOrigin, editorPage);
        runtime = mod;
        document.documentElement.setAttribute("data-preview-runtime", "wasm");
      });
    });
  }
  loadRuntime()
    .catch(function () { runtimeWanted = false; document.documentElement.setAttribute("data-preview-runtime", "server"); })
    .then(function () { send({ type: "storeloom:ready", page: editorPage }); });
})();
