//! The account flows end to end: sign-up and activation, forgotten passwords, profile and
//! password changes, new stores, staff invitations and removal, survey and page preference.

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::helpers::{
    DEMO_PASSWORD, DESIGNER_EMAIL, ORDERS_STAFF_EMAIL, OWNER_EMAIL, SELLER_EMAIL, spawn_app,
};

#[tokio::test]
async fn sign_up_needs_the_key_then_activation_then_sign_in_works() {
    let app = spawn_app().await;
    let form = json!({"email": "New@Shop.vn", "password": "secret1", "storeName": "Đà Lạt Coffee"});
    let closed = app.post_json("/api/auth/signup", &form).await;
    assert_eq!(closed.status, StatusCode::FORBIDDEN);
    let wrong = app.post_json("/api/auth/signup?sk=guess", &form).await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN);
    let bad = app
        .post_json(
            "/api/auth/signup?sk=welcome",
            &json!({"email": "abc", "password": "1", "storeName": ""}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        bad.messages(),
        vec![
            "Invalid Email",
            "Password must have at least 5 letters.",
            "Store name is required"
        ]
    );

    let created = app.post_json("/api/auth/signup?sk=welcome", &form).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let login = json!({"email": "new@shop.vn", "password": "secret1"});
    let early = app.post_json("/api/auth/login", &login).await;
    assert_eq!(early.status, StatusCode::FORBIDDEN);

    let token = app.token_mailed_to("new@shop.vn").await;
    let activated = app
        .post_json("/api/auth/account-activation", &json!({"token": token}))
        .await;
    assert_eq!(activated.status, StatusCode::OK, "{}", activated.text);
    let again = app
        .post_json("/api/auth/account-activation", &json!({"token": token}))
        .await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);

    let session = app.login("new@shop.vn", "secret1").await;
    let access = session["accessToken"].as_str().expect("token");
    let store_id = session["storeId"].as_str().expect("a store");
    let stores = app.get("/api/users/stores", Some(access)).await;
    assert_eq!(stores.json["stores"][0]["subdomain"], "da-lat-coffee");
    assert_eq!(stores.json["stores"][0]["name"], "Đà Lạt Coffee");
    // A new store has not done its survey yet; the demo stores have.
    let survey = app
        .call(
            Method::GET,
            "/api/stores/survey",
            None,
            Some(access),
            Some(store_id),
        )
        .await;
    assert_eq!(survey.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_register_page_learns_whether_its_key_opens_registration_without_seeing_the_key() {
    let app = spawn_app().await;
    let right = app.get("/api/auth/signup-key?sk=welcome", None).await;
    assert_eq!(right.status, StatusCode::OK, "{}", right.text);
    assert!(!right.text.contains("welcome"));
    for wrong in [
        "/api/auth/signup-key",
        "/api/auth/signup-key?sk=",
        "/api/auth/signup-key?sk=guess",
        "/api/auth/signup-key?sk=welcome2",
        "/api/auth/signup-key?sk=Welcome",
    ] {
        let reply = app.get(wrong, None).await;
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
        .post_json(
            "/api/auth/signup?sk=welcome",
            &json!({"email": SELLER_EMAIL, "password": "secret1", "storeName": "Copy"}),
        )
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
        .post_json("/api/auth/forgot_password", &json!({"email": OWNER_EMAIL}))
        .await;
    let unknown = app
        .post_json(
            "/api/auth/forgot_password",
            &json!({"email": "nobody@example.com"}),
        )
        .await;
    assert_eq!(
        (known.status, unknown.status),
        (StatusCode::OK, StatusCode::OK)
    );
    assert_eq!(known.json, unknown.json);
    assert!(app.last_mail_to("nobody@example.com").await.is_none());
    let bad = app
        .post_json("/api/auth/forgot_password", &json!({"email": "abc"}))
        .await;
    assert_eq!(bad.messages(), vec!["Invalid Email"]);

    let token = app.token_mailed_to(OWNER_EMAIL).await;
    let check = app
        .get(
            &format!("/api/auth/verify_reset_password_token?token={token}"),
            None,
        )
        .await;
    assert_eq!(check.json["valid"], true);
    let nonsense = app
        .get("/api/auth/verify_reset_password_token?token=nope", None)
        .await;
    assert_eq!(nonsense.json["valid"], false);
    let short = app
        .post_json(
            "/api/auth/reset_password",
            &json!({"password": "abc", "token": token}),
        )
        .await;
    assert_eq!(short.status, StatusCode::BAD_REQUEST);
    let reset = app
        .post_json(
            "/api/auth/reset_password",
            &json!({"password": "brand-new", "token": token}),
        )
        .await;
    assert_eq!(reset.status, StatusCode::OK);
    assert_eq!(
        app.get("/api/users/info", Some(&old_access)).await.status,
        StatusCode::UNAUTHORIZED
    );
    let reused = app
        .post_json(
            "/api/auth/reset_password",
            &json!({"password": "another1", "token": token}),
        )
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
        .call(
            Method::PUT,
            "/api/users",
            Some(
                &json!({"firstName": " Samuel ", "profilePicture": "https://img.example/sam.png"}),
            ),
            Some(&access),
            None,
        )
        .await;
    assert_eq!(updated.status, StatusCode::OK, "{}", updated.text);
    assert_eq!(updated.json["firstName"], "Samuel");
    assert_eq!(updated.json["lastName"], "Carter");
    let bad = app
        .call(
            Method::PUT,
            "/api/users",
            Some(&json!({"lastName": "x".repeat(51), "profilePicture": "javascript:alert(1)"})),
            Some(&access),
            None,
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.messages().len(), 2);

    let wrong = app
        .call(Method::PUT, "/api/users/change-password", Some(&json!({"currentPassword": "nope-nope", "newPassword": "changed1", "confirmPassword": "changed1"})), Some(&access), None)
        .await;
    assert_eq!(wrong.messages(), vec!["The current password is incorrect."]);
    let changed = app
        .call(Method::PUT, "/api/users/change-password", Some(&json!({"currentPassword": DEMO_PASSWORD, "newPassword": "changed1", "confirmPassword": "changed1"})), Some(&access), None)
        .await;
    assert_eq!(changed.status, StatusCode::OK);
    assert_eq!(
        app.get("/api/users/info", Some(&access)).await.status,
        StatusCode::OK
    );
    assert_eq!(
        app.get("/api/users/info", Some(&other_device)).await.status,
        StatusCode::UNAUTHORIZED
    );
    app.login(SELLER_EMAIL, "changed1").await;
}

#[tokio::test]
async fn a_user_creates_another_store_with_a_unique_subdomain() {
    let app = spawn_app().await;
    let (access, _, _) = app.session_of(SELLER_EMAIL).await;
    let created = app
        .call(
            Method::POST,
            "/api/users/create-store",
            Some(&json!({"storeName": "Demo"})),
            Some(&access),
            None,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_eq!(created.json["subdomain"], "demo-2");
    assert_eq!(created.json["storeDomain"], "demo-2.localhost");
    assert_eq!(created.json["isOwner"], true);
    let store_id = created.json["id"].as_str().expect("id");
    let preferences = app
        .call(
            Method::GET,
            "/api/stores/preferences",
            None,
            Some(&access),
            Some(store_id),
        )
        .await;
    assert_eq!(preferences.json["standardTimezone"], "America/Los_Angeles");
    let short = app
        .call(
            Method::POST,
            "/api/users/create-store",
            Some(&json!({"storeName": "x"})),
            Some(&access),
            None,
        )
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
        .call(
            Method::POST,
            "/api/users/add-store-staff",
            Some(&invite),
            Some(&owner),
            Some(&demo),
        )
        .await;
    assert_eq!(invited.status, StatusCode::CREATED, "{}", invited.text);
    assert_eq!(invited.json["role"], "invited");
    let token = app.token_mailed_to("packer@example.com").await;
    let offer = app
        .post_json(
            "/api/auth/check-staff-available",
            &json!({"invitation_token": token}),
        )
        .await;
    assert_eq!(
        offer.json,
        json!({"email": "packer@example.com", "storeName": "Demo Store", "hasAccount": false})
    );
    let no_password = app
        .post_json("/api/auth/account-activation", &json!({"token": token}))
        .await;
    assert_eq!(no_password.messages(), vec!["Password is required"]);
    let joined = app
        .post_json(
            "/api/auth/account-activation",
            &json!({"token": token, "password": "packer1"}),
        )
        .await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.text);

    let packer = app.login("packer@example.com", "packer1").await;
    let packer_token = packer["accessToken"].as_str().expect("token").to_owned();
    let perms = app
        .call(
            Method::GET,
            "/api/auth/store-permission",
            None,
            Some(&packer_token),
            Some(&demo),
        )
        .await;
    assert_eq!(perms.json["scopes"], json!(["orders"]));
    assert_eq!(perms.json["isStoreOwner"], false);
    // Without the `store` scope the staff screens are closed to them.
    let list = app
        .call(
            Method::GET,
            "/api/users/store-staffs",
            None,
            Some(&packer_token),
            Some(&demo),
        )
        .await;
    assert_eq!(list.status, StatusCode::FORBIDDEN);

    let packer_id = app.user_id("packer@example.com").await;
    let widened = app
        .call(
            Method::PUT,
            &format!("/api/users/update-store-staff/{packer_id}"),
            Some(&json!({"scopes": ["orders", "store"]})),
            Some(&owner),
            Some(&demo),
        )
        .await;
    assert_eq!(widened.json["scopes"], json!(["orders", "store"]));
    let bad_scope = app
        .call(
            Method::PUT,
            &format!("/api/users/update-store-staff/{packer_id}"),
            Some(&json!({"scopes": ["root"]})),
            Some(&owner),
            Some(&demo),
        )
        .await;
    assert_eq!(bad_scope.messages(), vec!["Unknown permission: root"]);
    let list = app
        .call(
            Method::GET,
            "/api/users/store-staffs",
            None,
            Some(&packer_token),
            Some(&demo),
        )
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
        .call(
            Method::GET,
            &format!("/api/users/store-staff-info?staff_id={packer_id}"),
            None,
            Some(&owner),
            Some(&demo),
        )
        .await;
    assert_eq!(info.json["firstName"], "Pat");

    let owner_id = app.user_id(OWNER_EMAIL).await;
    let remove_owner = app
        .call(
            Method::DELETE,
            &format!("/api/users/delete-staff-account?staff_id={owner_id}"),
            None,
            Some(&owner),
            Some(&demo),
        )
        .await;
    assert_eq!(remove_owner.status, StatusCode::FORBIDDEN);
    let removed = app
        .call(
            Method::DELETE,
            &format!("/api/users/delete-staff-account?staff_id={packer_id}"),
            None,
            Some(&owner),
            Some(&demo),
        )
        .await;
    assert_eq!(removed.status, StatusCode::OK);
    // Their access to the store ends on the next request; their account stays signed in.
    let info = app
        .call(
            Method::GET,
            "/api/users/info",
            None,
            Some(&packer_token),
            Some(&demo),
        )
        .await;
    assert_eq!(info.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.get("/api/users/info", Some(&packer_token)).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn an_existing_user_accepts_without_a_password_and_duplicates_are_refused() {
    let app = spawn_app().await;
    let (owner, _, demo) = app.session_of(OWNER_EMAIL).await;
    let demo = demo.expect("store");
    let member = app
        .call(
            Method::POST,
            "/api/users/add-store-staff",
            Some(&json!({"email": ORDERS_STAFF_EMAIL, "scopes": ["orders"]})),
            Some(&owner),
            Some(&demo),
        )
        .await;
    assert_eq!(member.status, StatusCode::CONFLICT);
    let invited = app
        .call(
            Method::POST,
            "/api/users/add-store-staff",
            Some(&json!({"email": SELLER_EMAIL, "scopes": ["themes"]})),
            Some(&owner),
            Some(&demo),
        )
        .await;
    assert_eq!(invited.status, StatusCode::CREATED);
    let token = app.token_mailed_to(SELLER_EMAIL).await;
    let offer = app
        .post_json(
            "/api/auth/check-staff-available",
            &json!({"invitation_token": token}),
        )
        .await;
    assert_eq!(offer.json["hasAccount"], true);
    let joined = app
        .post_json("/api/auth/account-activation", &json!({"token": token}))
        .await;
    assert_eq!(joined.status, StatusCode::OK);
    let (seller, _, _) = app.session_of(SELLER_EMAIL).await;
    let stores = app.get("/api/users/stores", Some(&seller)).await;
    assert_eq!(stores.json["stores"].as_array().map(Vec::len), Some(2));
    let gone = app
        .post_json(
            "/api/auth/check-staff-available",
            &json!({"invitation_token": token}),
        )
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
        .call(
            Method::DELETE,
            &format!("/api/users/logout-staff-account/{designer_id}"),
            None,
            Some(&owner),
            Some(&demo),
        )
        .await;
    assert_eq!(one.status, StatusCode::OK);
    let in_store = |token: String| {
        let app = &app;
        let demo = demo.clone();
        async move {
            app.call(
                Method::GET,
                "/api/users/info",
                None,
                Some(&token),
                Some(&demo),
            )
            .await
            .status
        }
    };
    assert_eq!(in_store(designer.clone()).await, StatusCode::UNAUTHORIZED);
    assert_eq!(in_store(orders_staff.clone()).await, StatusCode::OK);
    let all = app
        .call(
            Method::DELETE,
            "/api/users/logout-all-staff-account",
            None,
            Some(&owner),
            Some(&demo),
        )
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
        .call(
            Method::POST,
            "/api/users/create-store",
            Some(&json!({"storeName": "Second Shop"})),
            Some(&seller),
            None,
        )
        .await;
    let store = created.json["id"].as_str().expect("id").to_owned();
    assert_eq!(
        app.call(
            Method::GET,
            "/api/stores/survey",
            None,
            Some(&seller),
            Some(&store)
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    let answered = app
        .call(
            Method::POST,
            "/api/stores/survey",
            Some(&json!({"answers": {"sells": "t-shirts"}})),
            Some(&seller),
            Some(&store),
        )
        .await;
    assert_eq!(answered.status, StatusCode::OK);
    assert_eq!(
        app.call(
            Method::GET,
            "/api/stores/survey",
            None,
            Some(&seller),
            Some(&store)
        )
        .await
        .status,
        StatusCode::OK
    );

    let preference = json!({"standardTimezone": "Asia/Ho_Chi_Minh", "businessType": "dropship",
        "paymentChoice": {"type": "latte"}, "storeFrontDefaultTheme": "newchick"});
    let saved = app
        .call(
            Method::PUT,
            "/api/stores/preferences",
            Some(&preference),
            Some(&seller),
            Some(&store),
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    let read = app
        .call(
            Method::GET,
            "/api/stores/preferences",
            None,
            Some(&seller),
            Some(&store),
        )
        .await;
    assert_eq!(read.json, preference);
    let bad = json!({"standardTimezone": "Mars/Olympus", "businessType": "wholesale",
        "paymentChoice": {"type": "cash"}, "storeFrontDefaultTheme": "newchick"});
    let refused = app
        .call(
            Method::PUT,
            "/api/stores/preferences",
            Some(&bad),
            Some(&seller),
            Some(&store),
        )
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(refused.messages().len(), 3);
    let unchanged = app
        .call(
            Method::GET,
            "/api/stores/preferences",
            None,
            Some(&seller),
            Some(&store),
        )
        .await;
    assert_eq!(unchanged.json, preference);
}

#[tokio::test]
async fn the_permission_lists_name_every_role_key() {
    let app = spawn_app().await;
    let (owner, _, demo) = app.session_of(OWNER_EMAIL).await;
    let all = app.get("/api/auth/all-permission", Some(&owner)).await;
    let keys: Vec<&str> = all
        .json
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|p| p["key"].as_str())
        .collect();
    assert_eq!(keys, core_wasm::shell::permissions::ROLE_KEYS);
    let mine = app
        .call(
            Method::GET,
            "/api/auth/store-permission",
            None,
            Some(&owner),
            demo.as_deref(),
        )
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
    let document = app.get("/api/openapi.json", None).await;
    assert_eq!(document.status, StatusCode::OK);
    assert!(document.json["paths"]["/auth/login"]["post"].is_object());
    let docs = app.get("/api/docs", None).await;
    assert!(docs.text.contains("Storeloom API"));
    let mailbox = app.get("/api/dev/mailbox", None).await;
    assert_eq!(mailbox.status, StatusCode::OK);
}
