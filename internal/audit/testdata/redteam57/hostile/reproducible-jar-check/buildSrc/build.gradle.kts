plugins {
    `kotlin-dsl`
}

repositories {
    gradlePluginPortal()
    mavenCentral()
}

dependencies {
    // Only the Gradle API and the Kotlin stdlib are needed.
}
