//! The product page (spec §3.4 product settings).

use crate::personalize::TextField;
use crate::records::RatingSummary;
#[allow(unused_imports)]
use crate::storefront::prelude::*;
use crate::storefront::variants::{VariantPicker, first_choice, variant_picker};

pub(crate) fn product_page(view: &View, product: &Product, fields: &[TextField]) -> String {
    let product_settings = view.settings("product");
    let ps = product_settings.value;
    let mut out = String::from(
        "<section class=\"sec product wrap\" data-section-key=\"product\" data-section-type=\"product\">",
    );
    let below = text(ps, "position_tab_detail") == "below";
    let _ = write!(
        out,
        "<div class=\"pdp{}\">",
        if below { " tabs-below" } else { "" }
    );
    // Gallery.
    let zoom = product_settings.flag("enable_image_zoom");
    let _ = write!(
        out,
        "<div class=\"gallery{}\" data-gallery>",
        if zoom { " zoom" } else { "" }
    );
    let first = product.images.first();
    // The main picture says what its alternative text says, or the product's title.
    let alt = first
        .map(|i| i.alt.trim())
        .filter(|alt| !alt.is_empty())
        .unwrap_or(&product.title);
    let _ = write!(
        out,
        "<div class=\"ph sq main-img\">{}</div>",
        img(first.map_or("", |i| i.src.as_str()), alt, 800, 800, true)
    );
    if product.images.len() > 1 && product_settings.flag("isShowImageMobile") {
        out.push_str("<div class=\"thumbs\">");
        for (i, image) in product.images.iter().enumerate() {
            let _ = write!(
                out,
                "<button type=\"button\" class=\"thumb\" data-thumb=\"{}\" aria-label=\"Image {}\">{}</button>",
                esc(&image.src),
                i + 1,
                img(&image.src, "", 96, 96, false)
            );
        }
        out.push_str("</div>");
    }
    out.push_str("</div><div class=\"info\">");
    if product_settings.flag("show_collection")
        && let Some(collection) = view
            .catalog
            .collections
            .iter()
            .find(|c| c.product_ids.contains(&product.id))
    {
        let _ = write!(
            out,
            "<a class=\"crumb\" href=\"{}/collections/{}\">{}</a>",
            esc(view.base()),
            esc(&slug_path(&collection.handle)),
            esc(&collection.title)
        );
    }
    let _ = write!(
        out,
        "<h1 class=\"p-title clamp-detail\">{}</h1>",
        esc(&product.title)
    );
    // Stars only from the Product Reviews app's published reviews of this product.
    if product_settings.flag("productRating")
        && !product_settings.flag("hideReviewSizes")
        && let Some(rating) = view.catalog.rating(&product.id)
    {
        out.push_str(&rating_line(rating));
    }
    let picker = variant_picker(product);
    let chosen = first_choice(product);
    let variant = chosen.and_then(|i| product.variants.get(i));
    let price = variant.map_or(product.price, |v| v.price);
    let compare = variant
        .and_then(|v| v.compare_at_price)
        .or(product.compare_at_price)
        .filter(|c| *c > price);
    let _ = write!(
        out,
        "<div class=\"price big\"><span class=\"now\" data-price>{}</span>",
        esc(&view.money(price))
    );
    match compare {
        Some(c) => {
            let _ = write!(
                out,
                "<s class=\"was\" data-compare>{}</s>",
                esc(&view.money(c))
            );
            let percent = text(ps, "layout.sale_type") != "amount";
            let label = if percent {
                format!("-{}%", percent_off(c, price))
            } else {
                format!("Save {}", view.money(saving(c, price)))
            };
            let _ = write!(out, "<span class=\"tag\" data-sale>{}</span>", esc(&label));
            if product_settings.flag("layout.show_price_saving") {
                let _ = write!(
                    out,
                    "<span class=\"saving\" data-saving>You save {}</span>",
                    esc(&view.money(saving(c, price)))
                );
            }
        }
        None => out.push_str(
            "<s class=\"was\" data-compare hidden></s><span class=\"tag\" data-sale hidden></span>",
        ),
    }
    out.push_str("</div>");
    // Variants: one picker per option; the form carries the picker's table for the script.
    let one_value_hidden =
        product_settings.flag("options_setting.hidden_one_value") && product.variants.len() <= 1;
    let dropdown = text(ps, "layout.variant_style") == "dropdown"
        || !product_settings.flag("layout.variant_buttons");
    let table = serde_json::to_string(&serde_json::json!({
        "positions": picker.positions,
        "next": picker.next,
    }))
    .unwrap_or_default();
    let _ = write!(
        out,
        "<form class=\"buy\" method=\"post\" data-buy data-picker=\"{}\">",
        esc(&table)
    );
    if !one_value_hidden {
        out.push_str(&option_pickers_html(
            &picker,
            chosen,
            dropdown,
            text(ps, "color_watch") == "Circle",
            product_settings.flag("show_label_variant"),
        ));
    }
    out.push_str(&personal_fields(fields));
    if let Some(v) = variant {
        let _ = write!(
            out,
            "<input type=\"hidden\" name=\"variant\" value=\"{}\" data-variant>",
            esc(&v.id)
        );
    }
    if product_settings.flag("show_item_stock") {
        let stock = variant.map_or(0, |v| v.stock);
        let _ = write!(
            out,
            "<p class=\"stock\" data-stock>{}</p>",
            if stock <= 0 {
                "Sold out".to_owned()
            } else if stock < 10 {
                format!("Only {stock} left in stock")
            } else {
                "In stock".to_owned()
            }
        );
    }
    if !product_settings.flag("hideHurryBox")
        && variant.is_some_and(|v| v.stock > 0 && v.stock < 10)
    {
        out.push_str("<p class=\"hurry\">Hurry! Selling fast.</p>");
    }
    let same_line = product_settings.flag("show_qty.show_qty_same_line_button");
    let _ = write!(
        out,
        "<div class=\"actions{}\">",
        if same_line { " same-line" } else { "" }
    );
    if product_settings.flag("show_qty.show_qty_box") {
        out.push_str(
            "<div class=\"qty\"><button type=\"button\" aria-label=\"Fewer\" data-step=\"-1\">−</button>\
             <label class=\"sr\" for=\"qty\">Quantity</label><input id=\"qty\" name=\"quantity\" type=\"number\" min=\"1\" max=\"99\" value=\"1\" inputmode=\"numeric\">\
             <button type=\"button\" aria-label=\"More\" data-step=\"1\">+</button></div>",
        );
    }
    let sold_out = variant.is_none_or(|v| v.stock <= 0);
    if !product_settings.flag("hideAddToCart") {
        let _ = write!(
            out,
            "<button class=\"btn add\" type=\"submit\" data-add{}>{}</button>",
            if sold_out { " disabled" } else { "" },
            if sold_out { "Sold out" } else { "Add to cart" }
        );
    }
    let _ = write!(
        out,
        "<button class=\"btn buy-now\" type=\"button\" data-buy-now{}>Buy it now</button></div>",
        if sold_out { " disabled" } else { "" }
    );
    out.push_str("<p class=\"added\" role=\"status\" data-added hidden>Added to your cart. <a data-cart-href>View cart</a></p></form>");
    if !product_settings.flag("hideGuaranteed") {
        let _ = write!(
            out,
            "<p class=\"guarantee\">{} Guaranteed safe checkout</p>",
            icon("shield")
        );
    }
    if product_settings.flag("trust_badge.show_trust_badge_image") {
        let src = text(ps, "trust_badge.src.value");
        out.push_str(&trust_badge(src));
    }
    // Shipping and policy.
    if product_settings.flag("setting_shipping.show_shipping")
        || product_settings.flag("setting_shipping.show_policy")
    {
        let shipping = product_settings.at("setting_shipping");
        let sh = shipping.value;
        let _ = write!(
            out,
            "<div class=\"ship\"><h2>{}</h2>",
            esc(match text(sh, "title") {
                "" => "Shipping",
                t => t,
            })
        );
        if shipping.flag("show_shipping") {
            let from = shipping.number("time_shipping.from");
            let to = shipping.number("time_shipping.to");
            let _ = write!(
                out,
                "<p class=\"ship-time\">{} Delivered in {from}–{to} days</p>",
                icon("truck")
            );
            if shipping.flag("shipping_info.display") {
                let _ = write!(
                    out,
                    "<div class=\"rich\">{}</div>",
                    clean(&view.shop_text(text(sh, "shipping_info.content")))
                );
            }
        }
        if shipping.flag("show_policy") && shipping.flag("policy_info.display") {
            let _ = write!(
                out,
                "<div class=\"rich\">{}</div>",
                clean(&view.shop_text(text(sh, "policy_info.content")))
            );
        }
        out.push_str("</div>");
    }
    if product_settings.flag("tags.show_tags") && !product.tags.is_empty() {
        out.push_str("<p class=\"tags\">");
        for tag in &product.tags {
            let _ = write!(out, "<span>#{}</span> ", esc(tag));
        }
        out.push_str("</p>");
    }
    out.push_str("</div>");
    // Tabs.
    out.push_str("<div class=\"tabs\">");
    let tabs = list(ps, "tabs-detail");
    let default_tab = serde_json::json!([{"heading": "Description", "display": "description"}]);
    let tabs: &[Value] = if tabs.is_empty() {
        default_tab.as_array().map_or(&[], Vec::as_slice)
    } else {
        tabs
    };
    let show_desc =
        product_settings.flag("isShowDesDesktop") || product_settings.flag("isShowDesMobile");
    let tabs_node = product_settings.at("tabs-detail");
    for tab in tabs {
        let is_desc = text(tab, "display") == "description";
        if is_desc && !show_desc {
            continue;
        }
        let body = if is_desc {
            let mut b = clean(&product.description_html);
            for d in list(ps, "setting_description") {
                let _ = write!(
                    b,
                    "<h3>{}</h3>{}",
                    esc(text(d, "heading")),
                    clean(text(d, "content"))
                );
            }
            b
        } else {
            clean(text(tab, "content"))
        };
        let _ = write!(
            out,
            "<details class=\"tab\"{}><summary>{}</summary><div class=\"rich\">{body}</div></details>",
            if tabs_node.item(tab).flag("collapse_default") {
                ""
            } else {
                " open"
            },
            esc(text(tab, "heading"))
        );
    }
    out.push_str("</div></div>");
    if product_settings.flag("image_detail.isShow") {
        let _ = write!(
            out,
            "<a class=\"detail-banner\" href=\"{}\"><div class=\"ph wide\">{}</div></a>",
            esc(&view.href(get(ps, "image_detail.url"))),
            img(text(ps, "image_detail.image"), "", 1200, 300, false)
        );
    }
    // Related.
    let related: Vec<&Product> = view
        .catalog
        .products
        .iter()
        .filter(|p| p.id != product.id)
        .take(4)
        .collect();
    let _ = write!(
        out,
        "<div class=\"related\"><h2 class=\"sec-title\">{}</h2><div class=\"grid products\" style=\"--cols:4;--cols-m:2\">{}</div></div>",
        esc(match text(ps, "heading") {
            "" => "You may also like",
            h => h,
        }),
        cards(view, &related, true, &grid_card_sizes(view.family, 4.0))
    );
    if product_settings.flag("addToCartSticky") && !product_settings.flag("hideAddToCart") {
        let _ = write!(
            out,
            "<div class=\"sticky-cart\" data-sticky hidden><span class=\"clamp\">{}</span><span class=\"now\" data-price>{}</span>\
             <button class=\"btn add\" type=\"button\" data-sticky-add{}>Add to cart</button></div>",
            esc(&product.title),
            esc(&view.money(price)),
            if sold_out { " disabled" } else { "" }
        );
    }
    out.push_str("</section>");
    out
}

/// One labelled text input per personalization field of the product's set-up; the script sends
/// each `data-personal` value with the line.
pub(crate) fn personal_fields(fields: &[TextField]) -> String {
    let mut out = String::new();
    for f in fields {
        let _ = write!(
            out,
            "<p class=\"personal\"><label for=\"personal-{at}\">{}</label><input id=\"personal-{at}\" data-personal=\"{at}\" maxlength=\"{}\" autocomplete=\"off\"{}></p>",
            esc(&f.label),
            f.max_length,
            if f.required { " required" } else { "" },
            at = f.layer,
        );
    }
    out
}

/// The stars, average and count of a product's published reviews.
pub(crate) fn rating_line(rating: &RatingSummary) -> String {
    let full = usize::try_from(rating.stars()).unwrap_or(0).min(5);
    let stars = format!("{}{}", "★".repeat(full), "☆".repeat(5 - full));
    let count = format!(" ({})", rating.count_text());
    format!(
        "<div class=\"rating\" aria-label=\"Rated {avg} out of 5 by {count_text}\"><span class=\"stars\" aria-hidden=\"true\">{stars}</span> \
         <span class=\"muted\" data-rating>{avg}{count}</span></div>",
        avg = rating.average(),
        count_text = esc(&rating.count_text()),
        count = esc(&count),
    )
}

/// One picker per option: radio chips in a fieldset, or a select; a value that cannot be chosen
/// with the chosen variant's other values (missing or sold out) is disabled.
pub(crate) fn option_pickers_html(
    picker: &VariantPicker,
    chosen: Option<usize>,
    dropdown: bool,
    round: bool,
    show_label: bool,
) -> String {
    let mut out = String::new();
    for (i, option) in picker.options.iter().enumerate() {
        let current = chosen
            .and_then(|c| picker.positions.get(c))
            .and_then(|p| p.get(i).copied().flatten());
        let open = |k: usize| chosen.is_some_and(|c| picker.open(c, i, k));
        if dropdown {
            let _ = write!(
                out,
                "<label class=\"v-label\" for=\"option-{i}\">{}</label><select id=\"option-{i}\" name=\"option-{i}\" data-option=\"{i}\">",
                esc(&option.name)
            );
            for (k, value) in option.values.iter().enumerate() {
                let _ = write!(
                    out,
                    "<option value=\"{}\" data-value=\"{k}\"{}{}>{}</option>",
                    esc(value),
                    if current == Some(k) { " selected" } else { "" },
                    if open(k) { "" } else { " disabled" },
                    esc(value)
                );
            }
            out.push_str("</select>");
        } else {
            let _ = write!(
                out,
                "<fieldset class=\"variants{}\" data-option-group=\"{i}\"><legend class=\"v-label{}\">{}</legend>",
                if round { " round" } else { "" },
                if show_label { "" } else { " sr" },
                esc(&option.name)
            );
            for (k, value) in option.values.iter().enumerate() {
                let _ = write!(
                    out,
                    "<label class=\"chip{}\"><input type=\"radio\" name=\"option-{i}\" value=\"{}\" data-option=\"{i}\" data-value=\"{k}\"{}{}><span>{}</span></label>",
                    if open(k) { "" } else { " out" },
                    esc(value),
                    if current == Some(k) { " checked" } else { "" },
                    if open(k) { "" } else { " disabled" },
                    esc(value)
                );
            }
            out.push_str("</fieldset>");
        }
    }
    out
}

/// The trust badge: the seller's image, or (without one, or when it fails) a drawn badge.
pub(crate) fn trust_badge(src: &str) -> String {
    format!(
        "<div class=\"trust\">{}<span class=\"trust-alt{}\">{} <span>Secure checkout</span> {}{}{}</span></div>",
        img(src, "Secure payment", 400, 60, false),
        if image_src(src).is_some() {
            ""
        } else {
            " shown"
        },
        icon("shield"),
        payment_badge("visa"),
        payment_badge("mastercard"),
        payment_badge("paypal")
    )
}
