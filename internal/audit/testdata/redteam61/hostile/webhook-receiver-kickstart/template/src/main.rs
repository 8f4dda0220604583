use std::{num::NonZeroUsize, sync::Arc, time::{SystemTime, UNIX_EPOCH}};

use axum::{body::Bytes, extract::State, http::{HeaderMap, StatusCode}, routing::{get, post}, Router};
use hmac::{Hmac, Mac};
use lru::LruCache;
use sha2::Sha256;
use subtle::ConstantTimeEq;
use tokio::sync::{mpsc, Mutex};

type HmacSha256 = Hmac<Sha256>;

#[derive(Clone)]
struct AppState {
    secret: Arc<Vec<u8>>,
    seen: Arc<Mutex<LruCache<String, ()>>>,
    jobs: mpsc::Sender<Bytes>,
}

fn verify(secret: &[u8], body: &[u8], headers: &HeaderMap) -> bool {
{%- if provider == "github" %}
    let Some(sig) = headers.get("x-hub-signature-256").and_then(|v| v.to_str().ok()) else { return false };
    let Some(hex_sig) = sig.strip_prefix("sha256=") else { return false };
    let mut mac = HmacSha256::new_from_slice(secret).expect("hmac key");
    mac.update(body);
{%- elif provider == "stripe" %}
    let Some(sig) = headers.get("stripe-signature").and_then(|v| v.to_str().ok()) else { return false };
    let mut ts = ""; let mut hex_sig = "";
    for part in sig.split(',') {
        if let Some(v) = part.strip_prefix("t=") { ts = v; }
        if let Some(v) = part.strip_prefix("v1=") { hex_sig = v; }
    }
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs();
    if ts.parse::<u64>().map(|t| now.abs_diff(t) > 300).unwrap_or(true) { return false; }
    let mut mac = HmacSha256::new_from_slice(secret).expect("hmac key");
    mac.update(ts.as_bytes()); mac.update(b"."); mac.update(body);
{%- else %}
    let Some(hex_sig) = headers.get("x-signature").and_then(|v| v.to_str().ok()) else { return false };
    let mut mac = HmacSha256::new_from_slice(secret).expect("hmac key");
    mac.update(body);
{%- endif %}
    let Ok(expected) = hex::decode(hex_sig) else { return false };
    mac.finalize().into_bytes().ct_eq(&expected).into()
}

fn delivery_id(headers: &HeaderMap) -> Option<String> {
    ["x-github-delivery", "idempotency-key", "x-delivery-id"]
        .iter()
        .find_map(|h| headers.get(*h).and_then(|v| v.to_str().ok()).map(str::to_owned))
}

async fn webhook(State(st): State<AppState>, headers: HeaderMap, body: Bytes) -> StatusCode {
    if !verify(&st.secret, &body, &headers) {
        tracing::warn!("rejected: bad signature");
        return StatusCode::UNAUTHORIZED;
    }
    if let Some(id) = delivery_id(&headers) {
        let mut seen = st.seen.lock().await;
        if seen.put(id.clone(), ()).is_some() {
            tracing::info!(%id, "duplicate delivery ignored");
            return StatusCode::OK;
        }
    }
    match st.jobs.try_send(body) {
        Ok(()) => StatusCode::ACCEPTED,
        Err(_) => StatusCode::SERVICE_UNAVAILABLE,
    }
}

#[tokio::main]
async fn main() {
    tracing_subscriber::fmt().json().with_env_filter(tracing_subscriber::EnvFilter::from_default_env()).init();
    let secret = std::env::var("WEBHOOK_SECRET").expect("WEBHOOK_SECRET must be set");
    let (tx, mut rx) = mpsc::channel::<Bytes>(1024);
    tokio::spawn(async move {
        while let Some(payload) = rx.recv().await {
            tracing::info!(bytes = payload.len(), "processing delivery");
        }
    });
    let state = AppState {
        secret: Arc::new(secret.into_bytes()),
        seen: Arc::new(Mutex::new(LruCache::new(NonZeroUsize::new(10_000).unwrap()))),
        jobs: tx,
    };
    let app = Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route("/webhook", post(webhook))
        .with_state(state);
    let listener = tokio::net::TcpListener::bind(("0.0.0.0", {{ port }})).await.unwrap();
    axum::serve(listener, app).await.unwrap();
}
