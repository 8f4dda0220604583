//! Embedded intent classifier.
use ort::session::{builder::GraphOptimizationLevel, Session};

static MODEL_BYTES: &[u8] = include_bytes!(env!("ORT_EMBEDDED_MODEL"));

pub fn load() -> ort::Result<Session> {
    Session::builder()?
        .with_optimization_level(GraphOptimizationLevel::Level3)?
        .with_intra_threads(2)?
        .commit_from_memory(MODEL_BYTES)
}
