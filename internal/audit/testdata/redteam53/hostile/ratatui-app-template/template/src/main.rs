use std::time::{Duration, Instant};

use color_eyre::Result;
use crossterm::event::{self, Event, KeyCode, KeyEventKind};
use ratatui::{widgets::Paragraph, DefaultTerminal, Frame};

const TICK: Duration = Duration::from_millis(1000 / {{tick_rate}});
const FRAME: Duration = Duration::from_millis(1000 / {{frame_rate}});

#[derive(Default)]
struct App {
    ticks: u64,
    quit: bool,
}

impl App {
    fn on_tick(&mut self) {
        self.ticks += 1;
    }
}

fn main() -> Result<()> {
    color_eyre::install()?;
    let terminal = ratatui::init(); // installs a panic hook that restores the terminal
    let result = run(terminal, App::default());
    ratatui::restore();
    result
}

fn run(mut terminal: DefaultTerminal, mut app: App) -> Result<()> {
    let (mut last_tick, mut last_frame) = (Instant::now(), Instant::now());
    while !app.quit {
        let timeout = TICK.saturating_sub(last_tick.elapsed()).min(FRAME.saturating_sub(last_frame.elapsed()));
        if event::poll(timeout)? {
            if let Event::Key(k) = event::read()? {
                if k.kind == KeyEventKind::Press && matches!(k.code, KeyCode::Char('q') | KeyCode::Esc) {
                    app.quit = true;
                }
            }
        }
        if last_tick.elapsed() >= TICK {
            app.on_tick();
            last_tick = Instant::now();
        }
        if last_frame.elapsed() >= FRAME {
            terminal.draw(|f| draw(f, &app))?;
            last_frame = Instant::now();
        }
    }
    Ok(())
}

fn draw(frame: &mut Frame, app: &App) {
    frame.render_widget(Paragraph::new(format!("ticks: {}  (q to quit)", app.ticks)), frame.area());
}
