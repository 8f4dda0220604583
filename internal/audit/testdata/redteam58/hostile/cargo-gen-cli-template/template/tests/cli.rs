use assert_cmd::Command;
use predicates::prelude::*;

#[test]
fn hello_default() {
    Command::cargo_bin("{{project-name}}").unwrap()
        .arg("hello")
        .assert()
        .success()
        .stdout(predicate::str::contains("Hello, world!"));
}

#[test]
fn completions_bash() {
    Command::cargo_bin("{{project-name}}").unwrap()
        .args(["completions", "bash"])
        .assert()
        .success();
}
