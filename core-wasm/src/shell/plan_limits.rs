//! What a plan's card promises as a limit (issue 46): how many products, themes and staff
//! accounts a store on it may have, read from the plan's feature codes (`plans.features`). The
//! server refuses a creation beyond the limit naming the cheapest plan that allows more, and the
//! screens show the limit; both read it here.

use shared_types::{Plan, PlanFeature};

/// A thing a plan counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limited {
    /// The store's products.
    Products,
    /// The themes in the store's library (published or not).
    Themes,
    /// The store's staff accounts: its members other than the owner and its open invitations.
    Staff,
}

impl Limited {
    /// Every thing a plan counts.
    pub const ALL: [Limited; 3] = [Limited::Products, Limited::Themes, Limited::Staff];

    /// The word in messages, plural.
    pub fn noun(self) -> &'static str {
        match self {
            Limited::Products => "products",
            Limited::Themes => "themes",
            Limited::Staff => "staff accounts",
        }
    }
}

/// The most a plan allows of each thing it counts; `None` is unlimited.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlanLimits {
    pub products: Option<i64>,
    pub themes: Option<i64>,
    pub staff: Option<i64>,
}

impl PlanLimits {
    /// The most of `what` this plan allows; `None` is unlimited.
    pub fn of(&self, what: Limited) -> Option<i64> {
        match what {
            Limited::Products => self.products,
            Limited::Themes => self.themes,
            Limited::Staff => self.staff,
        }
    }
}

/// The feature codes that promise a limit, and the limit each promises (`None`: unlimited). A
/// plan whose card names no staff code (the free plan's) includes no staff accounts: staff are
/// what Silver's card sells ("2 staff accounts"). A card naming no product or theme code
/// promises no product or theme limit.
pub const LIMIT_FEATURES: &[(&str, Limited, Option<i64>)] = &[
    ("products", Limited::Products, Some(50)),
    ("productsUnlimited", Limited::Products, None),
    ("themes", Limited::Themes, Some(1)),
    ("staff2", Limited::Staff, Some(2)),
    ("staff10", Limited::Staff, Some(10)),
    ("staffUnlimited", Limited::Staff, None),
];

/// The limits of a plan with `features`: the first code of each kind counts; without a staff
/// code, no staff accounts; without a product or theme code, unlimited.
pub fn plan_limits(features: &[PlanFeature]) -> PlanLimits {
    let find = |what: Limited| {
        features.iter().find_map(|f| {
            LIMIT_FEATURES
                .iter()
                .find(|(code, kind, _)| *code == f.code && *kind == what)
                .map(|(_, _, max)| *max)
        })
    };
    PlanLimits {
        products: find(Limited::Products).flatten(),
        themes: find(Limited::Themes).flatten(),
        staff: find(Limited::Staff).unwrap_or(Some(0)),
    }
}

/// Whether a store with `count` of something may add `adding` more under `max` (`None`:
/// unlimited). A store already over the limit (after a downgrade) keeps what it has but adds
/// nothing.
pub fn may_add(count: i64, adding: i64, max: Option<i64>) -> bool {
    max.is_none_or(|max| count.saturating_add(adding) <= max)
}

/// The cheapest plan (of `plans`, cheapest first) that allows more of `what` than `max`.
pub fn cheapest_plan_allowing_more(
    plans: &[Plan],
    what: Limited,
    max: Option<i64>,
) -> Option<&Plan> {
    let max = max?;
    plans.iter().find(|plan| {
        plan_limits(&plan.features)
            .of(what)
            .is_none_or(|other| other > max)
    })
}

/// The refusal of a creation beyond the limit: what the plan allows, and the plan that allows
/// more (when one does).
pub fn limit_reached(what: Limited, max: i64, plan: Option<&str>) -> String {
    let noun = what.noun();
    let allowed = match (what, max) {
        (Limited::Staff, 0) => "Your plan includes no staff accounts".to_owned(),
        (Limited::Themes, 1) => "Your plan includes one theme".to_owned(),
        _ => format!("Your plan includes up to {max} {noun}"),
    };
    match plan {
        Some(plan) => format!(
            "{allowed}. More {noun} come with the {plan} plan and up: choose a plan on the Plan page."
        ),
        None => format!("{allowed}, and no plan includes more."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feature(code: &str) -> PlanFeature {
        PlanFeature {
            code: code.to_owned(),
            text: String::new(),
        }
    }

    fn plan(code: &str, name: &str, codes: &[&str]) -> Plan {
        Plan {
            code: code.to_owned(),
            name: name.to_owned(),
            price: shared_types::Money::ZERO,
            currency: "USD".to_owned(),
            features: codes.iter().map(|c| feature(c)).collect(),
            rank: None,
        }
    }

    /// The plans as migrations 0018 and 0031 list them, cheapest first.
    fn shipped() -> Vec<Plan> {
        vec![
            plan(
                "FREE",
                "Free",
                &["products", "themes", "support", "reports"],
            ),
            plan(
                "PLAN_SILVER_MONTHLY",
                "Silver",
                &["productsUnlimited", "domain", "staff2", "reports"],
            ),
            plan(
                "PLAN_GOLD_MONTHLY",
                "Gold",
                &["productsUnlimited", "domain", "staff10", "reports"],
            ),
            plan(
                "PLAN_VIP_MONTHLY",
                "VIP",
                &[
                    "productsUnlimited",
                    "domain",
                    "staffUnlimited",
                    "reports",
                    "priority",
                ],
            ),
        ]
    }

    #[test]
    fn each_shipped_plan_allows_what_its_card_says() {
        let limits: Vec<_> = shipped().iter().map(|p| plan_limits(&p.features)).collect();
        let expect = |products, themes, staff| PlanLimits {
            products,
            themes,
            staff,
        };
        assert_eq!(limits[0], expect(Some(50), Some(1), Some(0)));
        assert_eq!(limits[1], expect(None, None, Some(2)));
        assert_eq!(limits[2], expect(None, None, Some(10)));
        assert_eq!(limits[3], expect(None, None, None));
    }

    #[test]
    fn a_card_without_codes_has_no_staff_and_no_other_limit() {
        assert_eq!(
            plan_limits(&[]),
            PlanLimits {
                products: None,
                themes: None,
                staff: Some(0),
            }
        );
        let first = plan_limits(&[feature("staff10"), feature("staff2")]);
        assert_eq!(first.staff, Some(10));
    }

    #[test]
    fn adding_stops_at_the_limit_and_over_it() {
        assert!(may_add(49, 1, Some(50)));
        assert!(!may_add(50, 1, Some(50)));
        assert!(!may_add(48, 3, Some(50)));
        assert!(!may_add(70, 1, Some(50)), "a downgraded store adds nothing");
        assert!(!may_add(0, 1, Some(0)));
        assert!(may_add(i64::MAX, 1, None));
    }

    #[test]
    fn the_cheapest_plan_allowing_more_is_named() {
        let plans = shipped();
        let name =
            |what, max| cheapest_plan_allowing_more(&plans, what, max).map(|p| p.name.as_str());
        assert_eq!(name(Limited::Products, Some(50)), Some("Silver"));
        assert_eq!(name(Limited::Themes, Some(1)), Some("Silver"));
        assert_eq!(name(Limited::Staff, Some(0)), Some("Silver"));
        assert_eq!(name(Limited::Staff, Some(2)), Some("Gold"));
        assert_eq!(name(Limited::Staff, Some(10)), Some("VIP"));
        assert_eq!(name(Limited::Staff, None), None);
        assert_eq!(
            cheapest_plan_allowing_more(&plans[..1], Limited::Products, Some(50)),
            None
        );
    }

    #[test]
    fn the_refusal_names_the_limit_and_the_plan() {
        assert_eq!(
            limit_reached(Limited::Products, 50, Some("Silver")),
            "Your plan includes up to 50 products. More products come with the Silver plan and up: choose a plan on the Plan page."
        );
        assert!(
            limit_reached(Limited::Staff, 0, Some("Silver"))
                .starts_with("Your plan includes no staff accounts.")
        );
        assert!(
            limit_reached(Limited::Themes, 1, Some("Silver"))
                .starts_with("Your plan includes one theme.")
        );
        assert!(limit_reached(Limited::Staff, 2, None).ends_with("no plan includes more."));
    }
}
