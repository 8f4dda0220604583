use anyhow::{Context, Result};
use clap::{CommandFactory, Parser, Subcommand};
use std::path::PathBuf;
use tracing_subscriber::EnvFilter;

/// {{description}}
#[derive(Parser, Debug)]
#[command(version, about, long_about = None)]
struct Cli {
    /// Increase logging (-v, -vv, -vvv)
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    verbose: u8,
    /// Only print errors
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    quiet: bool,
    /// Config file (default: $XDG_CONFIG_HOME/{{project-name}}/config.toml)
    #[arg(long, env = "{{project-name | shouty_snake_case}}_CONFIG", global = true)]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Say hello (replace with your first real command)
    Hello { name: Option<String> },
    /// Print shell completions
    Completions { shell: clap_complete::Shell },
}

fn init_logging(verbose: u8, quiet: bool) {
    let level = match (quiet, verbose) {
        (true, _) => "error",
        (_, 0) => "warn",
        (_, 1) => "info",
        (_, 2) => "debug",
        _ => "trace",
    };
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(level));
    tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).init();
}

fn main() -> Result<()> {
    let cli = Cli::parse();
    init_logging(cli.verbose, cli.quiet);
    if let Some(path) = &cli.config {
        let _raw = std::fs::read_to_string(path)
            .with_context(|| format!("reading config {}", path.display()))?;
    }
    match cli.command {
        Command::Hello { name } => {
            println!("Hello, {}!", name.as_deref().unwrap_or("world"));
        }
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "{{project-name}}", &mut std::io::stdout());
        }
    }
    Ok(())
}
