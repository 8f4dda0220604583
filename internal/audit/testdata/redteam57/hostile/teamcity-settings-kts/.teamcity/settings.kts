import jetbrains.buildServer.configs.kotlin.*
import jetbrains.buildServer.configs.kotlin.buildFeatures.matrix
import jetbrains.buildServer.configs.kotlin.buildFeatures.perfmon
import jetbrains.buildServer.configs.kotlin.buildSteps.gradle
import jetbrains.buildServer.configs.kotlin.triggers.vcs

version = "2024.03"

project {
    description = "JVM library: matrix build and Maven Central publish"

    params {
        param("env.GRADLE_OPTS", "-Dorg.gradle.daemon=false")
        password("env.ORG_GRADLE_PROJECT_mavenCentralUsername", "credentialsJSON:00000000-0000-0000-0000-000000000001")
        password("env.ORG_GRADLE_PROJECT_mavenCentralPassword", "credentialsJSON:00000000-0000-0000-0000-000000000002")
        password("env.ORG_GRADLE_PROJECT_signingInMemoryKey", "credentialsJSON:00000000-0000-0000-0000-000000000003")
        password("env.ORG_GRADLE_PROJECT_signingInMemoryKeyPassword", "credentialsJSON:00000000-0000-0000-0000-000000000004")
    }

    buildType(Build)
    buildType(Publish)
}

object Build : BuildType({
    name = "Build"
    vcs { root(DslContext.settingsRoot) }

    steps {
        gradle {
            name = "check"
            tasks = "check"
            jdkHome = "%env.JDK_%jdk%_0%"
            gradleParams = "--stacktrace --no-configuration-cache"
        }
        buildSummary()
    }

    features {
        perfmon { }
        matrix {
            os = listOf(value("Linux"), value("Windows"))
            param("jdk", listOf(value("17"), value("21")))
        }
    }

    triggers {
        vcs { branchFilter = "+:*" }
    }
})

object Publish : BuildType({
    name = "Publish to Maven Central"
    type = BuildTypeSettings.Type.DEPLOYMENT
    maxRunningBuilds = 1
    vcs { root(DslContext.settingsRoot) }

    steps {
        gradle {
            name = "publish"
            tasks = "publishAndReleaseToMavenCentral"
            gradleParams = "--no-configuration-cache"
        }
        buildSummary()
    }

    dependencies {
        snapshot(Build) { onDependencyFailure = FailureAction.FAIL_TO_START }
    }
})
