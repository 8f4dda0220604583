require "openssl/hmac"
require "digest/sha256"
require "uri"
require "ini"

module Presign
  record Credentials, access_key : String, secret_key : String, session_token : String? do
    def self.load(profile : String) : Credentials
      path = ENV["AWS_SHARED_CREDENTIALS_FILE"]? || Path.home.join(".aws", "credentials").to_s
      ini = INI.parse(File.read(path))
      sec = ini[profile]? || raise "profile #{profile} not found in #{path}"
      new(sec["aws_access_key_id"], sec["aws_secret_access_key"], sec["aws_session_token"]?)
    end
  end

  def self.hmac(key : Bytes | String, data : String) : Bytes
    OpenSSL::HMAC.digest(:sha256, key, data)
  end

  def self.enc(s : String) : String
    URI.encode_path_segment(s)
  end

  def self.url(c : Credentials, method : String, bucket : String, key : String, region : String,
               expires : Int32, content_type : String?, debug = false) : String
    now = Time.utc
    amz_date = now.to_s("%Y%m%dT%H%M%SZ")
    day = now.to_s("%Y%m%d")
    host = "#{bucket}.s3.#{region}.amazonaws.com"
    scope = "#{day}/#{region}/s3/aws4_request"
    path = "/" + key.split('/').map { |s| enc(s) }.join('/')

    q = {
      "X-Amz-Algorithm"     => "AWS4-HMAC-SHA256",
      "X-Amz-Credential"    => "#{c.access_key}/#{scope}",
      "X-Amz-Date"          => amz_date,
      "X-Amz-Expires"       => expires.to_s,
      "X-Amz-SignedHeaders" => content_type ? "content-type;host" : "host",
    }
    if tok = c.session_token
      q["X-Amz-Security-Token"] = tok
    end
    canonical_query = q.to_a.sort_by(&.[0]).map { |k, v| "#{enc(k)}=#{enc(v)}" }.join('&')
    headers = content_type ? "content-type:#{content_type}\nhost:#{host}\n" : "host:#{host}\n"
    canonical = [method, path, canonical_query, headers, q["X-Amz-SignedHeaders"], "UNSIGNED-PAYLOAD"].join('\n')
    STDERR.puts canonical if debug

    to_sign = ["AWS4-HMAC-SHA256", amz_date, scope, Digest::SHA256.hexdigest(canonical)].join('\n')
    k = hmac("AWS4" + c.secret_key, day)
    k = hmac(k, region)
    k = hmac(k, "s3")
    k = hmac(k, "aws4_request")
    sig = hmac(k, to_sign).hexstring
    "https://#{host}#{path}?#{canonical_query}&X-Amz-Signature=#{sig}"
  end
end
