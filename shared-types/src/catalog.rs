//! Store content as the API sends and takes it: themes and their configs with versions, pages,
//! menus, products, collections, customers, orders, discounts and uploaded images. Money is in
//! major units (`19.99`); times are milliseconds since the epoch.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use crate::commerce::{Address, AppliedDiscount, Fulfillment, OrderEvent, Refund};
use crate::theme::ReplayReport;
use crate::{FieldProblem, Money};

dto! {
    /// A theme of a store. One is active (published); the others are unpublished.
    pub struct Theme {
        pub id: String,
        pub name: String,
        /// hydro or newchick.
        pub family: String,
        /// The template it was made from, or `import`.
        pub source: String,
        pub is_active: bool,
        /// `published` for the active theme, else `unpublished`.
        pub status: String,
        /// The id of its config, for the config calls.
        pub config_id: String,
        /// The config's current version.
        pub version: i64,
        pub created_at: i64,
        pub updated_at: i64,
    }

    /// `POST /stores/onlinestore/themes`: a new theme from a family's template.
    pub struct NewTheme {
        pub name: String,
        /// hydro (default) or newchick.
        #[serde(default)]
        #[ts(optional)]
        pub family: Option<String>,
    }

    /// `POST /stores/onlinestore/themes/add`: a theme with a config of one's own (checked by
    /// the theme engine).
    pub struct ImportTheme {
        pub name: String,
        #[ts(type = "unknown")]
        #[cfg_attr(feature = "openapi", schema(value_type = Object))]
        pub config: Value,
    }

    /// The optional name of a clone or of a theme made from a template.
    pub struct ThemeName {
        #[serde(default)]
        #[ts(optional)]
        pub name: Option<String>,
    }

    /// A template a theme can be made from.
    pub struct ThemeTemplate {
        pub id: String,
        pub name: String,
        pub family: String,
        pub description: String,
    }

    /// `PUT /stores/themeTypes/{id}`'s answer: the store's storefront theme type.
    pub struct ThemeType {
        pub theme_type: String,
    }

    /// `PUT /stores/onlinestore/themes/{id}`: a theme's new name.
    pub struct ThemeRename {
        pub name: String,
    }

    /// `POST /stores/onlinestore/themes/{id}/preview`: where the theme can be seen as the store
    /// would show it, for a short while (a signed link; nothing is published).
    pub struct ThemePreviewLink {
        /// The storefront's address with the signed `preview` parameter, on the admin's server.
        pub url: String,
        /// The signed token alone: the theme editor's preview frame carries it (its address's
        /// `preview` parameter, and the `X-Preview-Token` header of its render requests).
        pub token: String,
        /// When the link stops working, in milliseconds since the epoch.
        pub expires_at: i64,
    }

    /// One page of a theme's config.
    #[ts(rename = "ThemePageEntry")]
    #[cfg_attr(feature = "openapi", schema(as = ThemePageEntry))]
    pub struct ThemePage {
        /// The page's key in the config (`homepage`, `product`, `fixed` ...).
        pub id: String,
        #[ts(type = "unknown")]
        #[cfg_attr(feature = "openapi", schema(value_type = Object))]
        pub config: Value,
    }

    /// `GET /stores/onlinestore/themes/{id}/pages`.
    #[ts(rename = "ThemePageList")]
    #[cfg_attr(feature = "openapi", schema(as = ThemePageList))]
    pub struct ThemePages {
        pub version: i64,
        pub pages: Vec<ThemePage>,
    }

    /// A theme's config as the editor loads it (the list holds one).
    pub struct ThemeConfigRecord {
        pub id: String,
        pub theme_id: String,
        pub version: i64,
        pub updated_at: i64,
        #[serde(default)]
        #[ts(optional)]
        pub updated_by: Option<String>,
        #[ts(type = "unknown")]
        #[cfg_attr(feature = "openapi", schema(value_type = Object))]
        pub config: Value,
    }

    /// What the theme editor needs to know about the signed-in user (§6): whether their e-mail
    /// is on the server's support list, which shows the settings kept from merchants.
    pub struct EditorData {
        pub show_full_settings: bool,
    }

    /// What a save answers: the config's new version.
    pub struct SavedConfig {
        pub id: String,
        pub theme_id: String,
        pub version: i64,
    }

    /// An offline batch of editor commands, made against `baseVersion`. `batchId` is chosen by
    /// the client once per batch: a retried batch is answered, never applied twice.
    pub struct CommandBatch {
        pub batch_id: String,
        pub base_version: i64,
        #[ts(type = "unknown[]")]
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
        pub commands: Vec<Value>,
    }

    /// What replaying a batch did.
    pub struct BatchOutcome {
        /// The config's version after the batch.
        pub version: i64,
        pub report: ReplayReport,
        /// True when this answers a retry of a batch already replayed.
        pub repeated: bool,
    }

    /// `PUT /stores/onlinestore/themes/{themeId}/draft`: the editor's unsaved commands, made
    /// against the config at `baseVersion`, kept on the server so that the merchant's other
    /// devices can resume them. A draft is never published: only the editor's Save does that.
    pub struct ThemeDraftInput {
        #[ts(type = "number")]
        pub base_version: i64,
        #[ts(type = "unknown[]")]
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
        pub commands: Vec<Value>,
    }

    /// The signed-in user's unsaved draft of a theme, as the server keeps it (one per theme and
    /// user).
    pub struct ThemeDraft {
        pub theme_id: String,
        /// The version of the config the commands were made against.
        #[ts(type = "number")]
        pub base_version: i64,
        /// Adds one at every write; a PATCH names the revision it continues.
        #[ts(type = "number")]
        pub revision: i64,
        #[ts(type = "unknown[]")]
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
        pub commands: Vec<Value>,
        /// When the server took it (ms since the epoch, the server's clock).
        #[ts(type = "number")]
        pub updated_at: i64,
    }

    /// `PATCH /stores/onlinestore/themes/{themeId}/draft`: the commands made since the server's
    /// copy at `revision`: the first `keep` commands of that copy stay, these follow them. The
    /// server answers 409 when its copy is no longer at `revision` or made against
    /// `baseVersion`; the editor then sends its draft whole.
    pub struct ThemeDraftPatch {
        /// The version of the config the whole draft is made against (the server copy's).
        #[ts(type = "number")]
        pub base_version: i64,
        /// The server copy's revision these commands continue.
        #[ts(type = "number")]
        pub revision: i64,
        /// How many of the server copy's commands stay (fewer than it holds after an undo).
        pub keep: u32,
        #[ts(type = "unknown[]")]
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
        pub commands: Vec<Value>,
    }

    /// What a draft's PATCH answers: small, never the commands (the editor has them).
    pub struct ThemeDraftAck {
        /// The draft's revision now, for the next PATCH.
        #[ts(type = "number")]
        pub revision: i64,
        /// How many commands the draft holds now.
        pub count: u32,
        /// When the server took it (ms since the epoch, the server's clock).
        #[ts(type = "number")]
        pub updated_at: i64,
    }

    /// One saved version of a theme's config.
    pub struct ThemeVersion {
        pub version: i64,
        pub summary: String,
        pub paths: Vec<String>,
        /// What the version changed, in words the admin translates (empty for a whole-config
        /// save, a restore or a page copy, which `summary` says).
        #[serde(default)]
        pub changes: Vec<crate::theme::VersionChange>,
        #[serde(default)]
        #[ts(optional)]
        pub saved_by: Option<String>,
        #[serde(default)]
        #[ts(optional)]
        pub saved_by_name: Option<String>,
        pub saved_at: i64,
        /// Everyone whose edits of the live session the version saved (empty for a save of
        /// one person's own edits).
        #[serde(default)]
        pub authors: Vec<String>,
    }

    /// One saved version with its config.
    pub struct ThemeVersionDetail {
        pub version: ThemeVersion,
        #[ts(type = "unknown")]
        #[cfg_attr(feature = "openapi", schema(value_type = Object))]
        pub config: Value,
    }

    /// A store page (About us, Contact ...).
    pub struct Page {
        pub id: String,
        pub title: String,
        pub handle: String,
        /// Sanitized HTML.
        pub body_html: String,
        pub published: bool,
        pub created_at: i64,
        pub updated_at: i64,
    }

    /// A page to create or the whole of a page to replace.
    pub struct PageInput {
        pub title: String,
        #[serde(default)]
        #[ts(optional)]
        pub handle: Option<String>,
        #[serde(default)]
        pub body_html: String,
        #[serde(default)]
        pub published: bool,
    }

    /// A page of pages.
    pub struct PageList {
        pub pages: Vec<Page>,
        pub total: i64,
    }

    /// Where a menu item or a theme link leads (editor spec §3.2): `parent` is `home`,
    /// `category` (a collection), `product`, `page` or `url`; `slug` the handle or address.
    pub struct Link {
        pub parent: String,
        #[serde(default)]
        pub slug: String,
        #[serde(default)]
        #[ts(optional)]
        pub name: Option<String>,
        #[serde(default)]
        #[ts(optional)]
        pub params: Option<LinkParams>,
    }

    /// The slug of a menu link.
    #[ts(rename = "MenuLinkParams")]
    #[cfg_attr(feature = "openapi", schema(as = MenuLinkParams))]
    pub struct LinkParams {
        #[serde(default)]
        pub slug: String,
    }

    /// An item of a menu; children have no children of their own.
    pub struct MenuItem {
        #[serde(default)]
        pub id: String,
        pub title: String,
        pub link: Link,
        #[serde(default)]
        #[cfg_attr(feature = "openapi", schema(no_recursion))]
        pub children: Vec<MenuItem>,
    }

    /// A navigation menu (main-menu, footer ...). In TypeScript `NavigationMenu`, apart from
    /// the drawer's `Menu` of the shell.
    #[ts(rename = "NavigationMenu")]
    #[cfg_attr(feature = "openapi", schema(as = NavigationMenu))]
    pub struct Menu {
        pub id: String,
        pub title: String,
        pub handle: String,
        pub items: Vec<MenuItem>,
        pub created_at: i64,
        pub updated_at: i64,
    }

    /// A menu to create or the whole of a menu to replace.
    pub struct MenuInput {
        pub title: String,
        #[serde(default)]
        #[ts(optional)]
        pub handle: Option<String>,
        #[serde(default)]
        pub items: Vec<MenuItem>,
    }

    pub struct Image {
        pub src: String,
        #[serde(default)]
        pub alt: String,
    }

    pub struct ProductOption {
        pub name: String,
        pub values: Vec<String>,
    }

    pub struct Variant {
        #[serde(default)]
        pub id: String,
        pub title: String,
        #[serde(default)]
        pub options: Vec<String>,
        pub price: Money,
        #[serde(default)]
        #[ts(optional)]
        pub compare_at_price: Option<Money>,
        #[serde(default)]
        pub stock: i64,
        #[serde(default)]
        pub sku: String,
    }

    /// A product. `_id` repeats `id`, as the editor's pickers read it (editor spec §7).
    pub struct Product {
        pub id: String,
        #[serde(rename = "_id")]
        pub legacy_id: String,
        pub title: String,
        pub handle: String,
        pub description_html: String,
        pub images: Vec<Image>,
        pub price: Money,
        #[serde(default)]
        #[ts(optional)]
        pub compare_at_price: Option<Money>,
        pub options: Vec<ProductOption>,
        pub variants: Vec<Variant>,
        pub tags: Vec<String>,
        /// What one unit weighs, in grams, for rates by weight; absent: not weighed (0).
        #[serde(default)]
        #[ts(optional, type = "number")]
        pub weight_grams: Option<i64>,
        /// active, draft or archived.
        pub status: String,
        pub created_at: i64,
        pub updated_at: i64,
    }

    /// A product to create or the whole of a product to replace.
    pub struct ProductInput {
        pub title: String,
        #[serde(default)]
        #[ts(optional)]
        pub handle: Option<String>,
        #[serde(default)]
        pub description_html: String,
        #[serde(default)]
        pub images: Vec<Image>,
        pub price: Money,
        #[serde(default)]
        #[ts(optional)]
        pub compare_at_price: Option<Money>,
        #[serde(default)]
        pub options: Vec<ProductOption>,
        #[serde(default)]
        pub variants: Vec<Variant>,
        #[serde(default)]
        pub tags: Vec<String>,
        /// What one unit weighs, in grams (0 to 1,000,000); absent: not weighed.
        #[serde(default)]
        #[ts(optional, type = "number")]
        pub weight_grams: Option<i64>,
        /// active (default), draft or archived.
        #[serde(default)]
        #[ts(optional)]
        pub status: Option<String>,
    }

    /// A page of products.
    pub struct ProductList {
        pub products: Vec<Product>,
        pub total: i64,
        pub page: u32,
        pub limit: u32,
    }

    /// A collection: products chosen by hand (`manual`) or all products with a tag (`tag`).
    pub struct Collection {
        pub id: String,
        pub title: String,
        pub handle: String,
        #[serde(default)]
        #[ts(optional)]
        pub image: Option<String>,
        pub kind: String,
        #[serde(default)]
        #[ts(optional)]
        pub tag: Option<String>,
        pub product_ids: Vec<String>,
        pub products_count: i64,
        pub created_at: i64,
        pub updated_at: i64,
    }

    /// A collection to create or the whole of a collection to replace.
    pub struct CollectionInput {
        pub title: String,
        #[serde(default)]
        #[ts(optional)]
        pub handle: Option<String>,
        #[serde(default)]
        #[ts(optional)]
        pub image: Option<String>,
        /// manual (default) or tag.
        #[serde(default)]
        #[ts(optional)]
        pub kind: Option<String>,
        #[serde(default)]
        #[ts(optional)]
        pub tag: Option<String>,
        /// The products of a manual collection, in order.
        #[serde(default)]
        pub product_ids: Vec<String>,
    }

    /// A page of collections.
    pub struct CollectionList {
        pub collections: Vec<Collection>,
        pub total: i64,
    }

    pub struct Customer {
        pub id: String,
        pub email: String,
        #[serde(default)]
        #[ts(optional)]
        pub first_name: Option<String>,
        #[serde(default)]
        #[ts(optional)]
        pub last_name: Option<String>,
        pub full_name: String,
        #[serde(default)]
        #[ts(optional)]
        pub phone: Option<String>,
        #[serde(default)]
        #[ts(optional)]
        pub country: Option<String>,
        pub orders_count: i64,
        pub total_spent: Money,
        pub created_at: i64,
        #[serde(default)]
        pub notes: String,
        #[serde(default)]
        pub tags: Vec<String>,
        /// The first is the default address.
        #[serde(default)]
        pub addresses: Vec<Address>,
    }

    pub struct CustomerList {
        pub customers: Vec<Customer>,
        pub total: i64,
    }

    /// The customer of an order, as the order table reads it (`customerInfo[0].full_name`).
    pub struct CustomerInfo {
        #[serde(rename = "full_name")]
        pub full_name: String,
        pub email: String,
        /// The store's customer record the order belongs to, when there is one (ours: the
        /// order's page links to the customer).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        pub id: Option<String>,
    }

    pub struct CardInfo {
        #[serde(rename = "type")]
        pub kind: String,
    }

    pub struct PaymentSource {
        #[serde(default)]
        #[ts(optional)]
        pub card: Option<CardInfo>,
    }

    pub struct LineItem {
        #[serde(default)]
        #[ts(optional)]
        pub product_id: Option<String>,
        #[serde(default)]
        #[ts(optional)]
        pub variant_id: Option<String>,
        pub title: String,
        /// The variant's title (Size / Colour), empty for a product without variants.
        #[serde(default)]
        pub variant_title: String,
        pub quantity: i64,
        pub price: Money,
        /// The line's tax, after its share of the discounts (in its price when the order's
        /// prices include tax, else added to it).
        #[serde(default)]
        pub tax: Money,
        /// How many of the line were shipped (fulfilments not cancelled).
        #[serde(default)]
        pub fulfilled_quantity: i64,
        /// How many of the line were refunded.
        #[serde(default)]
        pub refunded_quantity: i64,
        /// What the shopper typed into the product's personalization, one value per field
        /// filled; empty for a product without a set-up.
        #[serde(default)]
        pub personalization: Vec<PersonalValue>,
    }

    /// One personalization field as the shopper filled it: the set-up's label and the text.
    pub struct PersonalValue {
        pub label: String,
        pub value: String,
    }

    /// An order with the spec's wire names (editor spec §3.1).
    pub struct Order {
        pub id: String,
        pub order_name: String,
        pub customer_info: Vec<CustomerInfo>,
        pub created_date: i64,
        #[serde(default)]
        #[ts(optional)]
        pub captured_date: Option<i64>,
        pub currency: String,
        pub subtotal: Money,
        pub shipping: Money,
        /// The shipping rate the shopper chose ("Standard"); empty for orders from before zones.
        #[serde(default)]
        pub shipping_method: String,
        pub discount: Money,
        /// The order's tax: its lines' and its shipping's.
        #[serde(default)]
        pub tax: Money,
        /// The part of `tax` on shipping.
        #[serde(default)]
        pub shipping_tax: Money,
        /// The prices held the tax (it is part of `grandTotal`, not added to it).
        #[serde(default)]
        pub taxes_included: bool,
        pub grand_total: Money,
        pub financial_status: String,
        pub fulfillment_status: String,
        #[serde(default)]
        #[ts(optional)]
        pub payment_name: Option<String>,
        pub payment_source: PaymentSource,
        pub line_items: Vec<LineItem>,
        /// A test order (the store was in test mode): no money was taken, it is not in the
        /// payout balance, and the analytics count it only when asked to.
        #[serde(default)]
        pub test: bool,
        #[serde(default)]
        #[ts(optional)]
        pub shipping_address: Option<Address>,
        /// Present when the shopper gave one other than the shipping address.
        #[serde(default)]
        #[ts(optional)]
        pub billing_address: Option<Address>,
        /// The shopper's note ("Please gift wrap").
        #[serde(default)]
        pub note: String,
        /// The discounts that made `discount`.
        #[serde(default)]
        pub discounts: Vec<AppliedDiscount>,
        /// Money given back so far, in major units.
        #[serde(default)]
        pub refunded: Money,
        #[serde(default)]
        #[ts(optional)]
        pub cancelled_at: Option<i64>,
        /// The order page's details (empty in lists).
        #[serde(default)]
        pub fulfillments: Vec<Fulfillment>,
        #[serde(default)]
        pub refunds: Vec<Refund>,
        /// Every change, oldest first (empty in lists).
        #[serde(default)]
        pub timeline: Vec<OrderEvent>,
    }

    pub struct OrderList {
        pub orders: Vec<Order>,
        pub total: i64,
        pub page: u32,
        pub limit: u32,
    }

    pub struct OrderCount {
        pub count: i64,
    }

    /// A checkout a shopper began on the storefront and did not complete within the grace
    /// period: the lines priced from the database, the contact details typed so far.
    pub struct AbandonedCheckout {
        pub id: String,
        /// A short name for people: `#` and the id's last eight characters.
        pub reference: String,
        #[serde(default)]
        #[ts(optional)]
        pub email: Option<String>,
        #[serde(default)]
        #[ts(optional)]
        pub customer_name: Option<String>,
        pub created_date: i64,
        /// The shopper's last change; the checkout counts as abandoned from the grace period
        /// after it.
        pub updated_date: i64,
        pub currency: String,
        pub subtotal: Money,
        /// How many items (the sum of the quantities).
        pub item_count: i64,
        /// notRecovered, or recovered when the shopper placed the order later.
        pub status: String,
        #[serde(default)]
        #[ts(optional)]
        pub order_id: Option<String>,
        pub line_items: Vec<LineItem>,
        /// The storefront address that puts the lines back in the shopper's cart.
        pub recovery_url: String,
    }

    pub struct AbandonedCheckoutList {
        pub checkouts: Vec<AbandonedCheckout>,
        pub total: i64,
        pub page: u32,
        pub limit: u32,
        /// The grace period in minutes: a checkout is listed this long after its last change.
        pub abandoned_after_minutes: i64,
    }

    /// A discount: a code customers type, or an automatic one; a percent or an amount off.
    pub struct Discount {
        pub id: String,
        /// code or automatic.
        pub method: String,
        /// The code (method code) or the title (automatic).
        pub code: String,
        /// percent, amount or free_shipping.
        pub value_type: String,
        /// Percent (12.5) or amount in major units (0 for free shipping), exact either way.
        pub value: Money,
        #[serde(default)]
        #[ts(optional)]
        pub starts_at: Option<i64>,
        #[serde(default)]
        #[ts(optional)]
        pub ends_at: Option<i64>,
        pub is_active: bool,
        pub created_at: i64,
        pub updated_at: i64,
        /// The order subtotal it needs, in major units (absent: none).
        #[serde(default)]
        #[ts(optional)]
        pub min_subtotal: Option<Money>,
        /// How many orders may use it in all (absent: no limit).
        #[serde(default)]
        #[ts(optional)]
        pub usage_limit: Option<i64>,
        /// How many orders one customer (by e-mail) may use it on (absent: no limit).
        #[serde(default)]
        #[ts(optional)]
        pub per_customer_limit: Option<i64>,
        /// Orders that used it.
        #[serde(default)]
        pub used: i64,
    }

    pub struct DiscountInput {
        /// code (default) or automatic.
        #[serde(default)]
        #[ts(optional)]
        pub method: Option<String>,
        pub code: String,
        pub value_type: String,
        pub value: Money,
        #[serde(default)]
        #[ts(optional)]
        pub starts_at: Option<i64>,
        #[serde(default)]
        #[ts(optional)]
        pub ends_at: Option<i64>,
        #[serde(default)]
        #[ts(optional)]
        pub is_active: Option<bool>,
        #[serde(default)]
        #[ts(optional)]
        pub min_subtotal: Option<Money>,
        #[serde(default)]
        #[ts(optional)]
        pub usage_limit: Option<i64>,
        #[serde(default)]
        #[ts(optional)]
        pub per_customer_limit: Option<i64>,
    }

    pub struct DiscountList {
        pub discounts: Vec<Discount>,
        pub total: i64,
    }

    /// An uploaded image: `src` is its address, `fullPath` the same, as the editor reads
    /// either.
    pub struct UploadedImage {
        pub id: String,
        pub src: String,
        pub full_path: String,
        pub content_type: String,
        pub size: i64,
    }
}

/// The choices of the content forms, as the core lists them: product statuses, collection
/// kinds, where a menu link leads, discount methods and value types, and the font sizes rich
/// text may use.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ContentChoices {
    pub product_statuses: Vec<String>,
    pub collection_kinds: Vec<String>,
    pub link_parents: Vec<String>,
    pub discount_methods: Vec<String>,
    pub discount_value_types: Vec<String>,
    pub rich_text_font_sizes_px: Vec<u32>,
}

/// The financial and fulfilment states an order can be in, in the order the filters show them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OrderStatuses {
    pub financial: Vec<String>,
    pub fulfillment: Vec<String>,
}

/// How many images, options, values of an option and variants a product may have.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ProductLimits {
    pub images_max: usize,
    pub options_max: usize,
    pub option_values_max: usize,
    pub variants_max: usize,
}

/// The variants a product's options make, or the options' problem when they make too many.
/// Both keys are always there, the one that does not apply `null`, so the UI tells the two
/// apart by either.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(untagged)]
#[ts(export)]
pub enum VariantsOutcome {
    /// One variant per combination of the options' values.
    Made { variants: Vec<Variant>, problem: () },
    /// The options make too many variants.
    Refused { variants: (), problem: FieldProblem },
}
