//! Product feeds for shopping channels: a store's catalog (all active products, or one
//! collection's) at a public address, as CSV or as RSS 2.0 XML with the `g:` fields shopping
//! channels read. The address carries the feed's random id; no sign-in.

use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use shared_types::ApiErrorBody;
use shared_types::catalog::Product;
use shared_types::records::{Catalog, ProductFeed};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::db::catalog::{ProductQuery, query_products};
use crate::error::ApiError;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(public_feed))
}

/// The most products one feed lists.
const FEED_MAX_PRODUCTS: u32 = 5000;

async fn record<K: serde::de::DeserializeOwned>(
    state: &AppState,
    kind: &str,
    id: &str,
    store_id: Option<&str>,
) -> Result<(String, K), ApiError> {
    let (store, data) = crate::db::records::find(&state.db, kind, id, store_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok((
        store,
        serde_json::from_str(&data).map_err(ApiError::internal)?,
    ))
}

/// A product feed: `text/csv` or `application/rss+xml`, cacheable for ten minutes.
#[utoipa::path(get, path = "/public/feeds/{id}", tag = "storefront",
    params(("id" = String, Path, description = "The feed's id")),
    responses((status = 200, description = "The feed, as CSV or RSS XML", content_type = "text/csv"), (status = 404, body = ApiErrorBody)))]
async fn public_feed(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let (store_id, feed): (String, ProductFeed) =
        record(&state, "product-feeds", &id, None).await?;
    let (_, catalog): (String, Catalog) =
        record(&state, "catalogs", &feed.catalog_id, Some(&store_id)).await?;
    let (subdomain, enabled) = crate::db::stores::subdomain_enabled(&state.db, &store_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    if !enabled {
        return Err(ApiError::NotFound);
    }
    let handle = match catalog.collection_id.as_deref() {
        Some(collection) => {
            let handle =
                crate::db::catalog::collection_handle(&state.db, &store_id, collection).await?;
            Some(handle.ok_or(ApiError::NotFound)?)
        }
        None => None,
    };
    let mut products = Vec::new();
    let mut page = 1;
    loop {
        let list = query_products(
            &state.db,
            &store_id,
            &ProductQuery {
                page: Some(page),
                limit: Some(core_wasm::catalog::PAGE_LIMIT_MAX),
                chandle: handle.clone(),
                status: Some("active".to_owned()),
                ..ProductQuery::default()
            },
        )
        .await?;
        let done = list.products.len() < core_wasm::catalog::PAGE_LIMIT_MAX as usize;
        products.extend(list.products);
        if done || products.len() >= FEED_MAX_PRODUCTS as usize {
            break;
        }
        page += 1;
    }
    let base = format!(
        "{}/s/{subdomain}",
        state.config.public_url.trim_end_matches('/')
    );
    let (body, content_type) = if feed.format == "xml" {
        (
            xml(&catalog.name, &base, &products),
            "application/rss+xml; charset=utf-8",
        )
    } else {
        (csv(&base, &products), "text/csv; charset=utf-8")
    };
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=600"),
    );
    Ok(response)
}

/// Plain text of a product's HTML description, for the feed.
fn plain(html: &str) -> String {
    let cleaned = ammonia::Builder::empty().clean(html).to_string();
    cleaned.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn availability(product: &Product) -> &'static str {
    let stocked = product.variants.is_empty() || product.variants.iter().any(|v| v.stock > 0);
    if stocked { "in stock" } else { "out of stock" }
}

fn csv_field(value: &str) -> String {
    // A leading = + - @ would be read as a formula by spreadsheets.
    let value = if value.starts_with(['=', '+', '-', '@']) {
        format!("'{value}")
    } else {
        value.to_owned()
    };
    format!("\"{}\"", value.replace('"', "\"\""))
}

fn csv(base: &str, products: &[Product]) -> String {
    let mut out =
        String::from("id,title,description,link,image_link,price,sale_price,availability\n");
    for p in products {
        let (price, sale) = match p.compare_at_price {
            Some(compare) if compare > p.price => (compare, format!("{:.2} USD", p.price)),
            _ => (p.price, String::new()),
        };
        let fields = [
            p.id.clone(),
            p.title.clone(),
            plain(&p.description_html),
            format!("{base}/products/{}", p.handle),
            p.images.first().map(|i| i.src.clone()).unwrap_or_default(),
            format!("{price:.2} USD"),
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

fn xml(name: &str, base: &str, products: &[Product]) -> String {
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
                out.push_str(&format!("<g:price>{compare:.2} USD</g:price>\n"));
                out.push_str(&format!(
                    "<g:sale_price>{:.2} USD</g:sale_price>\n",
                    p.price
                ));
            }
            _ => out.push_str(&format!("<g:price>{:.2} USD</g:price>\n", p.price)),
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
