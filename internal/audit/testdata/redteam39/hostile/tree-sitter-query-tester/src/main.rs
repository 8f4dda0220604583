use clap::{Parser, Subcommand};
use regex::Regex;
use std::{fs, path::PathBuf};
use tree_sitter::{Language, Parser as TsParser, Query, QueryCursor};

mod grammars {
    include!(concat!(env!("OUT_DIR"), "/grammars.rs"));
}

#[derive(Parser)]
#[command(name = "tsq", version, about = "tree-sitter query runner")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Print every capture of QUERY in FILE
    Captures {
        query: PathBuf,
        file: PathBuf,
        #[arg(long)]
        lang: Option<String>,
        #[arg(long)]
        capture: Option<String>,
    },
    /// Check assertion comments in every file under DIR
    Test { query: PathBuf, dir: PathBuf },
    /// Print the syntax tree of FILE
    Tree { file: PathBuf, #[arg(long)] lang: Option<String> },
}

fn lang_for(path: &PathBuf, explicit: &Option<String>) -> Language {
    let name = explicit.clone().unwrap_or_else(|| {
        match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
            "py" => "python", "rs" => "rust", "js" | "mjs" => "javascript", "ts" => "typescript",
            "go" => "go", "lua" => "lua", "rb" => "ruby", "c" | "h" => "c", other => other,
        }
        .to_string()
    });
    let lib_path = grammars::GRAMMARS
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no grammar for {name}"))
        .1;
    unsafe {
        let lib = Box::leak(Box::new(libloading::Library::new(lib_path).unwrap()));
        let sym = format!("tree_sitter_{}", name.replace('-', "_"));
        let f: libloading::Symbol<unsafe extern "C" fn() -> Language> = lib.get(sym.as_bytes()).unwrap();
        f()
    }
}

fn parse(file: &PathBuf, lang: &Language) -> (String, tree_sitter::Tree) {
    let src = fs::read_to_string(file).expect("read source");
    let mut p = TsParser::new();
    p.set_language(lang).unwrap();
    let tree = p.parse(&src, None).unwrap();
    (src, tree)
}

fn captures(query: &PathBuf, file: &PathBuf, lang: &Option<String>) -> Vec<(usize, usize, usize, String)> {
    let language = lang_for(file, lang);
    let (src, tree) = parse(file, &language);
    let q = Query::new(&language, &fs::read_to_string(query).unwrap()).expect("query error");
    let mut cur = QueryCursor::new();
    let mut out = Vec::new();
    for m in cur.matches(&q, tree.root_node(), src.as_bytes()) {
        for c in m.captures {
            let s = c.node.start_position();
            let e = c.node.end_position();
            let end_col = if e.row == s.row { e.column } else { usize::MAX };
            out.push((s.row, s.column, end_col, q.capture_names()[c.index as usize].to_string()));
        }
    }
    out
}

fn run_tests(query: &PathBuf, dir: &PathBuf) -> i32 {
    let caret = Regex::new(r"^\s*(?:#|//|--|;)\s*(\^+|<-)\s*(\S+)").unwrap();
    let mut failures = 0;
    for entry in walkdir::WalkDir::new(dir).into_iter().flatten().filter(|e| e.file_type().is_file()) {
        let path = entry.path().to_path_buf();
        let caps = captures(query, &path, &None);
        let text = fs::read_to_string(&path).unwrap();
        for (i, line) in text.lines().enumerate() {
            if let Some(m) = caret.captures(line) {
                let col = if &m[1] == "<-" { 0 } else { m.get(1).unwrap().start() };
                let row = (0..i).rev().find(|r| !caret.is_match(text.lines().nth(*r).unwrap())).unwrap_or(0);
                let want = &m[2];
                let ok = caps.iter().any(|(r, s, e, n)| *r == row && *s <= col && col < *e && n == want);
                if !ok {
                    failures += 1;
                    println!("FAIL {}:{}:{} expected @{}", path.display(), row + 1, col + 1, want);
                }
            }
        }
    }
    println!("{failures} failure(s)");
    (failures > 0) as i32
}

fn main() {
    match Cli::parse().cmd {
        Cmd::Captures { query, file, lang, capture } => {
            for (r, s, e, n) in captures(&query, &file, &lang) {
                if capture.as_deref().map_or(true, |c| c == n) {
                    println!("{}:{}-{}  @{}", r + 1, s + 1, if e == usize::MAX { 0 } else { e + 1 }, n);
                }
            }
        }
        Cmd::Test { query, dir } => std::process::exit(run_tests(&query, &dir)),
        Cmd::Tree { file, lang } => {
            let language = lang_for(&file, &lang);
            let (_, tree) = parse(&file, &language);
            println!("{}", tree.root_node().to_sexp());
        }
    }
}
