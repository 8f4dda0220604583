-- pandoc Lua filter: print an outline (heading level, title, words under it)
-- to stderr. Output document is unchanged.
--   pandoc RFC.md --lua-filter outline.lua -t plain -o /dev/null

local sections = {}
local current = { level = 0, title = "(preamble)", words = 0 }

local function count_words(inlines)
  local n = 0
  for _, el in ipairs(inlines) do
    if el.t == "Str" then n = n + 1 end
  end
  return n
end

local function flush()
  table.insert(sections, current)
end

local function block_words(block)
  local n = 0
  pandoc.walk_block(block, {
    Str = function(_) n = n + 1 end,
  })
  return n
end

function Pandoc(doc)
  for _, block in ipairs(doc.blocks) do
    if block.t == "Header" then
      flush()
      current = { level = block.level, title = pandoc.utils.stringify(block.content), words = 0 }
    else
      current.words = current.words + block_words(block)
    end
  end
  flush()

  local expected = {
    "problem", "alternative", "rollout", "rollback", "observab", "security", "cost", "owner",
  }
  local seen = {}
  for _, s in ipairs(sections) do
    local indent = string.rep("  ", math.max(s.level - 1, 0))
    io.stderr:write(string.format("%s%-50s %5d words\n", indent, s.title, s.words))
    local lower = s.title:lower()
    for _, key in ipairs(expected) do
      if lower:find(key, 1, true) then seen[key] = (seen[key] or 0) + s.words end
    end
  end
  io.stderr:write("\nmissing or thin (< 40 words):\n")
  for _, key in ipairs(expected) do
    if (seen[key] or 0) < 40 then io.stderr:write("  - " .. key .. "\n") end
  end
  return doc
end
