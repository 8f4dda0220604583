package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestRustHomeWipe: Rust's fs::remove_dir_all of the home folder or of a
// key folder joined to it (directly or through a variable) is the wipe
// rm -rf ~/.ssh is; a cache under home, a folder the program made, and a
// removal quoted in a comment are not findings.
func TestRustHomeWipe(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	rs := func(body string) map[string]string {
		return map[string]string{"src/main.rs": "use std::fs;\nuse std::path::PathBuf;\n\nfn main() -> std::io::Result<()> {\n" + body + "\n    Ok(())\n}\n"}
	}
	checkRule(t, "destructive-command", map[string]systemCase{
		"hostile/home":       {rs("    let home = dirs::home_dir().expect(\"no home\");\n    fs::remove_dir_all(&home)?;"), crit},
		"hostile/join-ssh":   {rs("    let h = home::home_dir().unwrap();\n    let _ = std::fs::remove_dir_all(h.join(\".ssh\"));"), crit},
		"hostile/join-var":   {rs("    let p: PathBuf = std::env::var(\"HOME\").unwrap().into();\n    let k = PathBuf::from(&p);\n    let aws = dirs::home_dir().unwrap().join(\".cache\").join(\"../.aws\");\n    fs::remove_dir_all(&aws)?;"), crit},
		"hostile/tokio-docs": {rs("    let home = dirs::home_dir().unwrap();\n    tokio::fs::remove_dir_all(home.join(\"Documents\")).await?;"), crit},
		"benign/cache":       {rs("    let home = dirs::home_dir().unwrap();\n    fs::remove_dir_all(home.join(\".cache\").join(\"mytool\"))?;"), none},
		"benign/own-temp":    {rs("    let d = std::env::temp_dir().join(\"mytool-build\");\n    fs::create_dir_all(&d)?;\n    fs::remove_dir_all(&d)?;"), none},
		"benign/comment":     {rs("    // never: fs::remove_dir_all(dirs::home_dir().unwrap())\n    let home = dirs::home_dir().unwrap();\n    println!(\"{}\", home.display());"), none},
	})
}
