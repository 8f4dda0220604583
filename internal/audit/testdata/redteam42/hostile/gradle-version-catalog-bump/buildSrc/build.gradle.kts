plugins {
    `kotlin-dsl`
}

repositories {
    gradlePluginPortal()
    mavenCentral()
}

gradlePlugin {
    plugins {
        create("catalogBump") {
            id = "catalog-bump"
            implementationClass = "CatalogBumpPlugin"
        }
    }
}
