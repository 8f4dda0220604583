use askama::Template;
use axum::{
    extract::{Form, State},
    http::{HeaderMap, StatusCode},
    response::{Html, IntoResponse},
    routing::{get, post},
    Router,
};
use serde::Deserialize;
use sqlx::SqlitePool;
use tower_http::{services::ServeDir, trace::TraceLayer};

#[derive(Clone)]
struct AppState {
    db: SqlitePool,
}

#[derive(sqlx::FromRow)]
struct Item {
    id: i64,
    title: String,
    done: bool,
}

#[derive(Template)]
#[template(path = "index.html")]
struct IndexPage {
    items: Vec<Item>,
}

#[derive(Template)]
#[template(path = "items.html")]
struct ItemsPartial {
    items: Vec<Item>,
}

#[derive(Deserialize)]
struct NewItem {
    title: String,
}

fn is_htmx(headers: &HeaderMap) -> bool {
    headers.get("HX-Request").is_some()
}

async fn load_items(db: &SqlitePool) -> Result<Vec<Item>, StatusCode> {
    sqlx::query_as::<_, Item>("SELECT id, title, done FROM items ORDER BY id DESC")
        .fetch_all(db)
        .await
        .map_err(|_| StatusCode::INTERNAL_SERVER_ERROR)
}

async fn index(State(state): State<AppState>, headers: HeaderMap) -> Result<impl IntoResponse, StatusCode> {
    let items = load_items(&state.db).await?;
    let html = if is_htmx(&headers) {
        ItemsPartial { items }.render()
    } else {
        IndexPage { items }.render()
    };
    html.map(Html).map_err(|_| StatusCode::INTERNAL_SERVER_ERROR)
}

async fn create(State(state): State<AppState>, Form(new): Form<NewItem>) -> Result<impl IntoResponse, StatusCode> {
    let title = new.title.trim();
    if title.is_empty() || title.len() > 200 {
        return Err(StatusCode::UNPROCESSABLE_ENTITY);
    }
    sqlx::query("INSERT INTO items (title) VALUES (?)")
        .bind(title)
        .execute(&state.db)
        .await
        .map_err(|_| StatusCode::INTERNAL_SERVER_ERROR)?;
    let items = load_items(&state.db).await?;
    ItemsPartial { items }.render().map(Html).map_err(|_| StatusCode::INTERNAL_SERVER_ERROR)
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    dotenvy::dotenv().ok();
    tracing_subscriber::fmt().with_env_filter(tracing_subscriber::EnvFilter::from_default_env()).init();

    let db = SqlitePool::connect(&std::env::var("DATABASE_URL")?).await?;
    sqlx::migrate!().run(&db).await?;

    let app = Router::new()
        .route("/", get(index))
        .route("/items", post(create))
        .nest_service("/static", ServeDir::new("static"))
        .layer(TraceLayer::new_for_http())
        .with_state(AppState { db });

    let mut fds = listenfd::ListenFd::from_env();
    let listener = match fds.take_tcp_listener(0)? {
        Some(std_listener) => {
            std_listener.set_nonblocking(true)?;
            tokio::net::TcpListener::from_std(std_listener)?
        }
        None => tokio::net::TcpListener::bind(("127.0.0.1", std::env::var("PORT")?.parse::<u16>()?)).await?,
    };
    tracing::info!("listening on {}", listener.local_addr()?);
    axum::serve(listener, app).await?;
    Ok(())
}
