//! Slideshow (`head-image`).

#[allow(unused_imports)]
use crate::storefront::prelude::*;

pub(crate) fn slides(view: &View, list_value: &[Node], class: &str, eager: bool) -> String {
    let mut out = format!("<div class=\"slides {class}\">");
    for (i, node) in list_value.iter().enumerate() {
        let slide = node.value;
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
                match text(slide, "media") {
                    "" => heading_text,
                    described => described,
                },
                1600,
                700,
                eager && i == 0
            )
        );
        if !heading_text.is_empty() {
            let _ = write!(
                out,
                "<h2 style=\"color:{}\">{}</h2>",
                node.colour("heading.color"),
                esc(heading_text)
            );
        }
        let sub = text(slide, "subHeading.content");
        if !sub.is_empty() {
            let _ = write!(
                out,
                "<p style=\"color:{}\">{}</p>",
                node.colour("subHeading.color"),
                esc(sub)
            );
        }
        let label = text(slide, "buttonLabel.title");
        if !label.is_empty() {
            let _ = write!(
                out,
                "<a class=\"btn\" href=\"{}\" style=\"color:{};background:{}\">{}</a>",
                esc(&view.href(get(slide, "urlButton"))),
                node.colour("buttonLabel.color"),
                node.colour("buttonLabel.background"),
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

pub(crate) fn slideshow(view: &View, key: &str, node: &Node) -> String {
    let opacity = node.number("opacity_image") / 100.0;
    let every = node.number("change_slides_every");
    let mut out = format!(
        "<section class=\"sec slideshow{}\" data-section-key=\"{}\" data-section-type=\"head-image\" data-interval=\"{every}\" style=\"--shade:{opacity}\">",
        if node.flag("show_content") {
            ""
        } else {
            " no-content"
        },
        esc(key)
    );
    let desktop = node.items("content.desktop");
    let mobile = node.items("content.mobile");
    out.push_str(&slides(view, &desktop, "slides-d", true));
    out.push_str(&slides(
        view,
        if mobile.is_empty() { &desktop } else { &mobile },
        "slides-m",
        true,
    ));
    out.push_str("</section>");
    out
}
