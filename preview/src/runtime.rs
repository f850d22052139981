//! The preview frame's side in the browser: it listens to the editor's messages and keeps its
//! own copy of the document in the core's `ThemeEditor`: the whole config at start and on a
//! resync (`storeloom:config`, the spec's message), then the editor's command stream
//! (`storeloom:commands`), run with the core's reducer. It renders the document at once when
//! nothing was rendered since the last animation frame, else at the next one (several messages
//! in one frame make one render), only the sections and style
//! the commands touched, and puts the result in the DOM; then it tells the storefront script to
//! start the new elements' behaviour (`storeloom:placed`) and, once the frame has painted, the
//! editor that the document is shown, with its fingerprint (`storeloom:rendered`). Commands that
//! do not follow the copy it holds (a message lost or out of order, a reloaded frame) are not
//! run: it answers `storeloom:resync` with its fingerprint, and the editor sends the document.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use core_wasm::storefront::preview::{self, Snapshot};
use core_wasm::storefront::{Family, View};
use core_wasm::theme::{self, ThemeDoc, ThemeEditor};
use gloo_events::EventListener;
use gloo_render::{AnimationFrame, request_animation_frame};
use serde_json::{Value, json};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{CustomEvent, CustomEventInit, Element, HtmlTemplateElement, MessageEvent, Node};

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
    /// The frame's copy of the editor's document, and the sequence number of the last message
    /// that changed it (to acknowledge).
    doc: Option<ThemeEditor>,
    seq: Option<f64>,
    pending: Pending,
    /// The next animation frame, while one is asked for; the last one's handle otherwise.
    frame: Option<AnimationFrame>,
    scheduled: bool,
    /// A render was made in a message's task since the last animation frame: the next message
    /// waits for the next frame (at most one render between two frames, and one in each).
    rendered_in_frame: bool,
    /// The animation frame after such a render, while one is asked for, with the answers it
    /// sends once that render has been painted.
    after: Option<AnimationFrame>,
    after_scheduled: bool,
    answers: Vec<Value>,
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
        doc: None,
        seq: None,
        // The page shown was rendered by the server with the saved config: the first config
        // renders it all.
        pending: Pending::Whole,
        frame: None,
        scheduled: false,
        rendered_in_frame: false,
        after: None,
        after_scheduled: false,
        answers: Vec::new(),
    }));
    let window = gloo_utils::window();
    let listening = Rc::clone(&state);
    EventListener::new(&window, "message", move |event| {
        if let Some(event) = event.dyn_ref::<MessageEvent>() {
            received(&listening, event);
        }
    })
    .forget();
    // The editor's fast path: the same messages, handed over by a call in the keystroke's own
    // task (the editor's page shares this frame's origin and thread), so that the edit is
    // rendered before the editor's next frame is painted. A message's task would wait for that
    // frame (the browser paints after an input first).
    let direct = Closure::<dyn Fn(JsValue)>::new(move |data: JsValue| handle(&state, &data));
    js_sys::Reflect::set(
        &window,
        &JsValue::from_str("storeloomPreview"),
        direct.as_ref(),
    )
    .map_err(|_| JsError::new("the preview's entry point could not be set"))?;
    direct.forget();
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
    let rt = state.borrow_mut();
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
    drop(rt);
    handle(state, &event.data());
}

/// Handles a message of the editor (checked to be the editor's, or handed over by its call).
fn handle(state: &Rc<RefCell<Runtime>>, data: &JsValue) {
    let data = data.clone();
    let mut rt = state.borrow_mut();
    match field(&data, "type").as_string().as_deref() {
        Some("storeloom:config") => {
            let Some(doc) = config_of(&data).and_then(|config| ThemeDoc::from_value(config).ok())
            else {
                return;
            };
            // The editor's fingerprint of the document when it sends one (then its commands
            // follow this copy), else the copy's own.
            let print = field(&data, "fingerprint")
                .as_string()
                .as_deref()
                .and_then(theme::parse_fingerprint);
            rt.doc = Some(match print {
                Some(print) => ThemeEditor::with_fingerprint(doc, print),
                None => ThemeEditor::new(doc),
            });
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
        Some("storeloom:commands") => {
            let seq = field(&data, "seq").as_f64();
            match run_commands(&mut rt, &data) {
                Some(change) => {
                    rt.seq = seq;
                    match change {
                        Some(change) => rt
                            .pending
                            .add(Some(change.sections.as_slice()), change.style),
                        None => rt.pending.add(None, false),
                    }
                }
                None => {
                    let print = rt
                        .doc
                        .as_ref()
                        .map(|doc| theme::fingerprint_text(doc.fingerprint()));
                    post(
                        &json!({"type": "storeloom:resync", "seq": seq, "fingerprint": print}),
                        &rt.admin_origin,
                    );
                    return;
                }
            }
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
    if rt.scheduled {
        return;
    }
    if !rt.rendered_in_frame {
        // Nothing rendered since the last frame: render now, in this message's task, so that
        // the next paint shows the edit (a keystroke reaches the screen a frame sooner than
        // through an animation frame).
        drop(rt);
        render(state, false);
        return;
    }
    rt.scheduled = true;
    let state = Rc::clone(state);
    // The previous frame's handle (already run) is dropped here.
    rt.frame = Some(request_animation_frame(move |_| render(&state, true)));
}

/// The animation frame after a render made in a message's task: later messages render in
/// frames again, and the render's answers go (handled once the frame has been painted).
fn after_frame(state: &Rc<RefCell<Runtime>>) {
    let mut rt = state.borrow_mut();
    rt.after_scheduled = false;
    rt.rendered_in_frame = false;
    let answers = std::mem::take(&mut rt.answers);
    let admin_origin = rt.admin_origin.clone();
    drop(rt);
    // Posted from the animation frame: the editor's page handles them in a task after this
    // frame's rendering, its paint included.
    for answer in &answers {
        post(answer, &admin_origin);
    }
}

/// Runs the steps of a `storeloom:commands` message (`ops`, JSON text) on the frame's copy when
/// they follow it (`from` is its fingerprint). Answers what they changed for the preview (`None`
/// inside: the whole page), or `None` when they do not follow the copy or one of them fails.
fn run_commands(
    rt: &mut Runtime,
    data: &JsValue,
) -> Option<Option<shared_types::theme::PreviewChange>> {
    let doc = rt.doc.as_mut()?;
    let from = field(data, "from").as_string()?;
    if theme::parse_fingerprint(&from)? != doc.fingerprint() {
        return None;
    }
    let ops: Vec<Value> = serde_json::from_str(&field(data, "ops").as_string()?).ok()?;
    let mut paths = Vec::new();
    for op in ops {
        let change = theme::parse_op(op).and_then(|op| doc.run(op)).ok()?;
        paths.extend(change.paths);
    }
    Some(theme::preview_change(&paths))
}

/// Renders what is pending with the frame's document and puts it in place: in an animation
/// frame (`in_frame`), or in a message's task when none was rendered since the last frame.
fn render(state: &Rc<RefCell<Runtime>>, in_frame: bool) {
    mark("storeloom:frame");
    let mut guard = state.borrow_mut();
    let rt = &mut *guard;
    rt.scheduled = false;
    // Before the first config there is nothing to render: the page stays as the server drew it.
    let Some(doc) = rt.doc.as_ref() else {
        return;
    };
    let config = doc.doc().value();
    let print = theme::fingerprint_text(doc.fingerprint());
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
            json!({"type": "storeloom:rendered", "seq": seq, "fingerprint": print})
        }
        Err(error) => {
            json!({"type": "storeloom:rendered", "seq": seq, "fingerprint": print, "error": error})
        }
    };
    if !in_frame {
        rt.rendered_in_frame = true;
        if seq.is_some() {
            rt.answers.push(answer);
        }
        if !rt.after_scheduled {
            rt.after_scheduled = true;
            let state = Rc::clone(state);
            // The previous one's handle (already run) is dropped here.
            rt.after = Some(request_animation_frame(move |_| after_frame(&state)));
        }
        return;
    }
    drop(guard);
    if seq.is_none() {
        return;
    }
    // Posted from the animation frame: the editor hears of the render in a task after this
    // frame's rendering, its paint included.
    post(&answer, &admin_origin);
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

/// The class the storefront's script gives a section chosen in the editor for a moment.
const FLASH: &str = " sl-flash";

/// The texts of `shown` that differ from `fresh`'s, when the two trees differ in nothing else
/// (the same elements, attributes and comments); `None` otherwise. The storefront's script may
/// have changed a shown section (a slide's class), and then it differs in more than text.
fn text_changes(
    shown: &Node,
    fresh: &Node,
    changes: &mut Vec<(Node, Option<String>)>,
) -> Option<()> {
    if shown.node_type() != fresh.node_type() || shown.node_name() != fresh.node_name() {
        return None;
    }
    let text = fresh.node_value();
    if shown.node_value() != text {
        (shown.node_type() == Node::TEXT_NODE).then_some(())?;
        changes.push((shown.clone(), text));
    }
    if let (Some(a), Some(b)) = (shown.dyn_ref::<Element>(), fresh.dyn_ref::<Element>()) {
        let names = a.get_attribute_names();
        (names.length() == b.get_attribute_names().length()).then_some(())?;
        for name in names.iter() {
            let name = name.as_string()?;
            let shown = a.get_attribute(&name);
            let shown = match shown.as_deref() {
                // The storefront script's mark of the section chosen in the editor is not the
                // render's: it stays.
                Some(class) if name == "class" => Some(class.replace(FLASH, "")),
                _ => shown,
            };
            (shown == b.get_attribute(&name)).then_some(())?;
        }
    }
    let (a, b) = (shown.child_nodes(), fresh.child_nodes());
    (a.length() == b.length()).then_some(())?;
    for i in 0..a.length() {
        text_changes(&a.item(i)?, &b.item(i)?, changes)?;
    }
    Some(())
}

/// Renders some sections and maybe the stylesheet, and puts them in place of the shown ones;
/// nothing changes when one of them does not fit. A section whose new render differs only in
/// its texts keeps its elements and gets the new texts (typing in a heading then costs the
/// browser that text's layout and paint, not the section's); the others are replaced, and only
/// they are named to the storefront's script, which starts their behaviour.
fn parts(view: &View, page: &str, keys: Vec<String>, style: bool) -> Result<Placed, String> {
    let shown = shown_sections();
    let html = if keys.is_empty() {
        serde_json::Map::new()
    } else {
        preview::sections(view, page, &keys)?
    };
    let mut swaps = Vec::with_capacity(keys.len());
    let mut texts = Vec::new();
    let mut replaced = Vec::with_capacity(keys.len());
    for key in &keys {
        let old = shown
            .get(key)
            .ok_or_else(|| format!("{key} is not shown"))?;
        let text = html
            .get(key)
            .and_then(Value::as_str)
            .ok_or_else(|| format!("{key} did not render"))?;
        let new = element_of(text)?;
        let mut changes = Vec::new();
        if text_changes(old, &new, &mut changes).is_some() {
            texts.append(&mut changes);
        } else {
            swaps.push((old, new));
            replaced.push(key.clone());
        }
    }
    for (node, text) in &texts {
        node.set_node_value(text.as_deref());
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
        keys: replaced,
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
    // The preview's sample cart has no discount code nor address: the totals under the
    // shipping settings, tax said in words.
    let amounts: Vec<i64> = lines.iter().map(|l| l.price_minor * l.quantity).collect();
    let totals = core_wasm::storefront::plain_totals(view, &amounts);
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
