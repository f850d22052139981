//! `live-soak --bases URL[,URL...] [--seconds S] [--editors N] [--seed K]`: the convergence soak
//! of live co-editing. `N` editors (the demo store's owner and designer in turn), each spread over
//! the servers at `--bases`, edit the demo store's hydro theme for `S` seconds through the live
//! session's calls, as the admin does: each keeps the server's document it last had and its own
//! commands not yet acknowledged, follows the session's stream (dropping and resuming it now and
//! then), sends its commands at the head it has, and on a 409 rebases them with the core's rules
//! and sends again. A server that stops answering (killed) sends the editor to the next one.
//!
//! At the end every editor sends what it has left and catches up with the head. It then checks
//! that every editor holds the server's document, that every editor saw each sequence number
//! once and in order, and that every command acknowledged to an editor is in the log exactly
//! once. Prints a JSON summary; exits with an error when any of it fails.

use std::collections::{BTreeMap, HashSet};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::http::{Method, Request, StatusCode, header};
use core_wasm::theme::collab::{LiveState, accept};
use core_wasm::theme::{ThemeDoc, parse_command, section_list};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use shared_types::live::LiveCommand;
use tokio::sync::mpsc;

type Error = Box<dyn std::error::Error + Send + Sync>;
type Http = Client<HttpConnector, Full<Bytes>>;

const THEMES: &str = "/api/stores/onlinestore/themes";
const BLOCKS: &str = "/pages/homepage/sections/collection-list-1/settings/blocks";
const PASSWORD: &str = "storeloom";

/// One call: its status and JSON body (`Null` when there is none).
async fn call(
    http: &Http,
    base: &str,
    method: Method,
    path: &str,
    auth: Option<(&str, &str)>,
    body: Option<&Value>,
) -> Result<(StatusCode, Value), Error> {
    let mut request = Request::builder()
        .method(method)
        .uri(format!("{base}{path}"));
    if let Some((token, store)) = auth {
        request = request
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .header("x-store-id", store);
    }
    let body = match body {
        Some(value) => {
            request = request.header(header::CONTENT_TYPE, "application/json");
            Full::new(Bytes::from(value.to_string()))
        }
        None => Full::new(Bytes::new()),
    };
    let response =
        tokio::time::timeout(Duration::from_secs(10), http.request(request.body(body)?)).await??;
    let status = response.status();
    let bytes = response.into_body().collect().await?.to_bytes();
    Ok((
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    ))
}

/// Where and as whom an editor follows the session: the servers, the first one to try, the
/// sign-in and store, the theme, the last sequence number it has, a seed for its drops.
struct Stream {
    http: Http,
    bases: Vec<String>,
    start: usize,
    auth: (String, String),
    theme: String,
    after: i64,
    seed: u64,
}

/// Follows the session's stream from `after`, sending each batch of commands to the editor,
/// until the editor is gone; drops the connection now and then and resumes after the last
/// command seen, and moves to the next server when one stops answering.
async fn follow(stream: Stream, out: mpsc::UnboundedSender<Vec<LiveCommand>>) {
    let Stream {
        http,
        bases,
        start,
        auth,
        theme,
        mut after,
        seed,
    } = stream;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut at = start;
    loop {
        let base = &bases[at % bases.len()];
        let request = Request::builder()
            .uri(format!("{base}{THEMES}/{theme}/live/events?after={after}"))
            .header(header::AUTHORIZATION, format!("Bearer {}", auth.0))
            .header("x-store-id", &auth.1)
            .body(Full::new(Bytes::new()));
        let Ok(request) = request else { return };
        let response = match http.request(request).await {
            Ok(response) if response.status() == StatusCode::OK => response,
            _ => {
                at += 1;
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            }
        };
        // Drop the stream after a while (a lost connection), then resume.
        let until = Instant::now() + Duration::from_millis(rng.random_range(500..4_000));
        let mut body = response.into_body();
        let mut text = String::new();
        loop {
            let left = until.saturating_duration_since(Instant::now());
            let frame = match tokio::time::timeout(left, body.frame()).await {
                Ok(Some(Ok(frame))) => frame,
                Ok(_) => {
                    at += 1;
                    break;
                }
                Err(_) => break,
            };
            if let Ok(data) = frame.into_data() {
                text.push_str(&String::from_utf8_lossy(&data));
            }
            while let Some(end) = text.find("\n\n") {
                let block: String = text.drain(..end + 2).collect();
                let name = block.lines().find_map(|l| l.strip_prefix("event: "));
                let data = block.lines().find_map(|l| l.strip_prefix("data: "));
                if let (Some("commands"), Some(data)) = (name, data)
                    && let Ok(commands) = serde_json::from_str::<Vec<LiveCommand>>(data)
                {
                    if let Some(last) = commands.last() {
                        after = last.seq;
                    }
                    if out.send(commands).is_err() {
                        return;
                    }
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(rng.random_range(0..300))).await;
    }
}

struct Editor {
    name: String,
    auth: (String, String),
    base: usize,
    /// The server's document it last had and its own commands not acknowledged yet.
    live: LiveState,
    /// Every sequence number this editor saw, in the order it saw them.
    seen: Vec<i64>,
    /// The numbers of its own commands acknowledged to it.
    acked: Vec<i64>,
    /// What it saw at each sequence number: the sending editor and its number of the command.
    log: BTreeMap<i64, (String, i64)>,
    incoming: mpsc::UnboundedReceiver<Vec<LiveCommand>>,
    rng: StdRng,
    made: usize,
    refused: usize,
    dropped: usize,
    conflicts: usize,
}

fn keys(doc: &ThemeDoc) -> Vec<String> {
    section_list(doc)
        .into_iter()
        .map(|s| s.key)
        .filter(|k| k != "header" && k != "footer")
        .collect()
}

impl Editor {
    fn view(&self) -> ThemeDoc {
        self.live.view()
    }

    /// A random edit on the editor's own copy, kept when the copy takes it.
    fn edit(&mut self) {
        let view = self.view();
        let count = view
            .get(BLOCKS)
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        let order = keys(&view);
        let list = json!({"list": "sectionBlocks", "section": "collection-list-1"});
        self.made += 1;
        let raw = match self.rng.random_range(0..10) {
            0..=4 if count > 0 => json!({"kind": "setField",
                "path": format!("{BLOCKS}/{}/title", self.rng.random_range(0..count)),
                "value": format!("{} {}", self.name, self.made)}),
            5 if count < 8 => json!({"kind": "addItem", "list": list}),
            6 if count > 1 => {
                json!({"kind": "removeItem", "list": list, "index": self.rng.random_range(0..count)})
            }
            7 if count > 1 => json!({"kind": "moveItem", "list": list,
                "from": self.rng.random_range(0..count), "to": self.rng.random_range(0..count)}),
            8 if !order.is_empty() => json!({"kind": "moveSection",
                "key": order[self.rng.random_range(0..order.len())],
                "to": self.rng.random_range(0..order.len())}),
            9 if !order.is_empty() && order.len() < 16 => json!({"kind": "addSection",
                "key": format!("{}-{}", self.live.client_id(), self.made), "sectionType": "collection_list",
                "position": self.rng.random_range(0..order.len()), "place": "below"}),
            _ => return,
        };
        let Ok(command) = parse_command(raw) else {
            return;
        };
        if accept(&view, std::slice::from_ref(&command))
            .refused
            .is_empty()
        {
            self.live.edit(command);
        }
    }

    /// Takes commands the server ordered after the editor's head, noting what it saw.
    fn receive(&mut self, commands: Vec<LiveCommand>) -> Result<(), Error> {
        let head = self.live.head();
        for stored in commands.iter().filter(|c| c.seq > head) {
            self.seen.push(stored.seq);
            self.log
                .insert(stored.seq, (stored.client_id.clone(), stored.client_seq));
            if stored.client_id == self.live.client_id() {
                self.acked.push(stored.client_seq);
            }
        }
        let received = self
            .live
            .receive(&commands)
            .map_err(|e| format!("{}: {e:?}", self.name))?;
        self.dropped += received.dropped.len();
        Ok(())
    }

    fn take_incoming(&mut self) -> Result<(), Error> {
        while let Ok(commands) = self.incoming.try_recv() {
            self.receive(commands)?;
        }
        Ok(())
    }

    /// Sends the pending commands at the head; answers whether the editor got an answer.
    async fn send(&mut self, http: &Http, bases: &[String], theme: &str) -> Result<bool, Error> {
        let Some(batch) = self.live.next_batch(100) else {
            return Ok(true);
        };
        let commands: Vec<Value> = batch
            .commands
            .iter()
            .map(serde_json::to_value)
            .collect::<Result<_, _>>()?;
        let body = json!({"clientId": self.live.client_id(), "base": batch.base,
            "firstClientSeq": batch.first_client_seq, "commands": commands});
        let base = &bases[self.base % bases.len()];
        let path = format!("{THEMES}/{theme}/live/commands");
        let auth = (self.auth.0.as_str(), self.auth.1.as_str());
        let (status, reply) =
            match call(http, base, Method::POST, &path, Some(auth), Some(&body)).await {
                Ok(answer) => answer,
                Err(_) => {
                    // No answer: the batch may or may not be in; the stream or a 409 will tell.
                    self.base += 1;
                    return Ok(false);
                }
            };
        match status {
            StatusCode::OK => {
                let accepted: Vec<LiveCommand> = serde_json::from_value(reply["accepted"].clone())?;
                self.refused += reply["refused"].as_array().map_or(0, Vec::len);
                self.receive(accepted)?;
                self.live.settle(&batch);
                Ok(true)
            }
            StatusCode::CONFLICT => {
                self.conflicts += 1;
                let missed: Vec<LiveCommand> = serde_json::from_value(reply["commands"].clone())?;
                self.receive(missed)?;
                Ok(true)
            }
            other => Err(format!("{}: {other} {reply}", self.name).into()),
        }
    }
}

/// Runs the command with its arguments (after `live-soak`).
pub async fn command(args: &[String]) -> Result<(), Box<dyn std::error::Error>> {
    let (mut bases, mut seconds, mut editors, mut seed) = (Vec::new(), 20_u64, 5_usize, 1_u64);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let value = args.next().ok_or_else(|| format!("{arg} takes a value"))?;
        match arg.as_str() {
            "--bases" => bases = value.split(',').map(str::to_owned).collect(),
            "--seconds" => seconds = value.parse()?,
            "--editors" => editors = value.parse()?,
            "--seed" => seed = value.parse()?,
            other => return Err(format!("unknown argument {other:?}").into()),
        }
    }
    if bases.is_empty() || editors == 0 {
        return Err("live-soak --bases URL[,URL...] [--seconds S] [--editors N] [--seed K]".into());
    }
    run(bases, seconds, editors, seed)
        .await
        .map_err(|e| -> Box<dyn std::error::Error> { e.to_string().into() })
}

async fn sign_in(http: &Http, bases: &[String], email: &str) -> Result<(String, String), Error> {
    let body = json!({"email": email, "password": PASSWORD});
    let (status, reply) = call(
        http,
        &bases[0],
        Method::POST,
        "/api/auth/login",
        None,
        Some(&body),
    )
    .await?;
    if status != StatusCode::OK {
        return Err(format!("sign-in of {email}: {status} {reply}").into());
    }
    Ok((
        reply["accessToken"].as_str().unwrap_or_default().to_owned(),
        reply["storeId"].as_str().unwrap_or_default().to_owned(),
    ))
}

async fn join(
    http: &Http,
    bases: &[String],
    at: usize,
    auth: (&str, &str),
    theme: &str,
) -> Result<(i64, ThemeDoc), Error> {
    for i in 0..bases.len() * 20 {
        let base = &bases[(at + i) % bases.len()];
        if let Ok((StatusCode::OK, reply)) = call(
            http,
            base,
            Method::GET,
            &format!("{THEMES}/{theme}/live"),
            Some(auth),
            None,
        )
        .await
        {
            let head = reply["head"].as_i64().unwrap_or(0);
            return Ok((head, ThemeDoc::from_value(reply["config"].clone())?));
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    Err("no server answers the session".into())
}

async fn run(bases: Vec<String>, seconds: u64, count: usize, seed: u64) -> Result<(), Error> {
    let http: Http = Client::builder(TokioExecutor::new()).build_http();
    let owner = sign_in(&http, &bases, "owner@storeloom.dev").await?;
    let designer = sign_in(&http, &bases, "designer@example.com").await?;
    let store = owner.1.clone();
    let auth = (owner.0.as_str(), store.as_str());
    let (status, themes) = call(&http, &bases[0], Method::GET, THEMES, Some(auth), None).await?;
    let theme = themes
        .as_array()
        .and_then(|list| list.iter().find(|t| t["family"] == "hydro"))
        .and_then(|t| t["id"].as_str())
        .ok_or_else(|| format!("no hydro theme: {status} {themes}"))?
        .to_owned();

    let mut tasks = Vec::new();
    let started = Instant::now();
    for i in 0..count {
        let token = if i % 2 == 0 { &owner.0 } else { &designer.0 };
        let auth = (token.clone(), store.clone());
        let (head, confirmed) = join(&http, &bases, i, (&auth.0, &auth.1), &theme).await?;
        let (sender, incoming) = mpsc::unbounded_channel();
        let following = Stream {
            http: http.clone(),
            bases: bases.clone(),
            start: i,
            auth: auth.clone(),
            theme: theme.clone(),
            after: head,
            seed: seed * 1_000 + i as u64,
        };
        let stream = tokio::spawn(follow(following, sender));
        let mut editor = Editor {
            name: format!("editor {i}"),
            auth,
            base: i,
            live: LiveState::new(
                &format!("soak-{seed}-{i}-{}", std::process::id()),
                confirmed,
                head,
            ),
            seen: Vec::new(),
            acked: Vec::new(),
            log: BTreeMap::new(),
            incoming,
            rng: StdRng::seed_from_u64(seed * 7_919 + i as u64),
            made: 0,
            refused: 0,
            dropped: 0,
            conflicts: 0,
        };
        let (http, bases, theme) = (http.clone(), bases.clone(), theme.clone());
        let deadline = started + Duration::from_secs(seconds);
        tasks.push(tokio::spawn(async move {
            while Instant::now() < deadline {
                editor.take_incoming()?;
                for _ in 0..editor.rng.random_range(1..4) {
                    editor.edit();
                }
                editor.send(&http, &bases, &theme).await?;
                let pause = editor.rng.random_range(10..120);
                tokio::time::sleep(Duration::from_millis(pause)).await;
            }
            // Send what is left, until the server has it all.
            let flush = Instant::now() + Duration::from_secs(60);
            while !editor.live.pending().is_empty() {
                if Instant::now() > flush {
                    return Err(format!("{}: could not send its last commands", editor.name).into());
                }
                editor.take_incoming()?;
                if !editor.send(&http, &bases, &theme).await? {
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
            }
            Ok::<(Editor, tokio::task::JoinHandle<()>), Error>((editor, stream))
        }));
    }
    let mut done = Vec::new();
    for task in tasks {
        done.push(task.await??);
    }
    // Everyone catches up with the final head.
    let (head, server_doc) = join(&http, &bases, 0, auth, &theme).await?;
    let mut summary = BTreeMap::new();
    let mut all_acked = 0;
    let mut made = 0;
    let mut failures: Vec<String> = Vec::new();
    eprintln!(
        "server: head {head} fingerprint {}",
        core_wasm::theme::fingerprint_of_text(&server_doc.to_json())
    );
    for (editor, stream) in &mut done {
        let until = Instant::now() + Duration::from_secs(30);
        while editor.live.head() < head {
            if Instant::now() > until {
                return Err(
                    format!("{} stayed at {} of {head}", editor.name, editor.live.head()).into(),
                );
            }
            match tokio::time::timeout(Duration::from_millis(500), editor.incoming.recv()).await {
                Ok(Some(commands)) => editor.receive(commands)?,
                Ok(None) => return Err(format!("{}: its stream ended", editor.name).into()),
                Err(_) => {}
            }
        }
        stream.abort();
        eprintln!(
            "{}: head {} fingerprint {}",
            editor.name,
            editor.live.head(),
            core_wasm::theme::fingerprint_of_text(&editor.live.confirmed().to_json())
        );
        if *editor.live.confirmed() != server_doc || editor.view() != server_doc {
            let paths = core_wasm::theme::changed_paths(server_doc.value(), editor.view().value());
            let paths: Vec<String> = paths.into_iter().take(5).collect();
            failures.push(format!(
                "{} does not hold the server's document ({} pending, at {}): {}",
                editor.name,
                editor.live.pending().len(),
                editor.live.head(),
                paths.join("; ")
            ));
            continue;
        }
        let seen: HashSet<i64> = editor.seen.iter().copied().collect();
        let from = editor.seen.first().copied().unwrap_or(head);
        if seen.len() != editor.seen.len() || editor.seen.windows(2).any(|w| w[1] != w[0] + 1) {
            return Err(format!("{} saw a number twice or out of order", editor.name).into());
        }
        if editor.seen.last().copied().unwrap_or(head) != head || from > head {
            return Err(format!("{} ended at another head", editor.name).into());
        }
        all_acked += editor.acked.len();
        made += editor.made;
        summary.insert(
            editor.name.clone(),
            json!({"acknowledged": editor.acked.len(), "refused": editor.refused,
                "dropped": editor.dropped, "conflicts": editor.conflicts}),
        );
    }
    if let Some(first) = failures.first() {
        return Err(format!("{first} ({} editors in all)", failures.len()).into());
    }
    // Every editor saw the same command at each number; each command was stored once; every
    // command acknowledged to an editor is in the log, once.
    let mut log: BTreeMap<i64, (String, i64)> = BTreeMap::new();
    for (editor, _) in &done {
        for (seq, entry) in &editor.log {
            if log
                .insert(*seq, entry.clone())
                .is_some_and(|kept| kept != *entry)
            {
                return Err(format!("two editors saw different commands at {seq}").into());
            }
        }
    }
    let distinct: HashSet<&(String, i64)> = log.values().collect();
    if distinct.len() != log.len() {
        return Err("a command was stored twice".into());
    }
    for (editor, _) in &done {
        for number in &editor.acked {
            let found = log
                .values()
                .filter(|(client, n)| client == editor.live.client_id() && n == number)
                .count();
            if found != 1 {
                return Err(format!(
                    "{}'s command {number} is in the log {found} times",
                    editor.name
                )
                .into());
            }
        }
    }
    println!(
        "{}",
        json!({"editors": count, "seconds": seconds, "servers": bases.len(), "head": head,
            "acknowledged": all_acked, "edits tried": made, "each": summary,
            "converged": true})
    );
    Ok(())
}
