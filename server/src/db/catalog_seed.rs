//! The demo stores' content: products with pictures drawn here (JPEG photos, no network,
//! recorded as the store's uploads so that they are kept at widths like a merchant's), collections, header and footer menus, pages, customers, discounts and orders
//! spread over the last 90 days. Numbers come from a fixed-seed generator, so every seed is the
//! same. The full catalog is for the Demo Store at start-up; tests get the small one.

use std::path::Path;

use serde_json::json;
use sqlx::{Any, AnyPool, Transaction};

use super::uploads::write_file;
use super::{new_id, now_ms};

/// How much to seed.
#[derive(Debug, Clone, Copy)]
pub struct Size {
    pub products: usize,
    pub collections: usize,
    pub customers: usize,
    pub orders: usize,
}

/// The Demo Store's catalog at start-up.
pub const FULL: Size = Size {
    products: 64,
    collections: 8,
    customers: 60,
    orders: 320,
};

/// The small catalog: the seller's store, and the Demo Store in tests.
pub const SMALL: Size = Size {
    products: 8,
    collections: 3,
    customers: 6,
    orders: 16,
};

/// A small deterministic generator (a 64-bit linear congruential one).
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    /// A number in `0..n` (0 when `n` is 0).
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            usize::try_from(self.next()).unwrap_or(0) % n
        }
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const ADJECTIVES: [&str; 8] = [
    "Classic", "Linen", "Everyday", "Vintage", "Organic", "Cozy", "Urban", "Summer",
];

/// Product nouns with their collection tag and base price in cents.
const NOUNS: [(&str, &str, i64); 8] = [
    ("Shirt", "tops", 2900),
    ("Hoodie", "tops", 4900),
    ("Jeans", "bottoms", 5900),
    ("Sneakers", "shoes", 7900),
    ("Backpack", "bags", 6500),
    ("Scarf", "accessories", 1900),
    ("Mug", "home", 1500),
    ("Candle", "home", 2200),
];

/// Collections: (title, handle, tag or None for the hand-picked best sellers).
const COLLECTIONS: [(&str, &str, Option<&str>); 8] = [
    ("Best Sellers", "best-sellers", None),
    ("Tops", "tops", Some("tops")),
    ("Bottoms", "bottoms", Some("bottoms")),
    ("Shoes", "shoes", Some("shoes")),
    ("Bags", "bags", Some("bags")),
    ("Accessories", "accessories", Some("accessories")),
    ("Home", "home", Some("home")),
    ("Summer Edit", "summer", Some("summer")),
];

const COLOURS: [&str; 8] = [
    "#0f766e", "#b45309", "#1d4ed8", "#be123c", "#4d7c0f", "#7c3aed", "#0e7490", "#a16207",
];

/// The colours hoodies come in, the combinations not made and those sold out.
const HOODIE_COLOURS: [&str; 3] = ["Black", "White", "Sand"];
const HOODIE_NOT_MADE: [(&str, &str); 1] = [("L", "Sand")];
const HOODIE_SOLD_OUT: [(&str, &str); 1] = [("M", "White")];

const FIRST_NAMES: [&str; 12] = [
    "Alex", "Bao", "Chloe", "Duc", "Emma", "Finn", "Giang", "Hana", "Ivan", "Julia", "Khoa", "Linh",
];
const LAST_NAMES: [&str; 8] = [
    "Nguyen", "Smith", "Tran", "Garcia", "Le", "Miller", "Pham", "Brown",
];
const COUNTRIES: [&str; 7] = ["US", "VN", "GB", "DE", "FR", "CA", "AU"];

/// The demo's product pictures, one per colour of [`COLOURS`]: JPEG photos of
/// [`PICTURE_PX`] square, as a merchant uploads them, drawn by `tests::draw_seed_pictures` (run
/// it with `--ignored` to draw them again). Kept as files: encoding a JPEG unoptimised, in a
/// debug build, took a fifth of a second each at every start of a server with the demo data.
const PICTURES: [&[u8]; COLOURS.len()] = [
    include_bytes!("seed_pictures/colour-0.jpg"),
    include_bytes!("seed_pictures/colour-1.jpg"),
    include_bytes!("seed_pictures/colour-2.jpg"),
    include_bytes!("seed_pictures/colour-3.jpg"),
    include_bytes!("seed_pictures/colour-4.jpg"),
    include_bytes!("seed_pictures/colour-5.jpg"),
    include_bytes!("seed_pictures/colour-6.jpg"),
    include_bytes!("seed_pictures/colour-7.jpg"),
];
/// Their size in pixels (square).
const PICTURE_PX: u32 = 1200;

/// Where a seeded product's picture is kept, under the uploads folder: one file in the store's
/// folder, as an upload is, so that the renderer offers its widths.
fn picture_path(store_id: &str, handle: &str) -> String {
    format!("{store_id}/seed-{handle}.jpg")
}

/// Seeds a store's catalog unless it already has products.
pub async fn seed_store(
    db: &AnyPool,
    upload_dir: &Path,
    store_id: &str,
    size: Size,
) -> Result<(), Box<dyn std::error::Error>> {
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM products WHERE store_id = $1")
        .bind(store_id)
        .fetch_one(db)
        .await?;
    if count > 0 {
        return Ok(());
    }
    let now = now_ms();
    // Seeded by the subdomain, not the id (a new UUID each time): a store's demo data is the
    // same on every machine and in every test run.
    let seed = super::stores::subdomain(db, store_id)
        .await?
        .ok_or("no such store")?;
    let mut dice = Dice(
        seed.bytes()
            .fold(7, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b))),
    );
    let mut tx = db.begin().await?;
    let products = products(&mut tx, upload_dir, store_id, size, now, &mut dice).await?;
    collections(&mut tx, store_id, size, &products, now).await?;
    content(&mut tx, store_id, size, now).await?;
    let customers = customers(&mut tx, store_id, size, now, &mut dice).await?;
    orders(
        &mut tx, store_id, size, &products, &customers, now, &mut dice,
    )
    .await?;
    abandoned_checkouts(&mut tx, store_id, &products, &customers, now, &mut dice).await?;
    // The paid orders' sales in the analytics rollups.
    crate::db::rollups::rebuild(&mut tx, Some(store_id)).await?;
    tx.commit().await?;
    Ok(())
}

/// A seeded product: (id, title, price in cents).
type Seeded = (String, String, i64);

async fn products(
    tx: &mut Transaction<'_, Any>,
    upload_dir: &Path,
    store_id: &str,
    size: Size,
    now: i64,
    dice: &mut Dice,
) -> Result<Vec<Seeded>, Box<dyn std::error::Error>> {
    let mut out = Vec::new();
    for i in 0..size.products {
        let adjective = ADJECTIVES[(i / NOUNS.len()) % ADJECTIVES.len()];
        let (noun, tag, base) = NOUNS[i % NOUNS.len()];
        let title = format!("{adjective} {noun}");
        let handle = core_wasm::catalog::handle_from(&title);
        let relative = picture_path(store_id, &handle);
        let picture = PICTURES[(i + i / NOUNS.len()) % COLOURS.len()];
        write_file(upload_dir, &relative, picture).await?;
        sqlx::query(
            "INSERT INTO uploads (id, store_id, path, content_type, size_bytes, created_at, width, height) \
             VALUES ($1, $2, $3, 'image/jpeg', $4, $5, $6, $6)",
        )
        .bind(new_id())
        .bind(store_id)
        .bind(&relative)
        .bind(i64::try_from(picture.len()).unwrap_or(i64::MAX))
        .bind(now)
        .bind(i64::from(PICTURE_PX))
        .execute(&mut **tx)
        .await?;
        let price = base + i64::try_from(dice.below(10)).unwrap_or(0) * 100 - 1;
        let compare_at = (i % 3 == 0).then_some(price + 1000);
        let mut tags = vec![tag.to_owned()];
        if adjective == "Summer" || i % 5 == 0 {
            tags.push("summer".to_owned());
        }
        let sizes: &[&str] = if tag == "home" {
            &["One size"]
        } else {
            &["S", "M", "L"]
        };
        // Hoodies come in sizes and colours: one picker per option on the product page, where
        // a combination that is not made (L in Sand) or is sold out (M in White) cannot be
        // chosen. The other colours' stock is fixed, so the generator's numbers stay as they were.
        let colours: &[&str] = if noun == "Hoodie" {
            &HOODIE_COLOURS
        } else {
            &[]
        };
        let mut variants = Vec::new();
        let usd = core_wasm::formats::Currency::default();
        for size in sizes {
            let values: Vec<Option<&str>> = if colours.is_empty() {
                vec![None]
            } else {
                colours.iter().map(|c| Some(*c)).collect()
            };
            for colour in values {
                if colour.is_some_and(|c| HOODIE_NOT_MADE.contains(&(*size, c))) {
                    continue;
                }
                let stock = match colour {
                    None | Some("Black") => i64::try_from(dice.below(40)).unwrap_or(0),
                    Some(c) if HOODIE_SOLD_OUT.contains(&(*size, c)) => 0,
                    Some(_) => 12,
                };
                let (title, options, sku) = match colour {
                    None => (
                        (*size).to_owned(),
                        json!([size]),
                        format!("{}-{}", handle.to_uppercase(), size.replace(' ', "")),
                    ),
                    Some(c) => (
                        format!("{size}{}{c}", core_wasm::catalog::VARIANT_TITLE_SEPARATOR),
                        json!([size, c]),
                        format!("{}-{size}-{}", handle.to_uppercase(), c.to_uppercase()),
                    ),
                };
                variants.push(json!({"id": new_id(), "title": title, "options": options,
                       "price": core_wasm::money::stored(price, usd),
                       "compareAtPrice": compare_at.map(|c| core_wasm::money::stored(c, usd)),
                       "stock": stock, "sku": sku}));
            }
        }
        let options = if colours.is_empty() {
            json!([{"name": "Size", "values": sizes}])
        } else {
            json!([{"name": "Size", "values": sizes}, {"name": "Colour", "values": colours}])
        };
        let id = new_id();
        let status = if i % 17 == 16 { "draft" } else { "active" };
        sqlx::query(
            "INSERT INTO products (id, store_id, title, handle, description_html, images, options, variants, tags, \
             price_minor, compare_at_minor, status, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)",
        )
        .bind(&id)
        .bind(store_id)
        .bind(&title)
        .bind(&handle)
        .bind(format!(
            "<p>The {} {} you will reach for every day.</p><ul><li>Made to last</li><li>Free returns within 30 days</li></ul>",
            adjective.to_lowercase(),
            noun.to_lowercase()
        ))
        .bind(json!([{"src": format!("/uploads/{relative}"), "alt": title}]).to_string())
        .bind(options.to_string())
        .bind(serde_json::Value::Array(variants).to_string())
        .bind(serde_json::to_string(&tags)?)
        .bind(price)
        .bind(compare_at)
        .bind(status)
        .bind(now - i64::try_from(size.products - i).unwrap_or(0) * 3_600_000)
        .execute(&mut **tx)
        .await?;
        out.push((id, title, price));
    }
    Ok(out)
}

async fn collections(
    tx: &mut Transaction<'_, Any>,
    store_id: &str,
    size: Size,
    products: &[Seeded],
    now: i64,
) -> Result<(), Box<dyn std::error::Error>> {
    for (i, (title, handle, tag)) in COLLECTIONS.iter().take(size.collections).enumerate() {
        let id = new_id();
        let image = products
            .get(i * 3 % products.len().max(1))
            .map(|(_, t, _)| {
                format!(
                    "/uploads/{}",
                    picture_path(store_id, &core_wasm::catalog::handle_from(t))
                )
            });
        sqlx::query(
            "INSERT INTO collections (id, store_id, title, handle, image, kind, rule_tag, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
        )
        .bind(&id)
        .bind(store_id)
        .bind(*title)
        .bind(*handle)
        .bind(image)
        .bind(if tag.is_some() { "tag" } else { "manual" })
        .bind(*tag)
        .bind(now + i64::try_from(i).unwrap_or(0))
        .execute(&mut **tx)
        .await?;
        if tag.is_none() {
            for (position, (product_id, _, _)) in products.iter().step_by(4).take(12).enumerate() {
                sqlx::query(
                    "INSERT INTO collection_products (collection_id, product_id, position) VALUES ($1, $2, $3)",
                )
                .bind(&id)
                .bind(product_id)
                .bind(i64::try_from(position).unwrap_or(0))
                .execute(&mut **tx)
                .await?;
            }
        }
    }
    Ok(())
}

/// Pages, the header and footer menus, and discounts.
async fn content(
    tx: &mut Transaction<'_, Any>,
    store_id: &str,
    size: Size,
    now: i64,
) -> Result<(), Box<dyn std::error::Error>> {
    let pages = [
        (
            "About us",
            "about-us",
            "<h2>Our story</h2><p>We started with one market stall and a love of well-made things.</p>",
        ),
        (
            "Contact",
            "contact",
            "<p>Write to us at <a href=\"mailto:hello@example.com\">hello@example.com</a>; we answer within a day.</p>",
        ),
        (
            "Shipping policy",
            "shipping-policy",
            "<p>Orders ship within 2 business days. Delivery takes 3 to 7 days.</p>",
        ),
    ];
    for (i, (title, handle, body)) in pages.iter().enumerate() {
        sqlx::query(
            "INSERT INTO pages (id, store_id, title, handle, body_html, published, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, 1, $6, $6)",
        )
        .bind(new_id())
        .bind(store_id)
        .bind(*title)
        .bind(*handle)
        .bind(*body)
        .bind(now + i64::try_from(i).unwrap_or(0))
        .execute(&mut **tx)
        .await?;
    }
    let link = |parent: &str, slug: &str, name: &str| json!({"parent": parent, "slug": slug, "name": name, "params": {"slug": slug}});
    let shop: Vec<_> = COLLECTIONS
        .iter()
        .take(size.collections)
        .map(|(title, handle, _)| {
            json!({"id": new_id(), "title": title, "link": link("category", handle, title), "children": []})
        })
        .collect();
    let header = json!([
        {"id": new_id(), "title": "Home", "link": link("home", "", "Home"), "children": []},
        {"id": new_id(), "title": "Shop", "link": link("category", "all", "All collections"), "children": shop},
        {"id": new_id(), "title": "About us", "link": link("page", "about-us", "About us"), "children": []},
    ]);
    let footer = json!([
        {"id": new_id(), "title": "Contact", "link": link("page", "contact", "Contact"), "children": []},
        {"id": new_id(), "title": "Shipping policy", "link": link("page", "shipping-policy", "Shipping policy"), "children": []},
    ]);
    for (i, (title, handle, items)) in [
        ("Main menu", "main-menu", header),
        ("Footer", "footer", footer),
    ]
    .iter()
    .enumerate()
    {
        sqlx::query(
            "INSERT INTO menus (id, store_id, title, handle, items, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)",
        )
        .bind(new_id())
        .bind(store_id)
        .bind(*title)
        .bind(*handle)
        .bind(items.to_string())
        .bind(now + i64::try_from(i).unwrap_or(0))
        .execute(&mut **tx)
        .await?;
    }
    let discounts = [
        ("code", "WELCOME10", "percent", 1000),
        ("code", "SAVE5", "amount", 500),
        ("automatic", "Summer weekend", "percent", 1500),
    ];
    for (method, code, value_type, value) in discounts {
        sqlx::query(
            "INSERT INTO discounts (id, store_id, method, code, value_type, value, starts_at, ends_at, is_active, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, NULL, NULL, 1, $7, $7)",
        )
        .bind(new_id())
        .bind(store_id)
        .bind(method)
        .bind(code)
        .bind(value_type)
        .bind(value)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// A seeded customer: (id, full name, e-mail, country).
type SeededCustomer = (String, String, String, &'static str);

/// A handful of checkouts shoppers left in the last ten days, so the abandoned checkouts
/// screen has rows: most with an e-mail, some with a name, one with neither.
async fn abandoned_checkouts(
    tx: &mut Transaction<'_, Any>,
    store_id: &str,
    products: &[Seeded],
    customers: &[SeededCustomer],
    now: i64,
    dice: &mut Dice,
) -> Result<(), Box<dyn std::error::Error>> {
    if products.is_empty() || customers.is_empty() {
        return Ok(());
    }
    let hour = 3_600_000_i64;
    for i in 0..6_i64 {
        let (_, name, email, _) = dice.pick(customers).clone();
        let (email, name) = match i {
            5 => (None, None),
            1 | 3 => (Some(email), None),
            _ => (Some(email), Some(name)),
        };
        let mut lines = Vec::new();
        let (mut subtotal, mut count) = (0, 0);
        for _ in 0..=dice.below(2) {
            let (product_id, title, price) = dice.pick(products);
            let quantity = 1 + i64::try_from(dice.below(2)).unwrap_or(0);
            subtotal += price * quantity;
            count += quantity;
            lines.push(
                json!({"productId": product_id, "variantId": null, "title": title,
                "quantity": quantity, "priceMinor": price}),
            );
        }
        let created_at =
            now - 2 * hour - i * 38 * hour - i64::try_from(dice.below(60)).unwrap_or(0) * 60_000;
        sqlx::query(
            "INSERT INTO checkout_drafts (id, store_id, token, email, customer_name, currency, line_items, item_count, \
             subtotal_minor, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 'USD', $6, $7, $8, $9, $10)",
        )
        .bind(new_id())
        .bind(store_id)
        .bind(uuid::Uuid::new_v4().simple().to_string())
        .bind(email)
        .bind(name)
        .bind(serde_json::Value::Array(lines).to_string())
        .bind(count)
        .bind(subtotal)
        .bind(created_at)
        .bind(created_at + 4 * 60_000)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

async fn customers(
    tx: &mut Transaction<'_, Any>,
    store_id: &str,
    size: Size,
    now: i64,
    dice: &mut Dice,
) -> Result<Vec<SeededCustomer>, Box<dyn std::error::Error>> {
    let mut out = Vec::new();
    for i in 0..size.customers {
        let first = FIRST_NAMES[i % FIRST_NAMES.len()];
        let last = LAST_NAMES[(i / FIRST_NAMES.len() + i) % LAST_NAMES.len()];
        let email = format!(
            "{}.{}{}@example.com",
            first.to_lowercase(),
            last.to_lowercase(),
            i + 1
        );
        let country = *dice.pick(&COUNTRIES);
        let id = new_id();
        sqlx::query(
            "INSERT INTO customers (id, store_id, email, first_name, last_name, phone, country, created_at) \
             VALUES ($1, $2, $3, $4, $5, NULL, $6, $7)",
        )
        .bind(&id)
        .bind(store_id)
        .bind(&email)
        .bind(first)
        .bind(last)
        .bind(country)
        .bind(now - 95 * 86_400_000 + i64::try_from(i).unwrap_or(0) * 60_000)
        .execute(&mut **tx)
        .await?;
        out.push((id, format!("{first} {last}"), email, country));
    }
    Ok(out)
}

async fn orders(
    tx: &mut Transaction<'_, Any>,
    store_id: &str,
    size: Size,
    products: &[Seeded],
    customers: &[SeededCustomer],
    now: i64,
    dice: &mut Dice,
) -> Result<(), Box<dyn std::error::Error>> {
    if products.is_empty() || customers.is_empty() {
        return Ok(());
    }
    let (last,): (Option<i64>,) =
        sqlx::query_as("SELECT MAX(order_number) FROM orders WHERE store_id = $1")
            .bind(store_id)
            .fetch_one(&mut **tx)
            .await?;
    let mut number = last.unwrap_or(1000);
    let day = 86_400_000_i64;
    // Oldest first, so order numbers grow with time.
    let mut times: Vec<i64> = (0..size.orders)
        .map(|_| now - i64::try_from(dice.below(90 * 24 * 60)).unwrap_or(0) * 60_000 - day / 48)
        .collect();
    times.sort_unstable();
    for created_at in times {
        number += 1;
        let (customer_id, name, email, country) = dice.pick(customers).clone();
        let mut lines = Vec::new();
        let mut subtotal = 0;
        for _ in 0..=dice.below(3) {
            let (product_id, title, price) = dice.pick(products);
            let quantity = 1 + i64::try_from(dice.below(2)).unwrap_or(0);
            subtotal += price * quantity;
            lines.push(
                json!({"productId": product_id, "variantId": null, "title": title,
                "quantity": quantity, "priceMinor": price}),
            );
        }
        let shipping = if subtotal >= 5000 { 0 } else { 499 };
        let discount = if dice.below(6) == 0 { subtotal / 10 } else { 0 };
        let roll = dice.below(100);
        let financial = match roll {
            0..=69 => "paid",
            70..=81 => "pending",
            82..=91 => "refunded",
            _ => "voided",
        };
        let fulfillment = match (financial, dice.below(10)) {
            ("paid", 0..=5) => "fulfilled",
            ("paid", 6) if lines.len() > 1 => "partial",
            ("refunded", 0..=4) => "fulfilled",
            ("refunded" | "voided", _) => "closed",
            _ => "unfulfilled",
        };
        // The lines say what shipped and what went back, as the order page reads them: all of
        // a fulfilled order, the first line of a partial one; all of a refunded one.
        for (i, line) in lines.iter_mut().enumerate() {
            let quantity = line["quantity"].clone();
            if fulfillment == "fulfilled" || (fulfillment == "partial" && i == 0) {
                line["fulfilledQuantity"] = quantity.clone();
            }
            if financial == "refunded" {
                line["refundedQuantity"] = quantity;
            }
        }
        let (payment, card) = match dice.below(4) {
            0 => ("PayPal", None),
            1 => ("Stripe", Some("mastercard")),
            2 => ("Stripe", Some("amex")),
            _ => ("Stripe", Some("visa")),
        };
        let captured = matches!(financial, "paid" | "refunded")
            .then(|| created_at + i64::try_from(dice.below(30)).unwrap_or(0) * 60_000);
        sqlx::query(
            "INSERT INTO orders (id, store_id, order_number, order_name, customer_id, customer_name, customer_email, \
             currency, subtotal_minor, shipping_minor, discount_minor, grand_total_minor, financial_status, \
             fulfillment_status, payment_name, card_type, line_items, country, created_at, captured_at, refunded_minor) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, 'USD', $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)",
        )
        .bind(new_id())
        .bind(store_id)
        .bind(number)
        .bind(format!("#{number}"))
        .bind(&customer_id)
        .bind(&name)
        .bind(&email)
        .bind(subtotal)
        .bind(shipping)
        .bind(discount)
        .bind(subtotal + shipping - discount)
        .bind(financial)
        .bind(fulfillment)
        .bind(payment)
        .bind(card)
        .bind(serde_json::Value::Array(lines).to_string())
        .bind(country)
        .bind(created_at)
        .bind(captured)
        .bind(if financial == "refunded" {
            subtotal + shipping - discount
        } else {
            0
        })
        .execute(&mut **tx)
        .await?;
    }
    // A refunded order's refund: all of it, at its capture (as migration 0017 records the
    // orders refunded before refunds were).
    sqlx::query(
        "INSERT INTO order_refunds (id, store_id, order_id, lines, shipping_minor, amount_minor, restock, reason, is_test, created_at) \
         SELECT 'seed-' || id, store_id, id, '[]', shipping_minor, grand_total_minor, 0, '', is_test, captured_at \
         FROM orders WHERE store_id = $1 AND financial_status = 'refunded' AND captured_at IS NOT NULL",
    )
    .bind(store_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded pictures are JPEGs of their stated size.
    #[test]
    fn seed_pictures_are_jpegs_of_their_size() {
        for picture in PICTURES {
            let reader = image::ImageReader::new(std::io::Cursor::new(picture))
                .with_guessed_format()
                .expect("a known format");
            assert_eq!(reader.format(), Some(image::ImageFormat::Jpeg));
            assert_eq!(
                reader.into_dimensions().expect("dimensions"),
                (PICTURE_PX, PICTURE_PX)
            );
        }
    }

    /// Draws the pictures of [`PICTURES`] again, into `seed_pictures/`.
    #[test]
    #[ignore = "writes the seed pictures into the source tree"]
    fn draw_seed_pictures() {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/db/seed_pictures");
        std::fs::create_dir_all(&folder).expect("the folder");
        for (i, colour) in COLOURS.iter().enumerate() {
            let jpeg = product_picture(colour).expect("a picture");
            std::fs::write(folder.join(format!("colour-{i}.jpg")), jpeg).expect("written");
        }
    }

    /// A product picture, as a JPEG of [`PICTURE_PX`] square: the product's colour lit from the top
    /// left, with a round shape standing on it and its shadow, and a fine weave so that it
    /// compresses as a photo does rather than as a flat drawing.
    fn product_picture(colour: &str) -> Result<Vec<u8>, image::ImageError> {
        let hex = |at: usize| {
            colour
                .get(at..at + 2)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .map_or(128.0, f32::from)
        };
        let base = [hex(1), hex(3), hex(5)];
        let size = f32::from(u16::try_from(PICTURE_PX).unwrap_or(1200));
        let photo = image::RgbImage::from_fn(PICTURE_PX, PICTURE_PX, |x, y| {
            let (fx, fy) = (
                f32::from(u16::try_from(x).unwrap_or(0)) / size,
                f32::from(u16::try_from(y).unwrap_or(0)) / size,
            );
            // Light from the top left; the floor darker, its edge a little soft.
            let floor = ((fy - 0.72) * 200.0).clamp(0.0, 1.0);
            let mut light = 1.25 - 0.45 * (fx + fy) / 2.0 - 0.12 * floor;
            // The round shape, its edge one and a half pixels wide, and its soft shadow.
            let (dx, dy) = (fx - 0.5, fy - 0.45);
            let inside = ((0.3 - (dx * dx + dy * dy).sqrt()) * size / 1.5).clamp(0.0, 1.0);
            let (sx, sy) = ((fx - 0.55) / 0.32, (fy - 0.8) / 0.06);
            let shadow = ((1.0 - (sx * sx + sy * sy)) * 4.0).clamp(0.0, 1.0);
            light *= 1.0 - 0.3 * shadow;
            let weave = if (x + y) % 3 == 0 { 0.96 } else { 1.0 };
            let pixel = |c: f32| {
                let shape = 255.0 - (255.0 - c) * 0.35 * (1.0 + dx + dy);
                let lit = shape * inside + c * light * weave * (1.0 - inside);
                // In 0..=255 by the clamp: the cast keeps the value.
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let byte = lit.clamp(0.0, 255.0) as u8;
                byte
            };
            image::Rgb([pixel(base[0]), pixel(base[1]), pixel(base[2])])
        });
        let photo = image::DynamicImage::ImageRgb8(photo);
        let mut out = std::io::Cursor::new(Vec::new());
        photo.write_to(&mut out, image::ImageFormat::Jpeg)?;
        Ok(out.into_inner())
    }
}
