//! Runs the shared test vectors in `tests/vectors/` natively. The UI's Vitest suite runs the same
//! files through the WebAssembly build, so both targets are held to one set of answers.

use core_wasm::shell;
use serde_json::Value;
use shared_types::LoginForm;

fn vectors(name: &str) -> Vec<Value> {
    let path = format!("{}/tests/vectors/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("parse {path}: {e}"))
}

#[test]
fn greeting_vectors_hold_natively() {
    let cases = vectors("greeting.json");
    assert!(!cases.is_empty());
    for case in cases {
        let hour = case["hour"].as_u64().expect("hour") as u32;
        let got = shell::greeting(hour, case["firstName"].as_str(), case["lastName"].as_str())
            .expect("valid hour");
        assert_eq!(
            serde_json::to_value(&got).expect("serialize"),
            case["expected"],
            "{case}"
        );
    }
}

#[test]
fn login_vectors_hold_natively() {
    let cases = vectors("login.json");
    assert!(!cases.is_empty());
    for case in cases {
        let form: LoginForm = serde_json::from_value(case["input"].clone()).expect("input");
        let got = shell::check_login(&form);
        assert_eq!(
            serde_json::to_value(&got).expect("serialize"),
            case["expected"],
            "{case}"
        );
    }
}
