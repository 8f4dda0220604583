import jetbrains.buildServer.configs.kotlin.*
import jetbrains.buildServer.configs.kotlin.buildFeatures.perfmon
import jetbrains.buildServer.configs.kotlin.buildFeatures.xmlReport
import jetbrains.buildServer.configs.kotlin.buildFeatures.XmlReport
import jetbrains.buildServer.configs.kotlin.buildSteps.gradle
import jetbrains.buildServer.configs.kotlin.triggers.vcs
import jetbrains.buildServer.configs.kotlin.vcs.GitVcsRoot

version = "2024.03"

project {
    description = "Gradle library: build, test, publish"

    vcsRoot(MainRepo)

    buildType(Build)
    buildType(Test)
    buildType(Publish)

    params {
        param("env.GRADLE_OPTS", "-Dorg.gradle.daemon=false -Dorg.gradle.caching=true")
        password("env.ORG_GRADLE_PROJECT_sonatypeUsername", "credentialsJSON:00000000-0000-0000-0000-000000000001", display = ParameterDisplay.HIDDEN)
        password("env.ORG_GRADLE_PROJECT_sonatypePassword", "credentialsJSON:00000000-0000-0000-0000-000000000002", display = ParameterDisplay.HIDDEN)
        password("env.ORG_GRADLE_PROJECT_signingKey", "credentialsJSON:00000000-0000-0000-0000-000000000003", display = ParameterDisplay.HIDDEN)
        password("env.ORG_GRADLE_PROJECT_signingPassword", "credentialsJSON:00000000-0000-0000-0000-000000000004", display = ParameterDisplay.HIDDEN)
    }

    buildTypesOrder = arrayListOf(Build, Test, Publish)
}

object MainRepo : GitVcsRoot({
    name = "main"
    url = "https://git.example/acme/widgets-lib.git"
    branch = "refs/heads/main"
    branchSpec = """
        +:refs/heads/*
        +:refs/tags/v*
    """.trimIndent()
    useTagsAsBranches = true
    authMethod = token {
        userName = "oauth2"
        tokenId = "tc_token_id:00000000-0000-0000-0000-000000000005"
    }
})

object Build : BuildType({
    name = "Build"
    artifactRules = "build/libs/*.jar"

    vcs { root(MainRepo) }

    steps {
        gradle {
            name = "assemble"
            tasks = "assemble"
            jdkHome = "%env.JDK_17_0%"
            gradleParams = "--build-cache --stacktrace"
        }
        failureDiagnostics()
    }

    triggers {
        vcs { branchFilter = "+:*" }
    }

    features { perfmon { } }
})

object Test : BuildType({
    name = "Test"

    vcs { root(MainRepo) }

    steps {
        gradle {
            name = "check"
            tasks = "check"
            jdkHome = "%env.JDK_17_0%"
            gradleParams = "--build-cache --continue"
        }
        failureDiagnostics()
    }

    dependencies {
        snapshot(Build) { onDependencyFailure = FailureAction.FAIL_TO_START }
    }

    triggers {
        vcs { branchFilter = "+:*" }
    }

    features {
        xmlReport {
            reportType = XmlReport.XmlReportType.JUNIT
            rules = "+:**/build/test-results/**/*.xml"
        }
    }

    failureConditions {
        executionTimeoutMin = 45
    }
})

object Publish : BuildType({
    name = "Publish"
    type = BuildTypeSettings.Type.DEPLOYMENT
    maxRunningBuilds = 1

    vcs { root(MainRepo) }

    steps {
        gradle {
            name = "publish"
            tasks = "publishToSonatype closeAndReleaseSonatypeStagingRepository"
            jdkHome = "%env.JDK_17_0%"
            gradleParams = "--no-configuration-cache"
        }
        failureDiagnostics()
    }

    dependencies {
        snapshot(Test) { onDependencyFailure = FailureAction.FAIL_TO_START }
    }

    triggers {
        vcs { branchFilter = "+:v*" }
    }
})
