// vars/sonarQualityGate.groovy
import org.platform.ci.GateMetrics

def call(Map args = [:]) {
    String projectKey = args.projectKey ?: error('sonarQualityGate: projectKey is required')
    String failOn = args.failOn ?: 'ERROR'
    String server = args.server ?: 'sonarqube'
    int timeoutMin = (args.timeoutMinutes ?: 10) as int
    long started = System.currentTimeMillis()

    List<String> params = ["-Dsonar.projectKey=${projectKey}"]
    if (env.CHANGE_ID) {
        params << "-Dsonar.pullrequest.key=${env.CHANGE_ID}"
        params << "-Dsonar.pullrequest.branch=${env.CHANGE_BRANCH}"
        params << "-Dsonar.pullrequest.base=${env.CHANGE_TARGET}"
    } else {
        params << "-Dsonar.branch.name=${env.BRANCH_NAME ?: 'main'}"
    }
    if (args.sources) params << "-Dsonar.sources=${args.sources}"

    withSonarQubeEnv(server) {
        def scanner = tool(name: args.scannerTool ?: 'sonar-scanner', type: 'hudson.plugins.sonar.SonarRunnerInstallation')
        sh "${scanner}/bin/sonar-scanner ${params.join(' ')}"
    }

    def gate
    timeout(time: timeoutMin, unit: 'MINUTES') {
        gate = waitForQualityGate(abortPipeline: false)
    }
    long elapsed = System.currentTimeMillis() - started

    new GateMetrics(this).publish(projectKey, gate.status as String, elapsed)

    if (gate.status == 'ERROR' || (failOn == 'WARN' && gate.status == 'WARN')) {
        error("Quality gate ${gate.status} for ${projectKey}")
    } else if (gate.status == 'WARN') {
        unstable("Quality gate WARN for ${projectKey}")
    }
    echo "Quality gate ${gate.status} for ${projectKey} in ${elapsed.intdiv(1000)}s"
    return gate.status
}
