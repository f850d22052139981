//! The preview frame's side in the browser: it listens to the editor's messages, keeps the
//! latest config, renders it with the core at the next animation frame (several messages in one
//! frame make one render) and puts the result in the DOM; then it tells the storefront script
//! to start the new elements' behaviour (`storeloom:placed`) and, once the frame has painted,
//! the editor that the config is shown (`storeloom:rendered`).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use core_wasm::storefront::preview::{self, Snapshot};
use core_wasm::storefront::{Family, View};
use gloo_events::EventListener;
use gloo_render::{AnimationFrame, request_animation_frame};
use gloo_timers::callback::Timeout;
use serde_json::{Value, json};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{CustomEvent, CustomEventInit, Element, HtmlTemplateElement, MessageEvent};

use crate::plan::{self, Pending};

/// The runtime's state, shared by the message listener and the animation frame.
#[derive(Debug)]
struct Runtime {
    snapshot: Snapshot,
    /// The editor's origin: messages from elsewhere are ignored, answers go only there.
    admin_origin: String,
    /// The page the editor asked for, and the page shown now.
    page: String,
    shown: String,
    /// The latest config the editor sent, and its sequence number (to acknowledge).
    config: Option<Value>,
    seq: Option<f64>,
    pending: Pending,
    /// The next animation frame, while one is asked for; the last one's handle otherwise.
    frame: Option<AnimationFrame>,
    scheduled: bool,
}

/// What a render put in place, for the storefront script and the editor.
struct Placed {
    whole: bool,
    keys: Vec<String>,
    kind: String,
    family: String,
}

/// Starts the runtime: `snapshot` is the catalog snapshot's JSON (`GET {base}/_preview/catalog`),
/// `admin_origin` the editor's origin, `page` the page the frame shows now. The storefront
/// script calls it once, after loading this module.
#[wasm_bindgen]
pub fn start(snapshot: &str, admin_origin: &str, page: &str) -> Result<(), JsError> {
    let snapshot: Snapshot = serde_json::from_str(snapshot)
        .map_err(|e| JsError::new(&format!("The catalog snapshot does not read: {e}")))?;
    let state = Rc::new(RefCell::new(Runtime {
        snapshot,
        admin_origin: admin_origin.to_owned(),
        page: page.to_owned(),
        shown: page.to_owned(),
        config: None,
        seq: None,
        // The page shown was rendered by the server with the saved config: the first config
        // renders it all.
        pending: Pending::Whole,
        frame: None,
        scheduled: false,
    }));
    let window = gloo_utils::window();
    EventListener::new(&window, "message", move |event| {
        if let Some(event) = event.dyn_ref::<MessageEvent>() {
            received(&state, event);
        }
    })
    .forget();
    Ok(())
}

/// A field of a message's data.
fn field(data: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(data, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// The config of a `storeloom:config` message: its JSON text (`configJson`), or the object
/// (`config`) the older editors sent.
fn config_of(data: &JsValue) -> Option<Value> {
    let text = match field(data, "configJson").as_string() {
        Some(text) => text,
        None => {
            let object = field(data, "config");
            if !object.is_object() {
                return None;
            }
            js_sys::JSON::stringify(&object).ok()?.as_string()?
        }
    };
    match serde_json::from_str(&text) {
        Ok(config @ Value::Object(_)) => Some(config),
        _ => None,
    }
}

fn received(state: &Rc<RefCell<Runtime>>, event: &MessageEvent) {
    let mut rt = state.borrow_mut();
    if event.origin() != rt.admin_origin {
        return;
    }
    let parent = gloo_utils::window().parent().ok().flatten();
    let from_parent = match (event.source(), parent) {
        (Some(source), Some(parent)) => js_sys::Object::is(&source, &parent),
        _ => false,
    };
    if !from_parent {
        return;
    }
    let data = event.data();
    match field(&data, "type").as_string().as_deref() {
        Some("storeloom:config") => {
            let Some(config) = config_of(&data) else {
                return;
            };
            rt.config = Some(config);
            rt.seq = field(&data, "seq").as_f64();
            let sections = field(&data, "sections");
            let named: Option<Vec<String>> = if js_sys::Array::is_array(&sections) {
                js_sys::Array::from(&sections)
                    .iter()
                    .map(|k| k.as_string())
                    .collect()
            } else {
                None
            };
            let style = field(&data, "style").as_bool() == Some(true);
            rt.pending.add(named.as_deref(), style);
        }
        Some("storeloom:page") => {
            let Some(page) = field(&data, "page").as_string() else {
                return;
            };
            if !plan::known_page(&page) {
                return;
            }
            rt.page = page;
            rt.pending = Pending::Whole;
        }
        _ => return,
    }
    if !rt.scheduled {
        rt.scheduled = true;
        let state = Rc::clone(state);
        // The previous frame's handle (already run) is dropped here.
        rt.frame = Some(request_animation_frame(move |_| frame(&state)));
    }
}

/// One animation frame: renders what is pending with the latest config and puts it in place.
fn frame(state: &Rc<RefCell<Runtime>>) {
    mark("storeloom:frame");
    let mut guard = state.borrow_mut();
    let rt = &mut *guard;
    rt.scheduled = false;
    // Before the first config there is nothing to render: the page stays as the server drew it.
    let Some(config) = rt.config.as_ref() else {
        return;
    };
    let pending = std::mem::replace(&mut rt.pending, Pending::nothing());
    let seq = rt.seq.take();
    let view = View {
        shop: &rt.snapshot.shop,
        config,
        catalog: &rt.snapshot.catalog,
        family: Family::of(config),
        preview: true,
        year: rt.snapshot.year,
    };
    let alone = if rt.page == rt.shown {
        pending.alone(config, &rt.page)
    } else {
        None
    };
    let outcome = match alone {
        Some((keys, style)) => parts(&view, &rt.page, keys, style)
            .or_else(|_| whole(&view, &rt.page, &rt.shown, &rt.snapshot)),
        None => whole(&view, &rt.page, &rt.shown, &rt.snapshot),
    };
    let admin_origin = rt.admin_origin.clone();
    let answer = match outcome {
        Ok(placed) => {
            rt.shown.clone_from(&rt.page);
            placed_event(&placed, &rt.page, &rt.snapshot);
            mark("storeloom:placed");
            json!({"type": "storeloom:rendered", "seq": seq})
        }
        Err(error) => json!({"type": "storeloom:rendered", "seq": seq, "error": error}),
    };
    drop(guard);
    if seq.is_none() {
        return;
    }
    // From a task after this frame: the editor hears of the render once it has been painted.
    Timeout::new(0, move || post(&answer, &admin_origin)).forget();
}

/// A User Timing mark, for the editor's benchmark: when a frame's render started
/// (`storeloom:frame`) and when its elements were in place (`storeloom:placed`).
fn mark(name: &str) {
    if let Some(performance) = gloo_utils::window().performance() {
        let _ = performance.mark(name);
    }
}

/// Posts `message` to the editor.
fn post(message: &Value, admin_origin: &str) {
    let window = gloo_utils::window();
    if let (Ok(Some(parent)), Ok(message)) =
        (window.parent(), js_sys::JSON::parse(&message.to_string()))
    {
        let _ = parent.post_message(&message, admin_origin);
    }
}

/// The shown sections of `#sl-app`, by key.
fn shown_sections() -> HashMap<String, Element> {
    let mut shown = HashMap::new();
    let Ok(list) = gloo_utils::document().query_selector_all("#sl-app [data-section-key]") else {
        return shown;
    };
    for i in 0..list.length() {
        if let Some(el) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok())
            && let Some(key) = el.get_attribute("data-section-key")
        {
            shown.entry(key).or_insert(el);
        }
    }
    shown
}

/// The one element `html` makes.
fn element_of(html: &str) -> Result<Element, String> {
    let template: HtmlTemplateElement = gloo_utils::document()
        .create_element("template")
        .map_err(|_| "no template element".to_owned())?
        .unchecked_into();
    template.set_inner_html(html);
    let content = template.content();
    if content.child_element_count() != 1 {
        return Err("a section must render as one element".to_owned());
    }
    content
        .first_element_child()
        .ok_or_else(|| "a section rendered nothing".to_owned())
}

/// Renders some sections and maybe the stylesheet, and puts them in place of the shown ones;
/// nothing changes when one of them does not fit.
fn parts(view: &View, page: &str, keys: Vec<String>, style: bool) -> Result<Placed, String> {
    let shown = shown_sections();
    let html = if keys.is_empty() {
        serde_json::Map::new()
    } else {
        preview::sections(view, page, &keys)?
    };
    let mut swaps = Vec::with_capacity(keys.len());
    for key in &keys {
        let old = shown
            .get(key)
            .ok_or_else(|| format!("{key} is not shown"))?;
        let text = html
            .get(key)
            .and_then(Value::as_str)
            .ok_or_else(|| format!("{key} did not render"))?;
        swaps.push((old, element_of(text)?));
    }
    for (old, new) in &swaps {
        old.replace_with_with_node_1(new)
            .map_err(|_| "a section could not be replaced".to_owned())?;
    }
    if style {
        let (css, fonts) = preview::stylesheet(view.config);
        restyle(&css, &fonts);
    }
    Ok(Placed {
        whole: false,
        keys,
        kind: String::new(),
        family: view.family.class().to_owned(),
    })
}

/// Renders the whole page and puts it in `#sl-app`, with its stylesheet, fonts and body class;
/// the cart and order pages get their cart and summary views too.
fn whole(view: &View, page: &str, shown: &str, snapshot: &Snapshot) -> Result<Placed, String> {
    let rendered = preview::page(view, page, snapshot)?;
    let document = gloo_utils::document();
    let window = gloo_utils::window();
    let app = document
        .get_element_by_id("sl-app")
        .ok_or_else(|| "the page has no #sl-app".to_owned())?;
    let y = window.scroll_y().unwrap_or(0.0);
    app.set_inner_html(&rendered.html);
    restyle(&rendered.css, &rendered.fonts);
    gloo_utils::body().set_class_name(&format!(
        "{} page-{} sl-preview",
        rendered.family, rendered.kind
    ));
    let (lines, problems) = plan::cart(snapshot);
    // The preview's sample cart has no discount code: the totals under the shipping settings.
    let subtotal: i64 = lines.iter().map(|l| l.price_minor * l.quantity).sum();
    let totals = core_wasm::storefront::plain_totals(view, subtotal);
    if let Ok(Some(cart)) = app.query_selector("[data-cart-view]") {
        cart.set_inner_html(&core_wasm::storefront::cart_view(
            view, &lines, &problems, &totals, "",
        ));
    }
    if let Ok(Some(summary)) = app.query_selector("[data-summary]") {
        summary.set_inner_html(&core_wasm::storefront::summary_view(
            view, &lines, &totals, "",
        ));
    }
    window.scroll_to_with_x_and_y(0.0, if page == shown { y } else { 0.0 });
    Ok(Placed {
        whole: true,
        keys: Vec::new(),
        kind: rendered.kind.to_owned(),
        family: rendered.family.to_owned(),
    })
}

/// The theme's stylesheet and font links; links already as asked stay.
fn restyle(css: &str, fonts: &[String]) {
    let document = gloo_utils::document();
    if let Some(style) = document.get_element_by_id("sl-theme") {
        style.set_text_content(Some(css));
    }
    let Ok(links) = document.query_selector_all("link[data-font]") else {
        return;
    };
    let links: Vec<Element> = (0..links.length())
        .filter_map(|i| links.item(i).and_then(|n| n.dyn_into::<Element>().ok()))
        .collect();
    let same = links.len() == fonts.len()
        && links
            .iter()
            .zip(fonts)
            .all(|(link, url)| link.get_attribute("href").as_deref() == Some(url.as_str()));
    if same {
        return;
    }
    for link in links {
        link.remove();
    }
    let head = gloo_utils::head();
    for url in fonts {
        if let Ok(link) = document.create_element("link") {
            let _ = link.set_attribute("rel", "stylesheet");
            let _ = link.set_attribute("href", url);
            let _ = link.set_attribute("data-font", "");
            let _ = head.append_child(&link);
        }
    }
}

/// Tells the storefront script what was put in place (`storeloom:placed` on the document), so
/// that it starts the new elements' behaviour.
fn placed_event(placed: &Placed, page: &str, snapshot: &Snapshot) {
    let sample = &snapshot.sample;
    let detail = json!({
        "whole": placed.whole,
        "keys": placed.keys,
        "page": page,
        "kind": placed.kind,
        "family": placed.family,
        "product": {
            "id": sample.id,
            "variants": sample.variants.iter().map(|v| json!({
                "id": v.id, "price": v.price, "compareAtPrice": v.compare_at_price, "available": v.stock > 0
            })).collect::<Vec<_>>(),
        },
    });
    let Ok(detail) = js_sys::JSON::parse(&detail.to_string()) else {
        return;
    };
    let init = CustomEventInit::new();
    init.set_detail(&detail);
    if let Ok(event) = CustomEvent::new_with_event_init_dict("storeloom:placed", &init) {
        let _ = gloo_utils::document().dispatch_event(&event);
    }
}
