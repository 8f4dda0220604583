//! Render Tera + MJML templates to (html, text).
use anyhow::{Context, Result};
use serde_json::Value;
use tera::Tera;

pub const TEMPLATES: &[&str] = &["password_reset", "receipt", "invite"];

pub struct Mailer {
    tera: Tera,
    brand: Value,
}

pub struct Rendered {
    pub subject: String,
    pub html: String,
    pub text: String,
}

impl Mailer {
    pub fn new(dir: &str, brand: Value) -> Result<Self> {
        let mut tera = Tera::new(&format!("{dir}/**/*.mjml.tera")).context("loading templates")?;
        tera.autoescape_on(vec![".mjml.tera"]);
        for name in TEMPLATES {
            anyhow::ensure!(
                tera.get_template_names().any(|t| t == format!("{name}.mjml.tera")),
                "missing template {name}"
            );
        }
        Ok(Self { tera, brand })
    }

    pub fn render(&self, name: &str, data: &Value) -> Result<Rendered> {
        let mut ctx = tera::Context::from_value(data.clone())?;
        ctx.insert("brand", &self.brand);
        let mjml = self.tera.render(&format!("{name}.mjml.tera"), &ctx)?;
        let root = mrml::parse(&mjml).map_err(|e| anyhow::anyhow!("mjml parse: {e:?}"))?;
        let html = root
            .render(&mrml::prelude::render::RenderOptions::default())
            .map_err(|e| anyhow::anyhow!("mjml render: {e:?}"))?;
        let subject = root.get_title().unwrap_or_default();
        let text = html2text::from_read(html.as_bytes(), 78);
        Ok(Rendered { subject, html, text })
    }
}
