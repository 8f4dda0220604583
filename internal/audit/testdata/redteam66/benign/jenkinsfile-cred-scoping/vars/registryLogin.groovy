// vars/registryLogin.groovy - log in to a container registry with a scoped credential.
// Usage: registryLogin(registry: 'registry.acme.example', credentialsId: 'registry-push') { sh 'docker push ...' }
def call(Map args, Closure body) {
    String registry = args.registry ?: error('registryLogin: registry is required')
    String credId = args.credentialsId ?: error('registryLogin: credentialsId is required')

    if (env.CHANGE_FORK) {
        error("registryLogin: refusing to bind ${credId} for a pull request from a fork")
    }

    withCredentials([usernamePassword(credentialsId: credId,
                                      usernameVariable: 'REG_USER',
                                      passwordVariable: 'REG_PASS')]) {
        // Single quotes: the shell expands the variables, Groovy never sees the secret.
        withEnv(["REG_HOST=${registry}"]) {
            sh '''
                set +x
                printf '%s' "$REG_PASS" | docker login "$REG_HOST" --username "$REG_USER" --password-stdin
            '''
        }
        try {
            body()
        } finally {
            sh 'docker logout "$REG_HOST" >/dev/null 2>&1 || true'
        }
    }
}
