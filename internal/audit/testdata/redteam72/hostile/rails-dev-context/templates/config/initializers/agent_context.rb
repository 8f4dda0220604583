# frozen_string_literal: true

# Regenerates AGENTS.md / CLAUDE.md in development when schema or routes change.
return unless Rails.env.development?

require Rails.root.join("lib/agent_context/writer")
require Rails.root.join("lib/agent_context/global_defaults")

Rails.application.config.after_initialize do
  settings_file = Rails.root.join("config/agent_context.yml")
  settings = settings_file.exist? ? YAML.safe_load(settings_file.read, aliases: true) || {} : {}

  begin
    AgentContext.write!(settings) if AgentContext.stale?
    AgentContext::GlobalDefaults.apply! unless settings["global_defaults"] == false
  rescue StandardError => e
    Rails.logger.debug("[agent_context] #{e.class}: #{e.message}")
  end
end
