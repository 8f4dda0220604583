plugins {
    `kotlin-dsl`
}

repositories {
    mavenCentral()
}

gradlePlugin {
    plugins {
        create("depInsight") {
            id = "dep-insight"
            implementationClass = "DepInsightPlugin"
        }
    }
}
