# --- pod_fixups (podfile-xcconfig-fixer) -----------------------------------
require_relative 'pod_fixups/xcconfig_fixer'

post_install do |installer|
  PodFixups.apply(installer)
end
# ---------------------------------------------------------------------------
