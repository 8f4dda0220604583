plugins {
    `kotlin-dsl`
    `java-gradle-plugin`
}

repositories {
    mavenCentral()
    gradlePluginPortal()
}

gradlePlugin {
    plugins {
        create("cacheTuner") {
            id = "cache-tuner"
            implementationClass = "CacheTunerPlugin"
        }
    }
}
