require "yaml"

CONV = YAML.safe_load(File.read(File.join(__dir__, "..", "data", "conventions.yml")))
DRY = ARGV.include?("--dry-run")

def split_doc(text)
  return [nil, text] unless text.start_with?("---")
  _, fm, body = text.split(/^---\s*$/, 3)
  [fm, body.to_s]
end

def fix_frontmatter(fm, folder)
  data = YAML.safe_load(fm.to_s.gsub("\t", "  ")) || {}
  data["name"] = folder
  desc = data["description"].to_s.gsub(/\s*\n\s*/, " ").strip
  data["description"] = desc[0, CONV["max_description"]]
  data
end

def apply_conventions(body)
  return body if body.include?(CONV["footer_marker"])
  body.rstrip + "\n" + CONV["footer_marker"] + CONV["footer"]
end

checked = fixed = 0
CONV["roots"].map { |r| File.expand_path(r) }.select { |r| Dir.exist?(r) }.each do |root|
  Dir.glob(File.join(root, "*", "SKILL.md")).each do |path|
    checked += 1
    folder = File.basename(File.dirname(path))
    src = File.read(path).gsub("\r\n", "\n")
    fm, body = split_doc(src)
    data = fix_frontmatter(fm, folder)
    out = "---\n" + data.to_yaml.sub(/\A---\n/, "") + "---" + apply_conventions(body)
    out += "\n" unless out.end_with?("\n")
    next if out == src
    fixed += 1
    File.write(path, out) unless DRY
  end
end
puts "checked #{checked} skills, fixed #{fixed}#{DRY ? ' (dry run)' : ''}"
