//! Product feeds for shopping channels: a store's products as CSV or as RSS 2.0 XML with the
//! `g:` fields the channels read, prices in the store's currency.

use shared_types::catalog::Product;

use crate::reports::defused;

/// Plain text of a product's HTML description, for the feed.
fn plain(html: &str) -> String {
    let cleaned = ammonia::Builder::empty().clean(html).to_string();
    cleaned.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn availability(product: &Product) -> &'static str {
    let stocked = product.variants.is_empty() || product.variants.iter().any(|v| v.stock > 0);
    if stocked { "in stock" } else { "out of stock" }
}

/// A feed's CSV field: always quoted, a formula defused as in every export.
fn csv_field(value: &str) -> String {
    format!("\"{}\"", defused(value).replace('"', "\"\""))
}

/// The feed as CSV: one row per product, prices in `currency`.
pub fn csv(base: &str, currency: &str, products: &[Product]) -> String {
    let mut out =
        String::from("id,title,description,link,image_link,price,sale_price,availability\n");
    for p in products {
        let (price, sale) = match p.compare_at_price {
            Some(compare) if compare > p.price => (compare, format!("{:.2} {currency}", p.price)),
            _ => (p.price, String::new()),
        };
        let fields = [
            p.id.clone(),
            p.title.clone(),
            plain(&p.description_html),
            format!("{base}/products/{}", p.handle),
            p.images.first().map(|i| i.src.clone()).unwrap_or_default(),
            format!("{price:.2} {currency}"),
            sale,
            availability(p).to_owned(),
        ];
        let row: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
        out.push_str(&row.join(","));
        out.push('\n');
    }
    out
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

/// The feed as RSS 2.0 with the `g:` fields shopping channels read, prices in `currency`.
pub fn xml(name: &str, base: &str, currency: &str, products: &[Product]) -> String {
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" xmlns:g=\"http://base.google.com/ns/1.0\">\n<channel>\n<title>{}</title>\n<link>{}</link>\n",
        escape(name),
        escape(base)
    );
    for p in products {
        out.push_str("<item>\n");
        out.push_str(&format!("<g:id>{}</g:id>\n", escape(&p.id)));
        out.push_str(&format!("<title>{}</title>\n", escape(&p.title)));
        out.push_str(&format!(
            "<description>{}</description>\n",
            escape(&plain(&p.description_html))
        ));
        out.push_str(&format!(
            "<link>{}</link>\n",
            escape(&format!("{base}/products/{}", p.handle))
        ));
        if let Some(image) = p.images.first() {
            out.push_str(&format!(
                "<g:image_link>{}</g:image_link>\n",
                escape(&image.src)
            ));
        }
        match p.compare_at_price {
            Some(compare) if compare > p.price => {
                out.push_str(&format!("<g:price>{compare:.2} {currency}</g:price>\n"));
                out.push_str(&format!(
                    "<g:sale_price>{:.2} {currency}</g:sale_price>\n",
                    p.price
                ));
            }
            _ => out.push_str(&format!("<g:price>{:.2} {currency}</g:price>\n", p.price)),
        }
        out.push_str(&format!(
            "<g:availability>{}</g:availability>\n",
            availability(p)
        ));
        out.push_str("</item>\n");
    }
    out.push_str("</channel>\n</rss>\n");
    out
}
