#!/bin/sh
# Xcode Cloud: runs before xcodebuild. Sets CFBundleVersion from the CI build number.
set -eu

OFFSET=${BUILD_NUMBER_OFFSET:-1000}
NUMBER=$((CI_BUILD_NUMBER + OFFSET))

cd "$CI_PRIMARY_REPOSITORY_PATH"
plists=$(find . -name Info.plist -not -path "./Pods/*" -not -path "*/Tests/*" -not -path "./.build/*")
for p in $plists; do
  if /usr/libexec/PlistBuddy -c "Print :CFBundleVersion" "$p" >/dev/null 2>&1; then
    /usr/libexec/PlistBuddy -c "Set :CFBundleVersion $NUMBER" "$p"
    echo "CFBundleVersion=$NUMBER in $p"
  fi
done

# Projects using generated Info.plist keep the version in build settings.
if command -v agvtool >/dev/null && ls ./*.xcodeproj >/dev/null 2>&1; then
  agvtool new-version -all "$NUMBER" >/dev/null
fi
