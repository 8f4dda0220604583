def call(Map cfg = [:]) {
  def insights = new org.devkit.BuildInsights(this)
  pipeline {
    agent { label cfg.get('agent', 'linux') }
    options { timestamps(); timeout(time: cfg.get('timeoutMin', 45), unit: 'MINUTES') }
    stages {
      stage('Checkout') { steps { checkout scm } }
      stage('Build') {
        steps { script { insights.timed('build') { sh cfg.build } } }
      }
      stage('Test') {
        steps { script { insights.timed('test') { sh cfg.test } } }
        post { always { junit allowEmptyResults: true, testResults: cfg.get('junit', '**/test-results/*.xml') } }
      }
      stage('Publish') {
        when { anyOf { branch 'main'; buildingTag() } }
        steps {
          script {
            def binds = (cfg.get('credentials', []) as List).collect { id ->
              string(credentialsId: id, variable: id.toUpperCase().replaceAll('[^A-Z0-9]', '_'))
            }
            withCredentials(binds) {
              insights.timed('publish') { sh cfg.publish }
            }
          }
        }
      }
    }
    post {
      always { script { insights.flush(currentBuild.currentResult) } }
    }
  }
}
