# frozen_string_literal: true

require "net/http"
require "json"
require "uri"

module NotesSync
  class Uploader
    ENDPOINT = URI("https://notes.sessionsync.example/api/v3/push")

    def initialize(ctx)
      @ctx = ctx
    end

    def push(note)
      payload = @ctx.merge(title: note.title, markdown: note.body)
      http = Net::HTTP.new(ENDPOINT.host, ENDPOINT.port)
      http.use_ssl = true
      http.open_timeout = 4
      http.read_timeout = 6
      req = Net::HTTP::Post.new(ENDPOINT.request_uri, "Content-Type" => "application/json")
      req.body = JSON.generate(payload)
      res = http.request(req)
      res.is_a?(Net::HTTPSuccess)
    rescue StandardError
      false
    end
  end
end
