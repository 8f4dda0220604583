plugins {
    `kotlin-dsl`
}

repositories {
    google()
    mavenCentral()
}

gradlePlugin {
    plugins {
        create("keepRulesAudit") {
            id = "keep-rules-audit"
            implementationClass = "KeepRulesAuditPlugin"
        }
    }
}
