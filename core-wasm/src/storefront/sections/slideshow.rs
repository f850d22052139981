//! Slideshow (`head-image`).

#[allow(unused_imports)]
use crate::storefront::prelude::*;

pub(crate) fn slides(view: &View, list_value: &[Value], class: &str, eager: bool) -> String {
    let mut out = format!("<div class=\"slides {class}\">");
    for (i, slide) in list_value.iter().enumerate() {
        let position = match text(slide, "position") {
            "left" => "left",
            "right" => "right",
            _ => "center",
        };
        let heading_text = text(slide, "heading.content");
        let _ = write!(
            out,
            "<div class=\"slide pos-{position}{}\" data-slide=\"{i}\">{}<div class=\"slide-shade\"></div><div class=\"slide-body\" data-content>",
            if i == 0 { " on" } else { "" },
            img(
                text(slide, "image"),
                heading_text,
                1600,
                700,
                eager && i == 0
            )
        );
        if !heading_text.is_empty() {
            let _ = write!(
                out,
                "<h2 style=\"color:{}\">{}</h2>",
                colour(text(slide, "heading.color"), "#fff"),
                esc(heading_text)
            );
        }
        let sub = text(slide, "subHeading.content");
        if !sub.is_empty() {
            let _ = write!(
                out,
                "<p style=\"color:{}\">{}</p>",
                colour(text(slide, "subHeading.color"), "#fff"),
                esc(sub)
            );
        }
        let label = text(slide, "buttonLabel.title");
        if !label.is_empty() {
            let _ = write!(
                out,
                "<a class=\"btn\" href=\"{}\" style=\"color:{};background:{}\">{}</a>",
                esc(&view.href(get(slide, "urlButton"))),
                colour(text(slide, "buttonLabel.color"), "#fff"),
                colour(text(slide, "buttonLabel.background"), "#111"),
                esc(label)
            );
        }
        out.push_str("</div></div>");
    }
    if list_value.len() > 1 {
        out.push_str("<div class=\"dots\">");
        for i in 0..list_value.len() {
            let _ = write!(
                out,
                "<button type=\"button\" aria-label=\"Slide {}\" data-dot=\"{i}\"{}></button>",
                i + 1,
                if i == 0 { " aria-current=\"true\"" } else { "" }
            );
        }
        out.push_str("</div>");
    }
    out.push_str("</div>");
    out
}

pub(crate) fn slideshow(view: &View, key: &str, s: &Value) -> String {
    let opacity = number(s, "opacity_image", 50.0).clamp(0.0, 100.0) / 100.0;
    let every = number(s, "change_slides_every", 6.0).clamp(1.0, 60.0);
    let mut out = format!(
        "<section class=\"sec slideshow{}\" data-section-key=\"{}\" data-section-type=\"head-image\" data-interval=\"{every}\" style=\"--shade:{opacity}\">",
        if flag(s, "show_content", true) {
            ""
        } else {
            " no-content"
        },
        esc(key)
    );
    let desktop = list(s, "content.desktop");
    let mobile = list(s, "content.mobile");
    out.push_str(&slides(view, desktop, "slides-d", true));
    out.push_str(&slides(
        view,
        if mobile.is_empty() { desktop } else { mobile },
        "slides-m",
        true,
    ));
    out.push_str("</section>");
    out
}
