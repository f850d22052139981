//! The pages besides home: product, collection, cart, checkout and thank-you.

pub(crate) mod cart;
pub(crate) mod checkout;
pub(crate) mod collection;
pub(crate) mod product;
pub(crate) mod thank_you;
