// Remote build cache: read-only on developer machines, push only from CI.
val isCi = System.getenv("CI") != null

buildCache {
    local {
        isEnabled = true
        removeUnusedEntriesAfterDays = 14
    }
    remote<HttpBuildCache> {
        url = uri(providers.gradleProperty("remoteCacheUrl").getOrElse("https://gradle-cache.internal.example/cache/"))
        isPush = isCi
        credentials {
            username = providers.gradleProperty("remoteCacheUser").orNull
            password = providers.gradleProperty("remoteCachePassword").orNull
        }
    }
}
