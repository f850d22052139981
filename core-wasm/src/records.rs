//! The rules of the store's smaller records and settings (shared-types `records`): what each
//! may hold, the built-in apps and sales channels, and batch limits. The spec names these
//! screens by route only; every limit here is ours and docs/decisions.md ("Store content")
//! records them. Each check returns every problem found, in field order, as the message shown
//! to the merchant.

use shared_types::records::{
    AppSwitches, BulkUpdate, CachePurge, Catalog, CatalogEntry, OptionSet, ProductFeed,
    ProductPatch, Review, SalesChannels, ShippingSettings, SizeChart, StockChange,
    StorefrontSettings, TelegramSettings, UpsellSettings,
};

use crate::catalog::{PRODUCT_STATUSES, check_title, money_to_minor};
use crate::formats::Currency;
use crate::money::stored_minor;
use shared_types::Money;

/// The longest name of a record (size chart, option set, catalog, feed).
pub const NAME_MAX: usize = 100;
/// A size chart's columns and rows.
pub const SIZE_CHART_COLUMNS_MAX: usize = 10;
pub const SIZE_CHART_ROWS_MAX: usize = 30;
/// A size chart cell or header.
pub const CELL_MAX: usize = 40;
/// Collections a size chart applies to.
pub const SIZE_CHART_COLLECTIONS_MAX: usize = 50;
/// The units of a size chart.
pub const SIZE_UNITS: [&str; 2] = ["cm", "in"];
/// How an option set shows on the storefront.
pub const OPTION_DISPLAYS: [&str; 3] = ["buttons", "dropdown", "swatches"];
/// Values of an option set, and the longest value.
pub const OPTION_VALUES_MAX: usize = 50;
pub const OPTION_VALUE_MAX: usize = 60;
/// A review's author, title and body.
pub const REVIEW_AUTHOR_MAX: usize = 80;
pub const REVIEW_TITLE_MAX: usize = 150;
pub const REVIEW_BODY_MAX: usize = 5000;
/// The formats of a product feed.
pub const FEED_FORMATS: [&str; 2] = ["csv", "xml"];
/// Addresses in one cache purge, and the longest address.
pub const PURGE_URLS_MAX: usize = 50;
pub const URL_MAX: usize = 2000;
/// The fields a bulk update changes, and its operations.
pub const BULK_FIELDS: [&str; 3] = ["price", "compareAtPrice", "status"];
pub const PRICE_OPERATIONS: [&str; 3] = ["set", "increasePercent", "decreasePercent"];
/// The largest percent a bulk update raises prices by.
pub const INCREASE_PERCENT_MAX: f64 = 1000.0;
/// Where Boost UpSell shows its offers.
pub const UPSELL_PLACEMENTS: [&str; 3] = ["cart", "product", "checkout"];
pub const UPSELL_DISCOUNT_MAX: u32 = 90;
pub const UPSELL_OFFERS_MAX: u32 = 8;
pub const UPSELL_HEADING_MAX: usize = 100;
/// Custom store texts.
pub const STORE_PASSWORD_MIN: usize = 4;
pub const STORE_PASSWORD_MAX: usize = 100;
pub const SEO_TITLE_MAX: usize = 70;
pub const SEO_DESCRIPTION_MAX: usize = 320;
pub const ANNOUNCEMENT_MAX: usize = 200;
/// Rows in one inventory or bulk-edit save (and the largest stock, the catalog's).
pub const BATCH_MAX: usize = 500;

pub use crate::catalog::STOCK_MAX;
/// The sales channel that is always on.
pub const ONLINE_STORE: &str = "online_store";

fn entry(
    key: &str,
    name: &str,
    description: &str,
    route: Option<&str>,
    always_on: bool,
) -> CatalogEntry {
    CatalogEntry {
        key: key.to_owned(),
        name: name.to_owned(),
        description: description.to_owned(),
        route: route.map(str::to_owned),
        always_on,
    }
}

/// The built-in apps a store can switch on, with the route of each one's screen.
pub fn apps() -> Vec<CatalogEntry> {
    vec![
        entry(
            REVIEWS_APP,
            "Product Reviews",
            "Collect and show star ratings and reviews on product pages.",
            Some("website.apps.product-review.list"),
            false,
        ),
        entry(
            "boost-upsell",
            "Boost UpSell",
            "Offer more products in the cart, on product pages or at checkout.",
            Some("website.upsell"),
            false,
        ),
        entry(
            "size-chart",
            "Size Chart",
            "Show measurement tables on the product pages of chosen collections.",
            Some("website.sizechart"),
            false,
        ),
        entry(
            "product-personalized",
            "Personalized Product",
            "Let shoppers add their own text and pictures to a product.",
            Some("website.product-personalized"),
            false,
        ),
        entry(
            "product-options",
            "Product Options",
            "Reusable option sets shown as buttons, dropdowns or swatches.",
            Some("website.menufilter"),
            false,
        ),
        entry(
            "product-feeds",
            "Product Feeds",
            "Publish catalogs as CSV or XML feeds for shopping channels.",
            Some("website.product-feeds"),
            false,
        ),
        entry(
            "telegram",
            "Telegram Notifications",
            "Receive new orders and payout updates in a Telegram chat.",
            Some("website.notification"),
            false,
        ),
    ]
}

/// The sales channels a store can sell on.
pub fn sales_channels() -> Vec<CatalogEntry> {
    vec![
        entry(
            ONLINE_STORE,
            "Online Store",
            "The store's own website.",
            Some("website.settings.themes"),
            true,
        ),
        entry(
            "facebook",
            "Facebook & Instagram",
            "Sell through a Facebook shop and Instagram shopping.",
            Some("website.catalog"),
            false,
        ),
        entry(
            "google",
            "Google Shopping",
            "List products on Google through a product feed.",
            Some("website.product-feeds"),
            false,
        ),
        entry(
            "tiktok",
            "TikTok Shop",
            "Tag products in TikTok videos.",
            Some("website.catalog"),
            false,
        ),
        entry(
            "pinterest",
            "Pinterest",
            "Turn pins into shoppable product pins.",
            Some("website.catalog"),
            false,
        ),
    ]
}

struct Problems(Vec<String>);

impl Problems {
    fn new() -> Self {
        Self(Vec::new())
    }
    fn check(&mut self, ok: bool, message: impl FnOnce() -> String) {
        if !ok {
            self.0.push(message());
        }
    }
    fn keep<T>(&mut self, result: Result<T, String>) {
        if let Err(message) = result {
            self.0.push(message);
        }
    }
    fn name(&mut self, label: &str, name: &str) {
        let name = name.trim();
        self.check(!name.is_empty(), || format!("{label} is required."));
        self.check(name.chars().count() <= NAME_MAX, || {
            format!("{label} must have at most {NAME_MAX} characters.")
        });
    }
    fn at_most(&mut self, label: &str, text: &str, max: usize) {
        self.check(text.chars().count() <= max, || {
            format!("{label} must have at most {max} characters.")
        });
    }
    fn done(self) -> Vec<String> {
        self.0
    }
}

fn one_of(value: &str, choices: &[&str]) -> bool {
    choices.contains(&value)
}

pub fn size_chart_problems(chart: &SizeChart) -> Vec<String> {
    let mut p = Problems::new();
    p.name("A size chart's name", &chart.name);
    p.check(one_of(&chart.unit, &SIZE_UNITS), || {
        "The unit is cm or in.".to_owned()
    });
    p.check(
        (1..=SIZE_CHART_COLUMNS_MAX).contains(&chart.columns.len()),
        || format!("A size chart has 1 to {SIZE_CHART_COLUMNS_MAX} columns."),
    );
    p.check(
        chart
            .columns
            .iter()
            .all(|c| !c.trim().is_empty() && c.chars().count() <= CELL_MAX),
        || format!("Every column needs a heading of at most {CELL_MAX} characters."),
    );
    p.check(
        (1..=SIZE_CHART_ROWS_MAX).contains(&chart.rows.len()),
        || format!("A size chart has 1 to {SIZE_CHART_ROWS_MAX} rows."),
    );
    p.check(
        chart
            .rows
            .iter()
            .all(|row| row.len() == chart.columns.len()),
        || "Every row has one cell per column.".to_owned(),
    );
    p.check(
        chart
            .rows
            .iter()
            .flatten()
            .all(|cell| cell.chars().count() <= CELL_MAX),
        || format!("A cell has at most {CELL_MAX} characters."),
    );
    p.check(
        chart.collection_ids.len() <= SIZE_CHART_COLLECTIONS_MAX,
        || format!("A size chart applies to at most {SIZE_CHART_COLLECTIONS_MAX} collections."),
    );
    p.done()
}

pub fn option_set_problems(set: &OptionSet) -> Vec<String> {
    let mut p = Problems::new();
    p.name("An option's name", &set.name);
    p.check(one_of(&set.display, &OPTION_DISPLAYS), || {
        "An option shows as buttons, a dropdown or swatches.".to_owned()
    });
    p.check((1..=OPTION_VALUES_MAX).contains(&set.values.len()), || {
        format!("An option has 1 to {OPTION_VALUES_MAX} values.")
    });
    p.check(
        set.values
            .iter()
            .all(|v| !v.trim().is_empty() && v.chars().count() <= OPTION_VALUE_MAX),
        || format!("Every value has 1 to {OPTION_VALUE_MAX} characters."),
    );
    let mut seen: Vec<String> = set.values.iter().map(|v| v.trim().to_lowercase()).collect();
    seen.sort();
    seen.dedup();
    p.check(seen.len() == set.values.len(), || {
        "Every value appears once.".to_owned()
    });
    p.done()
}

pub fn review_problems(review: &Review) -> Vec<String> {
    let mut p = Problems::new();
    p.check(!review.product_id.trim().is_empty(), || {
        "Choose the reviewed product.".to_owned()
    });
    let author = review.author.trim();
    p.check(!author.is_empty(), || {
        "The author's name is required.".to_owned()
    });
    p.at_most("The author's name", author, REVIEW_AUTHOR_MAX);
    p.check((1..=5).contains(&review.rating), || {
        "The rating is 1 to 5 stars.".to_owned()
    });
    p.at_most("A review's title", &review.title, REVIEW_TITLE_MAX);
    p.at_most("A review", &review.body, REVIEW_BODY_MAX);
    p.done()
}

/// The key of the Product Reviews app: a product page shows its stars only while it is on.
pub const REVIEWS_APP: &str = "product-review";

/// What a product page says of a product's reviews: the average rating, in tenths of a star
/// (`48` is 4.8), and how many reviews it is of.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RatingSummary {
    pub product_id: String,
    /// The mean of the ratings to one decimal (half away from zero), in tenths: 10 to 50.
    pub average_tenths: u32,
    pub count: u32,
}

impl RatingSummary {
    /// The average as a shopper reads it: `4.8`.
    pub fn average(&self) -> String {
        format!("{}.{}", self.average_tenths / 10, self.average_tenths % 10)
    }

    /// The whole stars drawn filled: the average rounded to the nearest star (4.5 draws 5).
    pub fn stars(&self) -> u32 {
        (self.average_tenths + 5) / 10
    }

    /// `1 review`, `12 reviews`.
    pub fn count_text(&self) -> String {
        match self.count {
            1 => "1 review".to_owned(),
            n => format!("{n} reviews"),
        }
    }
}

/// Whether the Product Reviews app is on (product pages then show published reviews' stars).
pub fn reviews_on(apps_on: &AppSwitches) -> bool {
    apps_on.enabled.iter().any(|key| key == REVIEWS_APP)
}

/// Whether a review counts towards what a product page shows: it is published (the merchant's
/// switch in the reviews list; a review saved unpublished is held back) and well formed.
pub fn review_shown(review: &Review) -> bool {
    review.published && (1..=5).contains(&review.rating) && !review.product_id.trim().is_empty()
}

/// The summary of a product's shown reviews; `None` when it has none (nothing is shown then).
pub fn rating_summary(reviews: &[Review], product_id: &str) -> Option<RatingSummary> {
    let ratings: Vec<u32> = reviews
        .iter()
        .filter(|r| review_shown(r) && r.product_id == product_id)
        .map(|r| u32::from(r.rating))
        .collect();
    let count = u32::try_from(ratings.len()).unwrap_or(u32::MAX);
    if count == 0 {
        return None;
    }
    let sum: u64 = ratings.iter().map(|r| u64::from(*r)).sum();
    // Tenths rounded half up: (10 * sum / count) + 0.5, in integers.
    let tenths = (20 * sum + u64::from(count)) / (2 * u64::from(count));
    Some(RatingSummary {
        product_id: product_id.to_owned(),
        average_tenths: u32::try_from(tenths).unwrap_or(50),
        count,
    })
}

/// The summaries of every product with a shown review, by product id; none while the Product
/// Reviews app is off, whatever reviews are stored.
pub fn rating_summaries(apps_on: &AppSwitches, reviews: &[Review]) -> Vec<RatingSummary> {
    if !reviews_on(apps_on) {
        return Vec::new();
    }
    let mut ids: Vec<&str> = reviews
        .iter()
        .filter(|r| review_shown(r))
        .map(|r| r.product_id.as_str())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids.into_iter()
        .filter_map(|id| rating_summary(reviews, id))
        .collect()
}

pub fn catalog_problems(catalog: &Catalog) -> Vec<String> {
    let mut p = Problems::new();
    p.name("A catalog's name", &catalog.name);
    p.check(
        sales_channels().iter().any(|c| c.key == catalog.channel),
        || "Choose one of the sales channels.".to_owned(),
    );
    p.done()
}

pub fn feed_problems(feed: &ProductFeed) -> Vec<String> {
    let mut p = Problems::new();
    p.name("A feed's name", &feed.name);
    p.check(!feed.catalog_id.trim().is_empty(), || {
        "Choose the catalog the feed publishes.".to_owned()
    });
    p.check(one_of(&feed.format, &FEED_FORMATS), || {
        "A feed is CSV or XML.".to_owned()
    });
    p.done()
}

/// An address of the store to purge: a path (`/products/shirt`) or an `http(s)` address.
pub fn purge_target(url: &str) -> Option<(Option<&str>, &str)> {
    let url = url.trim();
    if url.is_empty() || url.chars().count() > URL_MAX || url.chars().any(char::is_whitespace) {
        return None;
    }
    if url.starts_with('/') && !url.starts_with("//") {
        return Some((None, url));
    }
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))?;
    let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let host_ok = !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.' || c == ':');
    host_ok.then_some((Some(host), if path.is_empty() { "/" } else { path }))
}

pub fn purge_problems(purge: &CachePurge) -> Vec<String> {
    let mut p = Problems::new();
    p.check((1..=PURGE_URLS_MAX).contains(&purge.urls.len()), || {
        format!("Enter 1 to {PURGE_URLS_MAX} addresses.")
    });
    for url in &purge.urls {
        p.check(purge_target(url).is_some(), || {
            format!("{} is not an address of the store (a path like /products/shirt or an https address).", url.trim())
        });
    }
    p.done()
}

pub fn bulk_update_problems(update: &BulkUpdate, currency: Currency) -> Vec<String> {
    let mut p = Problems::new();
    if !one_of(&update.field, &BULK_FIELDS) {
        p.check(false, || {
            "Choose the price, the compare-at price or the status.".to_owned()
        });
        return p.done();
    }
    if update.field == "status" {
        p.check(update.operation == "set", || {
            "A status can only be set.".to_owned()
        });
        p.check(
            update
                .status
                .as_deref()
                .is_some_and(|s| PRODUCT_STATUSES.contains(&s)),
            || "Choose active, draft or archived.".to_owned(),
        );
        return p.done();
    }
    p.check(one_of(&update.operation, &PRICE_OPERATIONS), || {
        "Set the amount, or raise or lower it by a percent.".to_owned()
    });
    match update.operation.as_str() {
        "set" => p.keep(money_to_minor("The amount", update.amount, currency)),
        "increasePercent" => p.check(
            update.amount > Money::ZERO
                && update.amount <= Money::from_minor(INCREASE_PERCENT_MAX as i64, 0),
            || format!("The percent is more than 0 and at most {INCREASE_PERCENT_MAX}."),
        ),
        "decreasePercent" => p.check(
            update.amount > Money::ZERO && update.amount < Money::from_minor(100, 0),
            || "The percent is more than 0 and less than 100.".to_owned(),
        ),
        _ => {}
    }
    p.done()
}

/// A price in minor units of the currency after a bulk update's operation, rounded to the minor
/// unit and kept within the prices a product may have.
pub fn bulk_price(update: &BulkUpdate, current_minor: i64, currency: Currency) -> i64 {
    let most = crate::money::stored_from_number(crate::catalog::MONEY_MAX, currency);
    // A percent in hundredths (12.5 % is 1250 of 10,000): the new price in whole integers,
    // rounded half away from zero.
    let scaled = |hundredths: i64| {
        let product = i128::from(current_minor) * i128::from(hundredths);
        i64::try_from((product + 5_000) / 10_000).unwrap_or(most)
    };
    let percent = crate::money::hundredths(update.amount);
    let price = match update.operation.as_str() {
        "set" => stored_minor(update.amount, currency),
        "increasePercent" => scaled(10_000 + percent),
        "decreasePercent" => scaled(10_000 - percent),
        _ => current_minor,
    };
    price.clamp(0, most)
}

pub fn app_problems(apps_on: &AppSwitches) -> Vec<String> {
    let known = apps();
    let mut p = Problems::new();
    for key in &apps_on.enabled {
        p.check(known.iter().any(|a| &a.key == key), || {
            format!("There is no app {key}.")
        });
    }
    let mut keys = apps_on.enabled.clone();
    keys.sort();
    keys.dedup();
    p.check(keys.len() == apps_on.enabled.len(), || {
        "An app is listed twice.".to_owned()
    });
    p.done()
}

pub fn channel_problems(channels: &SalesChannels) -> Vec<String> {
    let known = sales_channels();
    let mut p = Problems::new();
    for key in &channels.enabled {
        p.check(known.iter().any(|c| &c.key == key), || {
            format!("There is no sales channel {key}.")
        });
    }
    p.check(channels.enabled.iter().any(|k| k == ONLINE_STORE), || {
        "The online store is always on.".to_owned()
    });
    p.done()
}

pub fn upsell_problems(upsell: &UpsellSettings) -> Vec<String> {
    let mut p = Problems::new();
    let heading = upsell.heading.trim();
    p.check(!heading.is_empty(), || {
        "The offer's heading is required.".to_owned()
    });
    p.at_most("The offer's heading", heading, UPSELL_HEADING_MAX);
    p.check(one_of(&upsell.placement, &UPSELL_PLACEMENTS), || {
        "Offers show in the cart, on product pages or at checkout.".to_owned()
    });
    p.check(upsell.discount_percent <= UPSELL_DISCOUNT_MAX, || {
        format!("The discount is 0 to {UPSELL_DISCOUNT_MAX} percent.")
    });
    p.check((1..=UPSELL_OFFERS_MAX).contains(&upsell.max_offers), || {
        format!("Offer 1 to {UPSELL_OFFERS_MAX} products.")
    });
    p.done()
}

/// A Telegram chat: a numeric id (groups are negative) or an `@name` of 5 to 32 characters.
pub fn chat_id_ok(chat_id: &str) -> bool {
    if let Some(name) = chat_id.strip_prefix('@') {
        let mut chars = name.chars();
        return (5..=32).contains(&name.len())
            && chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    }
    let digits = chat_id.strip_prefix('-').unwrap_or(chat_id);
    (1..=20).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit())
}

pub fn telegram_problems(telegram: &TelegramSettings) -> Vec<String> {
    let mut p = Problems::new();
    let chat_id = telegram.chat_id.trim();
    if telegram.enabled || !chat_id.is_empty() {
        p.check(chat_id_ok(chat_id), || {
            "The chat id is a number (groups start with -) or an @channel name.".to_owned()
        });
    }
    p.done()
}

pub fn storefront_problems(settings: &StorefrontSettings) -> Vec<String> {
    let mut p = Problems::new();
    if settings.password_protected {
        let length = settings.password.chars().count();
        p.check((STORE_PASSWORD_MIN..=STORE_PASSWORD_MAX).contains(&length), || {
            format!("The store's password has {STORE_PASSWORD_MIN} to {STORE_PASSWORD_MAX} characters.")
        });
    }
    p.at_most(
        "The search engine title",
        &settings.seo_title,
        SEO_TITLE_MAX,
    );
    p.at_most(
        "The search engine description",
        &settings.seo_description,
        SEO_DESCRIPTION_MAX,
    );
    p.at_most("The announcement", &settings.announcement, ANNOUNCEMENT_MAX);
    p.done()
}

pub fn stock_problems(changes: &[StockChange]) -> Vec<String> {
    let mut p = Problems::new();
    p.check((1..=BATCH_MAX).contains(&changes.len()), || {
        format!("Save 1 to {BATCH_MAX} rows at a time.")
    });
    p.check(
        changes.iter().all(|c| (0..=STOCK_MAX).contains(&c.stock)),
        || format!("Stock is a whole number from 0 to {STOCK_MAX}."),
    );
    let mut keys: Vec<(&str, &str)> = changes
        .iter()
        .map(|c| (c.product_id.as_str(), c.variant_id.as_str()))
        .collect();
    keys.sort_unstable();
    keys.dedup();
    p.check(keys.len() == changes.len(), || {
        "A variant is listed twice.".to_owned()
    });
    p.done()
}

pub fn patch_problems(patches: &[ProductPatch], currency: Currency) -> Vec<String> {
    let mut p = Problems::new();
    p.check((1..=BATCH_MAX).contains(&patches.len()), || {
        format!("Save 1 to {BATCH_MAX} rows at a time.")
    });
    for patch in patches {
        if let Some(title) = &patch.title {
            p.keep(check_title("A product's title", title));
        }
        if let Some(price) = patch.price {
            p.keep(money_to_minor("The price", price, currency));
        }
        if let Some(price) = patch.compare_at_price {
            p.keep(money_to_minor("The compare-at price", price, currency));
        }
        if let Some(status) = &patch.status {
            p.check(PRODUCT_STATUSES.contains(&status.as_str()), || {
                "Choose active, draft or archived.".to_owned()
            });
        }
    }
    let mut ids: Vec<&str> = patches.iter().map(|p| p.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    p.check(ids.len() == patches.len(), || {
        "A product is listed twice.".to_owned()
    });
    let mut problems = p.done();
    problems.dedup();
    problems
}

/// The check of a record or setting by its kind's name (the UI's one entry point), with the
/// store's currency for amounts; `None` for an unknown kind.
pub fn problems_of(
    kind: &str,
    value: serde_json::Value,
    currency: Currency,
) -> Option<Result<Vec<String>, String>> {
    fn run<T: serde::de::DeserializeOwned>(
        value: serde_json::Value,
        check: impl Fn(&T) -> Vec<String>,
    ) -> Result<Vec<String>, String> {
        serde_json::from_value::<T>(value)
            .map(|v| check(&v))
            .map_err(|e| format!("The form's data is not complete: {e}"))
    }
    Some(match kind {
        "size-charts" => run(value, size_chart_problems),
        "option-sets" => run(value, option_set_problems),
        "reviews" => run(value, review_problems),
        "catalogs" => run(value, catalog_problems),
        "product-feeds" => run(value, feed_problems),
        "cache-purges" => run(value, purge_problems),
        "bulk-updates" => run(value, |u| bulk_update_problems(u, currency)),
        "apps" => run(value, app_problems),
        "upsell" => run(value, upsell_problems),
        "sales-channels" => run(value, channel_problems),
        "telegram" => run(value, telegram_problems),
        "storefront" => run(value, storefront_problems),
        "shipping" => run(value, |s| shipping_problems(s, currency)),
        "taxes" => run(value, crate::commerce::tax_problems),
        _ => return None,
    })
}

/// The demo's and a new store's shipping, in minor units of its currency: 4.99 flat, free from
/// 50.00 in dollars (499 and 5,000 in yen).
pub const SHIPPING_RATE_MINOR: i64 = 499;
pub const FREE_SHIPPING_OVER_MINOR: i64 = 5_000;

/// A new store's shipping settings, in its currency: one zone for the whole world.
pub fn initial_shipping(currency: Currency) -> ShippingSettings {
    crate::commerce::shipping::single_zone(
        crate::money::stored(SHIPPING_RATE_MINOR, currency),
        Some(crate::money::stored(FREE_SHIPPING_OVER_MINOR, currency)),
    )
}

/// The shipping settings of a shop that names none, in the default currency.
pub fn default_shipping() -> ShippingSettings {
    initial_shipping(Currency::default())
}

/// What the pages of a shop that names no shipping say of it (the editor's sample shop):
/// `ShippingNote::of(&default_shipping(), ..)`, written out so the preview frame carries no
/// reader of zones.
pub fn default_shipping_note() -> crate::commerce::ShippingNote {
    crate::commerce::ShippingNote {
        free_over_minor: Some(FREE_SHIPPING_OVER_MINOR),
        everywhere_minor: Some(SHIPPING_RATE_MINOR),
    }
}

pub use crate::commerce::shipping::shipping_problems;
