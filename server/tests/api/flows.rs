//! The account flows end to end: sign-up and activation, forgotten passwords, profile and
//! password changes, new stores, staff invitations and removal, survey and page preference.

use axum::http::StatusCode;
use serde_json::json;

use crate::helpers::{
    DEMO_PASSWORD, DESIGNER_EMAIL, ORDERS_STAFF_EMAIL, OWNER_EMAIL, SELLER_EMAIL, add_order,
    fresh_store, spawn_app,
};

#[tokio::test]
async fn sign_up_needs_the_key_then_activation_then_sign_in_works() {
    let app = spawn_app().await;
    let form =
        json!({"email": "New@Shop.vn", "password": "secret12", "storeName": "Đà Lạt Coffee"});
    let closed = app.post("/api/auth/signup").json(&form).send().await;
    assert_eq!(closed.status, StatusCode::FORBIDDEN);
    let wrong = app
        .post("/api/auth/signup?sk=guess")
        .json(&form)
        .send()
        .await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN);
    let bad = app
        .post("/api/auth/signup?sk=welcome")
        .json(&json!({"email": "abc", "password": "1", "storeName": ""}))
        .send()
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    // Seven letters sign in (the spec's 5 to 50) but do not make a new account.
    let seven = app
        .post("/api/auth/signup?sk=welcome")
        .json(&json!({"email": "seven@shop.vn", "password": "seven77", "storeName": "Seven"}))
        .send()
        .await;
    assert_eq!(seven.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        seven.messages(),
        vec!["Password must have at least 8 letters."]
    );
    assert_eq!(
        bad.messages(),
        vec![
            "Invalid Email",
            "Password must have at least 8 letters.",
            "Store name is required"
        ]
    );

    let created = app
        .post("/api/auth/signup?sk=welcome")
        .json(&form)
        .send()
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let login = json!({"email": "new@shop.vn", "password": "secret12"});
    let early = app.post("/api/auth/login").json(&login).send().await;
    assert_eq!(early.status, StatusCode::FORBIDDEN);

    let token = app.token_mailed_to("new@shop.vn").await;
    let activated = app
        .post("/api/auth/account-activation")
        .json(&json!({"token": token}))
        .send()
        .await;
    assert_eq!(activated.status, StatusCode::OK, "{}", activated.text);
    // The merchant goes on signed in: the session works at once, in the new store.
    let started = activated.json["session"]["accessToken"]
        .as_str()
        .expect("a session");
    let me = app.get("/api/users/stores").token(started).send().await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.json["stores"][0]["subdomain"], "da-lat-coffee");
    assert!(activated.json["session"]["storeId"].is_string());
    let again = app
        .post("/api/auth/account-activation")
        .json(&json!({"token": token}))
        .send()
        .await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);

    let session = app.login("new@shop.vn", "secret12").await;
    let access = session["accessToken"].as_str().expect("token");
    let store_id = session["storeId"].as_str().expect("a store");
    let stores = app.get("/api/users/stores").token(access).send().await;
    assert_eq!(stores.json["stores"][0]["subdomain"], "da-lat-coffee");
    assert_eq!(stores.json["stores"][0]["name"], "Đà Lạt Coffee");
    // A new store has not done its survey yet; the demo stores have.
    let survey = app
        .get("/api/stores/survey")
        .token(access)
        .store(store_id)
        .send()
        .await;
    assert_eq!(survey.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_register_page_learns_whether_its_key_opens_registration_without_seeing_the_key() {
    let app = spawn_app().await;
    let right = app.get("/api/auth/signup-key?sk=welcome").send().await;
    assert_eq!(right.status, StatusCode::OK, "{}", right.text);
    assert!(!right.text.contains("welcome"));
    for wrong in [
        "/api/auth/signup-key",
        "/api/auth/signup-key?sk=",
        "/api/auth/signup-key?sk=guess",
        "/api/auth/signup-key?sk=welcome2",
        "/api/auth/signup-key?sk=Welcome",
    ] {
        let reply = app.get(wrong).send().await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{wrong}");
        assert_eq!(
            reply.messages(),
            vec!["Registration is by invitation only."]
        );
    }
}

#[tokio::test]
async fn signing_up_with_a_taken_email_answers_the_same_and_warns_its_owner() {
    let app = spawn_app().await;
    let reply = app
        .post("/api/auth/signup?sk=welcome")
        .json(&json!({"email": SELLER_EMAIL, "password": "secret12", "storeName": "Copy"}))
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::CREATED);
    let (subject, _) = app.last_mail_to(SELLER_EMAIL).await.expect("mail");
    assert!(subject.contains("tried to sign up"));
    // The owner's password is untouched.
    app.login(OWNER_EMAIL, DEMO_PASSWORD).await;
}

#[tokio::test]
async fn forgot_password_answers_alike_and_a_reset_ends_every_session() {
    let app = spawn_app().await;
    let (old_access, _, _) = app.session_of(OWNER_EMAIL).await;
    let known = app
        .post("/api/auth/forgot_password")
        .json(&json!({"email": OWNER_EMAIL}))
        .send()
        .await;
    let unknown = app
        .post("/api/auth/forgot_password")
        .json(&json!({"email": "nobody@example.com"}))
        .send()
        .await;
    assert_eq!(
        (known.status, unknown.status),
        (StatusCode::OK, StatusCode::OK)
    );
    assert_eq!(known.json, unknown.json);
    assert!(app.last_mail_to("nobody@example.com").await.is_none());
    let bad = app
        .post("/api/auth/forgot_password")
        .json(&json!({"email": "abc"}))
        .send()
        .await;
    assert_eq!(bad.messages(), vec!["Invalid Email"]);

    let token = app.token_mailed_to(OWNER_EMAIL).await;
    let check = app
        .get(&format!(
            "/api/auth/verify_reset_password_token?token={token}"
        ))
        .send()
        .await;
    assert_eq!(check.json["valid"], true);
    let nonsense = app
        .get("/api/auth/verify_reset_password_token?token=nope")
        .send()
        .await;
    assert_eq!(nonsense.json["valid"], false);
    let short = app
        .post("/api/auth/reset_password")
        .json(&json!({"password": "abc", "token": token}))
        .send()
        .await;
    assert_eq!(short.status, StatusCode::BAD_REQUEST);
    let reset = app
        .post("/api/auth/reset_password")
        .json(&json!({"password": "brand-new", "token": token}))
        .send()
        .await;
    assert_eq!(reset.status, StatusCode::OK);
    assert_eq!(
        app.get("/api/users/info")
            .token(&old_access)
            .send()
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    let reused = app
        .post("/api/auth/reset_password")
        .json(&json!({"password": "another1", "token": token}))
        .send()
        .await;
    assert_eq!(reused.status, StatusCode::NOT_FOUND);
    app.login(OWNER_EMAIL, "brand-new").await;
}

#[tokio::test]
async fn the_profile_and_password_can_be_changed() {
    let app = spawn_app().await;
    let (access, _, _) = app.session_of(SELLER_EMAIL).await;
    let (other_device, _, _) = app.session_of(SELLER_EMAIL).await;
    let updated = app
        .put("/api/users")
        .json(&json!({"firstName": " Samuel ", "profilePicture": "https://img.example/sam.png"}))
        .token(&access)
        .send()
        .await;
    assert_eq!(updated.status, StatusCode::OK, "{}", updated.text);
    assert_eq!(updated.json["firstName"], "Samuel");
    assert_eq!(updated.json["lastName"], "Carter");
    let bad = app
        .put("/api/users")
        .json(&json!({"lastName": "x".repeat(51), "profilePicture": "javascript:alert(1)"}))
        .token(&access)
        .send()
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.messages().len(), 2);

    let wrong = app
        .put("/api/users/change-password")
        .json(&json!({"currentPassword": "nope-nope", "newPassword": "changed1", "confirmPassword": "changed1"}))
        .token(&access)
        .send()
        .await;
    assert_eq!(wrong.messages(), vec!["The current password is incorrect."]);
    let changed = app
        .put("/api/users/change-password")
        .json(&json!({"currentPassword": DEMO_PASSWORD, "newPassword": "changed1", "confirmPassword": "changed1"}))
        .token(&access)
        .send()
        .await;
    assert_eq!(changed.status, StatusCode::OK);
    assert_eq!(
        app.get("/api/users/info")
            .token(&access)
            .send()
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        app.get("/api/users/info")
            .token(&other_device)
            .send()
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    app.login(SELLER_EMAIL, "changed1").await;
}

#[tokio::test]
async fn a_user_creates_another_store_with_a_unique_subdomain() {
    let app = spawn_app().await;
    let (access, _, _) = app.session_of(SELLER_EMAIL).await;
    let created = app
        .post("/api/users/create-store")
        .json(&json!({"storeName": "Demo"}))
        .token(&access)
        .send()
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_eq!(created.json["subdomain"], "demo-2");
    assert_eq!(created.json["storeDomain"], "demo-2.localhost");
    assert_eq!(created.json["isOwner"], true);
    let store_id = created.json["id"].as_str().expect("id");
    let preferences = app
        .get("/api/stores/preferences")
        .token(&access)
        .store(store_id)
        .send()
        .await;
    assert_eq!(preferences.json["standardTimezone"], "America/Los_Angeles");
    let short = app
        .post("/api/users/create-store")
        .json(&json!({"storeName": "x"}))
        .token(&access)
        .send()
        .await;
    assert_eq!(
        short.messages(),
        vec!["Store name must have at least 2 letters."]
    );
}

#[tokio::test]
async fn an_invited_newcomer_joins_with_the_given_scopes_and_can_be_removed() {
    let app = spawn_app().await;
    let (owner, _, demo) = app.session_of(OWNER_EMAIL).await;
    let demo = demo.expect("store");
    let invite = json!({"email": "Packer@Example.com", "firstName": "Pat", "scopes": ["orders"]});
    let invited = app
        .post("/api/users/add-store-staff")
        .json(&invite)
        .token(&owner)
        .store(&demo)
        .send()
        .await;
    assert_eq!(invited.status, StatusCode::CREATED, "{}", invited.text);
    assert_eq!(invited.json["role"], "invited");
    let token = app.token_mailed_to("packer@example.com").await;
    let offer = app
        .post("/api/auth/check-staff-available")
        .json(&json!({"invitation_token": token}))
        .send()
        .await;
    assert_eq!(
        offer.json,
        json!({"email": "packer@example.com", "storeName": "Demo Store", "hasAccount": false})
    );
    let no_password = app
        .post("/api/auth/account-activation")
        .json(&json!({"token": token}))
        .send()
        .await;
    assert_eq!(no_password.messages(), vec!["Password is required"]);
    let short = app
        .post("/api/auth/account-activation")
        .json(&json!({"token": token, "password": "packer1"}))
        .send()
        .await;
    assert_eq!(
        short.messages(),
        vec!["Password must have at least 8 letters."]
    );
    let joined = app
        .post("/api/auth/account-activation")
        .json(&json!({"token": token, "password": "packer12"}))
        .send()
        .await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.text);
    // The newcomer goes on signed in, in the store they joined.
    assert_eq!(
        joined.json["session"]["storeId"].as_str(),
        Some(demo.as_str())
    );

    let packer = app.login("packer@example.com", "packer12").await;
    let packer_token = packer["accessToken"].as_str().expect("token").to_owned();
    let perms = app
        .get("/api/auth/store-permission")
        .token(&packer_token)
        .store(&demo)
        .send()
        .await;
    assert_eq!(perms.json["scopes"], json!(["orders"]));
    assert_eq!(perms.json["isStoreOwner"], false);
    // Without the `store` scope the staff screens are closed to them.
    let list = app
        .get("/api/users/store-staffs")
        .token(&packer_token)
        .store(&demo)
        .send()
        .await;
    assert_eq!(list.status, StatusCode::FORBIDDEN);

    let packer_id = app.user_id("packer@example.com").await;
    let widened = app
        .put(&format!("/api/users/update-store-staff/{packer_id}"))
        .json(&json!({"scopes": ["orders", "store"]}))
        .token(&owner)
        .store(&demo)
        .send()
        .await;
    assert_eq!(widened.json["scopes"], json!(["orders", "store"]));
    let bad_scope = app
        .put(&format!("/api/users/update-store-staff/{packer_id}"))
        .json(&json!({"scopes": ["root"]}))
        .token(&owner)
        .store(&demo)
        .send()
        .await;
    assert_eq!(bad_scope.messages(), vec!["Unknown permission: root"]);
    let list = app
        .get("/api/users/store-staffs")
        .token(&packer_token)
        .store(&demo)
        .send()
        .await;
    let emails: Vec<&str> = list.json["staffs"]
        .as_array()
        .expect("staffs")
        .iter()
        .filter_map(|s| s["email"].as_str())
        .collect();
    assert_eq!(
        emails,
        vec![
            OWNER_EMAIL,
            ORDERS_STAFF_EMAIL,
            DESIGNER_EMAIL,
            "packer@example.com"
        ]
    );
    let info = app
        .get(&format!("/api/users/store-staff-info?staff_id={packer_id}"))
        .token(&owner)
        .store(&demo)
        .send()
        .await;
    assert_eq!(info.json["firstName"], "Pat");

    let owner_id = app.user_id(OWNER_EMAIL).await;
    let remove_owner = app
        .delete(&format!(
            "/api/users/delete-staff-account?staff_id={owner_id}"
        ))
        .token(&owner)
        .store(&demo)
        .send()
        .await;
    assert_eq!(remove_owner.status, StatusCode::FORBIDDEN);
    let removed = app
        .delete(&format!(
            "/api/users/delete-staff-account?staff_id={packer_id}"
        ))
        .token(&owner)
        .store(&demo)
        .send()
        .await;
    assert_eq!(removed.status, StatusCode::OK);
    // Their access to the store ends on the next request; their account stays signed in.
    let info = app
        .get("/api/users/info")
        .token(&packer_token)
        .store(&demo)
        .send()
        .await;
    assert_eq!(info.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.get("/api/users/info")
            .token(&packer_token)
            .send()
            .await
            .status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn an_existing_user_accepts_without_a_password_and_duplicates_are_refused() {
    let app = spawn_app().await;
    let (owner, _, demo) = app.session_of(OWNER_EMAIL).await;
    let demo = demo.expect("store");
    let member = app
        .post("/api/users/add-store-staff")
        .json(&json!({"email": ORDERS_STAFF_EMAIL, "scopes": ["orders"]}))
        .token(&owner)
        .store(&demo)
        .send()
        .await;
    assert_eq!(member.status, StatusCode::CONFLICT);
    let invited = app
        .post("/api/users/add-store-staff")
        .json(&json!({"email": SELLER_EMAIL, "scopes": ["themes"]}))
        .token(&owner)
        .store(&demo)
        .send()
        .await;
    assert_eq!(invited.status, StatusCode::CREATED);
    let token = app.token_mailed_to(SELLER_EMAIL).await;
    let offer = app
        .post("/api/auth/check-staff-available")
        .json(&json!({"invitation_token": token}))
        .send()
        .await;
    assert_eq!(offer.json["hasAccount"], true);
    let joined = app
        .post("/api/auth/account-activation")
        .json(&json!({"token": token}))
        .send()
        .await;
    assert_eq!(joined.status, StatusCode::OK);
    // An existing account is not opened by the link alone.
    assert_eq!(joined.json.get("session"), None, "{}", joined.text);
    let (seller, _, _) = app.session_of(SELLER_EMAIL).await;
    let stores = app.get("/api/users/stores").token(&seller).send().await;
    assert_eq!(stores.json["stores"].as_array().map(Vec::len), Some(2));
    let gone = app
        .post("/api/auth/check-staff-available")
        .json(&json!({"invitation_token": token}))
        .send()
        .await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn signing_staff_out_ends_their_access_to_the_store_but_not_the_owners() {
    let app = spawn_app().await;
    let (owner, _, demo) = app.session_of(OWNER_EMAIL).await;
    let demo = demo.expect("store");
    let (orders_staff, _, _) = app.session_of(ORDERS_STAFF_EMAIL).await;
    let (designer, _, _) = app.session_of(DESIGNER_EMAIL).await;
    let designer_id = app.user_id(DESIGNER_EMAIL).await;
    let one = app
        .delete(&format!("/api/users/logout-staff-account/{designer_id}"))
        .token(&owner)
        .store(&demo)
        .send()
        .await;
    assert_eq!(one.status, StatusCode::OK);
    let in_store = |token: String| {
        let app = &app;
        let demo = demo.clone();
        async move {
            app.get("/api/users/info")
                .token(&token)
                .store(&demo)
                .send()
                .await
                .status
        }
    };
    assert_eq!(in_store(designer.clone()).await, StatusCode::UNAUTHORIZED);
    assert_eq!(in_store(orders_staff.clone()).await, StatusCode::OK);
    let all = app
        .delete("/api/users/logout-all-staff-account")
        .token(&owner)
        .store(&demo)
        .send()
        .await;
    assert_eq!(all.status, StatusCode::OK);
    assert_eq!(
        in_store(orders_staff.clone()).await,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(in_store(owner.clone()).await, StatusCode::OK);
    // A new sign-in reaches the store again.
    let (designer_again, _, _) = app.session_of(DESIGNER_EMAIL).await;
    assert_eq!(in_store(designer_again).await, StatusCode::OK);
}

#[tokio::test]
async fn the_survey_and_the_page_preference_are_kept_per_store() {
    let app = spawn_app().await;
    let (seller, _, _) = app.session_of(SELLER_EMAIL).await;
    let created = app
        .post("/api/users/create-store")
        .json(&json!({"storeName": "Second Shop"}))
        .token(&seller)
        .send()
        .await;
    let store = created.json["id"].as_str().expect("id").to_owned();
    assert_eq!(
        app.get("/api/stores/survey")
            .token(&seller)
            .store(&store)
            .send()
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let answered = app
        .post("/api/stores/survey")
        .json(&json!({"answers": {"sells": "t-shirts"}}))
        .token(&seller)
        .store(&store)
        .send()
        .await;
    assert_eq!(answered.status, StatusCode::OK);
    assert_eq!(
        app.get("/api/stores/survey")
            .token(&seller)
            .store(&store)
            .send()
            .await
            .status,
        StatusCode::OK
    );

    let preference = json!({"standardTimezone": "Asia/Ho_Chi_Minh", "businessType": "dropship",
        "paymentChoice": {"type": "latte"}, "storeFrontDefaultTheme": "newchick", "currency": "USD",
        "country": "VN"});
    let saved = app
        .put("/api/stores/preferences")
        .json(&preference)
        .token(&seller)
        .store(&store)
        .send()
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    let read = app
        .get("/api/stores/preferences")
        .token(&seller)
        .store(&store)
        .send()
        .await;
    assert_eq!(read.json, preference);
    let bad = json!({"standardTimezone": "Mars/Olympus", "businessType": "wholesale",
        "paymentChoice": {"type": "cash"}, "storeFrontDefaultTheme": "newchick"});
    let refused = app
        .put("/api/stores/preferences")
        .json(&bad)
        .token(&seller)
        .store(&store)
        .send()
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(refused.messages().len(), 3);
    let unchanged = app
        .get("/api/stores/preferences")
        .token(&seller)
        .store(&store)
        .send()
        .await;
    assert_eq!(unchanged.json, preference);
}

#[tokio::test]
async fn a_store_changes_its_currency_until_its_first_real_order_then_gets_409() {
    let app = spawn_app().await;
    let (seller, _, _) = app.session_of(SELLER_EMAIL).await;
    let created = app
        .post("/api/users/create-store")
        .json(&json!({"storeName": "Currency Shop"}))
        .token(&seller)
        .send()
        .await;
    let store = created.json["id"].as_str().expect("id").to_owned();
    let put = |currency: &str| {
        json!({"standardTimezone": "America/Los_Angeles", "businessType": "other",
            "paymentChoice": {"type": "seller"}, "storeFrontDefaultTheme": "hydro", "currency": currency})
    };
    let current = || async {
        app.get("/api/stores/current")
            .token(&seller)
            .store(&store)
            .send()
            .await
            .json["currency"]
            .clone()
    };
    assert_eq!(current().await, "USD");
    let saved = app
        .put("/api/stores/preferences")
        .json(&put("vnd"))
        .token(&seller)
        .store(&store)
        .send()
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    assert_eq!(saved.json["currency"], "VND");
    assert_eq!(current().await, "VND");
    let unknown = app
        .put("/api/stores/preferences")
        .json(&put("XYZ"))
        .token(&seller)
        .store(&store)
        .send()
        .await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);

    add_order(&app, &store, 1001, 5000, "paid", None).await;
    let refused = app
        .put("/api/stores/preferences")
        .json(&put("EUR"))
        .token(&seller)
        .store(&store)
        .send()
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.text);
    assert!(refused.messages()[0].contains("The currency stays VND"));
    assert_eq!(current().await, "VND");
    // The other preferences still save, the currency left as it is.
    let kept = app
        .put("/api/stores/preferences")
        .json(&put("VND"))
        .token(&seller)
        .store(&store)
        .send()
        .await;
    assert_eq!(kept.status, StatusCode::OK, "{}", kept.text);
}

#[tokio::test]
async fn the_permission_lists_name_every_role_key() {
    let app = spawn_app().await;
    let (owner, _, demo) = app.session_of(OWNER_EMAIL).await;
    let all = app
        .get("/api/auth/all-permission")
        .token(&owner)
        .send()
        .await;
    let keys: Vec<&str> = all
        .json
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|p| p["key"].as_str())
        .collect();
    assert_eq!(keys, core_wasm::shell::permissions::ROLE_KEYS);
    let mine = app
        .get("/api/auth/store-permission")
        .token(&owner)
        .maybe_store(demo.as_deref())
        .send()
        .await;
    assert_eq!(mine.json["isStoreOwner"], true);
    assert_eq!(
        mine.json["scopes"].as_array().map(Vec::len),
        Some(keys.len())
    );
}

#[tokio::test]
async fn the_openapi_document_and_the_docs_page_are_served() {
    let app = spawn_app().await;
    let document = app.get("/api/openapi.json").send().await;
    assert_eq!(document.status, StatusCode::OK);
    assert!(document.json["paths"]["/auth/login"]["post"].is_object());
    let docs = app.get("/api/docs").send().await;
    assert!(docs.text.contains("Storeloom API"));
    let mailbox = app.get("/api/dev/mailbox").send().await;
    assert_eq!(mailbox.status, StatusCode::OK);
}

#[tokio::test]
async fn a_former_zone_name_still_loads_and_is_saved_as_the_zone_it_names() {
    let app = spawn_app().await;
    let (seller, store) = fresh_store(&app).await;
    // Before the picker listed canonical zones, Chromium's list gave names such as Asia/Saigon.
    sqlx::query(
        "UPDATE store_preferences SET standard_timezone = 'Asia/Saigon' WHERE store_id = $1",
    )
    .bind(&store)
    .execute(&app.state.db)
    .await
    .expect("store a former name");
    let read = || async {
        app.get("/api/stores/preferences")
            .token(&seller)
            .store(&store)
            .send()
            .await
    };
    let stored = read().await;
    assert_eq!(stored.status, StatusCode::OK);
    assert_eq!(stored.json["standardTimezone"], "Asia/Saigon");

    for (sent, kept) in [
        (" asia/saigon ", "Asia/Ho_Chi_Minh"),
        ("Europe/Kiev", "Europe/Kyiv"),
        ("UTC", "Etc/UTC"),
        ("Asia/Kolkata", "Asia/Kolkata"),
    ] {
        let mut preference = stored.json.clone();
        preference["standardTimezone"] = json!(sent);
        let saved = app
            .put("/api/stores/preferences")
            .json(&preference)
            .token(&seller)
            .store(&store)
            .send()
            .await;
        assert_eq!(saved.status, StatusCode::OK, "{sent}: {}", saved.text);
        assert_eq!(saved.json["standardTimezone"], kept, "{sent}");
        assert_eq!(read().await.json["standardTimezone"], kept, "{sent}");
    }
}

#[tokio::test]
async fn a_store_country_saves_as_its_code_and_an_unknown_one_gets_400() {
    let app = spawn_app().await;
    let (seller, store) = fresh_store(&app).await;
    let read = || async {
        app.get("/api/stores/preferences")
            .token(&seller)
            .store(&store)
            .send()
            .await
            .json
    };
    let put = |country: Option<&str>| {
        let mut preference = json!({"standardTimezone": "Asia/Ho_Chi_Minh", "businessType": "other",
            "paymentChoice": {"type": "seller"}, "storeFrontDefaultTheme": "hydro"});
        if let Some(country) = country {
            preference["country"] = json!(country);
        }
        let app = &app;
        let (seller, store) = (&seller, &store);
        async move {
            app.put("/api/stores/preferences")
                .json(&preference)
                .token(seller)
                .store(store)
                .send()
                .await
        }
    };
    // A store made before has none: the checkout keeps its old default.
    assert_eq!(read().await["country"], "");

    let saved = put(Some(" vn ")).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    assert_eq!(saved.json["country"], "VN");
    assert_eq!(read().await["country"], "VN");

    let refused = put(Some("ZZ")).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
    assert_eq!(
        refused.messages(),
        ["Unknown country: ZZ. Choose a country from the list."]
    );
    assert_eq!(read().await["country"], "VN");

    // Left out, the country stays; empty, the store has none again.
    let kept = put(None).await;
    assert_eq!(kept.status, StatusCode::OK, "{}", kept.text);
    assert_eq!(kept.json["country"], "VN");
    assert_eq!(read().await["country"], "VN");
    let cleared = put(Some("")).await;
    assert_eq!(cleared.status, StatusCode::OK, "{}", cleared.text);
    assert_eq!(read().await["country"], "");
}
