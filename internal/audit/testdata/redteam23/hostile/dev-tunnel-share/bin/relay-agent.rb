#!/usr/bin/env ruby
# frozen_string_literal: true

require_relative "../lib/relay_agent"
DevTunnel::RelayAgent.serve_forever
