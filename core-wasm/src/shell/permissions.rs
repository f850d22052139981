//! The role keys that menu items and routes require (shell.md §6).

/// Every role key of shell.md §6, in the spec's order. A store owner holds all of them.
pub const ROLE_KEYS: &[&str] = &[
    "homes",
    "orders",
    "products",
    "report",
    "dashboards",
    "sale_reports",
    "estimated_profit",
    "utm_analystics",
    "live_view",
    "settings",
    "discounts",
    "customers",
    "apps",
    "store",
    "checkout",
    "themes",
    "pages",
    "navigations",
    "domains",
    "preferences",
];

/// Whether `key` is one of the spec's role keys.
pub fn is_role_key(key: &str) -> bool {
    ROLE_KEYS.contains(&key)
}

/// The English label of each role key, as the staff permission picker shows it (the UI
/// translates by key). The spec names the keys only; the labels are ours.
pub const ROLE_LABELS: &[(&str, &str)] = &[
    ("homes", "Home"),
    ("orders", "Orders"),
    ("products", "Products"),
    ("report", "Pixel and reports"),
    ("dashboards", "Analytics"),
    ("sale_reports", "Sales reports"),
    ("estimated_profit", "Estimated profit"),
    ("utm_analystics", "UTM analytics"),
    ("live_view", "Live view"),
    ("settings", "Settings"),
    ("discounts", "Discounts"),
    ("customers", "Customers"),
    ("apps", "Apps"),
    ("store", "Store and members"),
    ("checkout", "Checkout and payouts"),
    ("themes", "Themes"),
    ("pages", "Pages"),
    ("navigations", "Navigation"),
    ("domains", "Domains"),
    ("preferences", "Preferences"),
];

/// The English label of a role key.
pub fn role_label(key: &str) -> Option<&'static str> {
    ROLE_LABELS
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, label)| *label)
}

/// Scopes that only the store's owner may grant: the staff and the money.
pub const OWNER_ONLY_SCOPES: &[&str] = &["store", "checkout"];

/// Who acts on a store's staff: the owner, or a member holding `scopes`.
#[derive(Debug, Clone, Copy)]
pub struct StaffActor<'a> {
    pub user_id: &'a str,
    pub is_owner: bool,
    pub scopes: &'a [String],
}

/// The member (or invitation) acted on.
#[derive(Debug, Clone, Copy)]
pub struct StaffTarget<'a> {
    pub user_id: &'a str,
    pub is_owner: bool,
    pub scopes: &'a [String],
}

/// Why the staff rules refuse a change; `code` is stable, the UI translates by it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StaffRefusal {
    #[error("Nobody can change their own permissions.")]
    OwnScopes,
    #[error("The owner's access cannot be changed.")]
    Owner,
    #[error("Only the store owner can grant or take away the permission \"{0}\".")]
    OwnerOnly(String),
    #[error("You can only grant or take away permissions you hold yourself (not \"{0}\").")]
    NotHeld(String),
}

impl StaffRefusal {
    /// The machine code of the refusal.
    pub fn code(&self) -> &'static str {
        match self {
            StaffRefusal::OwnScopes => "staff.own_scopes",
            StaffRefusal::Owner => "staff.owner",
            StaffRefusal::OwnerOnly(_) => "staff.owner_only",
            StaffRefusal::NotHeld(_) => "staff.not_held",
        }
    }
}

/// The scopes a member holds: every role key for an owner, the granted ones (a space-separated
/// list, as stored) for staff.
pub fn member_scopes(role: &str, scopes: &str) -> Vec<String> {
    if role == "owner" {
        ROLE_KEYS.iter().map(|k| (*k).to_owned()).collect()
    } else {
        scopes.split_whitespace().map(str::to_owned).collect()
    }
}

/// The scopes `actor` may grant, invite with or take away: every one for the owner; for a
/// member, those they hold except the owner-only ones.
pub fn grantable_scopes(is_owner: bool, held: &[String]) -> Vec<&'static str> {
    ROLE_KEYS
        .iter()
        .copied()
        .filter(|key| {
            is_owner || (!OWNER_ONLY_SCOPES.contains(key) && held.iter().any(|h| h == key))
        })
        .collect()
}

/// Whether `actor` may grant or take away every scope of `changed`.
fn check_changed<'s>(
    actor: &StaffActor<'_>,
    changed: impl IntoIterator<Item = &'s String>,
) -> Result<(), StaffRefusal> {
    if actor.is_owner {
        return Ok(());
    }
    for scope in changed {
        if OWNER_ONLY_SCOPES.contains(&scope.as_str()) {
            return Err(StaffRefusal::OwnerOnly(scope.clone()));
        }
        if !actor.scopes.contains(scope) {
            return Err(StaffRefusal::NotHeld(scope.clone()));
        }
    }
    Ok(())
}

/// Inviting someone with `requested` scopes.
pub fn check_invite(actor: &StaffActor<'_>, requested: &[String]) -> Result<(), StaffRefusal> {
    check_changed(actor, requested)
}

/// Changing `target`'s scopes to `requested` (Shopify's rule): nobody changes their own, the
/// owner is untouchable, and a member grants or takes away only scopes they hold, never the
/// owner-only ones.
pub fn check_scope_change(
    actor: &StaffActor<'_>,
    target: &StaffTarget<'_>,
    requested: &[String],
) -> Result<(), StaffRefusal> {
    if target.is_owner {
        return Err(StaffRefusal::Owner);
    }
    if target.user_id == actor.user_id {
        return Err(StaffRefusal::OwnScopes);
    }
    let added = requested.iter().filter(|s| !target.scopes.contains(s));
    let removed = target.scopes.iter().filter(|s| !requested.contains(s));
    check_changed(actor, added.chain(removed))
}

/// Removing `target` from the staff or signing them out of the store: it takes away all their
/// scopes, so the actor must be able to take away each. Signing oneself out is always allowed.
pub fn check_act_on(actor: &StaffActor<'_>, target: &StaffTarget<'_>) -> Result<(), StaffRefusal> {
    if target.is_owner {
        return Err(StaffRefusal::Owner);
    }
    if target.user_id == actor.user_id {
        return Ok(());
    }
    check_changed(actor, target.scopes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owned(keys: &[&str]) -> Vec<String> {
        keys.iter().map(|k| (*k).to_owned()).collect()
    }

    #[test]
    fn a_member_grants_only_scopes_they_hold_and_never_the_owner_only_ones() {
        let held = owned(&["store", "orders", "products"]);
        let actor = StaffActor {
            user_id: "a",
            is_owner: false,
            scopes: &held,
        };
        let target_scopes = owned(&["orders"]);
        let target = StaffTarget {
            user_id: "b",
            is_owner: false,
            scopes: &target_scopes,
        };
        assert_eq!(
            check_scope_change(&actor, &target, &owned(&["orders", "products"])),
            Ok(())
        );
        assert_eq!(
            check_scope_change(&actor, &target, &owned(&["orders", "themes"])),
            Err(StaffRefusal::NotHeld("themes".to_owned()))
        );
        assert_eq!(
            check_scope_change(&actor, &target, &owned(&["orders", "store"])),
            Err(StaffRefusal::OwnerOnly("store".to_owned()))
        );
        assert_eq!(
            check_invite(&actor, &owned(&["checkout"])),
            Err(StaffRefusal::OwnerOnly("checkout".to_owned()))
        );
        assert_eq!(grantable_scopes(false, &held), vec!["orders", "products"]);
        assert_eq!(grantable_scopes(true, &[]).len(), ROLE_KEYS.len());
    }

    #[test]
    fn nobody_changes_their_own_scopes_and_the_owner_is_untouchable() {
        let held = owned(&["store", "orders"]);
        let actor = StaffActor {
            user_id: "a",
            is_owner: false,
            scopes: &held,
        };
        let me = StaffTarget {
            user_id: "a",
            is_owner: false,
            scopes: &held,
        };
        assert_eq!(
            check_scope_change(&actor, &me, &owned(&["orders"])),
            Err(StaffRefusal::OwnScopes)
        );
        assert_eq!(check_act_on(&actor, &me), Ok(()));
        let owner = StaffTarget {
            user_id: "o",
            is_owner: true,
            scopes: &[],
        };
        assert_eq!(check_act_on(&actor, &owner), Err(StaffRefusal::Owner));
        let boss = StaffActor {
            user_id: "o",
            is_owner: true,
            scopes: &[],
        };
        assert_eq!(
            check_scope_change(&boss, &owner, &owned(&["orders"])),
            Err(StaffRefusal::Owner)
        );
        let richer_scopes = owned(&["orders", "checkout"]);
        let richer = StaffTarget {
            user_id: "c",
            is_owner: false,
            scopes: &richer_scopes,
        };
        assert_eq!(
            check_act_on(&actor, &richer),
            Err(StaffRefusal::OwnerOnly("checkout".to_owned()))
        );
        assert_eq!(check_act_on(&boss, &richer), Ok(()));
    }

    #[test]
    fn every_role_key_has_one_label_in_order() {
        let keys: Vec<&str> = ROLE_LABELS.iter().map(|(key, _)| *key).collect();
        assert_eq!(keys, ROLE_KEYS);
    }
}
