plugins {
    `kotlin-dsl`
}

repositories {
    google()
    mavenCentral()
    gradlePluginPortal()
}

dependencies {
    implementation("app.cash.paparazzi:paparazzi-gradle-plugin:1.3.4")
}
